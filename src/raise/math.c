/* math.c: the CUDA math functions and intrinsics of the kernel IR (KE_MATH) as
 * element-wise StableHLO. Consumes evaluated operands (tensors over lanes, already of
 * the node's type); produces one value. Functions without a StableHLO op are written
 * with the identities of the CUDA Math API reference (exp2(x) = 2^x, log2(x) =
 * log(x)/log(2), asin(x) = atan2(x, sqrt(1-x^2)), ...); fast intrinsics use the precise
 * forms. A function with no exact form here is a located error, never a guess. */
#include "raise_int.h"

#include <math.h>

static int fs(Raise *r, int like, double v)
{
	return tir_build_splat_float(&r->b, *tir_value_type(r->f, like), v);
}

static int is(Raise *r, int like, int64_t v)
{
	return tir_build_splat_int(&r->b, *tir_value_type(r->f, like), v);
}

static int b2(Raise *r, TOpKind k, int a, int b)
{
	r->st->ops[k]++;
	return tir_build_binary(&r->b, k, a, b);
}

static int u1(Raise *r, TOpKind k, int a)
{
	r->st->ops[k]++;
	return tir_build_unary(&r->b, k, a);
}

static int cmpv(Raise *r, TCmpDir d, int a, int b)
{
	r->st->ops[TOP_COMPARE]++;
	return tir_build_compare(&r->b, d, a, b);
}

static int sel(Raise *r, int p, int a, int b)
{
	r->st->ops[TOP_SELECT]++;
	return tir_build_select(&r->b, p, a, b);
}

static int isnan_(Raise *r, int x) { return cmpv(r, CMP_NE, x, x); }

/* C++ a < b ? a : b (and >) for MIN/MAX on floats; integers use minimum/maximum. */
static int minmax(Raise *r, int is_min, int a, int b)
{
	if (!dtype_is_float(tir_value_type(r->f, a)->dt))
		return b2(r, is_min ? TOP_MINIMUM : TOP_MAXIMUM, a, b);
	return sel(r, cmpv(r, is_min ? CMP_LT : CMP_GT, a, b), a, b);
}

/* fminf/fmaxf: a NaN operand is ignored */
static int fminmax(Raise *r, int is_min, int a, int b)
{
	int m = b2(r, is_min ? TOP_MINIMUM : TOP_MAXIMUM, a, b);
	m = sel(r, isnan_(r, a), b, m);
	return sel(r, isnan_(r, b), a, m);
}

static int trunc_(Raise *r, int x)
{
	return sel(r, cmpv(r, CMP_LT, x, fs(r, x, 0)), u1(r, TOP_CEIL, x), u1(r, TOP_FLOOR, x));
}

/* sign bit of a float as i1 */
static int signbit_(Raise *r, int x)
{
	DType t = tir_value_type(r->f, x)->dt;
	DType it = t == DT_F64 ? DT_I64 : t == DT_F32 ? DT_I32 : DT_I16;
	int bits = tir_build_bitcast_convert(&r->b, x, it);
	return cmpv(r, CMP_LT, bits, is(r, bits, 0));
}

static int mulhi(Raise *r, const KirExpr *e, int a, int b)
{
	DType t = tir_value_type(r->f, a)->dt;
	int wide = dtype_is_signed(t) ? DT_I64 : DT_UI64;
	int p;
	if (dtype_bits(t) != 32)
		raise_error(r, e->loc, "__mul64hi is not supported yet");
	p = b2(r, TOP_MULTIPLY, tir_build_convert(&r->b, a, wide), tir_build_convert(&r->b, b, wide));
	p = b2(r, dtype_is_signed(t) ? TOP_SHIFT_RIGHT_ARITHMETIC : TOP_SHIFT_RIGHT_LOGICAL, p, is(r, p, 32));
	return tir_build_convert(&r->b, p, t);
}

static int float_math(Raise *r, const KirExpr *e, const int *x)
{
	int a = x[0], t;
	switch (e->u.math.op) {
	case KM_SQRT: return u1(r, TOP_SQRT, a);
	case KM_RSQRT: return u1(r, TOP_RSQRT, a);
	case KM_CBRT: return u1(r, TOP_CBRT, a);
	case KM_RCBRT: return b2(r, TOP_DIVIDE, fs(r, a, 1), u1(r, TOP_CBRT, a));
	case KM_EXP: case KM_FEXP: return u1(r, TOP_EXPONENTIAL, a);
	case KM_EXP2: return b2(r, TOP_POWER, fs(r, a, 2), a);
	case KM_EXP10: case KM_FEXP10: return b2(r, TOP_POWER, fs(r, a, 10), a);
	case KM_EXPM1: return u1(r, TOP_EXPONENTIAL_MINUS_ONE, a);
	case KM_LOG: case KM_FLOG: return u1(r, TOP_LOG, a);
	case KM_LOG2: case KM_FLOG2: return b2(r, TOP_DIVIDE, u1(r, TOP_LOG, a), fs(r, a, log(2.0)));
	case KM_LOG10: case KM_FLOG10: return b2(r, TOP_DIVIDE, u1(r, TOP_LOG, a), fs(r, a, log(10.0)));
	case KM_LOG1P: return u1(r, TOP_LOG_PLUS_ONE, a);
	case KM_POW: case KM_FPOW: return b2(r, TOP_POWER, a, x[1]);
	case KM_SIN: case KM_FSIN: return u1(r, TOP_SINE, a);
	case KM_COS: case KM_FCOS: return u1(r, TOP_COSINE, a);
	case KM_TAN: case KM_FTAN: return u1(r, TOP_TAN, a);
	case KM_TANH: return u1(r, TOP_TANH, a);
	case KM_ATAN2: return b2(r, TOP_ATAN2, a, x[1]);
	case KM_ATAN: return b2(r, TOP_ATAN2, a, fs(r, a, 1));
	case KM_ASIN:
		t = u1(r, TOP_SQRT, b2(r, TOP_SUBTRACT, fs(r, a, 1), b2(r, TOP_MULTIPLY, a, a)));
		return b2(r, TOP_ATAN2, a, t);
	case KM_ACOS:
		t = u1(r, TOP_SQRT, b2(r, TOP_SUBTRACT, fs(r, a, 1), b2(r, TOP_MULTIPLY, a, a)));
		return b2(r, TOP_ATAN2, t, a);
	case KM_SINH: case KM_COSH:
		t = u1(r, TOP_EXPONENTIAL, u1(r, TOP_NEGATE, a));
		t = b2(r, e->u.math.op == KM_SINH ? TOP_SUBTRACT : TOP_ADD, u1(r, TOP_EXPONENTIAL, a), t);
		return b2(r, TOP_MULTIPLY, t, fs(r, a, 0.5));
	case KM_ASINH: case KM_ACOSH:
		t = b2(r, e->u.math.op == KM_ASINH ? TOP_ADD : TOP_SUBTRACT, b2(r, TOP_MULTIPLY, a, a), fs(r, a, 1));
		return u1(r, TOP_LOG, b2(r, TOP_ADD, a, u1(r, TOP_SQRT, t)));
	case KM_ATANH:
		t = b2(r, TOP_DIVIDE, b2(r, TOP_ADD, fs(r, a, 1), a), b2(r, TOP_SUBTRACT, fs(r, a, 1), a));
		return b2(r, TOP_MULTIPLY, fs(r, a, 0.5), u1(r, TOP_LOG, t));
	case KM_ABS: return u1(r, TOP_ABS, a);
	case KM_MIN: case KM_MAX: return minmax(r, e->u.math.op == KM_MIN, a, x[1]);
	case KM_FMIN: case KM_FMAX: return fminmax(r, e->u.math.op == KM_FMIN, a, x[1]);
	case KM_FLOOR: return u1(r, TOP_FLOOR, a);
	case KM_CEIL: return u1(r, TOP_CEIL, a);
	case KM_TRUNC: return trunc_(r, a);
	case KM_ROUND: return u1(r, TOP_ROUND_NEAREST_AFZ, a);
	case KM_RINT: return u1(r, TOP_ROUND_NEAREST_EVEN, a);
	case KM_FMA: return b2(r, TOP_ADD, b2(r, TOP_MULTIPLY, a, x[1]), x[2]);
	case KM_COPYSIGN:
		t = u1(r, TOP_ABS, a);
		return sel(r, signbit_(r, x[1]), u1(r, TOP_NEGATE, t), t);
	case KM_HYPOT:
		return u1(r, TOP_SQRT, b2(r, TOP_ADD, b2(r, TOP_MULTIPLY, a, a), b2(r, TOP_MULTIPLY, x[1], x[1])));
	case KM_FMOD: return b2(r, TOP_REMAINDER, a, x[1]);
	case KM_FDIM:
		t = b2(r, TOP_SUBTRACT, a, x[1]);
		return sel(r, cmpv(r, CMP_GT, a, x[1]), t, sel(r, isnan_(r, t), t, fs(r, a, 0)));
	case KM_SATURATE: return tir_build_clamp(&r->b, fs(r, a, 0), a, fs(r, a, 1));
	case KM_RCP: return b2(r, TOP_DIVIDE, fs(r, a, 1), a);
	case KM_FDIV: return b2(r, TOP_DIVIDE, a, x[1]);
	default:
		raise_error(r, e->loc, "math function '%s' is not supported yet",
		                   frontend_math_name(e->u.math.op));
	}
}

static int int_math(Raise *r, const KirExpr *e, const int *x)
{
	int a = x[0], t;
	switch (e->u.math.op) {
	case KM_ABS: return u1(r, TOP_ABS, a);
	case KM_MIN: return b2(r, TOP_MINIMUM, a, x[1]);
	case KM_MAX: return b2(r, TOP_MAXIMUM, a, x[1]);
	case KM_POPC: return u1(r, TOP_POPCNT, a);
	case KM_CLZ: return u1(r, TOP_COUNT_LEADING_ZEROS, a);
	case KM_FFS:   /* 0 for 0, else 1 + index of the lowest set bit */
		t = b2(r, TOP_AND, a, b2(r, TOP_SUBTRACT, is(r, a, 0), a));
		t = b2(r, TOP_SUBTRACT, is(r, a, dtype_bits(tir_value_type(r->f, a)->dt)),
		       u1(r, TOP_COUNT_LEADING_ZEROS, t));
		return sel(r, cmpv(r, CMP_EQ, a, is(r, a, 0)), is(r, a, 0), t);
	case KM_MULHI: return mulhi(r, e, a, x[1]);
	case KM_MUL24: {
		int s = is(r, a, 8);
		TOpKind sh = dtype_is_signed(tir_value_type(r->f, a)->dt) ? TOP_SHIFT_RIGHT_ARITHMETIC
		                                                           : TOP_SHIFT_RIGHT_LOGICAL;
		int la = b2(r, sh, b2(r, TOP_SHIFT_LEFT, a, s), s);
		int lb = b2(r, sh, b2(r, TOP_SHIFT_LEFT, x[1], s), s);
		return b2(r, TOP_MULTIPLY, la, lb);
	}
	case KM_SAD:
		t = sel(r, cmpv(r, CMP_GT, a, x[1]), b2(r, TOP_SUBTRACT, a, x[1]), b2(r, TOP_SUBTRACT, x[1], a));
		return b2(r, TOP_ADD, tir_build_convert(&r->b, t, tir_value_type(r->f, x[2])->dt), x[2]);
	default:
		raise_error(r, e->loc, "integer function '%s' is not supported yet",
		                   frontend_math_name(e->u.math.op));
	}
}

/* Predicates on floats give the node's (integer or bool) type. */
static int pred_math(Raise *r, const KirExpr *e, const int *x, int *done)
{
	int a = x[0], p;
	*done = 1;
	switch (e->u.math.op) {
	case KM_ISNAN: p = isnan_(r, a); break;
	case KM_ISINF: p = cmpv(r, CMP_EQ, u1(r, TOP_ABS, a), fs(r, a, INFINITY)); break;
	case KM_ISFINITE: p = u1(r, TOP_IS_FINITE, a); break;
	case KM_SIGNBIT: p = signbit_(r, a); break;
	default: *done = 0; return -1;
	}
	if (e->type == KT_I1)
		return p;
	return tir_build_convert(&r->b, p, raise_dtype(e->type));
}

int raise_math(Raise *r, const KirExpr *e, const int *args)
{
	int done, v;
	if (e->u.math.nargs > 0 && dtype_is_float(tir_value_type(r->f, args[0])->dt)) {
		v = pred_math(r, e, args, &done);
		if (done)
			return v;
		return float_math(r, e, args);
	}
	return int_math(r, e, args);
}
