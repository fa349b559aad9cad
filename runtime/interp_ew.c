/* interp_ew.c: element-wise ops: unary and binary arithmetic, compare, select, clamp,
 * convert, bitcast_convert, reduce_precision.
 *
 * Consumes operand tensors of one shape; produces a fresh result tensor (or shares the
 * operand's storage for a no-op convert or bitcast). Loops are tight typed loops over
 * contiguous buffers with the dtype switch outside the loop. Native loops cover f32,
 * f64 and the 8..64-bit integers for the common ops; f16/bf16 go through double (exact
 * for +, -, *, /, sqrt: double has more than 2p+2 bits for both); every integer op
 * also has one generic 64-bit definition used for sub-byte types and the rarer ops.
 *
 * Semantics (StableHLO spec, and XLA where the spec leaves it open):
 *   integer x / 0 = -1 (all ones), INT_MIN / -1 = INT_MIN, x % 0 = x, INT_MIN % -1 = 0;
 *   remainder takes the dividend's sign (C fmod for floats);
 *   shifts by >= the bit width give 0 (arithmetic right: the sign fill);
 *   maximum/minimum propagate NaN and order -0 < +0;
 *   compare FLOAT is IEEE (NaN unordered), TOTALORDER is -NaN < -Inf < ... < -0 < +0 < ...
 *   < +Inf < +NaN;
 *   integer power with a negative exponent: 1 for x = 1, +-1 for x = -1, else 0;
 *   convert float -> int truncates toward zero, saturates, NaN -> 0; any -> i1 is x != 0;
 *   int -> float rounds to nearest even (one rounding, also for 64-bit integers). */
#include "runtime.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- generic integer semantics on 64-bit carriers ---- */

static uint64_t mask_of(int bits) { return bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1; }

static int64_t sext(uint64_t u, int bits)
{
	if (bits >= 64)
		return (int64_t)u;
	u &= mask_of(bits);
	return (int64_t)(u >> (bits - 1) ? u | ~mask_of(bits) : u);
}

static int64_t int_pow(int64_t x, int64_t y, int is_signed)
{
	if (is_signed && y < 0)
		return x == 1 ? 1 : x == -1 ? ((y & 1) ? -1 : 1) : 0;
	uint64_t r = 1, b = (uint64_t)x, e = (uint64_t)y;
	while (e) {
		if (e & 1)
			r *= b;
		b *= b;
		e >>= 1;
	}
	return (int64_t)r;
}

/* x, y: values sign- (signed types) or zero-extended to 64 bits. The result is wrapped
 * to the width by the caller's store. */
static int64_t int_binary(TOpKind k, int64_t x, int64_t y, int bits, int is_signed)
{
	uint64_t ux = (uint64_t)x, uy = (uint64_t)y, m = mask_of(bits);
	int64_t smin = bits >= 64 ? INT64_MIN : -(INT64_C(1) << (bits - 1));
	switch (k) {
	case TOP_ADD: return (int64_t)(ux + uy);
	case TOP_SUBTRACT: return (int64_t)(ux - uy);
	case TOP_MULTIPLY: return (int64_t)(ux * uy);
	case TOP_DIVIDE:
		if (y == 0)
			return -1;
		if (!is_signed)
			return (int64_t)(ux / uy);
		return x == smin && y == -1 ? smin : x / y;
	case TOP_REMAINDER:
		if (y == 0)
			return x;
		if (!is_signed)
			return (int64_t)(ux % uy);
		return y == -1 ? 0 : x % y;
	case TOP_MAXIMUM: return is_signed ? (x > y ? x : y) : (ux > uy ? x : y);
	case TOP_MINIMUM: return is_signed ? (x < y ? x : y) : (ux < uy ? x : y);
	case TOP_POWER: return int_pow(x, y, is_signed);
	case TOP_AND: return x & y;
	case TOP_OR: return x | y;
	case TOP_XOR: return x ^ y;
	case TOP_SHIFT_LEFT: return (uy & m) >= (uint64_t)bits ? 0 : (int64_t)(ux << (uy & m));
	case TOP_SHIFT_RIGHT_LOGICAL: return (uy & m) >= (uint64_t)bits ? 0 : (int64_t)((ux & m) >> (uy & m));
	case TOP_SHIFT_RIGHT_ARITHMETIC: {
		/* the shift count is read as unsigned; the sign fill comes from the value's top bit */
		int64_t sx = sext(ux, bits);
		if ((uy & m) >= (uint64_t)bits)
			return sx < 0 ? -1 : 0;
		return sx >> (uy & m);
	}
	default: die("int_binary: %s", tir_op_name(k));
	}
}

static int64_t int_unary(TOpKind k, int64_t x, int bits, int is_signed)
{
	uint64_t ux = (uint64_t)x & mask_of(bits);
	switch (k) {
	case TOP_NEGATE: return (int64_t)(0 - (uint64_t)x);
	case TOP_ABS: return x < 0 ? (int64_t)(0 - (uint64_t)x) : x;
	case TOP_SIGN: return is_signed ? (x > 0) - (x < 0) : x != 0;
	case TOP_NOT: return ~x;
	case TOP_POPCNT: return __builtin_popcountll(ux);
	case TOP_COUNT_LEADING_ZEROS: return ux ? __builtin_clzll(ux) - (64 - bits) : bits;
	default: die("int_unary: %s", tir_op_name(k));
	}
}

/* ---- float helpers ---- */

#define FMAX(x, y) (isnan(x) || isnan(y) ? (x) + (y) : (x) > (y) ? (x) : (x) < (y) ? (y) : signbit(x) ? (y) : (x))
#define FMIN(x, y) (isnan(x) || isnan(y) ? (x) + (y) : (x) < (y) ? (x) : (x) > (y) ? (y) : signbit(x) ? (x) : (y))

static double float_binary(TOpKind k, double x, double y)
{
	switch (k) {
	case TOP_ADD: return x + y;
	case TOP_SUBTRACT: return x - y;
	case TOP_MULTIPLY: return x * y;
	case TOP_DIVIDE: return x / y;
	case TOP_REMAINDER: return fmod(x, y);
	case TOP_MAXIMUM: return FMAX(x, y);
	case TOP_MINIMUM: return FMIN(x, y);
	case TOP_POWER: return pow(x, y);
	case TOP_ATAN2: return atan2(x, y);
	default: die("float_binary: %s", tir_op_name(k));
	}
}

static double float_sign(double x) { return isnan(x) || x == 0 ? x : x > 0 ? 1.0 : -1.0; }

static double float_unary(TOpKind k, double x)
{
	switch (k) {
	case TOP_ABS: return fabs(x);
	case TOP_NEGATE: return -x;
	case TOP_SIGN: return float_sign(x);
	case TOP_FLOOR: return floor(x);
	case TOP_CEIL: return ceil(x);
	case TOP_ROUND_NEAREST_AFZ: return round(x);
	case TOP_ROUND_NEAREST_EVEN: return nearbyint(x);
	case TOP_EXPONENTIAL: return exp(x);
	case TOP_EXPONENTIAL_MINUS_ONE: return expm1(x);
	case TOP_LOG: return log(x);
	case TOP_LOG_PLUS_ONE: return log1p(x);
	case TOP_SQRT: return sqrt(x);
	case TOP_RSQRT: return 1.0 / sqrt(x);
	case TOP_CBRT: return cbrt(x);
	case TOP_SINE: return sin(x);
	case TOP_COSINE: return cos(x);
	case TOP_TAN: return tan(x);
	case TOP_TANH: return tanh(x);
	case TOP_LOGISTIC: return 1.0 / (1.0 + exp(-x));
	default: die("float_unary: %s", tir_op_name(k));
	}
}

/* ---- binary kernels ---- */

#define LOOP2(T, EXPR) \
	do { \
		const T *a_ = a; const T *b_ = b; T *r_ = r; \
		for (int64_t i = 0; i < n; i++) { T x = a_[i], y = b_[i]; r_[i] = (T)(EXPR); } \
	} while (0)

/* Signed 8..64-bit: wrapping arithmetic through the unsigned type. */
#define SINT_OPS(T, UT, TMIN) \
	switch (k) { \
	case TOP_ADD: LOOP2(T, (UT)x + (UT)y); return 1; \
	case TOP_SUBTRACT: LOOP2(T, (UT)x - (UT)y); return 1; \
	case TOP_MULTIPLY: LOOP2(T, (UT)x * (UT)y); return 1; \
	case TOP_DIVIDE: LOOP2(T, y == 0 ? -1 : (x == TMIN && y == -1) ? TMIN : x / y); return 1; \
	case TOP_REMAINDER: LOOP2(T, y == 0 ? x : y == -1 ? 0 : x % y); return 1; \
	case TOP_MAXIMUM: LOOP2(T, x > y ? x : y); return 1; \
	case TOP_MINIMUM: LOOP2(T, x < y ? x : y); return 1; \
	case TOP_AND: LOOP2(T, x & y); return 1; \
	case TOP_OR: LOOP2(T, x | y); return 1; \
	case TOP_XOR: LOOP2(T, x ^ y); return 1; \
	default: return 0; \
	}

#define UINT_OPS(T) \
	switch (k) { \
	case TOP_ADD: LOOP2(T, x + y); return 1; \
	case TOP_SUBTRACT: LOOP2(T, x - y); return 1; \
	case TOP_MULTIPLY: LOOP2(T, (uint64_t)x * y); return 1; \
	case TOP_DIVIDE: LOOP2(T, y == 0 ? (T)-1 : x / y); return 1; \
	case TOP_REMAINDER: LOOP2(T, y == 0 ? x : x % y); return 1; \
	case TOP_MAXIMUM: LOOP2(T, x > y ? x : y); return 1; \
	case TOP_MINIMUM: LOOP2(T, x < y ? x : y); return 1; \
	case TOP_AND: LOOP2(T, x & y); return 1; \
	case TOP_OR: LOOP2(T, x | y); return 1; \
	case TOP_XOR: LOOP2(T, x ^ y); return 1; \
	default: return 0; \
	}

#define FLOAT_OPS(T) \
	switch (k) { \
	case TOP_ADD: LOOP2(T, x + y); return 1; \
	case TOP_SUBTRACT: LOOP2(T, x - y); return 1; \
	case TOP_MULTIPLY: LOOP2(T, x * y); return 1; \
	case TOP_DIVIDE: LOOP2(T, x / y); return 1; \
	case TOP_MAXIMUM: LOOP2(T, FMAX(x, y)); return 1; \
	case TOP_MINIMUM: LOOP2(T, FMIN(x, y)); return 1; \
	case TOP_REMAINDER: case TOP_POWER: case TOP_ATAN2: \
		LOOP2(T, float_binary(k, x, y)); return 1; \
	default: return 0; \
	}

static int bool_binary(TOpKind k, const uint8_t *a, const uint8_t *b, uint8_t *r, int64_t n)
{
	switch (k) {
	case TOP_ADD: case TOP_OR: case TOP_MAXIMUM: LOOP2(uint8_t, x | y); return 1;
	case TOP_MULTIPLY: case TOP_AND: case TOP_MINIMUM: LOOP2(uint8_t, x & y); return 1;
	case TOP_XOR: LOOP2(uint8_t, x ^ y); return 1;
	default: return 0;
	}
}

static void half_binary(TOpKind k, DType t, const uint16_t *a, const uint16_t *b, uint16_t *r, int64_t n)
{
	int bf = t == DT_BF16;
	for (int64_t i = 0; i < n; i++) {
		double x = bf ? rt_bf16_to_f64(a[i]) : rt_f16_to_f64(a[i]);
		double y = bf ? rt_bf16_to_f64(b[i]) : rt_f16_to_f64(b[i]);
		double z = float_binary(k, x, y);
		r[i] = bf ? rt_f64_to_bf16(z) : rt_f64_to_f16(z);
	}
}

static void generic_int_binary(TOpKind k, DType t, const void *a, const void *b, void *r, int64_t n)
{
	int bits = dtype_bits(t), sg = dtype_kind(t) == DK_INT;
	for (int64_t i = 0; i < n; i++)
		rt_set_i64(t, r, i, int_binary(k, rt_get_i64(t, a, i), rt_get_i64(t, b, i), bits, sg));
}

/* Returns 1 when handled by a native loop. */
static int native_binary(TOpKind k, DType t, const void *a, const void *b, void *r, int64_t n)
{
	switch (t) {
	case DT_I8: SINT_OPS(int8_t, uint8_t, INT8_MIN)
	case DT_I16: SINT_OPS(int16_t, uint16_t, INT16_MIN)
	case DT_I32: SINT_OPS(int32_t, uint32_t, INT32_MIN)
	case DT_I64: SINT_OPS(int64_t, uint64_t, INT64_MIN)
	case DT_UI8: UINT_OPS(uint8_t)
	case DT_UI16: UINT_OPS(uint16_t)
	case DT_UI32: UINT_OPS(uint32_t)
	case DT_UI64: UINT_OPS(uint64_t)
	case DT_F32: FLOAT_OPS(float)
	case DT_F64: FLOAT_OPS(double)
	case DT_I1: return bool_binary(k, a, b, r, n);
	default: return 0;
	}
}

static int float_binary_op(TOpKind k)
{
	switch (k) {
	case TOP_ADD: case TOP_SUBTRACT: case TOP_MULTIPLY: case TOP_DIVIDE: case TOP_REMAINDER:
	case TOP_MAXIMUM: case TOP_MINIMUM: case TOP_POWER: case TOP_ATAN2:
		return 1;
	default:
		return 0;
	}
}

/* Returns 0, or -1 when op k does not take element type t. */
int interp_binary_kernel(TOpKind k, DType t, const void *a, const void *b, void *r, int64_t n)
{
	if (dtype_is_float(t)) {
		if (!float_binary_op(k))
			return -1;
		if (t == DT_F16 || t == DT_BF16)
			half_binary(k, t, a, b, r, n);
		else
			native_binary(k, t, a, b, r, n);
		return 0;
	}
	if (t == DT_I1)
		return bool_binary(k, a, b, r, n) ? 0 : -1;
	if (k == TOP_ATAN2)
		return -1;
	if (!native_binary(k, t, a, b, r, n))
		generic_int_binary(k, t, a, b, r, n);
	return 0;
}

/* ---- unary ---- */

#define LOOP1(T, EXPR) \
	do { \
		const T *a_ = a; T *r_ = r; \
		for (int64_t i = 0; i < n; i++) { T x = a_[i]; r_[i] = (T)(EXPR); } \
	} while (0)

#define FLOAT_UNARY(T, SQRT) \
	switch (k) { \
	case TOP_NEGATE: LOOP1(T, -x); return; \
	case TOP_ABS: LOOP1(T, fabs(x)); return; \
	case TOP_SQRT: LOOP1(T, SQRT(x)); return; \
	case TOP_FLOOR: LOOP1(T, floor(x)); return; \
	case TOP_CEIL: LOOP1(T, ceil(x)); return; \
	default: LOOP1(T, float_unary(k, x)); return; \
	}

static void unary_kernel(TOpKind k, DType t, const void *a, void *r, int64_t n)
{
	if (t == DT_F32)
		FLOAT_UNARY(float, sqrtf)
	if (t == DT_F64)
		FLOAT_UNARY(double, sqrt)
	if (t == DT_F16 || t == DT_BF16) {
		const uint16_t *h = a;
		uint16_t *o = r;
		int bf = t == DT_BF16;
		for (int64_t i = 0; i < n; i++) {
			double z = float_unary(k, bf ? rt_bf16_to_f64(h[i]) : rt_f16_to_f64(h[i]));
			o[i] = bf ? rt_f64_to_bf16(z) : rt_f64_to_f16(z);
		}
		return;
	}
	if (t == DT_I1 && k == TOP_NOT) {
		LOOP1(uint8_t, !x);
		return;
	}
	int bits = dtype_bits(t), sg = dtype_kind(t) == DK_INT;
	for (int64_t i = 0; i < n; i++)
		rt_set_i64(t, r, i, int_unary(k, rt_get_i64(t, a, i), bits, sg));
}

static void is_finite_kernel(DType t, const void *a, uint8_t *r, int64_t n)
{
	if (t == DT_F32) {
		const float *x = a;
		for (int64_t i = 0; i < n; i++)
			r[i] = isfinite(x[i]) != 0;
		return;
	}
	for (int64_t i = 0; i < n; i++)
		r[i] = isfinite(rt_get_f64(t, a, i)) != 0;
}

/* ---- compare ---- */

/* Total order key: flips the magnitude bits of negative numbers (IEEE 754 totalOrder). */
static int64_t total_key(DType t, const void *a, int64_t i)
{
	int64_t v;
	switch (dtype_size(t)) {
	case 2: v = ((const int16_t *)a)[i]; return v < 0 ? v ^ 0x7fff : v;
	case 4: v = ((const int32_t *)a)[i]; return v < 0 ? v ^ 0x7fffffff : v;
	default: v = ((const int64_t *)a)[i]; return v < 0 ? v ^ INT64_MAX : v;
	}
}

#define CMP_LOOP(T, GET) \
	do { \
		for (int64_t i = 0; i < n; i++) { \
			T x = GET(a, i), y = GET(b, i); \
			int c; \
			switch (d) { \
			case CMP_EQ: c = x == y; break; \
			case CMP_NE: c = x != y; break; \
			case CMP_GE: c = x >= y; break; \
			case CMP_GT: c = x > y; break; \
			case CMP_LE: c = x <= y; break; \
			default: c = x < y; break; \
			} \
			r[i] = (uint8_t)c; \
		} \
	} while (0)

#define GET_F32(p, i) (((const float *)(p))[i])
#define GET_F64(p, i) (((const double *)(p))[i])
#define GET_ANYF(p, i) rt_get_f64(t, (p), (i))
#define GET_I32(p, i) (((const int32_t *)(p))[i])
#define GET_SI(p, i) rt_get_i64(t, (p), (i))
#define GET_UI(p, i) ((uint64_t)rt_get_i64(t, (p), (i)))
#define GET_TOTAL(p, i) total_key(t, (p), (i))

static void compare_kernel(TCmpDir d, TCmpType ct, DType t, const void *a, const void *b,
                           uint8_t *r, int64_t n)
{
	if (dtype_is_float(t) && ct == CT_TOTALORDER)
		CMP_LOOP(int64_t, GET_TOTAL);
	else if (t == DT_F32)
		CMP_LOOP(float, GET_F32);
	else if (t == DT_F64)
		CMP_LOOP(double, GET_F64);
	else if (dtype_is_float(t))
		CMP_LOOP(double, GET_ANYF);
	else if (t == DT_I32 && ct != CT_UNSIGNED)
		CMP_LOOP(int32_t, GET_I32);
	else if (ct == CT_UNSIGNED || (ct != CT_SIGNED && dtype_kind(t) != DK_INT))
		CMP_LOOP(uint64_t, GET_UI);
	else
		CMP_LOOP(int64_t, GET_SI);
}

/* ---- convert ---- */

/* Integer to double with round-to-odd beyond 53 bits, so a second rounding to f32, f16
 * or bf16 (all at most 24 bits) is still correct. */
static double u64_to_f64_odd(uint64_t u)
{
	if (u < (UINT64_C(1) << 53))
		return (double)u;
	int s = 0;
	while ((u >> s) >= (UINT64_C(1) << 53))
		s++;
	uint64_t q = u >> s;
	if (u & ((UINT64_C(1) << s) - 1))
		q |= 1;
	return ldexp((double)q, s);
}

static double int_to_f64_odd(int64_t x, int is_signed)
{
	if (!is_signed || x >= 0)
		return u64_to_f64_odd((uint64_t)x);
	return -u64_to_f64_odd(0 - (uint64_t)x);
}

/* Truncates toward zero and saturates to the target's range; NaN -> 0. */
static int64_t float_to_int(double x, DType to)
{
	if (isnan(x))
		return 0;
	int bits = dtype_bits(to);
	if (dtype_kind(to) == DK_UINT) {
		double hi = ldexp(1.0, bits);   /* exclusive */
		if (x <= 0)
			return 0;
		if (x >= hi)
			return (int64_t)mask_of(bits);
		return (int64_t)(uint64_t)x;
	}
	double lim = ldexp(1.0, bits - 1);
	if (x >= lim)
		return (int64_t)(mask_of(bits - 1));
	if (x <= -lim)
		return bits >= 64 ? INT64_MIN : -(INT64_C(1) << (bits - 1));
	return (int64_t)x;
}

static void convert_kernel(DType from, DType to, const void *a, void *r, int64_t n)
{
	if (from == DT_F32 && to == DT_F64) {
		const float *x = a;
		double *y = r;
		for (int64_t i = 0; i < n; i++)
			y[i] = x[i];
		return;
	}
	if (from == DT_I32 && to == DT_F32) {
		const int32_t *x = a;
		float *y = r;
		for (int64_t i = 0; i < n; i++)
			y[i] = (float)x[i];
		return;
	}
	int ff = dtype_is_float(from), tf = dtype_is_float(to);
	int fsg = dtype_kind(from) == DK_INT;
	for (int64_t i = 0; i < n; i++) {
		if (to == DT_I1) {
			int nz = ff ? rt_get_f64(from, a, i) != 0 : rt_get_i64(from, a, i) != 0;
			((uint8_t *)r)[i] = (uint8_t)nz;
		} else if (ff && tf) {
			rt_set_f64(to, r, i, rt_get_f64(from, a, i));
		} else if (ff) {
			rt_set_i64(to, r, i, float_to_int(rt_get_f64(from, a, i), to));
		} else if (tf) {
			int64_t v = rt_get_i64(from, a, i);
			if (to == DT_F64 || to == DT_F32)
				rt_set_f64(to, r, i, to == DT_F32 ? (double)(fsg ? (float)v : (float)(uint64_t)v)
				                                  : (fsg ? (double)v : (double)(uint64_t)v));
			else
				rt_set_f64(to, r, i, int_to_f64_odd(v, fsg));
		} else {
			rt_set_i64(to, r, i, rt_get_i64(from, a, i));
		}
	}
}

/* ---- reduce_precision: XLA's definition on the bits of the operand's own format:
 * round the mantissa to mbits (nearest, ties to even), then values whose exponent is
 * above the reduced range become infinity and those at or below its minimum become
 * zero (subnormals of the reduced format are flushed); NaN stays NaN when mbits > 0. */

static uint64_t reduce_precision_bits(uint64_t x, int width, int src_e, int src_m, int ebits, int mbits)
{
	uint64_t orig = x;
	uint64_t expmask = (((UINT64_C(1) << src_e) - 1) << src_m), manmask = (UINT64_C(1) << src_m) - 1;
	int is_nan = (x & expmask) == expmask && (x & manmask);
	uint64_t sign = x & (UINT64_C(1) << (width - 1));
	if (mbits < src_m) {   /* on the magnitude: a carry out of the exponent is an overflow */
		uint64_t last = UINT64_C(1) << (src_m - mbits);
		uint64_t mag = x & ~sign, bias = (last >> 1) - 1 + ((mag & last) >> (src_m - mbits));
		mag = (mag + bias) & ~(last - 1);
		x = mag >> (width - 1) ? sign | expmask : sign | mag;
	}
	if (ebits < src_e) {
		int64_t src_bias = (INT64_C(1) << (src_e - 1)) - 1, red_bias = (INT64_C(1) << (ebits - 1)) - 1;
		uint64_t e = x & expmask;
		if (e > (uint64_t)(src_bias + red_bias) << src_m)
			x = sign | expmask;
		else if (e <= (uint64_t)(src_bias - red_bias) << src_m)
			x = sign;
	}
	return is_nan && mbits > 0 ? orig : x;
}

static void reduce_precision_kernel(DType t, const void *a, void *r, int64_t n, int ebits, int mbits)
{
	int width = dtype_bits(t), se = t == DT_F16 ? 5 : t == DT_F64 ? 11 : 8;
	int sm = width - 1 - se;
	for (int64_t i = 0; i < n; i++) {
		uint64_t x = 0;
		memcpy(&x, (const unsigned char *)a + i * (width / 8), (size_t)width / 8);
		x = reduce_precision_bits(x, width, se, sm, ebits, mbits);
		memcpy((unsigned char *)r + i * (width / 8), &x, (size_t)width / 8);
	}
}

/* ---- op evaluation ---- */

static RtValue *out_slot(RtValue *env, const TOp *op) { return &env[op->results[0]]; }

static void put(Interp *it, RtValue *env, const TOp *op, RtValue v)
{
	rt_value_release(&it->pool, out_slot(env, op));
	*out_slot(env, op) = v;
}

static RtValue new_result(Interp *it, const TFunc *f, const TOp *op)
{
	return rt_tensor_new(&it->pool, tir_value_type(f, op->results[0]));
}

/* Expands a 0-d operand to n elements (clamp/select with scalar operands). */
static void *expand(const RtValue *v, int64_t n, void **owned)
{
	*owned = NULL;
	if (rt_numel(v) == n)
		return rt_data(v);
	size_t sz = (size_t)dtype_size(v->type.dt);
	unsigned char *p = xmalloc(sz * (size_t)(n ? n : 1));
	for (int64_t i = 0; i < n; i++)
		memcpy(p + (size_t)i * sz, rt_data(v), sz);
	*owned = p;
	return p;
}

static int eval_binary(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	const RtValue *a = &env[op->operands[0]], *b = &env[op->operands[1]];
	RtValue r = new_result(it, f, op);
	int64_t n = rt_numel(&r);
	if (op->kind == TOP_COMPARE) {
		TAttr *da = tir_op_attr(op, "comparison_direction"), *ta = tir_op_attr(op, "compare_type");
		if (!da) {
			rt_value_release(&it->pool, &r);
			return interp_fail(it, op, "'stablehlo.compare' without comparison_direction");
		}
		compare_kernel(da->u.cmp_dir, ta ? ta->u.cmp_type : CT_NOTYPE, a->type.dt, rt_data(a), rt_data(b), rt_data(&r), n);
	} else if (interp_binary_kernel(op->kind, a->type.dt, rt_data(a), rt_data(b), rt_data(&r), n) != 0) {
		rt_value_release(&it->pool, &r);
		return interp_fail(it, op, "'%s' does not take %s", tir_op_name(op->kind), dtype_name(a->type.dt));
	}
	put(it, env, op, r);
	return 0;
}

static int eval_unary(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	const RtValue *a = &env[op->operands[0]];
	DType t = a->type.dt;
	if (t == DT_I1 && op->kind != TOP_NOT)
		return interp_fail(it, op, "'%s' does not take i1", tir_op_name(op->kind));
	if (!dtype_is_float(t) && !(tir_op_flags(op->kind) & OF_PRED) && op->kind != TOP_NOT &&
	    op->kind != TOP_NEGATE && op->kind != TOP_ABS && op->kind != TOP_SIGN &&
	    op->kind != TOP_POPCNT && op->kind != TOP_COUNT_LEADING_ZEROS)
		return interp_fail(it, op, "'%s' does not take %s", tir_op_name(op->kind), dtype_name(t));
	RtValue r = new_result(it, f, op);
	int64_t n = rt_numel(&r);
	if (op->kind == TOP_IS_FINITE)
		is_finite_kernel(t, rt_data(a), rt_data(&r), n);
	else if (op->kind == TOP_REDUCE_PRECISION) {
		reduce_precision_kernel(t, rt_data(a), rt_data(&r), n, (int)tir_op_get_int(op, "exponent_bits", 8),
		                        (int)tir_op_get_int(op, "mantissa_bits", 23));
	} else
		unary_kernel(op->kind, t, rt_data(a), rt_data(&r), n);
	put(it, env, op, r);
	return 0;
}

static int eval_convert(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	const RtValue *a = &env[op->operands[0]];
	const TType *rt = tir_value_type(f, op->results[0]);
	if (rt->dt == a->type.dt) {
		RtValue v = rt_value_ref(a);
		v.type = *rt;
		put(it, env, op, v);
		return 0;
	}
	RtValue r = new_result(it, f, op);
	convert_kernel(a->type.dt, rt->dt, rt_data(a), rt_data(&r), rt_numel(&r));
	put(it, env, op, r);
	return 0;
}

static int eval_bitcast(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	const RtValue *a = &env[op->operands[0]];
	const TType *rt = tir_value_type(f, op->results[0]);
	DType ft = a->type.dt, tt = rt->dt;
	int64_t fbits = rt_numel(a) * dtype_bits(ft), tbits = tir_type_numel(rt) * dtype_bits(tt);
	if (fbits != tbits)
		return interp_fail(it, op, "'stablehlo.bitcast_convert': %lld bits to %lld bits", (long long)fbits, (long long)tbits);
	if (dtype_bits(ft) == dtype_size(ft) * 8 && dtype_bits(tt) == dtype_size(tt) * 8) {
		RtValue v = rt_value_ref(a);   /* same bytes, new type: share the storage */
		v.type = *rt;
		put(it, env, op, v);
		return 0;
	}
	/* Element widths differ or are not whole bytes: go through the bit string, element
	 * 0's bits first, least significant bit first (the little-endian layout). */
	RtValue r = new_result(it, f, op);
	int fb = dtype_bits(ft), tb = dtype_bits(tt);
	int64_t nt = rt_numel(&r);
	for (int64_t i = 0; i < nt; i++) {
		uint64_t v = 0;
		for (int k = 0; k < tb; k++) {
			int64_t bit = i * tb + k;
			uint64_t src = (uint64_t)rt_get_i64(ft == DT_F16 || ft == DT_BF16 ? DT_UI16 : ft == DT_F32 ? DT_UI32
			                                    : ft == DT_F64 ? DT_UI64 : ft, rt_data(a), bit / fb);
			v |= (src >> (bit % fb) & 1) << k;
		}
		DType st = tt == DT_F16 || tt == DT_BF16 ? DT_UI16 : tt == DT_F32 ? DT_UI32 : tt == DT_F64 ? DT_UI64 : tt;
		rt_set_i64(st, rt_data(&r), i, (int64_t)v);
	}
	put(it, env, op, r);
	return 0;
}

static int eval_select(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	const RtValue *p = &env[op->operands[0]], *a = &env[op->operands[1]], *b = &env[op->operands[2]];
	if (p->type.rank == 0) {
		put(it, env, op, rt_value_ref(((const uint8_t *)rt_data(p))[0] ? a : b));
		out_slot(env, op)->type = *tir_value_type(f, op->results[0]);
		return 0;
	}
	RtValue r = new_result(it, f, op);
	int64_t n = rt_numel(&r);
	size_t sz = (size_t)dtype_size(r.type.dt);
	const uint8_t *pp = rt_data(p);
	unsigned char *out = rt_data(&r);
	const unsigned char *x = rt_data(a), *y = rt_data(b);
	switch (sz) {
	case 1: for (int64_t i = 0; i < n; i++) out[i] = pp[i] ? x[i] : y[i]; break;
	case 2: for (int64_t i = 0; i < n; i++) ((uint16_t *)out)[i] = pp[i] ? ((const uint16_t *)x)[i] : ((const uint16_t *)y)[i]; break;
	case 4: for (int64_t i = 0; i < n; i++) ((uint32_t *)out)[i] = pp[i] ? ((const uint32_t *)x)[i] : ((const uint32_t *)y)[i]; break;
	default: for (int64_t i = 0; i < n; i++) ((uint64_t *)out)[i] = pp[i] ? ((const uint64_t *)x)[i] : ((const uint64_t *)y)[i]; break;
	}
	put(it, env, op, r);
	return 0;
}

static int eval_clamp(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	const RtValue *lo = &env[op->operands[0]], *x = &env[op->operands[1]], *hi = &env[op->operands[2]];
	DType t = x->type.dt;
	RtValue r = new_result(it, f, op);
	int64_t n = rt_numel(&r);
	void *lo_own, *hi_own;
	const void *lp = expand(lo, n, &lo_own), *hp = expand(hi, n, &hi_own);
	int rc = interp_binary_kernel(TOP_MAXIMUM, t, rt_data(x), lp, rt_data(&r), n);
	if (rc == 0)
		rc = interp_binary_kernel(TOP_MINIMUM, t, rt_data(&r), hp, rt_data(&r), n);
	free(lo_own);
	free(hi_own);
	if (rc != 0) {
		rt_value_release(&it->pool, &r);
		return interp_fail(it, op, "'stablehlo.clamp' does not take %s", dtype_name(t));
	}
	put(it, env, op, r);
	return 0;
}

int interp_elementwise(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	switch (op->kind) {
	case TOP_CONVERT: return eval_convert(it, f, env, op);
	case TOP_BITCAST_CONVERT: return eval_bitcast(it, f, env, op);
	case TOP_SELECT: return eval_select(it, f, env, op);
	case TOP_CLAMP: return eval_clamp(it, f, env, op);
	default: break;
	}
	for (int i = 0; i < op->noperands; i++)
		if (env[op->operands[i]].type.kind != TY_TENSOR)
			return interp_fail(it, op, "'%s' on a non-tensor operand", tir_op_name(op->kind));
	unsigned fl = tir_op_flags(op->kind);
	if (fl & OF_BIN)
		return eval_binary(it, f, env, op);
	if (fl & OF_UN)
		return eval_unary(it, f, env, op);
	return interp_fail(it, op, "unsupported op '%s'", tir_op_name(op->kind));
}
