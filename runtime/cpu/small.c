/* small.c: f16 and bf16 elements in the compiled loops (cpu.h, "small.c").
 *
 * Consumes an f16 or bf16 element as emit.c holds it, its 16 raw bits in an i16 register
 * (so copies, selects, slices, gathers and scatters move the bits unchanged, as the
 * interpreter does); produces IR that decodes it to float and encodes a float back.
 * Arithmetic runs in float between the two: decode, one f32 op, encode. That gives the
 * interpreter's values (interp_ew.c: decode to double, the op in double, one rounding)
 * bit for bit: +, -, *, / and sqrt of two 11-bit (f16) or 8-bit (bf16) operands rounded
 * to f32 and then to the small type are correctly rounded, since f32's 24 bits are at
 * least 2p + 2 (Figueroa, "When is double rounding innocuous?", 1995); max, min, negate,
 * abs, sign, floor, ceil, round and compare are exact in f32. The other ops (exp, tanh,
 * pow, ..., converts from f64 and wide integers) emit.c computes in double, as the
 * interpreter does, and encodes the double with one rounding: first to f32 rounding to
 * odd (truncate, then set the last bit when inexact), then to the small type to nearest
 * even, which equals rounding the double to nearest even directly since f32 keeps more
 * than p + 1 bits (Boldo and Melquiond, "When double rounding is odd", 2005).
 *   decode: a NaN becomes the quiet NaN of its sign without payload (value.c decodes
 *           every NaN to C's NAN), everything else is exact (f16: vcvtph2ps; bf16: the
 *           bits shifted into f32's top half);
 *   encode: round to nearest even; overflow gives infinity, subnormals are kept; a NaN
 *           keeps its top payload bits and is made quiet (value.c's small_float_encode;
 *           f16: fptrunc, vcvtps2ph on x86; bf16: integer rounding of the f32 bits, since
 *           the AVX-512 BF16 conversion flushes subnormals). */
#include "cpu.h"

#include <llvm-c/Core.h>

int cpu_small_f32_op(int kind)
{
	switch ((TOpKind)kind) {
	case TOP_ADD: case TOP_SUBTRACT: case TOP_MULTIPLY: case TOP_DIVIDE: case TOP_SQRT:
	case TOP_MAXIMUM: case TOP_MINIMUM: case TOP_NEGATE: case TOP_ABS: case TOP_SIGN:
	case TOP_FLOOR: case TOP_CEIL: case TOP_ROUND_NEAREST_AFZ: case TOP_ROUND_NEAREST_EVEN:
	case TOP_IS_FINITE:
		return 1;
	default:
		return 0;
	}
}

static unsigned nan_min(DType t) { return t == DT_F16 ? 0x7c00 : 0x7f80; }   /* exponent all ones */
static unsigned quiet(DType t) { return t == DT_F16 ? 0x200 : 0x40; }

void *cpu_small_decode(void *ctx, void *builder, int dtype, void *raw)
{
	LLVMContextRef c = ctx;
	LLVMBuilderRef b = builder;
	DType t = (DType)dtype;
	LLVMTypeRef i16 = LLVMInt16TypeInContext(c), i32 = LLVMInt32TypeInContext(c);
	LLVMTypeRef f32 = LLVMFloatTypeInContext(c);
	LLVMValueRef h = raw;
	LLVMValueRef mag = LLVMBuildAnd(b, h, LLVMConstInt(i16, 0x7fff, 0), "");
	LLVMValueRef nan = LLVMBuildICmp(b, LLVMIntUGT, mag, LLVMConstInt(i16, nan_min(t), 0), "");
	LLVMValueRef canon = LLVMBuildOr(b, LLVMBuildAnd(b, h, LLVMConstInt(i16, 0x8000, 0), ""),
	                                 LLVMConstInt(i16, nan_min(t) | quiet(t), 0), "");
	h = LLVMBuildSelect(b, nan, canon, h, "");
	if (t == DT_F16)
		return LLVMBuildFPExt(b, LLVMBuildBitCast(b, h, LLVMHalfTypeInContext(c), ""), f32, "");
	LLVMValueRef w = LLVMBuildShl(b, LLVMBuildZExt(b, h, i32, ""), LLVMConstInt(i32, 16, 0), "");
	return LLVMBuildBitCast(b, w, f32, "");
}

/* d rounded to f32 to odd (toward zero, the last bit set when inexact): rounding that to
 * a type of p <= 22 significant bits, f32's 24 less 2, gives d's own rounding to it. */
static LLVMValueRef round_odd_f32(LLVMContextRef c, LLVMBuilderRef b, LLVMValueRef d)
{
	LLVMTypeRef i32 = LLVMInt32TypeInContext(c), f32 = LLVMFloatTypeInContext(c);
	LLVMValueRef f = LLVMBuildFPTrunc(b, d, f32, "");
	LLVMValueRef back = LLVMBuildFPExt(b, f, LLVMTypeOf(d), "");
	LLVMValueRef inexact = LLVMBuildFCmp(b, LLVMRealONE, back, d, "");   /* false for NaN */
	LLVMValueRef pos = LLVMBuildFCmp(b, LLVMRealOGT, d, LLVMConstReal(LLVMTypeOf(d), 0), "");
	LLVMValueRef away = LLVMBuildSelect(b, pos, LLVMBuildFCmp(b, LLVMRealOGT, back, d, ""),
	                                    LLVMBuildFCmp(b, LLVMRealOLT, back, d, ""), "");
	LLVMValueRef bits = LLVMBuildBitCast(b, f, i32, "");
	LLVMValueRef down = LLVMBuildZExt(b, LLVMBuildAnd(b, inexact, away, ""), i32, "");
	bits = LLVMBuildSub(b, bits, down, "");   /* toward zero: the magnitude below */
	bits = LLVMBuildOr(b, bits, LLVMBuildZExt(b, inexact, i32, ""), "");
	return LLVMBuildBitCast(b, bits, f32, "");
}

void *cpu_small_encode_f64(void *ctx, void *builder, int dtype, void *value)
{
	return cpu_small_encode(ctx, builder, dtype, round_odd_f32(ctx, builder, value));
}

void *cpu_small_encode(void *ctx, void *builder, int dtype, void *value)
{
	LLVMContextRef c = ctx;
	LLVMBuilderRef b = builder;
	DType t = (DType)dtype;
	LLVMTypeRef i16 = LLVMInt16TypeInContext(c), i32 = LLVMInt32TypeInContext(c);
	LLVMValueRef x = value;
	if (t == DT_F16)
		return LLVMBuildBitCast(b, LLVMBuildFPTrunc(b, x, LLVMHalfTypeInContext(c), ""), i16, "");
	LLVMValueRef u = LLVMBuildBitCast(b, x, i32, "");
	LLVMValueRef hi = LLVMBuildLShr(b, u, LLVMConstInt(i32, 16, 0), "");
	LLVMValueRef odd = LLVMBuildAnd(b, hi, LLVMConstInt(i32, 1, 0), "");
	LLVMValueRef bias = LLVMBuildAdd(b, odd, LLVMConstInt(i32, 0x7fff, 0), "");
	LLVMValueRef r = LLVMBuildLShr(b, LLVMBuildAdd(b, u, bias, ""), LLVMConstInt(i32, 16, 0), "");
	LLVMValueRef q = LLVMBuildOr(b, hi, LLVMConstInt(i32, quiet(t), 0), "");
	r = LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealUNO, x, x, ""), q, r, "");
	return LLVMBuildTrunc(b, r, i16, "");
}
