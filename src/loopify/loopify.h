/* loopify.h: the public surface of src/loopify: the kernel IR with its thread grid made
 * explicit (DESIGN.md, "Loop IR (loopify)"). Sections follow the .c files.
 *
 * A LoopKernel is a tree of LoopNodes. Leaves are PHASES: a parallel nest over the launch
 * with a sequential, barrier-free body. Inner nodes are the control flow that is uniform
 * across the threads of a block and was hoisted out of the thread loops because it holds
 * a barrier: sequential loops (LN_FOR), `if`s (LN_IF), sequences (LN_SEQ), statements
 * executed once (LN_STMT: the assignments of uniform variables), and LN_BLOCKS, a parallel
 * loop over the blocks of the grid.
 *
 * Where a phase's nest starts: outside any LN_BLOCKS, a phase is the whole launch
 * (bz, by, bx, tz, ty, tx) and every control node above it is uniform over the GRID
 * (it reads constants, unbound scalar parameters, blockDim/gridDim and uniform variables
 * only). Inside an LN_BLOCKS node (made when a hoisted condition reads blockIdx), a phase
 * is the nest (tz, ty, tx) of the current block.
 *
 * Phase bodies reuse the kernel IR (KirStmt/KirExpr) of frontend.h, with these changes:
 * - No KS_SYNC, KE_SHFL or KE_VOTE remains: shuffles and votes read per-lane arrays
 *   (LB_LANE buffers, shared space) that the phase before wrote, barrier results are
 *   loops over such arrays.
 * - KS_RETURN means "this thread leaves the kernel": the rest of the phase is skipped, and
 *   when the kernel has an exited-flag buffer (LoopKernel.exited >= 0) it is set, and
 *   later phases skip the thread (LoopPhase.skip_exited).
 * - KE_BUILTIN threadIdx.* / blockIdx.* are the loop counters of the nest.
 * - Variable and buffer indices refer to LoopKernel.k, a copy of the KirKernel whose vars
 *   and bufs tables are extended with the synthetic entries loopify makes; vinfo/binfo
 *   are parallel to them and say where each one lives.
 * Launch dimensions and buffer sizes are data (LoopLaunch, KirBuffer.count), never baked
 * into code, so symbolic shapes can come later. */
#ifndef CUDA2HLO_LOOPIFY_H
#define CUDA2HLO_LOOPIFY_H

#include "base.h"
#include "frontend.h"

/* ---- storage of variables and buffers ---- */

/* Where a KirVar lives after loopify. */
typedef enum {
	LVS_UNUSED,          /* never referenced in any phase or control node */
	LVS_PRIVATE,         /* thread-private, referenced in one phase only: a local there */
	LVS_SPILL,           /* thread-private and live across phases: an array [block][thread] */
	LVS_UNIFORM          /* same value in every thread: one scalar of the enclosing scope
	                        (the kernel, or the block inside LN_BLOCKS); read by control
	                        nodes and phases, written only by control nodes (LN_STMT,
	                        LN_FOR init/step) */
} LoopVarStorage;

typedef struct LoopVar {
	LoopVarStorage storage;
	int first_phase;     /* id of the first phase that references it, -1 if none */
} LoopVar;

/* Why a buffer exists. */
typedef enum {
	LB_USER,             /* a KIR buffer (global, shared, constant, local array) */
	LB_LANE,             /* per-lane values of a shuffle/vote/barrier predicate: shared
	                        space, count = threads per block rounded up to 32 */
	LB_EXITED            /* per-thread flag (u8, shared space, count = threads per block):
	                        the thread has returned */
} LoopBufOrigin;

/* Replication of a buffer's `count` elements over the launch:
 *   KSP_GLOBAL, KSP_CONSTANT: one copy.
 *   KSP_SHARED: one copy per block ([nblocks][count]); a phase indexes within its block.
 *   KSP_LOCAL: one copy per thread; `spill` says whether it is live across phases (then
 *   [nblocks][nthreads][count], else a local array of the one phase using it). */
typedef struct LoopBuf {
	LoopBufOrigin origin;
	int spill;
} LoopBuf;

/* ---- the tree ---- */

typedef struct LoopLaunch {
	int64_t grid[3];     /* x, y, z */
	int64_t block[3];
	int64_t shmem;       /* dynamic shared memory bytes */
	int64_t nblocks;     /* grid[0]*grid[1]*grid[2] */
	int64_t nthreads;    /* block[0]*block[1]*block[2] */
} LoopLaunch;

#define LOOP_NODE_KINDS(X) \
	X(PHASE, "phase") X(FOR, "for") X(IF, "if") X(SEQ, "seq") X(STMT, "stmt") \
	X(BLOCKS, "blocks") X(BREAK, "break") X(CONTINUE, "continue")

typedef enum {
#define X(n, s) LN_##n,
	LOOP_NODE_KINDS(X)
#undef X
	LN_COUNT
} LoopNodeKind;

typedef struct LoopNode LoopNode;

typedef struct LoopPhase {
	int id;              /* 0, 1, ... in program order, unique per kernel */
	KirStmt *body;       /* a KS_BLOCK, barrier-free; run by every thread of the nest */
	int skip_exited;     /* threads whose exited flag is set do not run the body */
	int in_blocks;       /* inside an LN_BLOCKS: the nest is (tz, ty, tx) only */
	SrcLoc end;          /* the barrier that ends it (NOLOC at the end of the kernel) */
} LoopPhase;

struct LoopNode {
	LoopNodeKind kind;
	SrcLoc loc;
	union {
		LoopPhase phase;                                     /* PHASE */
		/* FOR: a uniform loop holding barriers: init (a KIR DECL/EXPR/BLOCK of uniform
		 * assignments, or NULL); cond NULL is true; step NULL or a uniform assignment.
		 * do_while: body runs once before cond is first tested. */
		struct { KirStmt *init; KirExpr *cond, *step; LoopNode *body; int do_while; } for_;
		struct { KirExpr *cond; LoopNode *then, *els; } if_; /* IF: els may be NULL */
		struct { LoopNode **nodes; size_t nnodes; } seq;     /* SEQ, and BLOCKS' body */
		KirStmt *stmt;                                       /* STMT: run once */
	} u;
};

typedef struct LoopKernel {
	const char *name;        /* KIR name: "box_blur<3>" */
	const char *c_name;      /* C identifier: "box_blur_3" */
	SrcLoc loc;
	KirKernel *k;            /* params, extended bufs and vars, the original body */
	LoopVar *vinfo;          /* parallel to k->vars */
	LoopBuf *binfo;          /* parallel to k->bufs */
	LoopLaunch launch;
	LoopNode *root;          /* an LN_SEQ */
	int nphases;
	int exited;              /* LB_EXITED buffer, or -1 */
	SrcLoc no_c;             /* a construct --emit c cannot print (file NULL: none):
	                            __activemask() in a branch, a loop or after an exit */
} LoopKernel;

typedef struct LoopProgram {
	const char *file;
	LoopKernel *kernels;
	size_t nkernels;
} LoopProgram;

/* ---- loopify.c: kernel IR to loop IR ----
 * Needs a known launch (grid and block) per kernel. Refuses, with a located error, a
 * barrier under control flow that is not provably uniform across a block, and the other
 * constructs it cannot place in phases. Returns NULL after diagnostics. Every node lives
 * in `a`; the KirProgram is not modified (nodes may be shared with it). */
LoopProgram *loopify_program(Arena *a, const Options *o, const KirProgram *k);

/* ---- print.c: --emit loops, deterministic text ---- */
void loopify_print(StrBuf *out, const LoopProgram *p);

/* ---- emit_c.c: --emit c: C11, one function per kernel
 *   void NAME(T *p1, T *p2, ..., scalars...)
 * pointer parameters in CUDA order, then the unbound scalars (the module ABI); the launch
 * loops explicit; includes <math.h>, <stdint.h>, <stdlib.h>. ---- */
int loopify_print_c(StrBuf *out, const LoopProgram *p);   /* 0: refused (bf16), an error given */
/* The same C for Polly (src/poly/polly_check.c): `&&`/`||` whose right operand is a pure
 * i1 condition print as `&`/`|`, which Polly models as affine sets. */
void loopify_print_c_polly(StrBuf *out, const LoopProgram *p);
/* The C identifier of a kernel name: "box_blur<3>" -> "box_blur_3". */
const char *loopify_c_name(Arena *a, const char *kernel);

/* ---- walk.c: traversal helpers shared by the loopify passes (and useful to raise) ----
 * loopify_expr_kids fills s with the addresses of e's child slots (at most 8) in
 * evaluation order and returns their count; the visitors are pre-order. */
int loopify_expr_kids(KirExpr *e, KirExpr **s[8]);
/* phase_fixed.c: the loads whose element no thread of the block may write in their
 * phase, sorted (xcalloc'd: free it); loopify_phase_fixed_has looks one up. *pairs
 * (free it): each load whose phase's writes of its element all store one constant and
 * none of them follows the load, with each such write, sorted by load; ctx is the
 * levels pass's (the widest control level the write runs under, 0 at first). */
typedef struct LoopStorePair {
	const KirExpr *load, *store;
	int ctx;
} LoopStorePair;
const KirExpr **loopify_phase_fixed(KirStmt *body, size_t *n, LoopStorePair **pairs, size_t *npairs);
int loopify_phase_fixed_has(const KirExpr **v, size_t n, const KirExpr *e);
void loopify_expr_visit(KirExpr *e, void (*f)(void *, KirExpr *), void *ctx);
void loopify_stmt_visit(KirStmt *s, void (*fe)(void *, KirExpr *), void (*fs)(void *, KirStmt *),
                        void *ctx);
int loopify_expr_has_warp(KirExpr *e);
int loopify_stmt_sync(KirStmt *s);   /* 0 none, 1 warp-level only, 2 a block barrier */
KirExpr *loopify_copy_expr(Arena *a, const KirExpr *e);
/* cond_forward.c: a barrier do-while's condition reads a fresh variable holding the value
 * its last assignment in the body gives it (k is the pass's copy: body and vars are
 * replaced, the source kernel's are not modified). */
void loopify_forward_conditions(Arena *a, KirKernel *k);
KirStmt *loopify_copy_stmt(Arena *a, const KirStmt *s);
/* loopify.c: statements i.. of block b are only returns (or blocks of them). */
int loopify_rest_is_exit(const KirStmt *b, size_t i);
/* tail_exits.c: exits to a labelled block after which the kernel ends are returns (k is
 * the pass's copy: its body is replaced). */
void loopify_tail_exits(Arena *a, KirKernel *k);

#endif
