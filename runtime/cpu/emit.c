/* emit.c: LLVM IR for one fusion (cpu.h, "emit.c").
 *
 * Consumes a CpuFusion (a root value, the values fused into it, its materialized
 * inputs); produces `void c2h_fusion_<id>(ptr bufs, i64 lo, i64 hi)`: a loop nest over
 * the root's shape, dimension split_dim running over [lo, hi), whose body computes one
 * output element as an expression tree over input indices (XLA's loop fusion): slices
 * add offsets, broadcasts drop dimensions, transposes permute, reshapes relinearize,
 * pads and concatenates select between clamped reads. A value read several times at one
 * index is computed once (a per-block, per-index cache, as XLA's element generator). A
 * dynamic_update_slice root whose operand is a buffer (fu->base) writes the update box
 * only: the executor has copied the operand into the output, or updates it in place.
 * Otherwise it splits each dimension's range in three (before, inside, after the update
 * box), so the operand's computation and the update run as plain loops without a
 * per-element test; when the executor runs it in place (bufs[ninputs + 1] != NULL: the
 * output is the operand's own storage), the copy loops are empty and only the box is
 * written.
 *
 * Element semantics match the interpreter (interp_ew.c) exactly: integer x/0 = -1,
 * x%0 = x, INT_MIN/-1 = INT_MIN, shifts past the width give 0 (or the sign fill),
 * maximum/minimum propagate NaN and order -0 < +0, float->int converts saturate (NaN ->
 * 0, llvm.fpto[su]i.sat), f32 transcendental functions are computed in double and
 * rounded once, as the interpreter does: by the C library, or by libmvec's vector
 * variants where vmath.c has them (within 3-4 ulp of the C library, not bit for bit;
 * only with CUDA2HLO_CPU_VMATH=1; by default the interpreter's values), f16 and bf16 are
 * held as raw bits, decoded for arithmetic and encoded after it: in f32 for the exact
 * ops and + - * / sqrt, in double (rounded once) for the rest (small.c). No fast-math flag is set, so
 * LLVM reassociates nothing; vectorisation comes from the loop and SLP vectorizers. */
#include "cpu.h"

#include <llvm-c/Core.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct Em {
	LLVMContextRef c;
	LLVMModuleRef m;
	LLVMBuilderRef b;
	const CpuFusion *fu;
	const TFunc *f;
	LLVMValueRef fn, lo, hi;
	LLVMValueRef out;          /* output pointer */
	LLVMValueRef acc;          /* reduce roots: the accumulator (an alloca, promoted) */
	LLVMValueRef inplace;      /* dynamic_update_slice roots: bufs[ninputs + 1] != NULL */
	LLVMBasicBlockRef brk;     /* reduce roots with an absorbing element: the exit of the
	                              outermost reduced loop, taken once the accumulator holds it */
	LLVMValueRef *in;          /* input pointers, as fu->inputs */
	LLVMValueRef *in0;         /* 0-d inputs' values, loaded once in the entry block */
	VEC(LLVMValueRef) loads;   /* every load from an input and store to out: given the
	                              alias scope of out at the end when that is correct and */
	VEC(LLVMValueRef) stores;  /* pays (give_scope) */
	VEC(int64_t) data;         /* per load: cpu_value_step of the value it reads */
	int64_t *vsteps;           /* cpu_value_step's memo */
	VEC(LLVMValueRef) inner;   /* the induction variables of the innermost loops */
	int nloops;                /* loops begun so far */
	LLVMTypeRef i1, i8, i64, ptr;
	Map *memo;                 /* "v block idx..." -> value v at idx, emitted in that block */
} Em;

typedef LLVMValueRef Idx[TIR_MAX_RANK];

static LLVMValueRef val(Em *e, int v, const LLVMValueRef *idx);

/* ---- types and constants ---- */

static LLVMTypeRef reg_type(Em *e, DType t)
{
	switch (t) {
	case DT_I1: return e->i1;
	case DT_I8: case DT_UI8: return e->i8;
	case DT_I16: case DT_UI16: case DT_F16: case DT_BF16: return LLVMInt16TypeInContext(e->c);
	case DT_I32: case DT_UI32: return LLVMInt32TypeInContext(e->c);
	case DT_I64: case DT_UI64: return e->i64;
	case DT_F32: return LLVMFloatTypeInContext(e->c);
	case DT_F64: return LLVMDoubleTypeInContext(e->c);
	default: die("emit: element type %s", dtype_name(t));
	}
}

static LLVMTypeRef mem_type(Em *e, DType t) { return t == DT_I1 ? e->i8 : reg_type(e, t); }
static LLVMValueRef ci64(Em *e, int64_t v) { return LLVMConstInt(e->i64, (unsigned long long)v, 1); }
static LLVMTypeRef f64t(Em *e) { return LLVMDoubleTypeInContext(e->c); }
static const TType *vt(Em *e, int v) { return tir_value_type(e->f, v); }
static int is_signed_int(DType t) { return dtype_kind(t) == DK_INT; }
/* f16 / bf16: raw bits in an i16 register, float arithmetic between decode and encode
 * (small.c). */
static int small(DType t) { return t == DT_F16 || t == DT_BF16; }
static LLVMValueRef dec(Em *e, DType t, LLVMValueRef x) { return cpu_small_decode(e->c, e->b, (int)t, x); }
static LLVMValueRef enc(Em *e, DType t, LLVMValueRef x) { return cpu_small_encode(e->c, e->b, (int)t, x); }
static LLVMValueRef enc64(Em *e, DType t, LLVMValueRef x) { return cpu_small_encode_f64(e->c, e->b, (int)t, x); }
static int f32_op(TOpKind k) { return cpu_small_f32_op((int)k); }

static LLVMValueRef const_int(Em *e, DType t, int64_t v)
{
	return LLVMConstInt(reg_type(e, t), (unsigned long long)v, 0);
}

static LLVMValueRef const_float(Em *e, DType t, double v)
{
	if (small(t))
		return const_int(e, t, t == DT_F16 ? tir_f16_from_double(v) : tir_bf16_from_double(v));
	return LLVMConstReal(reg_type(e, t), v);
}

/* ---- intrinsics and library calls ---- */

static LLVMValueRef call_intrinsic(Em *e, const char *name, LLVMTypeRef *tys, int ntys,
                                   LLVMValueRef *args, int nargs)
{
	unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
	if (!id)
		die("emit: no intrinsic %s", name);
	LLVMValueRef fn = LLVMGetIntrinsicDeclaration(e->m, id, tys, (size_t)ntys);
	LLVMTypeRef fty = LLVMIntrinsicGetType(e->c, id, tys, (size_t)ntys);
	return LLVMBuildCall2(e->b, fty, fn, args, (unsigned)nargs, "");
}

static LLVMValueRef intrinsic1(Em *e, const char *name, LLVMValueRef x)
{
	LLVMTypeRef t = LLVMTypeOf(x);
	return call_intrinsic(e, name, &t, 1, &x, 1);
}

static LLVMValueRef intrinsic2(Em *e, const char *name, LLVMValueRef x, LLVMValueRef y)
{
	LLVMTypeRef t = LLVMTypeOf(x);
	LLVMValueRef a[2] = {x, y};
	return call_intrinsic(e, name, &t, 1, a, 2);
}

/* A C library function on doubles: double name(double[, double]); a vectorizable call
 * when vmath.c has a vector variant of it. */
static LLVMValueRef libm(Em *e, const char *name, LLVMValueRef *args, int n)
{
	LLVMValueRef v = cpu_vmath_call(e->c, e->m, e->b, name, (void **)args, n);
	if (v)
		return v;
	LLVMTypeRef d = f64t(e), ps[2] = {d, d};
	LLVMTypeRef fty = LLVMFunctionType(d, ps, (unsigned)n, 0);
	LLVMValueRef fn = LLVMGetNamedFunction(e->m, name);
	if (!fn)
		fn = LLVMAddFunction(e->m, name, fty);
	return LLVMBuildCall2(e->b, fty, fn, args, (unsigned)n, "");
}

/* Computes name(x[, y]) in double and rounds once to t (the interpreter's definition). */
static LLVMValueRef via_double(Em *e, DType t, const char *name, LLVMValueRef x, LLVMValueRef y)
{
	LLVMValueRef a[2] = {x, y};
	int n = y ? 2 : 1;
	if (t == DT_F32)
		for (int i = 0; i < n; i++)
			a[i] = LLVMBuildFPExt(e->b, a[i], f64t(e), "");
	LLVMValueRef r = libm(e, name, a, n);
	return t == DT_F32 ? LLVMBuildFPTrunc(e->b, r, reg_type(e, t), "") : r;
}

/* ---- index arithmetic ---- */

static LLVMValueRef linear(Em *e, const TType *t, const LLVMValueRef *idx)
{
	LLVMValueRef off = ci64(e, 0);
	int64_t stride = 1;
	for (int d = t->rank - 1; d >= 0; d--) {
		if (t->dims[d] != 1)
			off = LLVMBuildNSWAdd(e->b, off, LLVMBuildNSWMul(e->b, idx[d], ci64(e, stride), ""), "");
		stride *= t->dims[d];
	}
	return off;
}

static LLVMValueRef smax(Em *e, LLVMValueRef a, LLVMValueRef b) { return intrinsic2(e, "llvm.smax", a, b); }
static LLVMValueRef smin(Em *e, LLVMValueRef a, LLVMValueRef b) { return intrinsic2(e, "llvm.smin", a, b); }

static LLVMValueRef clamp_index(Em *e, LLVMValueRef i, int64_t lo, int64_t hi)
{
	return smin(e, smax(e, i, ci64(e, lo)), ci64(e, hi));
}

/* A 0-d integer value (a start index) as i64, sign- or zero-extended by its type. */
static LLVMValueRef scalar_index(Em *e, int v)
{
	LLVMValueRef x = val(e, v, NULL);
	DType t = vt(e, v)->dt;
	if (dtype_bits(t) == 64)
		return x;
	return is_signed_int(t) ? LLVMBuildSExt(e->b, x, e->i64, "") : LLVMBuildZExt(e->b, x, e->i64, "");
}

/* Component k of the index vector of indices value v at batch position batch (the
 * indices' dimensions without index_vector_dim ivd), as i64. */
static LLVMValueRef index_component(Em *e, int v, int64_t ivd, int64_t k, const LLVMValueRef *batch)
{
	const TType *it = vt(e, v);
	Idx ii;
	for (int d = 0, j = 0; d < it->rank; d++)
		ii[d] = d == ivd ? ci64(e, k) : batch[j++];
	LLVMValueRef x = val(e, v, ii);
	if (dtype_bits(it->dt) == 64)
		return x;
	return is_signed_int(it->dt) ? LLVMBuildSExt(e->b, x, e->i64, "") : LLVMBuildZExt(e->b, x, e->i64, "");
}

/* ---- loads and stores ---- */

static int input_slot(Em *e, int v)
{
	for (int i = 0; i < e->fu->ninputs; i++)
		if (e->fu->inputs[i] == v)
			return i;
	die("emit: value %d is not an input of fusion %d", v, e->fu->id);
}

static LLVMValueRef load_at(Em *e, int v, LLVMValueRef off)
{
	DType t = vt(e, v)->dt;
	LLVMTypeRef mt = mem_type(e, t);
	LLVMValueRef p = LLVMBuildInBoundsGEP2(e->b, mt, e->in[input_slot(e, v)], &off, 1, "");
	LLVMValueRef x = LLVMBuildLoad2(e->b, mt, p, "");
	VEC_PUSH(e->loads, x);
	VEC_PUSH(e->data, cpu_value_step(e->f, v, &e->vsteps));
	return t == DT_I1 ? LLVMBuildICmp(e->b, LLVMIntNE, x, LLVMConstInt(e->i8, 0, 0), "") : x;
}

static void store_at(Em *e, DType t, LLVMValueRef off, LLVMValueRef x)
{
	LLVMTypeRef mt = mem_type(e, t);
	if (t == DT_I1)
		x = LLVMBuildZExt(e->b, x, e->i8, "");
	LLVMValueRef p = LLVMBuildInBoundsGEP2(e->b, mt, e->out, &off, 1, "");
	VEC_PUSH(e->stores, LLVMBuildStore(e->b, x, p));
}

static LLVMValueRef out_scope(Em *e)
{
	LLVMMetadataRef dom_id = LLVMMDStringInContext2(e->c, "c2h.fusion", 10);
	LLVMMetadataRef dom = LLVMMDNodeInContext2(e->c, &dom_id, 1);
	LLVMMetadataRef ops[2] = {LLVMMDStringInContext2(e->c, "c2h.out", 7), dom};
	LLVMMetadataRef scope = LLVMMDNodeInContext2(e->c, ops, 2);
	return LLVMMetadataAsValue(e->c, LLVMMDNodeInContext2(e->c, &scope, 1));
}

/* ---- element-wise semantics ---- */

static LLVMValueRef signbit_of(Em *e, DType t, LLVMValueRef x)
{
	LLVMTypeRef it = t == DT_F32 ? LLVMInt32TypeInContext(e->c) : e->i64;
	LLVMValueRef bits = LLVMBuildBitCast(e->b, x, it, "");
	return LLVMBuildICmp(e->b, LLVMIntSLT, bits, LLVMConstInt(it, 0, 0), "");
}

/* maximum / minimum: NaN propagates (x + y), -0 < +0 (interp_ew.c FMAX / FMIN). */
static LLVMValueRef float_maxmin(Em *e, DType t, LLVMValueRef x, LLVMValueRef y, int is_max)
{
	LLVMBuilderRef b = e->b;
	LLVMValueRef uno = LLVMBuildFCmp(b, LLVMRealUNO, x, y, "");
	LLVMValueRef gt = LLVMBuildFCmp(b, LLVMRealOGT, x, y, ""), lt = LLVMBuildFCmp(b, LLVMRealOLT, x, y, "");
	LLVMValueRef sb = signbit_of(e, t, x);
	LLVMValueRef r;
	if (is_max) {
		r = LLVMBuildSelect(b, sb, y, x, "");
		r = LLVMBuildSelect(b, lt, y, r, "");
		r = LLVMBuildSelect(b, gt, x, r, "");
	} else {
		r = LLVMBuildSelect(b, sb, x, y, "");
		r = LLVMBuildSelect(b, gt, y, r, "");
		r = LLVMBuildSelect(b, lt, x, r, "");
	}
	return LLVMBuildSelect(b, uno, LLVMBuildFAdd(b, x, y, ""), r, "");
}

static LLVMValueRef float_binary(Em *e, TOpKind k, DType t, LLVMValueRef x, LLVMValueRef y)
{
	if (small(t) && f32_op(k))
		return enc(e, t, float_binary(e, k, DT_F32, dec(e, t, x), dec(e, t, y)));
	if (small(t)) {
		LLVMValueRef xd = LLVMBuildFPExt(e->b, dec(e, t, x), f64t(e), "");
		return enc64(e, t, float_binary(e, k, DT_F64, xd, LLVMBuildFPExt(e->b, dec(e, t, y), f64t(e), "")));
	}
	switch (k) {
	case TOP_ADD: return LLVMBuildFAdd(e->b, x, y, "");
	case TOP_SUBTRACT: return LLVMBuildFSub(e->b, x, y, "");
	case TOP_MULTIPLY: return LLVMBuildFMul(e->b, x, y, "");
	case TOP_DIVIDE: return LLVMBuildFDiv(e->b, x, y, "");
	case TOP_REMAINDER: return via_double(e, t, "fmod", x, y);
	case TOP_POWER: return via_double(e, t, "pow", x, y);
	case TOP_ATAN2: return via_double(e, t, "atan2", x, y);
	case TOP_MAXIMUM: return float_maxmin(e, t, x, y, 1);
	case TOP_MINIMUM: return float_maxmin(e, t, x, y, 0);
	default: die("emit: float %s", tir_op_name(k));
	}
}

/* The quotient of integers of at most 32 bits (y not 0, and not -1 when signed),
 * truncated toward zero, computed in double: exact, since |x|, |y| < 2^32 make the
 * correctly rounded x/y miss the next integer by far more than its rounding error (a
 * non-integral |x/y| is at least 1/|y| from an integer, its error below 2^-21/|y|), and
 * the loop vectorizer widens it (x86 has no vector integer division; sdiv/udiv stay
 * scalar, one at a time). */
static LLVMValueRef div_via_double(Em *e, int sg, LLVMValueRef x, LLVMValueRef y)
{
	LLVMBuilderRef b = e->b;
	LLVMTypeRef ty = LLVMTypeOf(x), d = f64t(e);
	LLVMValueRef xd = sg ? LLVMBuildSIToFP(b, x, d, "") : LLVMBuildUIToFP(b, x, d, "");
	LLVMValueRef yd = sg ? LLVMBuildSIToFP(b, y, d, "") : LLVMBuildUIToFP(b, y, d, "");
	LLVMValueRef q = LLVMBuildFDiv(b, xd, yd, "");
	return sg ? LLVMBuildFPToSI(b, q, ty, "") : LLVMBuildFPToUI(b, q, ty, "");
}

/* Is x computed before the loops (a 0-d input, loaded in the entry block)? */
static int in_entry(Em *e, LLVMValueRef x)
{
	return LLVMIsAInstruction(x) && LLVMGetInstructionParent(x) == LLVMGetEntryBasicBlock(e->fn);
}

/* Puts the builder in the entry block, before its branch into the loops when it has one;
 * returns the block to go back to. */
static LLVMBasicBlockRef to_entry(Em *e)
{
	LLVMBasicBlockRef here = LLVMGetInsertBlock(e->b), entry = LLVMGetEntryBasicBlock(e->fn);
	LLVMValueRef term = LLVMGetBasicBlockTerminator(entry);
	if (term)
		LLVMPositionBuilderBefore(e->b, term);
	else
		LLVMPositionBuilderAtEnd(e->b, entry);
	return here;
}

/* Unsigned 32-bit division by a divisor d (1 <= d < 2^32) known before the loops, as a
 * multiply: with l = ceil(log2 d) and m = floor(2^32 (2^l - d) / d) + 1 (< 2^32), computed
 * once in the entry block, x / d = (t + ((x - t) >> min(l, 1))) >> max(l - 1, 0) where
 * t = (m x) >> 32 (Granlund and Montgomery, "Division by invariant integers using
 * multiplication", PLDI 1994, section 4), exact for every 32-bit x. Per element that is
 * a 32x32->64 multiply and shifts, which vectorize (vpmuludq), where the division in
 * double costs a vdivpd: a loop of two such divisions per element took half the time
 * (HeCBench bitonic-sort divides by its scalar parameters in every nest; docs/benchmarks.md).
 * The builder must stand in the loops. */
static LLVMValueRef udiv_invariant(Em *e, LLVMValueRef x, LLVMValueRef d)
{
	LLVMBuilderRef b = e->b;
	LLVMTypeRef i32 = LLVMInt32TypeInContext(e->c);
	LLVMBasicBlockRef here = to_entry(e);
	LLVMValueRef dm1 = LLVMBuildSub(b, d, LLVMConstInt(i32, 1, 0), "");
	LLVMValueRef a[2] = {dm1, LLVMConstInt(e->i1, 0, 0)};
	LLVMValueRef l = LLVMBuildSub(b, LLVMConstInt(i32, 32, 0), call_intrinsic(e, "llvm.ctlz", &i32, 1, a, 2), "");
	LLVMValueRef l64 = LLVMBuildZExt(b, l, e->i64, ""), d64 = LLVMBuildZExt(b, d, e->i64, "");
	LLVMValueRef pow2 = LLVMBuildShl(b, ci64(e, 1), l64, "");
	LLVMValueRef num = LLVMBuildShl(b, LLVMBuildSub(b, pow2, d64, ""), ci64(e, 32), "");
	LLVMValueRef m = LLVMBuildAdd(b, LLVMBuildUDiv(b, num, d64, ""), ci64(e, 1), "");
	/* m < 2^32: said with a zext, so the multiply below is a 32x32->64 one */
	m = LLVMBuildZExt(b, LLVMBuildTrunc(b, m, i32, ""), e->i64, "");
	LLVMValueRef one = LLVMConstInt(i32, 1, 0), zero = LLVMConstInt(i32, 0, 0);
	LLVMValueRef s1 = intrinsic2(e, "llvm.umin", l, one);
	LLVMValueRef s2 = intrinsic2(e, "llvm.smax", LLVMBuildSub(b, l, one, ""), zero);
	LLVMPositionBuilderAtEnd(b, here);
	LLVMValueRef mx = LLVMBuildMul(b, LLVMBuildZExt(b, x, e->i64, ""), m, "");
	LLVMValueRef t = LLVMBuildTrunc(b, LLVMBuildLShr(b, mx, ci64(e, 32), ""), i32, "");
	LLVMValueRef q = LLVMBuildAdd(b, t, LLVMBuildLShr(b, LLVMBuildSub(b, x, t, ""), s1, ""), "");
	return LLVMBuildLShr(b, q, s2, "");
}

/* Signed 32-bit division truncating toward zero by an invariant d (not 0, not -1): the
 * unsigned quotient of the magnitudes (|INT_MIN| = 2^31 as unsigned), negated when the
 * signs differ. */
static LLVMValueRef sdiv_invariant(Em *e, LLVMValueRef x, LLVMValueRef d)
{
	LLVMBuilderRef b = e->b;
	LLVMValueRef zero = LLVMConstInt(LLVMTypeOf(x), 0, 0);
	LLVMBasicBlockRef here = to_entry(e);
	LLVMValueRef dneg = LLVMBuildICmp(b, LLVMIntSLT, d, zero, "");
	LLVMValueRef dabs = LLVMBuildSelect(b, dneg, LLVMBuildSub(b, zero, d, ""), d, "");
	LLVMPositionBuilderAtEnd(b, here);
	LLVMValueRef xneg = LLVMBuildICmp(b, LLVMIntSLT, x, zero, "");
	LLVMValueRef xabs = LLVMBuildSelect(b, xneg, LLVMBuildSub(b, zero, x, ""), x, "");
	LLVMValueRef q = udiv_invariant(e, xabs, dabs);
	return LLVMBuildSelect(b, LLVMBuildXor(b, xneg, dneg, ""), LLVMBuildSub(b, zero, q, ""), q, "");
}

static LLVMValueRef int_divrem(Em *e, TOpKind k, DType t, LLVMValueRef x, LLVMValueRef y)
{
	LLVMBuilderRef b = e->b;
	LLVMTypeRef ty = reg_type(e, t);
	/* a 32-bit divisor computed before the loops: its guards and a multiplier there */
	int inv = dtype_bits(t) == 32 && in_entry(e, y);
	LLVMBasicBlockRef here = inv ? to_entry(e) : NULL;
	LLVMValueRef zero = LLVMConstInt(ty, 0, 0), one = LLVMConstInt(ty, 1, 0), ones = LLVMConstAllOnes(ty);
	LLVMValueRef isz = LLVMBuildICmp(b, LLVMIntEQ, y, zero, "");
	LLVMValueRef m1 = is_signed_int(t) ? LLVMBuildICmp(b, LLVMIntEQ, y, ones, "") : NULL;
	LLVMValueRef ys = LLVMBuildSelect(b, m1 ? LLVMBuildOr(b, isz, m1, "") : isz, one, y, "");
	if (inv) {
		LLVMPositionBuilderAtEnd(b, here);
		LLVMValueRef q = is_signed_int(t) ? sdiv_invariant(e, x, ys) : udiv_invariant(e, x, ys);
		if (k == TOP_DIVIDE) {
			if (m1)   /* y == -1: -x, wrapping INT_MIN to itself */
				q = LLVMBuildSelect(b, m1, LLVMBuildSub(b, zero, x, ""), q, "");
			return LLVMBuildSelect(b, isz, ones, q, "");
		}
		LLVMValueRef r = LLVMBuildSub(b, x, LLVMBuildMul(b, q, ys, ""), "");
		if (m1)
			r = LLVMBuildSelect(b, m1, zero, r, "");
		return LLVMBuildSelect(b, isz, x, r, "");
	}
	/* by a constant, LLVM multiplies by its inverse, which is faster still */
	int in_double = dtype_bits(t) <= 32 && !LLVMIsConstant(y);
	if (!is_signed_int(t)) {
		LLVMValueRef q = in_double ? div_via_double(e, 0, x, ys) : LLVMBuildUDiv(b, x, ys, "");
		if (k == TOP_DIVIDE)
			return LLVMBuildSelect(b, isz, ones, q, "");
		LLVMValueRef r = in_double ? LLVMBuildSub(b, x, LLVMBuildMul(b, q, ys, ""), "") : LLVMBuildURem(b, x, ys, "");
		return LLVMBuildSelect(b, isz, x, r, "");
	}
	if (k == TOP_DIVIDE) {
		/* y == -1 (with ys = 1): the quotient is -x, wrapping INT_MIN to itself */
		LLVMValueRef d = in_double ? div_via_double(e, 1, x, ys) : LLVMBuildSDiv(b, x, ys, "");
		LLVMValueRef q = LLVMBuildSelect(b, m1, LLVMBuildSub(b, zero, x, ""), d, "");
		return LLVMBuildSelect(b, isz, ones, q, "");
	}
	LLVMValueRef rm = in_double ? LLVMBuildSub(b, x, LLVMBuildMul(b, div_via_double(e, 1, x, ys), ys, ""), "")
	                             : LLVMBuildSRem(b, x, ys, "");
	LLVMValueRef r = LLVMBuildSelect(b, m1, zero, rm, "");
	return LLVMBuildSelect(b, isz, x, r, "");
}

static LLVMValueRef int_shift(Em *e, TOpKind k, DType t, LLVMValueRef x, LLVMValueRef y)
{
	LLVMBuilderRef b = e->b;
	LLVMTypeRef ty = reg_type(e, t);
	int bits = dtype_bits(t);
	LLVMValueRef big = LLVMBuildICmp(b, LLVMIntUGE, y, LLVMConstInt(ty, (unsigned)bits, 0), "");
	LLVMValueRef zero = LLVMConstInt(ty, 0, 0);
	/* The shift count is clamped, so the in-range arm is never poison. */
	LLVMValueRef ys = LLVMBuildSelect(b, big, zero, y, "");
	switch (k) {
	case TOP_SHIFT_LEFT: return LLVMBuildSelect(b, big, zero, LLVMBuildShl(b, x, ys, ""), "");
	case TOP_SHIFT_RIGHT_LOGICAL: return LLVMBuildSelect(b, big, zero, LLVMBuildLShr(b, x, ys, ""), "");
	default: {
		LLVMValueRef fill = LLVMBuildAShr(b, x, LLVMConstInt(ty, (unsigned)bits - 1, 0), "");
		return LLVMBuildSelect(b, big, fill, LLVMBuildAShr(b, x, ys, ""), "");
	}
	}
}

static LLVMValueRef int_binary(Em *e, TOpKind k, DType t, LLVMValueRef x, LLVMValueRef y)
{
	LLVMBuilderRef b = e->b;
	int sg = is_signed_int(t);
	if (t == DT_I1) {
		switch (k) {
		case TOP_AND: case TOP_MULTIPLY: case TOP_MINIMUM: return LLVMBuildAnd(b, x, y, "");
		case TOP_OR: case TOP_ADD: case TOP_MAXIMUM: return LLVMBuildOr(b, x, y, "");
		case TOP_XOR: return LLVMBuildXor(b, x, y, "");
		default: die("emit: i1 %s", tir_op_name(k));
		}
	}
	switch (k) {
	case TOP_ADD: return LLVMBuildAdd(b, x, y, "");
	case TOP_SUBTRACT: return LLVMBuildSub(b, x, y, "");
	case TOP_MULTIPLY: return LLVMBuildMul(b, x, y, "");
	case TOP_DIVIDE: case TOP_REMAINDER: return int_divrem(e, k, t, x, y);
	case TOP_MAXIMUM: return intrinsic2(e, sg ? "llvm.smax" : "llvm.umax", x, y);
	case TOP_MINIMUM: return intrinsic2(e, sg ? "llvm.smin" : "llvm.umin", x, y);
	case TOP_AND: return LLVMBuildAnd(b, x, y, "");
	case TOP_OR: return LLVMBuildOr(b, x, y, "");
	case TOP_XOR: return LLVMBuildXor(b, x, y, "");
	case TOP_SHIFT_LEFT: case TOP_SHIFT_RIGHT_LOGICAL: case TOP_SHIFT_RIGHT_ARITHMETIC:
		return int_shift(e, k, t, x, y);
	default: die("emit: int %s", tir_op_name(k));
	}
}

static LLVMValueRef float_unary(Em *e, TOpKind k, DType t, LLVMValueRef x)
{
	LLVMBuilderRef b = e->b;
	if (small(t) && f32_op(k)) {
		LLVMValueRef r = float_unary(e, k, DT_F32, dec(e, t, x));
		return k == TOP_IS_FINITE ? r : enc(e, t, r);
	}
	if (small(t))
		return enc64(e, t, float_unary(e, k, DT_F64, LLVMBuildFPExt(b, dec(e, t, x), f64t(e), "")));
	switch (k) {
	case TOP_NEGATE: return LLVMBuildFNeg(b, x, "");
	case TOP_ABS: return intrinsic1(e, "llvm.fabs", x);
	case TOP_SIGN: {
		LLVMValueRef z = const_float(e, t, 0);
		LLVMValueRef r = LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealOLT, x, z, ""), const_float(e, t, -1), x, "");
		return LLVMBuildSelect(b, LLVMBuildFCmp(b, LLVMRealOGT, x, z, ""), const_float(e, t, 1), r, "");
	}
	case TOP_FLOOR: return intrinsic1(e, "llvm.floor", x);
	case TOP_CEIL: return intrinsic1(e, "llvm.ceil", x);
	case TOP_ROUND_NEAREST_AFZ: return intrinsic1(e, "llvm.round", x);
	case TOP_ROUND_NEAREST_EVEN: return intrinsic1(e, "llvm.roundeven", x);
	case TOP_SQRT: return intrinsic1(e, "llvm.sqrt", x);
	case TOP_RSQRT: {
		LLVMValueRef d = t == DT_F32 ? LLVMBuildFPExt(b, x, f64t(e), "") : x;
		d = LLVMBuildFDiv(b, LLVMConstReal(f64t(e), 1.0), intrinsic1(e, "llvm.sqrt", d), "");
		return t == DT_F32 ? LLVMBuildFPTrunc(b, d, reg_type(e, t), "") : d;
	}
	case TOP_LOGISTIC: {
		LLVMValueRef d = t == DT_F32 ? LLVMBuildFPExt(b, x, f64t(e), "") : x;
		LLVMValueRef ex = libm(e, "exp", (LLVMValueRef[]){LLVMBuildFNeg(b, d, "")}, 1);
		LLVMValueRef one = LLVMConstReal(f64t(e), 1.0);
		d = LLVMBuildFDiv(b, one, LLVMBuildFAdd(b, one, ex, ""), "");
		return t == DT_F32 ? LLVMBuildFPTrunc(b, d, reg_type(e, t), "") : d;
	}
	case TOP_IS_FINITE:
		return LLVMBuildFCmp(b, LLVMRealOLT, intrinsic1(e, "llvm.fabs", x), const_float(e, t, INFINITY), "");
	default: break;
	}
	static const struct { TOpKind k; const char *fn; } lib[] = {
		{TOP_EXPONENTIAL, "exp"}, {TOP_EXPONENTIAL_MINUS_ONE, "expm1"}, {TOP_LOG, "log"},
		{TOP_LOG_PLUS_ONE, "log1p"}, {TOP_CBRT, "cbrt"}, {TOP_SINE, "sin"}, {TOP_COSINE, "cos"},
		{TOP_TAN, "tan"}, {TOP_TANH, "tanh"},
	};
	for (size_t i = 0; i < sizeof lib / sizeof *lib; i++)
		if (lib[i].k == k)
			return via_double(e, t, lib[i].fn, x, NULL);
	die("emit: float %s", tir_op_name(k));
}

static LLVMValueRef int_unary(Em *e, TOpKind k, DType t, LLVMValueRef x)
{
	LLVMBuilderRef b = e->b;
	LLVMTypeRef ty = reg_type(e, t);
	LLVMValueRef zero = LLVMConstInt(ty, 0, 0);
	if (t == DT_I1)
		return LLVMBuildXor(b, x, LLVMConstInt(ty, 1, 0), "");   /* not */
	switch (k) {
	case TOP_NEGATE: return LLVMBuildSub(b, zero, x, "");
	case TOP_ABS:
		if (!is_signed_int(t))
			return x;
		return LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSLT, x, zero, ""), LLVMBuildSub(b, zero, x, ""), x, "");
	case TOP_SIGN:
		if (!is_signed_int(t))
			return LLVMBuildZExt(b, LLVMBuildICmp(b, LLVMIntNE, x, zero, ""), ty, "");
		return LLVMBuildSub(b, LLVMBuildZExt(b, LLVMBuildICmp(b, LLVMIntSGT, x, zero, ""), ty, ""),
		                    LLVMBuildZExt(b, LLVMBuildICmp(b, LLVMIntSLT, x, zero, ""), ty, ""), "");
	case TOP_NOT: return LLVMBuildNot(b, x, "");
	case TOP_POPCNT: return intrinsic1(e, "llvm.ctpop", x);
	case TOP_COUNT_LEADING_ZEROS: return intrinsic2(e, "llvm.ctlz", x, LLVMConstInt(e->i1, 0, 0));
	default: die("emit: int %s", tir_op_name(k));
	}
}

static LLVMValueRef compare(Em *e, const TOp *op, DType t, LLVMValueRef x, LLVMValueRef y)
{
	TCmpDir d = tir_op_attr(op, "comparison_direction")->u.cmp_dir;
	if (small(t)) {
		x = dec(e, t, x);
		y = dec(e, t, y);
	}
	if (dtype_is_float(t)) {
		static const LLVMRealPredicate fp[] = {LLVMRealOEQ, LLVMRealUNE, LLVMRealOGE, LLVMRealOGT,
		                                       LLVMRealOLE, LLVMRealOLT};
		return LLVMBuildFCmp(e->b, fp[d], x, y, "");
	}
	TAttr *ta = tir_op_attr(op, "compare_type");
	TCmpType ct = ta ? ta->u.cmp_type : CT_NOTYPE;
	int uns = ct == CT_UNSIGNED || (ct != CT_SIGNED && dtype_kind(t) != DK_INT);
	static const LLVMIntPredicate sp[] = {LLVMIntEQ, LLVMIntNE, LLVMIntSGE, LLVMIntSGT, LLVMIntSLE, LLVMIntSLT};
	static const LLVMIntPredicate up[] = {LLVMIntEQ, LLVMIntNE, LLVMIntUGE, LLVMIntUGT, LLVMIntULE, LLVMIntULT};
	return LLVMBuildICmp(e->b, uns ? up[d] : sp[d], x, y, "");
}

static LLVMValueRef convert(Em *e, DType from, DType to, LLVMValueRef x)
{
	LLVMBuilderRef b = e->b;
	LLVMTypeRef tt = reg_type(e, to);
	if (from == to)
		return x;
	if (small(from))   /* exact */
		return convert(e, DT_F32, to, dec(e, from, x));
	if (small(to))     /* one rounding; integers are exact in double (plan.c: none wider
	                      than 53 bits to bf16, and f16 overflows at 65520) */
		return from == DT_F32 ? enc(e, to, x) : enc64(e, to, convert(e, from, DT_F64, x));
	int ff = dtype_is_float(from), tf = dtype_is_float(to);
	if (to == DT_I1)
		return ff ? LLVMBuildFCmp(b, LLVMRealUNE, x, const_float(e, from, 0), "")
		          : LLVMBuildICmp(b, LLVMIntNE, x, const_int(e, from, 0), "");
	if (ff && tf)
		return dtype_bits(to) > dtype_bits(from) ? LLVMBuildFPExt(b, x, tt, "") : LLVMBuildFPTrunc(b, x, tt, "");
	if (ff) {
		LLVMTypeRef tys[2] = {tt, LLVMTypeOf(x)};
		return call_intrinsic(e, is_signed_int(to) ? "llvm.fptosi.sat" : "llvm.fptoui.sat", tys, 2, &x, 1);
	}
	int sg = is_signed_int(from);
	if (tf)
		return sg ? LLVMBuildSIToFP(b, x, tt, "") : LLVMBuildUIToFP(b, x, tt, "");
	int fb = from == DT_I1 ? 1 : dtype_bits(from), tb = dtype_bits(to);
	if (tb == fb)
		return x;
	if (tb < fb)
		return LLVMBuildTrunc(b, x, tt, "");
	return sg ? LLVMBuildSExt(b, x, tt, "") : LLVMBuildZExt(b, x, tt, "");
}

static LLVMValueRef maxmin(Em *e, DType t, LLVMValueRef x, LLVMValueRef y, int is_max)
{
	TOpKind k = is_max ? TOP_MAXIMUM : TOP_MINIMUM;
	return dtype_is_float(t) ? float_binary(e, k, t, x, y) : int_binary(e, k, t, x, y);
}

/* ---- ops at an index of their result ---- */

static LLVMValueRef splat_constant(Em *e, const TOp *op, DType t)
{
	const TAttr *a = tir_op_attr(op, "value");
	if (small(t)) {   /* the raw bits (a NaN's payload too) */
		uint16_t h;
		memcpy(&h, a->u.dense.data, 2);
		return const_int(e, t, h);
	}
	if (dtype_is_float(t))
		return const_float(e, t, tir_elem_get_f(t, a->u.dense.data));
	return const_int(e, t, tir_elem_get_i(t, a->u.dense.data));
}

/* Operand k at idx, or at no index when it is 0-d (scalar operands of select/clamp). */
static LLVMValueRef operand_at(Em *e, const TOp *op, int k, const LLVMValueRef *idx)
{
	int v = op->operands[k];
	return val(e, v, vt(e, v)->rank ? idx : NULL);
}

static LLVMValueRef emit_reshape(Em *e, const TOp *op, const LLVMValueRef *idx)
{
	int w = op->operands[0];
	LLVMValueRef lin = linear(e, vt(e, op->results[0]), idx);
	if (!e->fu->inlined[w])
		return load_at(e, w, lin);
	const TType *ot = vt(e, w);
	Idx oi;
	for (int d = ot->rank - 1; d >= 0; d--) {
		LLVMValueRef n = ci64(e, ot->dims[d]);
		oi[d] = d ? LLVMBuildURem(e->b, lin, n, "") : lin;
		if (d)
			lin = LLVMBuildUDiv(e->b, lin, n, "");
	}
	return val(e, w, oi);
}

static LLVMValueRef emit_broadcast(Em *e, const TOp *op, const LLVMValueRef *idx)
{
	const TType *ot = vt(e, op->operands[0]);
	TInts bd = tir_op_get_ints(op, "broadcast_dimensions");
	Idx oi;
	for (int k = 0; k < ot->rank; k++)
		oi[k] = ot->dims[k] == 1 ? ci64(e, 0) : idx[bd.v[k]];
	return val(e, op->operands[0], oi);
}

static LLVMValueRef emit_slice(Em *e, const TOp *op, const LLVMValueRef *idx)
{
	TInts st = tir_op_get_ints(op, "start_indices"), sd = tir_op_get_ints(op, "strides");
	const TType *rt = vt(e, op->results[0]);
	Idx oi;
	for (int d = 0; d < rt->rank; d++) {
		LLVMValueRef i = idx[d];
		if (sd.n && sd.v[d] != 1)
			i = LLVMBuildNSWMul(e->b, i, ci64(e, sd.v[d]), "");
		oi[d] = LLVMBuildNSWAdd(e->b, i, ci64(e, st.v[d]), "");
	}
	return val(e, op->operands[0], oi);
}

static LLVMValueRef emit_dynamic_slice(Em *e, const TOp *op, const LLVMValueRef *idx)
{
	const TType *ot = vt(e, op->operands[0]), *rt = vt(e, op->results[0]);
	Idx oi;
	for (int d = 0; d < rt->rank; d++) {
		LLVMValueRef s = clamp_index(e, scalar_index(e, op->operands[1 + d]), 0, ot->dims[d] - rt->dims[d]);
		oi[d] = LLVMBuildNSWAdd(e->b, idx[d], s, "");
	}
	return val(e, op->operands[0], oi);
}

static LLVMValueRef emit_transpose(Em *e, const TOp *op, const LLVMValueRef *idx)
{
	TInts perm = tir_op_get_ints(op, "permutation");
	Idx oi;
	for (int i = 0; i < perm.n; i++)
		oi[perm.v[i]] = idx[i];
	return val(e, op->operands[0], oi);
}

static LLVMValueRef emit_reverse(Em *e, const TOp *op, const LLVMValueRef *idx)
{
	const TType *rt = vt(e, op->results[0]);
	TInts dims = tir_op_get_ints(op, "dimensions");
	Idx oi;
	for (int d = 0; d < rt->rank; d++)
		oi[d] = idx[d];
	for (int i = 0; i < dims.n; i++) {
		int d = (int)dims.v[i];
		oi[d] = LLVMBuildNSWSub(e->b, ci64(e, rt->dims[d] - 1), idx[d], "");
	}
	return val(e, op->operands[0], oi);
}

/* pad with interior 0: reads at clamped indices, then selects the padding value. */
static LLVMValueRef emit_pad(Em *e, const TOp *op, const LLVMValueRef *idx)
{
	const TType *ot = vt(e, op->operands[0]), *rt = vt(e, op->results[0]);
	TInts lo = tir_op_get_ints(op, "edge_padding_low");
	LLVMValueRef inside = LLVMConstInt(e->i1, 1, 0);
	Idx oi;
	for (int d = 0; d < rt->rank; d++) {
		LLVMValueRef j = LLVMBuildNSWSub(e->b, idx[d], ci64(e, lo.v[d]), "");
		LLVMValueRef in = LLVMBuildICmp(e->b, LLVMIntULT, j, ci64(e, ot->dims[d]), "");
		inside = LLVMBuildAnd(e->b, inside, in, "");
		oi[d] = clamp_index(e, j, 0, ot->dims[d] - 1);
	}
	LLVMValueRef x = val(e, op->operands[0], oi), pv = val(e, op->operands[1], NULL);
	return LLVMBuildSelect(e->b, inside, x, pv, "");
}

static LLVMValueRef emit_concatenate(Em *e, const TOp *op, const LLVMValueRef *idx)
{
	const TType *rt = vt(e, op->results[0]);
	int c = (int)tir_op_get_int(op, "dimension", 0);
	int64_t off[64];
	int n = op->noperands < 64 ? op->noperands : 64;
	off[0] = 0;
	for (int k = 1; k < n; k++)
		off[k] = off[k - 1] + vt(e, op->operands[k - 1])->dims[c];
	LLVMValueRef r = NULL;
	for (int k = n - 1; k >= 0; k--) {
		Idx oi;
		memcpy(oi, idx, sizeof(LLVMValueRef) * (size_t)rt->rank);
		int64_t len = vt(e, op->operands[k])->dims[c];
		if (len == 0)
			continue;
		oi[c] = clamp_index(e, LLVMBuildNSWSub(e->b, idx[c], ci64(e, off[k]), ""), 0, len - 1);
		LLVMValueRef x = val(e, op->operands[k], oi);
		r = r ? LLVMBuildSelect(e->b, LLVMBuildICmp(e->b, LLVMIntSLT, idx[c], ci64(e, off[k] + len), ""), x, r, "")
		      : x;
	}
	return r;
}

/* point gather: one operand element per result element, start indices clamped into the
 * operand (StableHLO spec "gather"). */
static LLVMValueRef emit_gather(Em *e, const TOp *op, const LLVMValueRef *idx)
{
	const TGatherDims *g = &tir_op_attr(op, "dimension_numbers")->u.gather;
	const TType *xt = vt(e, op->operands[0]);
	Idx full;
	for (int d = 0; d < xt->rank; d++)
		full[d] = ci64(e, 0);
	for (int k = 0; k < g->start_index_map.n; k++) {
		int64_t d = g->start_index_map.v[k];
		LLVMValueRef s = index_component(e, op->operands[1], g->index_vector_dim, k, idx);
		full[d] = clamp_index(e, s, 0, xt->dims[d] - 1);
	}
	return val(e, op->operands[0], full);
}

static LLVMValueRef emit_iota(Em *e, const TOp *op, const LLVMValueRef *idx)
{
	const TType *rt = vt(e, op->results[0]);
	LLVMValueRef i = rt->rank ? idx[tir_op_get_int(op, "iota_dimension", 0)] : ci64(e, 0);
	if (small(rt->dt))
		return enc64(e, rt->dt, LLVMBuildSIToFP(e->b, i, f64t(e), ""));
	if (dtype_is_float(rt->dt))
		return LLVMBuildSIToFP(e->b, i, reg_type(e, rt->dt), "");
	return dtype_bits(rt->dt) == 64 ? i : LLVMBuildTrunc(e->b, i, reg_type(e, rt->dt), "");
}

static LLVMValueRef emit_op(Em *e, const TOp *op, const LLVMValueRef *idx)
{
	DType rt = vt(e, op->results[0])->dt;
	switch (op->kind) {
	case TOP_CONSTANT: return splat_constant(e, op, rt);
	case TOP_IOTA: return emit_iota(e, op, idx);
	case TOP_BROADCAST_IN_DIM: return emit_broadcast(e, op, idx);
	case TOP_RESHAPE: return emit_reshape(e, op, idx);
	case TOP_SLICE: return emit_slice(e, op, idx);
	case TOP_DYNAMIC_SLICE: return emit_dynamic_slice(e, op, idx);
	case TOP_TRANSPOSE: return emit_transpose(e, op, idx);
	case TOP_REVERSE: return emit_reverse(e, op, idx);
	case TOP_PAD: return emit_pad(e, op, idx);
	case TOP_CONCATENATE: return emit_concatenate(e, op, idx);
	case TOP_GATHER: return emit_gather(e, op, idx);
	case TOP_CONVERT: return convert(e, vt(e, op->operands[0])->dt, rt, val(e, op->operands[0], idx));
	case TOP_SELECT:
		return LLVMBuildSelect(e->b, operand_at(e, op, 0, idx), operand_at(e, op, 1, idx),
		                       operand_at(e, op, 2, idx), "");
	case TOP_CLAMP: {
		LLVMValueRef lo = operand_at(e, op, 0, idx), x = operand_at(e, op, 1, idx), hi = operand_at(e, op, 2, idx);
		return maxmin(e, rt, maxmin(e, rt, x, lo, 1), hi, 0);
	}
	case TOP_COMPARE: {
		DType t = vt(e, op->operands[0])->dt;
		return compare(e, op, t, val(e, op->operands[0], idx), val(e, op->operands[1], idx));
	}
	default: break;
	}
	unsigned fl = tir_op_flags(op->kind);
	DType t = vt(e, op->operands[0])->dt;
	if (fl & OF_BIN) {
		LLVMValueRef x = val(e, op->operands[0], idx), y = val(e, op->operands[1], idx);
		return dtype_is_float(t) ? float_binary(e, op->kind, t, x, y) : int_binary(e, op->kind, t, x, y);
	}
	if (fl & OF_UN) {
		LLVMValueRef x = val(e, op->operands[0], idx);
		return dtype_is_float(t) ? float_unary(e, op->kind, t, x) : int_unary(e, op->kind, t, x);
	}
	die("emit: op %s", tir_op_name(op->kind));
}

/* The memo key of value v at idx in the builder's current block: a value emitted
 * earlier in the same block dominates the insertion point, so it may be reused. */
static void memo_key(Em *e, int v, const LLVMValueRef *idx, char *key, size_t n)
{
	int len = snprintf(key, n, "%d %p", v, (void *)LLVMGetInsertBlock(e->b));
	for (int d = 0; d < vt(e, v)->rank && len > 0 && (size_t)len < n; d++)
		len += snprintf(key + len, n - (size_t)len, " %p", (void *)idx[d]);
}

/* Value v at idx (NULL for 0-d values): inlined values are computed, others loaded, once
 * per block and index (XLA's per-index cache of generated values): a value that several
 * ops of the fusion read at the same index costs one computation. */
static LLVMValueRef val(Em *e, int v, const LLVMValueRef *idx)
{
	LLVMValueRef none[1] = {NULL};
	if (!idx)
		idx = none;
	char key[32 + 20 * TIR_MAX_RANK];
	memo_key(e, v, idx, key, sizeof key);
	LLVMValueRef x = map_get(e->memo, key);
	if (x)
		return x;
	if (e->fu->inlined[v])
		x = emit_op(e, e->f->values[v].def, idx);
	else if (e->in0[input_slot(e, v)])
		x = e->in0[input_slot(e, v)];
	else
		x = load_at(e, v, linear(e, vt(e, v), idx));
	map_put(e->memo, key, x);
	return x;
}

/* ---- loop nests ---- */

typedef struct Loop {
	LLVMBasicBlockRef body, exit;
	LLVMValueRef phi, end;
	int first;                 /* e->nloops at its start: no loop inside when unchanged;
	                              -1 for a loop of one iteration (not an innermost one) */
} Loop;

/* for (i = lo; i < hi; i++): returns i; the body is emitted after this call. */
static LLVMValueRef loop_begin(Em *e, Loop *l, LLVMValueRef lo, LLVMValueRef hi)
{
	LLVMBasicBlockRef pre = LLVMGetInsertBlock(e->b);
	l->body = LLVMAppendBasicBlockInContext(e->c, e->fn, "loop");
	l->exit = LLVMAppendBasicBlockInContext(e->c, e->fn, "done");
	l->end = hi;
	LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntSLT, lo, hi, ""), l->body, l->exit);
	LLVMPositionBuilderAtEnd(e->b, l->body);
	l->phi = LLVMBuildPhi(e->b, e->i64, "i");
	int one = LLVMIsAConstantInt(lo) && LLVMIsAConstantInt(hi) &&
	          LLVMConstIntGetSExtValue(hi) - LLVMConstIntGetSExtValue(lo) == 1;
	l->first = one ? -1 : ++e->nloops;
	LLVMAddIncoming(l->phi, &lo, &pre, 1);
	return l->phi;
}

static void loop_end(Em *e, Loop *l)
{
	LLVMValueRef next = LLVMBuildNSWAdd(e->b, l->phi, ci64(e, 1), "");
	LLVMBasicBlockRef latch = LLVMGetInsertBlock(e->b);
	LLVMAddIncoming(l->phi, &next, &latch, 1);
	LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntSLT, next, l->end, ""), l->body, l->exit);
	LLVMPositionBuilderAtEnd(e->b, l->exit);
	if (l->first >= 0 && e->nloops == l->first)
		VEC_PUSH(e->inner, l->phi);
}

static void range_of(Em *e, const TType *t, int d, LLVMValueRef *lo, LLVMValueRef *hi)
{
	if (d == e->fu->split_dim && !e->fu->partial)
		*lo = e->lo, *hi = e->hi;
	else
		*lo = ci64(e, 0), *hi = ci64(e, t->dims[d]);
}

/* ---- reduce roots: loops over the reduced dimensions inside the output's nest ---- */

static int in_ints(TInts s, int64_t v)
{
	for (int i = 0; i < s.n; i++)
		if (s.v[i] == v)
			return 1;
	return 0;
}

/* acc = acc (op) x. Float add and multiply may be reassociated (a reduction's order is
 * implementation-defined, StableHLO spec "reduce"), which lets LLVM vectorize them. */
static LLVMValueRef combine(Em *e, TOpKind k, DType t, LLVMValueRef acc, LLVMValueRef x)
{
	if (!dtype_is_float(t))
		return int_binary(e, k, t, acc, x);
	LLVMValueRef r = float_binary(e, k, t, acc, x);
	if ((k == TOP_ADD || k == TOP_MULTIPLY) && !small(t))   /* small: rounded per step */
		LLVMSetFastMathFlags(r, LLVMFastMathAllowReassoc);
	return r;
}

static void reduce_loops(Em *e, const TOp *op, TInts dims, int level, LLVMValueRef *iidx)
{
	const TType *it = vt(e, op->operands[0]);
	if (level == dims.n) {
		DType t = it->dt;
		LLVMValueRef x = val(e, op->operands[0], iidx);
		LLVMValueRef a = LLVMBuildLoad2(e->b, reg_type(e, t), e->acc, "");
		TOpKind k = (TOpKind)cpu_reduce_combiner(op);
		LLVMValueRef r = combine(e, k, t, a, x);
		LLVMBuildStore(e->b, r, e->acc);
		if (e->brk) {   /* or reaching all ones, and reaching zero: nothing can change it */
			LLVMValueRef z = k == TOP_OR ? LLVMConstAllOnes(reg_type(e, t)) : LLVMConstInt(reg_type(e, t), 0, 0);
			LLVMBasicBlockRef go = LLVMAppendBasicBlockInContext(e->c, e->fn, "go");
			LLVMBuildCondBr(e->b, LLVMBuildICmp(e->b, LLVMIntEQ, r, z, ""), e->brk, go);
			LLVMPositionBuilderAtEnd(e->b, go);
		}
		return;
	}
	/* the reduced dimensions in increasing order: the innermost runs along memory */
	int64_t d = -1;
	for (int k = 0, seen = 0; k < it->rank; k++)
		if (in_ints(dims, k) && seen++ == level)
			d = k;
	Loop l;
	int split = e->fu->partial && level == 0;   /* partial: this thread's input rows */
	iidx[d] = loop_begin(e, &l, split ? e->lo : ci64(e, 0), split ? e->hi : ci64(e, it->dims[d]));
	if (level == 0 && cpu_reduce_absorbing(op))
		e->brk = l.exit;
	reduce_loops(e, op, dims, level + 1, iidx);
	loop_end(e, &l);
	if (level == 0)
		e->brk = NULL;
}

/* The identity of combiner k on t: the start of a partial reduction. -0.0 is the
 * identity of float addition (x + -0.0 == x for every x, -0.0 included). */
static LLVMValueRef identity(Em *e, TOpKind k, DType t)
{
	int fl = dtype_is_float(t), sg = is_signed_int(t), bits = t == DT_I1 ? 1 : dtype_bits(t);
	LLVMTypeRef ty = reg_type(e, t);
	switch (k) {
	case TOP_ADD: return fl ? const_float(e, t, -0.0) : LLVMConstInt(ty, 0, 0);
	case TOP_MULTIPLY: return fl ? const_float(e, t, 1.0) : LLVMConstInt(ty, 1, 0);
	case TOP_MAXIMUM:
		if (fl)
			return const_float(e, t, -INFINITY);
		return sg ? LLVMConstInt(ty, 1ULL << (bits - 1), 0) : LLVMConstInt(ty, 0, 0);
	case TOP_MINIMUM:
		if (fl)
			return const_float(e, t, INFINITY);
		return sg ? LLVMConstInt(ty, ~0ULL >> (65 - bits), 0) : LLVMConstAllOnes(ty);
	case TOP_AND: return LLVMConstAllOnes(ty);
	default: return LLVMConstInt(ty, 0, 0);   /* or, xor */
	}
}

static LLVMValueRef reduce_at(Em *e, const TOp *op, const LLVMValueRef *oidx)
{
	const TType *it = vt(e, op->operands[0]);
	TInts dims = tir_op_get_ints(op, "dimensions");
	Idx iidx;
	for (int d = 0, k = 0; d < it->rank; d++)
		if (!in_ints(dims, d))
			iidx[d] = oidx[k++];
	DType t = it->dt;
	LLVMValueRef init = e->fu->partial ? identity(e, (TOpKind)cpu_reduce_combiner(op), t) : val(e, op->operands[1], NULL);
	LLVMBuildStore(e->b, init, e->acc);
	reduce_loops(e, op, dims, 0, iidx);
	return LLVMBuildLoad2(e->b, reg_type(e, it->dt), e->acc, "");
}

/* Where operand k of concatenate op starts along its dimension. */
static int64_t concat_offset(Em *e, const TOp *op, int k)
{
	int c = (int)tir_op_get_int(op, "dimension", 0);
	int64_t off = 0;
	for (int j = 0; j < k; j++)
		off += vt(e, op->operands[j])->dims[c];
	return off;
}

/* The loops over t from dimension d. A concatenate root gets, along its dimension, one
 * loop per operand over that operand's part of the range (part: the operand the loops
 * inside compute, -1 above that dimension): each element is then its operand's element,
 * with no clamped index for every operand and no select between them, so the operands'
 * loads stay contiguous and the loop vectorizes. */
static void plain_nest(Em *e, const TType *t, int d, LLVMValueRef *idx, int part)
{
	const TOp *op = e->f->values[e->fu->root].def;
	int c = op->kind == TOP_CONCATENATE ? (int)tir_op_get_int(op, "dimension", 0) : -1;
	if (d == t->rank) {
		LLVMValueRef x;
		if (part >= 0) {
			Idx oi;
			memcpy(oi, idx, sizeof(LLVMValueRef) * (size_t)t->rank);
			oi[c] = LLVMBuildNSWSub(e->b, idx[c], ci64(e, concat_offset(e, op, part)), "");
			x = val(e, op->operands[part], oi);
		} else
			x = op->kind == TOP_REDUCE ? reduce_at(e, op, idx) : emit_op(e, op, idx);
		store_at(e, t->dt, e->fu->partial ? e->lo : linear(e, t, idx), x);
		return;
	}
	LLVMValueRef lo, hi;
	range_of(e, t, d, &lo, &hi);
	if (d == c && op->noperands <= 64) {
		for (int k = 0; k < op->noperands; k++) {
			int64_t off = concat_offset(e, op, k), len = vt(e, op->operands[k])->dims[c];
			if (len == 0)
				continue;
			Loop l;
			idx[d] = loop_begin(e, &l, smax(e, lo, ci64(e, off)), smin(e, hi, ci64(e, off + len)));
			plain_nest(e, t, d + 1, idx, k);
			loop_end(e, &l);
		}
		return;
	}
	Loop l;
	idx[d] = loop_begin(e, &l, lo, hi);
	plain_nest(e, t, d + 1, idx, part);
	loop_end(e, &l);
}

/* dynamic_update_slice root: mode 0 = still inside the update box in the dimensions so
 * far (split this one), 1 = outside (copy the operand). */
typedef struct Dus {
	const TOp *op;
	LLVMValueRef start[TIR_MAX_RANK];
	int64_t size[TIR_MAX_RANK];
} Dus;

static void dus_nest(Em *e, const Dus *u, const TType *t, int d, int mode, LLVMValueRef *idx)
{
	if (d == t->rank) {
		LLVMValueRef x;
		if (mode == 1) {
			x = val(e, u->op->operands[0], idx);
		} else {
			Idx ui;
			for (int k = 0; k < t->rank; k++)
				ui[k] = LLVMBuildNSWSub(e->b, idx[k], u->start[k], "");
			x = val(e, u->op->operands[1], ui);
		}
		store_at(e, t->dt, linear(e, t, idx), x);
		return;
	}
	LLVMValueRef lo, hi;
	range_of(e, t, d, &lo, &hi);
	Loop l;
	if (mode == 1) {
		idx[d] = loop_begin(e, &l, lo, hi);
		dus_nest(e, u, t, d + 1, 1, idx);
		loop_end(e, &l);
		return;
	}
	LLVMValueRef s = u->start[d], end = LLVMBuildNSWAdd(e->b, s, ci64(e, u->size[d]), "");
	if (e->fu->base >= 0) {   /* the output holds the operand already (exec.c): the box only */
		idx[d] = loop_begin(e, &l, smax(e, lo, s), smin(e, hi, end));
		dus_nest(e, u, t, d + 1, 0, idx);
		loop_end(e, &l);
		return;
	}
	/* in place (the output already holds the operand): the copy loops are empty */
	LLVMValueRef bounds[4] = {lo, LLVMBuildSelect(e->b, e->inplace, lo, smin(e, hi, s), ""),
	                          LLVMBuildSelect(e->b, e->inplace, hi, smax(e, lo, end), ""), hi};
	idx[d] = loop_begin(e, &l, lo, bounds[1]);
	dus_nest(e, u, t, d + 1, 1, idx);
	loop_end(e, &l);
	idx[d] = loop_begin(e, &l, smax(e, lo, s), smin(e, hi, end));
	dus_nest(e, u, t, d + 1, 0, idx);
	loop_end(e, &l);
	idx[d] = loop_begin(e, &l, bounds[2], bounds[3]);
	dus_nest(e, u, t, d + 1, 1, idx);
	loop_end(e, &l);
}

static void emit_dus_root(Em *e, const TOp *op, const TType *t)
{
	Dus u = {op, {0}, {0}};
	const TType *ut = vt(e, op->operands[1]);
	for (int d = 0; d < t->rank; d++) {
		u.size[d] = ut->dims[d];
		u.start[d] = clamp_index(e, scalar_index(e, op->operands[2 + d]), 0, t->dims[d] - ut->dims[d]);
	}
	Idx idx;
	dus_nest(e, &u, t, 0, 0, idx);
}

/* ---- point scatter roots: the output already holds the operand (exec.c); the nest runs
 * over the updates in order and stores those whose index is inside the operand ---- */

static void scatter_at(Em *e, const TOp *op, const LLVMValueRef *uidx)
{
	const TScatterDims *s = &tir_op_attr(op, "scatter_dimension_numbers")->u.scatter;
	const TType *xt = vt(e, op->operands[0]);
	Idx full;
	for (int d = 0; d < xt->rank; d++)
		full[d] = ci64(e, 0);
	LLVMValueRef inb = LLVMConstInt(e->i1, 1, 0);
	for (int k = 0; k < s->scatter_dims_to_operand_dims.n; k++) {
		int64_t d = s->scatter_dims_to_operand_dims.v[k];
		full[d] = index_component(e, op->operands[1], s->index_vector_dim, k, uidx);
		inb = LLVMBuildAnd(e->b, inb, LLVMBuildICmp(e->b, LLVMIntULT, full[d], ci64(e, xt->dims[d]), ""), "");
	}
	LLVMBasicBlockRef yes = LLVMAppendBasicBlockInContext(e->c, e->fn, "store");
	LLVMBasicBlockRef next = LLVMAppendBasicBlockInContext(e->c, e->fn, "skip");
	LLVMBuildCondBr(e->b, inb, yes, next);
	LLVMPositionBuilderAtEnd(e->b, yes);
	LLVMValueRef off = linear(e, xt, full), x = val(e, op->operands[2], uidx);
	int k = cpu_region_combiner(op->regions[0]);
	if (k != CPU_REPLACE) {
		DType t = xt->dt;
		LLVMTypeRef mt = mem_type(e, t);
		LLVMValueRef old = LLVMBuildLoad2(e->b, mt, LLVMBuildInBoundsGEP2(e->b, mt, e->out, &off, 1, ""), "");
		if (t == DT_I1)
			old = LLVMBuildICmp(e->b, LLVMIntNE, old, LLVMConstInt(e->i8, 0, 0), "");
		x = dtype_is_float(t) ? float_binary(e, (TOpKind)k, t, old, x) : int_binary(e, (TOpKind)k, t, old, x);
	}
	store_at(e, xt->dt, off, x);
	LLVMBuildBr(e->b, next);
	LLVMPositionBuilderAtEnd(e->b, next);
}

static void scatter_nest(Em *e, const TOp *op, const TType *ut, int d, LLVMValueRef *idx)
{
	if (d == ut->rank) {
		scatter_at(e, op, idx);
		return;
	}
	Loop l;
	idx[d] = loop_begin(e, &l, ci64(e, 0), ci64(e, ut->dims[d]));
	scatter_nest(e, op, ut, d + 1, idx);
	loop_end(e, &l);
}

/* The output is a buffer of the nest's own (exec.c run_fusion allocates it, or
 * run_partial) unless the root is a scatter or dynamic_update_slice (its operand's
 * storage, taken over) or a concatenate that may be computed in operand 0's storage. */
static int fresh_output(const CpuFusion *fu)
{
	TOpKind k = fu->f->values[fu->root].def->kind;
	return k != TOP_SCATTER && k != TOP_DYNAMIC_UPDATE_SLICE && fu->tail < 0;
}

static int64_t elem_bytes(LLVMValueRef load)
{
	LLVMTypeRef t = LLVMTypeOf(load);
	switch (LLVMGetTypeKind(t)) {
	case LLVMIntegerTypeKind: return (LLVMGetIntTypeWidth(t) + 7) / 8;
	case LLVMHalfTypeKind: case LLVMBFloatTypeKind: return 2;
	case LLVMFloatTypeKind: return 4;
	default: return 8;
	}
}

/* Marking the stores to out as not aliasing the loads lets the loop vectorizer widen
 * the innermost loops without a run-time overlap check (which it gives up on for
 * gathers). Correct for a fresh output; worth it where libmvec calls are to be widened
 * (vmath.c) or every load steps by at most a cache line per iteration (stride.c):
 * concat's x[i] and geglu's x[8 * i] gain (1.7 to 3.5 times), while viterbi's column
 * walk, a vectorized gather of lanes 16 KB apart that each miss the cache, loses 25%. */
static int give_scope(Em *e)
{
	if (!fresh_output(e->fu))
		return 0;
	if (cpu_vmath_nest(e->fu))
		return 1;
	for (size_t i = 0; i < e->loads.len; i++) {
		LLVMValueRef gep = LLVMGetOperand(e->loads.data[i], 0);
		LLVMValueRef off = LLVMGetOperand(gep, LLVMGetNumOperands(gep) - 1);
		int64_t s = cpu_stride(off, (void **)e->inner.data, (int)e->inner.len,
		                       (void **)e->loads.data, e->data.data, (int)e->loads.len);
		if (s == CPU_STRIDE_FAR || llabs(s) * elem_bytes(e->loads.data[i]) > 64)
			return 0;
	}
	return 1;
}

static void set_scope(Em *e)
{
	LLVMValueRef scope = out_scope(e);
	unsigned noalias = LLVMGetMDKindIDInContext(e->c, "noalias", 7);
	unsigned in_scope = LLVMGetMDKindIDInContext(e->c, "alias.scope", 11);
	for (size_t i = 0; i < e->loads.len; i++)
		LLVMSetMetadata(e->loads.data[i], noalias, scope);
	for (size_t i = 0; i < e->stores.len; i++)
		LLVMSetMetadata(e->stores.data[i], in_scope, scope);
}

void cpu_emit_fusion(void *ctx, void *mod, const CpuFusion *fu)
{
	Em e = {0};
	e.c = ctx;
	e.m = mod;
	e.fu = fu;
	e.f = fu->f;
	e.i1 = LLVMInt1TypeInContext(e.c);
	e.i8 = LLVMInt8TypeInContext(e.c);
	e.i64 = LLVMInt64TypeInContext(e.c);
	e.ptr = LLVMPointerTypeInContext(e.c, 0);
	LLVMTypeRef ps[3] = {e.ptr, e.i64, e.i64};
	char name[64];
	snprintf(name, sizeof name, "c2h_fusion_%d", fu->id);
	e.fn = LLVMAddFunction(e.m, name, LLVMFunctionType(LLVMVoidTypeInContext(e.c), ps, 3, 0));
	e.lo = LLVMGetParam(e.fn, 1);
	e.hi = LLVMGetParam(e.fn, 2);
	e.b = LLVMCreateBuilderInContext(e.c);
	e.memo = map_create();
	LLVMPositionBuilderAtEnd(e.b, LLVMAppendBasicBlockInContext(e.c, e.fn, "entry"));
	LLVMValueRef bufs = LLVMGetParam(e.fn, 0);
	const TOp *rop = e.f->values[fu->root].def;
	if (rop->kind == TOP_REDUCE)
		e.acc = LLVMBuildAlloca(e.b, reg_type(&e, vt(&e, rop->operands[0])->dt), "acc");
	e.in = xmalloc(sizeof(LLVMValueRef) * (size_t)(fu->ninputs + 1));
	e.in0 = xcalloc((size_t)fu->ninputs + 1, sizeof(LLVMValueRef));
	for (int i = 0; i <= fu->ninputs; i++) {
		LLVMValueRef k = ci64(&e, i);
		LLVMValueRef p = LLVMBuildLoad2(e.b, e.ptr, LLVMBuildInBoundsGEP2(e.b, e.ptr, bufs, &k, 1, ""), "");
		if (i == 0)
			e.out = p;
		else
			e.in[i - 1] = p;
	}
	/* A 0-d input (a kernel's scalar parameter) is read once, before the loops: LLVM
	 * cannot hoist the load itself (the output stores might alias it), and a load per
	 * element keeps a loop that divides by it from vectorizing. */
	for (int i = 0; i < fu->ninputs; i++)
		if (vt(&e, fu->inputs[i])->rank == 0)
			e.in0[i] = load_at(&e, fu->inputs[i], ci64(&e, 0));
	const TOp *op = e.f->values[fu->root].def;
	const TType *t = vt(&e, fu->root);
	if (op->kind == TOP_DYNAMIC_UPDATE_SLICE && fu->base < 0) {
		LLVMValueRef k = ci64(&e, fu->ninputs + 1);
		LLVMValueRef p = LLVMBuildLoad2(e.b, e.ptr, LLVMBuildInBoundsGEP2(e.b, e.ptr, bufs, &k, 1, ""), "");
		e.inplace = LLVMBuildIsNotNull(e.b, p, "inplace");
	}
	Idx idx;
	if (op->kind == TOP_DYNAMIC_UPDATE_SLICE)
		emit_dus_root(&e, op, t);
	else if (op->kind == TOP_SCATTER)
		scatter_nest(&e, op, vt(&e, op->operands[2]), 0, idx);
	else
		plain_nest(&e, t, 0, idx, -1);
	LLVMBuildRetVoid(e.b);
	if (give_scope(&e))
		set_scope(&e);
	LLVMDisposeBuilder(e.b);
	map_destroy(e.memo);
	VEC_FREE(e.loads);
	VEC_FREE(e.stores);
	VEC_FREE(e.data);
	free(e.vsteps);
	VEC_FREE(e.inner);
	free(e.in);
	free(e.in0);
}
