/* affine_split.c: quasi-affine reads as slices of a split write coordinate. Consumes a
 * load whose flat index is quasi-affine in the write coordinates but no set of slices
 * (scale[i / 4], w[i % 16], part[blockIdx.x] under a store over i) and the store's box;
 * produces its value over the box without a gather: write coordinate k is split into
 * (q, r), w_k = lo + den * q + r, over ceil(E / den) x den (the box widened to whole
 * multiples of den where it does not start or end on one); the index is then a slice of
 * the buffer along q (start + q: a floor division) or along r (start + r: a remainder),
 * broadcast along the other, reshaped back and sliced to the box. den is one of the
 * divisors isl's quasi-affine form of the index has; the form start + q or start + r is
 * checked at every value of w_k on the box (an exact check, bounded by SPLIT_MAX_EXTENT).
 * Returns -1, with nothing emitted, when the index is not of that form (one piece on the
 * whole box, one write coordinate) or the slice leaves the buffer on the widened box;
 * the caller then gathers. */
#include "affine_int.h"


/* Bounds on the exhaustive check (split_of): extent of the coordinate, divisor. */
#define SPLIT_MAX_EXTENT (1 << 16)
#define SPLIT_MAX_DEN 1024

typedef struct Split {
	int k;                    /* the write coordinate split */
	int64_t den, lo, ext;     /* w_k = lo + den * q + r, q < ext / den, over the widened box */
	int along_r;              /* the read follows r (a remainder), else q (a quotient) */
	int64_t start, len;       /* the slice of the flat buffer */
} Split;

static int64_t floor_div(int64_t x, int64_t d)
{
	return x / d - (x % d != 0 && (x < 0) != (d < 0));
}

/* Piece p at write coordinate k = w (it involves no other coordinate). */
static int64_t eval_at(const PolyQPiece *p, int k, int64_t w)
{
	int64_t d[POLY_MAX_DIVS], v = p->val.coef[k] * w + p->val.cst;
	for (int q = 0; q < p->ndivs; q++) {
		int64_t num = p->num[q].coef[k] * w + p->num[q].cst;
		for (int j = 0; j < q; j++)
			num += p->num[q].dcoef[j] * d[j];
		d[q] = floor_div(num, p->den[q]);
		v += p->val.dcoef[q] * d[q];
	}
	return v;
}

/* The one write coordinate piece p involves, or -1 (none, or several). */
static int coord_of(const PolyQPiece *p, int rank)
{
	int k = -1;
	for (int j = 0; j < rank; j++) {
		int uses = p->val.coef[j] != 0;
		for (int q = 0; q < p->ndivs; q++)
			uses |= p->num[q].coef[j] != 0;
		if (uses && k >= 0)
			return -1;
		if (uses)
			k = j;
	}
	return k;
}

/* Does the index follow q (or r, along_r) of the split (s->den, s->lo) on every point of
 * the box, as start + q (start + r)? Checked at every value of w_k: exact. */
static int follows(const PolyQPiece *p, const Box *bx, Split *s)
{
	int64_t lo = bx->lo[s->k], hi = bx->hi[s->k];
	for (int64_t w = lo; w < hi; w++) {
		int64_t q = (w - s->lo) / s->den, r = (w - s->lo) % s->den;
		int64_t at = s->along_r ? r : q, v = eval_at(p, s->k, w);
		if (w == lo)
			s->start = v - at;
		else if (v != s->start + at)
			return 0;
	}
	return 1;
}

/* Is piece p, on the whole box, the index `start + q` or `start + r` of coordinate k
 * split by one of its divisors, at some phase, in bounds of a buffer of count elements
 * on the widened box? Fills s. */
static int split_of(const PolyQPiece *p, const Box *bx, int64_t count, Split *s)
{
	int k = coord_of(p, bx->rank);
	if (k < 0 || p->ndivs < 1 || bx->hi[k] - bx->lo[k] > SPLIT_MAX_EXTENT)
		return 0;
	for (int j = 0; j < bx->rank; j++)
		if (p->lo[j] > bx->lo[j] || p->hi[j] < bx->hi[j])
			return 0;
	s->k = k;
	for (int q = 0; q < p->ndivs; q++) {
		s->den = p->den[q];
		if (s->den < 2 || s->den > SPLIT_MAX_DEN)
			continue;
		for (int64_t ph = 0; ph < s->den; ph++) {
			s->lo = bx->lo[k] - ph;
			s->ext = (bx->hi[k] - s->lo + s->den - 1) / s->den * s->den;
			for (s->along_r = 0; s->along_r < 2; s->along_r++) {
				s->len = s->along_r ? s->den : s->ext / s->den;
				if (follows(p, bx, s) && s->start >= 0 && s->start + s->len <= count)
					return 1;
			}
		}
	}
	return 0;
}

/* The value over the box of flat buffer version buf read at quasi-affine index pe, or -1. */
int aff_split_read(Aff *a, const PolyExpr *pe, int buf, int64_t count)
{
	PolyQPiece qs[POLY_MAX_PIECES];
	Split s = {0};
	const Box *bx = &a->at.box;
	int64_t start[1], limit[1], wide[POLY_MAX_RANK + 1], bdim[1], lo[POLY_MAX_RANK],
		hi[POLY_MAX_RANK], flat[POLY_MAX_RANK];
	int v, r = 0;
	DType dt = aff_dt_of(a, buf);
	int nq = poly_expr_in_coords_quasi(pe, a->at.w, qs, POLY_MAX_PIECES);
	if (nq != 1 || !split_of(&qs[0], bx, count, &s))
		return -1;
	start[0] = s.start;
	limit[0] = s.start + s.len;
	v = tir_build_slice(B(a), buf, start, limit, NULL);
	for (int j = 0; j < bx->rank; j++) {
		flat[j] = j == s.k ? s.ext : bx->hi[j] - bx->lo[j];
		if (j == s.k) {
			wide[r++] = s.ext / s.den;
			wide[r++] = s.den;
		} else {
			wide[r++] = flat[j];
		}
		lo[j] = j == s.k ? bx->lo[j] - s.lo : 0;
		hi[j] = lo[j] + bx->hi[j] - bx->lo[j];
	}
	bdim[0] = s.k + s.along_r;
	v = tir_build_broadcast_in_dim(B(a), v, tir_type_tensor(dt, r, wide), bdim);
	v = tir_build_reshape(B(a), v, tir_type_tensor(dt, bx->rank, flat));
	if (s.ext != bx->hi[s.k] - bx->lo[s.k]) {
		v = tir_build_slice(B(a), v, lo, hi, NULL);
		a->r->st->ops[TOP_SLICE]++;
	}
	a->r->st->ops[TOP_SLICE]++;
	a->r->st->ops[TOP_BROADCAST_IN_DIM]++;
	return v;
}

/* The value over the box of flat buffer version buf read at affine index pe when pe is,
 * on the whole box, cst + sum c_k * w_k over some write coordinates whose coefficients
 * nest (ordered by decreasing c_k, each c_k is the next one's times its extent; the last
 * c >= 2): x[128 * blockIdx.x + 32 * warp + d] under a store over (blockIdx.x, warp), a
 * buffer of 1000 elements that no shape splits. That is one slice of stride c, reshaped
 * to those coordinates' extents, ordered by write coordinate and broadcast along the
 * others. Past the buffer's end (a read a guard masks there) it reads the last element,
 * as the gather's clamped index does. Else -1, with nothing emitted (the caller then
 * gathers). */
int aff_strided_read(Aff *a, const PolyExpr *pe, int buf, int64_t count)
{
	PolyPiece p;
	const Box *bx = &a->at.box;
	int64_t start[1], limit[1], stride[1], keep[POLY_MAX_RANK], ext[POLY_MAX_RANK],
		perm[POLY_MAX_RANK], bdims[POLY_MAX_RANK], len = 1, c;
	int nk = 0, v;
	if (poly_expr_in_coords(pe, a->at.w, &p, 1) != 1)
		return -1;
	start[0] = p.cst[0];
	for (int j = 0; j < bx->rank; j++) {
		int i;
		if (p.lo[j] > bx->lo[j] || p.hi[j] < bx->hi[j] || p.coef[0][j] < 0)
			return -1;
		if (!p.coef[0][j])
			continue;
		start[0] += p.coef[0][j] * bx->lo[j];
		for (i = nk; i > 0 && p.coef[0][keep[i - 1]] < p.coef[0][j]; i--)
			keep[i] = keep[i - 1];
		keep[i] = j;
		nk++;
	}
	if (!nk || (c = p.coef[0][keep[nk - 1]]) < 2)
		return -1;
	for (int i = 0; i < nk; i++) {
		ext[i] = bx->hi[keep[i]] - bx->lo[keep[i]];
		if (i + 1 < nk && p.coef[0][keep[i]] != p.coef[0][keep[i + 1]] * (bx->hi[keep[i + 1]] - bx->lo[keep[i + 1]]))
			return -1;
		len *= ext[i];
	}
	limit[0] = start[0] + c * (len - 1) + 1;
	if (start[0] < 0 || start[0] >= count || limit[0] > 2 * count)
		return -1;
	if (limit[0] > count) {
		/* past the end (threads a guard masks, `i < n ? x[i] : 0`): the last element, as
		 * the gather's clamped index reads */
		int64_t last[1] = {count - 1}, end[1] = {count}, more[1] = {limit[0] - count};
		int xs[2] = {buf, tir_build_slice(B(a), buf, last, end, NULL)};
		xs[1] = tir_build_broadcast_in_dim(B(a), xs[1], tir_type_tensor(aff_dt_of(a, buf), 1, more),
		                                   (const int64_t[1]){0});
		buf = tir_build_concatenate(B(a), xs, 2, 0);
		a->r->st->ops[TOP_SLICE]++;
		a->r->st->ops[TOP_BROADCAST_IN_DIM]++;
		a->r->st->ops[TOP_CONCATENATE]++;
	}
	stride[0] = c;
	v = tir_build_slice(B(a), buf, start, limit, stride);
	a->r->st->ops[TOP_SLICE]++;
	if (nk > 1)
		v = tir_build_reshape(B(a), v, tir_type_tensor(aff_dt_of(a, buf), nk, ext));
	v = raise_sort_dims(B(a), v, keep, nk, perm, a->r->st->ops);
	for (int i = 0; i < nk; i++)
		bdims[i] = keep[perm[i]];
	if (nk != bx->rank) {
		v = tir_build_broadcast_in_dim(B(a), v, aff_box_type(bx, aff_dt_of(a, buf)), bdims);
		a->r->st->ops[TOP_BROADCAST_IN_DIM]++;
	}
	return v;
}
