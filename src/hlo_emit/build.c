/* build.c: builders that the raise stage calls to append tensor ops.
 * Consumes value ids of one function; produces ops appended at the end of the builder's
 * block, each with the builder's source location and the result type the StableHLO spec
 * infers (https://openxla.org/stablehlo/spec). An ill-typed request is a bug in the
 * caller: die() says which builder and why. tir_verify accepts every op built here. */
#include "hlo_emit.h"

#include <string.h>

TBuilder tir_builder(TFunc *f, TBlock *b, SrcLoc loc)
{
	TBuilder r = {f, b ? b : f->body, loc};
	return r;
}

static const TType *vt(TBuilder *b, int v) { return tir_value_type(b->func, v); }

TOp *tir_build_op(TBuilder *b, TOpKind k, const int *operands, int n)
{
	TOp *op = tir_op_new(b->func, b->block, k, b->loc);
	for (int i = 0; i < n; i++)
		tir_op_add_operand(b->func, op, operands[i]);
	return op;
}

/* One-result op; returns the result id. */
static int build1(TBuilder *b, TOpKind k, const int *operands, int n, TType result, TOp **opp)
{
	TOp *op = tir_build_op(b, k, operands, n);
	if (opp)
		*opp = op;
	return tir_op_add_result(b->func, op, result);
}

int tir_build_unary(TBuilder *b, TOpKind k, int x)
{
	if (!(tir_op_flags(k) & OF_UN))
		die("tir_build_unary: '%s' is not unary", tir_op_name(k));
	TType t = *vt(b, x);
	if (!tir_type_class_allows(tir_op_type_class(k), t.dt))
		die("tir_build_unary: '%s' on %s", tir_op_name(k), dtype_name(t.dt));
	if (tir_op_flags(k) & OF_PRED)
		t.dt = DT_I1;
	return build1(b, k, &x, 1, t, NULL);
}

int tir_build_binary(TBuilder *b, TOpKind k, int lhs, int rhs)
{
	if (!(tir_op_flags(k) & OF_BIN) || k == TOP_COMPARE)
		die("tir_build_binary: '%s' is not a binary element-wise op", tir_op_name(k));
	TType t = *vt(b, lhs);
	if (!tir_type_equal(&t, vt(b, rhs)))
		die("tir_build_binary: '%s' operand types differ", tir_op_name(k));
	if (!tir_type_class_allows(tir_op_type_class(k), t.dt))
		die("tir_build_binary: '%s' on %s", tir_op_name(k), dtype_name(t.dt));
	int ops[2] = {lhs, rhs};
	return build1(b, k, ops, 2, t, NULL);
}

int tir_build_compare(TBuilder *b, TCmpDir d, int lhs, int rhs)
{
	TType t = *vt(b, lhs);
	if (!tir_type_equal(&t, vt(b, rhs)))
		die("tir_build_compare: operand types differ");
	int ops[2] = {lhs, rhs};
	TOp *op;
	int r = build1(b, TOP_COMPARE, ops, 2, tir_type_with_dtype(t, DT_I1), &op);
	TAttr a;
	memset(&a, 0, sizeof a);
	a.kind = TA_CMP_DIR;
	a.name = "comparison_direction";
	a.u.cmp_dir = d;
	tir_op_set_attr(b->func, op, a);
	a.kind = TA_CMP_TYPE;
	a.name = "compare_type";
	a.u.cmp_type = dtype_is_float(t.dt) ? CT_FLOAT
	               : dtype_kind(t.dt) == DK_INT ? CT_SIGNED : CT_UNSIGNED;
	tir_op_set_attr(b->func, op, a);
	return r;
}

int tir_build_select(TBuilder *b, int pred, int on_true, int on_false)
{
	int ops[3] = {pred, on_true, on_false};
	const TType *p = vt(b, pred), *t = vt(b, on_true);
	if (p->dt != DT_I1 || (p->rank && !tir_type_same_shape(p, t)) ||
	    !tir_type_equal(t, vt(b, on_false)))
		die("tir_build_select: ill-typed operands");
	return build1(b, TOP_SELECT, ops, 3, *t, NULL);
}

int tir_build_clamp(TBuilder *b, int lo, int x, int hi)
{
	int ops[3] = {lo, x, hi};
	if (vt(b, lo)->dt != vt(b, x)->dt || vt(b, hi)->dt != vt(b, x)->dt)
		die("tir_build_clamp: element types differ");
	return build1(b, TOP_CLAMP, ops, 3, *vt(b, x), NULL);
}

int tir_build_convert(TBuilder *b, int x, DType to)
{
	return build1(b, TOP_CONVERT, &x, 1, tir_type_with_dtype(*vt(b, x), to), NULL);
}

int tir_build_bitcast_convert(TBuilder *b, int x, DType to)
{
	if (dtype_bits(vt(b, x)->dt) != dtype_bits(to))
		die("tir_build_bitcast_convert: %s and %s differ in width", dtype_name(vt(b, x)->dt),
		    dtype_name(to));
	return build1(b, TOP_BITCAST_CONVERT, &x, 1, tir_type_with_dtype(*vt(b, x), to), NULL);
}

static int build_constant(TBuilder *b, TType t, const void *data, int splat)
{
	TOp *op;
	int r = build1(b, TOP_CONSTANT, NULL, 0, t, &op);
	tir_op_set_dense(b->func, op, "value", t, data, splat);
	return r;
}

int tir_build_constant(TBuilder *b, TType t, const void *data)
{
	return build_constant(b, t, data, 0);
}

int tir_build_splat_int(TBuilder *b, TType t, int64_t v)
{
	unsigned char e[8] = {0};
	tir_elem_set_i(t.dt, e, v);
	return build_constant(b, t, e, tir_type_numel(&t) != 1);
}

int tir_build_splat_float(TBuilder *b, TType t, double v)
{
	unsigned char e[8] = {0};
	tir_elem_set_f(t.dt, e, v);
	return build_constant(b, t, e, tir_type_numel(&t) != 1);
}

int tir_build_iota(TBuilder *b, TType t, int dim)
{
	TOp *op;
	if (dim < 0 || dim >= t.rank)
		die("tir_build_iota: dimension %d out of range", dim);
	int r = build1(b, TOP_IOTA, NULL, 0, t, &op);
	tir_op_set_int(b->func, op, "iota_dimension", dim);
	return r;
}

int tir_build_broadcast_in_dim(TBuilder *b, int x, TType t, const int64_t *dims)
{
	TOp *op;
	const TType *xt = vt(b, x);
	t.dt = xt->dt;
	for (int i = 0; i < xt->rank; i++)
		if (dims[i] < 0 || dims[i] >= t.rank || (xt->dims[i] != 1 && xt->dims[i] != t.dims[dims[i]]))
			die("tir_build_broadcast_in_dim: dimension %d does not broadcast", i);
	int r = build1(b, TOP_BROADCAST_IN_DIM, &x, 1, t, &op);
	tir_op_set_ints(b->func, op, "broadcast_dimensions", dims, vt(b, x)->rank);
	return r;
}

int tir_build_reshape(TBuilder *b, int x, TType t)
{
	t.dt = vt(b, x)->dt;
	if (tir_type_numel(&t) != tir_type_numel(vt(b, x)))
		die("tir_build_reshape: element counts differ");
	return build1(b, TOP_RESHAPE, &x, 1, t, NULL);
}

int tir_build_transpose(TBuilder *b, int x, const int64_t *perm)
{
	TOp *op;
	TType t = *vt(b, x), r = t;
	for (int i = 0; i < t.rank; i++)
		r.dims[i] = t.dims[perm[i]];
	int res = build1(b, TOP_TRANSPOSE, &x, 1, r, &op);
	tir_op_set_ints(b->func, op, "permutation", perm, t.rank);
	return res;
}

int tir_build_reverse(TBuilder *b, int x, const int64_t *dims, int ndims)
{
	TOp *op;
	int r = build1(b, TOP_REVERSE, &x, 1, *vt(b, x), &op);
	tir_op_set_ints(b->func, op, "dimensions", dims, ndims);
	return r;
}

int tir_build_slice(TBuilder *b, int x, const int64_t *start, const int64_t *limit,
                    const int64_t *strides)
{
	TOp *op;
	TType t = *vt(b, x);
	int64_t ones[TIR_MAX_RANK];
	for (int i = 0; i < t.rank; i++) {
		ones[i] = strides ? strides[i] : 1;
		if (start[i] < 0 || start[i] > limit[i] || limit[i] > t.dims[i] || ones[i] < 1)
			die("tir_build_slice: [%lld:%lld] out of bounds in dimension %d",
			    (long long)start[i], (long long)limit[i], i);
		t.dims[i] = (limit[i] - start[i] + ones[i] - 1) / ones[i];
	}
	int r = build1(b, TOP_SLICE, &x, 1, t, &op);
	tir_op_set_ints(b->func, op, "start_indices", start, t.rank);
	tir_op_set_ints(b->func, op, "limit_indices", limit, t.rank);
	tir_op_set_ints(b->func, op, "strides", ones, t.rank);
	return r;
}

int tir_build_dynamic_slice(TBuilder *b, int x, const int *starts, const int64_t *sizes)
{
	TType t = *vt(b, x);
	int ops[TIR_MAX_RANK + 1];
	ops[0] = x;
	for (int i = 0; i < t.rank; i++) {
		ops[i + 1] = starts[i];
		if (sizes[i] < 0 || sizes[i] > t.dims[i])
			die("tir_build_dynamic_slice: size %lld exceeds dimension %d", (long long)sizes[i], i);
		t.dims[i] = sizes[i];
	}
	TOp *op;
	int r = build1(b, TOP_DYNAMIC_SLICE, ops, t.rank + 1, t, &op);
	tir_op_set_ints(b->func, op, "slice_sizes", sizes, t.rank);
	return r;
}

int tir_build_dynamic_update_slice(TBuilder *b, int x, int update, const int *starts)
{
	const TType *t = vt(b, x);
	int ops[TIR_MAX_RANK + 2];
	ops[0] = x;
	ops[1] = update;
	for (int i = 0; i < t->rank; i++)
		ops[i + 2] = starts[i];
	return build1(b, TOP_DYNAMIC_UPDATE_SLICE, ops, t->rank + 2, *t, NULL);
}

int tir_build_pad(TBuilder *b, int x, int padval, const int64_t *lo, const int64_t *hi,
                  const int64_t *interior)
{
	TType t = *vt(b, x);
	int64_t zero[TIR_MAX_RANK] = {0};
	const int64_t *in = interior ? interior : zero;
	for (int i = 0; i < t.rank; i++) {
		int64_t d = t.dims[i] ? t.dims[i] + (t.dims[i] - 1) * in[i] : 0;
		t.dims[i] = lo[i] + d + hi[i];
		if (t.dims[i] < 0)
			die("tir_build_pad: negative size in dimension %d", i);
	}
	int ops[2] = {x, padval};
	TOp *op;
	int r = build1(b, TOP_PAD, ops, 2, t, &op);
	tir_op_set_ints(b->func, op, "edge_padding_low", lo, t.rank);
	tir_op_set_ints(b->func, op, "edge_padding_high", hi, t.rank);
	tir_op_set_ints(b->func, op, "interior_padding", in, t.rank);
	return r;
}

int tir_build_concatenate(TBuilder *b, const int *xs, int n, int dim)
{
	TType t = *vt(b, xs[0]);
	if (dim < 0 || dim >= t.rank)
		die("tir_build_concatenate: dimension %d out of range", dim);
	for (int i = 1; i < n; i++)
		t.dims[dim] += vt(b, xs[i])->dims[dim];
	TOp *op;
	int r = build1(b, TOP_CONCATENATE, xs, n, t, &op);
	tir_op_set_int(b->func, op, "dimension", dim);
	return r;
}

/* A region computing `combiner` of its two scalar arguments of type t. */
static void combiner_region(TBuilder *b, TOp *op, TType t, int combiner)
{
	TBlock *body = tir_op_add_region(b->func, op);
	int x = tir_block_add_arg(b->func, body, t), y = tir_block_add_arg(b->func, body, t);
	TBuilder in = tir_builder(b->func, body, b->loc);
	int r = combiner < 0 ? y : tir_build_binary(&in, (TOpKind)combiner, x, y);
	tir_build_return(&in, &r, 1);
}

static int in_list(const int64_t *v, int n, int64_t d)
{
	for (int i = 0; i < n; i++)
		if (v[i] == d)
			return 1;
	return 0;
}

int tir_build_reduce(TBuilder *b, int x, int init, const int64_t *dims, int ndims,
                     TOpKind combiner)
{
	const TType *xt = vt(b, x);
	TType init_t = *vt(b, init), r = tir_type_scalar(xt->dt);
	if (init_t.rank != 0 || init_t.dt != xt->dt)
		die("tir_build_reduce: init must be a 0-d %s", dtype_name(xt->dt));
	for (int i = 0; i < xt->rank; i++)
		if (!in_list(dims, ndims, i))
			r.dims[r.rank++] = xt->dims[i];
	int ops[2] = {x, init};
	TOp *op;
	int res = build1(b, TOP_REDUCE, ops, 2, r, &op);
	tir_op_set_ints(b->func, op, "dimensions", dims, ndims);
	combiner_region(b, op, init_t, combiner);
	return res;
}

static TAttr dims_attr(TAttrKind k, const char *name)
{
	TAttr a;
	memset(&a, 0, sizeof a);
	a.kind = k;
	a.name = name;
	return a;
}

static TInts copy_ints(TBuilder *b, TInts x)
{
	return tir_ints_copy(b->func->module->arena, x.v, x.n);
}

int tir_build_dot_general(TBuilder *b, int lhs, int rhs, const TDotDims *dd)
{
	const TType *l = vt(b, lhs), *rt = vt(b, rhs);
	TType t = tir_type_scalar(l->dt);
	for (int i = 0; i < dd->lhs_batch.n; i++)
		t.dims[t.rank++] = l->dims[dd->lhs_batch.v[i]];
	for (int i = 0; i < l->rank; i++)
		if (!in_list(dd->lhs_batch.v, dd->lhs_batch.n, i) &&
		    !in_list(dd->lhs_contract.v, dd->lhs_contract.n, i))
			t.dims[t.rank++] = l->dims[i];
	for (int i = 0; i < rt->rank; i++)
		if (!in_list(dd->rhs_batch.v, dd->rhs_batch.n, i) &&
		    !in_list(dd->rhs_contract.v, dd->rhs_contract.n, i))
			t.dims[t.rank++] = rt->dims[i];
	int ops[2] = {lhs, rhs};
	TOp *op;
	int r = build1(b, TOP_DOT_GENERAL, ops, 2, t, &op);
	TAttr a = dims_attr(TA_DOT_DIMS, "dot_dimension_numbers");
	a.u.dot.lhs_batch = copy_ints(b, dd->lhs_batch);
	a.u.dot.rhs_batch = copy_ints(b, dd->rhs_batch);
	a.u.dot.lhs_contract = copy_ints(b, dd->lhs_contract);
	a.u.dot.rhs_contract = copy_ints(b, dd->rhs_contract);
	tir_op_set_attr(b->func, op, a);
	return r;
}

int tir_build_gather(TBuilder *b, int operand, int indices, const TGatherDims *gd,
                     const int64_t *slice_sizes, TType result)
{
	int ops[2] = {operand, indices};
	TOp *op;
	result.dt = vt(b, operand)->dt;
	int r = build1(b, TOP_GATHER, ops, 2, result, &op);
	TAttr a = dims_attr(TA_GATHER_DIMS, "dimension_numbers");
	a.u.gather.offset_dims = copy_ints(b, gd->offset_dims);
	a.u.gather.collapsed_slice_dims = copy_ints(b, gd->collapsed_slice_dims);
	a.u.gather.operand_batching_dims = copy_ints(b, gd->operand_batching_dims);
	a.u.gather.start_indices_batching_dims = copy_ints(b, gd->start_indices_batching_dims);
	a.u.gather.start_index_map = copy_ints(b, gd->start_index_map);
	a.u.gather.index_vector_dim = gd->index_vector_dim;
	tir_op_set_attr(b->func, op, a);
	tir_op_set_ints(b->func, op, "slice_sizes", slice_sizes, vt(b, operand)->rank);
	tir_op_set_bool(b->func, op, "indices_are_sorted", 0);
	return r;
}

int tir_build_scatter(TBuilder *b, int operand, int indices, int updates,
                      const TScatterDims *sd, int combiner)
{
	int ops[3] = {operand, indices, updates};
	TOp *op;
	int r = build1(b, TOP_SCATTER, ops, 3, *vt(b, operand), &op);
	TAttr a = dims_attr(TA_SCATTER_DIMS, "scatter_dimension_numbers");
	a.u.scatter.update_window_dims = copy_ints(b, sd->update_window_dims);
	a.u.scatter.inserted_window_dims = copy_ints(b, sd->inserted_window_dims);
	a.u.scatter.input_batching_dims = copy_ints(b, sd->input_batching_dims);
	a.u.scatter.scatter_indices_batching_dims = copy_ints(b, sd->scatter_indices_batching_dims);
	a.u.scatter.scatter_dims_to_operand_dims = copy_ints(b, sd->scatter_dims_to_operand_dims);
	a.u.scatter.index_vector_dim = sd->index_vector_dim;
	tir_op_set_attr(b->func, op, a);
	tir_op_set_bool(b->func, op, "indices_are_sorted", 0);
	tir_op_set_bool(b->func, op, "unique_indices", 0);
	combiner_region(b, op, tir_type_scalar(vt(b, operand)->dt), combiner);
	return r;
}

void tir_build_return(TBuilder *b, const int *vals, int n)
{
	tir_build_op(b, TOP_RETURN, vals, n);
}
