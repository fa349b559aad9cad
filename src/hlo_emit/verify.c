/* verify.c: type and shape checks on the tensor IR, by the StableHLO specification
 * (https://openxla.org/stablehlo/spec, the "Constraints" of each op).
 * Consumes a TModule; produces diagnostics that name the op and its location. After a
 * module passes, every op has the operand and result counts of its TIR_OPS row, every
 * operand is defined before use, element types belong to the op's type class, and the
 * result shapes of the shape ops (broadcast, reshape, transpose, slice, pad, concatenate,
 * dot_general, reduce, ...) are the ones the spec infers, so an interpreter may index
 * without further checks. gather/scatter index arithmetic is checked for ranks only. */
#include "hlo_emit.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct Verifier {
	const TModule *m;
	const TFunc *f;
	char *defined;      /* value id -> defined yet */
	int quiet, nerr;
	SrcLoc first_loc;
	char *first_msg;
	size_t cap;
} Verifier;

C2H_PRINTF(3, 4) static int err(Verifier *v, const TOp *op, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	int n = snprintf(msg, sizeof msg, "'%s' ", op ? tir_op_name(op->kind) : "func.func");
	vsnprintf(msg + n, sizeof msg - (size_t)n, fmt, ap);
	va_end(ap);
	SrcLoc l = op ? op->loc : v->f->loc;
	if (v->nerr++ == 0) {
		v->first_loc = l;
		if (v->first_msg)
			snprintf(v->first_msg, v->cap, "%s", msg);
	}
	if (!v->quiet)
		diag_error(l, "%s", msg);
	return 0;
}

static const TType *ty(const Verifier *v, int id) { return tir_value_type(v->f, id); }

static char *tstr(const TType *t, char *buf, size_t n)
{
	StrBuf b = {0};
	tir_type_print(&b, t);
	snprintf(buf, n, "%s", sb_str(&b));
	sb_free(&b);
	return buf;
}

static int is_tensor(const TType *t) { return t->kind == TY_TENSOR; }

/* result type must equal want */
static int want_result(Verifier *v, const TOp *op, int i, const TType *want)
{
	char a[128], b[128];
	if (!tir_type_equal(ty(v, op->results[i]), want))
		return err(v, op, "result type is %s, expected %s", tstr(ty(v, op->results[i]), a, sizeof a),
		           tstr(want, b, sizeof b));
	return 1;
}

static int check_ints_len(Verifier *v, const TOp *op, const char *name, TInts x, int n)
{
	if (x.n != n)
		return err(v, op, "'%s' has %d entries, expected %d", name, x.n, n);
	return 1;
}

static int check_elementwise(Verifier *v, const TOp *op)
{
	unsigned fl = tir_op_flags(op->kind);
	const TType *t0 = ty(v, op->operands[0]);
	char a[128], b[128];
	if (!is_tensor(t0))
		return err(v, op, "operand is not a tensor");
	for (int i = 1; i < op->noperands; i++)
		if (!tir_type_equal(ty(v, op->operands[i]), t0))
			return err(v, op, "operand types differ: %s vs %s", tstr(t0, a, sizeof a),
			           tstr(ty(v, op->operands[i]), b, sizeof b));
	if (!tir_op_allows_dtype(op->kind, t0->dt))
		return err(v, op, "element type %s is not allowed", dtype_name(t0->dt));
	const TType *r = ty(v, op->results[0]);
	if (op->kind == TOP_CONVERT) {
		if (!is_tensor(r) || !tir_type_same_shape(r, t0))
			return err(v, op, "result shape differs from the operand's");
		return 1;
	}
	TType want = (fl & OF_PRED) ? tir_type_with_dtype(*t0, DT_I1) : *t0;
	if (op->kind == TOP_ABS && dtype_is_complex(t0->dt))   /* spec: abs of complex is real */
		want.dt = dtype_complex_part(t0->dt);
	return want_result(v, op, 0, &want);
}

/* complex(lhs, rhs): two f32 or f64 tensors of one type; real/imag: the inverse. */
static int check_complex_parts(Verifier *v, const TOp *op)
{
	const TType *x = ty(v, op->operands[0]);
	TType want = *x;
	if (op->kind == TOP_COMPLEX) {
		if (!tir_type_equal(x, ty(v, op->operands[1])))
			return err(v, op, "operand types differ");
		if (x->dt != DT_F32 && x->dt != DT_F64)
			return err(v, op, "operands must be f32 or f64, not %s", dtype_name(x->dt));
		want.dt = dtype_complex_of(x->dt);
	} else {
		if (!tir_op_allows_dtype(op->kind, x->dt))
			return err(v, op, "element type %s is not allowed", dtype_name(x->dt));
		if (dtype_is_complex(x->dt))
			want.dt = dtype_complex_part(x->dt);
	}
	return want_result(v, op, 0, &want);
}

/* fft: fft_length names the innermost dimensions; RFFT takes a float operand and
 * halves the last one (n/2+1), IRFFT the inverse (spec, fft C1-C5). */
static int check_fft(Verifier *v, const TOp *op)
{
	const TType *x = ty(v, op->operands[0]), *r = ty(v, op->results[0]);
	TInts len = tir_op_get_ints(op, "fft_length");
	TAttr *a = tir_op_attr(op, "fft_type");
	if (!a || a->kind != TA_RAW)
		return err(v, op, "needs fft_type");
	if (len.n < 1 || len.n > 3 || len.n > x->rank)
		return err(v, op, "fft_length must have 1 to 3 entries, at most the rank");
	int real_in = strstr(a->u.s, "RFFT") && !strstr(a->u.s, "IRFFT");
	int real_out = strstr(a->u.s, "IRFFT") != NULL;
	if (real_in ? !dtype_is_float(x->dt) : !dtype_is_complex(x->dt))
		return err(v, op, "operand element type %s does not fit %s", dtype_name(x->dt), a->u.s);
	if (real_out ? !dtype_is_float(r->dt) : !dtype_is_complex(r->dt))
		return err(v, op, "result element type %s does not fit %s", dtype_name(r->dt), a->u.s);
	if (r->rank != x->rank)
		return err(v, op, "result rank differs from the operand's");
	return 1;
}

/* convolution: ranks from the dimension numbers; the result shape is taken as given
 * (its spatial sizes follow from padding, dilations and strides; checked at run time). */
static int check_conv(Verifier *v, const TOp *op)
{
	const TType *l = ty(v, op->operands[0]), *k = ty(v, op->operands[1]), *r = ty(v, op->results[0]);
	TAttr *a = tir_op_attr(op, "dimension_numbers");
	if (!a || a->kind != TA_CONV_DIMS)
		return err(v, op, "needs dimension_numbers");
	const TConvDims *d = &a->u.conv;
	int ns = d->in_spatial.n;
	if (l->rank != ns + 2 || k->rank != ns + 2 || r->rank != ns + 2 || d->k_spatial.n != ns ||
	    d->out_spatial.n != ns)
		return err(v, op, "operand, kernel and result ranks must be %d spatial dimensions + 2", ns);
	if (l->dt != k->dt && !(dtype_is_float(l->dt) && dtype_is_float(k->dt)))
		return err(v, op, "lhs and rhs element types differ");
	if (tir_op_get_int(op, "feature_group_count", 1) < 1 || tir_op_get_int(op, "batch_group_count", 1) < 1)
		return err(v, op, "group counts must be positive");
	return 1;
}

static int check_same_as_operand(Verifier *v, const TOp *op)
{
	return want_result(v, op, 0, ty(v, op->operands[0]));
}

/* The dynamic ops keep static result types here: the shape operands must be 1-d
 * integer tensors with one entry per result dimension. */
static int check_shape_operand(Verifier *v, const TOp *op, int i, int64_t n)
{
	const TType *s = ty(v, op->operands[i]);
	if (!is_tensor(s) || s->rank != 1 || !dtype_is_int(s->dt) || s->dims[0] != n)
		return err(v, op, "operand %d must be a 1-d integer tensor of %lld entries", i, (long long)n);
	return 1;
}

static int check_broadcast(Verifier *v, const TOp *op);
static int check_iota(Verifier *v, const TOp *op);
static int check_reshape(Verifier *v, const TOp *op);

static int check_dynamic(Verifier *v, const TOp *op)
{
	const TType *x = ty(v, op->operands[0]), *r = ty(v, op->results[0]);
	switch (op->kind) {
	case TOP_DYNAMIC_BROADCAST_IN_DIM:
		return check_shape_operand(v, op, 1, r->rank) && check_broadcast(v, op);
	case TOP_DYNAMIC_IOTA:
		return check_shape_operand(v, op, 0, r->rank) && check_iota(v, op);
	case TOP_DYNAMIC_RESHAPE:
		return check_shape_operand(v, op, 1, r->rank) && check_reshape(v, op);
	case TOP_DYNAMIC_PAD:
		for (int i = 2; i < 5; i++)
			if (!check_shape_operand(v, op, i, x->rank))
				return 0;
		if (r->rank != x->rank || r->dt != x->dt)
			return err(v, op, "result rank or element type differs from the operand's");
		return 1;
	case TOP_DYNAMIC_GATHER:
		return check_shape_operand(v, op, 2, x->rank);
	case TOP_GET_DIMENSION_SIZE: {
		int64_t d = tir_op_get_int(op, "dimension", -1);
		TType want = tir_type_scalar(DT_I32);
		if (d < 0 || d >= x->rank)
			return err(v, op, "dimension %lld out of range", (long long)d);
		return want_result(v, op, 0, &want);
	}
	default:
		return 1;
	}
}

static int check_broadcast(Verifier *v, const TOp *op)
{
	const TType *x = ty(v, op->operands[0]), *r = ty(v, op->results[0]);
	TInts d = tir_op_get_ints(op, "broadcast_dimensions");
	if (!check_ints_len(v, op, "broadcast_dimensions", d, x->rank))
		return 0;
	if (r->dt != x->dt)
		return err(v, op, "result element type differs from the operand's");
	for (int i = 0; i < d.n; i++) {
		if (d.v[i] < 0 || d.v[i] >= r->rank)
			return err(v, op, "broadcast dimension %lld out of range", (long long)d.v[i]);
		if (i && d.v[i] <= d.v[i - 1])
			return err(v, op, "broadcast_dimensions must increase");
		if (x->dims[i] != 1 && x->dims[i] != r->dims[d.v[i]])
			return err(v, op, "operand dimension %d (%lld) does not broadcast to %lld", i,
			           (long long)x->dims[i], (long long)r->dims[d.v[i]]);
	}
	return 1;
}

static int check_transpose(Verifier *v, const TOp *op)
{
	const TType *x = ty(v, op->operands[0]);
	TInts perm = tir_op_get_ints(op, "permutation");
	if (!check_ints_len(v, op, "permutation", perm, x->rank))
		return 0;
	TType want = *x;
	int seen[TIR_MAX_RANK] = {0};
	for (int i = 0; i < perm.n; i++) {
		if (perm.v[i] < 0 || perm.v[i] >= x->rank || seen[perm.v[i]]++)
			return err(v, op, "permutation is not a permutation of 0..%d", x->rank - 1);
		want.dims[i] = x->dims[perm.v[i]];
	}
	return want_result(v, op, 0, &want);
}

static int check_slice(Verifier *v, const TOp *op)
{
	const TType *x = ty(v, op->operands[0]);
	TInts s = tir_op_get_ints(op, "start_indices"), l = tir_op_get_ints(op, "limit_indices");
	TInts st = tir_op_get_ints(op, "strides");
	if (!check_ints_len(v, op, "start_indices", s, x->rank) ||
	    !check_ints_len(v, op, "limit_indices", l, x->rank) ||
	    !check_ints_len(v, op, "strides", st, x->rank))
		return 0;
	TType want = *x;
	for (int i = 0; i < x->rank; i++) {
		if (s.v[i] < 0 || s.v[i] > l.v[i] || l.v[i] > x->dims[i] || st.v[i] < 1)
			return err(v, op, "slice [%lld:%lld:%lld] out of bounds in dimension %d of size %lld",
			           (long long)s.v[i], (long long)l.v[i], (long long)st.v[i], i,
			           (long long)x->dims[i]);
		want.dims[i] = (l.v[i] - s.v[i] + st.v[i] - 1) / st.v[i];
	}
	return want_result(v, op, 0, &want);
}

static int check_index_scalars(Verifier *v, const TOp *op, int first, int n)
{
	if (op->noperands != first + n)
		return err(v, op, "needs %d start indices, has %d", n, op->noperands - first);
	for (int i = first; i < op->noperands; i++) {
		const TType *t = ty(v, op->operands[i]);
		if (!is_tensor(t) || t->rank != 0 || !dtype_is_int(t->dt))
			return err(v, op, "start index %d is not a 0-d integer tensor", i - first);
		if (t->dt != ty(v, op->operands[first])->dt)
			return err(v, op, "start indices have different types");
	}
	return 1;
}

static int check_dynamic_slice(Verifier *v, const TOp *op)
{
	const TType *x = ty(v, op->operands[0]);
	TInts sz = tir_op_get_ints(op, "slice_sizes");
	if (!check_index_scalars(v, op, 1, x->rank) || !check_ints_len(v, op, "slice_sizes", sz, x->rank))
		return 0;
	TType want = *x;
	for (int i = 0; i < x->rank; i++) {
		if (sz.v[i] < 0 || sz.v[i] > x->dims[i])
			return err(v, op, "slice size %lld exceeds dimension %d", (long long)sz.v[i], i);
		want.dims[i] = sz.v[i];
	}
	return want_result(v, op, 0, &want);
}

static int check_dus(Verifier *v, const TOp *op)
{
	const TType *x = ty(v, op->operands[0]), *u = ty(v, op->operands[1]);
	if (!check_index_scalars(v, op, 2, x->rank))
		return 0;
	if (u->rank != x->rank || u->dt != x->dt)
		return err(v, op, "update rank or element type differs from the operand's");
	for (int i = 0; i < x->rank; i++)
		if (u->dims[i] > x->dims[i])
			return err(v, op, "update dimension %d is larger than the operand's", i);
	return want_result(v, op, 0, x);
}

static int check_pad(Verifier *v, const TOp *op)
{
	const TType *x = ty(v, op->operands[0]), *pv = ty(v, op->operands[1]);
	TInts lo = tir_op_get_ints(op, "edge_padding_low"), hi = tir_op_get_ints(op, "edge_padding_high");
	TInts in = tir_op_get_ints(op, "interior_padding");
	if (pv->rank != 0 || pv->dt != x->dt)
		return err(v, op, "padding value must be a 0-d tensor of the operand's element type");
	if (!check_ints_len(v, op, "edge_padding_low", lo, x->rank) ||
	    !check_ints_len(v, op, "edge_padding_high", hi, x->rank) ||
	    !check_ints_len(v, op, "interior_padding", in, x->rank))
		return 0;
	TType want = *x;
	for (int i = 0; i < x->rank; i++) {
		if (in.v[i] < 0)
			return err(v, op, "negative interior padding");
		int64_t d = x->dims[i] ? x->dims[i] + (x->dims[i] - 1) * in.v[i] : 0;
		want.dims[i] = lo.v[i] + d + hi.v[i];
		if (want.dims[i] < 0)
			return err(v, op, "padding makes dimension %d negative", i);
	}
	return want_result(v, op, 0, &want);
}

static int check_concatenate(Verifier *v, const TOp *op)
{
	if (op->noperands < 1)
		return err(v, op, "needs at least one operand");
	const TType *x = ty(v, op->operands[0]);
	int64_t dim = tir_op_get_int(op, "dimension", -1);
	if (dim < 0 || dim >= x->rank)
		return err(v, op, "dimension %lld out of range", (long long)dim);
	TType want = *x;
	want.dims[dim] = 0;
	for (int i = 0; i < op->noperands; i++) {
		const TType *t = ty(v, op->operands[i]);
		if (t->rank != x->rank || t->dt != x->dt)
			return err(v, op, "operand %d rank or element type differs", i);
		for (int d = 0; d < x->rank; d++)
			if (d != dim && t->dims[d] != x->dims[d])
				return err(v, op, "operand %d differs in dimension %d", i, d);
		want.dims[dim] += t->dims[dim];
	}
	return want_result(v, op, 0, &want);
}

static int check_select(Verifier *v, const TOp *op)
{
	const TType *pr = ty(v, op->operands[0]), *a = ty(v, op->operands[1]);
	if (!tir_type_equal(a, ty(v, op->operands[2])))
		return err(v, op, "on_true and on_false types differ");
	if (pr->dt != DT_I1 || (pr->rank != 0 && !tir_type_same_shape(pr, a)))
		return err(v, op, "pred must be i1, 0-d or of the operands' shape");
	return want_result(v, op, 0, a);
}

static int check_clamp(Verifier *v, const TOp *op)
{
	const TType *lo = ty(v, op->operands[0]), *x = ty(v, op->operands[1]), *hi = ty(v, op->operands[2]);
	if (lo->dt != x->dt || hi->dt != x->dt)
		return err(v, op, "element types differ");
	if ((lo->rank && !tir_type_same_shape(lo, x)) || (hi->rank && !tir_type_same_shape(hi, x)))
		return err(v, op, "min and max must be 0-d or of the operand's shape");
	return want_result(v, op, 0, x);
}

static int check_constant(Verifier *v, const TOp *op)
{
	TAttr *a = tir_op_attr(op, "value");
	if (!a || a->kind != TA_DENSE)
		return err(v, op, "needs a dense 'value'");
	return want_result(v, op, 0, &a->u.dense.type);
}

static int check_iota(Verifier *v, const TOp *op)
{
	const TType *r = ty(v, op->results[0]);
	int64_t d = tir_op_get_int(op, "iota_dimension", -1);
	if (d < 0 || d >= r->rank)
		return err(v, op, "iota_dimension %lld out of range", (long long)d);
	return 1;
}

static int check_reshape(Verifier *v, const TOp *op)
{
	const TType *x = ty(v, op->operands[0]), *r = ty(v, op->results[0]);
	if (x->dt != r->dt || tir_type_numel(x) != tir_type_numel(r))
		return err(v, op, "result must have the operand's element type and element count");
	return 1;
}

static int check_bitcast(Verifier *v, const TOp *op)
{
	const TType *x = ty(v, op->operands[0]), *r = ty(v, op->results[0]);
	int bx = dtype_bits(x->dt), br = dtype_bits(r->dt);
	if (bx == br) {
		if (!tir_type_same_shape(x, r))
			return err(v, op, "same-width bitcast must keep the shape");
	} else if (bx * tir_type_numel(x) != br * tir_type_numel(r)) {
		return err(v, op, "operand and result bit sizes differ");
	}
	return 1;
}

static int contains(TInts x, int64_t d)
{
	for (int i = 0; i < x.n; i++)
		if (x.v[i] == d)
			return 1;
	return 0;
}

static int check_dot(Verifier *v, const TOp *op)
{
	const TType *l = ty(v, op->operands[0]), *r = ty(v, op->operands[1]);
	TAttr *a = tir_op_attr(op, "dot_dimension_numbers");
	if (!a || a->kind != TA_DOT_DIMS)
		return err(v, op, "needs dot_dimension_numbers");
	const TDotDims *d = &a->u.dot;
	if (d->lhs_batch.n != d->rhs_batch.n || d->lhs_contract.n != d->rhs_contract.n)
		return err(v, op, "lhs and rhs dimension lists differ in length");
	TType want = tir_type_scalar(ty(v, op->results[0])->dt);
	for (int i = 0; i < d->lhs_batch.n; i++) {
		if (l->dims[d->lhs_batch.v[i]] != r->dims[d->rhs_batch.v[i]])
			return err(v, op, "batch dimensions differ in size");
		want.dims[want.rank++] = l->dims[d->lhs_batch.v[i]];
	}
	for (int i = 0; i < d->lhs_contract.n; i++)
		if (d->lhs_contract.v[i] >= l->rank || d->rhs_contract.v[i] >= r->rank ||
		    l->dims[d->lhs_contract.v[i]] != r->dims[d->rhs_contract.v[i]])
			return err(v, op, "contracting dimensions differ in size");
	for (int i = 0; i < l->rank; i++)
		if (!contains(d->lhs_batch, i) && !contains(d->lhs_contract, i))
			want.dims[want.rank++] = l->dims[i];
	for (int i = 0; i < r->rank; i++)
		if (!contains(d->rhs_batch, i) && !contains(d->rhs_contract, i))
			want.dims[want.rank++] = r->dims[i];
	if (l->dt != r->dt && !(dtype_is_float(l->dt) && dtype_is_float(r->dt)))
		return err(v, op, "lhs and rhs element types differ");
	return want_result(v, op, 0, &want);
}

/* The return of a region must give `n` values of the given types (NULL: any). */
static int check_region_return(Verifier *v, const TOp *op, const TBlock *b, const TType *types, int n,
                               const char *what)
{
	if (!b->nops || b->ops[b->nops - 1]->kind != TOP_RETURN)
		return err(v, op, "%s region does not end in a return", what);
	const TOp *ret = b->ops[b->nops - 1];
	if (ret->noperands != n)
		return err(v, op, "%s region returns %d values, expected %d", what, ret->noperands, n);
	for (int i = 0; types && i < n; i++)
		if (!tir_type_equal(ty(v, ret->operands[i]), &types[i]))
			return err(v, op, "%s region returns a wrong type in position %d", what, i);
	return 1;
}

static int check_reduce(Verifier *v, const TOp *op)
{
	int n = op->noperands / 2;
	if (op->noperands % 2 || op->nresults != n || op->nregions != 1)
		return err(v, op, "needs N inputs, N inits, N results and one body");
	TInts dims = tir_op_get_ints(op, "dimensions");
	TType scal[64];
	if (n > 64)
		return err(v, op, "too many operands");
	for (int i = 0; i < n; i++) {
		const TType *x = ty(v, op->operands[i]), *init = ty(v, op->operands[n + i]);
		if (init->rank != 0 || init->dt != x->dt)
			return err(v, op, "init %d must be a 0-d tensor of the input's element type", i);
		TType want = tir_type_scalar(ty(v, op->results[i])->dt);
		for (int d = 0; d < x->rank; d++)
			if (!contains(dims, d))
				want.dims[want.rank++] = x->dims[d];
		for (int j = 0; j < dims.n; j++)
			if (dims.v[j] < 0 || dims.v[j] >= x->rank)
				return err(v, op, "dimension %lld out of range", (long long)dims.v[j]);
		if (!want_result(v, op, i, &want))
			return 0;
		scal[i] = *init;
	}
	if (op->regions[0]->nargs != 2 * n)
		return err(v, op, "body takes %d arguments, expected %d", op->regions[0]->nargs, 2 * n);
	return check_region_return(v, op, op->regions[0], scal, n, "body");
}

static int check_while(Verifier *v, const TOp *op)
{
	if (op->nregions != 2 || op->nresults != op->noperands)
		return err(v, op, "needs cond and body regions and one result per operand");
	TType types[256];
	if (op->noperands > 256)
		return err(v, op, "too many operands");
	for (int i = 0; i < op->noperands; i++) {
		types[i] = *ty(v, op->operands[i]);
		if (!want_result(v, op, i, &types[i]))
			return 0;
	}
	for (int r = 0; r < 2; r++) {
		const TBlock *b = op->regions[r];
		if (b->nargs != op->noperands)
			return err(v, op, "region %d takes %d arguments, expected %d", r, b->nargs, op->noperands);
	}
	TType pred = tir_type_scalar(DT_I1);
	return check_region_return(v, op, op->regions[0], &pred, 1, "cond") &&
	       check_region_return(v, op, op->regions[1], types, op->noperands, "body");
}

static int check_branches(Verifier *v, const TOp *op)
{
	const TType *pt = ty(v, op->operands[0]);
	if (pt->rank != 0 || (op->kind == TOP_IF ? pt->dt != DT_I1 : pt->dt != DT_I32))
		return err(v, op, "%s must be a 0-d %s tensor", op->kind == TOP_IF ? "pred" : "index",
		           op->kind == TOP_IF ? "i1" : "i32");
	if (op->kind == TOP_IF && op->nregions != 2)
		return err(v, op, "needs two branches");
	if (op->nregions < 1)
		return err(v, op, "needs at least one branch");
	TType types[256];
	if (op->nresults > 256)
		return err(v, op, "too many results");
	for (int i = 0; i < op->nresults; i++)
		types[i] = *ty(v, op->results[i]);
	for (int r = 0; r < op->nregions; r++)
		if (!check_region_return(v, op, op->regions[r], types, op->nresults, "branch"))
			return 0;
	return 1;
}

static int check_call(Verifier *v, const TOp *op)
{
	TAttr *c = tir_op_attr(op, op->kind == TOP_COMPOSITE ? "decomposition" : "callee");
	const TFunc *g = c && c->kind == TA_STRING ? tir_module_find_func(v->m, c->u.s) : NULL;
	if (!g)
		return err(v, op, "callee '@%s' is not defined", c && c->kind == TA_STRING ? c->u.s : "?");
	if (g->nargs != op->noperands || g->nresults != op->nresults)
		return err(v, op, "'@%s' takes %d arguments and gives %d results", g->name, g->nargs,
		           g->nresults);
	for (int i = 0; i < g->nargs; i++)
		if (!tir_type_equal(&g->args[i].type, ty(v, op->operands[i])))
			return err(v, op, "argument %d type differs from '@%s''s parameter", i, g->name);
	for (int i = 0; i < g->nresults; i++)
		if (!want_result(v, op, i, &g->results[i].type))
			return 0;
	return 1;
}

static int check_compare_attrs(Verifier *v, const TOp *op)
{
	TAttr *d = tir_op_attr(op, "comparison_direction");
	if (!d || d->kind != TA_CMP_DIR)
		return err(v, op, "needs comparison_direction");
	return check_elementwise(v, op);
}

static int check_expect(Verifier *v, const TOp *op)
{
	if (op->kind == TOP_EXPECT_EQ_CONST || op->kind == TOP_EXPECT_ALMOST_EQ_CONST) {
		TAttr *a = tir_op_attr(op, "value");
		if (!a || a->kind != TA_DENSE)
			return err(v, op, "needs a dense 'value'");
		if (!tir_type_equal(&a->u.dense.type, ty(v, op->operands[0])))
			return err(v, op, "constant type differs from the operand's");
	} else if (!tir_type_equal(ty(v, op->operands[0]), ty(v, op->operands[1]))) {
		return err(v, op, "operand types differ");
	}
	return 1;
}

/* Op-specific rules; counts were checked by the caller. */
static int check_op(Verifier *v, const TOp *op)
{
	switch (op->kind) {
	case TOP_CONSTANT: return check_constant(v, op);
	case TOP_IOTA: return check_iota(v, op);
	case TOP_BROADCAST_IN_DIM: return check_broadcast(v, op);
	case TOP_RESHAPE: return check_reshape(v, op);
	case TOP_TRANSPOSE: return check_transpose(v, op);
	case TOP_BITCAST_CONVERT: return check_bitcast(v, op);
	case TOP_SLICE: return check_slice(v, op);
	case TOP_DYNAMIC_SLICE: return check_dynamic_slice(v, op);
	case TOP_DYNAMIC_UPDATE_SLICE: return check_dus(v, op);
	case TOP_PAD: return check_pad(v, op);
	case TOP_CONCATENATE: return check_concatenate(v, op);
	case TOP_SELECT: return check_select(v, op);
	case TOP_CLAMP: return check_clamp(v, op);
	case TOP_COMPARE: return check_compare_attrs(v, op);
	case TOP_DOT_GENERAL: return check_dot(v, op);
	case TOP_REDUCE: return check_reduce(v, op);
	case TOP_WHILE: return check_while(v, op);
	case TOP_IF:
	case TOP_CASE: return check_branches(v, op);
	case TOP_CALL:
	case TOP_COMPOSITE: return check_call(v, op);
	case TOP_COMPLEX:
	case TOP_REAL:
	case TOP_IMAG: return check_complex_parts(v, op);
	case TOP_FFT: return check_fft(v, op);
	case TOP_CONVOLUTION:
	case TOP_DYNAMIC_CONV: return check_conv(v, op);
	case TOP_CHOLESKY: return check_same_as_operand(v, op);
	case TOP_DYNAMIC_BROADCAST_IN_DIM:
	case TOP_DYNAMIC_IOTA:
	case TOP_DYNAMIC_RESHAPE:
	case TOP_DYNAMIC_PAD:
	case TOP_DYNAMIC_GATHER:
	case TOP_GET_DIMENSION_SIZE: return check_dynamic(v, op);
	default: break;
	}
	if (tir_op_flags(op->kind) & OF_CHECK)
		return check_expect(v, op);
	if (tir_op_flags(op->kind) & OF_EW)
		return check_elementwise(v, op);
	return 1;
}

static void verify_block(Verifier *v, const TBlock *b, int in_region);

static void verify_op(Verifier *v, const TOp *op, int in_region)
{
	int no = tir_op_noperands(op->kind), nr = tir_op_nresults(op->kind);
	int ok = 1;
	for (int i = 0; i < op->noperands; i++) {
		if (!v->defined[op->operands[i]]) {
			err(v, op, "operand %d is used before it is defined", i);
			ok = 0;
		}
	}
	if (no >= 0 && op->noperands != no)
		ok = err(v, op, "has %d operands, expected %d", op->noperands, no);
	if (nr >= 0 && op->nresults != nr)
		ok = err(v, op, "has %d results, expected %d", op->nresults, nr);
	if ((op->nregions > 0) != ((tir_op_flags(op->kind) & OF_REGION) != 0))
		ok = err(v, op, "has %d regions", op->nregions);
	for (int r = 0; r < op->nregions; r++)
		verify_block(v, op->regions[r], 1);
	if (ok && op->kind == TOP_RETURN && !in_region) {
		if (op->noperands != v->f->nresults)
			err(v, op, "returns %d values, the function has %d results", op->noperands,
			    v->f->nresults);
		for (int i = 0; i < op->noperands && i < v->f->nresults; i++)
			if (!tir_type_equal(ty(v, op->operands[i]), &v->f->results[i].type))
				err(v, op, "value %d has a type other than the function's result %d", i, i);
	} else if (ok) {
		check_op(v, op);
	}
	for (int i = 0; i < op->nresults; i++)
		v->defined[op->results[i]] = 1;
}

static void verify_block(Verifier *v, const TBlock *b, int in_region)
{
	for (int i = 0; i < b->nargs; i++)
		v->defined[b->args[i]] = 1;
	for (int i = 0; i < b->nops; i++) {
		const TOp *op = b->ops[i];
		if (op->kind == TOP_RETURN && i != b->nops - 1)
			err(v, op, "return is not the last op of its block");
		verify_op(v, op, in_region);
	}
	if (!in_region && (!b->nops || b->ops[b->nops - 1]->kind != TOP_RETURN))
		err(v, NULL, "'@%s' does not end in a return", v->f->name);
}

static void verify_func(Verifier *v, const TFunc *f)
{
	v->f = f;
	v->defined = xcalloc((size_t)f->nvalues + 1, 1);
	for (int i = 0; i < f->nargs; i++)
		v->defined[f->args[i].value] = 1;
	verify_block(v, f->body, 0);
	free(v->defined);
	v->defined = NULL;
}

int tir_verify_report(const TModule *m, int quiet, SrcLoc *first_loc, char *first_msg, size_t cap)
{
	Verifier v;
	memset(&v, 0, sizeof v);
	v.m = m;
	v.quiet = quiet;
	v.first_msg = first_msg;
	v.cap = cap;
	for (int i = 0; i < m->nfuncs; i++)
		verify_func(&v, m->funcs[i]);
	if (first_loc && v.nerr)
		*first_loc = v.first_loc;
	return v.nerr;
}

int tir_verify(const TModule *m)
{
	return tir_verify_report(m, 0, NULL, NULL, 0);
}

int tir_verify_func(const TFunc *f)
{
	Verifier v;
	memset(&v, 0, sizeof v);
	v.m = f->module;
	verify_func(&v, f);
	return v.nerr;
}
