/* jit.c: LLVM module, optimisation and ORC LLJIT for the cpu backend (cpu.h, "jit.c").
 *
 * Consumes a CpuProgram's fusions; produces machine code for all of them, compiled once
 * per backend (so `--bench N` runs compile nothing), and sets each fusion's fn. The
 * module is built for the host: its triple, CPU name and CPU features (so AVX2 / AVX-512
 * vectors are used where the machine has them), optimized with the new pass manager's
 * "default<O3>" pipeline (loop and SLP vectorizers on), then handed to LLJIT with the
 * same target machine. Symbols the kernels call (exp, fmod, ...) resolve in the process.
 * Every LLVM error becomes a message; nothing here exits on one. */
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

struct CpuJit {
	LLVMOrcLLJITRef jit;
};

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
	LLVMTargetMachineRef tm = LLVMCreateTargetMachine(target, triple, cpu, features, LLVMCodeGenLevelAggressive,
	                                                  LLVMRelocDefault, LLVMCodeModelJITDefault);
	LLVMDisposeMessage(cpu);
	LLVMDisposeMessage(features);
	LLVMDisposeMessage(triple);
	if (!tm)
		snprintf(msg, msglen, "backend 'cpu': cannot create the host target machine");
	return tm;
}

static int optimize(LLVMModuleRef mod, LLVMTargetMachineRef tm, char *msg, size_t msglen)
{
	char *verr = NULL;
	if (LLVMVerifyModule(mod, LLVMReturnStatusAction, &verr)) {
		snprintf(msg, msglen, "backend 'cpu': internal error: invalid IR: %.400s", verr ? verr : "?");
		LLVMDisposeMessage(verr);
		return -1;
	}
	LLVMDisposeMessage(verr);
	LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
	LLVMPassBuilderOptionsSetLoopVectorization(opts, 1);
	LLVMPassBuilderOptionsSetSLPVectorization(opts, 1);
	LLVMPassBuilderOptionsSetLoopUnrolling(opts, 1);
	LLVMErrorRef err = LLVMRunPasses(mod, "default<O3>", tm, opts);
	LLVMDisposePassBuilderOptions(opts);
	if (!err && getenv("CUDA2HLO_CPU_IR"))
		LLVMDumpModule(mod);   /* the optimized IR, on stderr, for looking at vector code */
	return err ? llvm_fail(err, "optimisation", msg, msglen) : 0;
}

/* Hands mod (and its context) to a new LLJIT that owns tm; fills j->jit. */
static int jit_module(CpuJit *j, LLVMContextRef ctx, LLVMModuleRef mod, LLVMTargetMachineRef tm, char *msg,
                      size_t msglen)
{
	LLVMOrcLLJITBuilderRef bld = LLVMOrcCreateLLJITBuilder();
	LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(bld, LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(tm));
	LLVMErrorRef err = LLVMOrcCreateLLJIT(&j->jit, bld);
	if (err) {
		LLVMDisposeModule(mod);
		LLVMContextDispose(ctx);
		j->jit = NULL;
		return llvm_fail(err, "creating the JIT", msg, msglen);
	}
	LLVMOrcJITDylibRef jd = LLVMOrcLLJITGetMainJITDylib(j->jit);
	LLVMOrcDefinitionGeneratorRef gen;
	err = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(&gen, LLVMOrcLLJITGetGlobalPrefix(j->jit), NULL, NULL);
	if (err) {
		LLVMDisposeModule(mod);
		LLVMContextDispose(ctx);
		return llvm_fail(err, "process symbols", msg, msglen);
	}
	LLVMOrcJITDylibAddGenerator(jd, gen);
	LLVMOrcThreadSafeContextRef tsc = LLVMOrcCreateNewThreadSafeContextFromLLVMContext(ctx);
	LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(mod, tsc);
	LLVMOrcDisposeThreadSafeContext(tsc);
	err = LLVMOrcLLJITAddLLVMIRModule(j->jit, jd, tsm);
	if (err) {
		LLVMOrcDisposeThreadSafeModule(tsm);
		return llvm_fail(err, "adding the module", msg, msglen);
	}
	return 0;
}

static int lookup_all(CpuJit *j, CpuProgram *p, char *msg, size_t msglen)
{
	for (size_t i = 0; i < p->fusions.len; i++) {
		CpuFusion *fu = p->fusions.data[i];
		char name[64];
		snprintf(name, sizeof name, "c2h_fusion_%d", fu->id);
		LLVMOrcExecutorAddress addr = 0;
		LLVMErrorRef err = LLVMOrcLLJITLookup(j->jit, &addr, name);
		if (err)
			return llvm_fail(err, "compiling the fused loops", msg, msglen);
		fu->fn = (CpuKernelFn)(uintptr_t)addr;
	}
	return 0;
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
	LLVMContextRef ctx = LLVMContextCreate();
	LLVMModuleRef mod = LLVMModuleCreateWithNameInContext("cuda2hlo", ctx);
	char *triple = LLVMGetTargetMachineTriple(tm);
	LLVMSetTarget(mod, triple);
	LLVMDisposeMessage(triple);
	LLVMTargetDataRef dl = LLVMCreateTargetDataLayout(tm);
	LLVMSetModuleDataLayout(mod, dl);
	LLVMDisposeTargetData(dl);
	for (size_t i = 0; i < p->fusions.len; i++)
		cpu_emit_fusion(ctx, mod, p->fusions.data[i]);
	int rc = optimize(mod, tm, msg, msglen);
	if (rc != 0) {
		LLVMDisposeModule(mod);
		LLVMContextDispose(ctx);
		LLVMDisposeTargetMachine(tm);
	} else {
		rc = jit_module(j, ctx, mod, tm, msg, msglen);
	}
	if (rc == 0)
		rc = lookup_all(j, p, msg, msglen);
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
