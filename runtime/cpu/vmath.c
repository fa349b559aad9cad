/* vmath.c: vectorizable calls for the C library's transcendental functions (cpu.h,
 * "vmath.c").
 *
 * Consumes a call of a math function on doubles (sin, cos, tan, exp, expm1, log, log1p,
 * cbrt, tanh, atan2, pow) that emit.c is about to build; produces a call the loop
 * vectorizer can widen: to `c2h_vm_<name>`, a function of the module that computes lane
 * 0 of glibc's libmvec AVX-512 variant (`_ZGVeN8v_sin`, `_ZGVeN8vv_atan2`) on a splat of
 * its arguments, with the call-site attribute "vector-function-abi-variant" naming that
 * variant as its 8-wide form. A vectorized loop then computes 8 elements per call
 * (measured here: sin, cos, exp, atan2 on doubles 5 to 10 times faster than the scalar
 * library), and the scalar iterations around it (a loop's remainder, a chunk boundary of
 * the thread split) go through the same variant, so every element has the same value
 * whatever the split and the vector width. cpu_vmath_nest says which nests emit.c
 * marks as not aliasing their output, so that their loops vectorize.
 *
 * libmvec is not the scalar library: on 4M random arguments per function its results
 * differ from glibc's scalar ones in 20-70% of the elements, by at most 3 ulp (double),
 * and f32 ops (computed in double, rounded once) almost never differ. StableHLO leaves
 * the accuracy of these ops to the implementation (XLA CPU uses its own polynomials);
 * the interpreter keeps the scalar library. So it is opt-in: used only with
 * CUDA2HLO_CPU_VMATH=1, where the host has AVX-512F and libmvec.so.1 loads; by default the
 * scalar library gives the interpreter's values bit for bit (the ocean model's cpu check,
 * examples/oceananigans, compares its 200 steps bitwise, and its sin/cos of the boundary
 * fluxes put it at 1e-13 with libmvec). */
#include "cpu.h"

#include <dlfcn.h>
#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static const struct { const char *name; int nargs; } fns[] = {
	{"sin", 1}, {"cos", 1}, {"tan", 1}, {"exp", 1}, {"expm1", 1}, {"log", 1},
	{"log1p", 1}, {"cbrt", 1}, {"tanh", 1}, {"atan2", 2}, {"pow", 2},
};
enum { NFNS = sizeof fns / sizeof *fns, VLEN = 8 };

static pthread_once_t once = PTHREAD_ONCE_INIT;
static unsigned char have[NFNS];   /* written once, under `once` */

static void vector_name(char *buf, size_t n, int i)
{
	snprintf(buf, n, "_ZGVeN%d%s_%s", VLEN, fns[i].nargs == 2 ? "vv" : "v", fns[i].name);
}

static void probe(void)
{
	const char *env = getenv("CUDA2HLO_CPU_VMATH");
	if (!env || strcmp(env, "1") != 0)
		return;
	char *features = LLVMGetHostCPUFeatures();
	int avx512 = features && strstr(features, "+avx512f") != NULL;
	LLVMDisposeMessage(features);
	/* RTLD_GLOBAL: the JIT resolves the variants among the process's symbols. The
	 * handle is kept for the process's life. */
	void *lib = avx512 ? dlopen("libmvec.so.1", RTLD_NOW | RTLD_GLOBAL) : NULL;
	for (int i = 0; lib && i < NFNS; i++) {
		char vn[64];
		vector_name(vn, sizeof vn, i);
		have[i] = dlsym(lib, vn) != NULL;
	}
}

static int lookup(const char *name)
{
	pthread_once(&once, probe);
	for (int i = 0; i < NFNS; i++)
		if (strcmp(fns[i].name, name) == 0)
			return have[i] ? i : -1;
	return -1;
}

static void add_call_attr(LLVMContextRef c, LLVMValueRef call, const char *name, uint64_t v)
{
	unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
	LLVMAddCallSiteAttribute(call, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(c, kind, v));
}

static void add_fn_attr(LLVMContextRef c, LLVMValueRef fn, const char *name)
{
	unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
	LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(c, kind, 0));
}

/* double c2h_vm_<name>(double[, double]) { return _ZGVeN8v_<name>(splat(x)...)[0]; }:
 * the scalar iterations compute what a vector lane computes. noinline, so that the loop
 * vectorizer sees the scalar call that it maps to the variant. */
static LLVMValueRef scalar_wrapper(LLVMContextRef c, LLVMModuleRef m, int i, LLVMTypeRef fty)
{
	char wn[64], vn[64];
	snprintf(wn, sizeof wn, "c2h_vm_%s", fns[i].name);
	LLVMValueRef w = LLVMGetNamedFunction(m, wn);
	if (w)
		return w;
	int n = fns[i].nargs;
	LLVMTypeRef d = LLVMDoubleTypeInContext(c), v = LLVMVectorType(d, VLEN), vps[2] = {v, v};
	LLVMTypeRef vty = LLVMFunctionType(v, vps, (unsigned)n, 0);
	vector_name(vn, sizeof vn, i);
	LLVMValueRef vf = LLVMGetNamedFunction(m, vn);
	if (!vf)
		vf = LLVMAddFunction(m, vn, vty);
	w = LLVMAddFunction(m, wn, fty);
	LLVMSetLinkage(w, LLVMInternalLinkage);
	add_fn_attr(c, w, "noinline");
	add_fn_attr(c, w, "nounwind");
	add_fn_attr(c, w, "willreturn");
	LLVMBuilderRef b = LLVMCreateBuilderInContext(c);
	LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(c, w, "entry"));
	LLVMTypeRef i32 = LLVMInt32TypeInContext(c);
	LLVMValueRef zero = LLVMConstInt(i32, 0, 0), va[2];
	for (int k = 0; k < n; k++) {
		LLVMValueRef one = LLVMBuildInsertElement(b, LLVMGetPoison(v), LLVMGetParam(w, (unsigned)k), zero, "");
		va[k] = LLVMBuildShuffleVector(b, one, LLVMGetPoison(v), LLVMConstNull(LLVMVectorType(i32, VLEN)), "");
	}
	LLVMValueRef r = LLVMBuildCall2(b, vty, vf, va, (unsigned)n, "");
	LLVMBuildRet(b, LLVMBuildExtractElement(b, r, zero, ""));
	LLVMDisposeBuilder(b);
	return w;
}

void *cpu_vmath_call(void *ctx, void *mod, void *builder, const char *name, void **args, int nargs)
{
	int i = lookup(name);
	if (i < 0 || fns[i].nargs != nargs)
		return NULL;
	LLVMContextRef c = ctx;
	LLVMModuleRef m = mod;
	LLVMTypeRef d = LLVMDoubleTypeInContext(c), ps[2] = {d, d};
	LLVMTypeRef fty = LLVMFunctionType(d, ps, (unsigned)nargs, 0);
	LLVMValueRef w = scalar_wrapper(c, m, i, fty);
	char vn[64];
	vector_name(vn, sizeof vn, i);
	LLVMValueRef call = LLVMBuildCall2(builder, fty, w, (LLVMValueRef *)args, (unsigned)nargs, "");
	/* VFABI: _ZGV <isa e = AVX-512> <N: unmasked> <8 lanes> <v per vector argument>
	 * _<scalar name>(<vector name>) */
	char abi[160];
	snprintf(abi, sizeof abi, "_ZGVeN%d%s_c2h_vm_%s(%s)", VLEN, nargs == 2 ? "vv" : "v", fns[i].name, vn);
	static const char key[] = "vector-function-abi-variant";
	LLVMAddCallSiteAttribute(call, LLVMAttributeFunctionIndex,
	                         LLVMCreateStringAttribute(c, key, sizeof key - 1, abi, (unsigned)strlen(abi)));
	add_call_attr(c, call, "memory", 0);   /* errno is never read */
	return call;
}

static int vector_math_op(TOpKind k)
{
	switch (k) {
	case TOP_SINE: case TOP_COSINE: case TOP_TAN: case TOP_TANH: case TOP_EXPONENTIAL:
	case TOP_EXPONENTIAL_MINUS_ONE: case TOP_LOG: case TOP_LOG_PLUS_ONE: case TOP_CBRT:
	case TOP_ATAN2: case TOP_POWER: case TOP_LOGISTIC:
		return 1;
	default:
		return 0;
	}
}

static int computes_math(const CpuFusion *fu, int v, uint8_t *seen)
{
	if (seen[v])
		return 0;
	seen[v] = 1;
	const TOp *op = fu->f->values[v].def;
	if (!op || vector_math_op(op->kind))
		return op != NULL;
	for (int k = 0; k < op->noperands; k++)
		if (fu->inlined[op->operands[k]] && computes_math(fu, op->operands[k], seen))
			return 1;
	return 0;
}

/* Is there a vector variant here, does the nest call a C library function that
 * cpu_vmath_call widens, and does the executor always hand it an output buffer of its
 * own (exec.c run_fusion: alloc_tensor, or a partial reduce's array), never the storage
 * of an input (not a scatter or dynamic_update_slice root, updated in place, nor a
 * concatenate written into its operand 0, fu->tail)? Then the stores to the output are put in an alias scope that
 * the input loads are not in (scoped noalias metadata, what `restrict` says in C), so
 * the loop vectorizer needs no overlap checks, which it cannot build for an index read
 * from memory nor afford for strided reads: the math runs 8 lanes per call. Nests
 * without such calls keep their scalar loads (a vectorized gather of lanes that each
 * miss the cache measured 20% slower on hmm's viterbi). */
int cpu_vmath_nest(const CpuFusion *fu)
{
	pthread_once(&once, probe);
	int any = 0;
	for (int i = 0; i < NFNS; i++)
		any |= have[i];
	TOpKind k = fu->f->values[fu->root].def->kind;
	if (!any || k == TOP_SCATTER || k == TOP_DYNAMIC_UPDATE_SLICE || fu->tail >= 0)
		return 0;
	uint8_t *seen = xcalloc((size_t)fu->f->nvalues + 1, 1);
	int r = computes_math(fu, fu->root, seen);
	free(seen);
	return r;
}
