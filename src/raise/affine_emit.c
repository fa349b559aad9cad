/* affine_emit.c: tensor values over the box of the store being built. Consumes the
 * current box and write relation; produces small splats, conversions and binary ops,
 * values assembled from pieces over a guillotine cut of the box (concatenate), and
 * affine and quasi-affine integer values (iotas, floor divisions) in the write
 * coordinates. Every op goes to the scratch block and is counted for --report. */
#include "affine_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- types and small builders ---- */

TType aff_box_type(const Box *bx, DType dt)
{
	int64_t d[POLY_MAX_RANK];
	for (int k = 0; k < bx->rank; k++)
		d[k] = bx->hi[k] - bx->lo[k];
	return tir_type_tensor(dt, bx->rank, d);
}

DType aff_dt_of(Aff *a, int v) { return tir_value_type(a->r->f, v)->dt; }

int aff_bin(Aff *a, TOpKind k, int x, int y)
{
	a->r->st->ops[k]++;
	return tir_build_binary(B(a), k, x, y);
}

int aff_splat(Aff *a, DType dt, double f, int64_t i)
{
	TType t = aff_box_type(&a->at.box, dt);
	return dtype_is_float(dt) ? tir_build_splat_float(B(a), t, f) : tir_build_splat_int(B(a), t, i);
}

int aff_convert(Aff *a, int v, DType to)
{
	DType from = aff_dt_of(a, v);
	if (from == to)
		return v;
	if (to == DT_I1) {
		int z = aff_splat(a, from, 0, 0);
		return tir_build_compare(B(a), CMP_NE, v, z);
	}
	a->r->st->ops[TOP_CONVERT]++;
	return tir_build_convert(B(a), v, to);
}

int aff_scalar_i32(Aff *a, int64_t v)
{
	return tir_build_splat_int(B(a), tir_type_scalar(DT_I32), v);
}

/* ---- pieces assembled over the current box (guillotine cuts, concatenate) ---- */

int aff_clip(const PolyPiece *p, const Box *bx, Box *out)
{
	out->rank = bx->rank;
	for (int k = 0; k < bx->rank; k++) {
		out->lo[k] = p->lo[k] > bx->lo[k] ? p->lo[k] : bx->lo[k];
		out->hi[k] = p->hi[k] < bx->hi[k] ? p->hi[k] : bx->hi[k];
		if (out->lo[k] >= out->hi[k])
			return 0;
	}
	return 1;
}

/* bx cut at coordinate `cut` of dimension k: both sides assembled, then concatenated */
static int split_at(Aff *a, const PolyPiece *ps, int n, const Box *bx, int k, int64_t cut,
                    PieceFn fn, void *ctx)
{
	Box l = *bx, h = *bx;
	int parts[2];

	l.hi[k] = cut;
	h.lo[k] = cut;
	parts[0] = aff_assemble(a, ps, n, &l, fn, ctx);
	parts[1] = aff_assemble(a, ps, n, &h, fn, ctx);
	a->r->st->ops[TOP_CONCATENATE]++;
	return tir_build_concatenate(B(a), parts, 2, k);
}

int aff_assemble(Aff *a, const PolyPiece *ps, int n, const Box *bx, PieceFn fn, void *ctx)
{
	int idx[POLY_MAX_PIECES], m = 0;
	Box sub[POLY_MAX_PIECES];
	for (int i = 0; i < n; i++)
		if (aff_clip(&ps[i], bx, &sub[m]))
			idx[m++] = i;
	if (m == 0 && a->at.pad) {   /* no thread reads here: any value will do */
		Box saved = a->at.box;
		int v;
		a->at.box = *bx;
		v = aff_splat(a, a->at.pad_dt, 0, 0);
		a->at.box = saved;
		return v;
	}
	if (m == 0)
		aff_afail(a, a->r->k->loc, "a read is not defined on part of the store's box");
	if (m == 1) {
		int whole = 1;
		for (int k = 0; k < bx->rank; k++)
			whole &= sub[0].lo[k] == bx->lo[k] && sub[0].hi[k] == bx->hi[k];
		if (whole) {
			Box saved = a->at.box;
			int v;
			a->at.box = *bx;
			v = fn(a, &ps[idx[0]], bx, ctx);
			a->at.box = saved;
			return v;
		}
		if (!a->at.pad)
			aff_afail(a, a->r->k->loc, "the read pieces do not cover the store's box");
	}
	/* a cut: a dimension and a coordinate with every piece on one side */
	for (int k = 0; k < bx->rank; k++)
		for (int i = 0; i < m; i++) {
			int64_t cut = sub[i].hi[k];
			int ok = cut < bx->hi[k];
			for (int j = 0; j < m && ok; j++)
				ok = sub[j].hi[k] <= cut || sub[j].lo[k] >= cut;
			if (ok)
				return split_at(a, ps, n, bx, k, cut, fn, ctx);
		}
	/* with gaps: also a cut at the low side of a piece */
	for (int k = 0; k < bx->rank && a->at.pad; k++)
		for (int i = 0; i < m; i++) {
			int64_t cut = sub[i].lo[k];
			int ok = cut > bx->lo[k];
			for (int j = 0; j < m && ok; j++)
				ok = sub[j].hi[k] <= cut || sub[j].lo[k] >= cut;
			if (ok)
				return split_at(a, ps, n, bx, k, cut, fn, ctx);
		}
	aff_afail(a, a->r->k->loc, "the read pieces are not a grid of boxes");
}

/* ---- affine integer values: sum coef_k * w_k + cst as iotas ---- */

static int affine_piece(Aff *a, const PolyPiece *p, const Box *sub, void *ctx)
{
	DType dt = *(const DType *)ctx;
	TType t = aff_box_type(sub, dt);
	int v = -1;
	int64_t cst = p->cst[0];
	for (int k = 0; k < sub->rank; k++) {
		int64_t cf = p->coef[0][k];
		int io;
		if (!cf)
			continue;
		io = tir_build_iota(B(a), t, k);
		a->r->st->ops[TOP_IOTA]++;
		cst += cf * sub->lo[k];       /* w_k = iota + lo_k */
		if (cf != 1)
			io = aff_bin(a, TOP_MULTIPLY, io, aff_splat(a, dt, 0, cf));
		v = v < 0 ? io : aff_bin(a, TOP_ADD, v, io);
	}
	if (v < 0)
		return aff_splat(a, dt, 0, cst);
	return cst ? aff_bin(a, TOP_ADD, v, aff_splat(a, dt, 0, cst)) : v;
}

/* ---- quasi-affine integer values (i % 32, g / 24 of a linear id): iotas and floor
 * divisions. Every numerator is shifted by a multiple K of its divisor to be
 * non-negative on the box, where the truncating divide of StableHLO is the floor; all
 * intermediate values are bounded (sum of the terms' magnitudes) below 2^(bits-1), so
 * nothing wraps and unsigned arithmetic gives the same values. ---- */

typedef struct QCtx {
	const PolyQPiece *qs;
	const PolyPiece *shells;  /* the same boxes, for assemble */
	DType dt;
} QCtx;

/* t over sub with the shifted divisions d[q] = d_q + K[q]: the constant folds the box
 * origin and the shifts in; *bound gets the sum of the terms' magnitudes. Emits
 * nothing when emit is 0. */
static int qterm_value(Aff *a, const PolyQTerm *t, int nd, const int *d, const int64_t *K,
                       const double *dmax, const Box *sub, DType dt, int emit, double *bound)
{
	TType tt = aff_box_type(sub, dt);
	int64_t cst = t->cst;
	int v = -1;
	*bound = 0;
	for (int k = 0; k < sub->rank; k++) {
		cst += t->coef[k] * sub->lo[k];
		*bound += fabs((double)t->coef[k]) * (double)(sub->hi[k] - sub->lo[k] - 1);
	}
	for (int q = 0; q < nd; q++) {
		cst -= t->dcoef[q] * K[q];
		*bound += fabs((double)t->dcoef[q]) * dmax[q];
	}
	*bound += fabs((double)cst);
	if (!emit)
		return -1;
	for (int k = 0; k < sub->rank + nd; k++) {
		int64_t cf = k < sub->rank ? t->coef[k] : t->dcoef[k - sub->rank];
		int x;
		if (!cf)
			continue;
		if (k < sub->rank) {
			x = tir_build_iota(B(a), tt, k);
			a->r->st->ops[TOP_IOTA]++;
		} else {
			x = d[k - sub->rank];
		}
		if (cf != 1 && cf != -1)
			x = aff_bin(a, TOP_MULTIPLY, x, aff_splat(a, dt, 0, cf < 0 ? -cf : cf));
		if (v < 0 && cf < 0)
			v = aff_bin(a, TOP_SUBTRACT, aff_splat(a, dt, 0, 0), x);
		else
			v = v < 0 ? x : aff_bin(a, cf < 0 ? TOP_SUBTRACT : TOP_ADD, v, x);
	}
	if (v < 0)
		return aff_splat(a, dt, 0, cst);
	if (cst)
		v = aff_bin(a, cst < 0 ? TOP_SUBTRACT : TOP_ADD, v, aff_splat(a, dt, 0, cst < 0 ? -cst : cst));
	return v;
}

static int quasi_piece(Aff *a, const PolyPiece *p, const Box *sub, void *ctx)
{
	QCtx *qc = ctx;
	const PolyQPiece *qp = &qc->qs[p - qc->shells];
	int bits = dtype_bits(qc->dt), d[POLY_MAX_DIVS];
	int64_t K[POLY_MAX_DIVS];
	double dmax[POLY_MAX_DIVS], limit = ldexp(1.0, bits - 1), bound;
	/* first the bounds (nothing emitted), then the values */
	for (int pass = 0; pass < 2; pass++) {
		for (int q = 0; q < qp->ndivs; q++) {
			K[q] = qp->min[q] < 0 ? (-qp->min[q] + qp->den[q] - 1) / qp->den[q] : 0;
			dmax[q] = (double)((qp->max[q] + K[q] * qp->den[q]) / qp->den[q]);
			d[q] = qterm_value(a, &qp->num[q], q, d, K, dmax, sub, qc->dt, pass, &bound);
			if (bound + (double)(K[q] * qp->den[q]) >= limit)
				aff_afail(a, a->r->k->loc, "a quasi-affine value whose terms may overflow");
			if (pass) {
				if (K[q])
					d[q] = aff_bin(a, TOP_ADD, d[q], aff_splat(a, qc->dt, 0, K[q] * qp->den[q]));
				d[q] = aff_bin(a, TOP_DIVIDE, d[q], aff_splat(a, qc->dt, 0, qp->den[q]));
			}
		}
		{
			int v = qterm_value(a, &qp->val, qp->ndivs, d, K, dmax, sub, qc->dt, pass, &bound);
			if (bound >= limit)
				aff_afail(a, a->r->k->loc, "a quasi-affine value whose terms may overflow");
			if (pass)
				return v;
		}
	}
	return -1;
}

int aff_value(Aff *a, const PolyExpr *pe, DType dt, SrcLoc loc)
{
	int v = aff_value_try(a, pe, dt);
	if (v < 0)
		aff_afail(a, loc, AFF_NOT_QUASI);
	return v;
}

/* pe over the write coordinates from its pieces (affine or quasi-affine on boxes), or -1
 * (nothing built) when isl gives no such pieces. */
int aff_value_try(Aff *a, const PolyExpr *pe, DType dt)
{
	PolyPiece ps[POLY_MAX_PIECES];
	PolyQPiece qs[POLY_MAX_PIECES];
	QCtx qc = {qs, ps, dt};
	int64_t cv;
	int n;
	if (poly_expr_is_const(pe, &cv))
		return aff_splat(a, dt, 0, cv);
	n = poly_expr_in_coords(pe, a->at.w, ps, POLY_MAX_PIECES);
	if (n > 0)
		return aff_assemble(a, ps, n, &a->at.box, affine_piece, &dt);
	if (n == 0)           /* not when isl's budget ran out: the same question again */
		n = poly_expr_in_coords_quasi(pe, a->at.w, qs, POLY_MAX_PIECES);
	if (n <= 0)
		return -1;
	for (int i = 0; i < n; i++) {
		memset(&ps[i], 0, sizeof(ps[i]));
		memcpy(ps[i].lo, qs[i].lo, sizeof(ps[i].lo));
		memcpy(ps[i].hi, qs[i].hi, sizeof(ps[i].hi));
	}
	return aff_assemble(a, ps, n, &a->at.box, quasi_piece, &qc);
}
