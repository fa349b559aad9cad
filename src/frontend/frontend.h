/* frontend.h: the public surface of src/frontend: CUDA C++ parsed with libclang into the
 * kernel IR (KIR) of DESIGN.md, "Kernel IR (frontend)". Sections follow the .c files.
 *
 * What holds for every KirProgram handed out by frontend_parse:
 * - One KirKernel per selected __global__ function (template instances included), with
 *   every device function inlined; no call is left in the IR.
 * - Every node has a SrcLoc and every expression a scalar type (KirDType). Pointer-typed
 *   values do not appear in expressions: memory is reached only through KE_LOAD, KE_ASSIGN
 *   or KE_INCDEC on a memory lvalue, and KE_ATOMIC, each naming a buffer (an index into
 *   KirKernel.bufs) and a flat element index (pointer arithmetic and multi-dimensional
 *   subscripts already folded into it, row-major). A pointer cast that reinterprets
 *   elements as another type of the same size (`(float *)int_smem`) is a KE_BITCAST of
 *   the KE_LOAD, and a store through it assigns a KE_BITCAST of the value.
 * - Structs by value never appear: their scalar fields are parameters ("g.nx"),
 *   variables ("s.sum") or an inlined function's results ("f.ret.sum"). A struct in
 *   memory (`float2 *p`, `__shared__ Particle s[64]`) of scalars (also in nested
 *   structs and array fields) is k = sizeof / S consecutive elements of one buffer whose
 *   element type is its first scalar of the widest size S (p[i].y is element 2*i + 1;
 *   padding is slots no field names, a narrower scalar fills a slot and is refused where
 *   it is used; an array gets an innermost dimension k;
 *   a pointer parameter's count is in those elements); a field of another type of the
 *   same size is reached through KE_BITCAST as above.
 * - Template kernels appear as instances ("k<3>", "axpy<float>"), their parameters
 *   substituted (non-type ones are constants).
 * - Conversions are explicit: the operands of a binary operator have the type the usual
 *   arithmetic conversions give (except the shift count, which is only promoted), an
 *   assigned value has the target's type (or the computation type of a compound
 *   assignment), conditions have type KT_I1.
 * - Scalars bound by --set, template arguments, `const`/`constexpr` values and macros are
 *   constants (KE_CONST); arithmetic on constants is folded.
 * - Structured control flow only: blocks, if, loops, break/continue, labelled block exits
 *   (KS_EXIT, used for a device function's `return` and a switch's `break`) and KS_RETURN
 *   (the thread leaves the kernel). Barriers are statements (KS_SYNC).
 * Nothing here is a libclang type; <clang-c/Index.h> is included only by the .c files. */
#ifndef CUDA2HLO_FRONTEND_H
#define CUDA2HLO_FRONTEND_H

#include "base.h"

#include <stdint.h>

/* ---- types.c: scalar types ----
 * (Prefix KT_, not DT_: the tensor IR in hlo_emit.h owns DT_ for its element types and
 * later stages include both headers. Renamed by the lead while both were being written.)
 * X(NAME, text, bytes, flags): flags 1 = integer, 2 = signed, 4 = float. */
#define KIR_DTYPES(X) \
	X(VOID, "void", 0, 0) \
	X(I1, "i1", 1, 1) \
	X(I8, "i8", 1, 3) \
	X(I16, "i16", 2, 3) \
	X(I32, "i32", 4, 3) \
	X(I64, "i64", 8, 3) \
	X(U8, "u8", 1, 1) \
	X(U16, "u16", 2, 1) \
	X(U32, "u32", 4, 1) \
	X(U64, "u64", 8, 1) \
	X(F16, "f16", 2, 6) \
	X(BF16, "bf16", 2, 6) \
	X(F32, "f32", 4, 6) \
	X(F64, "f64", 8, 6) \
	X(PTR, "ptr", 8, 0)

typedef enum {
#define X(n, s, b, f) KT_##n,
	KIR_DTYPES(X)
#undef X
	KT_COUNT
} KirDType;

const char *frontend_dtype_name(KirDType t);     /* "f32" */
int frontend_dtype_bytes(KirDType t);             /* 4; i1 counts 1 (a C++ bool) */
int frontend_dtype_is_int(KirDType t);            /* i1 and all integers */
int frontend_dtype_is_signed(KirDType t);         /* signed integers and floats */
int frontend_dtype_is_float(KirDType t);

/* A constant of a scalar type: integers (signed or not, i1 too) in i as two's complement
 * bits truncated and sign/zero-extended to the type; floats in f (f32 values are exactly
 * representable floats). */
typedef struct KirConst {
	KirDType type;
	int64_t i;
	double f;
} KirConst;

/* ---- operation tables (types.c has the names) ---- */

/* X(NAME, text, C spelling) */
#define KIR_BINOPS(X) \
	X(ADD, "add", "+") X(SUB, "sub", "-") X(MUL, "mul", "*") X(DIV, "div", "/") \
	X(REM, "rem", "%") X(SHL, "shl", "<<") X(SHR, "shr", ">>") X(AND, "and", "&") \
	X(OR, "or", "|") X(XOR, "xor", "^") X(LT, "lt", "<") X(LE, "le", "<=") \
	X(GT, "gt", ">") X(GE, "ge", ">=") X(EQ, "eq", "==") X(NE, "ne", "!=")

typedef enum {
	KB_NONE,             /* plain assignment in KE_ASSIGN */
#define X(n, s, c) KB_##n,
	KIR_BINOPS(X)
#undef X
	KB_COUNT
} KirBinOp;

#define KIR_UNOPS(X) X(NEG, "neg", "-") X(NOT, "not", "!") X(BITNOT, "bitnot", "~")

typedef enum {
#define X(n, s, c) KU_##n,
	KIR_UNOPS(X)
#undef X
	KU_COUNT
} KirUnOp;

/* Builtin variables (CUDA Programming Guide, "Built-in Variables"). */
#define KIR_BUILTINS(X) \
	X(TID_X, "threadIdx.x") X(TID_Y, "threadIdx.y") X(TID_Z, "threadIdx.z") \
	X(BID_X, "blockIdx.x") X(BID_Y, "blockIdx.y") X(BID_Z, "blockIdx.z") \
	X(BDIM_X, "blockDim.x") X(BDIM_Y, "blockDim.y") X(BDIM_Z, "blockDim.z") \
	X(GDIM_X, "gridDim.x") X(GDIM_Y, "gridDim.y") X(GDIM_Z, "gridDim.z") \
	X(WARPSIZE, "warpSize")

typedef enum {
#define X(n, s) KBI_##n,
	KIR_BUILTINS(X)
#undef X
	KBI_COUNT
} KirBuiltin;

/* Math functions and intrinsics: X(NAME, text, arity). The type of the node says which
 * precision (f32 for sqrtf and __fsqrt_rn, f64 for sqrt(double)); integer ops (ABS, MIN,
 * MAX, POPC, ...) take the node's integer type. Fast-math intrinsics are their own ops
 * (__expf is FEXP, not EXP) so a later stage can choose; the frontend records which.
 * Semantics as in the CUDA Math API reference; FMIN/FMAX ignore a NaN operand, MIN/MAX
 * are C++'s (a < b ? a : b). Conversions with a rounding mode are RINT/FLOOR/CEIL/TRUNC
 * followed by a KE_CAST; reinterpretations (__int_as_float) are KE_BITCAST. */
#define KIR_MATH_OPS(X) \
	X(SQRT, "sqrt", 1) X(RSQRT, "rsqrt", 1) X(CBRT, "cbrt", 1) X(RCBRT, "rcbrt", 1) \
	X(EXP, "exp", 1) X(EXP2, "exp2", 1) X(EXP10, "exp10", 1) X(EXPM1, "expm1", 1) \
	X(LOG, "log", 1) X(LOG2, "log2", 1) X(LOG10, "log10", 1) X(LOG1P, "log1p", 1) \
	X(POW, "pow", 2) X(SIN, "sin", 1) X(COS, "cos", 1) X(TAN, "tan", 1) \
	X(ASIN, "asin", 1) X(ACOS, "acos", 1) X(ATAN, "atan", 1) X(ATAN2, "atan2", 2) \
	X(SINH, "sinh", 1) X(COSH, "cosh", 1) X(TANH, "tanh", 1) X(ASINH, "asinh", 1) \
	X(ACOSH, "acosh", 1) X(ATANH, "atanh", 1) X(ERF, "erf", 1) X(ERFC, "erfc", 1) \
	X(ABS, "abs", 1) X(MIN, "min", 2) X(MAX, "max", 2) X(FMIN, "fmin", 2) \
	X(FMAX, "fmax", 2) X(FLOOR, "floor", 1) X(CEIL, "ceil", 1) X(TRUNC, "trunc", 1) \
	X(ROUND, "round", 1) X(RINT, "rint", 1) X(FMA, "fma", 3) X(COPYSIGN, "copysign", 2) \
	X(HYPOT, "hypot", 2) X(FMOD, "fmod", 2) X(REMAINDER, "remainder", 2) \
	X(FDIM, "fdim", 2) X(SATURATE, "saturate", 1) X(RCP, "rcp", 1) \
	X(ISNAN, "isnan", 1) X(ISINF, "isinf", 1) X(ISFINITE, "isfinite", 1) \
	X(SIGNBIT, "signbit", 1) \
	X(FEXP, "fast_exp", 1) X(FEXP10, "fast_exp10", 1) X(FLOG, "fast_log", 1) \
	X(FLOG2, "fast_log2", 1) X(FLOG10, "fast_log10", 1) X(FPOW, "fast_pow", 2) \
	X(FSIN, "fast_sin", 1) X(FCOS, "fast_cos", 1) X(FTAN, "fast_tan", 1) \
	X(FDIV, "fast_div", 2) \
	X(POPC, "popc", 1) X(CLZ, "clz", 1) X(FFS, "ffs", 1) X(BREV, "brev", 1) \
	X(MULHI, "mulhi", 2) X(MUL24, "mul24", 2) X(SAD, "sad", 3)

typedef enum {
#define X(n, s, a) KM_##n,
	KIR_MATH_OPS(X)
#undef X
	KM_COUNT
} KirMathOp;

/* Warp shuffles (CUDA Programming Guide, "Warp Shuffle Functions"). */
#define KIR_SHFL_OPS(X) X(IDX, "shfl") X(UP, "shfl_up") X(DOWN, "shfl_down") X(XOR, "shfl_xor")
typedef enum {
#define X(n, s) KSH_##n,
	KIR_SHFL_OPS(X)
#undef X
	KSH_COUNT
} KirShflOp;

/* Warp votes ("Warp Vote Functions"); ACTIVEMASK has no predicate. MATCH_ANY
 * ("Warp Match Functions", __match_any_sync): the lanes of the mask whose value has
 * this lane's bits; its pred is the value as a u32 or u64 (a float's bits). */
#define KIR_VOTE_OPS(X) X(BALLOT, "ballot") X(ANY, "any") X(ALL, "all") X(ACTIVEMASK, "activemask") \
	X(MATCH_ANY, "match_any")
typedef enum {
#define X(n, s) KV_##n,
	KIR_VOTE_OPS(X)
#undef X
	KV_COUNT
} KirVoteOp;

/* Atomics ("Atomic Functions"): the value is the old contents; CAS has two operands
 * (compare, value), INC/DEC one (the wrap limit). */
#define KIR_ATOMIC_OPS(X) \
	X(ADD, "add") X(SUB, "sub") X(MAX, "max") X(MIN, "min") X(EXCH, "exch") \
	X(CAS, "cas") X(AND, "and") X(OR, "or") X(XOR, "xor") X(INC, "inc") X(DEC, "dec")
typedef enum {
#define X(n, s) KA_##n,
	KIR_ATOMIC_OPS(X)
#undef X
	KA_COUNT
} KirAtomicOp;

/* Barriers ("Synchronization Functions", "Cooperative Groups"): THREADS is
 * __syncthreads() and this_thread_block().sync(); THREADS_COUNT/_AND/_OR take a
 * predicate and give an i32; WARP takes a mask. */
#define KIR_SYNC_OPS(X) \
	X(THREADS, "syncthreads") X(THREADS_COUNT, "syncthreads_count") \
	X(THREADS_AND, "syncthreads_and") X(THREADS_OR, "syncthreads_or") X(WARP, "syncwarp")
typedef enum {
#define X(n, s) KSY_##n,
	KIR_SYNC_OPS(X)
#undef X
	KSY_COUNT
} KirSyncOp;

const char *frontend_binop_name(KirBinOp op);    /* "add"; "assign" for KB_NONE */
const char *frontend_unop_name(KirUnOp op);
const char *frontend_builtin_name(KirBuiltin b);
const char *frontend_math_name(KirMathOp op);
int frontend_math_arity(KirMathOp op);
const char *frontend_shfl_name(KirShflOp op);
const char *frontend_vote_name(KirVoteOp op);
const char *frontend_atomic_name(KirAtomicOp op);
const char *frontend_sync_name(KirSyncOp op);

/* ---- kernel data: buffers, parameters, variables ---- */

typedef enum {
	KSP_GLOBAL,          /* a pointer parameter's memory */
	KSP_SHARED,          /* __shared__: one copy per block */
	KSP_CONSTANT,        /* __constant__: read-only, one copy */
	KSP_LOCAL            /* a local array: one copy per thread */
} KirSpace;

#define KIR_MAX_DIMS 4

typedef struct KirBuffer {
	const char *name;        /* unique in the kernel: "x", "g.data", "tile", "w.1" */
	KirSpace space;
	KirDType elem;           /* element type */
	int is_const;            /* pointee const (global), or __constant__ / const array */
	int is_restrict;         /* __restrict__ pointer parameter */
	int is_extern;           /* extern __shared__ T s[]: sized by the launch's shmem */
	int in_arg;              /* an array field of a struct passed by value, over
	                            FIELD_ELEMS_MAX scalars: a read-only input whose count
	                            elements lie in the argument's bytes (cudart/jit.c) */
	int ndims;               /* static arrays: row-major dims; 0 for pointer params */
	int64_t dims[KIR_MAX_DIMS];
	int64_t count;           /* elements; global: --size or cudaMalloc, 0 when unknown;
	                            extern shared: shmem / sizeof(elem), 0 when unknown */
	int64_t per_object;      /* a pointer parameter's buffer: scalars per object of its
	                            pointee, which --size counts (count = size * per_object:
	                            4 for float4, a struct's scalars, 4 for `float (*)[4]`);
	                            0 for other buffers (cudart/jit.c layout) */
	int param;               /* index into KirKernel.params for global, -1 otherwise */
	KirConst *init;          /* __constant__ or initialised array: count values, or NULL;
	                            a __constant__ without them is filled by the host
	                            (cudaMemcpyToSymbol): an input of the module */
	size_t ninit;
	SrcLoc loc;
	int untyped;             /* a `void *` parameter, its elements the type its casts
	                            give (voidptr.c); --size counts those */
	int sym_size;            /* --symbolic: a pointer parameter without --size whose element
	                            count is a symbol (an isl parameter named after the pointer;
	                            the module's tensor<?xT>); count is then the static bound the
	                            launch accesses, or 0 before it is known (docs/symbolic.md) */
	const char *sym_label;   /* --entry: how messages name that size ("size(u)" after the
	                            entry's buffer, "min(size(u), size(un))" in a loop that swaps
	                            them); NULL: "size(PARAM)" */
} KirBuffer;

typedef struct KirParam {
	const char *name;        /* "n"; a struct's field "g.nx" (flattened, declaration order) */
	KirDType type;           /* scalar type, or KT_PTR */
	int buffer;              /* KT_PTR: index into KirKernel.bufs; else -1 */
	int bound;               /* bound by --set: every use is the constant `value` */
	KirConst value;
	SrcLoc loc;
	int sym;                 /* symbolic without --symbolic naming it: the gridDim.x of a
	                            launch whose grid is computed at run time (--entry) */
	int indirect;            /* a field of the struct a pointer parameter points to (a
	                            descriptor in device memory): its argument holds the
	                            struct's address, not the struct (cudart/jit.c) */
	long long argoff;        /* a struct field's byte offset in its argument (or in the
	                            struct a descriptor points to), libclang's C layout; 0 for
	                            a whole argument, -1 when not known (cudart/jit.c layout) */
} KirParam;

typedef enum {
	KVK_LOCAL,               /* a variable of the kernel or an inlined function */
	KVK_ARG,                 /* an inlined function's parameter, set from the argument */
	KVK_RESULT,              /* an inlined function's result */
	KVK_OFFSET,              /* element offset of a pointer variable: i64 for one that is
	                            reassigned or incremented (p += n, p++, *p++); else the
	                            offset's type, made only when the offset at the pointer's
	                            declaration is not pure or uses a variable that changes
	                            later (else the offset is substituted at every use) */
	KVK_TEMP,                /* made by the frontend (a hoisted barrier result) */
	KVK_PARAM                /* a local copy of a scalar parameter the kernel assigns */
} KirVarKind;

typedef struct KirVar {
	const char *name;        /* unique in the kernel: "i", then "i.1", "i.2" for others */
	KirDType type;
	KirVarKind kind;
	SrcLoc loc;
	unsigned char partial;   /* assigned a few bytes at a time too (assign.bytes) */
} KirVar;

/* ---- expressions ---- */

#define KIR_EXPR_KINDS(X) \
	X(CONST, "const") X(PARAM, "param") X(VAR, "var") X(BUILTIN, "builtin") \
	X(UNARY, "unary") X(BINARY, "binary") X(LOGAND, "logand") X(LOGOR, "logor") \
	X(COND, "cond") X(CAST, "cast") X(BITCAST, "bitcast") X(LOAD, "load") \
	X(ASSIGN, "assign") X(INCDEC, "incdec") X(COMMA, "comma") X(MATH, "math") \
	X(SHFL, "shfl") X(VOTE, "vote") X(ATOMIC, "atomic")

typedef enum {
#define X(n, s) KE_##n,
	KIR_EXPR_KINDS(X)
#undef X
	KE_COUNT
} KirExprKind;

typedef struct KirExpr KirExpr;

/* Something assignable: a variable (var >= 0) or the element bufs[buffer][index]. */
typedef struct KirLval {
	int var;                 /* index into KirKernel.vars, or -1 for memory */
	int buffer;              /* index into KirKernel.bufs when var < 0 */
	KirExpr *index;          /* flat element index (integer type) when var < 0 */
} KirLval;

struct KirExpr {
	KirExprKind kind;
	KirDType type;           /* the value's type; KT_VOID never appears */
	SrcLoc loc;
	union {
		KirConst c;                                          /* CONST */
		int param;                                           /* PARAM: unbound scalar */
		int var;                                             /* VAR */
		KirBuiltin builtin;                                  /* BUILTIN: u32 */
		struct { KirUnOp op; KirExpr *x; } un;               /* UNARY (NOT gives i1) */
		struct { KirBinOp op; KirExpr *l, *r; } bin;         /* BINARY; LOGAND, LOGOR (l, r: i1) */
		struct { KirExpr *c, *t, *f; } cond;                 /* COND: c ? t : f, lazy */
		KirExpr *x;                                          /* CAST, BITCAST to `type` */
		/* LOAD; bytes: the bytes of the element the value depends on (bit b: byte b;
		 * a narrow view's or a bit-field's, for the race check), 0 the whole element */
		struct { int buffer; KirExpr *index; unsigned char bytes; } load;
		/* ASSIGN: lv = value (op KB_NONE, value of lv's type), or compound
		 * lv = (T)((optype)lv op value) with value of type optype; the node's value is
		 * the new contents of lv. bytes (a store into part of a variable's bits,
		 * bitview.c): the bytes of lv.var it sets (bit b: byte b), the value reading
		 * lv.var only to keep the others; a value `c ? x : lv.var` sets them only where
		 * c holds. 0: the whole of lv. For memory (lv.var < 0), bytes != 0 marks a part
		 * store's read-modify-write of the element (narrow_store.c), bytes the bytes it
		 * changes (every byte of the element when not known); its load of the element
		 * (same buffer, index the same variable) has as load.bytes the bytes it keeps.
		 * Exact only when no other thread writes the element or reads a changed byte in
		 * the phase, which the raise proves or refuses (race.c, race_part.c). */
		struct { KirLval lv; KirBinOp op; KirDType optype; KirExpr *value; unsigned char bytes; } assign;
		/* INCDEC: ++/--; value is the old contents when post, else the new. */
		struct { KirLval lv; int inc, post; } incdec;
		struct { KirExpr *l, *r; } comma;                    /* COMMA: r's value */
		struct { KirMathOp op; int nargs; KirExpr *args[3]; } math;
		/* SHFL: value from lane (IDX), lane - delta (UP), + delta (DOWN), ^ mask (XOR),
		 * within segments of `width` lanes (a constant power of two <= 32). */
		struct { KirShflOp op; KirExpr *mask, *value, *lane; int width; } shfl;
		struct { KirVoteOp op; KirExpr *mask, *pred; } vote; /* BALLOT, MATCH_ANY: u32; ANY/ALL: i32 */
		/* ATOMIC: old = bufs[buffer][index]; store(old op args...); value old. per > 1:
		 * the location is `per` consecutive elements from index * per read as one value
		 * of the node's type (little-endian: `atomicMax((unsigned long long *)ints, v)`,
		 * frontend wide.c); 0 or 1: one element. */
		struct { KirAtomicOp op; int buffer; KirExpr *index; int nargs; KirExpr *args[2]; int per; } atomic;
	} u;
};

/* ---- statements ---- */

#define KIR_STMT_KINDS(X) \
	X(BLOCK, "block") X(DECL, "decl") X(EXPR, "expr") X(IF, "if") X(FOR, "for") \
	X(WHILE, "while") X(DO, "do") X(BREAK, "break") X(CONTINUE, "continue") \
	X(EXIT, "exit") X(RETURN, "return") X(SYNC, "sync")

typedef enum {
#define X(n, s) KS_##n,
	KIR_STMT_KINDS(X)
#undef X
	KS_COUNT
} KirStmtKind;

typedef struct KirStmt KirStmt;

struct KirStmt {
	KirStmtKind kind;
	SrcLoc loc;
	union {
		/* BLOCK: label > 0 when a KS_EXIT inside may leave it (an inlined call:
		 * `inline` names the function; a switch). Labels are unique per kernel. */
		struct { KirStmt **stmts; size_t nstmts; int label; const char *inlined; } block;
		struct { int var; KirExpr *init; } decl;             /* DECL: init may be NULL */
		KirExpr *expr;                                       /* EXPR */
		struct { KirExpr *cond; KirStmt *then, *els; } if_; /* IF: els may be NULL */
		/* FOR: init (a DECL/EXPR/BLOCK statement) and step may be NULL; cond NULL is
		 * true. unroll: 0 none, -1 `#pragma unroll`, N `#pragma unroll N`. */
		struct { KirStmt *init; KirExpr *cond, *step; KirStmt *body; int unroll; } for_;
		struct { KirExpr *cond; KirStmt *body; } loop;       /* WHILE, DO */
		int label;                                           /* EXIT: leave that BLOCK */
		/* SYNC: arg is the predicate (THREADS_COUNT/_AND/_OR) or mask (WARP), else
		 * NULL; result is the variable receiving their value, else -1. */
		struct { KirSyncOp op; KirExpr *arg; int result; } sync;
	} u;
};

/* ---- kernels and the program ---- */

typedef struct KirKernel {
	const char *name;        /* "saxpy", a template instance "box_blur<3>" */
	SrcLoc loc;              /* the kernel's name in its definition */
	KirParam *params;        /* CUDA order, struct fields flattened in place */
	size_t nparams;
	KirBuffer *bufs;         /* pointer params first (param order), then shared, constant,
	                            local arrays in order of appearance */
	size_t nbufs;
	KirVar *vars;
	size_t nvars;
	KirStmt *body;           /* a KS_BLOCK */
	int nlabels;             /* labels used are 1..nlabels */
	/* Launch configuration: --grid/--block, else the first evaluable host launch. */
	int grid[3], block[3];
	int have_grid, have_block;
	int64_t shmem;           /* dynamic shared memory bytes (0 when none / unknown) */
	int launch;              /* index into KirProgram.launches giving defaults, or -1 */
	const char *printf;      /* device printf sites (frontend printf.c: the format of
	                            this text), or NULL when there are none */
} KirKernel;

/* A kernel launch `k<<<g, b, s>>>(args)` found in host code. */
typedef struct KirLaunch {
	const char *kernel;      /* instance name as launched: "k", "box_blur<3>" */
	const char *host_fn;     /* the enclosing host function */
	SrcLoc loc;
	int grid[3], block[3];   /* valid when have_config */
	int64_t shmem;
	int have_config;         /* grid, block and shmem were evaluated */
	int have_block;          /* block was evaluated (also when grid or shmem was not) */
	const char **args;       /* per argument: the host variable's name, or NULL */
	size_t nargs;
	const char *why;         /* !have_config: "its grid follows from 'n', which is read
	                            from argv", or NULL when no host variable was found */
	const char *set_var;     /* the host integer variable --set would bind, or NULL */
} KirLaunch;

/* cudaMalloc(&var, bytes) with bytes evaluable. */
typedef struct KirAlloc {
	const char *var;         /* host pointer variable */
	const char *host_fn;
	int64_t bytes;
	SrcLoc loc;
} KirAlloc;

typedef struct KirProgram {
	const char *file;
	KirKernel *kernels;      /* selected kernels, in --kernel order, else source order */
	size_t nkernels;
	KirLaunch *launches;     /* source order */
	size_t nlaunches;
	KirAlloc *allocs;
	size_t nallocs;
	struct HostFunc *host;   /* --entry: the host function (host.c), else NULL */
} KirProgram;

/* ---- build.c: node constructors with constant folding (also for later stages) ----
 * Every constructor allocates in `a`. frontend_new_binary folds two constants and
 * x+0, x*1; frontend_new_cast folds a constant and drops a cast to the same type.
 * Types are not converted here: callers pass operands of the right types. */
KirExpr *frontend_new_expr(Arena *a, KirExprKind k, KirDType t, SrcLoc loc);
KirExpr *frontend_new_const(Arena *a, KirConst c, SrcLoc loc);
KirExpr *frontend_new_int(Arena *a, KirDType t, int64_t v, SrcLoc loc);
KirExpr *frontend_new_binary(Arena *a, KirBinOp op, KirDType t, KirExpr *l, KirExpr *r, SrcLoc loc);
KirExpr *frontend_new_unary(Arena *a, KirUnOp op, KirDType t, KirExpr *x, SrcLoc loc);
KirExpr *frontend_new_cast(Arena *a, KirDType t, KirExpr *x, SrcLoc loc);
/* A plain store of value: into variable var (buf -1, index NULL) or into buf[index]
 * (var -1); the node's type is value's. */
KirExpr *frontend_new_assign(Arena *a, int var, int buf, KirExpr *index, KirExpr *value, SrcLoc loc);
KirStmt *frontend_new_stmt(Arena *a, KirStmtKind k, SrcLoc loc);
/* The launch's grid and block extents into g and b: the given ones, else the kernel's
 * own (KirKernel.grid/block), else 0; whether every extent is known (positive). */
int frontend_launch_of(const KirKernel *k, const int64_t grid[3], const int64_t block[3],
                       int64_t g[3], int64_t b[3]);
/* c as an i1 condition (c != 0; c itself when it is one). */
KirExpr *frontend_truth(Arena *a, KirExpr *c);
/* Whether evaluating e has no effect (no store, increment or atomic in it), so that a
 * check may evaluate it again (poison.c, oobguard.c). */
int frontend_expr_pure(const KirExpr *e);
/* Converts a constant to type t as C does (float to int truncates toward zero). */
KirConst frontend_const_convert(KirConst c, KirDType t);
int frontend_const_is_true(KirConst c);
/* l op r folded as frontend_new_binary does, in l's type (comparisons set out->type to
 * i1; the caller presets out->type to the result type); 0 when it is left to run time
 * (signed overflow, division by zero). */
int frontend_const_binary(KirBinOp op, KirConst l, KirConst r, KirConst *out);

/* ---- parse.c: libclang to KIR ----
 * Parses `file` with the flags of `o` (-I, -D, -std, -p, --cuda-path), selects kernels
 * (--kernel, else every non-template __global__ function and every template instance
 * launched in host code), lowers them. Returns NULL after reporting diagnostics. Every
 * string and node lives in `a`. */
KirProgram *frontend_parse(Arena *a, const Options *o, const char *file);

/* ---- compdb.c: the .cu files of compile_commands.json (-p: the file or its folder),
 * absolute, once each, in the database's order: *files, *nfiles (all in a). Returns 0, or
 * 1 after an error (an unreadable database). */
int frontend_compdb_files(Arena *a, const char *compdb, const char ***files, size_t *nfiles);

/* ---- assigned.c: definite assignment, run on a kernel before it is raised for a launch
 * of grid x block (both may be NULL: then the kernel's own launch, when it has one).
 * Reports every read of a local variable or local array element that is not set on
 * every path reaching it (an error at the read, a note at the declaration); returns the
 * number of errors. */
int frontend_check_assigned(const KirKernel *k, const int64_t grid[3], const int64_t block[3]);
/* The same check, silent: marks in refused (nvars + nbufs flags, zeroed by the caller)
 * each variable and local array with a refused read (and the variable a refused copy
 * copies); returns the number of errors it would report. */
int frontend_assigned_refused(const KirKernel *k, const int64_t grid[3], const int64_t block[3],
                              unsigned char *refused);
/* The same reports as warnings (the reads are checked at run time: poison.c). */
void frontend_assigned_warn(const KirKernel *k, const int64_t grid[3], const int64_t block[3]);

/* ---- poison.c: for a kernel whose reads of the locals in refused (as above) are not
 * proved set: a copy in which those values carry a "not set" bit and a launch that
 * would observe one fails with a located message (a device assert's record); NULL when
 * that cannot be done exactly (then report the refusal). Nodes and strings live in a. */
KirKernel *frontend_poison(Arena *a, const KirKernel *k, const unsigned char *refused,
                           const int64_t grid[3], const int64_t block[3]);

/* ---- oobguard.c: for a kernel and the accesses (keys `FILE:LINE:COL`) whose index the
 * bounds walk could not prove in bounds (--oob-check): a copy in which a launch where
 * such an access leaves its buffer fails with a located message (a device assert's
 * record per access); the accesses it cannot check there get a --report line in
 * skipped; NULL when none is checked. Nodes and strings live in a. */
KirKernel *frontend_oob_guard(Arena *a, const KirKernel *k, const Map *sites,
                              const int64_t grid[3], const int64_t block[3], StrBuf *skipped,
                              int *errors);

/* ---- poison_range.c: the loads of k whose index is in bounds on every path, for every
 * thread of the launch and every value of what is unset or unbound (a set the caller
 * destroys); whether one load is in it ---- */
Map *frontend_poison_ranges(const KirKernel *k, const int64_t grid[3], const int64_t block[3]);
int frontend_poison_in_range(const Map *ok, const KirExpr *load);

/* ---- printf.c: where kernel k's first device printf site is (its records are the
 * pointer parameters named cuda2hlo_printfN), or NULL when it has none ---- */
const SrcLoc *frontend_printf_site(const KirKernel *k);

/* ---- print.c: deterministic text form (--emit kir), one node per line, children
 * indented by two spaces, locations as @line:col. */
void frontend_print_kir(StrBuf *out, const KirProgram *p);
void frontend_print_kernel(StrBuf *out, const KirKernel *k);
void frontend_print_const(StrBuf *out, KirConst c);   /* "1000", "2.5", "nan" */

/* ---- bundled headers (generated at build time from cuda_api.cuh and
 * cooperative_groups.cuh, math_api.cuh) ---- */
extern const char frontend_bundled_cuda_api[];
extern const char frontend_bundled_math_api[];
extern const char frontend_bundled_cooperative_groups[];
extern const char frontend_bundled_cuda_runtime_api[];
extern const char frontend_bundled_cuda_fp16[];

/* ==== host.c: the host function named by --entry (section owned by "host") ====
 * A small tree over host variables: scalars (parameters, locals, dim3 components as
 * "grid.x"), device pointers (parameters, cudaMalloc'd locals). Host expressions are
 * KirExpr nodes whose KE_VAR indexes HostFunc.vars (constants folded; types as clang
 * gives them after its implicit conversions). Static host functions called from the
 * entry are inlined (their variables get fresh names); kernel launches name the
 * kernel instance as KirLaunch does. */
typedef enum {
	HS_BLOCK, HS_ASSIGN, HS_LAUNCH, HS_FOR, HS_IF, HS_SWAP, HS_MEMCPY, HS_MEMSET, HS_MALLOC
} HostStmtKind;

typedef struct HostVar {
	const char *name;        /* unique: "n", "c.1" (an inlined helper's parameter) */
	KirDType type;           /* scalar type, or KT_PTR */
	KirDType elem;           /* KT_PTR: element type */
	int param;               /* index among the entry's parameters, or -1 */
	SrcLoc loc;
} HostVar;

typedef struct HostStmt HostStmt;
struct HostStmt {
	HostStmtKind kind;
	SrcLoc loc;
	union {
		struct { HostStmt **stmts; size_t n; } block;
		/* scalar var = value; pointer var = vars[src] (src -1: nullptr) */
		struct { int var; KirExpr *value; int src; } assign;
		/* grid/block components and shmem are host expressions; per argument either
		 * a pointer variable (ptr[i] >= 0) or a scalar expression (arg[i]) */
		struct { const char *kernel; KirExpr *grid[3], *block[3], *shmem;
		         KirExpr **arg; int *ptr; size_t nargs; } launch;
		/* for (var = init; var cmp bound; var += step) body */
		struct { int var; KirExpr *init, *bound; KirBinOp cmp; int64_t step; HostStmt *body; } for_;
		struct { KirExpr *cond; HostStmt *then, *els; } if_;      /* els may be NULL */
		struct { int a, b; } swap;                                 /* pointer variables */
		struct { int dst, src; KirExpr *bytes; } copy;             /* HS_MEMCPY, device to device */
		struct { int dst; KirExpr *value, *bytes; } set;           /* HS_MEMSET */
		struct { int var; KirExpr *bytes; } alloc;                 /* HS_MALLOC */
	} u;
};

typedef struct HostFunc {
	const char *name;
	SrcLoc loc;
	HostVar *vars;
	size_t nvars;
	size_t nparams;          /* vars[0 .. nparams-1] are the parameters, in order */
	HostStmt *body;          /* HS_BLOCK */
} HostFunc;

/* Lowers o->entry from a parsed translation unit (a CXTranslationUnit passed as void *
 * so this header stays free of libclang). NULL after located diagnostics. */
HostFunc *frontend_lower_host(Arena *a, const Options *o, void *tu, const char *file);
/* The options the kernels of an --entry program are lowered with: o without --set (the
 * host function's arguments reach the kernels per launch; raise binds the constant ones). */
const Options *frontend_entry_options(Arena *a, const Options *o);
/* o with --kernel set to the kernel instances hf launches (o itself when it launches
 * none): frontend_parse lowers only those for --entry. */
const Options *frontend_entry_select(Arena *a, const Options *o, const HostFunc *hf);
/* flags.c: a --set value of type t, exactly (an integer in t's range, a float finite in
 * t unless the text says inf or nan): NULL and *out, or why not ("out of range", ...). */
const char *frontend_flag_value(const char *text, KirDType t, KirConst *out);
/* The located error for a value frontend_flag_value refused. */
void frontend_flag_value_error(SrcLoc at, const char *name, const char *text, KirDType t, const char *why);
/* ==== end of host.c section ==== */

#endif
