/* stride.c: how far a load's address moves per iteration of its innermost loop (cpu.h,
 * "stride.c").
 *
 * Consumes an i64 element offset that emit.c built (LLVM IR, not yet optimized) and the
 * induction variables of the nest's innermost loops; produces a bound on the offset's
 * step between consecutive iterations, away from a few break points ("piecewise"): 0
 * for an offset invariant in the loop, 1 for x[i], 256 for a column walk x[i * 256], or
 * CPU_STRIDE_FAR when it is larger or depends on data. emit.c gives a nest's stores the
 * alias scope that lets the loop vectorizer widen it without an overlap check only when
 * every load is near-contiguous (|step| times the element size at most a cache line): a
 * vectorized load of lanes far apart becomes a gather whose lanes each miss the cache
 * (hmm's viterbi reads columns: 116 -> 150 ms with the scope), while a gather whose
 * indices are iota, sums, multiples, quotients and selects of such (concat,
 * bitonic-sort) runs 1.6 to 2.4 times faster with it (docs/benchmarks.md). The answer only steers performance; the
 * scope itself is correct for any nest whose output buffer is its own (emit.c). A loop
 * of one iteration is not an innermost loop (emit.c loop_begin): LLVM deletes it and
 * vectorizes the loop around it.
 *
 * Rules (integer arithmetic in the offset's chain; a select's condition is not part of
 * the address): an inner induction variable steps by 1; constants, arguments, other
 * loops' induction variables and loads at a near-invariant address by 0; add and sub
 * add the steps; mul by a constant scales, mul of two invariants is invariant;
 * division by a constant c truncates s / c (i / 128 is piecewise constant), by an
 * invariant divisor it is bounded by s; remainder and `and` with 2^k - 1 keep s; shifts
 * by a constant scale; extensions and truncation keep s; select, smin, smax, umin and
 * umax take the larger of their arms; a comparison steps by at most 1; a load that
 * reads a materialized value in order (address step 1) steps as that value's elements
 * do (cpu_value_step, the same rules on its TIR definition). Anything else is far. */
#include "cpu.h"

#include <llvm-c/Core.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LIM = 1 << 20 };   /* |steps| beyond this are far (and cannot overflow below) */

typedef struct St {
	LLVMValueRef *inner;
	int ninner;
	LLVMValueRef *loads;       /* loads from materialized values ... */
	const int64_t *data;       /* ... and the steps of their elements (cpu_value_step) */
	int nloads;
	Map *memo;                 /* "%p" of a value -> its step, encoded by enc() */
} St;

static int64_t step(St *s, LLVMValueRef v);

static void *enc(int64_t x) { return (void *)(intptr_t)(x + LIM + 2); }
static int64_t dec(void *p) { return (int64_t)(intptr_t)p - LIM - 2; }

static int64_t clip(int64_t x)
{
	return x > LIM || x < -LIM ? CPU_STRIDE_FAR : x;
}

static int64_t larger(int64_t a, int64_t b)
{
	if (a == CPU_STRIDE_FAR || b == CPU_STRIDE_FAR)
		return CPU_STRIDE_FAR;
	return llabs(a) >= llabs(b) ? a : b;
}

/* The value of a constant integer operand, *ok = 0 when it is not one. */
static int64_t const_int(LLVMValueRef v, int *ok)
{
	*ok = LLVMIsAConstantInt(v) != NULL;
	return *ok ? LLVMConstIntGetSExtValue(v) : 0;
}

static int64_t arith(St *s, LLVMOpcode opc, LLVMValueRef a, LLVMValueRef b)
{
	int64_t x = step(s, a), y = step(s, b);
	int cb, ca;
	int64_t c = const_int(b, &cb), ac = const_int(a, &ca);
	if (x == CPU_STRIDE_FAR || y == CPU_STRIDE_FAR)
		return CPU_STRIDE_FAR;
	switch (opc) {
	case LLVMAdd: return clip(x + y);
	case LLVMSub: return clip(x - y);
	case LLVMMul:
		if (cb || ca) {
			int64_t k = cb ? c : ac, z = cb ? x : y;
			return z == 0 ? 0 : llabs(k) > LIM ? CPU_STRIDE_FAR : clip(k * z);
		}
		return x == 0 && y == 0 ? 0 : CPU_STRIDE_FAR;
	case LLVMSDiv: case LLVMUDiv:
		if (y != 0)
			return CPU_STRIDE_FAR;
		return cb && c != 0 ? x / c : x;
	case LLVMSRem: case LLVMURem:
		return y == 0 ? x : CPU_STRIDE_FAR;
	case LLVMAnd:
		if (cb && c > 0 && (c & (c + 1)) == 0)
			return x;
		return x == 0 && y == 0 ? 0 : CPU_STRIDE_FAR;
	case LLVMOr: case LLVMXor:
		return x == 0 && y == 0 ? 0 : CPU_STRIDE_FAR;
	case LLVMShl:
		return cb && c >= 0 && c < 20 ? clip(x * ((int64_t)1 << c)) : CPU_STRIDE_FAR;
	case LLVMAShr: case LLVMLShr:
		return cb && c >= 0 && c < 63 ? x / ((int64_t)1 << c) : CPU_STRIDE_FAR;
	default:
		return CPU_STRIDE_FAR;
	}
}

/* smin / smax / umin / umax: the larger arm; other calls are far. */
static int64_t call_step(St *s, LLVMValueRef v)
{
	LLVMValueRef fn = LLVMGetCalledValue(v);
	size_t n;
	const char *name = fn ? LLVMGetValueName2(fn, &n) : "";
	if (strncmp(name, "llvm.smin", 9) && strncmp(name, "llvm.smax", 9) &&
	    strncmp(name, "llvm.umin", 9) && strncmp(name, "llvm.umax", 9))
		return CPU_STRIDE_FAR;
	return larger(step(s, LLVMGetOperand(v, 0)), step(s, LLVMGetOperand(v, 1)));
}

static int64_t inst_step(St *s, LLVMValueRef v)
{
	LLVMOpcode opc = LLVMGetInstructionOpcode(v);
	switch (opc) {
	case LLVMPHI:
		for (int i = 0; i < s->ninner; i++)
			if (s->inner[i] == v)
				return 1;
		return 0;   /* emit.c builds phis only for loops: an outer loop's index */
	case LLVMSExt: case LLVMZExt: case LLVMTrunc:
		return step(s, LLVMGetOperand(v, 0));
	case LLVMSelect: {   /* the builder leaves selects on a constant condition */
		LLVMValueRef c = LLVMGetOperand(v, 0);
		if (LLVMIsAConstantInt(c))
			return step(s, LLVMGetOperand(v, LLVMConstIntGetZExtValue(c) ? 1 : 2));
		return larger(step(s, LLVMGetOperand(v, 1)), step(s, LLVMGetOperand(v, 2)));
	}
	case LLVMICmp: {
		int64_t a = step(s, LLVMGetOperand(v, 0)), b = step(s, LLVMGetOperand(v, 1));
		return a == 0 && b == 0 ? 0 : 1;
	}
	case LLVMCall:
		return call_step(s, v);
	case LLVMLoad: {   /* data: invariant when its address is; read in order, its step */
		LLVMValueRef p = LLVMGetOperand(v, 0);
		if (!LLVMIsAGetElementPtrInst(p))
			return LLVMIsAInstruction(p) ? CPU_STRIDE_FAR : 0;
		int64_t a = step(s, LLVMGetOperand(p, LLVMGetNumOperands(p) - 1));
		for (int i = 0; a == 1 && i < s->nloads; i++)
			if (s->loads[i] == v)
				return s->data[i];
		return a == 0 ? 0 : CPU_STRIDE_FAR;
	}
	default:
		if (LLVMGetNumOperands(v) == 2)
			return arith(s, opc, LLVMGetOperand(v, 0), LLVMGetOperand(v, 1));
		return CPU_STRIDE_FAR;
	}
}

static int64_t step(St *s, LLVMValueRef v)
{
	if (!LLVMIsAInstruction(v))
		return 0;   /* constants and the function's arguments */
	char key[32];
	snprintf(key, sizeof key, "%p", (void *)v);
	void *got = map_get(s->memo, key);
	if (got)
		return dec(got);
	int64_t r = inst_step(s, v);
	map_put(s->memo, key, enc(r));
	return r;
}

int64_t cpu_stride(void *off, void **inner, int ninner, void **loads, const int64_t *data, int nloads)
{
	St s = {(LLVMValueRef *)inner, ninner, (LLVMValueRef *)loads, data, nloads, map_create()};
	int64_t r = step(&s, off);
	map_destroy(s.memo);
	return r;
}

/* ---- the same bound on a materialized value's elements, from its TIR definition ----
 * (plan.c materializes an index computed once and read by several gathers, as
 * bitonic-sort's partner index): the step between consecutive elements in memory, that
 * is along the innermost dimension of extent > 1. */

static int inner_dim(const TType *t)
{
	for (int d = t->rank - 1; d >= 0; d--)
		if (t->dims[d] > 1)
			return d;
	return -1;
}

/* A splat integer constant's value; *ok = 0 when v is not one. */
static int64_t splat_int(const TFunc *f, int v, int *ok)
{
	const TOp *op = f->values[v].def;
	*ok = 0;
	if (!op || op->kind != TOP_CONSTANT || dtype_is_float(tir_value_type(f, v)->dt))
		return 0;
	const TAttr *a = tir_op_attr(op, "value");
	if (!a->u.dense.splat && tir_type_numel(tir_value_type(f, v)) != 1)
		return 0;
	*ok = 1;
	return tir_elem_get_i(tir_value_type(f, v)->dt, a->u.dense.data);
}

static int64_t vstep(const TFunc *f, int v, int64_t *memo);

static int64_t vbinary(const TFunc *f, const TOp *op, int64_t *memo)
{
	int a = op->operands[0], b = op->operands[1], ca, cb;
	int64_t x = vstep(f, a, memo), y = vstep(f, b, memo);
	int64_t ka = splat_int(f, a, &ca), kb = splat_int(f, b, &cb);
	if (x == CPU_STRIDE_FAR || y == CPU_STRIDE_FAR)
		return CPU_STRIDE_FAR;
	switch (op->kind) {
	case TOP_ADD: return clip(x + y);
	case TOP_SUBTRACT: return clip(x - y);
	case TOP_MULTIPLY:
		if (ca || cb) {
			int64_t k = cb ? kb : ka, z = cb ? x : y;
			return z == 0 ? 0 : llabs(k) > LIM ? CPU_STRIDE_FAR : clip(k * z);
		}
		return x == 0 && y == 0 ? 0 : CPU_STRIDE_FAR;
	case TOP_DIVIDE:
		if (y != 0)
			return CPU_STRIDE_FAR;
		return cb && kb != 0 ? x / kb : x;
	case TOP_REMAINDER: return y == 0 ? x : CPU_STRIDE_FAR;
	case TOP_MAXIMUM: case TOP_MINIMUM: return larger(x, y);
	case TOP_COMPARE: return x == 0 && y == 0 ? 0 : 1;
	case TOP_AND: case TOP_OR: case TOP_XOR:
		return x == 0 && y == 0 ? 0 : CPU_STRIDE_FAR;
	default: return CPU_STRIDE_FAR;
	}
}

static int64_t vop(const TFunc *f, int v, int64_t *memo)
{
	const TOp *op = f->values[v].def;
	const TType *t = tir_value_type(f, v);
	if (t->rank == 0 || inner_dim(t) < 0)
		return 0;
	if (!op || op->nresults != 1 || dtype_is_float(t->dt))
		return CPU_STRIDE_FAR;   /* parameters, loop results, float data */
	switch (op->kind) {
	case TOP_IOTA: return tir_op_get_int(op, "iota_dimension", 0) == inner_dim(t);
	case TOP_CONSTANT: { int ok; splat_int(f, v, &ok); return ok ? 0 : CPU_STRIDE_FAR; }
	case TOP_BROADCAST_IN_DIM:
		return tir_value_type(f, op->operands[0])->rank == 0 ? 0 : CPU_STRIDE_FAR;
	case TOP_RESHAPE: case TOP_CONVERT: {
		const TType *ot = tir_value_type(f, op->operands[0]);
		int d = inner_dim(ot);
		if (dtype_is_float(ot->dt) || (d >= 0 && ot->dims[d] != t->dims[inner_dim(t)]))
			return CPU_STRIDE_FAR;
		return vstep(f, op->operands[0], memo);
	}
	case TOP_NOT: return vstep(f, op->operands[0], memo) == 0 ? 0 : CPU_STRIDE_FAR;
	case TOP_SELECT:
		return larger(vstep(f, op->operands[1], memo), vstep(f, op->operands[2], memo));
	case TOP_CLAMP:
		return larger(vstep(f, op->operands[1], memo),
		              larger(vstep(f, op->operands[0], memo), vstep(f, op->operands[2], memo)));
	default:
		return op->noperands == 2 ? vbinary(f, op, memo) : CPU_STRIDE_FAR;
	}
}

static int64_t vstep(const TFunc *f, int v, int64_t *memo)
{
	if (memo[v] == LIM + 2)
		memo[v] = vop(f, v, memo);
	return memo[v];
}

int64_t cpu_value_step(const TFunc *f, int v, int64_t **memo)
{
	if (!*memo) {
		*memo = xmalloc(sizeof **memo * (size_t)(f->nvalues + 1));
		for (int i = 0; i <= f->nvalues; i++)
			(*memo)[i] = LIM + 2;   /* not yet */
	}
	return vstep(f, v, *memo);
}
