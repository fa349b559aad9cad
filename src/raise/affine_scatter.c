/* affine_scatter.c: a store whose index depends on data (out[perm[i]] = v), alone as a
 * scatter while the other stores and every read stay dense. Consumes such a store and
 * the running threads; produces, over each box of the threads in launch coordinates
 * (the block and thread dimensions of extent above 1, as write coordinates), the value
 * and the index by the dense strategy (their reads slices, a read through data a gather),
 * the boxes' lanes concatenated, and one scatter of them into the buffer extended by one
 * dummy element, where the lanes a data-dependent guard masks write (as the SIMT
 * strategy's scatter, simt.c). Two threads that store one element leave one of their
 * values, as on a GPU (a plain store; a read-modify-write there is refused as a possible
 * race before raise). Fails (afail) on what it does not build: a compound assignment, a
 * store in a grid-stride or loop dimension, shared memory, threads that are no union of
 * boxes, more than POLY_MAX_RANK dimensions. The lanes over the threads and the scatter
 * with a combiner serve the atomics too (affine_atomic.c). */
#include "affine_int.h"

#include <stdint.h>
#include <string.h>

/* The write coordinates of the threads: inside a grid-stride loop (an atomic there) its
 * iteration first (dimof POLY_NLAUNCH + level: `i = tid + S * l` is then row-major in
 * (l, tid)), then the launch dimensions of extent above 1 (tx when none is). Returns
 * their number, -1 when they are more than POLY_MAX_RANK. */
static int thread_coords(Aff *a, PolyExpr *idx[POLY_MAX_RANK], int64_t dims[POLY_MAX_RANK],
                         int *dimof, SrcLoc loc)
{
	const int64_t ext[POLY_NLAUNCH] = {a->r->grid[2], a->r->grid[1], a->r->grid[0],
	                                   a->r->block[2], a->r->block[1], a->r->block[0]};
	int rank = 0;
	for (int d = a->stride ? -1 : 0; d < POLY_NLAUNCH; d++) {
		int dim = d >= 0 ? d : POLY_NLAUNCH + POLY_MAX_LOOPS - 1;
		int64_t lo = 0, hi = 0;
		if (d >= 0 && ext[d] <= 1 && !(d == POLY_TX && rank == (a->stride != 0)))
			continue;
		if (rank == POLY_MAX_RANK)
			return -1;
		idx[rank] = poly_expr_dim(a->c, dim);
		if (d < 0 && (!poly_expr_bounds(idx[rank], a->at.dom, &lo, &hi) || lo != 0))
			aff_afail(a, loc, "a grid-stride loop of no constant trip count");
		dimof[rank] = dim;
		dims[rank++] = d >= 0 ? ext[d] : hi + 1;
	}
	return rank;
}

/* When the threads are several boxes (or none) in launch coordinates (`k < nnz` over
 * blocks x threads: the full blocks and part of the last), lane numbers as the write
 * coordinates: with two == 0 the lane as the one coordinate, when the threads are one
 * box of it (lanes 0 .. nnz-1); with two, (the block's number, the thread's number in
 * the block), when the threads are a union of boxes of those (a block's number as a
 * coordinate keeps it quasi-affine in the write coordinates, as shared memory's address
 * needs). In a grid-stride loop its iteration is outermost in the first. Sets idx,
 * dims, *w and boxes and returns the number of coordinates; 0 when neither holds. */
static int linear_coords(Aff *a, int two, PolyExpr *idx[POLY_MAX_RANK],
                         int64_t dims[POLY_MAX_RANK], PolyMap **w, PolyPiece *boxes, int *n)
{
	const int64_t ext[POLY_NLAUNCH] = {a->r->grid[2], a->r->grid[1], a->r->grid[0],
	                                   a->r->block[2], a->r->block[1], a->r->block[0]};
	int64_t coef[2][POLY_NDIMS] = {{0}}, stride[2] = {1, 1}, lo, hi;
	PolyExpr *lane[2];
	PolyMap *lw;
	PolyPiece ps[POLY_MAX_PIECES];
	int nl = two ? 2 : 1, np;
	for (int d = POLY_NLAUNCH - 1; d >= 0; d--) {
		int lev = two && d >= POLY_TZ;
		coef[lev][d] = ext[d] > 1 ? stride[lev] : 0;
		stride[lev] *= ext[d];
	}
	if (a->stride) {          /* a grid-stride loop's iteration outermost */
		int l = POLY_NLAUNCH + POLY_MAX_LOOPS - 1;
		if (!poly_expr_bounds(poly_expr_dim(a->c, l), a->at.dom, &lo, &hi) || lo != 0)
			return 0;
		coef[0][l] = stride[0];
		stride[0] *= hi + 1;
	}
	for (int k = 0; k < nl; k++)
		lane[k] = poly_expr_linear(a->c, coef[k], 0);
	lw = poly_access(a->at.dom, lane, nl);
	np = poly_map_in_coords(lw, lw, ps, POLY_MAX_PIECES);
	if (np <= 0 || (!two && np != 1))
		return 0;
	for (int k = 0; k < nl; k++) {
		idx[k] = lane[k];
		dims[k] = stride[k];
	}
	*w = lw;
	memcpy(boxes, ps, sizeof(PolyPiece) * (size_t)np);
	*n = np;
	return nl;
}

/* The value x over the box, flattened (one lane per thread of the box). */
static int flat(Aff *a, int x)
{
	int64_t n = 1;
	for (int k = 0; k < a->at.box.rank; k++)
		n *= a->at.box.hi[k] - a->at.box.lo[k];
	return tir_build_reshape(B(a), x, tir_type_vector(aff_dt_of(a, x), n));
}

/* buf[ix[l]] = v[l] for every lane l (the boxes' lanes concatenated), or combined with
 * the old contents when combiner is an op (an atomic: TOP_ADD, TOP_MINIMUM, ...). */
int aff_scatter_lanes(Aff *a, int buf, int64_t count, int ix, int v, int combiner)
{
	static const int64_t zero[1] = {0};
	int64_t lo[1] = {0}, hi[1] = {count}, d2[2];
	TScatterDims sd = {0};
	DType dt = aff_dt_of(a, buf);
	int xs[2], ext;
	xs[0] = buf;
	xs[1] = dtype_is_float(dt) ? tir_build_splat_float(B(a), tir_type_vector(dt, 1), 0)
	                           : tir_build_splat_int(B(a), tir_type_vector(dt, 1), 0);
	ext = tir_build_concatenate(B(a), xs, 2, 0);
	d2[0] = tir_value_type(a->r->f, ix)->dims[0];
	d2[1] = 1;
	ix = tir_build_reshape(B(a), ix, tir_type_tensor(DT_I32, 2, d2));
	sd.inserted_window_dims = (TInts){zero, 1};
	sd.scatter_dims_to_operand_dims = (TInts){zero, 1};
	sd.index_vector_dim = 1;
	a->r->st->ops[TOP_SCATTER]++;
	ext = tir_build_scatter(B(a), ext, ix, v, &sd, combiner);
	a->r->st->ops[TOP_SLICE]++;
	return tir_build_slice(B(a), ext, lo, hi, NULL);
}

/* Value ve over the box (box-shaped, converted to dt), fill (splat) where a data-dependent
 * guard masks the thread. */
int aff_masked_value(Aff *a, const KirExpr *ve, DType dt, int64_t fill)
{
	int v = aff_convert(a, aff_dense(a, ve), dt), m = aff_guard_mask(a);
	if (m < 0)
		return v;
	a->r->st->ops[TOP_SELECT]++;
	return tir_build_select(B(a), m, v, aff_splat(a, dt, 0, fill));
}

/* Lane values of one box: *v the value converted to dt, *ix (when ixe is not NULL) the
 * index; where a data-dependent guard masks the lane, the index is `count` (the dummy
 * element) or, without an index, the value is fill. */
static void box_lanes(Aff *a, const KirExpr *ve, const KirExpr *ixe, DType dt, int64_t count,
                      int64_t fill, int *v, int *ix)
{
	int m;
	if (!ixe) {
		*v = flat(a, aff_masked_value(a, ve, dt, fill));
		return;
	}
	*v = flat(a, aff_convert(a, aff_dense(a, ve), dt));
	*ix = aff_convert(a, aff_dense(a, ixe), DT_I32);
	m = aff_guard_mask(a);
	if (m >= 0) {
		a->r->st->ops[TOP_SELECT]++;
		*ix = tir_build_select(B(a), m, *ix, aff_splat(a, DT_I32, 0, count));
	}
	*ix = flat(a, *ix);
}

/* The running threads as boxes of write coordinates: the launch dimensions of extent
 * above 1 (dimof[k] the launch dimension of coordinate k), or, when `linear` and the
 * threads are several boxes of those, lane numbers (linear_coords: two when linear is
 * 2; dimof -1). Sets the write coordinates (a->widx ...) and *w; returns the number of
 * boxes. Fails (afail) on threads that are no union of boxes. */
int aff_thread_boxes(Aff *a, int linear, PolyPiece *boxes, PolyMap **w, int *dimof, SrcLoc loc)
{
	int rank, n, k;
	int64_t dims[POLY_MAX_RANK];
	PolyExpr *idx[POLY_MAX_RANK];
	rank = thread_coords(a, idx, dims, dimof, loc);
	if (rank > 0) {
		*w = poly_access(a->at.dom, idx, rank);
		n = poly_map_in_coords(*w, *w, boxes, POLY_MAX_PIECES);
	} else {
		n = 0;
	}
	if (linear && n != 1 && rank != 1 && (k = linear_coords(a, linear == 2, idx, dims, w, boxes,
	                                                       &n)) > 0) {
		rank = k;
		dimof[0] = dimof[1] = -1;
	}
	if (rank < 0)
		aff_afail(a, loc, "a store at a data-dependent index in a launch of more than 4 "
		          "dimensions");
	if (n <= 0)
		aff_afail(a, loc, "the threads of a scattered store or atomic are not a union of boxes");
	memcpy(a->widx, idx, sizeof(a->widx));
	memcpy(a->wdims, dims, sizeof(a->wdims));
	a->wrank = rank;
	a->wbuf = -1;
	return n;
}

/* Values are built over box i of n (of the whole map w) from here on. */
void aff_thread_box(Aff *a, PolyMap *w, const PolyPiece *boxes, int i, int n)
{
	aff_memo_reset(&a->memo);
	a->at.w = n > 1 ? poly_map_restrict_range(w, boxes[i].lo, boxes[i].hi) : w;
	a->at.box.rank = a->wrank;
	memcpy(a->at.box.lo, boxes[i].lo, sizeof(a->at.box.lo));
	memcpy(a->at.box.hi, boxes[i].hi, sizeof(a->at.box.hi));
}

/* Value ve (and index ixe, when not NULL) over the running threads, one lane per thread:
 * over each box of the threads in launch coordinates, the boxes' lanes concatenated.
 * Masked lanes as box_lanes says. Returns 1 when the lanes are in the SIMT strategy's
 * lane order (row-major over the launch coordinates, blocks first: each box's rows before
 * the next box's), else 0. Fails (afail) on threads that are no union of boxes. */
int aff_thread_lanes(Aff *a, int linear, const KirExpr *ve, const KirExpr *ixe, DType dt,
                     int64_t count, int64_t fill, int *v, int *ix, SrcLoc loc)
{
	int n, vs[POLY_MAX_PIECES], ixs[POLY_MAX_PIECES], ordered = 1, dimof[POLY_MAX_RANK];
	PolyPiece boxes[POLY_MAX_PIECES];
	PolyMap *whole_w;
	n = aff_thread_boxes(a, linear, boxes, &whole_w, dimof, loc);
	for (int i = 0; i < n; i++) {
		aff_thread_box(a, whole_w, boxes, i, n);
		box_lanes(a, ve, ixe, dt, count, fill, &vs[i], &ixs[i]);
		ordered &= i == 0 || boxes[i - 1].hi[0] <= boxes[i].lo[0];
	}
	*v = vs[0];
	*ix = ixe ? ixs[0] : -1;
	if (n > 1) {
		*v = tir_build_concatenate(B(a), vs, n, 0);
		a->r->st->ops[TOP_CONCATENATE]++;
	}
	if (n > 1 && ixe) {
		*ix = tir_build_concatenate(B(a), ixs, n, 0);
		a->r->st->ops[TOP_CONCATENATE]++;
	}
	a->at.w = whole_w;
	return ordered;
}

/* The bits of what substituted e depends on: 1 memory, 2 an unbound scalar. A DAG walk
 * (a->seen): each shared node once. */
static int depends(Aff *a, const KirExpr *e)
{
	int d = 0;
	if (!e || aff_visited(a, e))
		return 0;
	switch (e->kind) {
	case KE_LOAD: return 1;
	case KE_PARAM: return 2;
	case KE_UNARY: return depends(a, e->u.un.x);
	case KE_CAST: case KE_BITCAST: return depends(a, e->u.x);
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		return depends(a, e->u.bin.l) | depends(a, e->u.bin.r);
	case KE_COND:
		return depends(a, e->u.cond.c) | depends(a, e->u.cond.t) | depends(a, e->u.cond.f);
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			d |= depends(a, e->u.math.args[i]);
		return d;
	default: return 0;
	}
}

/* The fact a store at index ix (substituted) is missing for a dense store: `why` when the
 * index is quasi-affine (the store's own fact), else what it depends on. */
static const char *missing(Aff *a, const KirExpr *ix, const char *why)
{
	int d = 0;
	if (!why) {
		aff_memo_reset(&a->seen);
		d = depends(a, ix);
	}
	return why ? why : d & 1 ? "its index depends on data"
	         : d == 2 ? "its index depends on an unbound scalar"
	                  : "its index is not quasi-affine";
}

/* why: NULL when the index is not quasi-affine, else the fact the dense store missed. */
/* Is the store's index injective on the running threads (isl), with no lane masked (a
 * masked lane writes the dummy element, which several may share)? Then its scatter has
 * unique_indices. */
static int unique_lanes(Aff *a, const KirExpr *index)
{
	const char *why;
	PolyExpr *pe;
	if (a->ndc || AFF_LEFT(a))
		return 0;
	pe = poly_expr_from_kir(a->c, index, a->at.dom, aff_lookup, a, &why);
	return pe && poly_map_is_injective(poly_access(a->at.dom, &pe, 1));
}

/* unique_indices on the scatter whose result slice v is (aff_scatter_lanes). */
static void set_unique(Aff *a, int v)
{
	const TFunc *f = a->r->f;
	TOp *sl = f->values[v].def, *sc = sl && sl->noperands ? f->values[sl->operands[0]].def : NULL;
	if (sc && sc->kind == TOP_SCATTER)
		tir_op_set_bool(a->r->f, sc, "unique_indices", 1);
}

void aff_scatter_store(Aff *a, const KirExpr *e, const char *why)
{
	const KirLval *lv = &e->u.assign.lv;
	int b = lv->buffer, buf = a->r->buf[b], v, ix, unique = unique_lanes(a, lv->index);
	DType dt = aff_dt_of(a, buf);
	if (e->u.assign.op != KB_NONE || a->stride || a->loopvar >= 0 || a->tshape ||
	    a->r->k->bufs[b].space != KSP_GLOBAL || a->r->bufsize[b] >= INT32_MAX)
		aff_afail(a, e->loc, why ? why : "the store index is not quasi-affine");
	aff_thread_lanes(a, 1, e->u.assign.value, lv->index, dt, a->r->bufsize[b], 0, &v, &ix, e->loc);
	a->r->buf[b] = aff_scatter_lanes(a, buf, a->r->bufsize[b], ix, v, -1);
	if (unique)
		set_unique(a, a->r->buf[b]);
	a->last_store[b] = ++a->epoch;
	a->r->st->stores_scatter++;
	sb_printf(&a->r->st->notes, "  store %s at %d:%d: scatter (%s)%s\n", a->r->k->bufs[b].name,
	          e->loc.line, e->loc.col, missing(a, lv->index, why), unique ? ", unique indices" : "");
}
