/* affine_phases.c: strategy 2 (affine.c) across the phases that __syncthreads makes
 * (DESIGN.md, "Loop IR": shared memory is an array indexed by block). Consumes the facts
 * of one access of a __shared__ buffer (its in-block index as a quasi-affine expression)
 * and produces the shape under which the buffer's storage (r->buf, one copy per block,
 * block-major as simt.c lays it out) is a dense tensor over (block coordinates, shared
 * coordinates): a store to shared is then a dynamic_update_slice of that tensor like any
 * other, and a read of it in a later phase a slice, reshape and transpose. Also builds
 * the reads that tiles need and load_piece does not do: a coordinate split into a tile
 * index and an offset (in[(32 * by + ty) * nx + ...] read into tile[by][bx][ty][tx]) is
 * a slice, pad and reshape; a negated coordinate (buf[n - 1 - t]) is a reverse.
 *
 * Barriers need nothing else: strategy 2 evaluates the kernel one statement at a time
 * over every thread, as the SIMT strategy does (a legal schedule for a race-free kernel;
 * race.c refuses the proven races), so a store before a barrier is complete when any
 * statement after it reads. */
#include "affine_phases.h"

#include <string.h>

/* The grid dimensions above 1, outermost first, and their block coordinates. */
static int grid_prefix(Raise *r, PolyCtx *c, int64_t *dims, PolyExpr **idx)
{
	int n = 0;
	for (int d = 2; d >= 0; d--)          /* z, y, x */
		if (r->grid[d] > 1) {
			dims[n] = r->grid[d];
			idx[n++] = poly_expr_dim(c, POLY_BX - d);
		}
	return n;
}

#define MAX_SHAPES 18

int raise_shared_shape(Raise *r, PolyCtx *c, const PolySet *dom, int b, const PolyExpr *pe,
                       int cand, int64_t dims[POLY_MAX_RANK], PolyExpr *idx[POLY_MAX_RANK])
{
	const KirBuffer *kb = &r->k->bufs[b];
	int64_t shapes[MAX_SHAPES][POLY_MAX_RANK], v;
	int ranks[MAX_SHAPES], n = 0, np, rk;
	PolyExpr *sub[POLY_MAX_RANK];
	if (kb->count == 1) {                 /* a shared scalar: the block coordinates only */
		if (cand > 0)
			return -1;
		if (!poly_expr_is_const(pe, &v) || v != 0)
			return 0;
		np = grid_prefix(r, c, dims, idx);
		if (np == 0) {
			dims[0] = 1;
			idx[0] = (PolyExpr *)pe;
			np = 1;
		}
		return np;
	}
	if (kb->ndims >= 2 && !kb->is_extern && kb->ndims <= POLY_MAX_RANK) {
		memcpy(shapes[n], kb->dims, sizeof(int64_t) * (size_t)kb->ndims);
		ranks[n++] = kb->ndims;
	}
	n += poly_shape_candidates(pe, kb->count, shapes + n, ranks + n, MAX_SHAPES - 2 - n);
	shapes[n][0] = kb->count;             /* flat, delinearized */
	ranks[n++] = 1;
	shapes[n][0] = kb->count;             /* flat, the index itself (piecewise) */
	ranks[n++] = -1;
	if (cand >= n)
		return -1;
	np = grid_prefix(r, c, dims, idx);
	rk = ranks[cand] < 0 ? 1 : ranks[cand];
	if (np + rk > POLY_MAX_RANK)
		return 0;
	if (ranks[cand] > 0) {
		if (!poly_delinearize(dom, pe, rk, shapes[cand], sub))
			return 0;
	} else {
		PolySet *in = poly_set_intersect(poly_set_cmp(KB_GE, pe, poly_expr_const(c, 0)),
		                                 poly_set_cmp(KB_LT, pe, poly_expr_const(c, kb->count)));
		if (!poly_set_is_subset(dom, in))
			return 0;
		sub[0] = (PolyExpr *)pe;
	}
	memcpy(dims + np, shapes[cand], sizeof(int64_t) * (size_t)rk);
	memcpy(idx + np, sub, sizeof(PolyExpr *) * (size_t)rk);
	return np + rk;
}

/* ---- tiled and reversed reads ---- */

/* The terms of read coordinate j: the write coordinates with a nonzero coefficient. */
static int terms(const PolyPiece *p, int j, int wrank, int t[2])
{
	int n = 0;
	for (int k = 0; k < wrank; k++)
		if (p->coef[j][k]) {
			if (n == 2)
				return 3;
			t[n++] = k;
		}
	return n;
}

/* For a two-term coordinate: *big gets the tile's coordinate (coefficient C > 1), *small
 * the offset's (coefficient 1, spanning at most C values on lo..hi). 0 when not a tile. */
static int tile_terms(const PolyPiece *p, int j, const int t[2], const int64_t *lo,
                      const int64_t *hi, int *big, int *small)
{
	for (int s = 0; s < 2; s++) {
		int64_t cb = p->coef[j][t[1 - s]];
		if (p->coef[j][t[s]] == 1 && cb > 1 && hi[t[s]] - lo[t[s]] <= cb) {
			*big = t[1 - s];
			*small = t[s];
			return 1;
		}
	}
	return 0;
}

int raise_tiled_pieces_ok(const PolyPiece *ps, int n, int rank, int wrank)
{
	for (int i = 0; i < n; i++) {
		int used[POLY_MAX_RANK] = {0};
		for (int j = 0; j < rank; j++) {
			int t[2], nt = terms(&ps[i], j, wrank, t), big, small;
			if (nt == 3)
				return 0;
			if (nt == 2 && !tile_terms(&ps[i], j, t, ps[i].lo, ps[i].hi, &big, &small))
				return 0;
			for (int q = 0; q < nt; q++)
				if (used[t[q]]++)
					return 0;
		}
	}
	return 1;
}

typedef struct OutDim {       /* a dimension of the read before its transpose */
	int k;                    /* the write coordinate it runs along */
	int64_t ext;
	int rev;
} OutDim;

static int count_op(Raise *r, TOpKind k, int v)
{
	r->st->ops[k]++;
	return v;
}

int raise_tiled_read(Raise *r, int buf, int rank, const int64_t *dims, const PolyPiece *p,
                     int wrank, const int64_t *lo, const int64_t *hi, int may_pad,
                     const char **why)
{
	int64_t start[POLY_MAX_RANK], limit[POLY_MAX_RANK], padhi[POLY_MAX_RANK] = {0};
	int64_t step[POLY_MAX_RANK], oblo[POLY_MAX_RANK], obhi[POLY_MAX_RANK];
	int oob = 0;
	int64_t xdims[TIR_MAX_RANK], cut[TIR_MAX_RANK], zero[TIR_MAX_RANK] = {0};
	int64_t perm[TIR_MAX_RANK], bdims[TIR_MAX_RANK], rdims[TIR_MAX_RANK], wd[POLY_MAX_RANK];
	OutDim od[TIR_MAX_RANK];
	int nod = 0, split = 0, pad = 0, whole = 1, nrev = 0, v = buf, sorted = 1;
	DType dt = tir_value_type(r->f, buf)->dt;
	for (int j = 0; j < rank; j++) {
		int t[2], nt = terms(p, j, wrank, t), big = -1, small = -1;
		int64_t cst = p->cst[j], cf = nt == 1 ? p->coef[j][t[0]] : 0;
		step[j] = 1;
		if (nt == 2) {
			if (!tile_terms(p, j, t, lo, hi, &big, &small)) {
				*why = "a read is not a translation, reversal or tiling of the write";
				return -1;
			}
			if (hi[big] - lo[big] == 1) {     /* one tile: a translation */
				cst += p->coef[j][big] * lo[big];
				nt = 1;
				t[0] = small;
				cf = 1;
			}
		}
		if (nt == 0) {
			start[j] = cst;
			limit[j] = cst + 1;
		} else if (nt == 1 && cf > 0) {       /* cf * w + cst: a strided slice */
			start[j] = cf * lo[t[0]] + cst;
			limit[j] = cf * (hi[t[0]] - 1) + cst + 1;
			step[j] = cf;
			od[nod++] = (OutDim){t[0], hi[t[0]] - lo[t[0]], 0};
		} else if (nt == 1) {                 /* cst - |cf| * w: reversed */
			start[j] = cf * (hi[t[0]] - 1) + cst;
			limit[j] = cf * lo[t[0]] + cst + 1;
			step[j] = -cf;
			od[nod++] = (OutDim){t[0], hi[t[0]] - lo[t[0]], 1};
			nrev++;
		} else {                              /* C * w_big + w_small + cst */
			int64_t cb = p->coef[j][big];
			start[j] = cb * lo[big] + cst + lo[small];
			limit[j] = cb * (hi[big] - 1) + cst + hi[small];
			padhi[j] = cb - (hi[small] - lo[small]);
			pad |= padhi[j] > 0;
			od[nod++] = (OutDim){big, hi[big] - lo[big], 0};
			od[nod++] = (OutDim){small, cb, 0};
			split = 1;
		}
		oblo[j] = start[j] < 0 ? -start[j] : 0;
		obhi[j] = limit[j] > dims[j] ? limit[j] - dims[j] : 0;
		oob |= oblo[j] || obhi[j];
		whole &= start[j] == 0 && limit[j] == dims[j] && step[j] == 1;
	}
	if (oob && !may_pad) {
		*why = "a read slice is out of the buffer";
		return -1;
	}
	if (oob) {        /* the lanes that read outside are not taken (the caller proved it) */
		int pv = dtype_is_float(dt) ? tir_build_splat_float(&r->b, tir_type_scalar(dt), 0)
		                            : tir_build_splat_int(&r->b, tir_type_scalar(dt), 0);
		v = count_op(r, TOP_PAD, tir_build_pad(&r->b, v, pv, oblo, obhi, NULL));
		for (int j = 0; j < rank; j++) {
			start[j] += oblo[j];
			limit[j] += oblo[j];
		}
		whole = 0;
	}
	if (!whole)
		v = count_op(r, TOP_SLICE, tir_build_slice(&r->b, v, start, limit, step));
	if (pad) {
		int pv = dtype_is_float(dt) ? tir_build_splat_float(&r->b, tir_type_scalar(dt), 0)
		                            : tir_build_splat_int(&r->b, tir_type_scalar(dt), 0);
		v = count_op(r, TOP_PAD, tir_build_pad(&r->b, v, pv, zero, padhi, NULL));
	}
	for (int i = 0; i < nod; i++)
		xdims[i] = od[i].ext;
	if (split || nod != rank)
		v = tir_build_reshape(&r->b, v, tir_type_tensor(dt, nod, xdims));
	if (pad) {                            /* drop the padding: each offset spans its box */
		for (int i = 0; i < nod; i++) {
			od[i].ext = hi[od[i].k] - lo[od[i].k];
			cut[i] = od[i].ext;
		}
		v = count_op(r, TOP_SLICE, tir_build_slice(&r->b, v, zero, cut, NULL));
	}
	if (nrev) {
		int n = 0;
		for (int i = 0; i < nod; i++)
			if (od[i].rev)
				rdims[n++] = i;
		v = count_op(r, TOP_REVERSE, tir_build_reverse(&r->b, v, rdims, n));
	}
	/* order the dimensions by write coordinate, then broadcast over the missing ones */
	for (int i = 0; i < nod; i++)
		perm[i] = i;
	for (int i = 0; i < nod; i++)
		for (int j = i + 1; j < nod; j++)
			if (od[perm[j]].k < od[perm[i]].k) {
				int64_t t = perm[i];
				perm[i] = perm[j];
				perm[j] = t;
			}
	for (int i = 0; i < nod; i++)
		sorted &= perm[i] == i;
	if (!sorted)
		v = count_op(r, TOP_TRANSPOSE, tir_build_transpose(&r->b, v, perm));
	for (int i = 0; i < nod; i++)
		bdims[i] = od[perm[i]].k;
	for (int k = 0; k < wrank; k++)
		wd[k] = hi[k] - lo[k];
	if (nod != wrank)
		v = count_op(r, TOP_BROADCAST_IN_DIM,
		             tir_build_broadcast_in_dim(&r->b, v, tir_type_tensor(dt, wrank, wd), bdims));
	return v;
}

/* ---- a result store over (block, thread) coordinates ---- */

/* Is delinearized coordinate e of the form T * b + t, a block coordinate times the block's
 * extent T plus the same axis's thread coordinate? Sets the grid axis (0 x, 1 y, 2 z). */
static int block_thread(Raise *r, const PolyExpr *e, int *axis)
{
	int64_t coef[POLY_NDIMS], cst;
	int bd = -1, td = -1;
	if (!poly_expr_get_linear(e, coef, &cst) || cst != 0)
		return 0;
	for (int d = 0; d < POLY_NDIMS; d++) {
		if (!coef[d])
			continue;
		if (d <= POLY_BX && bd < 0)
			bd = d;
		else if (d >= POLY_TZ && d <= POLY_TX && td < 0)
			td = d;
		else
			return 0;
	}
	if (bd < 0 || td != bd + (POLY_TZ - POLY_BZ) || coef[td] != 1)
		return 0;
	*axis = POLY_BX - bd;
	return coef[bd] == r->block[*axis];
}

int raise_tiled_shape(Raise *r, PolyCtx *c, const PolySet *dom, const PolyExpr *pe,
                      int64_t count, int64_t fdims[2], int64_t pdims[2],
                      int64_t dims[POLY_MAX_RANK], PolyExpr *idx[POLY_MAX_RANK])
{
	int64_t shapes[16][POLY_MAX_RANK];
	int ranks[16], n = poly_shape_candidates(pe, count, shapes, ranks, 16);
	for (int i = 0; i < n; i++) {
		PolyExpr *sub[POLY_MAX_RANK];
		int ok = ranks[i] == 2 && poly_delinearize(dom, pe, 2, shapes[i], sub);
		for (int j = 0; j < 2 && ok; j++) {
			int ax;
			ok = block_thread(r, sub[j], &ax);
			if (!ok)
				break;
			dims[2 * j] = r->grid[ax];
			dims[2 * j + 1] = r->block[ax];
			idx[2 * j] = poly_expr_dim(c, POLY_BX - ax);
			idx[2 * j + 1] = poly_expr_dim(c, POLY_TX - ax);
			fdims[j] = shapes[i][j];
			pdims[j] = r->grid[ax] * r->block[ax];
			ok = pdims[j] >= fdims[j];
		}
		if (ok)
			return 1;
	}
	return 0;
}
