/* jit.c: LLVM module, optimisation and ORC LLJIT for the cpu backend (cpu.h, "jit.c").
 *
 * Consumes a CpuProgram's fusions; produces machine code for all of them, compiled once
 * per backend (so `--bench N` runs compile nothing), and sets each fusion's fn. The
 * module is built for the host: its triple, CPU name and CPU features (so AVX2 / AVX-512
 * vectors are used where the machine has them). Fusions whose LLVM functions are the
 * same text (the same loop nest over the same shapes: a model repeats its stencils for
 * every field) are compiled once and share the code. The module is optimized with the
 * new pass manager's "default<O2>" pipeline (loop and SLP vectorizers on; O3 took 1.6x
 * the compile time for no measured gain on the ocean model, docs/benchmarks.md), compiled
 * to one object file by the target machine, and that object is linked by LLJIT. The
 * object is kept in the on-disk cache (cache.c) under the module's IR and the target, so
 * a later session on the same module and machine skips optimisation and code generation.
 * Symbols the kernels call (exp, fmod, ...) resolve in the process. Every LLVM error
 * becomes a message; nothing here exits on one. CUDA2HLO_CPU_JIT_STATS=1 prints the
 * fusions, the distinct ones, the cache outcome and the CPU seconds of each part. */
#include "cpu.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PIPELINE "default<O2>"
#define CODEGEN LLVMCodeGenLevelAggressive

struct CpuJit {
	LLVMOrcLLJITRef jit;
};

/* CUDA2HLO_CPU_JIT_STATS: what the compile did and what each part cost. */
typedef struct JitStats {
	int on;
	size_t nfusions, ndistinct;
	const char *cache;         /* "hit", "miss", "off" */
	double emit, opt, codegen, link;
} JitStats;

static double cpu_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static int init_failed;

static void init_llvm(void)
{
	init_failed = LLVMInitializeNativeTarget() || LLVMInitializeNativeAsmPrinter();
}

/* Consumes err; returns -1. */
static int llvm_fail(LLVMErrorRef err, const char *what, char *msg, size_t msglen)
{
	char *m = LLVMGetErrorMessage(err);
	snprintf(msg, msglen, "backend 'cpu': %s: %s", what, m);
	LLVMDisposeErrorMessage(m);
	return -1;
}

static LLVMTargetMachineRef host_machine(char *msg, size_t msglen)
{
	char *triple = LLVMGetDefaultTargetTriple(), *err = NULL;
	LLVMTargetRef target;
	if (LLVMGetTargetFromTriple(triple, &target, &err)) {
		snprintf(msg, msglen, "backend 'cpu': no LLVM target for %s: %s", triple, err ? err : "?");
		LLVMDisposeMessage(err);
		LLVMDisposeMessage(triple);
		return NULL;
	}
	char *cpu = LLVMGetHostCPUName(), *features = LLVMGetHostCPUFeatures();
	LLVMTargetMachineRef tm = LLVMCreateTargetMachine(target, triple, cpu, features, CODEGEN,
	                                                  LLVMRelocDefault, LLVMCodeModelJITDefault);
	LLVMDisposeMessage(cpu);
	LLVMDisposeMessage(features);
	LLVMDisposeMessage(triple);
	if (!tm)
		snprintf(msg, msglen, "backend 'cpu': cannot create the host target machine");
	return tm;
}

/* Runs the pipeline on mod. */
static int optimize(LLVMModuleRef mod, LLVMTargetMachineRef tm, char *msg, size_t msglen)
{
	LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
	LLVMPassBuilderOptionsSetLoopVectorization(opts, 1);
	LLVMPassBuilderOptionsSetSLPVectorization(opts, 1);
	LLVMPassBuilderOptionsSetLoopUnrolling(opts, 1);
	LLVMErrorRef err = LLVMRunPasses(mod, PIPELINE, tm, opts);
	LLVMDisposePassBuilderOptions(opts);
	if (!err && getenv("CUDA2HLO_CPU_IR"))
		LLVMDumpModule(mod);   /* the optimized IR, on stderr, for looking at vector code */
	return err ? llvm_fail(err, "optimisation", msg, msglen) : 0;
}

static int verify(LLVMModuleRef mod, char *msg, size_t msglen)
{
	char *verr = NULL;
	int bad = LLVMVerifyModule(mod, LLVMReturnStatusAction, &verr);
	if (bad)
		snprintf(msg, msglen, "backend 'cpu': internal error: invalid IR: %.400s", verr ? verr : "?");
	LLVMDisposeMessage(verr);
	return bad ? -1 : 0;
}

static void fusion_name(char *name, size_t n, const CpuFusion *fu)
{
	snprintf(name, n, "c2h_fusion_%d", fu->id);
}

/* The text of fusion fu's function under a fixed name, emitted alone into a scratch
 * module (printing a function of a large module is slow: LLVM numbers the whole module
 * for each print). Caller disposes. */
static char *function_text(LLVMContextRef ctx, const CpuFusion *fu)
{
	LLVMModuleRef tmp = LLVMModuleCreateWithNameInContext("key", ctx);
	cpu_emit_fusion(ctx, tmp, fu);
	char name[64];
	fusion_name(name, sizeof name, fu);
	LLVMValueRef fn = LLVMGetNamedFunction(tmp, name);
	LLVMSetValueName2(fn, "c2h_key", 7);
	char *text = LLVMPrintValueToString(fn);
	LLVMDisposeModule(tmp);
	return text;
}

/* Emits into mod every fusion whose function is not the same text as an earlier one's
 * (the same loop nest over the same shapes); canon[i] is the fusion whose code i runs.
 * Returns the number of distinct functions. */
static size_t emit_distinct(LLVMContextRef ctx, LLVMModuleRef mod, const CpuProgram *p, size_t *canon)
{
	size_t ndistinct = 0;
	Map *seen = map_create();   /* function text -> 1 + index of its first fusion */
	for (size_t i = 0; i < p->fusions.len; i++) {
		char *text = function_text(ctx, p->fusions.data[i]);
		uintptr_t first = (uintptr_t)map_get(seen, text);
		canon[i] = first ? first - 1 : i;
		if (!first) {
			map_put(seen, text, (void *)(uintptr_t)(i + 1));
			cpu_emit_fusion(ctx, mod, p->fusions.data[i]);
			ndistinct++;
		}
		LLVMDisposeMessage(text);
	}
	map_destroy(seen);
	return ndistinct;
}

/* Everything the object code depends on: LLVM, target, pipeline, the module's IR. */
static char *cache_key(LLVMModuleRef mod, LLVMTargetMachineRef tm, size_t *len)
{
	unsigned maj, min, patch;
	LLVMGetVersion(&maj, &min, &patch);
	char *triple = LLVMGetTargetMachineTriple(tm), *cpu = LLVMGetHostCPUName();
	char *features = LLVMGetHostCPUFeatures(), *ir = LLVMPrintModuleToString(mod);
	StrBuf sb = {0};
	sb_printf(&sb, "cuda2hlo cpu jit 1\nllvm %u.%u.%u\n%s\n%s\n%s\n%s\ncodegen %d\n", maj, min, patch, triple, cpu,
	          features, PIPELINE, (int)CODEGEN);
	sb_append(&sb, ir);
	LLVMDisposeMessage(triple);
	LLVMDisposeMessage(cpu);
	LLVMDisposeMessage(features);
	LLVMDisposeMessage(ir);
	*len = sb.len;
	return sb_take(&sb);
}

/* Optimizes mod and compiles it to an object file (malloc'd copy in *obj). */
static int compile_object(LLVMModuleRef mod, LLVMTargetMachineRef tm, JitStats *js, void **obj, size_t *objlen,
                          char *msg, size_t msglen)
{
	double t0 = cpu_seconds();
	if (optimize(mod, tm, msg, msglen) != 0)
		return -1;
	double t1 = cpu_seconds();
	js->opt = t1 - t0;
	char *err = NULL;
	LLVMMemoryBufferRef mb = NULL;
	if (LLVMTargetMachineEmitToMemoryBuffer(tm, mod, LLVMObjectFile, &err, &mb)) {
		snprintf(msg, msglen, "backend 'cpu': code generation: %s", err ? err : "?");
		LLVMDisposeMessage(err);
		return -1;
	}
	*objlen = LLVMGetBufferSize(mb);
	*obj = xmalloc(*objlen + 1);
	memcpy(*obj, LLVMGetBufferStart(mb), *objlen);
	LLVMDisposeMemoryBuffer(mb);
	js->codegen = cpu_seconds() - t1;
	return 0;
}

/* A new LLJIT that owns tm, resolving the process's symbols, linking obj; fills j->jit. */
static int jit_object(CpuJit *j, LLVMTargetMachineRef tm, const void *obj, size_t objlen, char *msg, size_t msglen)
{
	LLVMOrcLLJITBuilderRef bld = LLVMOrcCreateLLJITBuilder();
	LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(bld, LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(tm));
	LLVMErrorRef err = LLVMOrcCreateLLJIT(&j->jit, bld);
	if (err) {
		j->jit = NULL;
		return llvm_fail(err, "creating the JIT", msg, msglen);
	}
	LLVMOrcJITDylibRef jd = LLVMOrcLLJITGetMainJITDylib(j->jit);
	LLVMOrcDefinitionGeneratorRef gen;
	err = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(&gen, LLVMOrcLLJITGetGlobalPrefix(j->jit), NULL, NULL);
	if (err)
		return llvm_fail(err, "process symbols", msg, msglen);
	LLVMOrcJITDylibAddGenerator(jd, gen);
	LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRangeCopy(obj, objlen, "cuda2hlo");
	err = LLVMOrcLLJITAddObjectFile(j->jit, jd, mb);   /* takes mb */
	return err ? llvm_fail(err, "adding the object", msg, msglen) : 0;
}

static int lookup_all(CpuJit *j, CpuProgram *p, const size_t *canon, char *msg, size_t msglen)
{
	for (size_t i = 0; i < p->fusions.len; i++) {
		char name[64];
		fusion_name(name, sizeof name, p->fusions.data[canon[i]]);
		LLVMOrcExecutorAddress addr = 0;
		LLVMErrorRef err = LLVMOrcLLJITLookup(j->jit, &addr, name);
		if (err)
			return llvm_fail(err, "compiling the fused loops", msg, msglen);
		p->fusions.data[i]->fn = (CpuKernelFn)(uintptr_t)addr;
	}
	return 0;
}

/* The module of every distinct fusion, for tm; canon as dedup's. */
static LLVMModuleRef build_module(LLVMContextRef ctx, LLVMTargetMachineRef tm, CpuProgram *p, size_t *canon,
                                  JitStats *js)
{
	double t0 = cpu_seconds();
	LLVMModuleRef mod = LLVMModuleCreateWithNameInContext("cuda2hlo", ctx);
	char *triple = LLVMGetTargetMachineTriple(tm);
	LLVMSetTarget(mod, triple);
	LLVMDisposeMessage(triple);
	LLVMTargetDataRef dl = LLVMCreateTargetDataLayout(tm);
	LLVMSetModuleDataLayout(mod, dl);
	LLVMDisposeTargetData(dl);
	js->nfusions = p->fusions.len;
	js->ndistinct = emit_distinct(ctx, mod, p, canon);
	js->emit = cpu_seconds() - t0;
	return mod;
}

/* The object code of mod: from the cache when it holds mod's key, else compiled (and
 * stored). */
static void *object_code(LLVMModuleRef mod, LLVMTargetMachineRef tm, JitStats *js, size_t *objlen, char *msg,
                         size_t msglen)
{
	char *dir = cpu_cache_dir();
	size_t keylen = 0;
	char *key = dir ? cache_key(mod, tm, &keylen) : NULL;
	void *obj = key ? cpu_cache_load(dir, key, keylen, objlen) : NULL;
	js->cache = !dir ? "off" : obj ? "hit" : "miss";
	if (!obj && compile_object(mod, tm, js, &obj, objlen, msg, msglen) == 0 && key)
		cpu_cache_store(dir, key, keylen, obj, *objlen);
	free(key);
	free(dir);
	return obj;
}

CpuJit *cpu_jit_compile(CpuProgram *p, char *msg, size_t msglen)
{
	CpuJit *j = xcalloc(1, sizeof *j);
	if (getenv("CUDA2HLO_CPU_DUMP"))
		cpu_program_dump(p, stderr);
	if (!p->fusions.len)
		return j;   /* nothing to compile: no LLVM work at all */
	pthread_once(&init_once, init_llvm);
	if (init_failed) {
		snprintf(msg, msglen, "backend 'cpu': LLVM has no native target");
		free(j);
		return NULL;
	}
	LLVMTargetMachineRef tm = host_machine(msg, msglen);
	if (!tm) {
		free(j);
		return NULL;
	}
	JitStats js = {getenv("CUDA2HLO_CPU_JIT_STATS") != NULL, 0, 0, "off", 0, 0, 0, 0};
	size_t *canon = xcalloc(p->fusions.len, sizeof *canon), objlen = 0;
	LLVMContextRef ctx = LLVMContextCreate();
	LLVMModuleRef mod = build_module(ctx, tm, p, canon, &js);
	void *obj = verify(mod, msg, msglen) == 0 ? object_code(mod, tm, &js, &objlen, msg, msglen) : NULL;
	LLVMDisposeModule(mod);
	LLVMContextDispose(ctx);
	double t0 = cpu_seconds();
	int rc = -1;
	if (obj)
		rc = jit_object(j, tm, obj, objlen, msg, msglen);   /* takes tm */
	else
		LLVMDisposeTargetMachine(tm);
	if (rc == 0)
		rc = lookup_all(j, p, canon, msg, msglen);
	js.link = cpu_seconds() - t0;
	if (js.on)
		fprintf(stderr, "cpu jit: %zu fusions, %zu distinct; cache %s; CPU s: emit %.3f, optimize %.3f, "
		        "codegen %.3f, link %.3f\n", js.nfusions, js.ndistinct, js.cache, js.emit, js.opt, js.codegen,
		        js.link);
	free(obj);
	free(canon);
	if (rc != 0) {
		cpu_jit_destroy(j);
		return NULL;
	}
	return j;
}

void cpu_jit_destroy(CpuJit *j)
{
	if (!j)
		return;
	if (j->jit) {
		LLVMErrorRef err = LLVMOrcDisposeLLJIT(j->jit);
		if (err)
			LLVMConsumeError(err);
	}
	free(j);
}
