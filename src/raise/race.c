/* race.c: race detection from the polyhedral facts (DESIGN.md, "Polyhedral facts"),
 * and the walk that hands every access to the bounds check (bounds.c).
 * Consumes a kernel's KIR body and launch; walks it as an abstract interpreter whose
 * values are quasi-affine expressions of the launch (poly.h) and whose state is the
 * exact domain of the running threads. Between two barriers (a phase) it collects every
 * global and shared access with its exact relation; two accesses of one location by two
 * different threads in one phase, at least one a write, is a race, reported with both
 * source locations (error; a warning with --allow-races). Atomics are not races.
 * Unbound scalars are isl parameters: a race for some value in their type's range is
 * reported with that value. Only what is proven is reported: a guard or index that is
 * not quasi-affine makes the accesses under it unknown (not recorded), a loop is followed
 * for its first two iterations when its bounds are affine and its body has no
 * break/continue/return, and forgotten after. A read-modify-write at a data-dependent
 * index (hist[data[i]]++) is a possible race, reported as such (race_taint.c).
 * For the bounds check, a loop `for (v = affine; affine; v += constant)` whose body has
 * no jumps and leaves v alone is walked once more with v as a loop dimension (every
 * iteration, exactly; races are not collected there); the other loops' accesses are
 * checked on the two iterations followed and noted as not proven after (with
 * --oob-check, proven on a superset of all their iterations or checked at run time:
 * race_later.c).
 * Shared memory starts unset: a read of a __shared__ element that no thread of its block
 * has written before it is an error (the raised module would read 0). Every recorded
 * write adds its elements to its buffer's written set (the exact walk of a loop adds all
 * iterations'); a write that cannot be recorded (unknown threads or index, an atomic, a
 * loop followed on two iterations only) makes the set unknown from there on, and reads
 * are checked only while it is known.
 * A store into part of an element (a byte of a word, a bit-field) is checked on its own
 * across phases (race_part.c). In a phase, it and a read of other bytes of its element
 * (KirExpr assign.bytes, load.bytes: the bytes each uses, known where the byte offset is
 * constant) are no race: the element's read-modify-write leaves those bytes as they
 * were. Its own load of the element only keeps bytes, so it is not checked against unset
 * shared memory; instead the bytes it overwrites whole are added to the written set byte
 * by byte, and a later read of a byte no store has set is the error.
 */
#include "race_int.h"

#include <stdlib.h>
#include <string.h>

const PolyExpr *race_lookup(void *env, int var, const char **why)
{
	Race *r = env;
	(void)why;
	return r->env[var];
}

static PolyExpr *val_why(Race *r, const KirExpr *e, const char **why)
{
	*why = "not an integer";
	if (!r->dom || !frontend_dtype_is_int(e->type))
		return NULL;
	return poly_expr_from_kir(r->c, e, r->dom, race_lookup, r, why);
}

PolyExpr *race_val(Race *r, const KirExpr *e)
{
	const char *why;
	return val_why(r, e, &why);
}

/* Sets the running threads to d; when d is unknown, sup (a superset of them) is kept for
 * the bounds check, which can still prove an access inside on it. */
static void set_dom(Race *r, PolySet *d, PolySet *sup)
{
	r->dom = d;
	if (!d && sup)
		r->upper = sup;
}

/* The running threads, or a superset of them when they are unknown. */
static PolySet *known(Race *r)
{
	return r->dom ? r->dom : r->upper;
}

/* The bounds check of an access (exactly on dom, or on the superset upper when dom is
 * unknown: there it can only prove, never report). */
static void check_bounds(Race *r, int b, const KirExpr *index, PolyExpr *i, const char *why,
                         int write, SrcLoc loc)
{
	if (r->bounds_off)
		return;
	if (!r->dom && r->upper) {
		i = poly_expr_from_kir(r->c, index, r->upper, race_lookup, r, &why);
		raise_bounds_check(&r->bc, b, i, r->upper, 0, write, loc, why);
	} else {
		raise_bounds_check(&r->bc, b, i, r->dom, 1, write, loc, why);
	}
}

PolySet *race_cond_set(Race *r, const KirExpr *e)
{
	const char *why;
	PolySet *s;
	if (!r->dom)
		return NULL;
	s = poly_set_from_cond(r->c, e, r->dom, race_lookup, r, &why);
	if (!s && !race_is_tainted(r, e))
		r->unknown = 1;
	return s ? poly_set_intersect(r->dom, s) : NULL;
}

void race_point(StrBuf *b, const int64_t *p)
{
	sb_printf(b, "block (%lld,%lld,%lld) thread (%lld,%lld,%lld)", (long long)p[POLY_BX],
	          (long long)p[POLY_BY], (long long)p[POLY_BZ], (long long)p[POLY_TX],
	          (long long)p[POLY_TY], (long long)p[POLY_TZ]);
}

/* "[3]" or "[1][2]" for flat element e of kb */
static void element(StrBuf *out, const KirBuffer *kb, int64_t e)
{
	int64_t sub[KIR_MAX_DIMS];
	int n = kb->ndims > 1 ? kb->ndims : 1;
	for (int d = n - 1; d >= 0; d--) {
		sub[d] = d > 0 ? e % kb->dims[d] : e;
		e = d > 0 ? e / kb->dims[d] : e;
	}
	for (int d = 0; d < n; d++)
		sb_printf(out, "[%lld]", (long long)sub[d]);
}

/* Whether read a (bytes: those of the element it uses, 0 all) may touch a byte that no
 * write so far has set: a whole write, or a part store that overwrites that byte whole.
 * The point and the byte (-1: any) in *byte. */
static int reads_unset(Race *r, int b, const PolyMap *a, unsigned bytes, int64_t *pt,
                       StrBuf *params, int *byte)
{
	const MapVec *w = &r->written[b];
	int eb = frontend_dtype_bytes(r->k->bufs[b].elem), found = 0;
	*byte = -1;
	if (!r->has_parts[b])
		return poly_map_reads_outside(a, w->data, (int)w->len, pt, params);
	for (int k = 0; k < eb && k < 8 && !found; k++) {
		const MapVec *p = &r->pwritten[b * 8 + k];
		PolyMap **all;
		if (bytes && !(bytes & (1u << k)))
			continue;
		all = xmalloc(sizeof(*all) * (w->len + p->len + 1));
		if (w->len)
			memcpy(all, w->data, sizeof(*all) * w->len);
		if (p->len)
			memcpy(all + w->len, p->data, sizeof(*all) * p->len);
		found = poly_map_reads_outside(a, all, (int)(w->len + p->len), pt, params);
		*byte = k;
		free(all);
	}
	return found;
}

/* A read of shared buffer b (map a; bytes: those of the element it uses, 0 all) that may
 * touch an element no thread of the block has written before it (or, after part stores,
 * a byte of it none has): an error, once per buffer. */
static void check_written(Race *r, int b, const PolyMap *a, unsigned bytes, SrcLoc loc)
{
	const KirBuffer *kb = &r->k->bufs[b];
	int64_t pt[POLY_NDIMS + POLY_MAX_RANK + 3];
	StrBuf thr = {0}, el = {0}, params = {0};
	int64_t lo[4] = {0, 0, 0, 0}, hi[4] = {INT32_MAX, INT32_MAX, INT32_MAX, kb->count};
	int byte;
	if (r->quiet || r->when || r->unknown_writes[b] || kb->count <= 0)
		return;
	a = poly_map_restrict_range(a, lo, hi);     /* the elements out of bounds: bounds.c */
	if (!reads_unset(r, b, a, bytes, pt, &params, &byte))
		return;
	r->unknown_writes[b] = 2;       /* reported: once per buffer */
	r->errors++;
	race_point(&thr, pt);
	element(&el, kb, pt[POLY_NDIMS + 3]);
	diag_report(DIAG_ERROR, loc, "element %s of shared array '%s' is read here but no thread "
	            "of its block has written it before (shared memory starts unset)", sb_str(&el),
	            kb->name);
	diag_note(loc, "read by %s%s%s", sb_str(&thr), params.len ? " when " : "",
	          params.len ? sb_str(&params) : "");
	if (byte >= 0)
		diag_note(loc, "byte %d of it is read, which no store before it has set (stores into "
		          "parts of '%s' set only their bytes)", byte, kb->name);
	diag_note(kb->loc, "'%s' declared here", kb->name);
	diag_note(r->k->loc, "in kernel '%s'", r->k->name);
	sb_free(&thr);
	sb_free(&el);
	sb_free(&params);
}

/* An access of bufs[b][index]: a read of its bytes `bytes` (0 all; the load of a part
 * store, r->rmw, keeps the bytes it reads, so it is not checked against unset memory),
 * or a write (bytes: a part store's changed bytes, whole its bytes overwritten whole). */
static void record_bytes(Race *r, int b, const KirExpr *index, int write, unsigned bytes,
                         unsigned whole, int rmw, SrcLoc loc)
{
	const KirBuffer *kb = &r->k->bufs[b];
	PolyExpr *idx[4], *i;
	Access a = {b, write, NULL, loc, (unsigned char)bytes, (unsigned char)(write && r->same)};
	int n = 0, shared = kb->space == KSP_SHARED;
	const char *why;
	i = val_why(r, index, &why);
	check_bounds(r, b, index, i, why, write, loc);
	race_blocks_record(r, b, i, write);
	if (shared && write && (!r->dom || !i))
		r->unknown_writes[b] |= 1;
	if (kb->space == KSP_LOCAL || kb->space == KSP_CONSTANT || !r->dom || (r->exact && !shared))
		return;
	if (!i) {
		r->unknown |= !race_is_tainted(r, index);
		return;
	}
	if (shared) {    /* one copy per block: the block is part of the address */
		idx[n++] = poly_expr_dim(r->c, POLY_BZ);
		idx[n++] = poly_expr_dim(r->c, POLY_BY);
		idx[n++] = poly_expr_dim(r->c, POLY_BX);
	}
	idx[n++] = i;
	a.map = poly_access(r->dom, idx, n);
	if (shared && write && !bytes)
		VEC_PUSH(r->written[b], a.map);
	if (shared && write && bytes)     /* from here, reads are checked byte by byte */
		r->has_parts[b] = 1;
	for (int k = 0; shared && write && bytes && k < 8; k++)
		if (whole & (1u << k))
			VEC_PUSH(r->pwritten[b * 8 + k], a.map);
	if (r->exact)      /* every iteration at once: the written set only */
		return;
	if (shared && !write && !rmw)
		check_written(r, b, a.map, bytes, loc);
	VEC_PUSH(r->acc, a);
}

static void record(Race *r, int b, const KirExpr *index, int write, SrcLoc loc)
{
	record_bytes(r, b, index, write, 0, 0, 0, loc);
}

static void report(Race *r, const Access *a, const Access *b, const int64_t *pa, const int64_t *pb,
                   const StrBuf *params)
{
	StrBuf s1 = {0}, s2 = {0};
	const char *name = r->k->bufs[a->buffer].name;
	DiagKind k = r->o && r->o->allow_races ? DIAG_WARNING : DIAG_ERROR;
	r->found++;
	r->reported[a->buffer] = 1;
	if (r->quiet)
		return;
	race_point(&s1, pa);
	race_point(&s2, pb);
	diag_report(k, a->loc, "data race on '%s': %s %s it here and %s %s it without a barrier "
	            "between", name, sb_str(&s1), a->write ? "writes" : "reads", sb_str(&s2),
	            b->write ? "writes" : "reads");
	diag_note(b->loc, "the other access");
	if (params->len || r->when)
		diag_note(a->loc, "when %s (not bound by --set: every value of its type is admissible)",
		          params->len ? sb_str((StrBuf *)params) : r->when);
	diag_note(r->k->loc, "in kernel '%s'%s", r->k->name,
	          k == DIAG_ERROR ? " (--allow-races accepts it as a warning)" : "");
	sb_free(&s1);
	sb_free(&s2);
	r->errors += k == DIAG_ERROR;
}

/* Whether a and b are a part store and a read of other bytes of the element: no race, as
 * the store's read-modify-write leaves the bytes the read uses as they were. */
static int part_apart(const Access *a, const Access *b)
{
	const Access *w = a->write ? a : b, *rd = a->write ? b : a;
	return a->write != b->write && w->bytes && rd->bytes && !(w->bytes & rd->bytes);
}

/* A barrier: every pair of accesses of the phase, then a new phase. */
static void end_phase(Race *r)
{
	for (size_t i = 0; i < r->acc.len; i++)
		for (size_t j = i; j < r->acc.len; j++) {
			Access *a = &r->acc.data[i], *b = &r->acc.data[j];
			int64_t pa[POLY_NDIMS], pb[POLY_NDIMS];
			StrBuf params = {0};
			if (a->buffer != b->buffer || (!a->write && !b->write) || r->reported[a->buffer] ||
			    part_apart(a, b))
				continue;
			if (poly_maps_conflict_params(a->map, b->map, pa, pb, &params) && !race_same_apart(r, i, j)) {
				if (!a->write) {
					Access *t = a;
					a = b;
					b = t;
					report(r, a, b, pb, pa, &params);
				} else {
					report(r, a, b, pa, pb, &params);
				}
			}
			sb_free(&params);
		}
	r->acc.len = 0;
}

static void expr(Race *r, const KirExpr *e);

/* A shuffle or vote of the whole warp (`__shfl_up_sync(0xffffffff, ...)`, the legacy
 * `__shfl_up`, `__ballot_sync(0xffffffff, ...)`): no lane of the warp passes it before
 * every lane has reached it (CUDA C++ Programming Guide, Warp Shuffle Functions: "threads
 * ... wait until all threads in the mask have executed" it), so it orders the warp as
 * __syncwarp does (stmt KS_SYNC), with the same caveat: ending the phase there may miss
 * a race between warps but never reports one that is not there. A shuffle of width
 * under 32 is not counted: a cooperative-groups tile's (coop.c) carries the full mask
 * but orders only its tile. */
static int warp_sync(const KirExpr *e)
{
	const KirExpr *m = e->kind == KE_SHFL && e->u.shfl.width == 32 ? e->u.shfl.mask :
	                   e->kind == KE_VOTE ? e->u.vote.mask : NULL;
	return m && m->kind == KE_CONST && !frontend_dtype_is_float(m->type) &&
	       ((uint64_t)m->u.c.i & 0xffffffffu) == 0xffffffffu;
}

static void under(Race *r, const KirExpr *e, PolySet *d)
{
	PolySet *saved = r->dom, *su = r->upper;
	set_dom(r, d, known(r));
	expr(r, e);
	r->dom = saved;
	r->upper = su;
}

static void set_var(Race *r, int var, PolyExpr *v)
{
	r->env[var] = v;
}

static KirExpr *var_ref(Race *r, int var, SrcLoc loc)
{
	KirExpr *v = frontend_new_expr(r->a, KE_VAR, r->k->vars[var].type, loc);
	v->u.var = var;
	return v;
}

/* The new value of a variable assignment as a pure expression of the old one:
 * x = v, or x = (T)((optype)x op v). */
static const KirExpr *assigned_value(Race *r, const KirExpr *e)
{
	const KirLval *lv = &e->u.assign.lv;
	KirDType ot = e->u.assign.optype;
	KirExpr *x;
	if (e->u.assign.op == KB_NONE)
		return e->u.assign.value;
	x = frontend_new_cast(r->a, ot, var_ref(r, lv->var, e->loc), e->loc);
	x = frontend_new_binary(r->a, e->u.assign.op, e->u.assign.op >= KB_LT ? KT_I1 : ot, x,
	                        (KirExpr *)e->u.assign.value, e->loc);
	return frontend_new_cast(r->a, e->type, x, e->loc);
}

static void assign(Race *r, const KirExpr *e)
{
	const KirLval *lv = &e->u.assign.lv;
	const KirExpr *rmw = NULL, *saved = r->rmw;
	unsigned whole = 0;
	if (lv->var < 0)
		expr(r, lv->index);
	if (lv->var < 0 && e->u.assign.bytes) {    /* a part store: its load keeps the other bytes */
		rmw = race_load_of(e->u.assign.value, lv->buffer, lv->index);
		if (rmw && rmw->u.load.bytes)
			whole = e->u.assign.bytes & ~rmw->u.load.bytes;
	}
	r->rmw = rmw;
	expr(r, e->u.assign.value);
	r->rmw = saved;
	if (lv->var >= 0) {
		set_var(r, lv->var, frontend_dtype_is_int(e->type) ? race_val(r, assigned_value(r, e)) : NULL);
		return;
	}
	if (e->u.assign.bytes)
		race_part_store(r, lv->buffer, lv->index, e->loc);
	if (e->u.assign.op != KB_NONE) {
		race_check_rmw(r, lv->buffer, lv->index, e->loc);
		record(r, lv->buffer, lv->index, 0, e->loc);
	} else {
		if (race_reads(e->u.assign.value, lv->buffer, lv->index))
			race_check_rmw(r, lv->buffer, lv->index, e->loc);
	}
	r->same = e->u.assign.op == KB_NONE && !e->u.assign.bytes && race_block_value(r, e->u.assign.value);
	record_bytes(r, lv->buffer, lv->index, 1, e->u.assign.bytes, whole, 0, e->loc);
	r->same = 0;
}

/* The value of an assignment expression, for the environment: x = v or x op= v. */
static void expr(Race *r, const KirExpr *e)
{
	const KirLval *lv;
	switch (e->kind) {
	case KE_LOAD:
		expr(r, e->u.load.index);
		record_bytes(r, e->u.load.buffer, e->u.load.index, 0, e->u.load.bytes, 0, e == r->rmw, e->loc);
		break;
	case KE_ASSIGN: assign(r, e); break;
	case KE_INCDEC:
		lv = &e->u.incdec.lv;
		if (lv->var >= 0) {
			KirExpr *one = frontend_new_int(r->a, e->type, 1, e->loc);
			set_var(r, lv->var, race_val(r, frontend_new_binary(r->a, e->u.incdec.inc ? KB_ADD : KB_SUB,
			                                               e->type, var_ref(r, lv->var, e->loc), one, e->loc)));
			break;
		}
		expr(r, lv->index);
		race_check_rmw(r, lv->buffer, lv->index, e->loc);
		record(r, lv->buffer, lv->index, 0, e->loc);
		record(r, lv->buffer, lv->index, 1, e->loc);
		break;
	case KE_LOGAND: case KE_LOGOR: {
		PolySet *c;
		expr(r, e->u.bin.l);
		c = race_cond_set(r, e->u.bin.l);
		if (c && e->kind == KE_LOGOR)
			c = poly_set_subtract(r->dom, c);
		under(r, e->u.bin.r, c);
		break;
	}
	case KE_COND: {
		PolySet *c;
		expr(r, e->u.cond.c);
		c = race_cond_set(r, e->u.cond.c);
		under(r, e->u.cond.t, c);
		under(r, e->u.cond.f, c ? poly_set_subtract(r->dom, c) : NULL);
		break;
	}
	case KE_ATOMIC: {
		const char *why;
		const KirExpr *ix;
		PolyExpr *i;
		expr(r, e->u.atomic.index);
		for (int k = 0; k < e->u.atomic.nargs; k++)
			expr(r, e->u.atomic.args[k]);
		ix = e->u.atomic.index;   /* per > 1: its last element, per * index + per - 1 */
		if (e->u.atomic.per > 1)
			ix = frontend_new_binary(r->a, KB_ADD, KT_I64, frontend_new_binary(r->a, KB_MUL, KT_I64,
			     frontend_new_cast(r->a, KT_I64, (KirExpr *)ix, e->loc), frontend_new_int(r->a, KT_I64, e->u.atomic.per,
			     e->loc), e->loc), frontend_new_int(r->a, KT_I64, e->u.atomic.per - 1, e->loc), e->loc);
		i = val_why(r, ix, &why);
		check_bounds(r, e->u.atomic.buffer, ix, i, why, 1, e->loc);
		race_blocks_atomic(r, e->u.atomic.buffer);
		if (r->k->bufs[e->u.atomic.buffer].space == KSP_SHARED)
			r->unknown_writes[e->u.atomic.buffer] |= 1;   /* not followed */
		break;
	}
	default: {
		KirExpr **kids[8];
		int n = loopify_expr_kids((KirExpr *)e, kids);
		for (int i = 0; i < n; i++)
			expr(r, *kids[i]);
		if (warp_sync(e) && !r->exact)
			end_phase(r);
	}
	}
}

static void stmt(Race *r, const KirStmt *s);
static void forget_assigned(void *ctx, KirExpr *e);
static void forget_decl(void *ctx, KirStmt *s);

PolyExpr **race_env_copy(Race *r)
{
	PolyExpr **e = xmalloc(sizeof(*e) * (r->k->nvars + 1));
	memcpy(e, r->env, sizeof(*e) * r->k->nvars);
	return e;
}

typedef struct Scan {
	int jumps, syncs;
} Scan;

static void scan_stmt(void *ctx, KirStmt *s)
{
	Scan *sc = ctx;
	if (s->kind == KS_BREAK || s->kind == KS_CONTINUE || s->kind == KS_RETURN || s->kind == KS_EXIT)
		sc->jumps++;
	if (s->kind == KS_SYNC)
		sc->syncs++;
}

static void if_stmt(Race *r, const KirStmt *s)
{
	PolySet *saved = r->dom, *c, *su = r->upper, *sup = known(r);
	PolyExpr **before, **then_env;
	PolySet *then_dom;
	Scan sc = {0, 0};
	expr(r, s->u.if_.cond);
	c = race_cond_set(r, s->u.if_.cond);
	before = race_env_copy(r);
	set_dom(r, c, sup);
	stmt(r, s->u.if_.then);
	then_dom = r->dom;
	then_env = race_env_copy(r);
	memcpy(r->env, before, sizeof(*before) * r->k->nvars);
	r->upper = su;
	set_dom(r, c ? poly_set_subtract(saved, c) : NULL, sup);
	if (s->u.if_.els)
		stmt(r, s->u.if_.els);
	r->upper = su;
	for (size_t v = 0; v < r->k->nvars; v++) {
		PolyExpr *t = then_env[v], *f = r->env[v];
		if (t == f)
			continue;
		r->env[v] = t && f && c ? poly_expr_select(c, t, f) : NULL;
	}
	/* the threads that leave a branch (return) are gone after the if */
	loopify_stmt_visit((KirStmt *)s, NULL, scan_stmt, &sc);
	if (then_dom && r->dom)
		r->dom = poly_set_union(then_dom, r->dom);
	else
		set_dom(r, sc.jumps || !saved ? NULL : saved, sup);
	free(before);
	free(then_env);
}

static void forget_assigned(void *ctx, KirExpr *e)
{
	Race *r = ctx;
	if (e->kind == KE_ASSIGN && e->u.assign.lv.var >= 0)
		r->env[e->u.assign.lv.var] = NULL;
	if (e->kind == KE_INCDEC && e->u.incdec.lv.var >= 0)
		r->env[e->u.incdec.lv.var] = NULL;
}

static void forget_decl(void *ctx, KirStmt *s)
{
	Race *r = ctx;
	if (s->kind == KS_DECL)
		r->env[s->u.decl.var] = NULL;
	if (s->kind == KS_SYNC && s->u.sync.result >= 0)
		r->env[s->u.sync.result] = NULL;
}

/* What a loop assigns is unknown after it. */
void race_forget_loop(Race *r, const KirExpr *cond, KirStmt *body, const KirExpr *step)
{
	loopify_stmt_visit(body, forget_assigned, forget_decl, r);
	if (step)
		loopify_expr_visit((KirExpr *)step, forget_assigned, r);
	if (cond)
		loopify_expr_visit((KirExpr *)cond, forget_assigned, r);
}

static void unknown_write(void *ctx, KirExpr *e)
{
	Race *r = ctx;
	const KirLval *lv = e->kind == KE_ASSIGN ? &e->u.assign.lv :
	                    e->kind == KE_INCDEC ? &e->u.incdec.lv : NULL;
	int b = lv && lv->var < 0 ? lv->buffer : e->kind == KE_ATOMIC ? e->u.atomic.buffer : -1;
	if (b >= 0 && r->k->bufs[b].space == KSP_SHARED)
		r->unknown_writes[b] |= 1;
}

/* Follows the first two iterations exactly (each under the threads whose condition
 * holds), then forgets what the loop assigns. */
static void loop(Race *r, const KirStmt *f, const KirExpr *cond, KirStmt *body,
                 const KirExpr *step, int do_while, int covered)
{
	Scan sc = {0, 0};
	PolySet *saved = r->dom, *sup = known(r);
	PolyExpr **before = covered || r->bounds_off || !r->bc.o || !r->bc.o->oob_check ? NULL :
	                    race_env_copy(r);   /* with --oob-check: race_later */
	int empty = 0;
	loopify_stmt_visit(body, NULL, scan_stmt, &sc);
	r->loops++;
	r->approx += !covered;
	if (!r->bounds_off)
		sb_printf(r->notes, "  bounds: loop at %d:%d checked on its first two iterations only "
		          "(not `for (v = affine; affine; v += constant)` without jumps)\n",
		          body->loc.line, body->loc.col);
	for (int it = 0; it < 2 && !sc.jumps && r->dom; it++) {
		if (cond && (it > 0 || !do_while)) {
			expr(r, cond);
			r->dom = race_cond_set(r, cond);
			if (!r->dom || poly_set_is_empty(r->dom)) {
				empty = r->dom != NULL;
				break;
			}
		}
		stmt(r, body);
		if (step)
			expr(r, step);
	}
	r->loops--;
	r->approx -= !covered;
	set_dom(r, sc.jumps ? NULL : saved, sup);
	if (before && !empty)      /* the later iterations (all of them with jumps) */
		race_later(r, f, cond, body, step, sup, before);
	free(before);
	race_forget_loop(r, cond, body, step);
	if (!covered) {   /* the later iterations' accesses: not followed (an exact walk has them) */
		loopify_stmt_visit(body, unknown_write, NULL, r);
		race_blocks_forget(r, body, cond, step);
	}
	if (sc.syncs && !r->exact)
		r->acc.len = 0;    /* the phase at the loop's exit is the last iteration's tail */
}

void race_scan_var(void *ctx, KirExpr *e)
{
	VarScan *vs = ctx;
	vs->assigns += (e->kind == KE_ASSIGN && e->u.assign.lv.var == vs->var) ||
	               (e->kind == KE_INCDEC && e->u.incdec.lv.var == vs->var);
}

/* The variable a for-loop init assigns (a DECL or an EXPR assignment), or -1. */
int race_loop_var(const KirStmt *init)
{
	if (init && init->kind == KS_DECL && init->u.decl.init)
		return init->u.decl.var;
	if (init && init->kind == KS_EXPR && init->u.expr->kind == KE_ASSIGN &&
	    init->u.expr->u.assign.op == KB_NONE && init->u.expr->u.assign.lv.var >= 0)
		return init->u.expr->u.assign.lv.var;
	return -1;
}

/* The constant step of loop variable v (now loop dimension `level`) on the iterations in
 * r->dom: the step expression's new value is v + step, step > 0. */
int race_loop_step(Race *r, const KirExpr *step, int v, int level, int64_t *out)
{
	int64_t coef[POLY_NDIMS], cst;
	PolyExpr *l = r->env[v];
	int ok;
	if (!step || !(step->kind == KE_ASSIGN || step->kind == KE_INCDEC) ||
	    (step->kind == KE_ASSIGN ? step->u.assign.lv.var : step->u.incdec.lv.var) != v)
		return 0;
	/* walked on the iterations of step 1, a superset: no access is recorded or checked */
	r->exact++;
	r->bounds_off++;
	expr(r, step);
	r->bounds_off--;
	r->exact--;
	ok = r->env[v] && poly_expr_get_linear(r->env[v], coef, &cst) &&
	     coef[POLY_NLAUNCH + level] == 1 && cst > 0;
	for (int d = 0; ok && d < POLY_NDIMS; d++)
		ok = d == POLY_NLAUNCH + level || coef[d] == 0;
	r->env[v] = l;
	*out = cst;
	return ok;
}

/* for (v = lo; cond; v += step) with an affine lo and cond, a constant step > 0 and a
 * body without jumps that leaves v alone: the body once on every iteration, v being
 * the next loop dimension (r->exact of them are open; bounds only). Returns 0 (nothing
 * walked) when not that form. */
static int exact_for(Race *r, const KirStmt *s)
{
	int v = race_loop_var(s->u.for_.init), done = 0, level = r->exact;
	Scan sc = {0, 0};
	VarScan vs = {v, 0};
	PolySet *saved = r->dom, *su = r->upper;
	PolyExpr **env, *lo;
	int64_t step;
	if (!r->dom || v < 0 || !s->u.for_.cond || level >= POLY_MAX_LOOPS || !(lo = r->env[v]))
		return 0;
	loopify_stmt_visit(s->u.for_.body, race_scan_var, scan_stmt, &sc);
	loopify_stmt_visit(s->u.for_.body, race_scan_var, NULL, &vs);
	if (sc.jumps || vs.assigns)
		return 0;
	env = race_env_copy(r);
	loopify_stmt_visit(s->u.for_.body, forget_assigned, forget_decl, r);   /* loop-carried */
	r->env[v] = poly_expr_dim(r->c, POLY_NLAUNCH + level);
	r->dom = poly_set_open_loop(saved, level, lo, 1);
	r->dom = race_cond_set(r, s->u.for_.cond);
	if (r->dom && race_loop_step(r, s->u.for_.step, v, level, &step)) {
		r->dom = poly_set_open_loop(saved, level, lo, step);
		r->dom = race_cond_set(r, s->u.for_.cond);
	} else {
		r->dom = NULL;
	}
	if (r->dom) {
		r->exact++;
		expr(r, s->u.for_.cond);
		stmt(r, s->u.for_.body);
		expr(r, s->u.for_.step);
		r->exact--;
		done = 1;
	}
	memcpy(r->env, env, sizeof(*env) * r->k->nvars);
	free(env);
	r->dom = saved;
	r->upper = su;
	return done;
}

/* A block; one with a label is where the threads that left it by an exit (an inlined
 * call's return) rejoin: what the block assigns is unknown for them. */
static void block_stmt(Race *r, const KirStmt *s)
{
	int l = s->u.block.label;
	PolySet *sup = known(r);
	for (size_t i = 0; i < s->u.block.nstmts; i++)
		stmt(r, s->u.block.stmts[i]);
	if (l <= 0 || (!r->exited[l] && !r->exit_unknown[l]))
		return;
	if (r->dom && !r->exit_unknown[l])
		r->dom = poly_set_union(r->dom, r->exited[l]);
	else
		set_dom(r, NULL, sup);
	r->exited[l] = NULL;
	r->exit_unknown[l] = 0;
	loopify_stmt_visit((KirStmt *)s, forget_assigned, forget_decl, r);
}

static void stmt(Race *r, const KirStmt *s)
{
	switch (s->kind) {
	case KS_BLOCK: block_stmt(r, s); break;
	case KS_DECL:
		if (s->u.decl.init) {
			expr(r, s->u.decl.init);
			r->env[s->u.decl.var] = frontend_dtype_is_int(r->k->vars[s->u.decl.var].type)
			                        ? race_val(r, s->u.decl.init) : NULL;
		}
		break;
	case KS_EXPR: expr(r, s->u.expr); break;
	case KS_IF: if_stmt(r, s); break;
	case KS_FOR:
		if (s->u.for_.init)
			stmt(r, s->u.for_.init);
		if (exact_for(r, s)) {      /* the bounds are checked: the loop is for races */
			r->bounds_off++;
			r->followed++;     /* race_blocks.c: the exact walk has its accesses */
			if (!r->exact)
				loop(r, s, s->u.for_.cond, s->u.for_.body, s->u.for_.step, 0, 1);
			else
				race_forget_loop(r, s->u.for_.cond, s->u.for_.body, s->u.for_.step);
			r->followed--;
			r->bounds_off--;
		} else {
			loop(r, s, s->u.for_.cond, s->u.for_.body, s->u.for_.step, 0, 0);
		}
		break;
	case KS_WHILE: loop(r, NULL, s->u.loop.cond, s->u.loop.body, NULL, 0, 0); break;
	case KS_DO: loop(r, NULL, s->u.loop.cond, s->u.loop.body, NULL, 1, 0); break;
	case KS_SYNC:
		if (s->u.sync.arg)
			expr(r, s->u.sync.arg);
		/* __syncwarp orders only a warp; ending the phase there may miss a race between
		 * warps but never reports one that is not there */
		if (!r->exact)
			end_phase(r);
		if (s->u.sync.result >= 0)
			r->env[s->u.sync.result] = NULL;
		break;
	case KS_RETURN:      /* the running threads leave the kernel */
		if (r->dom)
			r->dom = poly_set_subtract(r->dom, r->dom);
		break;
	case KS_EXIT:        /* they rejoin at the end of the block labelled so */
		if (r->dom)
			r->exited[s->u.label] = r->exited[s->u.label] ?
				poly_set_union(r->exited[s->u.label], r->dom) : r->dom;
		else
			r->exit_unknown[s->u.label] = 1;
		if (r->dom)
			r->dom = poly_set_subtract(r->dom, r->dom);
		break;
	case KS_BREAK: case KS_CONTINUE:
		set_dom(r, NULL, known(r));   /* they rejoin elsewhere: not followed */
		break;
	default: break;
	}
}

typedef struct Try {
	int quiet;
	const char *when;
	StrBuf *notes;           /* NULL: no bounds check */
	int unknown;             /* out: Race.unknown */
	const char *sym;         /* BoundsCheck.sym */
	char *assume;            /* out: poly_assumption after the walk */
	StrBuf *checks;          /* out: --oob-check conditions (BoundsCheck.checks) */
	int64_t *symhi;          /* out, per buffer of a --symbolic size: the largest index
	                            accessed under the assumption, -1 when unbounded */
	unsigned char *blocks;   /* out, per buffer (NULL: not asked): race_blocks.c */
	Map *unproven;           /* out: BoundsCheck.unproven, or NULL */
} Try;

/* One walk of k: the errors reported (quiet: the races found). */
static int walk(const Options *o, const KirKernel *k, const int64_t grid[3],
                const int64_t block[3], Try *t)
{
	int g[3], b[3], errors;
	Race r = {0};
	for (int i = 0; i < 3; i++) {
		g[i] = (int)grid[i];
		b[i] = (int)block[i];
	}
	r.o = o;
	r.k = k;
	r.c = poly_create(k, g, b);
	poly_set_symbolic(r.c, t->sym);
	r.a = arena_new();
	r.env = xcalloc(k->nvars + 1, sizeof(PolyExpr *));
	r.reported = xcalloc(k->nbufs + 1, 1);
	r.written = xcalloc(k->nbufs + 1, sizeof(MapVec));
	r.pwritten = xcalloc(8 * (k->nbufs + 1), sizeof(MapVec));
	r.has_parts = xcalloc(k->nbufs + 1, 1);
	r.unknown_writes = xcalloc(k->nbufs + 1, 1);
	r.tainted = xcalloc(k->nvars + 1, 1);
	r.vote = xcalloc(k->nvars + 1, 1);
	race_find_votes(&r);
	r.exited = xcalloc((size_t)k->nlabels + 1, sizeof(PolySet *));
	r.exit_unknown = xcalloc((size_t)k->nlabels + 1, 1);
	r.bc.o = o;
	r.bc.k = k;
	r.bc.seen = map_create();
	r.bc.sym = t->sym;
	r.bc.unproven = t->unproven;
	if (t->symhi && t->sym)
		r.bc.ranges = xcalloc(k->nbufs + 1, sizeof(PolyRange *));
	r.notes = &r.bc.notes;
	r.quiet = t->quiet;
	r.when = t->when;
	r.bounds_off = !t->notes;
	r.blocks = t->blocks;
	race_find_tainted(&r);
	r.dom = r.upper = poly_launch_box(r.c);
	stmt(&r, k->body);
	if (r.dom || r.acc.len)
		end_phase(&r);
	errors = t->quiet ? r.found : r.errors + r.bc.errors;
	if (!errors)
		race_blocks_answer(&r);
	t->unknown = r.unknown;
	if (t->sym && !errors)
		t->assume = poly_assumption(r.c);
	for (size_t b = 0; r.bc.ranges && b < k->nbufs; b++) {
		int64_t stride;
		if (errors || !k->bufs[b].sym_size)
			poly_range_free(r.bc.ranges[b]);
		else if (!poly_range_max(r.c, r.bc.ranges[b], &t->symhi[b], &stride))
			t->symhi[b] = r.bc.ranges[b] ? -1 : 0;   /* unbounded; or never accessed */
		else if (stride > 1 && stride <= t->symhi[b] + 1)   /* whole rows of its views */
			t->symhi[b] = (t->symhi[b] + stride) / stride * stride - 1;
	}
	free(r.bc.ranges);
	if (t->notes)
		sb_append(t->notes, sb_str(&r.bc.notes));
	if (t->checks)
		sb_append(t->checks, sb_str(&r.bc.checks));
	sb_free(&r.bc.notes);
	sb_free(&r.bc.checks);
	map_destroy(r.bc.seen);
	VEC_FREE(r.acc);
	VEC_FREE(r.glob);
	VEC_FREE(r.parts);
	free(r.env);
	free(r.reported);
	for (size_t b = 0; b < k->nbufs; b++)
		VEC_FREE(r.written[b]);
	for (size_t b = 0; b < 8 * k->nbufs; b++)
		VEC_FREE(r.pwritten[b]);
	free(r.written);
	free(r.pwritten);
	free(r.has_parts);
	free(r.unknown_writes);
	free(r.tainted);
	free(r.vote);
	free(r.exited);
	free(r.exit_unknown);
	poly_destroy(r.c);
	arena_free(r.a);
	return errors;
}

/* The values tried for unbound scalars that an index or guard uses in a way that is not
 * quasi-affine (i % m, i * s, i + d that may overflow): small ones, powers of two, and
 * the launch's sizes around them. A race under one of them is a race. */
static int candidates(const int64_t grid[3], const int64_t block[3], int64_t *v)
{
	int64_t nt = block[0] * block[1] * block[2], nl = nt * grid[0] * grid[1] * grid[2];
	static const int64_t fixed[] = {1, 2, 3, 0, -1, 4, 8, 16, 32, 64};
	int n = 0;
	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		v[n++] = fixed[i];
	v[n++] = nt - 1;
	v[n++] = nt;
	v[n++] = nl - 1;
	v[n++] = nl;
	v[n++] = nl + 1;
	return n;
}

/* Binds the unbound integer scalars chosen by `which` (-1: all of them) to v and walks
 * again quietly; on a race, once more to report it "when NAME = v". Returns the errors
 * reported, or 0 when the walk found no race. */
static int try_values(const Options *o, const KirKernel *k, const int64_t grid[3],
                      const int64_t block[3], int which, int64_t v)
{
	Arena *a = arena_new();
	char *bind = xcalloc(k->nparams + 1, 1);
	KirConst *vals = xcalloc(k->nparams + 1, sizeof(KirConst));
	StrBuf when = {0};
	Try t = {1, NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL};
	int errors = 0;
	for (size_t i = 0; i < k->nparams; i++) {
		const KirParam *p = &k->params[i];
		if (p->bound || p->type == KT_PTR || !frontend_dtype_is_int(p->type) ||
		    (which >= 0 && (size_t)which != i))
			continue;
		bind[i] = 1;
		vals[i] = (KirConst){KT_I64, v, 0};
		sb_printf(&when, "%s%s = %lld", when.len ? ", " : "", p->name, (long long)v);
	}
	if (when.len) {
		const KirKernel *kb = raise_kernel_bind(a, k, bind, vals);
		if (walk(o, kb, grid, block, &t)) {
			Try loud = {0, sb_str(&when), NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL};
			errors = walk(o, kb, grid, block, &loud);
			errors += !errors;      /* --allow-races: a warning, but the search is over */
		}
	}
	sb_free(&when);
	free(bind);
	free(vals);
	arena_free(a);
	return errors;
}

char *raise_symbolic_mask(const Options *o, const KirKernel *k)
{
	char *sym;
	int any = 0;
	if (!o || !o->symbolic.len)
		return NULL;
	sym = xcalloc(k->nparams + 1, 1);
	for (size_t i = 0; i < k->nparams; i++)
		for (size_t j = 0; j < o->symbolic.len; j++)
			if ((!strcmp(k->params[i].name, o->symbolic.data[j]) || !strcmp(o->symbolic.data[j], "*") ||
			     k->params[i].sym) &&
			    !k->params[i].bound &&
			    k->params[i].type != KT_PTR && frontend_dtype_is_int(k->params[i].type))
				any = sym[i] = 1;
	for (size_t i = 0; i < k->nparams; i++)       /* buffers without --size: their sizes */
		if (k->params[i].type == KT_PTR && k->bufs[k->params[i].buffer].sym_size)
			any = sym[i] = 1;
	if (!any) {
		free(sym);
		sym = NULL;
	}
	return sym;
}

int raise_check_accesses(const Options *o, const KirKernel *k, const int64_t grid[3],
                         const int64_t block[3], StrBuf *notes, char **assume,
                         StrBuf *checks, int64_t *symhi, unsigned char *blocks,
                         Map *unproven)
{
	char *sym = raise_symbolic_mask(o, k);
	Try t = {0, NULL, notes, 0, sym, NULL, checks, symhi, blocks, unproven};
	int64_t v[32];
	int errors = walk(o, k, grid, block, &t), nv, nfree = 0;
	free(sym);
	*assume = t.assume;
	for (size_t i = 0; i < k->nparams; i++)
		nfree += !k->params[i].bound && k->params[i].type != KT_PTR &&
		         frontend_dtype_is_int(k->params[i].type);
	if (errors || !t.unknown || !nfree)
		return errors;
	/* an index or guard that isl cannot follow mentions unbound scalars: try values */
	nv = candidates(grid, block, v);
	for (int which = nfree > 1 ? -1 : 0; which < (int)k->nparams; which++)
		for (int j = 0; j < nv; j++) {
			int e = try_values(o, k, grid, block, which, v[j]);
			if (e)
				return o && o->allow_races ? 0 : e;
		}
	sb_printf(notes, "  races: not proven race-free for every value of the unbound scalars "
	          "(an index or guard is not quasi-affine in them); none found for the values "
	          "tried (0, +-1, powers of two to 64, the block and launch sizes)\n");
	return 0;
}
