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
 * boxes, more than POLY_MAX_RANK dimensions. */
#include "affine_int.h"

#include <stdint.h>
#include <string.h>

/* The write coordinates of the threads: launch dimensions of extent above 1 (tx when
 * none is). Returns their number. */
static int thread_coords(Aff *a, PolyExpr *idx[POLY_MAX_RANK], int64_t dims[POLY_MAX_RANK],
                         SrcLoc loc)
{
	const int64_t ext[POLY_NLAUNCH] = {a->r->grid[2], a->r->grid[1], a->r->grid[0],
	                                   a->r->block[2], a->r->block[1], a->r->block[0]};
	int rank = 0;
	for (int d = 0; d < POLY_NLAUNCH; d++) {
		if (ext[d] <= 1 && !(d == POLY_TX && rank == 0))
			continue;
		if (rank == POLY_MAX_RANK)
			aff_afail(a, loc, "a store at a data-dependent index in a launch of more than 4 "
			          "dimensions");
		idx[rank] = poly_expr_dim(a->c, d);
		dims[rank++] = ext[d];
	}
	return rank;
}

/* The value x over the box, flattened (one lane per thread of the box). */
static int flat(Aff *a, int x)
{
	int64_t n = 1;
	for (int k = 0; k < a->at.box.rank; k++)
		n *= a->at.box.hi[k] - a->at.box.lo[k];
	return tir_build_reshape(B(a), x, tir_type_vector(aff_dt_of(a, x), n));
}

/* buf[ix[l]] = v[l] for every lane l (the boxes' lanes concatenated). */
static int scatter(Aff *a, int buf, int64_t count, int ix, int v)
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
	ext = tir_build_scatter(B(a), ext, ix, v, &sd, -1);
	a->r->st->ops[TOP_SLICE]++;
	return tir_build_slice(B(a), ext, lo, hi, NULL);
}

/* Lane values of the store over each box: vs[i], ixs[i] (ix `count`, the dummy element,
 * where a data-dependent guard masks the lane). */
static void box_lanes(Aff *a, const KirExpr *e, int64_t count, DType dt, int *v, int *ix)
{
	int m;
	*v = flat(a, aff_convert(a, aff_dense(a, e->u.assign.value), dt));
	*ix = aff_convert(a, aff_dense(a, e->u.assign.lv.index), DT_I32);
	m = aff_guard_mask(a);
	if (m >= 0) {
		a->r->st->ops[TOP_SELECT]++;
		*ix = tir_build_select(B(a), m, *ix, aff_splat(a, DT_I32, 0, count));
	}
	*ix = flat(a, *ix);
}

void aff_scatter_store(Aff *a, const KirExpr *e)
{
	const KirLval *lv = &e->u.assign.lv;
	int b = lv->buffer, rank, n, buf = a->r->buf[b], vs[POLY_MAX_PIECES], ixs[POLY_MAX_PIECES];
	int64_t dims[POLY_MAX_RANK];
	PolyExpr *idx[POLY_MAX_RANK];
	PolyPiece boxes[POLY_MAX_PIECES];
	PolyMap *whole_w;
	DType dt = aff_dt_of(a, buf);
	if (e->u.assign.op != KB_NONE || a->stride || a->loopvar >= 0 || a->tshape ||
	    a->r->k->bufs[b].space != KSP_GLOBAL || a->r->bufsize[b] >= INT32_MAX)
		aff_afail(a, e->loc, "the store index is not quasi-affine");
	rank = thread_coords(a, idx, dims, e->loc);
	whole_w = poly_access(a->at.dom, idx, rank);
	n = poly_map_in_coords(whole_w, whole_w, boxes, POLY_MAX_PIECES);
	if (n <= 0)
		aff_afail(a, e->loc, "the threads of a store at a data-dependent index are not a "
		          "union of boxes");
	memcpy(a->widx, idx, sizeof(a->widx));
	memcpy(a->wdims, dims, sizeof(a->wdims));
	a->wrank = rank;
	a->wbuf = -1;
	for (int i = 0; i < n; i++) {
		aff_memo_reset(&a->memo);
		a->at.w = n > 1 ? poly_map_restrict_range(whole_w, boxes[i].lo, boxes[i].hi) : whole_w;
		a->at.box.rank = rank;
		memcpy(a->at.box.lo, boxes[i].lo, sizeof(a->at.box.lo));
		memcpy(a->at.box.hi, boxes[i].hi, sizeof(a->at.box.hi));
		box_lanes(a, e, a->r->bufsize[b], dt, &vs[i], &ixs[i]);
	}
	if (n > 1) {
		vs[0] = tir_build_concatenate(B(a), vs, n, 0);
		ixs[0] = tir_build_concatenate(B(a), ixs, n, 0);
		a->r->st->ops[TOP_CONCATENATE] += 2;
	}
	buf = scatter(a, buf, a->r->bufsize[b], ixs[0], vs[0]);
	a->at.w = whole_w;
	a->r->buf[b] = buf;
	a->last_store[b] = ++a->epoch;
	a->r->st->stores_scatter++;
	sb_printf(&a->r->st->notes, "  store %s at %d:%d: scatter (its index is not quasi-affine: "
	          "data or an unbound scalar)\n", a->r->k->bufs[b].name, e->loc.line, e->loc.col);
}
