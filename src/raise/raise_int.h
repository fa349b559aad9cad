/* raise_int.h: private to src/raise. The state of one kernel being raised. */
#ifndef CUDA2HLO_RAISE_INT_H
#define CUDA2HLO_RAISE_INT_H

#include "raise.h"

#include <setjmp.h>

/* Where the lanes of a masked region exit to: a loop (continue) or a labelled block. */
typedef struct Frame {
	int is_loop;
	int label;           /* KS_BLOCK label (blocks) */
	int exit;            /* mask value: lanes that continued / left the block */
} Frame;

/* Per-kernel counters for --report. */
typedef struct Stats {
	int ops[TOP_COUNT];
	int stores_dense, stores_scatter;
	const char *strategy;   /* the strategy that raised the kernel (affine.c), NULL: SIMT */
	StrBuf notes;        /* one line per store: strategy and the missing fact */
	StrBuf checks;       /* what the race and bounds checks could not prove (race.c) */
	int64_t grid[3], block[3];   /* the launch (--entry reports one block per launch) */
} Stats;

typedef struct Uniform Uniform;     /* simt_uniform.c */

typedef struct Raise {
	const Options *o;
	const KirKernel *k;
	TModule *m;
	TFunc *f;
	TBuilder b;          /* where ops go now (the function body or a region) */
	int64_t grid[3], block[3];
	int64_t nl, nt, nb;  /* lanes, threads per block, blocks */
	int failed;
	jmp_buf fail;        /* raise_error jumps here: the kernel is abandoned */
	/* lane coordinates (i32 tensors over lanes), built once in the body */
	int lane, tid[3], bid[3], blk, thr;
	int first;           /* batched (simt_batch.c): the batch's first block, 0-d i32; else -1.
	                        r->nb and r->nl are then those of one batch */
	int *var;            /* per KirVar: current value (tensor over lanes) */
	int *buf;            /* per KirBuffer: current contents (1-D tensor) */
	int64_t *bufsize;    /* elements of that tensor */
	int *param;          /* per KirParam: function argument (0-d), or -1 */
	int cur;             /* mask of the lanes executing now */
	int cur_full;        /* cur is known to be all lanes */
	int ret;             /* lanes that returned */
	VEC(Frame) frames;
	char *written;       /* per KirBuffer: stored to somewhere in the kernel */
	char *assume;        /* --symbolic: the values assumed (poly_assume text), or NULL */
	Uniform *uniform;        /* the SIMT strategy's divergence analysis (simt_uniform.c) */
	unsigned char *blocks;   /* per KirBuffer, RACE_APART...: from the race walk (race_blocks.c),
	                            NULL for a launch too small to batch */
	Stats *st;
} Raise;

/* simt.c */
DType raise_dtype(KirDType t);
TType raise_lanes(Raise *r, KirDType t);        /* tensor<nl x t> */
int raise_expr(Raise *r, const KirExpr *e);     /* value over lanes */
void raise_stmt(Raise *r, const KirStmt *s);
void raise_setup_lanes(Raise *r);
int raise_splat(Raise *r, KirDType t, double f, int64_t i);
C2H_NORETURN void raise_error(Raise *r, SrcLoc loc, const char *fmt, ...) C2H_PRINTF(3, 4);
/* simt.c: lane helpers (for simt_atomic.c): each op counted in r->st->ops */
TType raise_lanes_of(Raise *r, DType t);          /* tensor<nl x t> */
DType raise_dt_of(Raise *r, int v);
int raise_isplat(Raise *r, DType t, int64_t v);   /* v on every lane */
int raise_bin(Raise *r, TOpKind k, int a, int b);
int raise_mask_and(Raise *r, int a, int b);
int raise_mask_or(Raise *r, int a, int b);
int raise_mask_not(Raise *r, int a);
int raise_convert(Raise *r, int v, DType to);
/* simt.c: memory over lanes: the address of index idx in buffer b (*inb: in bounds, or
 * -1 when always), as gather/scatter indices, a gather of buffer b (or of any 1-D
 * operand of element type t), a masked scatter */
int raise_address(Raise *r, int b, int idx, int *inb);
int raise_as_indices(Raise *r, int addr);
int raise_gather(Raise *r, int b, int addr);
int raise_gather_at(Raise *r, int operand, int addr, DType t);
void raise_scatter(Raise *r, int b, int addr, int val, int mask, int combiner);
/* simt_batch.c: a launch of more lanes than a bound runs in a while over batches of
 * whole blocks. raise_batch_begin: 0 when the launch is small enough (nothing built);
 * else 1, the builder in the while's body with r->nb, r->nl, r->first those of a batch,
 * the written global buffers carried. raise_batch_mask: the lanes of blocks inside the
 * grid (-1: all, no partial batch); raise_batch_end: back after the while, the buffers
 * its results. */
typedef struct Batch {
	int64_t nbatch, per;     /* batches, blocks per batch */
	int64_t nb, nl;          /* the whole launch's blocks and lanes */
	TBuilder outer;
	TOp *w;
	TBlock *body;
} Batch;
int raise_batch_begin(Raise *r, Batch *bt);
int raise_batch_mask(Raise *r, const Batch *bt);
void raise_batch_end(Raise *r, Batch *bt);
/* raise.c: the __shared__ and local arrays of r->nb blocks and r->nl lanes */
void raise_setup_private(Raise *r);
/* simt_narrow.c: raises `then` (under condition c, cur already set) on the lanes of the
 * one thread, or one thread per block, that c pins the running threads to; 0 (nothing
 * built) when c pins them to no such column or then has no loop to gain from. */
int raise_narrow_then(Raise *r, const KirExpr *c, KirStmt *then);
/* simt.c: the loop of a KS_FOR (after its init), KS_WHILE or KS_DO over the lanes */
void raise_loop_stmt(Raise *r, const KirStmt *s);
/* simt_uniform.c: the divergence analysis of a kernel (written: Raise.written), and the
 * loops it finds the same on every lane that runs them; raise_uniform_run raises such a
 * loop s on one lane (0: s is not one, nothing built). */
Uniform *raise_uniform_new(const KirKernel *k, const char *written);
void raise_uniform_free(Uniform *u);
int raise_uniform_loop(const Uniform *u, const KirStmt *s);
int raise_uniform_run(Raise *r, const KirStmt *s);
/* simt_atomic.c: an atomic over the lanes; its old values when used */
int raise_atomic(Raise *r, const KirExpr *e, int used);

/* race.c: walks the kernel once for both checks below: the number of errors reported
 * (proven races unless --allow-races, out-of-bounds accesses unless --allow-oob); the
 * --report lines of what could not be proven go to notes, the --oob-check conditions to
 * checks; symhi (per buffer, may be NULL) the largest index accessed of each buffer of a
 * --symbolic size (KirBuffer.sym_size), -1 when unbounded; blocks (per buffer, may be
 * NULL; set when no error) whether the launch's blocks touch one another's elements of
 * each global buffer (race_blocks.c); unproven (may be NULL) the accesses not proven in
 * bounds (BoundsCheck.unproven). */
enum { RACE_NOT_ASKED, RACE_APART, RACE_MEET, RACE_UNKNOWN };
int raise_check_accesses(const Options *o, const KirKernel *k, const int64_t grid[3],
                         const int64_t block[3], StrBuf *notes, char **assume,
                         StrBuf *checks, int64_t *symhi, unsigned char *blocks,
                         Map *unproven);
/* simt_batch.c: whether a launch has lanes enough to run in batches */
int raise_batch_wanted(const int64_t grid[3], const int64_t block[3]);
/* With --symbolic: per KirParam of k, 1 when it is kept symbolic (malloc'ed); NULL when
 * no name is. *assume (malloc'ed, NULL: none) gets the values of the symbolic scalars
 * for which every access is in bounds, as text for poly_assume. */
char *raise_symbolic_mask(const Options *o, const KirKernel *k);

/* symbolic_size.c: --symbolic buffer sizes. raise_sym_size_kernel: a copy of k whose
 * pointer parameters without --size have sym_size set (NULL: none, or no --symbolic);
 * raise_sym_size_bounds: their counts from raise_check_accesses' symhi (1 after an error
 * when one is unbounded); raise_sym_size_in: the static tensor of `bound` elements the raise
 * works on, from the tensor<?xT> argument arg (*size: its element count, i64);
 * raise_sym_size_out: the tensor<?xT> result of pointer parameter `param` from the raised
 * tensor v. */
KirKernel *raise_sym_size_kernel(const Options *o, const KirKernel *k);
/* With --symbolic, the assumption "every value" (isl text over poly_create's parameters)
 * for a kernel whose checks assumed nothing: guards on a symbol still narrow to their
 * shadows (affine.c); NULL without --symbolic. */
char *raise_assume_all(const Options *o, const KirKernel *k);
int raise_sym_size_bounds(KirKernel *ks, const int64_t *symhi);
void raise_sym_size_free(KirKernel *ks, int64_t *symhi);
int raise_sym_size_in(Raise *r, int arg, int64_t bound, int *size);
int raise_sym_size_out(Raise *r, int param, int v);

/* bounds.c: one access of buffer b at loc, index idx on the threads dom (either NULL:
 * not known, why says why), checked against the buffer's extent. With exact 0, dom is
 * only a superset of the threads: the access can be proven inside, not reported. */
typedef struct PolyExpr PolyExpr;
typedef struct PolySet PolySet;
typedef struct BoundsCheck {
	const Options *o;
	const KirKernel *k;
	int errors;          /* out-of-bounds accesses reported as errors */
	StrBuf notes;        /* --report: accesses not proven in bounds */
	StrBuf checks;       /* --oob-check: "LOC: message|condition" joined by ';' */
	Map *unproven;       /* --oob-check: FILE:LINE:COL of the accesses not proven in
	                        bounds, checked in the module (frontend oobguard.c); NULL */
	Map *seen;           /* accesses reported or noted, by source location */
	const char *sym;     /* per KirParam: --symbolic; an access that leaves its buffer
	                        only for some of their values narrows the assumption */
	struct PolyRange **ranges;  /* per buffer of a symbolic size: the indices accessed */
} BoundsCheck;
void raise_bounds_check(BoundsCheck *bc, int b, const PolyExpr *idx, const PolySet *dom,
                        int exact, int write, SrcLoc loc, const char *why);
/* With --oob-check: the access at loc joins bc->unproven (no --report line: a loop the
 * walk follows for two iterations only has its own). */
void raise_bounds_unproven(BoundsCheck *bc, SrcLoc loc);

/* report.c */
void raise_stats_register(const TModule *m, Stats *st, const char *kernel);
void raise_stats_forget(const TModule *m);

/* ==== affine.c (owner: raise-affine) ====
 * Strategy 2 for a whole single-phase kernel: every store dense (slices, one
 * dynamic_update_slice per box). Called after the arguments and buffers are set up and
 * before the lanes: tries its strategies in order; returns 1 when one built every store
 * (r->buf holds the results, r->st->strategy names it), 0 when none applies (nothing
 * emitted; each strategy's missing fact is in r->st->notes). */
int raise_affine_try(Raise *r);
/* symbolic_report.c: a --report line naming the unbound scalars that shapes depend on,
 * when a store fell back or a read is a gather. */
void raise_note_unbound(Raise *r);
/* symbolic_report.c: with --symbolic, a located error when the module has a gather,
 * a scatter or a fallback store and a symbolic scalar reaches an index, a condition or
 * a loop bound (the first index it reaches, else the first condition). */
void raise_check_symbolic(Raise *r);
/* symbolic_assert.c: r->assume checked at run time (custom_call @shape_assertion). */
void raise_assert_assumption(Raise *r);
int raise_math(Raise *r, const KirExpr *e, const int *args);   /* math.c (declared here for affine.c) */

/* contract.c (for affine.c): the sum over loop label k of x * y as a tensor of type box
 * (labels 0 .. box.rank-1 are its dimensions): x's dimension i runs along label xl[i],
 * y's along yl[i]; both have the element type of box. dot_general (labels in both are
 * batch dimensions), transpose, broadcast; ops[] counts what was built. -1 (nothing
 * built) when k is not a dimension of both with one extent. */
int raise_contract(TBuilder *b, int x, const int64_t *xl, int y, const int64_t *yl, int64_t k,
                   TType box, int *ops);
/* v's dimensions reordered by ascending labels[i] (a transpose unless already so);
 * perm[] gets the order (result dimension i is v's dimension perm[i]). */
int raise_sort_dims(TBuilder *b, int v, const int64_t *labels, int n, int64_t *perm, int *ops);

/* host_inline.c (section owned by "host"): copies callee's body into b's block with its
 * arguments replaced by args; results[i] gets the i-th returned value. -1 when the body
 * calls other functions (not copied). */
int raise_inline_func(TBuilder *b, const TFunc *callee, const int *args, int *results);
/* A copy of k whose parameters with bind[i] set are bound to vals[i] (their KE_PARAM uses
 * become constants; unchanged subtrees are shared with k). Allocated in a. */
KirKernel *raise_kernel_bind(Arena *a, const KirKernel *k, const char *bind, const KirConst *vals);
/* raise_kernel_grid_param (host_inline.c) is declared in raise.h: cudart uses it too. */

/* ---- simt.c: the operator mapping shared by both strategies ----
 * The StableHLO op of a KIR binary operator on operands of type t: TOP_COMPARE (with
 * *dir) for comparisons; *shift is set when the count must first be converted to the
 * left operand's type. Returns TOP_COUNT for an operator with no mapping. */
TOpKind raise_binop_kind(KirBinOp op, KirDType t, TCmpDir *dir, int *shift);

#endif
