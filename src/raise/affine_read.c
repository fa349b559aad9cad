/* affine_read.c: loads as slices of the reshaped buffer. Consumes a load of the kernel IR
 * (substituted: its index over the inputs) and the store being built; produces its value
 * over the box: a slice (or pieces of slices) of the buffer under the first shape of it
 * that makes the read a translation or permutation of the write, transposed and
 * broadcast to the box, or a compact dot_general operand. A load that runs on only
 * some threads reads a padded buffer. Fails (aff_afail) when no shape does. */
#include "affine_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- loads: slices of the reshaped buffer ---- */

typedef struct LoadCtx {
	int buf;                  /* the reshaped buffer */
	int rank;
	const int64_t *dims;
	SrcLoc loc;
	int64_t *keep;            /* compact (a dot_general operand): no transpose or broadcast, */
	int nkeep;                /* keep[i] is the write coordinate of dimension i */
} LoadCtx;

static int load_piece(Aff *a, const PolyPiece *p, const Box *sub, void *ctx)
{
	LoadCtx *lc = ctx;
	int64_t start[POLY_MAX_RANK], limit[POLY_MAX_RANK], keep[POLY_MAX_RANK], kdims[POLY_MAX_RANK];
	int64_t perm[POLY_MAX_RANK], bdims[POLY_MAX_RANK];
	int nk = 0, v;
	TType bt = aff_box_type(sub, aff_dt_of(a, lc->buf));
	for (int j = 0; j < lc->rank; j++) {
		int k = -1;
		for (int q = 0; q < sub->rank; q++)
			if (p->coef[j][q]) {
				if (k >= 0 || p->coef[j][q] != 1)
					aff_afail(a, lc->loc, "a read is not a translation or permutation of the write");
				k = q;
			}
		if (k < 0) {
			start[j] = p->cst[j];
			limit[j] = p->cst[j] + 1;
		} else {
			for (int i = 0; i < nk; i++)
				if (keep[i] == k)
					aff_afail(a, lc->loc, "a read uses one write coordinate twice");
			start[j] = sub->lo[k] + p->cst[j];
			limit[j] = sub->hi[k] + p->cst[j];
			keep[nk] = k;
			kdims[nk++] = sub->hi[k] - sub->lo[k];
		}
		if (start[j] < 0 || limit[j] > lc->dims[j])
			aff_afail(a, lc->loc, "a read slice is out of the buffer");
	}
	{
		int whole = 1;
		for (int j = 0; j < lc->rank; j++)
			whole &= start[j] == 0 && limit[j] == lc->dims[j];
		v = lc->buf;
		if (!whole) {
			v = tir_build_slice(B(a), lc->buf, start, limit, NULL);
			a->r->st->ops[TOP_SLICE]++;
		}
	}
	if (nk != lc->rank)
		v = tir_build_reshape(B(a), v, tir_type_tensor(aff_dt_of(a, v), nk, kdims));
	if (lc->keep) {
		memcpy(lc->keep, keep, sizeof(int64_t) * (size_t)nk);
		lc->nkeep = nk;
		return v;
	}
	/* order the kept dimensions by write coordinate */
	v = raise_sort_dims(B(a), v, keep, nk, perm, a->r->st->ops);
	for (int i = 0; i < nk; i++)
		bdims[i] = keep[perm[i]];
	if (nk != sub->rank) {
		v = tir_build_broadcast_in_dim(B(a), v, bt, bdims);
		a->r->st->ops[TOP_BROADCAST_IN_DIM]++;
	}
	return v;
}

/* Candidate i of the shapes for a buffer of `count` elements under which flat index pe
 * delinearizes in bounds on the domain (the last candidate is the flat shape itself):
 * its rank, 0 when candidate i does not delinearize, -1 past the last. */
static int shape_at(Aff *a, const PolyExpr *pe, int64_t count, int i,
                    int64_t dims[POLY_MAX_RANK], PolyExpr *idx[POLY_MAX_RANK])
{
	int64_t shapes[16][POLY_MAX_RANK];
	int ranks[16];
	int n = poly_shape_candidates(pe, count, shapes, ranks, 16);
	if (i < n) {
		if (!poly_delinearize(a->at.dom, pe, ranks[i], shapes[i], idx))
			return 0;
		memcpy(dims, shapes[i], sizeof(int64_t) * (size_t)ranks[i]);
		return ranks[i];
	}
	if (i > n || (n > 0 && ranks[n - 1] == 1 && shapes[n - 1][0] == count))
		return -1;
	dims[0] = count;
	if (poly_delinearize(a->at.dom, pe, 1, dims, idx))
		return 1;
	/* the flat index itself (piecewise, or on a union), when 0 <= pe < count on dom */
	{
		PolySet *in = poly_set_intersect(poly_set_cmp(KB_GE, pe, poly_expr_const(a->c, 0)),
		                                 poly_set_cmp(KB_LT, pe, poly_expr_const(a->c, count)));
		if (!poly_set_is_subset(a->at.dom, in))
			return 0;
		idx[0] = (PolyExpr *)pe;
		return 1;
	}
}

/* Can load_piece build every piece (each read coordinate a constant or one write
 * coordinate plus a constant, no write coordinate twice)? */
static int simple_pieces(const PolyPiece *ps, int n, int rank, int wrank)
{
	for (int i = 0; i < n; i++) {
		int used[POLY_MAX_RANK] = {0};
		for (int j = 0; j < rank; j++) {
			int nz = 0;
			for (int k = 0; k < wrank; k++)
				if (ps[i].coef[j][k]) {
					if (ps[i].coef[j][k] != 1 || used[k]++)
						return 0;
					nz++;
				}
			if (nz > 1)
				return 0;
		}
	}
	return 1;
}

void aff_check_buffer(Aff *a, int b, SrcLoc loc)
{
	const KirBuffer *kb = &a->r->k->bufs[b];
	if ((kb->space != KSP_GLOBAL && kb->space != KSP_CONSTANT && kb->space != KSP_SHARED) ||
	    a->r->buf[b] < 0)
		aff_afail(a, loc, "local memory");
}

/* Shape candidate i of buffer b for index pe: shared memory has its block coordinates
 * in front (affine_phases.c). */
int aff_buffer_shape(Aff *a, int b, const PolyExpr *pe, int i, int64_t dims[POLY_MAX_RANK],
                     PolyExpr *idx[POLY_MAX_RANK])
{
	if (a->tshape && b == a->wbuf) {
		if (i > 0)
			return -1;
		memcpy(dims, a->tdims, sizeof(a->tdims));
		memcpy(idx, a->tidx, sizeof(a->tidx));
		return 4;
	}
	if (a->r->k->bufs[b].space == KSP_SHARED)
		return raise_shared_shape(a->r, a->c, a->at.dom, b, pe, i, dims, idx);
	return shape_at(a, pe, a->r->bufsize[b], i, dims, idx);
}

/* A piece that load_piece does not build: tiled or reversed coordinates. */
static int tiled_piece(Aff *a, const PolyPiece *p, const Box *sub, void *ctx)
{
	LoadCtx *lc = ctx;
	const char *why = NULL;
	int v = raise_tiled_read(a->r, lc->buf, lc->rank, lc->dims, p, sub->rank, sub->lo,
	                         sub->hi, a->at.live != NULL, &why);
	if (v < 0)
		aff_afail(a, lc->loc, why);
	return v;
}

static int reshaped_value(Aff *a, int v, int rank, const int64_t *dims)
{
	if (rank == 1)
		return v;
	return tir_build_reshape(B(a), v, tir_type_tensor(aff_dt_of(a, v), rank, dims));
}

int aff_reshaped(Aff *a, int b, int rank, const int64_t *dims)
{
	int v = a->r->buf[b];
	if (rank == 1)
		return v;
	return tir_build_reshape(B(a), v, tir_type_tensor(aff_dt_of(a, v), rank, dims));
}

/* Was load e substituted inside the grid-stride loop being walked? (Loads from before
 * it read the memory of before it, whatever the loop stores.) */
static int load_in_stride(Aff *a, const KirExpr *e)
{
	int found, *slot = aff_memo_slot(&a->lddom, e, &found);
	return !found || *slot == LD_IN_STRIDE;
}

/* The version of the buffer load e reads: the one current when it was substituted (a
 * variable's loads see memory as it was at its declaration, C17 6.8 sequencing). */
int aff_load_version(Aff *a, const KirExpr *e)
{
	int found, *slot = aff_memo_slot(&a->ldver, e, &found);
	if (!found)
		*slot = a->r->buf[e->u.load.buffer];
	return *slot;
}

/* The load as a tensor over the box; with keep, compact: over the write coordinates
 * it reads along only (keep[i] for dimension i, see LoadCtx), or -1 when the read is
 * not one slice. */
/* A read that is a row of a natural view of its buffer whose row stride is no coefficient
 * of the index (B[k*N + col] with k a constant: the strides give 75 x 16 for N = 40) comes
 * out of the candidates in pieces; the view whose trailing dimensions are the store's
 * (30 x 40 under a 50 x 40 store) reads it as one slice. Replaces rank, dims and ps by
 * the first such view under which the read is one piece, and returns 1; else returns n
 * and changes nothing. */
static int trailing_view(Aff *a, const PolyExpr *pe, int b, int *rank, int64_t *dims,
                         PolyPiece *ps, int n)
{
	for (int j = 1; j < a->wrank; j++) {
		int64_t prod = 1, d[POLY_MAX_RANK];
		int r = 1 + a->wrank - j;
		PolyExpr *idx[POLY_MAX_RANK];
		PolyPiece p[POLY_MAX_PIECES];
		for (int k = j; k < a->wrank; k++)
			prod *= a->wdims[k];
		if (a->r->bufsize[b] % prod || a->r->bufsize[b] == prod)
			continue;
		d[0] = a->r->bufsize[b] / prod;
		memcpy(d + 1, a->wdims + j, sizeof(int64_t) * (size_t)(r - 1));
		if (!poly_delinearize(a->at.dom, pe, r, d, idx) ||
		    poly_map_in_coords(poly_access(a->at.dom, idx, r), a->at.w, p, POLY_MAX_PIECES) != 1 ||
		    !simple_pieces(p, 1, r, a->at.box.rank))
			continue;
		*rank = r;
		memcpy(dims, d, sizeof(int64_t) * (size_t)r);
		ps[0] = p[0];
		return 1;
	}
	return n;
}

/* A read that is no set of slices: its index over the box, and a gather of one element
 * per thread from the version of the buffer the read sees; the store and the other reads
 * stay dense. pe NULL: the index depends on data (src[idx[i]]; its own reads are slices);
 * else it is quasi-affine (scale[i / 4], w[i % 16]: iota and divide). The gather clamps
 * the index into the buffer, as the SIMT strategy's does (simt.c). Shared and local
 * memory, and a buffer a grid-stride loop writes, are not read so. */
static int gather_load(Aff *a, const KirExpr *e, const PolyExpr *pe)
{
	static const int64_t first[1] = {0};
	int b = e->u.load.buffer, rank = a->at.box.rank, idx, v;
	int64_t d[POLY_MAX_RANK + 1], ss[1] = {1};
	TGatherDims gd = {0};
	DType it = a->r->bufsize[b] > INT32_MAX ? DT_I64 : DT_I32;
	KirSpace sp = a->r->k->bufs[b].space;
	if (sp == KSP_LOCAL || (a->stride && a->stride_st[b] && load_in_stride(a, e)) ||
	    (sp == KSP_SHARED && !a->opt.shared_gathers))
		aff_afail(a, e->loc, "a load index is not quasi-affine");
	if (sp != KSP_SHARED && pe && (v = aff_split_read(a, pe, aff_load_version(a, e), a->r->bufsize[b])) >= 0) {
		sb_printf(&a->r->st->notes, "  load %s at %d:%d: dense (a quasi-affine index: "
		          "a split coordinate, slice and broadcast)\n", a->r->k->bufs[b].name,
		          e->loc.line, e->loc.col);
		return v;
	}
	if (sp != KSP_SHARED && pe && (v = aff_strided_read(a, pe, aff_load_version(a, e), a->r->bufsize[b])) >= 0) {
		sb_printf(&a->r->st->notes, "  load %s at %d:%d: dense (a strided slice)\n",
		          a->r->k->bufs[b].name, e->loc.line, e->loc.col);
		return v;
	}
	if (pe)
		aff_lane_gather(a, e);
	idx = pe ? aff_value(a, pe, it, e->loc) : aff_convert(a, aff_dense(a, e->u.load.index), it);
	if (sp == KSP_SHARED) {   /* one copy per block, block-major (raise_address) */
		int64_t coef[POLY_NDIMS] = {0}, cnt = a->r->k->bufs[b].count;
		coef[POLY_BX] = cnt;
		coef[POLY_BY] = a->r->grid[0] * cnt;
		coef[POLY_BZ] = a->r->grid[0] * a->r->grid[1] * cnt;
		idx = aff_bin(a, TOP_ADD, idx, aff_value(a, poly_expr_linear(a->c, coef, 0), it, e->loc));
	}
	for (int k = 0; k < rank; k++)
		d[k] = a->at.box.hi[k] - a->at.box.lo[k];
	d[rank] = 1;
	idx = tir_build_reshape(B(a), idx, tir_type_tensor(it, rank + 1, d));
	gd.collapsed_slice_dims = (TInts){first, 1};
	gd.start_index_map = (TInts){first, 1};
	gd.index_vector_dim = rank;
	v = aff_load_version(a, e);
	a->r->st->ops[TOP_GATHER]++;
	sb_printf(&a->r->st->notes, "  load %s at %d:%d: gather (%s)\n", a->r->k->bufs[b].name,
	          e->loc.line, e->loc.col, pe ? "not a set of slices of the buffer under any shape"
	                                      : "its index depends on data");
	return tir_build_gather(B(a), v, idx, &gd, ss, aff_box_type(&a->at.box, aff_dt_of(a, v)));
}

int aff_load_at(Aff *a, const KirExpr *e, int64_t *keep)
{
	int b = e->u.load.buffer, rank, n;
	const char *why;
	int64_t dims[POLY_MAX_RANK];
	PolyExpr *idx[POLY_MAX_RANK];
	PolyPiece ps[POLY_MAX_PIECES];
	PolyExpr *pe;
	LoadCtx lc;
	PolySet *all;
	int tiled = 0;            /* second pass: tiled, strided or reversed pieces */
	aff_check_buffer(a, b, e->loc);
	pe = poly_expr_from_kir(a->c, e->u.load.index, a->at.dom, aff_lookup, a, &why);
	if (!pe)
		return keep ? -1 : gather_load(a, e, NULL);
	if (a->stride && a->stride_st[b] && load_in_stride(a, e) &&
	    (b != a->wbuf || !poly_set_is_subset(a->at.dom, poly_set_cmp(KB_EQ, pe, a->wflat))))
		aff_afail(a, e->loc, AFF_STRIDE_READ);
	all = a->at.dom;
	if (a->at.live)              /* in bounds where taken: the shape is proved there */
		a->at.dom = a->at.live;
	for (int i = -1;; i++) {
		if (i < 0) {           /* first the store's shape (a stencil reads its own grid) */
			int64_t numel = 1;
			for (int k = 0; k < a->wrank; k++)
				numel *= a->wdims[k];
			if (a->wrank < 2 || numel != a->r->bufsize[b] ||
			    a->r->k->bufs[b].space == KSP_SHARED ||
			    (!poly_delinearize(a->at.dom, pe, a->wrank, a->wdims, idx) &&
			     !poly_delinearize_div(a->at.dom, pe, a->wrank, a->wdims, idx)))
				continue;
			rank = a->wrank;
			memcpy(dims, a->wdims, sizeof(dims));
		} else {
			rank = aff_buffer_shape(a, b, pe, i, dims, idx);
		}
		if (rank < 0 && !tiled++) {
			i = -2;
			continue;
		}
		if (rank < 0) {
			a->at.dom = all;
			if (!keep)
				return gather_load(a, e, pe);
			aff_afail(a, e->loc, "a load is not a translation or permutation of the write under "
			          "any shape of its buffer");
		}
		if (rank == 0)
			continue;
		n = poly_map_in_coords(poly_access(all, idx, rank), a->at.w, ps, POLY_MAX_PIECES);
		if (n > 0 && (tiled ? raise_tiled_pieces_ok(ps, n, rank, a->at.box.rank)
		                    : simple_pieces(ps, n, rank, a->at.box.rank)))
			break;
	}
	a->at.dom = all;
	if (n > 1 && !tiled && a->r->k->bufs[b].space != KSP_SHARED)   /* global shapes */
		n = trailing_view(a, pe, b, &rank, dims, ps, n);
	lc = (LoadCtx){.rank = rank, .dims = dims, .loc = e->loc, .keep = keep};
	if (keep) {
		Box sub;
		if (n != 1 || tiled || a->at.live || !aff_clip(&ps[0], &a->at.box, &sub))
			return -1;
		for (int k = 0; k < sub.rank; k++)
			if (sub.lo[k] != a->at.box.lo[k] || sub.hi[k] != a->at.box.hi[k])
				return -1;
		lc.buf = reshaped_value(a, aff_load_version(a, e), rank, dims);
		return load_piece(a, &ps[0], &a->at.box, &lc);
	}
	lc.buf = reshaped_value(a, aff_load_version(a, e), rank, dims);
	return aff_assemble(a, ps, n, &a->at.box, tiled || a->at.live ? tiled_piece : load_piece, &lc);
}

/* The threads that run load e (recorded when it was substituted: a load under an affine
 * guard runs on the guard's threads only), among the running ones. Only domains without
 * open loop dimensions (grid-stride, reduction) are recorded and used. */
static PolySet *load_domain(Aff *a, const KirExpr *e)
{
	int found, *slot = aff_memo_slot(&a->lddom, e, &found);
	PolySet *d;
	if (!found) {             /* not from subst: runs everywhere, checked in a loop body */
		*slot = LD_IN_STRIDE;
		return a->at.dom;
	}
	if (*slot < 0 || a->loopvar >= 0 || a->stride || a->col ||
	    poly_set_is_subset(a->at.dom, a->lddoms.data[*slot]))
		return a->at.dom;
	d = poly_set_intersect(a->at.dom, a->lddoms.data[*slot]);
	return d;
}

/* load_at (not compact), 1 and *v when it succeeds; 0, with nothing emitted, when a fact is missing. */
static int load_try(Aff *a, const KirExpr *e, int *v)
{
	jmp_buf outer;
	Try t;
	int ok;
	memcpy(outer, a->fail, sizeof(jmp_buf));
	aff_try_begin(a, &t);
	ok = !setjmp(a->fail);
	if (ok)
		*v = aff_load_at(a, e, NULL);
	memcpy(a->fail, outer, sizeof(jmp_buf));
	if (!ok)
		aff_try_undo(a, &t);
	return ok;
}

/* A load that only some threads of the box run (a boundary guard such as `if (j >= 0)`
 * read eagerly through a select): when it is not in bounds on every thread, its value
 * where it runs and zeros elsewhere (pad and concatenate), so it needs to be in bounds
 * only where it runs. */
int aff_load(Aff *a, const KirExpr *e)
{
	At saved = a->at;
	PolySet *ld = load_domain(a, e);
	int v, ok;
	if (ld == a->at.dom)
		return aff_load_at(a, e, NULL);
	if (load_try(a, e, &v))
		return v;
	if (poly_set_is_empty(ld))
		return aff_splat(a, raise_dtype(e->type), 0, 0);
	a->at.dom = ld;
	a->at.w = poly_map_restrict(a->at.w, ld);
	a->at.pad = 1;
	a->at.pad_dt = raise_dtype(e->type);
	ok = load_try(a, e, &v);
	a->at = saved;
	if (!ok)
		aff_afail(a, a->wloc, a->why);
	return v;
}
