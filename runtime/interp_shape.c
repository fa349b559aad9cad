/* interp_shape.c: data-movement ops: constant, iota, broadcast_in_dim, reshape,
 * transpose, reverse, slice, dynamic_slice, dynamic_update_slice, pad, concatenate,
 * gather, scatter.
 *
 * Consumes operand tensors and the op's attributes; produces the result tensor. Most ops
 * are one strided copy (a box of counts, a source and a destination stride per dimension,
 * the innermost dimension done with memcpy when both sides are contiguous), so slices,
 * transposes, broadcasts and pads move rows, not elements. reshape shares storage.
 * Index rules follow the StableHLO spec: dynamic_slice and dynamic_update_slice clamp
 * their start indices so the box fits, gather clamps each start index into the operand,
 * scatter skips updates whose window falls outside the operand (spec "scatter", (5)),
 * pad takes negative padding as cropping and interior padding between elements. */
#include "runtime.h"

#include <stdlib.h>
#include <string.h>

typedef struct Box {
	int rank;
	int64_t count[TIR_MAX_RANK];
	int64_t sstride[TIR_MAX_RANK], dstride[TIR_MAX_RANK];   /* in elements */
} Box;

static void copy_run(unsigned char *d, int64_t ds, const unsigned char *s, int64_t ss, int64_t n, size_t esz)
{
	if (ds == 1 && ss == 1) {
		memcpy(d, s, (size_t)n * esz);
		return;
	}
	switch (esz) {
	case 1: for (int64_t i = 0; i < n; i++) d[i * ds] = s[i * ss]; break;
	case 2: for (int64_t i = 0; i < n; i++) ((uint16_t *)d)[i * ds] = ((const uint16_t *)s)[i * ss]; break;
	case 4: for (int64_t i = 0; i < n; i++) ((uint32_t *)d)[i * ds] = ((const uint32_t *)s)[i * ss]; break;
	default: for (int64_t i = 0; i < n; i++) ((uint64_t *)d)[i * ds] = ((const uint64_t *)s)[i * ss]; break;
	}
}

/* Copies the box: dst[doff + sum idx*dstride] = src[soff + sum idx*sstride]. */
static void box_copy(void *dst, int64_t doff, const void *src, int64_t soff, const Box *b, size_t esz)
{
	for (int d = 0; d < b->rank; d++)
		if (b->count[d] <= 0)
			return;
	if (b->rank == 0) {
		memcpy((unsigned char *)dst + doff * (int64_t)esz, (const unsigned char *)src + soff * (int64_t)esz, esz);
		return;
	}
	int64_t idx[TIR_MAX_RANK] = {0};
	int inner = b->rank - 1;
	for (;;) {
		int64_t so = soff, dof = doff;
		for (int d = 0; d < inner; d++)
			so += idx[d] * b->sstride[d], dof += idx[d] * b->dstride[d];
		copy_run((unsigned char *)dst + dof * (int64_t)esz, b->dstride[inner],
		         (const unsigned char *)src + so * (int64_t)esz, b->sstride[inner], b->count[inner], esz);
		int d = inner - 1;
		while (d >= 0 && ++idx[d] == b->count[d])
			idx[d--] = 0;
		if (d < 0)
			return;
	}
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

static size_t esize(const RtValue *v) { return (size_t)dtype_size(v->type.dt); }

static void put(Interp *it, RtValue *env, int id, RtValue v)
{
	rt_value_release(&it->pool, &env[id]);
	env[id] = v;
}

static int64_t scalar_index(const RtValue *v) { return rt_get_i64(v->type.dt, rt_data(v), 0); }

static int64_t clamp64(int64_t x, int64_t lo, int64_t hi) { return x < lo ? lo : x > hi ? hi : x; }

/* ---- constant, iota ---- */

static int eval_constant(Interp *it, RtValue *env, const TOp *op, RtValue r)
{
	TAttr *a = tir_op_attr(op, "value");
	if (!a || a->kind != TA_DENSE) {
		rt_value_release(&it->pool, &r);
		return interp_fail(it, op, "'stablehlo.constant' without a dense value");
	}
	size_t esz = esize(&r);
	int64_t n = rt_numel(&r);
	if (a->u.dense.splat) {
		rt_fill(rt_data(&r), a->u.dense.data, esz, n);
	} else if (n) {
		memcpy(rt_data(&r), a->u.dense.data, (size_t)n * esz);
	}
	put(it, env, op->results[0], r);
	return 0;
}

static int eval_iota(Interp *it, RtValue *env, const TOp *op, RtValue r)
{
	int dim = (int)tir_op_get_int(op, "iota_dimension", 0);
	int64_t st[TIR_MAX_RANK], n = rt_numel(&r);
	rt_strides(&r.type, st);
	DType t = r.type.dt;
	for (int64_t i = 0; i < n; i++) {
		int64_t v = r.type.rank ? i / st[dim] % r.type.dims[dim] : 0;
		if (dtype_is_float(t))
			rt_set_f64(t, rt_data(&r), i, (double)v);
		else
			rt_set_i64(t, rt_data(&r), i, v);
	}
	put(it, env, op->results[0], r);
	return 0;
}

/* ---- broadcast, transpose, reverse, slice ---- */

static void box_dest_contiguous(Box *b, const TType *t)
{
	b->rank = t->rank;
	rt_strides(t, b->dstride);
	for (int d = 0; d < t->rank; d++)
		b->count[d] = t->dims[d];
}

static int eval_broadcast_in_dim(Interp *it, RtValue *env, const TOp *op, RtValue r)
{
	const RtValue *x = &env[op->operands[0]];
	TInts bd = tir_op_get_ints(op, "broadcast_dimensions");
	Box b;
	int64_t xs[TIR_MAX_RANK];
	rt_strides(&x->type, xs);
	box_dest_contiguous(&b, &r.type);
	for (int d = 0; d < r.type.rank; d++)
		b.sstride[d] = 0;
	for (int i = 0; i < bd.n; i++)
		if (x->type.dims[i] != 1 || r.type.dims[bd.v[i]] == 1)
			b.sstride[bd.v[i]] = xs[i];
	box_copy(rt_data(&r), 0, rt_data(x), 0, &b, esize(&r));
	put(it, env, op->results[0], r);
	return 0;
}

static int eval_transpose(Interp *it, RtValue *env, const TOp *op, RtValue r)
{
	const RtValue *x = &env[op->operands[0]];
	TInts perm = tir_op_get_ints(op, "permutation");
	Box b;
	int64_t xs[TIR_MAX_RANK];
	rt_strides(&x->type, xs);
	box_dest_contiguous(&b, &r.type);
	for (int d = 0; d < r.type.rank; d++)
		b.sstride[d] = xs[perm.v[d]];
	box_copy(rt_data(&r), 0, rt_data(x), 0, &b, esize(&r));
	put(it, env, op->results[0], r);
	return 0;
}

static int eval_reverse(Interp *it, RtValue *env, const TOp *op, RtValue r)
{
	const RtValue *x = &env[op->operands[0]];
	TInts dims = tir_op_get_ints(op, "dimensions");
	Box b;
	int64_t off = 0;
	box_dest_contiguous(&b, &r.type);
	rt_strides(&x->type, b.sstride);
	for (int i = 0; i < dims.n; i++) {
		int d = (int)dims.v[i];
		off += (x->type.dims[d] - 1) * b.sstride[d];
		b.sstride[d] = -b.sstride[d];
	}
	box_copy(rt_data(&r), 0, rt_data(x), off, &b, esize(&r));
	put(it, env, op->results[0], r);
	return 0;
}

static int eval_slice(Interp *it, RtValue *env, const TOp *op, RtValue r)
{
	const RtValue *x = &env[op->operands[0]];
	TInts start = tir_op_get_ints(op, "start_indices"), strides = tir_op_get_ints(op, "strides");
	Box b;
	int64_t xs[TIR_MAX_RANK], off = 0;
	rt_strides(&x->type, xs);
	box_dest_contiguous(&b, &r.type);
	for (int d = 0; d < r.type.rank; d++) {
		int64_t s = strides.n ? strides.v[d] : 1;
		off += start.v[d] * xs[d];
		b.sstride[d] = s * xs[d];
	}
	box_copy(rt_data(&r), 0, rt_data(x), off, &b, esize(&r));
	put(it, env, op->results[0], r);
	return 0;
}

/* ---- dynamic slices ---- */

static int eval_dynamic_slice(Interp *it, RtValue *env, const TOp *op, RtValue r)
{
	const RtValue *x = &env[op->operands[0]];
	int rank = x->type.rank;
	if (op->noperands != 1 + rank) {
		rt_value_release(&it->pool, &r);
		return interp_fail(it, op, "'stablehlo.dynamic_slice' needs %d start indices", rank);
	}
	Box b;
	int64_t xs[TIR_MAX_RANK], off = 0;
	rt_strides(&x->type, xs);
	box_dest_contiguous(&b, &r.type);
	for (int d = 0; d < rank; d++) {
		int64_t s = clamp64(scalar_index(&env[op->operands[1 + d]]), 0, x->type.dims[d] - r.type.dims[d]);
		off += s * xs[d];
		b.sstride[d] = xs[d];
	}
	box_copy(rt_data(&r), 0, rt_data(x), off, &b, esize(&r));
	put(it, env, op->results[0], r);
	return 0;
}

static int eval_dynamic_update_slice(Interp *it, RtValue *env, const TOp *op, RtValue r)
{
	const RtValue *x = &env[op->operands[0]], *u = &env[op->operands[1]];
	int rank = x->type.rank;
	if (op->noperands != 2 + rank) {
		rt_value_release(&it->pool, &r);
		return interp_fail(it, op, "'stablehlo.dynamic_update_slice' needs %d start indices", rank);
	}
	memcpy(rt_data(&r), rt_data(x), (size_t)tir_type_bytes(&r.type));
	Box b;
	int64_t off = 0;
	b.rank = rank;
	rt_strides(&u->type, b.sstride);
	rt_strides(&r.type, b.dstride);
	for (int d = 0; d < rank; d++) {
		int64_t s = clamp64(scalar_index(&env[op->operands[2 + d]]), 0, x->type.dims[d] - u->type.dims[d]);
		off += s * b.dstride[d];
		b.count[d] = u->type.dims[d];
	}
	box_copy(rt_data(&r), off, rt_data(u), 0, &b, esize(&r));
	put(it, env, op->results[0], r);
	return 0;
}

/* ---- pad, concatenate ---- */

static int eval_pad(Interp *it, RtValue *env, const TOp *op, RtValue r)
{
	const RtValue *x = &env[op->operands[0]], *pv = &env[op->operands[1]];
	TInts lo = tir_op_get_ints(op, "edge_padding_low"), in = tir_op_get_ints(op, "interior_padding");
	size_t esz = esize(&r);
	int64_t n = rt_numel(&r);
	rt_fill(rt_data(&r), rt_data(pv), esz, n);
	Box b;
	int64_t xs[TIR_MAX_RANK], rs[TIR_MAX_RANK], soff = 0, doff = 0;
	rt_strides(&x->type, xs);
	rt_strides(&r.type, rs);
	b.rank = r.type.rank;
	for (int d = 0; d < b.rank; d++) {
		int64_t step = 1 + (in.n ? in.v[d] : 0), l = lo.v[d], i0 = 0;
		/* operand element i lands at l + i*step; skip those cropped below 0 */
		if (l < 0)
			i0 = (-l + step - 1) / step;
		int64_t i1 = x->type.dims[d];   /* exclusive; those at or past the end are cropped */
		while (i1 > i0 && l + (i1 - 1) * step >= r.type.dims[d])
			i1--;
		b.count[d] = i1 - i0;
		b.sstride[d] = xs[d];
		b.dstride[d] = step * rs[d];
		soff += i0 * xs[d];
		doff += (l + i0 * step) * rs[d];
	}
	box_copy(rt_data(&r), doff, rt_data(x), soff, &b, esz);
	put(it, env, op->results[0], r);
	return 0;
}

static int eval_concatenate(Interp *it, RtValue *env, const TOp *op, RtValue r)
{
	int dim = (int)tir_op_get_int(op, "dimension", 0);
	int64_t rs[TIR_MAX_RANK], pos = 0;
	rt_strides(&r.type, rs);
	for (int k = 0; k < op->noperands; k++) {
		const RtValue *x = &env[op->operands[k]];
		Box b;
		b.rank = x->type.rank;
		rt_strides(&x->type, b.sstride);
		for (int d = 0; d < b.rank; d++)
			b.count[d] = x->type.dims[d], b.dstride[d] = rs[d];
		box_copy(rt_data(&r), pos * rs[dim], rt_data(x), 0, &b, esize(&r));
		pos += x->type.dims[dim];
	}
	put(it, env, op->results[0], r);
	return 0;
}

/* ---- gather ---- */

static int in_ints(TInts s, int64_t v)
{
	for (int i = 0; i < s.n; i++)
		if (s.v[i] == v)
			return 1;
	return 0;
}

/* The start-index vector for batch position `batch` (indices' dims without the index
 * vector dim), read from the indices tensor. */
static void read_index_vector(const RtValue *ind, int64_t ivd, const int64_t *batch, int64_t *out, int64_t *nout)
{
	int64_t st[TIR_MAX_RANK], base = 0;
	int rank = ind->type.rank;
	rt_strides(&ind->type, st);
	for (int d = 0, k = 0; d < rank; d++)
		if (d != ivd)
			base += batch[k++] * st[d];
	*nout = ivd < rank ? ind->type.dims[ivd] : 1;
	for (int64_t j = 0; j < *nout; j++)
		out[j] = rt_get_i64(ind->type.dt, rt_data(ind), base + (ivd < rank ? j * st[ivd] : 0));
}

static int eval_gather(Interp *it, RtValue *env, const TOp *op, RtValue r)
{
	const RtValue *x = &env[op->operands[0]], *ind = &env[op->operands[1]];
	TAttr *a = tir_op_attr(op, "dimension_numbers");
	TInts sizes = tir_op_get_ints(op, "slice_sizes");
	if (!a || a->kind != TA_GATHER_DIMS) {
		rt_value_release(&it->pool, &r);
		return interp_fail(it, op, "'stablehlo.gather' without dimension_numbers");
	}
	const TGatherDims *g = &a->u.gather;
	int rr = r.type.rank, xr = x->type.rank;
	int64_t xs[TIR_MAX_RANK], idx[TIR_MAX_RANK] = {0}, n = rt_numel(&r);
	rt_strides(&x->type, xs);
	size_t esz = esize(&r);
	for (int64_t i = 0; i < n; i++, next_index(idx, r.type.dims, rr)) {
		int64_t batch[TIR_MAX_RANK], nb = 0, off[TIR_MAX_RANK], no = 0, sv[TIR_MAX_RANK], ns;
		for (int d = 0; d < rr; d++) {
			if (in_ints(g->offset_dims, d))
				off[no++] = idx[d];
			else
				batch[nb++] = idx[d];
		}
		read_index_vector(ind, g->index_vector_dim, batch, sv, &ns);
		int64_t full[TIR_MAX_RANK] = {0};
		for (int k = 0; k < g->start_index_map.n && k < ns; k++) {
			int64_t d = g->start_index_map.v[k];
			full[d] = clamp64(sv[k], 0, x->type.dims[d] - sizes.v[d]);
		}
		for (int k = 0; k < g->operand_batching_dims.n; k++) {
			int64_t ds = g->start_indices_batching_dims.v[k];
			full[g->operand_batching_dims.v[k]] += batch[ds - (ds < g->index_vector_dim ? 0 : 1)];
		}
		for (int d = 0, k = 0; d < xr; d++)
			if (!in_ints(g->collapsed_slice_dims, d) && !in_ints(g->operand_batching_dims, d))
				full[d] += off[k++];
		int64_t src = 0;
		for (int d = 0; d < xr; d++)
			src += full[d] * xs[d];
		memcpy((unsigned char *)rt_data(&r) + (size_t)i * esz, (const unsigned char *)rt_data(x) + (size_t)src * esz, esz);
	}
	put(it, env, op->results[0], r);
	return 0;
}

/* ---- scatter ---- */

typedef enum { COMBINE_REGION, COMBINE_REPLACE, COMBINE_FAST } CombineKind;

static CombineKind scatter_combiner(const TBlock *body, const RegionCall *rc)
{
	if (rc->fast != (TOpKind)-1)
		return COMBINE_FAST;
	if (body->nargs == 2 && body->nops == 1 && body->ops[0]->kind == TOP_RETURN &&
	    body->ops[0]->noperands == 1 && body->ops[0]->operands[0] == body->args[1])
		return COMBINE_REPLACE;
	return COMBINE_REGION;
}

static int scatter_apply(Interp *it, RegionCall *rc, CombineKind ck, RtValue *res, const RtValue *upd,
                         int nin, int64_t dst, int64_t src)
{
	if (ck == COMBINE_REPLACE || ck == COMBINE_FAST) {
		size_t esz = esize(&res[0]);
		unsigned char *d = (unsigned char *)rt_data(&res[0]) + (size_t)dst * esz;
		const unsigned char *s = (const unsigned char *)rt_data(&upd[0]) + (size_t)src * esz;
		if (ck == COMBINE_REPLACE)
			memcpy(d, s, esz);
		else
			interp_binary_kernel(rc->fast, res[0].type.dt, d, s, d, 1);
		return 0;
	}
	RtValue args[2 * 8], outs[8];
	TType st = tir_type_scalar(res[0].type.dt);
	for (int k = 0; k < nin; k++) {
		st = tir_type_scalar(res[k].type.dt);
		size_t esz = esize(&res[k]);
		args[k] = rt_tensor_new(&it->pool, &st);
		memcpy(rt_data(&args[k]), (unsigned char *)rt_data(&res[k]) + (size_t)dst * esz, esz);
		args[nin + k] = rt_tensor_new(&it->pool, &st);
		memcpy(rt_data(&args[nin + k]), (const unsigned char *)rt_data(&upd[k]) + (size_t)src * esz, esz);
	}
	int rc2 = region_run(rc, args, 2 * nin, outs, nin);
	for (int k = 0; k < 2 * nin; k++)
		rt_value_release(&it->pool, &args[k]);
	for (int k = 0; k < nin && rc2 == 0; k++) {
		size_t esz = esize(&res[k]);
		memcpy((unsigned char *)rt_data(&res[k]) + (size_t)dst * esz, rt_data(&outs[k]), esz);
		rt_value_release(&it->pool, &outs[k]);
	}
	return rc2;
}

static int eval_scatter(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	int nin = (op->noperands - 1) / 2;
	TAttr *a = tir_op_attr(op, "scatter_dimension_numbers");
	if (!a || a->kind != TA_SCATTER_DIMS || nin < 1 || nin > 8 || op->nregions != 1)
		return interp_fail(it, op, "'stablehlo.scatter' malformed (dimension numbers, operands or region)");
	const TScatterDims *s = &a->u.scatter;
	const RtValue *ind = &env[op->operands[nin]];
	RtValue res[8], upd[8];
	for (int k = 0; k < nin; k++) {
		res[k] = rt_tensor_new(&it->pool, tir_value_type(f, op->results[k]));
		memcpy(rt_data(&res[k]), rt_data(&env[op->operands[k]]), (size_t)tir_type_bytes(&res[k].type));
		upd[k] = env[op->operands[nin + 1 + k]];
	}
	RegionCall rc;
	region_prepare(&rc, it, f, env, op->regions[0]);
	CombineKind ck = nin == 1 ? scatter_combiner(op->regions[0], &rc) : COMBINE_REGION;
	const TType *ut = &upd[0].type, *xt = &res[0].type;
	int64_t xs[TIR_MAX_RANK], idx[TIR_MAX_RANK] = {0}, n = tir_type_numel(ut);
	rt_strides(xt, xs);
	int ret = 0;
	for (int64_t i = 0; i < n && ret == 0; i++, next_index(idx, ut->dims, ut->rank)) {
		int64_t sc[TIR_MAX_RANK], nsc = 0, win[TIR_MAX_RANK], nw = 0, sv[TIR_MAX_RANK], ns;
		for (int d = 0; d < ut->rank; d++) {
			if (in_ints(s->update_window_dims, d))
				win[nw++] = idx[d];
			else
				sc[nsc++] = idx[d];
		}
		read_index_vector(ind, s->index_vector_dim, sc, sv, &ns);
		int64_t full[TIR_MAX_RANK] = {0};
		for (int k = 0; k < s->scatter_dims_to_operand_dims.n && k < ns; k++)
			full[s->scatter_dims_to_operand_dims.v[k]] = sv[k];
		for (int k = 0; k < s->input_batching_dims.n; k++) {
			int64_t ds = s->scatter_indices_batching_dims.v[k];
			full[s->input_batching_dims.v[k]] += sc[ds - (ds < s->index_vector_dim ? 0 : 1)];
		}
		for (int d = 0, k = 0; d < xt->rank; d++)
			if (!in_ints(s->inserted_window_dims, d) && !in_ints(s->input_batching_dims, d))
				full[d] += win[k++];
		int64_t dst = 0, inb = 1;
		for (int d = 0; d < xt->rank; d++) {
			inb &= full[d] >= 0 && full[d] < xt->dims[d];
			dst += full[d] * xs[d];
		}
		if (inb)
			ret = scatter_apply(it, &rc, ck, res, upd, nin, dst, i);
	}
	for (int k = 0; k < nin; k++) {
		if (ret == 0)
			put(it, env, op->results[k], res[k]);
		else
			rt_value_release(&it->pool, &res[k]);
	}
	return ret;
}

int interp_shape_op(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	if (op->kind == TOP_SCATTER)
		return eval_scatter(it, f, env, op);
	if (op->nresults != 1)
		return interp_fail(it, op, "unsupported op '%s'", tir_op_name(op->kind));
	const TType *t = tir_value_type(f, op->results[0]);
	if (op->kind == TOP_RESHAPE) {
		RtValue v = rt_value_ref(&env[op->operands[0]]);
		v.type = *t;
		put(it, env, op->results[0], v);
		return 0;
	}
	if (t->kind != TY_TENSOR)
		return interp_fail(it, op, "'%s' with a non-tensor result", tir_op_name(op->kind));
	RtValue r = rt_tensor_new(&it->pool, t);
	switch (op->kind) {
	case TOP_CONSTANT: return eval_constant(it, env, op, r);
	case TOP_IOTA: return eval_iota(it, env, op, r);
	case TOP_BROADCAST_IN_DIM: return eval_broadcast_in_dim(it, env, op, r);
	case TOP_TRANSPOSE: return eval_transpose(it, env, op, r);
	case TOP_REVERSE: return eval_reverse(it, env, op, r);
	case TOP_SLICE: return eval_slice(it, env, op, r);
	case TOP_DYNAMIC_SLICE: return eval_dynamic_slice(it, env, op, r);
	case TOP_DYNAMIC_UPDATE_SLICE: return eval_dynamic_update_slice(it, env, op, r);
	case TOP_PAD: return eval_pad(it, env, op, r);
	case TOP_CONCATENATE: return eval_concatenate(it, env, op, r);
	case TOP_GATHER: return eval_gather(it, env, op, r);
	default:
		rt_value_release(&it->pool, &r);
		return interp_fail(it, op, "unsupported op '%s'", tir_op_name(op->kind));
	}
}
