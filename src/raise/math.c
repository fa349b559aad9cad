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

/* The high 64 bits of a 64 x 64 product from 32-bit halves (all partial products fit
 * in ui64): hi = a1 b1 + (a0 b1 >> 32) + (a1 b0 >> 32) + carry of the middle column.
 * Signed: hi_s = hi_u - (a < 0 ? b : 0) - (b < 0 ? a : 0), modulo 2^64. */
static int mulhi64(Raise *r, int a, int b)
{
	DType t = tir_value_type(r->f, a)->dt;
	int ua = dtype_is_signed(t) ? tir_build_bitcast_convert(&r->b, a, DT_UI64) : a;
	int ub = dtype_is_signed(t) ? tir_build_bitcast_convert(&r->b, b, DT_UI64) : b;
	int m32 = is(r, ua, 0xffffffffLL), s32 = is(r, ua, 32);
	int a0 = b2(r, TOP_AND, ua, m32), a1 = b2(r, TOP_SHIFT_RIGHT_LOGICAL, ua, s32);
	int b0 = b2(r, TOP_AND, ub, m32), b1 = b2(r, TOP_SHIFT_RIGHT_LOGICAL, ub, s32);
	int p00 = b2(r, TOP_MULTIPLY, a0, b0), p01 = b2(r, TOP_MULTIPLY, a0, b1);
	int p10 = b2(r, TOP_MULTIPLY, a1, b0), p11 = b2(r, TOP_MULTIPLY, a1, b1);
	int mid = b2(r, TOP_ADD, b2(r, TOP_SHIFT_RIGHT_LOGICAL, p00, s32),
	             b2(r, TOP_ADD, b2(r, TOP_AND, p01, m32), b2(r, TOP_AND, p10, m32)));
	int hi = b2(r, TOP_ADD, p11, b2(r, TOP_ADD, b2(r, TOP_SHIFT_RIGHT_LOGICAL, p01, s32),
	                                        b2(r, TOP_SHIFT_RIGHT_LOGICAL, p10, s32)));
	hi = b2(r, TOP_ADD, hi, b2(r, TOP_SHIFT_RIGHT_LOGICAL, mid, s32));
	if (!dtype_is_signed(t))
		return hi;
	hi = b2(r, TOP_SUBTRACT, hi, sel(r, cmpv(r, CMP_LT, a, is(r, a, 0)), ub, is(r, ub, 0)));
	hi = b2(r, TOP_SUBTRACT, hi, sel(r, cmpv(r, CMP_LT, b, is(r, b, 0)), ua, is(r, ua, 0)));
	return tir_build_bitcast_convert(&r->b, hi, t);
}

static int mulhi(Raise *r, const KirExpr *e, int a, int b)
{
	DType t = tir_value_type(r->f, a)->dt;
	int wide = dtype_is_signed(t) ? DT_I64 : DT_UI64;
	int p;
	if (dtype_bits(t) == 64)
		return mulhi64(r, a, b);
	if (dtype_bits(t) != 32)
		raise_error(r, e->loc, "__mulhi of %d-bit integers is not supported", dtype_bits(t));
	p = b2(r, TOP_MULTIPLY, tir_build_convert(&r->b, a, wide), tir_build_convert(&r->b, b, wide));
	p = b2(r, dtype_is_signed(t) ? TOP_SHIFT_RIGHT_ARITHMETIC : TOP_SHIFT_RIGHT_LOGICAL, p, is(r, p, 32));
	return tir_build_convert(&r->b, p, t);
}

/* __brev/__brevll: swap ever larger bit groups (1, 2, 4, ... width/2) with masks and
 * logical shifts. */
static int brev(Raise *r, const KirExpr *e, int x)
{
	static const uint64_t masks[6] = {0x5555555555555555ULL, 0x3333333333333333ULL,
	                                  0x0f0f0f0f0f0f0f0fULL, 0x00ff00ff00ff00ffULL,
	                                  0x0000ffff0000ffffULL, 0x00000000ffffffffULL};
	int bits = dtype_bits(tir_value_type(r->f, x)->dt);
	if (bits != 32 && bits != 64)
		raise_error(r, e->loc, "__brev of %d-bit integers is not supported", bits);
	for (int k = 0, w = 1; w < bits; k++, w *= 2) {
		int m = is(r, x, (int64_t)masks[k]), s = is(r, x, w);
		int lo = b2(r, TOP_AND, b2(r, TOP_SHIFT_RIGHT_LOGICAL, x, s), m);
		int hi = b2(r, TOP_SHIFT_LEFT, b2(r, TOP_AND, x, m), s);
		x = b2(r, TOP_OR, lo, hi);
	}
	return x;
}

/* ---- erf and erfc, computed in f64 (f32 rounds the f64 result) ----
 * |x| < 2.5: erf(x) = 2/sqrt(pi) e^(-x^2) sum_n 2^n x^(2n+1) / (2n+1)!!, a series of
 * positive terms (no cancellation), 40 terms in Horner form; erfc = 1 - erf there.
 * |x| >= 2.5: erfc(|x|) = e^(-x^2) / sqrt(pi) / K, K the continued fraction
 * x + (1/2)/(x + 1/(x + (3/2)/(x + ...))) evaluated from depth 40 up.
 * e^(-x^2) is e^(-h^2) e^(-(x-h)(x+h)) with h = x with its low 32 bits cleared, so h^2
 * is exact. Measured against libm over [-26, 26]: erf within 9e-16 relative, erfc within
 * 2e-12 relative (the 1 - erf side near 2.5). */
#define ERF_SPLIT 2.5
#define ERF_TERMS 40

static int exp_neg_sq(Raise *r, int x)
{
	int h = tir_build_bitcast_convert(&r->b, x, DT_I64);
	h = b2(r, TOP_AND, h, is(r, h, (int64_t)0xffffffff00000000ULL));
	h = tir_build_bitcast_convert(&r->b, h, DT_F64);
	int e1 = u1(r, TOP_EXPONENTIAL, u1(r, TOP_NEGATE, b2(r, TOP_MULTIPLY, h, h)));
	int lo = b2(r, TOP_MULTIPLY, b2(r, TOP_SUBTRACT, x, h), b2(r, TOP_ADD, x, h));
	return b2(r, TOP_MULTIPLY, e1, u1(r, TOP_EXPONENTIAL, u1(r, TOP_NEGATE, lo)));
}

static int erf_series(Raise *r, int x, int ex)
{
	int t2 = b2(r, TOP_MULTIPLY, fs(r, x, 2), b2(r, TOP_MULTIPLY, x, x)), p = fs(r, x, 1);
	for (int n = ERF_TERMS; n > 0; n--)
		p = b2(r, TOP_ADD, fs(r, x, 1),
		       b2(r, TOP_MULTIPLY, b2(r, TOP_MULTIPLY, t2, fs(r, x, 1.0 / (2 * n + 1))), p));
	return b2(r, TOP_MULTIPLY, b2(r, TOP_MULTIPLY, fs(r, x, 2 / sqrt(M_PI)), ex),
	          b2(r, TOP_MULTIPLY, x, p));
}

static int erfc_cfrac(Raise *r, int ax, int ex)
{
	int k = ax;
	for (int j = ERF_TERMS; j > 0; j--)
		k = b2(r, TOP_ADD, ax, b2(r, TOP_DIVIDE, fs(r, ax, j / 2.0), k));
	return b2(r, TOP_DIVIDE, b2(r, TOP_MULTIPLY, ex, fs(r, ax, 1 / sqrt(M_PI))), k);
}

static int erf_(Raise *r, int x0, int complement)
{
	DType t = tir_value_type(r->f, x0)->dt;
	int x = t == DT_F64 ? x0 : tir_build_convert(&r->b, x0, DT_F64);
	int ax = u1(r, TOP_ABS, x), ex = exp_neg_sq(r, x);
	int small = cmpv(r, CMP_LT, ax, fs(r, x, ERF_SPLIT)), neg = signbit_(r, x);
	int s = erf_series(r, x, ex), c = erfc_cfrac(r, ax, ex), v;
	if (complement) {   /* erfc(-a) = 2 - erfc(a) */
		int big = sel(r, neg, b2(r, TOP_SUBTRACT, fs(r, x, 2), c), c);
		v = sel(r, small, b2(r, TOP_SUBTRACT, fs(r, x, 1), s), big);
	} else {
		int one_c = b2(r, TOP_SUBTRACT, fs(r, x, 1), c);
		v = sel(r, small, s, sel(r, neg, u1(r, TOP_NEGATE, one_c), one_c));
	}
	v = sel(r, isnan_(r, x), x, v);
	return t == DT_F64 ? v : tir_build_convert(&r->b, v, t);
}

/* fmaf: the product of two f32 is exact in f64, so one f64 add and the rounding to f32
 * give the fused result (up to a double rounding on exact f64 ties). fma on f64: the
 * product as an exact pair p + e (Dekker's split into 26-bit halves), the sum p + c as
 * an exact pair s + t (Knuth's two-sum), then s + (t + e): the fused result except in
 * rare double-rounding cases and when a or b is beyond 2^995 (the split overflows). */
static int two_prod_err(Raise *r, int a, int b, int p)
{
	int k = fs(r, a, 134217729.0);   /* 2^27 + 1 */
	int ca = b2(r, TOP_MULTIPLY, k, a), cb = b2(r, TOP_MULTIPLY, k, b);
	int ah = b2(r, TOP_SUBTRACT, ca, b2(r, TOP_SUBTRACT, ca, a)), al = b2(r, TOP_SUBTRACT, a, ah);
	int bh = b2(r, TOP_SUBTRACT, cb, b2(r, TOP_SUBTRACT, cb, b)), bl = b2(r, TOP_SUBTRACT, b, bh);
	int e = b2(r, TOP_SUBTRACT, b2(r, TOP_MULTIPLY, ah, bh), p);
	e = b2(r, TOP_ADD, e, b2(r, TOP_MULTIPLY, ah, bl));
	e = b2(r, TOP_ADD, e, b2(r, TOP_MULTIPLY, al, bh));
	return b2(r, TOP_ADD, e, b2(r, TOP_MULTIPLY, al, bl));
}

static int fma_(Raise *r, int a, int b, int c)
{
	DType t = tir_value_type(r->f, a)->dt;
	int v, p, e, s, bb, tt, fin;
	if (t == DT_F64) {
		p = b2(r, TOP_MULTIPLY, a, b);
		e = two_prod_err(r, a, b, p);
		s = b2(r, TOP_ADD, p, c);
		bb = b2(r, TOP_SUBTRACT, s, p);
		tt = b2(r, TOP_ADD, b2(r, TOP_SUBTRACT, p, b2(r, TOP_SUBTRACT, s, bb)),
		        b2(r, TOP_SUBTRACT, c, bb));
		v = b2(r, TOP_ADD, s, b2(r, TOP_ADD, tt, e));
		/* infinities and NaNs: the plain form (the error terms would be NaN) */
		fin = u1(r, TOP_IS_FINITE, v);
		return sel(r, fin, v, b2(r, TOP_ADD, p, c));
	}
	a = tir_build_convert(&r->b, a, DT_F64);
	b = tir_build_convert(&r->b, b, DT_F64);
	c = tir_build_convert(&r->b, c, DT_F64);
	v = b2(r, TOP_ADD, b2(r, TOP_MULTIPLY, a, b), c);
	return tir_build_convert(&r->b, v, t);
}

/* hypot without overflow or underflow: m sqrt((a/m)^2 + (b/m)^2), m = max(|a|, |b|);
 * 0 when both are 0; +inf when either is infinite (even with a NaN). */
static int hypot_(Raise *r, int a, int b)
{
	int aa = u1(r, TOP_ABS, a), ab = u1(r, TOP_ABS, b);
	int m = b2(r, TOP_MAXIMUM, aa, ab), qa, qb, v;
	int safe = sel(r, cmpv(r, CMP_EQ, m, fs(r, a, 0)), fs(r, a, 1), m);
	qa = b2(r, TOP_DIVIDE, aa, safe);
	qb = b2(r, TOP_DIVIDE, ab, safe);
	v = b2(r, TOP_MULTIPLY, m, u1(r, TOP_SQRT, b2(r, TOP_ADD, b2(r, TOP_MULTIPLY, qa, qa),
	                                                     b2(r, TOP_MULTIPLY, qb, qb))));
	return sel(r, b2(r, TOP_OR, cmpv(r, CMP_EQ, aa, fs(r, a, INFINITY)),
	                 cmpv(r, CMP_EQ, ab, fs(r, a, INFINITY))), fs(r, a, INFINITY), v);
}

/* IEEE remainder: x - n y with n the integer nearest x/y (ties to even), exact:
 * with a = |x|, b = |y|, r2 = fmod(a, 2b) gives the quotient's parity (odd when r2 >= b)
 * and the remainder rr = r2 or r2 - b; then rr - b when rr > b/2 or (rr == b/2 and the
 * quotient is odd); the result takes x's sign. */
static int remainder_(Raise *r, int x, int y)
{
	int a = u1(r, TOP_ABS, x), b = u1(r, TOP_ABS, y);
	int r2 = b2(r, TOP_REMAINDER, a, b2(r, TOP_MULTIPLY, fs(r, x, 2), b));
	int odd = cmpv(r, CMP_GE, r2, b);
	int rr = sel(r, odd, b2(r, TOP_SUBTRACT, r2, b), r2);
	int half = b2(r, TOP_MULTIPLY, fs(r, x, 0.5), b);
	int up = b2(r, TOP_OR, cmpv(r, CMP_GT, rr, half),
	            b2(r, TOP_AND, cmpv(r, CMP_EQ, rr, half), odd));
	int v = sel(r, up, b2(r, TOP_SUBTRACT, rr, b), rr);
	v = sel(r, signbit_(r, x), u1(r, TOP_NEGATE, v), v);
	/* NaN operands, y == 0 and infinite x give NaN (fmod does) */
	return sel(r, b2(r, TOP_OR, isnan_(r, b2(r, TOP_REMAINDER, x, y)), isnan_(r, y)),
	           b2(r, TOP_REMAINDER, x, y), v);
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
	case KM_FMA: return fma_(r, a, x[1], x[2]);
	case KM_COPYSIGN:
		t = u1(r, TOP_ABS, a);
		return sel(r, signbit_(r, x[1]), u1(r, TOP_NEGATE, t), t);
	case KM_HYPOT: return hypot_(r, a, x[1]);
	case KM_FMOD: return b2(r, TOP_REMAINDER, a, x[1]);
	case KM_FDIM:
		t = b2(r, TOP_SUBTRACT, a, x[1]);
		return sel(r, cmpv(r, CMP_GT, a, x[1]), t, sel(r, isnan_(r, t), t, fs(r, a, 0)));
	case KM_SATURATE: return tir_build_clamp(&r->b, fs(r, a, 0), a, fs(r, a, 1));
	case KM_RCP: return b2(r, TOP_DIVIDE, fs(r, a, 1), a);
	case KM_FDIV: return b2(r, TOP_DIVIDE, a, x[1]);
	case KM_ERF: return erf_(r, a, 0);
	case KM_ERFC: return erf_(r, a, 1);
	case KM_REMAINDER: return remainder_(r, a, x[1]);
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
	case KM_BREV: return brev(r, e, a);
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
	/* __popc(unsigned), __clzll(long long), __ffsll: the count is an int whatever the
	 * argument's type (CUDA Math API, integer intrinsics) */
	v = int_math(r, e, args);
	if (e->type != KT_I1 && tir_value_type(r->f, v)->dt != raise_dtype(e->type))
		v = tir_build_convert(&r->b, v, raise_dtype(e->type));
	return v;
}
