/* contract.c: a reduction loop `s += x[..k..] * y[..k..]` whose two factors are slices
 * as one stablehlo.dot_general (DESIGN.md, "Tensor IR (raise)": "a reduction loop
 * becomes reduce, or dot_general when it is a contraction"). Consumes the two operands
 * as affine.c reads them, each dimension labelled with the coordinate of the store's
 * box (or the loop) it runs along, unbroadcast; produces the sum over the loop as a
 * tensor over the store's box: dot_general with the loop label contracted and the
 * labels both operands have as batch dimensions, then a transpose to the box's order
 * and a broadcast of the labels neither has. Nothing of size box x loop is built.
 *
 * The sum's order is the implementation's (StableHLO spec, dot_general: the result is
 * a sum of products in an unspecified order): exact for integers (the sum modulo 2^n
 * does not depend on it), a reassociation for floats as for reduce. */
#include "raise_int.h"

static int find(const int64_t *l, int n, int64_t x)
{
	for (int i = 0; i < n; i++)
		if (l[i] == x)
			return i;
	return -1;
}

int raise_sort_dims(TBuilder *b, int v, const int64_t *labels, int n, int64_t *perm, int *ops)
{
	int sorted = 1;

	for (int i = 0; i < n; i++)
		perm[i] = i;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (labels[perm[j]] < labels[perm[i]]) {
				int64_t t = perm[i];
				perm[i] = perm[j];
				perm[j] = t;
			}
	for (int i = 0; i < n; i++)
		sorted &= perm[i] == i;
	if (sorted)
		return v;
	ops[TOP_TRANSPOSE]++;
	return tir_build_transpose(b, v, perm);
}

int raise_contract(TBuilder *b, int x, const int64_t *xl, int y, const int64_t *yl, int64_t k,
                   TType box, int *ops)
{
	const TType *xt = tir_value_type(b->func, x), *yt = tir_value_type(b->func, y);
	int64_t lb[TIR_MAX_RANK], rb[TIR_MAX_RANK], lc[1], rc[1], res[TIR_MAX_RANK], perm[TIR_MAX_RANK];
	int nb = 0, nr = 0, v;
	TDotDims dd;
	lc[0] = find(xl, xt->rank, k);
	rc[0] = find(yl, yt->rank, k);
	if (lc[0] < 0 || rc[0] < 0 || xt->dims[lc[0]] != yt->dims[rc[0]])
		return -1;
	for (int i = 0; i < xt->rank; i++) {
		int j = find(yl, yt->rank, xl[i]);
		if (i != lc[0] && j >= 0) {
			lb[nb] = i;
			rb[nb++] = j;
			res[nr++] = xl[i];
		}
	}
	for (int i = 0; i < xt->rank; i++)
		if (i != lc[0] && find(yl, yt->rank, xl[i]) < 0)
			res[nr++] = xl[i];
	for (int i = 0; i < yt->rank; i++)
		if (i != rc[0] && find(xl, xt->rank, yl[i]) < 0)
			res[nr++] = yl[i];
	dd = (TDotDims){{lb, nb}, {rb, nb}, {lc, 1}, {rc, 1}};
	v = tir_build_dot_general(b, x, y, &dd);
	ops[TOP_DOT_GENERAL]++;
	/* the result's dimensions in ascending label (box) order */
	v = raise_sort_dims(b, v, res, nr, perm, ops);
	if (nr != box.rank) {
		int64_t dims[TIR_MAX_RANK];
		for (int i = 0; i < nr; i++)
			dims[i] = res[perm[i]];
		v = tir_build_broadcast_in_dim(b, v, box, dims);
		ops[TOP_BROADCAST_IN_DIM]++;
	}
	return v;
}
