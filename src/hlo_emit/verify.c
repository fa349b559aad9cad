/* verify.c: type and shape checks on the tensor IR, by the StableHLO specification
 * (https://openxla.org/stablehlo/spec, the "Constraints" of each op).
 * Consumes a TModule; produces diagnostics that name the op and its location. After a
 * module passes, every op has the operand and result counts of its TIR_OPS row, every
 * operand is defined before use, element types belong to the op's type class, and the
 * result shapes of the shape ops (broadcast, reshape, transpose, slice, pad, concatenate,
 * dot_general, reduce, gather, scatter, reduce_window, select_and_scatter, ...) are the
 * ones the spec infers, and every dimension number (reverse, sort, gather and scatter
 * dimension numbers, dot_general, reduce, map) names a dimension of its tensor, once, so
 * an interpreter or a compiled backend may index without further checks. */
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

static int check_conv(Verifier *v, const TOp *op);   /* with the window ops below */

static int check_same_as_operand(Verifier *v, const TOp *op)
{
	return want_result(v, op, 0, ty(v, op->operands[0]));
}

/* cholesky C1: a batch of square matrices. */
static int check_cholesky(Verifier *v, const TOp *op)
{
	const TType *x = ty(v, op->operands[0]);
	if (x->rank < 2 || x->dims[x->rank - 1] != x->dims[x->rank - 2])
		return err(v, op, "operand must be a batch of square matrices (rank >= 2, last two dimensions equal)");
	return check_same_as_operand(v, op);
}

/* reduce_precision C2, C3: exponent_bits >= 1, mantissa_bits >= 0. */
static int check_reduce_precision(Verifier *v, const TOp *op)
{
	int64_t e = tir_op_get_int(op, "exponent_bits", 1), m = tir_op_get_int(op, "mantissa_bits", 0);
	if (e < 1 || e > 64 || m < 0 || m > 64)
		return err(v, op, "format e%lldm%lld: exponent bits must be 1..64, mantissa bits 0..64", (long long)e,
		           (long long)m);
	return check_elementwise(v, op);
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

static int check_dynamic_gather(Verifier *v, const TOp *op);   /* with gather below */

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
		return check_shape_operand(v, op, 2, x->rank) && check_dynamic_gather(v, op);
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
		want.dims[i] = l.v[i] > s.v[i] ? (l.v[i] - s.v[i] - 1) / st.v[i] + 1 : 0;   /* no overflow */
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
		int64_t d = 0;
		if ((x->dims[i] && (__builtin_mul_overflow(x->dims[i] - 1, in.v[i], &d) ||
		                    __builtin_add_overflow(d, x->dims[i], &d))) ||
		    __builtin_add_overflow(lo.v[i], d, &d) || __builtin_add_overflow(d, hi.v[i], &want.dims[i]))
			return err(v, op, "padding of dimension %d overflows", i);
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
	/* spec C1: equal widths keep the shape; a narrower result adds a last dimension of
	 * the width ratio, a wider one drops the operand's last dimension, which must be it */
	const TType *wide = bx > br ? x : r, *narrow = bx > br ? r : x;
	int bw = bx > br ? bx : br, bn = bx > br ? br : bx;
	int ok = bx == br ? tir_type_same_shape(x, r) : narrow->rank == wide->rank + 1 && bn && bw % bn == 0 &&
	         narrow->dims[narrow->rank - 1] == bw / bn;
	for (int i = 0; ok && bx != br && i < wide->rank; i++)
		ok = narrow->dims[i] == wide->dims[i];
	if (!ok)
		return err(v, op, "result shape does not follow from the bit widths (%d to %d bits)", bx, br);
	return 1;
}

static int contains(TInts x, int64_t d)
{
	for (int i = 0; i < x.n; i++)
		if (x.v[i] == d)
			return 1;
	return 0;
}

static int check_dim_list(Verifier *v, const TOp *op, const char *name, TInts x, int rank, int sorted);
static int check_disjoint(Verifier *v, const TOp *op, const char *an, TInts a, const char *bn, TInts b);

static int check_dot(Verifier *v, const TOp *op)
{
	const TType *l = ty(v, op->operands[0]), *r = ty(v, op->operands[1]);
	TAttr *a = tir_op_attr(op, "dot_dimension_numbers");
	if (!a || a->kind != TA_DOT_DIMS)
		return err(v, op, "needs dot_dimension_numbers");
	const TDotDims *d = &a->u.dot;
	if (d->lhs_batch.n != d->rhs_batch.n || d->lhs_contract.n != d->rhs_contract.n)
		return err(v, op, "lhs and rhs dimension lists differ in length");
	if (!check_dim_list(v, op, "lhs_batching_dimensions", d->lhs_batch, l->rank, 0) ||
	    !check_dim_list(v, op, "rhs_batching_dimensions", d->rhs_batch, r->rank, 0) ||
	    !check_dim_list(v, op, "lhs_contracting_dimensions", d->lhs_contract, l->rank, 0) ||
	    !check_dim_list(v, op, "rhs_contracting_dimensions", d->rhs_contract, r->rank, 0) ||
	    !check_disjoint(v, op, "lhs_batching_dimensions", d->lhs_batch, "lhs_contracting_dimensions",
	                    d->lhs_contract) ||
	    !check_disjoint(v, op, "rhs_batching_dimensions", d->rhs_batch, "rhs_contracting_dimensions",
	                    d->rhs_contract))
		return 0;
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
	TType *scal = xcalloc((size_t)n + 1, sizeof *scal);
	int ok = 1;
	for (int i = 0; ok && i < n; i++) {
		const TType *x = ty(v, op->operands[i]), *init = ty(v, op->operands[n + i]);
		if (init->rank != 0 || init->dt != x->dt) {
			ok = err(v, op, "init %d must be a 0-d tensor of the input's element type", i);
			break;
		}
		TType want = tir_type_scalar(ty(v, op->results[i])->dt);
		for (int d = 0; d < x->rank; d++)
			if (!contains(dims, d))
				want.dims[want.rank++] = x->dims[d];
		ok = check_dim_list(v, op, "dimensions", dims, x->rank, 0) && want_result(v, op, i, &want);
		scal[i] = *init;
	}
	if (ok && op->regions[0]->nargs != 2 * n)
		ok = err(v, op, "body takes %d arguments, expected %d", op->regions[0]->nargs, 2 * n);
	ok = ok && check_region_return(v, op, op->regions[0], scal, n, "body");
	free(scal);
	return ok;
}

/* ---- dimension lists (spec: "is_unique", "0 <= d < rank", "is_sorted") ---- */

/* Every entry of x names a dimension of a rank-`rank` tensor, no two alike, and (with
 * sorted) in increasing order. */
static int check_dim_list(Verifier *v, const TOp *op, const char *name, TInts x, int rank, int sorted)
{
	for (int i = 0; i < x.n; i++) {
		if (x.v[i] < 0 || x.v[i] >= rank)
			return err(v, op, "'%s' entry %lld is out of range [0, %d)", name, (long long)x.v[i], rank);
		for (int j = 0; j < i; j++)
			if (x.v[j] == x.v[i])
				return err(v, op, "'%s' names dimension %lld twice", name, (long long)x.v[i]);
		if (sorted && i && x.v[i] < x.v[i - 1])
			return err(v, op, "'%s' must be sorted", name);
	}
	return 1;
}

/* No dimension in both a and b (spec: is_unique(concatenate(a, b))). */
static int check_disjoint(Verifier *v, const TOp *op, const char *an, TInts a, const char *bn, TInts b)
{
	for (int i = 0; i < a.n; i++)
		if (contains(b, a.v[i]))
			return err(v, op, "dimension %lld is in both '%s' and '%s'", (long long)a.v[i], an, bn);
	return 1;
}

static int check_reverse(Verifier *v, const TOp *op)
{
	const TType *x = ty(v, op->operands[0]);
	return check_dim_list(v, op, "dimensions", tir_op_get_ints(op, "dimensions"), x->rank, 0) &&
	       want_result(v, op, 0, x);
}

/* gather and scatter share their index arithmetic: a "big" tensor (gather's result,
 * scatter's updates) whose window dimensions (offset_dims / update_window_dims) walk
 * a window of the operand, and whose other dimensions walk the indices without their
 * index_vector_dim. Names follow gather; scatter's are given in the messages. */
typedef struct IndexDims {
	const char *window, *collapsed, *obatch, *ibatch, *map;   /* attribute names */
	TInts window_dims, collapsed_dims, obatch_dims, ibatch_dims, map_dims;
	int64_t ivd;
} IndexDims;

static int check_index_lists(Verifier *v, const TOp *op, const IndexDims *g, const TType *x, const TType *ind,
                             const TType *big)
{
	if (!is_tensor(ind) || !dtype_is_int(ind->dt))
		return err(v, op, "indices must be an integer tensor");
	if (x->rank != g->window_dims.n + g->collapsed_dims.n + g->obatch_dims.n)
		return err(v, op, "operand rank %d is not |%s| + |%s| + |%s|", x->rank, g->window, g->collapsed,
		           g->obatch);
	if (g->ivd < 0 || g->ivd > ind->rank)
		return err(v, op, "index_vector_dim %lld is out of range [0, %d]", (long long)g->ivd, ind->rank);
	int64_t nidx = g->ivd < ind->rank ? ind->dims[g->ivd] : 1;
	if (g->map_dims.n != nidx)
		return err(v, op, "'%s' has %d entries, the index vector %lld", g->map, g->map_dims.n, (long long)nidx);
	if (g->obatch_dims.n != g->ibatch_dims.n)
		return err(v, op, "'%s' and '%s' differ in length", g->obatch, g->ibatch);
	if (contains(g->ibatch_dims, g->ivd))
		return err(v, op, "index_vector_dim is in '%s'", g->ibatch);
	if (!check_dim_list(v, op, g->window, g->window_dims, big->rank, 1) ||
	    !check_dim_list(v, op, g->collapsed, g->collapsed_dims, x->rank, 1) ||
	    !check_dim_list(v, op, g->obatch, g->obatch_dims, x->rank, 1) ||
	    !check_dim_list(v, op, g->ibatch, g->ibatch_dims, ind->rank, 0) ||
	    !check_dim_list(v, op, g->map, g->map_dims, x->rank, 0) ||
	    !check_disjoint(v, op, g->collapsed, g->collapsed_dims, g->obatch, g->obatch_dims) ||
	    !check_disjoint(v, op, g->map, g->map_dims, g->obatch, g->obatch_dims))
		return 0;
	for (int i = 0; i < g->obatch_dims.n; i++)
		if (x->dims[g->obatch_dims.v[i]] != ind->dims[g->ibatch_dims.v[i]])
			return err(v, op, "batching dimension %d differs in size between operand and indices", i);
	return 1;
}

/* The big tensor's shape: index dimensions (all but index_vector_dim) in order at the
 * non-window positions, window sizes (sizes[d] for operand dimensions d neither
 * collapsed nor batching) at the window positions. */
static TType index_big_shape(const IndexDims *g, const TType *x, const TType *ind, const int64_t *sizes, DType dt)
{
	TType t = tir_type_scalar(dt);
	int64_t win[TIR_MAX_RANK], bat[TIR_MAX_RANK];
	int nw = 0, nb = 0;
	for (int d = 0; d < x->rank; d++)
		if (!contains(g->collapsed_dims, d) && !contains(g->obatch_dims, d))
			win[nw++] = sizes[d];
	for (int d = 0; d < ind->rank; d++)
		if (d != g->ivd)
			bat[nb++] = ind->dims[d];
	t.rank = nw + nb;
	for (int d = 0, iw = 0, ib = 0; d < t.rank && d < TIR_MAX_RANK; d++)
		t.dims[d] = contains(g->window_dims, d) ? win[iw++] : bat[ib++];
	return t;
}

/* gather and dynamic_gather: their dimension numbers as IndexDims, checked against the
 * operand, the indices and the result (0 after an error). */
static int gather_lists(Verifier *v, const TOp *op, IndexDims *g)
{
	const TType *x = ty(v, op->operands[0]), *ind = ty(v, op->operands[1]), *r = ty(v, op->results[0]);
	TAttr *a = tir_op_attr(op, "dimension_numbers");
	if (!a || a->kind != TA_GATHER_DIMS)
		return err(v, op, "needs dimension_numbers");
	const TGatherDims *d = &a->u.gather;
	*g = (IndexDims){"offset_dims", "collapsed_slice_dims", "operand_batching_dims", "start_indices_batching_dims",
	                 "start_index_map", d->offset_dims, d->collapsed_slice_dims, d->operand_batching_dims,
	                 d->start_indices_batching_dims, d->start_index_map, d->index_vector_dim};
	return check_index_lists(v, op, g, x, ind, r);
}

static int check_gather(Verifier *v, const TOp *op)
{
	const TType *x = ty(v, op->operands[0]), *ind = ty(v, op->operands[1]), *r = ty(v, op->results[0]);
	TInts sizes = tir_op_get_ints(op, "slice_sizes");
	IndexDims g;
	if (!gather_lists(v, op, &g) || !check_ints_len(v, op, "slice_sizes", sizes, x->rank))
		return 0;
	for (int i = 0; i < x->rank; i++) {
		if (sizes.v[i] < 0 || sizes.v[i] > x->dims[i])
			return err(v, op, "slice size %lld is out of range [0, %lld] in dimension %d",
			           (long long)sizes.v[i], (long long)x->dims[i], i);
		if ((contains(g.collapsed_dims, i) || contains(g.obatch_dims, i)) && sizes.v[i] > 1)
			return err(v, op, "slice size of collapsed or batching dimension %d must be 0 or 1", i);
	}
	if (g.window_dims.n + ind->rank - (g.ivd < ind->rank) != r->rank)
		return err(v, op, "result rank %d does not follow from the dimension numbers", r->rank);
	TType want = index_big_shape(&g, x, ind, sizes.v, x->dt);
	return want_result(v, op, 0, &want);
}

/* dynamic_gather: gather's dimension numbers with slice_sizes an operand, so the window
 * sizes are checked when it runs (interp_linalg.c); the ranks are checked here. */
static int check_dynamic_gather(Verifier *v, const TOp *op)
{
	const TType *x = ty(v, op->operands[0]), *ind = ty(v, op->operands[1]), *r = ty(v, op->results[0]);
	IndexDims g;
	if (!gather_lists(v, op, &g))
		return 0;
	if (g.window_dims.n + ind->rank - (g.ivd < ind->rank) != r->rank || r->dt != x->dt)
		return err(v, op, "result rank or element type does not follow from the operands");
	return 1;
}

/* triangular_solve C1-C4: a is a batch of square matrices matching b's batch, its size
 * b's rows (left_side) or columns; the result has b's type. */
static int check_triangular_solve(Verifier *v, const TOp *op)
{
	const TType *a = ty(v, op->operands[0]), *b = ty(v, op->operands[1]);
	TAttr *ls = tir_op_attr(op, "left_side");
	int left = ls && ls->kind == TA_BOOL && ls->u.b, r = a->rank;
	if (r < 2 || b->rank != r || a->dt != b->dt || !tir_op_allows_dtype(op->kind, a->dt))
		return err(v, op, "a and b must be float or complex tensors of one element type and rank >= 2");
	for (int i = 0; i < r - 2; i++)
		if (a->dims[i] != b->dims[i])
			return err(v, op, "batch dimension %d of a and b differ", i);
	if (a->dims[r - 1] != a->dims[r - 2])
		return err(v, op, "a must be square in its last two dimensions");
	if (a->dims[r - 1] != b->dims[left ? r - 2 : r - 1])
		return err(v, op, "a's size %lld is not b's number of %s (%lld)", (long long)a->dims[r - 1],
		           left ? "rows" : "columns", (long long)b->dims[left ? r - 2 : r - 1]);
	return want_result(v, op, 0, b);
}

/* A region applied to scalars: 2n arguments, 0-d tensors of the element types of elems
 * (pairs_interleaved: e0, e0, e1, e1 as sort's comparator; else e0, e1, ..., e0, e1 as
 * reduce_window's and scatter's bodies); it returns one i1 (pred) or the n scalars. */
static int check_scalar_region(Verifier *v, const TOp *op, const TBlock *b, const TType *elems, int n,
                               int pairs_interleaved, int pred, const char *what)
{
	TType rets[8];
	if (b->nargs != 2 * n)
		return err(v, op, "%s region takes %d arguments, expected %d", what, b->nargs, 2 * n);
	for (int i = 0; i < 2 * n; i++) {
		int k = pairs_interleaved ? i / 2 : i % n;
		TType want = tir_type_scalar(elems[k].dt);
		if (!tir_type_equal(ty(v, b->args[i]), &want))
			return err(v, op, "%s region argument %d must be a 0-d tensor of %s", what, i,
			           dtype_name(elems[k].dt));
		rets[k] = want;
	}
	TType i1 = tir_type_scalar(DT_I1);
	return check_region_return(v, op, b, pred ? &i1 : rets, pred ? 1 : n, what);
}

static int check_scatter(Verifier *v, const TOp *op)
{
	int n = (op->noperands - 1) / 2;
	TAttr *a = tir_op_attr(op, "scatter_dimension_numbers");
	if (op->noperands < 3 || op->noperands % 2 == 0 || op->nresults != n || op->nregions != 1 || n > 8)
		return err(v, op, "needs N inputs, the indices, N updates (0 < N <= 8), N results and one body");
	if (!a || a->kind != TA_SCATTER_DIMS)
		return err(v, op, "needs scatter_dimension_numbers");
	const TScatterDims *d = &a->u.scatter;
	const TType *x = ty(v, op->operands[0]), *ind = ty(v, op->operands[n]), *u = ty(v, op->operands[n + 1]);
	IndexDims g = {"update_window_dims", "inserted_window_dims", "input_batching_dims",
	               "scatter_indices_batching_dims", "scatter_dims_to_operand_dims", d->update_window_dims,
	               d->inserted_window_dims, d->input_batching_dims, d->scatter_indices_batching_dims,
	               d->scatter_dims_to_operand_dims, d->index_vector_dim};
	TType elems[8];
	for (int k = 0; k < n; k++) {
		const TType *xk = ty(v, op->operands[k]), *uk = ty(v, op->operands[n + 1 + k]);
		if (!is_tensor(xk) || !is_tensor(uk) || !tir_type_same_shape(xk, x) || !tir_type_same_shape(uk, u))
			return err(v, op, "inputs must share one shape, and updates another");
		if (uk->dt != xk->dt)
			return err(v, op, "update %d element type differs from input %d's", k, k);
		if (!want_result(v, op, k, xk))
			return 0;
		elems[k] = *xk;
	}
	if (!check_index_lists(v, op, &g, x, ind, u))
		return 0;
	if (g.window_dims.n + ind->rank - (g.ivd < ind->rank) != u->rank)
		return err(v, op, "updates rank %d does not follow from the dimension numbers", u->rank);
	/* the updates' window sizes, read off the updates, must fit the operand */
	int64_t sizes[TIR_MAX_RANK];
	for (int dd = 0, k = 0; dd < x->rank; dd++) {
		int win = !contains(g.collapsed_dims, dd) && !contains(g.obatch_dims, dd);
		sizes[dd] = win ? u->dims[g.window_dims.v[k++]] : 1;
		if (sizes[dd] > x->dims[dd])
			return err(v, op, "update window size %lld exceeds operand dimension %d (%lld)",
			           (long long)sizes[dd], dd, (long long)x->dims[dd]);
	}
	TType want = index_big_shape(&g, x, ind, sizes, u->dt);
	char s1[128], s2[128];
	if (!tir_type_equal(&want, u))
		return err(v, op, "updates type is %s, expected %s", tstr(u, s1, sizeof s1), tstr(&want, s2, sizeof s2));
	return check_scalar_region(v, op, op->regions[0], elems, n, 0, 0, "update");
}

/* sort: inputs of one shape, results of the inputs' types, -R <= dimension < R, a
 * comparator (tensor<E0>, tensor<E0>, tensor<E1>, tensor<E1>, ...) -> tensor<i1>. */
static int check_sort(Verifier *v, const TOp *op)
{
	int n = op->noperands;
	if (n < 1 || n > 8 || op->nresults != n || op->nregions != 1)
		return err(v, op, "needs N inputs (0 < N <= 8), N results and one comparator");
	const TType *x = ty(v, op->operands[0]);
	TType elems[8];
	for (int k = 0; k < n; k++) {
		const TType *t = ty(v, op->operands[k]);
		if (!is_tensor(t) || !tir_type_same_shape(t, x))
			return err(v, op, "inputs must share one shape");
		if (!want_result(v, op, k, t))
			return 0;
		elems[k] = *t;
	}
	int64_t dim = tir_op_get_int(op, "dimension", -1);
	if (x->rank == 0)
		return err(v, op, "operand must have rank at least 1");
	if (dim < -x->rank || dim >= x->rank)
		return err(v, op, "dimension %lld is out of range [%d, %d)", (long long)dim, -x->rank, x->rank);
	return check_scalar_region(v, op, op->regions[0], elems, n, 1, 1, "comparator");
}

/* An optional window attribute: absent, or one positive entry per dimension. */
static int check_window_attr(Verifier *v, const TOp *op, const char *name, int rank, int required)
{
	TInts x = tir_op_get_ints(op, name);
	if (!x.n && !required)
		return 1;
	if (!check_ints_len(v, op, name, x, rank))
		return 0;
	for (int i = 0; i < x.n; i++)
		if (x.v[i] < 1)
			return err(v, op, "'%s' entry %d must be positive, is %lld", name, i, (long long)x.v[i]);
	return 1;
}

static int64_t window_at(TInts a, int d) { return a.n ? a.v[d] : 1; }

/* The spec's num_windows for one dimension (reduce_window C15, select_and_scatter C2,
 * convolution C25); 0 when an intermediate overflows. */
static int num_windows(int64_t size, int64_t base_dil, int64_t lo, int64_t hi, int64_t win, int64_t win_dil,
                       int64_t stride, int64_t *out)
{
	int64_t dilated = 0, padded, dwin = 0;
	if (size && (__builtin_mul_overflow(size - 1, base_dil, &dilated) || __builtin_add_overflow(dilated, 1, &dilated)))
		return 0;
	if (__builtin_add_overflow(lo, dilated, &padded) || __builtin_add_overflow(padded, hi, &padded))
		return 0;
	if (win && (__builtin_mul_overflow(win - 1, win_dil, &dwin) || __builtin_add_overflow(dwin, 1, &dwin)))
		return 0;
	*out = padded <= 0 || dwin > padded ? 0 : (padded - dwin) / stride + 1;
	return 1;
}

/* The windowed result shape of reduce_window / select_and_scatter. Fails when padding
 * is not a [rank, 2] list or the arithmetic overflows. */
static int window_shape(Verifier *v, const TOp *op, const TType *x, int dilations, TType *out)
{
	TAttr *pa = tir_op_attr(op, "padding");
	if (pa && (pa->kind != TA_INTS2D || pa->u.ints2d.rows != x->rank || pa->u.ints2d.cols != 2))
		return err(v, op, "'padding' must have shape [%d, 2]", x->rank);
	TInts wd = tir_op_get_ints(op, "window_dimensions"), ws = tir_op_get_ints(op, "window_strides");
	TInts bd = dilations ? tir_op_get_ints(op, "base_dilations") : (TInts){0};
	TInts wdl = dilations ? tir_op_get_ints(op, "window_dilations") : (TInts){0};
	*out = *x;
	for (int d = 0; d < x->rank; d++) {
		int64_t lo = pa ? pa->u.ints2d.v[2 * d] : 0, hi = pa ? pa->u.ints2d.v[2 * d + 1] : 0;
		if (!num_windows(x->dims[d], window_at(bd, d), lo, hi, wd.v[d], window_at(wdl, d), window_at(ws, d),
		                 &out->dims[d]))
			return err(v, op, "the window arithmetic of dimension %d overflows", d);
	}
	return 1;
}

/* The dimensions a convolution's dimension numbers name on one side: batch, feature
 * and the spatial ones must be a permutation of 0..rank-1 (convolution C13, C18, C20). */
static int check_conv_side(Verifier *v, const TOp *op, const char *side, int64_t a, int64_t b, TInts sp, int rank)
{
	int64_t all[TIR_MAX_RANK + 2];
	int n = 0;
	all[n++] = a, all[n++] = b;
	for (int i = 0; i < sp.n && n < TIR_MAX_RANK + 2; i++)
		all[n++] = sp.v[i];
	if (n != rank)
		return err(v, op, "%s dimension numbers name %d dimensions, the rank is %d", side, n, rank);
	return check_dim_list(v, op, side, (TInts){all, n}, rank, 0);
}

/* convolution (spec C1-C26): attribute lengths, dimension numbers, group counts and the
 * result shape; dynamic_conv's padding is an operand, so its spatial sizes are checked
 * when it runs. */
static int check_conv(Verifier *v, const TOp *op)
{
	const TType *l = ty(v, op->operands[0]), *k = ty(v, op->operands[1]), *r = ty(v, op->results[0]);
	TAttr *a = tir_op_attr(op, "dimension_numbers");
	if (!a || a->kind != TA_CONV_DIMS)
		return err(v, op, "needs dimension_numbers");
	const TConvDims *d = &a->u.conv;
	int ns = d->in_spatial.n, rank = l->rank;
	if (k->rank != rank || r->rank != rank || d->k_spatial.n != ns || d->out_spatial.n != ns)
		return err(v, op, "operand, kernel and result ranks must be %d spatial dimensions + 2", ns);
	if (!check_conv_side(v, op, "input", d->in_batch, d->in_feature, d->in_spatial, rank) ||
	    !check_conv_side(v, op, "kernel", d->k_in_feature, d->k_out_feature, d->k_spatial, rank) ||
	    !check_conv_side(v, op, "output", d->out_batch, d->out_feature, d->out_spatial, rank) ||
	    !check_window_attr(v, op, "window_strides", ns, 0) || !check_window_attr(v, op, "lhs_dilation", ns, 0) ||
	    !check_window_attr(v, op, "rhs_dilation", ns, 0))
		return 0;
	TInts rev = tir_op_get_ints(op, "window_reversal");
	if (rev.n && !check_ints_len(v, op, "window_reversal", rev, ns))
		return 0;
	if (l->dt != k->dt && !(dtype_is_float(l->dt) && dtype_is_float(k->dt)))
		return err(v, op, "lhs and rhs element types differ");
	int64_t fgc = tir_op_get_int(op, "feature_group_count", 1), bgc = tir_op_get_int(op, "batch_group_count", 1);
	if (fgc < 1 || bgc < 1 || (fgc != 1 && bgc != 1))
		return err(v, op, "group counts must be positive, and one of them 1");
	int64_t in_b = l->dims[d->in_batch], in_f = l->dims[d->in_feature], ko = k->dims[d->k_out_feature];
	if (in_b % bgc || in_f % fgc || k->dims[d->k_in_feature] != in_f / fgc || ko % bgc || ko % fgc)
		return err(v, op, "group counts do not divide the batch and feature sizes (convolution C10-C16)");
	TType want = *r;
	want.dims[d->out_batch] = in_b / bgc;
	want.dims[d->out_feature] = ko;
	TAttr *pa = tir_op_attr(op, "padding");
	if (op->kind == TOP_CONVOLUTION) {
		if (pa && (pa->kind != TA_INTS2D || pa->u.ints2d.rows != ns || pa->u.ints2d.cols != 2))
			return err(v, op, "'padding' must have shape [%d, 2]", ns);
		TInts st = tir_op_get_ints(op, "window_strides"), ld = tir_op_get_ints(op, "lhs_dilation");
		TInts rd = tir_op_get_ints(op, "rhs_dilation");
		for (int i = 0; i < ns; i++)
			if (!num_windows(l->dims[d->in_spatial.v[i]], window_at(ld, i), pa ? pa->u.ints2d.v[2 * i] : 0,
			                 pa ? pa->u.ints2d.v[2 * i + 1] : 0, k->dims[d->k_spatial.v[i]], window_at(rd, i),
			                 window_at(st, i), &want.dims[d->out_spatial.v[i]]))
				return err(v, op, "the window arithmetic of spatial dimension %d overflows", i);
	}
	return want_result(v, op, 0, &want);
}

/* Window attributes are bounded so the arithmetic above cannot overflow. */
static int check_window_bounds(Verifier *v, const TOp *op)
{
	static const char *const names[] = {"window_dimensions", "window_strides", "base_dilations",
	                                    "window_dilations"};
	for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
		TInts x = tir_op_get_ints(op, names[k]);
		for (int i = 0; i < x.n; i++)
			if (x.v[i] > ((int64_t)1 << 31))
				return err(v, op, "'%s' entry %d is too large", names[k], i);
	}
	TAttr *pa = tir_op_attr(op, "padding");
	for (int i = 0; pa && pa->kind == TA_INTS2D && i < pa->u.ints2d.rows * pa->u.ints2d.cols; i++)
		if (pa->u.ints2d.v[i] > ((int64_t)1 << 40) || pa->u.ints2d.v[i] < -((int64_t)1 << 40))
			return err(v, op, "'padding' entry %d is too large", i);
	return 1;
}

static int check_reduce_window(Verifier *v, const TOp *op)
{
	int n = op->noperands / 2;
	if (op->noperands % 2 || n < 1 || n > 8 || op->nresults != n || op->nregions != 1)
		return err(v, op, "needs N inputs, N inits (0 < N <= 8), N results and one body");
	const TType *x = ty(v, op->operands[0]);
	TType elems[8], want;
	if (!check_window_attr(v, op, "window_dimensions", x->rank, 1) ||
	    !check_window_attr(v, op, "window_strides", x->rank, 0) ||
	    !check_window_attr(v, op, "base_dilations", x->rank, 0) ||
	    !check_window_attr(v, op, "window_dilations", x->rank, 0) || !check_window_bounds(v, op) ||
	    !window_shape(v, op, x, 1, &want))
		return 0;
	for (int k = 0; k < n; k++) {
		const TType *t = ty(v, op->operands[k]), *init = ty(v, op->operands[n + k]);
		if (!is_tensor(t) || !tir_type_same_shape(t, x))
			return err(v, op, "inputs must share one shape");
		if (!is_tensor(init) || init->rank != 0 || init->dt != t->dt)
			return err(v, op, "init %d must be a 0-d tensor of input %d's element type", k, k);
		want.dt = t->dt;
		if (!want_result(v, op, k, &want))
			return 0;
		elems[k] = *t;
	}
	return check_scalar_region(v, op, op->regions[0], elems, n, 0, 0, "body");
}

static int check_select_and_scatter(Verifier *v, const TOp *op)
{
	const TType *x = ty(v, op->operands[0]), *src = ty(v, op->operands[1]), *init = ty(v, op->operands[2]);
	TType want;
	if (op->nregions != 2)
		return err(v, op, "needs select and scatter regions");
	if (!check_window_attr(v, op, "window_dimensions", x->rank, 1) ||
	    !check_window_attr(v, op, "window_strides", x->rank, 0) || !check_window_bounds(v, op) ||
	    !window_shape(v, op, x, 0, &want))
		return 0;
	char a[128], b[128];
	if (!is_tensor(src) || !tir_type_equal(src, &want))
		return err(v, op, "source type is %s, expected %s", tstr(src, a, sizeof a), tstr(&want, b, sizeof b));
	if (!is_tensor(init) || init->rank != 0 || init->dt != x->dt)
		return err(v, op, "init_value must be a 0-d tensor of the operand's element type");
	TType sel[1] = {*x};
	if (op->regions[0]->nargs != 2 || op->regions[1]->nargs != 2)
		return err(v, op, "select and scatter regions take two arguments");
	return check_scalar_region(v, op, op->regions[0], sel, 1, 1, 1, "select") &&
	       check_scalar_region(v, op, op->regions[1], sel, 1, 1, 0, "scatter") && want_result(v, op, 0, x);
}

/* map: inputs of the result's shape, dimensions = [0, ..., rank-1], a computation on
 * one scalar per input returning one scalar of the result's element type. */
static int check_map(Verifier *v, const TOp *op)
{
	const TType *r = ty(v, op->results[0]);
	const TBlock *b = op->nregions == 1 ? op->regions[0] : NULL;
	TInts dims = tir_op_get_ints(op, "dimensions");
	if (op->noperands < 1 || !b)
		return err(v, op, "needs at least one input and one computation");
	if (!check_ints_len(v, op, "dimensions", dims, r->rank))
		return 0;
	for (int i = 0; i < dims.n; i++)
		if (dims.v[i] != i)
			return err(v, op, "'dimensions' must be [0, ..., %d]", r->rank - 1);
	if (b->nargs != op->noperands)
		return err(v, op, "computation takes %d arguments, expected %d", b->nargs, op->noperands);
	for (int k = 0; k < op->noperands; k++) {
		const TType *t = ty(v, op->operands[k]);
		TType s = tir_type_scalar(t->dt);
		if (!is_tensor(t) || !tir_type_same_shape(t, r))
			return err(v, op, "input %d shape differs from the result's", k);
		if (!tir_type_equal(ty(v, b->args[k]), &s))
			return err(v, op, "computation argument %d must be a 0-d tensor of %s", k, dtype_name(t->dt));
	}
	TType rs = tir_type_scalar(r->dt);
	return check_region_return(v, op, b, &rs, 1, "computation");
}

static int check_while(Verifier *v, const TOp *op)
{
	if (op->nregions != 2 || op->nresults != op->noperands)
		return err(v, op, "needs cond and body regions and one result per operand");
	TType *types = xcalloc((size_t)op->noperands + 1, sizeof *types);
	int ok = 1;
	for (int i = 0; ok && i < op->noperands; i++) {
		types[i] = *ty(v, op->operands[i]);
		ok = want_result(v, op, i, &types[i]);
	}
	for (int r = 0; ok && r < 2; r++) {
		const TBlock *b = op->regions[r];
		if (b->nargs != op->noperands)
			ok = err(v, op, "region %d takes %d arguments, expected %d", r, b->nargs, op->noperands);
	}
	TType pred = tir_type_scalar(DT_I1);
	ok = ok && check_region_return(v, op, op->regions[0], &pred, 1, "cond") &&
	     check_region_return(v, op, op->regions[1], types, op->noperands, "body");
	free(types);
	return ok;
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
	TType *types = xcalloc((size_t)op->nresults + 1, sizeof *types);
	for (int i = 0; i < op->nresults; i++)
		types[i] = *ty(v, op->results[i]);
	int ok = 1;
	for (int r = 0; ok && r < op->nregions; r++)
		ok = check_region_return(v, op, op->regions[r], types, op->nresults, "branch");
	free(types);
	return ok;
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
	case TOP_REVERSE: return check_reverse(v, op);
	case TOP_GATHER: return check_gather(v, op);
	case TOP_SCATTER: return check_scatter(v, op);
	case TOP_SORT: return check_sort(v, op);
	case TOP_REDUCE_WINDOW: return check_reduce_window(v, op);
	case TOP_SELECT_AND_SCATTER: return check_select_and_scatter(v, op);
	case TOP_MAP: return check_map(v, op);
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
	case TOP_CHOLESKY: return check_cholesky(v, op);
	case TOP_TRIANGULAR_SOLVE: return check_triangular_solve(v, op);
	case TOP_REDUCE_PRECISION: return check_reduce_precision(v, op);
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
