/* interp_reduce.c: ops that combine elements: reduce, reduce_window, select_and_scatter,
 * map, sort, dot_general.
 *
 * Consumes operands, attributes and the op's regions; produces result tensors. A region
 * whose body is one recognised binary op on its two arguments (add, multiply, maximum,
 * minimum, and, or, xor) runs as a typed loop; any other body is called once per
 * element pair through region_run on 0-d values (StableHLO spec: the schedule of a
 * reduction is implementation-defined; we combine in row-major order of the input).
 * dot_general accumulates floats in f32 for f32 results (as XLA CPU does), else in
 * double, and integers in wrapping 64-bit arithmetic, then rounds or wraps once to the
 * result type (which may be wider than the operands'). reduce_window skips window positions that fall in the padding or
 * in base-dilation holes, as XLA does (the spec's definition pads with the init value;
 * the two agree whenever the init value is the body's identity). */
#include "runtime.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int in_ints(TInts s, int64_t v)
{
	for (int i = 0; i < s.n; i++)
		if (s.v[i] == v)
			return 1;
	return 0;
}

static int next_index(int64_t *idx, const int64_t *dims, int rank)
{
	for (int d = rank - 1; d >= 0; d--) {
		if (++idx[d] < dims[d])
			return 1;
		idx[d] = 0;
	}
	return 0;
}

static size_t esize_t(DType t) { return (size_t)dtype_size(t); }

static void put(Interp *it, RtValue *env, int id, RtValue v)
{
	rt_value_release(&it->pool, &env[id]);
	env[id] = v;
}

static void fill(RtValue *r, const RtValue *init)
{
	rt_fill(rt_data(r), rt_data(init), esize_t(r->type.dt), rt_numel(r));
}

/* Applies the region to element i of each of nin accumulators and element j of each of
 * nin inputs; writes the results back into the accumulators. */
static int combine(Interp *it, RegionCall *rc, RtValue *acc, int64_t i, const RtValue *const *in,
                   int64_t j, int nin)
{
	if (rc->fast != (TOpKind)-1 && nin == 1) {
		size_t esz = esize_t(acc[0].type.dt);
		unsigned char *p = (unsigned char *)rt_data(&acc[0]) + (size_t)i * esz;
		const unsigned char *q = (const unsigned char *)rt_data(in[0]) + (size_t)j * esz;
		return interp_binary_kernel(rc->fast, acc[0].type.dt, p, q, p, 1) == 0 ? 0
		       : interp_fail(it, NULL, "region op '%s' does not take %s", tir_op_name(rc->fast), dtype_name(acc[0].type.dt));
	}
	RtValue args[16], outs[8];
	memset(args, 0, sizeof args);
	for (int k = 0; k < nin; k++) {
		TType st = tir_type_scalar(acc[k].type.dt);
		size_t esz = esize_t(st.dt);
		args[k] = rt_tensor_new(&it->pool, &st);
		memcpy(rt_data(&args[k]), (unsigned char *)rt_data(&acc[k]) + (size_t)i * esz, esz);
		TType su = tir_type_scalar(in[k]->type.dt);
		args[nin + k] = rt_tensor_new(&it->pool, &su);
		memcpy(rt_data(&args[nin + k]), (const unsigned char *)rt_data(in[k]) + (size_t)j * esize_t(su.dt), esize_t(su.dt));
	}
	int r = region_run(rc, args, 2 * nin, outs, nin);
	for (int k = 0; k < 2 * nin; k++)
		rt_value_release(&it->pool, &args[k]);
	for (int k = 0; k < nin && r == 0; k++) {
		size_t esz = esize_t(acc[k].type.dt);
		memcpy((unsigned char *)rt_data(&acc[k]) + (size_t)i * esz, rt_data(&outs[k]), esz);
		rt_value_release(&it->pool, &outs[k]);
	}
	return r;
}

/* ---- reduce ---- */

#define ACC_RUN(T, EXPR) \
	do { \
		T *o = out; const T *x = in; \
		if (os == 0) { \
			T a = o[0]; \
			for (int64_t j = 0; j < n; j++) { T y = x[j]; a = (T)(EXPR); } \
			o[0] = a; \
		} else { \
			for (int64_t j = 0; j < n; j++) { T a = o[j * os], y = x[j]; o[j * os] = (T)(EXPR); } \
		} \
	} while (0)

#define ACC_OPS(T) \
	switch (k) { \
	case TOP_ADD: ACC_RUN(T, a + y); return 1; \
	case TOP_MULTIPLY: ACC_RUN(T, a * y); return 1; \
	case TOP_MAXIMUM: ACC_RUN(T, a > y || a != a ? a : y); return 1; \
	case TOP_MINIMUM: ACC_RUN(T, a < y || a != a ? a : y); return 1; \
	default: return 0; \
	}

/* out[j*os] = out[j*os] k in[j] for a run of n contiguous inputs. Returns 0 when the
 * (op, type) pair has no typed loop here. Float max/min must keep NaN and order -0 < +0,
 * which the simple loops above do not: only add/multiply for floats. */
static int accumulate_run(TOpKind k, DType t, void *out, int64_t os, const void *in, int64_t n)
{
	switch (t) {
	case DT_F32: if (k == TOP_ADD || k == TOP_MULTIPLY) ACC_OPS(float) return 0;
	case DT_F64: if (k == TOP_ADD || k == TOP_MULTIPLY) ACC_OPS(double) return 0;
	/* signed add and multiply wrap (two's complement): computed on the unsigned type */
	case DT_I32:
		if (k == TOP_ADD) { ACC_RUN(uint32_t, a + y); return 1; }
		if (k == TOP_MULTIPLY) { ACC_RUN(uint32_t, a * y); return 1; }
		ACC_OPS(int32_t)
	case DT_I64:
		if (k == TOP_ADD) { ACC_RUN(uint64_t, a + y); return 1; }
		if (k == TOP_MULTIPLY) { ACC_RUN(uint64_t, a * y); return 1; }
		ACC_OPS(int64_t)
	case DT_UI32: ACC_OPS(uint32_t)
	case DT_UI64: ACC_OPS(uint64_t)
	default: return 0;
	}
}

static int reduce_fast(Interp *it, TOpKind k, const RtValue *x, RtValue *r, TInts dims)
{
	const TType *xt = &x->type;
	int rank = xt->rank;
	int64_t rs[TIR_MAX_RANK], os[TIR_MAX_RANK] = {0};
	rt_strides(&r->type, rs);
	for (int d = 0, j = 0; d < rank; d++)
		if (!in_ints(dims, d))
			os[d] = rs[j++];
	DType t = xt->dt;
	size_t esz = esize_t(t);
	int64_t n = rt_numel(x);
	if (n == 0)
		return 0;
	if (rank == 0)
		return interp_binary_kernel(k, t, rt_data(r), rt_data(x), rt_data(r), 1) ? interp_fail(it, NULL, "reduce: bad type") : 0;
	int64_t idx[TIR_MAX_RANK] = {0}, run = xt->dims[rank - 1];
	for (int64_t i = 0; i < n; i += run) {
		int64_t o = 0;
		for (int d = 0; d < rank - 1; d++)
			o += idx[d] * os[d];
		unsigned char *op = (unsigned char *)rt_data(r) + (size_t)o * esz;
		const unsigned char *ip = (const unsigned char *)rt_data(x) + (size_t)i * esz;
		if (!accumulate_run(k, t, op, os[rank - 1], ip, run))
			for (int64_t j = 0; j < run; j++)
				if (interp_binary_kernel(k, t, op + (size_t)(j * os[rank - 1]) * esz, ip + (size_t)j * esz,
				                         op + (size_t)(j * os[rank - 1]) * esz, 1) != 0)
					return interp_fail(it, NULL, "region op '%s' does not take %s", tir_op_name(k), dtype_name(t));
		idx[rank - 1] = run - 1;
		next_index(idx, xt->dims, rank);
	}
	return 0;
}

static int eval_reduce(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	int nin = op->noperands / 2;
	if (nin < 1 || nin > 8 || op->nresults != nin || op->nregions != 1)
		return interp_fail(it, op, "'stablehlo.reduce' malformed");
	TInts dims = tir_op_get_ints(op, "dimensions");
	RtValue res[8];
	const RtValue *in[8];
	for (int k = 0; k < nin; k++) {
		res[k] = rt_tensor_new(&it->pool, tir_value_type(f, op->results[k]));
		fill(&res[k], &env[op->operands[nin + k]]);
		in[k] = &env[op->operands[k]];
	}
	RegionCall rc;
	region_prepare(&rc, it, f, env, op->regions[0]);
	int ret = 0;
	if (nin == 1 && rc.fast != (TOpKind)-1 && in[0]->type.dt == res[0].type.dt) {
		ret = reduce_fast(it, rc.fast, in[0], &res[0], dims);
	} else {
		const TType *xt = &in[0]->type;
		int64_t rs[TIR_MAX_RANK], os[TIR_MAX_RANK] = {0}, idx[TIR_MAX_RANK] = {0}, n = tir_type_numel(xt);
		rt_strides(&res[0].type, rs);
		for (int d = 0, j = 0; d < xt->rank; d++)
			if (!in_ints(dims, d))
				os[d] = rs[j++];
		for (int64_t i = 0; i < n && ret == 0; i++, next_index(idx, xt->dims, xt->rank)) {
			int64_t o = 0;
			for (int d = 0; d < xt->rank; d++)
				o += idx[d] * os[d];
			ret = combine(it, &rc, res, o, in, i, nin);
		}
	}
	for (int k = 0; k < nin; k++) {
		if (ret == 0)
			put(it, env, op->results[k], res[k]);
		else
			rt_value_release(&it->pool, &res[k]);
	}
	if (ret && !it->error)
		return interp_fail(it, op, "'stablehlo.reduce' failed");
	return ret;
}

/* ---- reduce_window ---- */

static int64_t attr_at(TInts a, int d, int64_t dflt) { return a.n ? a.v[d] : dflt; }

static int eval_reduce_window(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	int nin = op->noperands / 2;
	if (nin < 1 || nin > 8 || op->nresults != nin || op->nregions != 1)
		return interp_fail(it, op, "'stablehlo.reduce_window' malformed");
	TInts wd = tir_op_get_ints(op, "window_dimensions"), ws = tir_op_get_ints(op, "window_strides");
	TInts bd = tir_op_get_ints(op, "base_dilations"), wdl = tir_op_get_ints(op, "window_dilations");
	TAttr *pa = tir_op_attr(op, "padding");
	const TType *xt = &env[op->operands[0]].type;
	int rank = xt->rank;
	RtValue res[8];
	const RtValue *in[8];
	for (int k = 0; k < nin; k++) {
		res[k] = rt_tensor_new(&it->pool, tir_value_type(f, op->results[k]));
		fill(&res[k], &env[op->operands[nin + k]]);
		in[k] = &env[op->operands[k]];
	}
	RegionCall rc;
	region_prepare(&rc, it, f, env, op->regions[0]);
	int64_t xs[TIR_MAX_RANK], ridx[TIR_MAX_RANK] = {0}, n = rt_numel(&res[0]), wn = 1;
	rt_strides(xt, xs);
	for (int d = 0; d < rank; d++)
		wn *= wd.v[d];
	int ret = 0;
	for (int64_t i = 0; i < n && ret == 0; i++, next_index(ridx, res[0].type.dims, rank)) {
		int64_t widx[TIR_MAX_RANK] = {0};
		for (int64_t w = 0; w < wn && ret == 0; w++, next_index(widx, wd.v, rank)) {
			int64_t src = 0, inside = 1;
			for (int d = 0; d < rank; d++) {
				int64_t lo = pa && pa->kind == TA_INTS2D ? pa->u.ints2d.v[2 * d] : 0;
				int64_t p = ridx[d] * attr_at(ws, d, 1) + widx[d] * attr_at(wdl, d, 1) - lo;
				int64_t b = attr_at(bd, d, 1);
				if (p < 0 || p % b != 0 || p / b >= xt->dims[d])
					inside = 0;
				else
					src += p / b * xs[d];
			}
			if (inside)
				ret = combine(it, &rc, res, i, in, src, nin);
		}
	}
	for (int k = 0; k < nin; k++) {
		if (ret == 0)
			put(it, env, op->results[k], res[k]);
		else
			rt_value_release(&it->pool, &res[k]);
	}
	return ret;
}

/* ---- select_and_scatter ---- */

static RtValue scalar_of(Interp *it, const RtValue *v, int64_t i)
{
	TType st = tir_type_scalar(v->type.dt);
	RtValue s = rt_tensor_new(&it->pool, &st);
	size_t esz = esize_t(st.dt);
	memcpy(rt_data(&s), (const unsigned char *)rt_data(v) + (size_t)i * esz, esz);
	return s;
}

static int eval_select_and_scatter(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	const RtValue *x = &env[op->operands[0]], *src = &env[op->operands[1]], *init = &env[op->operands[2]];
	TInts wd = tir_op_get_ints(op, "window_dimensions"), ws = tir_op_get_ints(op, "window_strides");
	TAttr *pa = tir_op_attr(op, "padding");
	int rank = x->type.rank;
	RtValue res = rt_tensor_new(&it->pool, tir_value_type(f, op->results[0]));
	fill(&res, init);
	RegionCall sel, sca;
	region_prepare(&sel, it, f, env, op->regions[0]);
	region_prepare(&sca, it, f, env, op->regions[1]);
	int64_t xs[TIR_MAX_RANK], sidx[TIR_MAX_RANK] = {0}, n = rt_numel(src), wn = 1;
	rt_strides(&x->type, xs);
	for (int d = 0; d < rank; d++)
		wn *= wd.v[d];
	int ret = 0;
	for (int64_t i = 0; i < n && ret == 0; i++, next_index(sidx, src->type.dims, rank)) {
		int64_t widx[TIR_MAX_RANK] = {0}, best = -1;
		for (int64_t w = 0; w < wn && ret == 0; w++, next_index(widx, wd.v, rank)) {
			int64_t pos = 0, inside = 1;
			for (int d = 0; d < rank; d++) {
				int64_t lo = pa && pa->kind == TA_INTS2D ? pa->u.ints2d.v[2 * d] : 0;
				int64_t p = sidx[d] * attr_at(ws, d, 1) + widx[d] - lo;
				if (p < 0 || p >= x->type.dims[d])
					inside = 0;
				pos += p * xs[d];
			}
			if (!inside)
				continue;
			if (best < 0) {
				best = pos;
				continue;
			}
			RtValue args[2] = {scalar_of(it, x, best), scalar_of(it, x, pos)}, keep = {0};
			ret = region_run(&sel, args, 2, &keep, 1);
			if (ret == 0 && !((uint8_t *)rt_data(&keep))[0])
				best = pos;
			rt_value_release(&it->pool, &args[0]);
			rt_value_release(&it->pool, &args[1]);
			rt_value_release(&it->pool, &keep);
		}
		if (best >= 0 && ret == 0) {
			const RtValue *ins[1] = {src};
			ret = combine(it, &sca, &res, best, ins, i, 1);
		}
	}
	if (ret == 0)
		put(it, env, op->results[0], res);
	else
		rt_value_release(&it->pool, &res);
	return ret;
}

/* ---- map ---- */

static int eval_map(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	int nin = op->noperands;
	if (nin > 8 || op->nregions != 1)
		return interp_fail(it, op, "'stablehlo.map' malformed");
	RtValue res = rt_tensor_new(&it->pool, tir_value_type(f, op->results[0]));
	RegionCall rc;
	region_prepare(&rc, it, f, env, op->regions[0]);
	int64_t n = rt_numel(&res);
	size_t esz = esize_t(res.type.dt);
	int ret = 0;
	for (int64_t i = 0; i < n && ret == 0; i++) {
		RtValue args[8], out = {0};
		for (int k = 0; k < nin; k++)
			args[k] = scalar_of(it, &env[op->operands[k]], i);
		ret = region_run(&rc, args, nin, &out, 1);
		if (ret == 0)
			memcpy((unsigned char *)rt_data(&res) + (size_t)i * esz, rt_data(&out), esz);
		for (int k = 0; k < nin; k++)
			rt_value_release(&it->pool, &args[k]);
		rt_value_release(&it->pool, &out);
	}
	if (ret == 0)
		put(it, env, op->results[0], res);
	else
		rt_value_release(&it->pool, &res);
	return ret;
}

/* ---- sort ---- */

typedef struct SortCtx {
	Interp *it;
	RegionCall rc;
	const RtValue *in[8];
	int nin;
	int64_t base, stride;   /* element j of the current line is base + j*stride */
	int failed;
} SortCtx;

/* comparator(a, b): is line element a ordered before line element b? */
static int sort_less(SortCtx *s, int64_t a, int64_t b)
{
	if (s->failed)
		return 0;
	RtValue args[16], out = {0};
	for (int k = 0; k < s->nin; k++) {
		args[2 * k] = scalar_of(s->it, s->in[k], s->base + a * s->stride);
		args[2 * k + 1] = scalar_of(s->it, s->in[k], s->base + b * s->stride);
	}
	int r = region_run(&s->rc, args, 2 * s->nin, &out, 1) == 0 ? ((uint8_t *)rt_data(&out))[0] != 0 : (s->failed = 1, 0);
	for (int k = 0; k < 2 * s->nin; k++)
		rt_value_release(&s->it->pool, &args[k]);
	rt_value_release(&s->it->pool, &out);
	return r;
}

/* Stable merge sort of perm[0..n) (line positions) with tmp as scratch. */
static void merge_sort(SortCtx *s, int64_t *perm, int64_t *tmp, int64_t n)
{
	if (n < 2)
		return;
	int64_t h = n / 2;
	merge_sort(s, perm, tmp, h);
	merge_sort(s, perm + h, tmp, n - h);
	int64_t i = 0, j = h, k = 0;
	while (i < h && j < n)
		tmp[k++] = sort_less(s, perm[j], perm[i]) ? perm[j++] : perm[i++];
	while (i < h)
		tmp[k++] = perm[i++];
	while (j < n)
		tmp[k++] = perm[j++];
	memcpy(perm, tmp, (size_t)n * sizeof *perm);
}

static int eval_sort(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	SortCtx s = {.it = it, .nin = op->noperands};
	if (s.nin < 1 || s.nin > 8 || op->nregions != 1)
		return interp_fail(it, op, "'stablehlo.sort' malformed");
	const TType *t = &env[op->operands[0]].type;
	int64_t dim = tir_op_get_int(op, "dimension", -1);
	if (dim < 0)
		dim += t->rank;
	region_prepare(&s.rc, it, f, env, op->regions[0]);
	RtValue res[8];
	for (int k = 0; k < s.nin; k++) {
		s.in[k] = &env[op->operands[k]];
		res[k] = rt_tensor_new(&it->pool, tir_value_type(f, op->results[k]));
	}
	int64_t st[TIR_MAX_RANK], len = t->rank ? t->dims[dim] : 1, n = tir_type_numel(t);
	rt_strides(t, st);
	s.stride = t->rank ? st[dim] : 1;
	int64_t *perm = xmalloc(sizeof(int64_t) * (size_t)(len + 1)), *tmp = xmalloc(sizeof(int64_t) * (size_t)(len + 1));
	for (int64_t e = 0; e < n && !s.failed; e++) {
		if (t->rank && (e / s.stride) % len != 0)
			continue;   /* e is not the first element of its line */
		s.base = e;
		for (int64_t j = 0; j < len; j++)
			perm[j] = j;
		merge_sort(&s, perm, tmp, len);
		for (int k = 0; k < s.nin; k++) {
			size_t esz = esize_t(res[k].type.dt);
			for (int64_t j = 0; j < len; j++)
				memcpy((unsigned char *)rt_data(&res[k]) + (size_t)(e + j * s.stride) * esz,
				       (const unsigned char *)rt_data(s.in[k]) + (size_t)(e + perm[j] * s.stride) * esz, esz);
		}
	}
	free(perm);
	free(tmp);
	for (int k = 0; k < s.nin; k++) {
		if (!s.failed)
			put(it, env, op->results[k], res[k]);
		else
			rt_value_release(&it->pool, &res[k]);
	}
	return s.failed ? -1 : 0;
}

/* ---- dot_general ---- */

/* Position of each operand element in the canonical [batch][free][contract] layout
 * (lhs) or [batch][contract][free] (rhs). */
static void canonical_layout(const TType *t, TInts batch, TInts contract, int contract_last,
                             int64_t *pos, int64_t *nb_out, int64_t *nfree_out, int64_t *nk_out)
{
	int64_t nb = 1, nk = 1, nf = 1;
	for (int i = 0; i < batch.n; i++)
		nb *= t->dims[batch.v[i]];
	for (int i = 0; i < contract.n; i++)
		nk *= t->dims[contract.v[i]];
	for (int d = 0; d < t->rank; d++)
		if (!in_ints(batch, d) && !in_ints(contract, d))
			nf *= t->dims[d];
	int64_t idx[TIR_MAX_RANK] = {0}, n = tir_type_numel(t);
	for (int64_t e = 0; e < n; e++, next_index(idx, t->dims, t->rank)) {
		int64_t b = 0, k = 0, fr = 0;
		for (int i = 0; i < batch.n; i++)
			b = b * t->dims[batch.v[i]] + idx[batch.v[i]];
		for (int i = 0; i < contract.n; i++)
			k = k * t->dims[contract.v[i]] + idx[contract.v[i]];
		for (int d = 0; d < t->rank; d++)
			if (!in_ints(batch, d) && !in_ints(contract, d))
				fr = fr * t->dims[d] + idx[d];
		pos[e] = contract_last ? (b * nf + fr) * nk + k : (b * nk + k) * nf + fr;
	}
	*nb_out = nb;
	*nfree_out = nf;
	*nk_out = nk;
}

static int eval_dot_general(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	const RtValue *l = &env[op->operands[0]], *r = &env[op->operands[1]];
	TAttr *a = tir_op_attr(op, "dot_dimension_numbers");
	if (!a || a->kind != TA_DOT_DIMS)
		return interp_fail(it, op, "'stablehlo.dot_general' without dot_dimension_numbers");
	const TDotDims *dd = &a->u.dot;
	RtValue res = rt_tensor_new(&it->pool, tir_value_type(f, op->results[0]));
	int64_t ln = rt_numel(l), rn = rt_numel(r), on = rt_numel(&res), nb, nb2, m, k, nn, k2;
	int64_t *lpos = xmalloc(sizeof(int64_t) * (size_t)(ln + 1)), *rpos = xmalloc(sizeof(int64_t) * (size_t)(rn + 1));
	canonical_layout(&l->type, dd->lhs_batch, dd->lhs_contract, 1, lpos, &nb, &m, &k);
	canonical_layout(&r->type, dd->rhs_batch, dd->rhs_contract, 0, rpos, &nb2, &nn, &k2);
	int fl = res.type.dt == DT_F32 ? 2 : dtype_is_float(res.type.dt);
	double *L = NULL, *R = NULL, *C = NULL;
	uint64_t *Li = NULL, *Ri = NULL, *Ci = NULL;
	if (fl) {
		L = xcalloc((size_t)ln + 1, 8), R = xcalloc((size_t)rn + 1, 8), C = xcalloc((size_t)on + 1, 8);
		for (int64_t e = 0; e < ln; e++)
			L[lpos[e]] = rt_get_f64(l->type.dt, rt_data(l), e);
		for (int64_t e = 0; e < rn; e++)
			R[rpos[e]] = rt_get_f64(r->type.dt, rt_data(r), e);
	} else {
		Li = xcalloc((size_t)ln + 1, 8), Ri = xcalloc((size_t)rn + 1, 8), Ci = xcalloc((size_t)on + 1, 8);
		for (int64_t e = 0; e < ln; e++)
			Li[lpos[e]] = (uint64_t)rt_get_i64(l->type.dt, rt_data(l), e);
		for (int64_t e = 0; e < rn; e++)
			Ri[rpos[e]] = (uint64_t)rt_get_i64(r->type.dt, rt_data(r), e);
	}
	for (int64_t b = 0; b < nb; b++)
		for (int64_t i = 0; i < m; i++)
			for (int64_t p = 0; p < k; p++) {
				int64_t lo = (b * m + i) * k + p, ro = (b * k + p) * nn, co = (b * m + i) * nn;
				if (fl == 2)   /* f32: accumulate in f32, as XLA CPU does */
					for (int64_t j = 0; j < nn; j++)
						C[co + j] = fmaf((float)L[lo], (float)R[ro + j], (float)C[co + j]);
				else if (fl)
					for (int64_t j = 0; j < nn; j++)
						C[co + j] += L[lo] * R[ro + j];
				else
					for (int64_t j = 0; j < nn; j++)
						Ci[co + j] += Li[lo] * Ri[ro + j];
			}
	for (int64_t e = 0; e < on; e++) {
		if (fl)
			rt_set_f64(res.type.dt, rt_data(&res), e, C[e]);
		else
			rt_set_i64(res.type.dt, rt_data(&res), e, (int64_t)Ci[e]);
	}
	free(lpos), free(rpos), free(L), free(R), free(C), free(Li), free(Ri), free(Ci);
	(void)k2, (void)nb2;
	put(it, env, op->results[0], res);
	return 0;
}

/* ---- triangular_solve (spec: solves op(a) x = b (left_side) or x op(a) = b, using only
 * the lower or upper triangle of a, op = identity or transpose (adjoint is transpose for
 * real types), unit_diagonal: the diagonal is taken as 1). Leading dims are batch. ---- */

static int attr_bool(const TOp *op, const char *name)
{
	TAttr *a = tir_op_attr(op, name);
	return a && a->kind == TA_BOOL && a->u.b;
}

/* Solves T x = B in place (B: m x n, row-major) for a triangular T (m x m). */
static void tri_solve_left(const double *T, int lower, double *B, int64_t m, int64_t n)
{
	for (int64_t c = 0; c < n; c++)
		for (int64_t s = 0; s < m; s++) {
			int64_t i = lower ? s : m - 1 - s;
			double v = B[i * n + c];
			for (int64_t j = 0; j < m; j++)
				if (lower ? j < i : j > i)
					v -= T[i * m + j] * B[j * n + c];
			B[i * n + c] = v / T[i * m + i];
		}
}

static int eval_triangular_solve(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	const RtValue *a = &env[op->operands[0]], *b = &env[op->operands[1]];
	int left = attr_bool(op, "left_side"), lower = attr_bool(op, "lower"), unit = attr_bool(op, "unit_diagonal");
	TAttr *ta = tir_op_attr(op, "transpose_a");
	int trans = ta && ta->kind == TA_RAW && !strstr(ta->u.s, "NO_TRANSPOSE");
	int ra = a->type.rank, rb = b->type.rank;
	if (ra < 2 || rb != ra)
		return interp_fail(it, op, "'stablehlo.triangular_solve' needs operands of one rank >= 2");
	int64_t m = a->type.dims[ra - 1], br = b->type.dims[rb - 2], bc = b->type.dims[rb - 1];
	int64_t nbatch = m ? rt_numel(a) / (m * m) : 0;
	RtValue res = rt_tensor_new(&it->pool, tir_value_type(f, op->results[0]));
	double *T = xmalloc(sizeof(double) * (size_t)(m * m + 1)), *B = xmalloc(sizeof(double) * (size_t)(br * bc + 1));
	/* op(a) is lower triangular when exactly one of (lower, transposed) holds; for the
	 * right side x op(a) = b becomes op(a)^T x^T = b^T, one more transpose. */
	int tlower = lower ^ trans ^ !left;
	int64_t rows = left ? br : bc, cols = left ? bc : br;
	for (int64_t q = 0; q < nbatch; q++) {
		for (int64_t i = 0; i < m; i++)
			for (int64_t j = 0; j < m; j++) {
				int keep = lower ? j <= i : j >= i;
				double v = keep ? rt_get_f64(a->type.dt, rt_data(a), q * m * m + i * m + j) : 0;
				if (i == j && unit)
					v = 1;
				int flip = trans ^ !left;
				T[flip ? j * m + i : i * m + j] = v;
			}
		for (int64_t i = 0; i < br; i++)
			for (int64_t j = 0; j < bc; j++) {
				double v = rt_get_f64(b->type.dt, rt_data(b), q * br * bc + i * bc + j);
				B[left ? i * bc + j : j * br + i] = v;
			}
		tri_solve_left(T, tlower, B, rows, cols);
		for (int64_t i = 0; i < br; i++)
			for (int64_t j = 0; j < bc; j++)
				rt_set_f64(res.type.dt, rt_data(&res), q * br * bc + i * bc + j, B[left ? i * bc + j : j * br + i]);
	}
	free(T);
	free(B);
	put(it, env, op->results[0], res);
	return 0;
}

int interp_reduce_op(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	switch (op->kind) {
	case TOP_REDUCE: return eval_reduce(it, f, env, op);
	case TOP_REDUCE_WINDOW: return eval_reduce_window(it, f, env, op);
	case TOP_SELECT_AND_SCATTER: return eval_select_and_scatter(it, f, env, op);
	case TOP_MAP: return eval_map(it, f, env, op);
	case TOP_SORT: return eval_sort(it, f, env, op);
	case TOP_DOT_GENERAL: return eval_dot_general(it, f, env, op);
	case TOP_TRIANGULAR_SOLVE: return eval_triangular_solve(it, f, env, op);
	default: return interp_fail(it, op, "unsupported op '%s'", tir_op_name(op->kind));
	}
}
