/* jit.c: LLVM modules, optimisation and ORC LLJIT for the cpu backend (cpu.h, "jit.c").
 *
 * Consumes a CpuProgram's fusions; produces machine code for all of them, compiled once
 * per backend (so `--bench N` runs compile nothing), and sets each fusion's fn. The
 * code is built for the host: its triple, CPU name and CPU features (so AVX2 / AVX-512
 * vectors are used where the machine has them). Fusions whose LLVM functions are the
 * same text (the same loop nest over the same shapes: a model repeats its stencils for
 * every field) are compiled once and share the code. The distinct functions are cut, in
 * order, into parts of about PART_BYTES of IR text each (at most MAX_PARTS; the cut
 * depends only on the program, never on the machine's cores, so cache keys are stable);
 * each part is one LLVM module in its own context, optimized with the new pass manager's
 * "default<O2>" pipeline (loop and SLP vectorizers on; O3 took 1.6x the compile time for
 * no measured gain on the ocean model, docs/benchmarks.md) and compiled to an object file
 * by its own target machine. The parts compile on up to as many threads as the backend
 * has (cpu:threads=N, else the cores); a fusion's function calls no other fusion, so the
 * code of each is the same whichever part holds it. LLJIT links the objects. Each
 * object is kept in the on-disk cache (cache.c) under its module's IR and the target, so
 * a later session on the same program and machine skips optimisation and code
 * generation. Symbols the kernels call (exp, fmod, ...) resolve in the process. Every
 * LLVM error becomes a message; nothing here exits on one. CUDA2HLO_CPU_JIT_STATS=1
 * prints the fusions, the distinct ones, the parts and threads, the cache outcome, the
 * CPU seconds of each part of the work (summed over the threads) and the wall seconds. */
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
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define PIPELINE "default<O2>"
#define CODEGEN LLVMCodeGenLevelAggressive
#define PART_BYTES ((size_t)256 << 10)
#define MAX_PARTS 16
#define PART_STACK ((size_t)64 << 20)   /* LLVM recurses on big functions */

struct CpuJit {
	LLVMOrcLLJITRef jit;
};

/* CUDA2HLO_CPU_JIT_STATS: what the compile did and what each part cost. */
typedef struct JitStats {
	int on;
	size_t nfusions, ndistinct, nparts, nthreads;
	const char *cache;         /* "hit", "miss" (some part compiled), "off" */
	double emit, opt, codegen, link;
} JitStats;

/* The CPU seconds of the calling thread (the parts run on several). */
static double cpu_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double wall_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
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

/* A run of the distinct functions compiled as one LLVM module, on one thread. */
typedef struct Part {
	size_t lo, hi;             /* distinct[lo..hi) */
	void *obj;                 /* its object file (malloc'd), NULL on failure */
	size_t objlen;
	const char *cache;         /* as JitStats.cache */
	double emit, opt, codegen; /* CPU seconds of the thread that compiled it */
	char msg[512];
} Part;

/* The parts of one program and the next one a thread takes. */
typedef struct Work {
	const CpuProgram *p;
	const size_t *distinct;    /* the fusion index of each distinct function */
	Part *parts;
	size_t nparts;
	atomic_size_t next;
} Work;

/* The fusions whose functions are not the same text as an earlier one's (the same loop
 * nest over the same shapes), in order, into distinct[]; canon[i] is the fusion whose
 * code i runs and cost[k] the text's length of distinct[k]. Returns their number. */
static size_t find_distinct(LLVMContextRef ctx, const CpuProgram *p, size_t *canon, size_t *distinct,
                            size_t *cost)
{
	size_t ndistinct = 0;
	Map *seen = map_create();   /* function text -> 1 + index of its first fusion */
	for (size_t i = 0; i < p->fusions.len; i++) {
		char *text = function_text(ctx, p->fusions.data[i]);
		uintptr_t first = (uintptr_t)map_get(seen, text);
		canon[i] = first ? first - 1 : i;
		if (!first) {
			map_put(seen, text, (void *)(uintptr_t)(i + 1));
			cost[ndistinct] = strlen(text);
			distinct[ndistinct++] = i;
		}
		LLVMDisposeMessage(text);
	}
	map_destroy(seen);
	return ndistinct;
}

/* Cuts distinct[0..n) in order into parts of about PART_BYTES each, at most MAX_PARTS;
 * returns the number of parts (at least 1) and fills parts[].lo, hi. */
static size_t cut_parts(const size_t *cost, size_t n, Part *parts)
{
	size_t total = 0;
	for (size_t k = 0; k < n; k++)
		total += cost[k];
	size_t np = (total + PART_BYTES - 1) / PART_BYTES;
	np = np < 1 ? 1 : np > MAX_PARTS ? MAX_PARTS : np > n ? n : np;
	size_t k = 0, done = 0;
	for (size_t i = 0; i < np; i++) {
		parts[i].lo = k;
		size_t goal = total / np * (i + 1);   /* the text the parts up to i hold */
		while (k < n && (i == np - 1 || done < goal || k == parts[i].lo))
			done += cost[k++];
		parts[i].hi = k;
	}
	while (np > 1 && parts[np - 1].lo == parts[np - 1].hi)   /* big functions ate them */
		np--;
	return np;
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
static int compile_object(LLVMModuleRef mod, LLVMTargetMachineRef tm, Part *pt, char *msg, size_t msglen)
{
	double t0 = cpu_seconds();
	if (optimize(mod, tm, msg, msglen) != 0)
		return -1;
	double t1 = cpu_seconds();
	pt->opt = t1 - t0;
	char *err = NULL;
	LLVMMemoryBufferRef mb = NULL;
	if (LLVMTargetMachineEmitToMemoryBuffer(tm, mod, LLVMObjectFile, &err, &mb)) {
		snprintf(msg, msglen, "backend 'cpu': code generation: %s", err ? err : "?");
		LLVMDisposeMessage(err);
		return -1;
	}
	pt->objlen = LLVMGetBufferSize(mb);
	pt->obj = xmalloc(pt->objlen + 1);
	memcpy(pt->obj, LLVMGetBufferStart(mb), pt->objlen);
	LLVMDisposeMemoryBuffer(mb);
	pt->codegen = cpu_seconds() - t1;
	return 0;
}

/* The object code of mod into pt: from the cache when it holds mod's key, else compiled
 * (and stored). */
static void object_code(LLVMModuleRef mod, LLVMTargetMachineRef tm, Part *pt)
{
	char *dir = cpu_cache_dir();
	size_t keylen = 0;
	char *key = dir ? cache_key(mod, tm, &keylen) : NULL;
	pt->obj = key ? cpu_cache_load(dir, key, keylen, &pt->objlen) : NULL;
	pt->cache = !dir ? "off" : pt->obj ? "hit" : "miss";
	if (!pt->obj && compile_object(mod, tm, pt, pt->msg, sizeof pt->msg) == 0 && key)
		cpu_cache_store(dir, key, keylen, pt->obj, pt->objlen);
	free(key);
	free(dir);
}

/* Part pt of w: its functions emitted into a module of their own context, verified and
 * compiled by a target machine of its own (LLVM contexts and target machines are not
 * shared between threads). */
static void compile_part(const Work *w, Part *pt)
{
	LLVMTargetMachineRef tm = host_machine(pt->msg, sizeof pt->msg);
	if (!tm)
		return;
	double t0 = cpu_seconds();
	LLVMContextRef ctx = LLVMContextCreate();
	LLVMModuleRef mod = LLVMModuleCreateWithNameInContext("cuda2hlo", ctx);
	char *triple = LLVMGetTargetMachineTriple(tm);
	LLVMSetTarget(mod, triple);
	LLVMDisposeMessage(triple);
	LLVMTargetDataRef dl = LLVMCreateTargetDataLayout(tm);
	LLVMSetModuleDataLayout(mod, dl);
	LLVMDisposeTargetData(dl);
	for (size_t k = pt->lo; k < pt->hi; k++)
		cpu_emit_fusion(ctx, mod, w->p->fusions.data[w->distinct[k]]);
	pt->emit = cpu_seconds() - t0;
	if (verify(mod, pt->msg, sizeof pt->msg) == 0)
		object_code(mod, tm, pt);
	LLVMDisposeModule(mod);
	LLVMContextDispose(ctx);
	LLVMDisposeTargetMachine(tm);
}

static void *compile_parts(void *arg)
{
	Work *w = arg;
	size_t i;
	while ((i = atomic_fetch_add(&w->next, 1)) < w->nparts)
		compile_part(w, &w->parts[i]);
	return NULL;
}

/* Compiles every part of w on up to nthreads threads (this one among them); returns
 * how many ran. A thread that cannot start leaves its share to the others. */
static size_t run_parts(Work *w, size_t nthreads)
{
	pthread_t tids[MAX_PARTS];
	size_t started = 0;
	pthread_attr_t attr;
	int attr_ok = pthread_attr_init(&attr) == 0;
	if (attr_ok)
		(void)pthread_attr_setstacksize(&attr, PART_STACK);   /* else the default stack */
	for (size_t t = 1; attr_ok && t < nthreads && t < w->nparts; t++)
		if (pthread_create(&tids[started], &attr, compile_parts, w) == 0)
			started++;
	if (attr_ok)
		pthread_attr_destroy(&attr);
	compile_parts(w);
	for (size_t t = 0; t < started; t++)
		pthread_join(tids[t], NULL);
	return started + 1;
}

/* A new LLJIT that owns tm, resolving the process's symbols, linking every part's
 * object; fills j->jit. */
static int jit_objects(CpuJit *j, LLVMTargetMachineRef tm, const Part *parts, size_t nparts, char *msg,
                       size_t msglen)
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
	for (size_t i = 0; i < nparts; i++) {
		LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRangeCopy(parts[i].obj, parts[i].objlen, "cuda2hlo");
		err = LLVMOrcLLJITAddObjectFile(j->jit, jd, mb);   /* takes mb */
		if (err)
			return llvm_fail(err, "adding the object", msg, msglen);
	}
	return 0;
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

/* The parts' statistics summed into js; 0, or -1 with the first failed part's message. */
static int gather(const Work *w, JitStats *js, char *msg, size_t msglen)
{
	int rc = 0;
	js->cache = w->parts[0].cache ? w->parts[0].cache : "off";
	for (size_t i = 0; i < w->nparts; i++) {
		const Part *pt = &w->parts[i];
		js->emit += pt->emit, js->opt += pt->opt, js->codegen += pt->codegen;
		if (pt->cache && !strcmp(pt->cache, "miss"))
			js->cache = "miss";
		if (!pt->obj && rc == 0) {
			snprintf(msg, msglen, "%s", pt->msg[0] ? pt->msg : "backend 'cpu': internal error: a part not compiled");
			rc = -1;
		}
	}
	return rc;
}

static int jit_init(char *msg, size_t msglen)
{
	pthread_once(&init_once, init_llvm);
	if (init_failed)
		snprintf(msg, msglen, "backend 'cpu': LLVM has no native target");
	return init_failed ? -1 : 0;
}

CpuJit *cpu_jit_compile(CpuProgram *p, int nthreads, char *msg, size_t msglen)
{
	CpuJit *j = xcalloc(1, sizeof *j);
	if (getenv("CUDA2HLO_CPU_DUMP"))
		cpu_program_dump(p, stderr);
	if (!p->fusions.len)
		return j;   /* nothing to compile: no LLVM work at all */
	LLVMTargetMachineRef tm = jit_init(msg, msglen) == 0 ? host_machine(msg, msglen) : NULL;
	if (!tm) {
		free(j);
		return NULL;
	}
	if (nthreads <= 0) {
		long n = sysconf(_SC_NPROCESSORS_ONLN);
		nthreads = n > 0 ? (int)n : 1;
	}
	JitStats js = {getenv("CUDA2HLO_CPU_JIT_STATS") != NULL, p->fusions.len, 0, 0, 0, "off", 0, 0, 0, 0};
	double w0 = wall_seconds(), t0 = cpu_seconds();
	size_t n = p->fusions.len, *canon = xcalloc(n, sizeof *canon), *distinct = xcalloc(n, sizeof *distinct);
	size_t *cost = xcalloc(n, sizeof *cost);
	Work w = {p, distinct, xcalloc(MAX_PARTS, sizeof(Part)), 0, 0};
	LLVMContextRef ctx = LLVMContextCreate();
	js.ndistinct = find_distinct(ctx, p, canon, distinct, cost);
	LLVMContextDispose(ctx);
	w.nparts = js.nparts = cut_parts(cost, js.ndistinct, w.parts);
	js.emit = cpu_seconds() - t0;
	js.nthreads = run_parts(&w, (size_t)nthreads);
	int rc = gather(&w, &js, msg, msglen);
	t0 = cpu_seconds();
	if (rc == 0)
		rc = jit_objects(j, tm, w.parts, w.nparts, msg, msglen);   /* takes tm */
	else
		LLVMDisposeTargetMachine(tm);
	if (rc == 0)
		rc = lookup_all(j, p, canon, msg, msglen);
	js.link = cpu_seconds() - t0;
	if (js.on)
		fprintf(stderr, "cpu jit: %zu fusions, %zu distinct, %zu parts on %zu threads; cache %s; CPU s: emit %.3f, "
		        "optimize %.3f, codegen %.3f, link %.3f; wall s %.3f\n", js.nfusions, js.ndistinct, js.nparts,
		        js.nthreads, js.cache, js.emit, js.opt, js.codegen, js.link, wall_seconds() - w0);
	for (size_t i = 0; i < w.nparts; i++)
		free(w.parts[i].obj);
	free(w.parts);
	free(cost);
	free(distinct);
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
