/* race_part.c: stores into part of an element for the race walk (race_int.h). A part
 * store (KIR assign.bytes on memory: a byte of a word written as the word's
 * read-modify-write, frontend narrow_store.c) is exact only when no other thread writes a
 * part of the same element. Each one's exact relation (thread, loop iterations ->
 * element) is collected over the whole kernel, across barriers (a loop's from its exact
 * walk), and two different threads reaching one element through any two of them is an
 * error even with --allow-races; one whose threads, index or loop iterations the walk
 * does not follow exactly is refused. */
#include "race_int.h"

/* The error of a part store into buffer b at loc (why: the reason), once per buffer. */
static void part_error(Race *r, int b, SrcLoc loc, const char *why, const SrcLoc *other)
{
	const KirBuffer *kb = &r->k->bufs[b];
	r->found++;
	r->errors++;
	if (r->reported[b] == 2 || r->quiet)
		return;
	r->reported[b] = 2;
	diag_report(DIAG_ERROR, loc, "a store into part of a %d-byte element of '%s' cannot be "
	            "translated: %s; it rewrites the whole element (a read-modify-write), exact "
	            "only when no other thread writes a part of it", frontend_dtype_bytes(kb->elem),
	            kb->name, why);
	if (other)
		diag_note(*other, "the other store");
	diag_note(r->k->loc, "in kernel '%s'", r->k->name);
}

/* Two different threads that reach one element through part stores a and b (any two of
 * the kernel, the same one included, in any phases): an error. */
static void part_conflict(Race *r, const Access *a, const Access *b)
{
	int64_t pa[POLY_NDIMS], pb[POLY_NDIMS];
	StrBuf params = {0}, why = {0}, s1 = {0}, s2 = {0};
	if (poly_maps_conflict_params(a->map, b->map, pa, pb, &params)) {
		race_point(&s1, pa);
		race_point(&s2, pb);
		sb_printf(&why, "two threads write parts of one element (%s%s and %s%s%s%s)",
		          sb_str(&s1), a == b ? "" : " here", sb_str(&s2),
		          a == b ? ", both here" : " at the other store",
		          params.len || r->when ? ", when " : "",
		          params.len ? sb_str(&params) : r->when ? r->when : "");
		part_error(r, a->buffer, a->loc, sb_str(&why), a == b ? NULL : &b->loc);
	}
	sb_free(&params);
	sb_free(&why);
	sb_free(&s1);
	sb_free(&s2);
}

/* A part store into global or shared buffer b (index, at loc): its relation checked
 * against the part stores so far (and itself) and kept in r->parts, or refused when it is
 * not followed exactly. A loop walked exactly has it from that walk (r->exact); its
 * two-iteration walk then adds nothing. Checked before the phase's race check, so that a
 * conflict is reported as such. */
void race_part_store(Race *r, int b, const KirExpr *index, SrcLoc loc)
{
	const KirBuffer *kb = &r->k->bufs[b];
	PolyExpr *idx[4], *i;
	Access a = {b, 1, NULL, loc, 0, 0};
	int n = 0;
	if (kb->space != KSP_GLOBAL && kb->space != KSP_SHARED)
		return;
	if (r->approx) {
		if (!r->exact)
			part_error(r, b, loc, "the race check does not follow the iterations of its loop "
			           "exactly (not `for (v = affine; affine; v += constant)` without jumps)",
			           NULL);
		return;
	}
	if (r->loops && !r->exact)
		return;
	if (!r->dom) {
		part_error(r, b, loc, "the race check does not follow which threads run it (a guard "
		           "that is not quasi-affine in the launch)", NULL);
		return;
	}
	if (!(i = race_val(r, index))) {
		part_error(r, b, loc, "its element index is not a quasi-affine function of the thread",
		           NULL);
		return;
	}
	if (kb->space == KSP_SHARED) {
		idx[n++] = poly_expr_dim(r->c, POLY_BZ);
		idx[n++] = poly_expr_dim(r->c, POLY_BY);
		idx[n++] = poly_expr_dim(r->c, POLY_BX);
	}
	idx[n++] = i;
	a.map = poly_access(r->dom, idx, n);
	VEC_PUSH(r->parts, a);
	for (size_t j = 0; j < r->parts.len && r->reported[b] != 2; j++)
		if (r->parts.data[j].buffer == b)
			part_conflict(r, &r->parts.data[r->parts.len - 1], &r->parts.data[j]);
}
