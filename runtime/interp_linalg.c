/* interp_linalg.c: the interpreter's convolution, cholesky, composite, get_dimension_size
 * and the dynamic-shape ops (whose result types are static in this IR).
 *
 * Consumes ops that interp_linalg_wants accepts (interp.c's dispatch calls
 * interp_linalg_op for them); produces fresh result tensors. The dynamic ops read their
 * shape operands, check them against the static result type, and run as the static op
 * they equal (StableHLO spec: dynamic_broadcast_in_dim, dynamic_iota, dynamic_reshape,
 * dynamic_pad, dynamic_gather and dynamic_conv are broadcast_in_dim, iota, reshape, pad,
 * gather and convolution with those operands as attributes): a copy of the op on the
 * stack gets the static kind and attributes and goes to interp_shape_op.
 * convolution follows the spec's definition: feature groups and batch groups split the
 * inputs and the kernel's output features into contiguous chunks; a window position is
 * output_index * stride + kernel_index * rhs_dilation in the padded, lhs-dilated input
 * (holes and padding contribute zero); window_reversal flips the kernel. Integers
 * accumulate in wrapping 64-bit arithmetic, floats in double, rounded once to the result
 * type. cholesky: real inputs, the factor in the chosen triangle, zeros elsewhere (the
 * spec leaves the other triangle implementation-defined); NaN for non-positive-definite
 * input, as XLA gives. composite calls its decomposition function. */
#include "runtime.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void put(Interp *it, RtValue *env, int id, RtValue v)
{
	rt_value_release(&it->pool, &env[id]);
	env[id] = v;
}

int interp_linalg_wants(TOpKind k)
{
	switch (k) {
	case TOP_CONVOLUTION: case TOP_DYNAMIC_CONV: case TOP_CHOLESKY: case TOP_COMPOSITE:
	case TOP_GET_DIMENSION_SIZE: case TOP_DYNAMIC_BROADCAST_IN_DIM: case TOP_DYNAMIC_IOTA:
	case TOP_DYNAMIC_RESHAPE: case TOP_DYNAMIC_PAD: case TOP_DYNAMIC_GATHER:
		return 1;
	default:
		return 0;
	}
}

/* The entries of a 1-d (or 2-d) integer operand. */
static int read_ints(const RtValue *v, int64_t *out, int max)
{
	int64_t n = rt_numel(v);
	if (n > max)
		return -1;
	for (int64_t i = 0; i < n; i++)
		out[i] = rt_get_i64(v->type.dt, rt_data(v), i);
	return (int)n;
}

/* A shape operand must name the static result shape. */
static int check_shape(Interp *it, const TOp *op, const RtValue *s, const TType *r)
{
	int64_t d[TIR_MAX_RANK];
	int n = read_ints(s, d, TIR_MAX_RANK);
	if (n != r->rank)
		return interp_fail(it, op, "'%s': shape operand has %d entries for rank %d", tir_op_name(op->kind), n, r->rank);
	for (int i = 0; i < n; i++)
		if (d[i] != r->dims[i])
			return interp_fail(it, op, "'%s': shape operand says %lld in dimension %d, the result type %lld",
			                   tir_op_name(op->kind), (long long)d[i], i, (long long)r->dims[i]);
	return 0;
}

/* Runs `op` as the static op kind k with its first n operands and extra attributes. */
static int as_static(Interp *it, const TFunc *f, RtValue *env, const TOp *op, TOpKind k, int n,
                     const TAttr *extra, int nextra)
{
	TOp t = *op;
	TAttr attrs[16];
	if (op->nattrs + nextra > 16)
		return interp_fail(it, op, "'%s': too many attributes", tir_op_name(op->kind));
	if (op->nattrs)
		memcpy(attrs, op->attrs, sizeof(TAttr) * (size_t)op->nattrs);
	if (nextra)
		memcpy(attrs + op->nattrs, extra, sizeof(TAttr) * (size_t)nextra);
	t.kind = k;
	t.noperands = n;
	t.attrs = attrs;
	t.nattrs = op->nattrs + nextra;
	return interp_shape_op(it, f, env, &t);
}

static TAttr ints_attr(const char *name, const int64_t *v, int n)
{
	TAttr a;
	memset(&a, 0, sizeof a);
	a.kind = TA_INTS;
	a.name = name;
	a.u.ints.v = v;
	a.u.ints.n = n;
	return a;
}

static int eval_dynamic_pad(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	int64_t v[3][TIR_MAX_RANK];
	static const char *const names[3] = {"edge_padding_low", "edge_padding_high", "interior_padding"};
	TAttr extra[3];
	int rank = env[op->operands[0]].type.rank;
	for (int k = 0; k < 3; k++) {
		if (read_ints(&env[op->operands[2 + k]], v[k], TIR_MAX_RANK) != rank)
			return interp_fail(it, op, "'%s': padding operand %d has the wrong size", tir_op_name(op->kind), k);
		extra[k] = ints_attr(names[k], v[k], rank);
	}
	const TType *x = &env[op->operands[0]].type, *r = tir_value_type(f, op->results[0]);
	for (int d = 0; d < rank; d++) {
		int64_t want = v[0][d] + v[1][d] + (x->dims[d] ? x->dims[d] + (x->dims[d] - 1) * v[2][d] : 0);
		if (v[2][d] < 0 || want != r->dims[d])
			return interp_fail(it, op, "'%s': padding gives %lld in dimension %d, the result type %lld",
			                   tir_op_name(op->kind), (long long)want, d, (long long)r->dims[d]);
	}
	return as_static(it, f, env, op, TOP_PAD, 2, extra, 3);
}

static int in_list(TInts x, int64_t d)
{
	for (int i = 0; i < x.n; i++)
		if (x.v[i] == d)
			return 1;
	return 0;
}

static int eval_dynamic_gather(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	int64_t v[TIR_MAX_RANK];
	int n = read_ints(&env[op->operands[2]], v, TIR_MAX_RANK);
	const TType *x = &env[op->operands[0]].type, *r = tir_value_type(f, op->results[0]);
	if (n != x->rank)
		return interp_fail(it, op, "'%s': slice_sizes has the wrong size", tir_op_name(op->kind));
	/* the verifier checked the ranks; the window sizes are known only now (gather C21, C22) */
	const TGatherDims *g = &tir_op_attr(op, "dimension_numbers")->u.gather;
	for (int d = 0, k = 0; d < n; d++) {
		int window = !in_list(g->collapsed_slice_dims, d) && !in_list(g->operand_batching_dims, d);
		if (v[d] < 0 || v[d] > x->dims[d] || (!window && v[d] > 1) ||
		    (window && (k >= g->offset_dims.n || r->dims[g->offset_dims.v[k++]] != v[d])))
			return interp_fail(it, op, "'%s': slice size %lld of dimension %d does not fit the operand "
			                   "and the result type", tir_op_name(op->kind), (long long)v[d], d);
	}
	TAttr a = ints_attr("slice_sizes", v, n);
	return as_static(it, f, env, op, TOP_GATHER, 2, &a, 1);
}

static int eval_get_dimension_size(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	const RtValue *x = &env[op->operands[0]];
	RtValue r = rt_tensor_new(&it->pool, tir_value_type(f, op->results[0]));
	rt_set_i64(r.type.dt, rt_data(&r), 0, x->type.dims[tir_op_get_int(op, "dimension", 0)]);
	put(it, env, op->results[0], r);
	return 0;
}

static int eval_composite(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	(void)f;
	TAttr *a = tir_op_attr(op, "decomposition");
	const TFunc *g = a && a->kind == TA_STRING ? tir_module_find_func(it->module, a->u.s) : NULL;
	if (!g)
		return interp_fail(it, op, "'stablehlo.composite': no decomposition function");
	RtValue *args = xcalloc((size_t)op->noperands + 1, sizeof(RtValue));
	RtValue *res = xcalloc((size_t)op->nresults + 1, sizeof(RtValue));
	for (int i = 0; i < op->noperands; i++)
		args[i] = env[op->operands[i]];
	int rc = interp_call(it, g, args, res);
	for (int i = 0; i < op->nresults && rc == 0; i++)
		put(it, env, op->results[i], res[i]);
	free(args);
	free(res);
	return rc;
}

/* ---- convolution ---- */

typedef struct Conv {
	const TConvDims *d;
	int ns;                                   /* spatial dimensions */
	int64_t stride[TIR_MAX_RANK], lhs_dil[TIR_MAX_RANK], rhs_dil[TIR_MAX_RANK];
	int64_t pad_lo[TIR_MAX_RANK], rev[TIR_MAX_RANK];
	int64_t fgc, bgc;
} Conv;

static void ints_or(TInts x, int n, int64_t dflt, int64_t *out)
{
	for (int i = 0; i < n; i++)
		out[i] = i < x.n ? x.v[i] : dflt;
}

static int conv_setup(Interp *it, const TOp *op, const RtValue *padv, Conv *c)
{
	TAttr *da = tir_op_attr(op, "dimension_numbers");
	c->d = &da->u.conv;
	c->ns = c->d->in_spatial.n;
	ints_or(tir_op_get_ints(op, "window_strides"), c->ns, 1, c->stride);
	ints_or(tir_op_get_ints(op, "lhs_dilation"), c->ns, 1, c->lhs_dil);
	ints_or(tir_op_get_ints(op, "rhs_dilation"), c->ns, 1, c->rhs_dil);
	ints_or(tir_op_get_ints(op, "window_reversal"), c->ns, 0, c->rev);
	c->fgc = tir_op_get_int(op, "feature_group_count", 1);
	c->bgc = tir_op_get_int(op, "batch_group_count", 1);
	memset(c->pad_lo, 0, sizeof c->pad_lo);
	if (padv) {   /* dynamic_conv: an N x 2 operand */
		int64_t p[2 * TIR_MAX_RANK];
		if (read_ints(padv, p, 2 * TIR_MAX_RANK) != 2 * c->ns)
			return interp_fail(it, op, "'%s': padding operand must be %d x 2", tir_op_name(op->kind), c->ns);
		for (int i = 0; i < c->ns; i++)
			c->pad_lo[i] = p[2 * i];
	} else {
		TAttr *pa = tir_op_attr(op, "padding");
		for (int i = 0; pa && pa->kind == TA_INTS2D && i < c->ns && i < pa->u.ints2d.rows; i++)
			c->pad_lo[i] = pa->u.ints2d.v[2 * i];
	}
	return 0;
}

/* The sum for one output element; os: output spatial indices. */
static void conv_point(const Conv *c, const RtValue *l, const RtValue *k, int64_t ob, int64_t of,
                       const int64_t *os, double *fsum, uint64_t *isum, int fl)
{
	const TConvDims *d = c->d;
	int64_t ls[TIR_MAX_RANK], ks[TIR_MAX_RANK];
	rt_strides(&l->type, ls);
	rt_strides(&k->type, ks);
	int64_t O = k->type.dims[d->k_out_feature], KI = k->type.dims[d->k_in_feature];
	int64_t N = l->type.dims[d->in_batch];
	int64_t g = of / (O / c->fgc), gb = of / (O / c->bgc);
	int64_t n = gb * (N / c->bgc) + ob;
	int64_t kidx[TIR_MAX_RANK] = {0}, kn = 1;
	for (int j = 0; j < c->ns; j++)
		kn *= k->type.dims[d->k_spatial.v[j]];
	for (int64_t kk = 0; kk < kn; kk++) {
		int64_t rem = kk, loff = n * ls[d->in_batch], koff = of * ks[d->k_out_feature], inside = 1;
		for (int j = c->ns - 1; j >= 0; j--) {
			int64_t kd = k->type.dims[d->k_spatial.v[j]];
			kidx[j] = rem % kd;
			rem /= kd;
		}
		for (int j = 0; j < c->ns && inside; j++) {
			int64_t kd = k->type.dims[d->k_spatial.v[j]];
			int64_t kpos = c->rev[j] ? kd - 1 - kidx[j] : kidx[j];
			int64_t q = os[j] * c->stride[j] + kidx[j] * c->rhs_dil[j] - c->pad_lo[j];
			if (q < 0 || q % c->lhs_dil[j]) {
				inside = 0;
				break;
			}
			int64_t i = q / c->lhs_dil[j];
			if (i >= l->type.dims[d->in_spatial.v[j]])
				inside = 0;
			loff += i * ls[d->in_spatial.v[j]];
			koff += kpos * ks[d->k_spatial.v[j]];
		}
		if (!inside)
			continue;
		for (int64_t ki = 0; ki < KI; ki++) {
			int64_t c_in = g * KI + ki;
			int64_t li = loff + c_in * ls[d->in_feature], kix = koff + ki * ks[d->k_in_feature];
			if (fl)
				*fsum += rt_get_f64(l->type.dt, rt_data(l), li) * rt_get_f64(k->type.dt, rt_data(k), kix);
			else
				*isum += (uint64_t)rt_get_i64(l->type.dt, rt_data(l), li) *
				         (uint64_t)rt_get_i64(k->type.dt, rt_data(k), kix);
		}
	}
}

static int eval_conv(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	const RtValue *l = &env[op->operands[0]], *k = &env[op->operands[1]];
	Conv c;
	if (conv_setup(it, op, op->kind == TOP_DYNAMIC_CONV ? &env[op->operands[2]] : NULL, &c))
		return -1;
	const TConvDims *d = c.d;
	if (c.fgc < 1 || c.bgc < 1 || k->type.dims[d->k_out_feature] % c.fgc ||
	    k->type.dims[d->k_out_feature] % c.bgc || l->type.dims[d->in_batch] % c.bgc ||
	    l->type.dims[d->in_feature] != k->type.dims[d->k_in_feature] * c.fgc)
		return interp_fail(it, op, "'%s': group counts do not divide the feature or batch sizes",
		                   tir_op_name(op->kind));
	RtValue r = rt_tensor_new(&it->pool, tir_value_type(f, op->results[0]));
	int64_t rs[TIR_MAX_RANK], n = rt_numel(&r);
	rt_strides(&r.type, rs);
	int fl = dtype_is_float(r.type.dt);
	for (int64_t i = 0; i < n; i++) {
		int64_t os[TIR_MAX_RANK];
		for (int j = 0; j < c.ns; j++)
			os[j] = i / rs[d->out_spatial.v[j]] % r.type.dims[d->out_spatial.v[j]];
		int64_t ob = i / rs[d->out_batch] % r.type.dims[d->out_batch];
		int64_t of = i / rs[d->out_feature] % r.type.dims[d->out_feature];
		double fs = 0;
		uint64_t is = 0;
		conv_point(&c, l, k, ob, of, os, &fs, &is, fl);
		if (fl)
			rt_set_f64(r.type.dt, rt_data(&r), i, fs);
		else
			rt_set_i64(r.type.dt, rt_data(&r), i, (int64_t)is);
	}
	put(it, env, op->results[0], r);
	return 0;
}

/* ---- cholesky ---- */

static int eval_cholesky(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	const RtValue *a = &env[op->operands[0]];
	if (!dtype_is_float(a->type.dt))
		return interp_fail(it, op, "'stablehlo.cholesky' on %s is not supported", dtype_name(a->type.dt));
	RtValue r = rt_tensor_zeros(&it->pool, tir_value_type(f, op->results[0]));
	TAttr *la = tir_op_attr(op, "lower");
	int lower = la && la->kind == TA_BOOL && la->u.b;
	int rank = a->type.rank;
	int64_t n = rank >= 2 ? a->type.dims[rank - 1] : 1, nb = n ? rt_numel(a) / (n * n) : 0;
	double *L = xcalloc((size_t)(n * n) + 1, sizeof(double));
	for (int64_t b = 0; b < nb; b++) {
		int64_t base = b * n * n;
		/* lower: A = L L^T from A's lower triangle; upper: A = U^T U from its upper one */
#define AT(i, j) rt_get_f64(a->type.dt, rt_data(a), base + (lower ? (i) * n + (j) : (j) * n + (i)))
		for (int64_t j = 0; j < n; j++) {
			double s = AT(j, j);
			for (int64_t p = 0; p < j; p++)
				s -= L[j * n + p] * L[j * n + p];
			double djj = s > 0 ? sqrt(s) : NAN;
			L[j * n + j] = djj;
			for (int64_t i = j + 1; i < n; i++) {
				double t = AT(i, j);
				for (int64_t p = 0; p < j; p++)
					t -= L[i * n + p] * L[j * n + p];
				L[i * n + j] = t / djj;
			}
		}
#undef AT
		for (int64_t i = 0; i < n; i++)
			for (int64_t j = 0; j <= i; j++)
				rt_set_f64(r.type.dt, rt_data(&r), base + (lower ? i * n + j : j * n + i), L[i * n + j]);
	}
	free(L);
	put(it, env, op->results[0], r);
	return 0;
}

int interp_linalg_op(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	const TType *rt = tir_value_type(f, op->results[0]);
	switch (op->kind) {
	case TOP_CONVOLUTION:
	case TOP_DYNAMIC_CONV: return eval_conv(it, f, env, op);
	case TOP_CHOLESKY: return eval_cholesky(it, f, env, op);
	case TOP_COMPOSITE: return eval_composite(it, f, env, op);
	case TOP_GET_DIMENSION_SIZE: return eval_get_dimension_size(it, f, env, op);
	case TOP_DYNAMIC_BROADCAST_IN_DIM:
		if (check_shape(it, op, &env[op->operands[1]], rt))
			return -1;
		return as_static(it, f, env, op, TOP_BROADCAST_IN_DIM, 1, NULL, 0);
	case TOP_DYNAMIC_IOTA:
		if (check_shape(it, op, &env[op->operands[0]], rt))
			return -1;
		return as_static(it, f, env, op, TOP_IOTA, 0, NULL, 0);
	case TOP_DYNAMIC_RESHAPE:
		if (check_shape(it, op, &env[op->operands[1]], rt))
			return -1;
		return as_static(it, f, env, op, TOP_RESHAPE, 1, NULL, 0);
	case TOP_DYNAMIC_PAD: return eval_dynamic_pad(it, f, env, op);
	case TOP_DYNAMIC_GATHER: return eval_dynamic_gather(it, f, env, op);
	default: return interp_fail(it, op, "unsupported op '%s'", tir_op_name(op->kind));
	}
}
