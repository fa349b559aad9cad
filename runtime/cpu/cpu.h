/* cpu.h: the "cpu" backend: StableHLO compiled to fused, multithreaded loop nests.
 *
 * The whole surface of runtime/cpu. backend.c names the three cpu_backend_* entries in
 * its table; everything else is internal to this folder. Sections follow the .c files:
 *   pool.c  a small pthread pool, created once per backend (session)
 *   plan.c  fusion decisions: which values are computed inside a consumer's loop nest
 *           and which are materialized; one plan (a list of steps) per block
 *   emit.c  LLVM IR for one fusion: a loop nest over the root's shape whose body is an
 *           expression tree over input indices (XLA's loop fusion)
 *   jit.c   LLVM modules (distinct fusions once, cut into parts of about 256 KiB of
 *           IR), "default<O2>" on the host target machine, one object file per part
 *           compiled on the backend's threads, ORC LLJIT
 *   cache.c the on-disk cache of those object files, keyed by each part's IR
 *   vmath.c vectorizable calls of sin, cos, exp, log, atan2, ... (glibc's libmvec)
 *   stride.c how far a load's address steps in its innermost loop (which nests vectorize)
 *   small.c f16 / bf16 elements: raw bits in registers, decoded for arithmetic, encoded
 *   dot.c   dot_general as a packed, blocked matrix product (C, compiled ahead of time)
 *   exec.c  the executor: runs steps, drives while/if/case/call, falls back to the
 *           interpreter's per-op entries (runtime.h) for every op the compiler skips
 * Nothing here exits on a user error; LLVM failures are reported as backend errors. */
#ifndef CUDA2HLO_CPU_H
#define CUDA2HLO_CPU_H

#include "runtime.h"

/* ---- exec.c: the BackendOps entries of "cpu" (backend.c) ----
 * create: plans and compiles every function of the module once; run: executes the
 * entry on RtValues (compiled code is reused across runs); arg must be NULL or
 * "threads=N". */
int cpu_backend_create(Backend *b, const char *arg, char *msg, size_t msglen);
int cpu_backend_run(Backend *b, const RtValue *args, RtValue *results, char *msg, size_t msglen);
void cpu_backend_destroy(Backend *b);
/* buf leaves the backend (a result taken by the caller): the buffer pool forgets it. */
void cpu_backend_disown(Backend *b, RtBuf *buf);
/* The pool's buffers that nobody else holds and the threads' scratch: their bytes, and
 * freeing them (BackendOps.cached_bytes, .trim). */
size_t cpu_backend_cached_bytes(const Backend *b);
void cpu_backend_trim(Backend *b);

/* ---- pool.c ---- */
typedef struct CpuPool CpuPool;
/* A task computes the part [lo, hi) of a range. */
typedef void (*CpuTaskFn)(void *ctx, int64_t lo, int64_t hi);
CpuPool *cpu_pool_create(int nthreads);        /* nthreads <= 0: the online CPUs */
void cpu_pool_destroy(CpuPool *p);
int cpu_pool_size(const CpuPool *p);           /* threads, the caller's included */
/* Splits [0, n) into chunks of at least grain and runs them on every thread (the caller
 * works too); returns when all are done. Small ranges run on the caller alone. */
void cpu_pool_run(CpuPool *p, int64_t n, int64_t grain, CpuTaskFn fn, void *ctx);
/* A 64-byte aligned buffer of at least `bytes`, kept by the pool and reused by the next
 * call (which may move it), so that a run does not map and fault in fresh pages. */
void *cpu_pool_scratch(CpuPool *p, size_t bytes);
/* The scratch buffer's size; freeing it (the next cpu_pool_scratch allocates afresh). */
size_t cpu_pool_scratch_bytes(const CpuPool *p);
void cpu_pool_scratch_free(CpuPool *p);

/* ---- cse.c, used by plan.c ----
 * canon[v] for each result v of b's ops: the first value of b that an op without
 * regions or effects computes equally (same kind, type, attributes, canon[] operands),
 * else v. canon[] of values defined outside b must be set (to themselves at least). */
void cpu_cse_block(const TFunc *f, const TBlock *b, int *canon);

/* ---- plan.c ---- */

/* Element types the compiled loops handle; f16, bf16 and sub-byte integers go to the
 * interpreter. */
int cpu_dtype_ok(DType t);
/* A region (reduce, scatter) that is one binary op on its two arguments: that op's kind;
 * CPU_REPLACE when it returns its second argument (a scatter that stores); else -1. */
enum { CPU_REPLACE = -2 };
int cpu_region_combiner(const TBlock *b);
/* The op kind of a reduce's body when it is one binary op on the two arguments (add,
 * multiply, maximum, minimum, and, or, xor), else -1. */
int cpu_reduce_combiner(const TOp *op);
/* A reduce whose combiner is or / and on an integer type (the while condition of a SIMT
 * loop: "does any thread go on"): once the accumulator is all ones (or) or zero (and), no
 * element can change it, so the loop nest stops there, and it is not split into partials. */
int cpu_reduce_absorbing(const TOp *op);

typedef void (*CpuKernelFn)(void **bufs, int64_t lo, int64_t hi);

/* One loop nest: computes value `root` of function f. bufs[0] is the output, bufs[1 + i]
 * the storage of inputs[i]. The nest runs dimension split_dim over [lo, hi) (the dims
 * before it have extent 1); the executor splits that range across threads. */
typedef struct CpuFusion {
	int id;                    /* symbol "c2h_fusion_<id>" */
	const TFunc *f;
	const uint8_t *inlined;    /* per value id of f: computed inside its consumers */
	int root;
	int *inputs;
	int ninputs;
	int split_dim;
	int64_t split_extent;
	int64_t numel;
	int nops;                  /* ops fused (for the parallel threshold and reports) */
	int inplace;               /* scatter / dynamic_update_slice root: the value whose storage
	                              it may update in place (operand 0, through reshapes), -1
	                              when its other operands read that value */
	int base;                  /* dynamic_update_slice root whose operand is a buffer (through
	                              reshapes): that value; the nest writes the update box only and
	                              exec.c copies the operand first unless it runs in place; -1
	                              when the operand is computed in the nest (copy loops emitted) */
	int64_t tail;              /* concatenate root whose operand 0 is a prefix of its memory
	                              (fu->inplace when materialized): the split index where
	                              the other operands start; exec.c computes [tail, extent)
	                              only, in operand 0's storage, when it dies there, has no
	                              other holder and room for the result; else -1 */
	int partial;               /* a reduce to one element split across threads: the nest
	                              runs input rows [lo, hi) from the combiner's identity and
	                              stores its partial at bufs[0][lo]; exec.c combines the
	                              partials with the init value in row order */
	CpuKernelFn fn;
} CpuFusion;

typedef enum {
	CS_FUSION,    /* run a compiled loop nest */
	CS_ALIAS,     /* share the storage of operand `alias`: a reshape, no-op convert or
	                 prefix slice of a materialized value, a dynamic_update_slice of a
	                 materialized update as large as its result */
	CS_SAME,      /* share the storage of value `same`, an earlier materialized value
	                 equal to this one (plan.c share_equal, cse.c) */
	CS_CONST,     /* a constant prepared once */
	CS_DOT,       /* dot_general through dot.c (or the interpreter when unsupported) */
	CS_WHILE, CS_IF, CS_CASE, CS_CALL,
	CS_INTERP,    /* one op through the interpreter's per-op entry */
} CpuStepKind;

typedef struct CpuPlan CpuPlan;

typedef struct CpuStep {
	CpuStepKind kind;
	const TOp *op;
	CpuFusion *fusion;         /* CS_FUSION */
	int alias;                 /* CS_ALIAS: the operand shared */
	int same;                  /* CS_SAME: the value shared */
	CpuPlan **subs;            /* while: cond, body; if / case: the branches */
	int nsubs;
	RtValue constant;          /* CS_CONST */
	int *release;              /* values of this block dead after the step */
	int nrelease;
} CpuStep;

struct CpuPlan {
	const TFunc *f;
	const TBlock *b;
	CpuStep *steps;
	int nsteps;
	const TOp *ret;            /* the block's terminator */
	int interpret;             /* the block holds an op the executor cannot dispatch:
	                              the whole function runs in the interpreter */
};

typedef struct CpuProgram {
	Arena *arena;              /* plans, fusions, marks */
	const TModule *m;
	CpuPlan **plans;           /* body plan of each function, by index in m->funcs */
	VEC(CpuFusion *) fusions;
	VEC(CpuPlan *) all_plans;  /* every plan, for destruction */
	int nfused_ops, nkernels;
} CpuProgram;

CpuProgram *cpu_program_create(const TModule *m);
void cpu_program_destroy(CpuProgram *p);
CpuPlan *cpu_program_plan(const CpuProgram *p, const TFunc *f);
/* A CS_CONST step's value, materialised (splats filled). */
RtValue cpu_constant_make(const TFunc *f, const TOp *op);
/* The bytes of the materialised constants of at least min_bytes that only the program
 * holds; drop: releases them too (each is made again when its step next runs). */
size_t cpu_program_constants(CpuProgram *p, size_t min_bytes, int drop);
/* One line per block: its steps (CUDA2HLO_CPU_DUMP=1 prints this at backend creation). */
void cpu_program_dump(const CpuProgram *p, FILE *out);

/* ---- emit.c / jit.c ---- */
typedef struct CpuJit CpuJit;
/* Emits every fusion of p (identical functions once) into LLVM modules of about 256 KiB
 * of IR each, optimizes them (default<O2>, host CPU and features) and compiles each to
 * an object file (or takes that file from the cache) on up to nthreads threads (<= 0:
 * the cores), and links them; sets each fusion's fn. NULL with msg on failure. */
CpuJit *cpu_jit_compile(CpuProgram *p, int nthreads, char *msg, size_t msglen);
void cpu_jit_destroy(CpuJit *j);

/* emit.c, used by jit.c: appends the kernel of fusion fu to the LLVM module `mod`
 * (opaque pointers to LLVM's C types, so that this header needs no llvm-c). */
void cpu_emit_fusion(void *ctx, void *mod, const CpuFusion *fu);

/* ---- vmath.c, used by emit.c ----
 * Builds at `builder` a call of name(args) (doubles: sin, cos, tan, exp, expm1, log,
 * log1p, cbrt, tanh, atan2, pow) that the loop vectorizer widens to glibc's libmvec
 * AVX-512 variant, and returns it; NULL when there is no variant here (no AVX-512F, no
 * libmvec.so.1, CUDA2HLO_CPU_VMATH not 1, another function): call the C library then. */
void *cpu_vmath_call(void *ctx, void *mod, void *builder, const char *name, void **args, int nargs);
/* Does fusion fu compute one of those functions where a variant exists, into an output
 * buffer that is always its own? emit.c then marks its stores as not aliasing its loads,
 * so that the loop with the calls vectorizes. */
int cpu_vmath_nest(const CpuFusion *fu);

/* ---- stride.c, used by emit.c ----
 * A bound on how far element offset `off` (an i64 LLVMValueRef of the function being
 * built) moves per iteration of its innermost loop, away from a few break points (i / 128
 * is 0, i * 256 is 256), or CPU_STRIDE_FAR when that is large or depends on data; inner[]
 * are the innermost loops' induction variables (phis). */
#define CPU_STRIDE_FAR ((int64_t)1 << 40)
int64_t cpu_stride(void *off, void **inner, int ninner, void **loads, const int64_t *data, int nloads);
/* The same bound on consecutive elements (in memory) of materialized value v of f, from
 * its definition: iota, splat constants and integer arithmetic on them; loads[i] of
 * cpu_stride that read a value in order step as data[i] = this. *memo: NULL at first,
 * then the steps known of f's values (the caller frees it). */
int64_t cpu_value_step(const TFunc *f, int v, int64_t **memo);

/* ---- small.c, used by emit.c ----
 * An f16 / bf16 element (dtype DT_F16 or DT_BF16) is held as its 16 raw bits (an i16
 * value); decode builds at `builder` its float value (NaNs made the quiet NaN of their
 * sign, as the interpreter decodes them), encode rounds a float to the type's bits
 * (nearest even, the interpreter's encoding). */
void *cpu_small_decode(void *ctx, void *builder, int dtype, void *raw);
void *cpu_small_encode(void *ctx, void *builder, int dtype, void *value);
/* encode of a double (one rounding, through f32 rounded to odd) */
void *cpu_small_encode_f64(void *ctx, void *builder, int dtype, void *value);
/* Is op kind computed in f32 for f16 / bf16 operands (exact there, or rounded
 * innocuously twice: above)? The others are computed in double, as the interpreter
 * does, and rounded once. */
int cpu_small_f32_op(int kind);

/* ---- cache.c ---- */
/* The cache folder: $CUDA2HLO_CACHE_DIR (empty: none), $XDG_CACHE_HOME/cuda2hlo or
 * $HOME/.cache/cuda2hlo; malloc'd, NULL when there is none. */
char *cpu_cache_dir(void);
/* The object stored under key (malloc'd; *objlen set), or NULL: absent, unreadable, or
 * not exactly what cpu_cache_store wrote for this key (checked byte for byte). */
void *cpu_cache_load(const char *dir, const char *key, size_t keylen, size_t *objlen);
/* Stores obj under key (a temporary file renamed over the entry); failures are ignored. */
void cpu_cache_store(const char *dir, const char *key, size_t keylen, const void *obj, size_t objlen);

/* ---- dot.c ---- */
/* Is this dot_general one dot.c computes (f32 or f64, no batch dimensions, one
 * contracting dimension, operands of rank 1 or 2)? */
int cpu_dot_supported(const TFunc *f, const TOp *op);
/* out = lhs . rhs for a supported op; out is the result's storage. */
void cpu_dot_run(CpuPool *pool, const TFunc *f, const TOp *op, const void *lhs,
                 const void *rhs, void *out);

#endif
