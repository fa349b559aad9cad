/* affine_int.h: the affine strategy's internal interface (raise/affine_*.c), not part of
 * raise.h. The state of one try over a kernel (Aff), the box of write coordinates
 * being computed, and the functions each affine_*.c file gives the others, in sections
 * named after the files. See affine.c for the method. */
#ifndef AFFINE_INT_H
#define AFFINE_INT_H

#include "raise_int.h"
#include "affine_phases.h"
#include "poly.h"

#include <setjmp.h>

#define MAX_DC 16                 /* data-dependent guards open at once */
#define MAX_RED 64                /* Aff.red slots: reductions, atomics' old values, the old
                                   * and final references of column and data-dependent loops */
#define MAX_CARRY 8               /* variables a column loop carries */
#define MAX_COLS 8                /* column loops in a kernel */
#define MAX_RUNS 16               /* column whiles remembered for reuse */
#define MAX_WHILES 4              /* data-dependent loops in a kernel (affine_while.c) */
#define MAX_OLDS 4                /* atomics whose old value is used (affine_atomic.c) */
#define MAX_SCOPES 8              /* exit scopes open at once (affine_exits.c) */
/* Column loop i's dimension is loop level COL_LEVEL(i) (1 .. 4: level 0 is a reduction's,
 * the last a grid-stride loop's), so that one loop's result can be read in the next. */
#define COL_LEVEL(i) (1 + (i) % (POLY_MAX_LOOPS - 2))

typedef struct Box {
	int rank;
	int64_t lo[POLY_MAX_RANK], hi[POLY_MAX_RANK];
} Box;

/* What a strategy (affine.c's table) allows one try over the kernel. */
typedef struct TryOpts {
	int returns_as_exits;     /* the body restructured so that a return ends a branch */
	int unroll_dots;          /* short contraction loops are unrolled, not reduced */
	int uniform;              /* a loop of a uniform trip count may be a dimension */
	int guard_masks;          /* an affine guard whose threads are no box is a mask */
	int columns;              /* a loop that carries variables may be a while (columns) */
	int store_scatter;        /* a store no shape raises densely is a scatter alone */
	int index_values;         /* an integer value isl gives no pieces on boxes for is built
	                           * from its operators (affine_expr.c dense_node) */
	int hull_boxes;           /* a store whose range is no union of boxes is a select over its hull */
	int shared_gathers;       /* a shared load that is no set of slices is a gather */
	int ordered_trips;        /* a grid-stride loop that reads a buffer it writes: its trips
	                           * unrolled in order (affine_loop.c carried_stride_loop) */
} TryOpts;

/* What a try found: the missing fact when it failed, and what a retry may change. */
typedef struct Tried {
	const char *why;
	SrcLoc loc;
	int short_dots;           /* short loops taken as contractions */
	int used_uniform;         /* loops of a uniform trip count taken as dimensions */
	int used_columns;         /* loops taken as column loops (affine_column.c) */
} Tried;

/* Where a value is being built: a try (affine_memo.c) saves and restores it whole. */
typedef struct At {
	PolySet *dom;             /* running threads */
	PolyMap *w;               /* the store being built: write relation */
	Box box;                  /* the box of write coordinates being computed */
	PolySet *live;            /* in a branch of ?: the threads that take it, else NULL */
	int pad;                  /* assemble may fill what no piece covers (with zeros) */
	DType pad_dt;
} At;

typedef struct Aff {
	Raise *r;
	PolyCtx *c;
	TryOpts opt;              /* what the strategy allows this try */
	Tried found;              /* what this try found */
	At at;
	const KirExpr **def;      /* per variable: its initialiser (only DECL assigns) */
	int *def_epoch;           /* stores done when it was declared */
	PolyExpr **ienv;          /* per integer variable: quasi-affine value, or NULL */
	int *last_store;          /* per buffer: epoch of its last store */
	int epoch;
	const KirExpr *dc[MAX_DC];/* guards that are not affine (data-dependent) */
	int dcneg[MAX_DC], ndc;
	const char *why;
	SrcLoc wloc;
	jmp_buf fail;
	int nboxes;
	TBlock *scratch;          /* where ops go until the whole kernel is done */
	Arena *ar;                /* substituted KIR trees */
	int *decl_depth;          /* per variable: path depth of its declaration */
	const KirExpr *path[MAX_DC];  /* conditions of the enclosing ifs (substituted) */
	int pathneg[MAX_DC], npath;
	int unrolled;             /* loop iterations unrolled so far */
	PolyExpr *widx[POLY_MAX_RANK];  /* the store being built: its coordinates */
	int wrank;
	int64_t wdims[POLY_MAX_RANK];   /* and its buffer's shape */
	int loopvar;              /* the reduction loop's variable while its body is read */
	struct Red {              /* reductions: variable nvars + i stands for red[i] */
		const KirExpr *body;  /* over the inputs and loopvar */
		int var;
		int64_t lo, hi;
		int col, carry, final;/* col > 0: carried variable `carry` of cols[col - 1] */
	} red[MAX_RED];
	int nred;
	struct Col {              /* column loops (affine_column.c) */
		int nc, var[MAX_CARRY];
		const KirExpr *init[MAX_CARRY];   /* carried values before the loop */
		const KirExpr *f[MAX_CARRY];      /* their updates, over old references */
		KirExpr *old[MAX_CARRY];          /* the old references (Aff.red slots) */
		int64_t trips;
		int level;                       /* its loop dimension: COL_LEVEL(index) */
		PolySet *threads, *dom;          /* the threads that run it; x its iterations */
	} cols[MAX_COLS];
	int ncols;
	struct ColRun {           /* a while built for a column loop, for reuse */
		int ci, d, dir;
		Box ext;
		char *coords;         /* the write coordinates but d, printed */
		int olds[MAX_CARRY], finals[MAX_CARRY];
	} runs[MAX_RUNS];
	int nruns;
	struct Dw {               /* data-dependent loops (affine_while.c) */
		int nc, var[MAX_CARRY];           /* each carried value: a variable (>= 0), a local
		                                   * array element (W_ELEM), or the exit flag (W_FLAG) */
		const KirExpr *init[MAX_CARRY];   /* carried values before the loop */
		const KirExpr *f[MAX_CARRY];      /* one iteration's updates, over old references */
		KirExpr *old[MAX_CARRY];          /* the old references (Aff.red slots, col < 0) */
		const KirExpr *cond;              /* the condition over old references */
		const KirExpr *brk;               /* where an iteration breaks (NULL: never) */
		const KirExpr *exitc;             /* where it leaves an exit scope's block (a
		                                   * return of an inlined call), or NULL */
		int exit_label;
		int depth;                        /* the guards open at the loop (Aff.npath) */
		const KirExpr *dc[MAX_DC];        /* the data-dependent guards around the loop */
		int dcneg[MAX_DC], ndc, do_while;
		PolySet *threads;                 /* the threads that run it */
		int open;                         /* a->stride, a->col, a->loopvar >= 0 there */
		int plane[MAX_CARRY];             /* while one is built: each old reference's value */
		int parent;                       /* 1 + the data-dependent loop whose body holds
		                                   * it (its while's body builds this one), or 0 */
		int act;                          /* while its body is built: the running lanes */
		struct Inputs *in;                /* ... and the values built before the while */
		char *coords;                     /* the last while built: its lanes (lanes_key;
		                                   * NULL: none) and results */
		int finals[MAX_CARRY];
		int sbuf, sj, sdir;               /* a search loop (affine_search.c): 1 + the
		                                   * buffer it searches (0: none), its counter's
		                                   * carried index, 1 where A sorted grows */
	} dws[MAX_WHILES];
	int ndws;
	struct Old {              /* atomics whose old value is used (affine_atomic.c) */
		const KirExpr *orig;  /* the atomic (of the kernel IR, not substituted) */
		int v;                /* the old values over the lanes of boxes[0..n), flat */
		const char *coords;   /* the lanes' write coordinates, printed (NULL: forgotten) */
		int n;
		PolyPiece boxes[POLY_MAX_PIECES];
	} olds[MAX_OLDS];
	int nolds;
	int dwalk;                /* 1 + the data-dependent loop whose body is walked, or 0 */
	int col;                  /* the levels of column loops open now (a bit each) */
	int col_dry;              /* walking a column loop's body for its updates only */
	int restructured;         /* statements made by restructure() so far */
	int stride;               /* inside a loop dimension (its level is open): 2 a grid-stride
	                           * loop (its start depends on the thread), 1 a uniform loop */
	int unrolling;            /* unrolled loops open now (aff_unroll) */
	const KirExpr *exited;    /* the lanes that returned under a data-dependent guard inside
	                           * an unrolled loop (affine_exits.c), or NULL: a mask that
	                           * every later store takes (aff_guard_mask) */
	struct Scope {            /* exit scopes open now (affine_exits.c): an unrolled loop whose
	                           * body breaks, or a block whose exits sit inside a loop */
		int label;            /* LOOP_EXITS (the loop's break) or the block's label */
		int depth;            /* Aff.npath at its start: an exit's lanes are the guards after */
		int ctx[5];           /* unrolling, stride, col, loopvar, col_dry there */
		int all;              /* every running lane has left it */
		const KirExpr *taken; /* the lanes that left it so far, or NULL */
		struct Snap *snaps;   /* at each exit: its lanes and the variables' values then */
		int nsnaps, cap;
	} scopes[MAX_SCOPES];
	int nscopes;
	const KirExpr *done;      /* the lanes that left an open scope (OR of their taken), or
	                           * NULL: a mask that every store takes, as exited */
	char *stride_st;          /* per buffer: stored in that loop's body */
	PolyMap **stride_w;       /* per buffer: what that body's stores walked so far write */
	const KirExpr **local;    /* local array elements (at loc_base[buffer] + index): values */
	int nlocal, *loc_base;
	const PolyExpr *wflat;    /* the store being built: its flat index and buffer */
	int wbuf;
	int strict_dots;          /* a contraction that is not one dot_general fails the shape */
	int dots_refused;         /* ... and one did */
	struct Memo {             /* node -> value, valid while gen[] equals cur */
		const void **key;
		unsigned *gen, cur;
		int *val;
		size_t cap, n;
	} seen, memo;             /* nodes visited by a walk; dense values of this box */
	struct Memo lddom;        /* load node -> index in lddoms: the threads that run it */
	struct Memo ldver;        /* load node -> the buffer version it reads */
	VEC(PolySet *) lddoms;
	struct Memo lmemo;        /* dense values while live is set (reset with it) */
	struct LaneCopies *lanes; /* warp shuffles' copies at lane shifts (affine_warp.c) */
	int tshape;               /* tiled_store: the one shape of the store's buffer */
	int64_t tdims[POLY_MAX_RANK];
	PolyExpr *tidx[POLY_MAX_RANK];
} Aff;

/* The variable that stands for open loop dimension `level` (a grid-stride loop). */
#define LOOPVAR(a, level) ((int)(a)->r->k->nvars + MAX_RED + (level))
/* A data-dependent loop's carried value that is no variable (Dw.var): its exit flag, or
 * the local array element Aff.local[slot]. */
#define W_FLAG (-1)
#define W_ELEM(slot) (-2 - (slot))
#define W_SLOT(v) (-2 - (v))
#define LD_IN_STRIDE (-2)        /* lddom: substituted inside a grid-stride loop */
#define MAX_LOCAL 256             /* elements of a local array that scalar replacement takes */

static inline TBuilder *B(Aff *a) { return &a->r->b; }

/* ---- tries: building a value that may fail half way (afail's longjmp, or a -1) ----
 * A failed try leaves nothing behind: its ops are dropped, and the expression state it
 * changed on the way (the box, the live branch of a ?:, the domain, the write relation,
 * padding) and the memo entries of its values are put back as they were when it began. */
typedef struct Try {
	int nops, nvalues, ops[TOP_COUNT];
	At at;
	size_t nnotes;
} Try;

typedef int (*PieceFn)(Aff *a, const PolyPiece *p, const Box *sub, void *ctx);

typedef struct SList {
	KirStmt **v;
	size_t n, cap;
} SList;

typedef struct Seg {          /* statements still to run, then the next segment */
	KirStmt *const *st;
	size_t n;
	const struct Seg *next;
} Seg;

/* A loop with a thread-invariant trip count, unrolled (MAX_UNROLL iterations at most,
 * MAX_UNROLL_ALL in the kernel): every iteration is walked with the loop variable a
 * constant, so its loads are slices like any other. */
#define MAX_UNROLL 64
#define MAX_UNROLL_ALL 256

/* The label that makes restructure() take the kernel's `return` as its exit. */
#define RETURN_EXITS (-1)
/* ... and a data-dependent loop's body take its break and continue as exits (the break
 * itself kept, for affine_while.c to record where the loop stops). */
#define LOOP_EXITS (-2)
/* ... or its continue only (a loop that breaks is an exit scope: its break is walked) */
#define CONTINUE_EXITS (-3)

/* affine_memo.c */
C2H_NORETURN void aff_afail(Aff *a, SrcLoc loc, const char *why);
const PolyExpr *aff_lookup(void *env, int var, const char **why);
void aff_memo_reset(struct Memo *m);
int *aff_memo_slot(struct Memo *m, const void *k, int *found);
const int *aff_memo_find(const struct Memo *m, const void *k);
void aff_try_begin(Aff *a, Try *t);
void aff_try_undo(Aff *a, const Try *t);
int aff_visited(Aff *a, const void *e);
void aff_memo_free(struct Memo *m);

/* affine_emit.c */
TType aff_box_type(const Box *bx, DType dt);
DType aff_dt_of(Aff *a, int v);
int aff_bin(Aff *a, TOpKind k, int x, int y);
int aff_splat(Aff *a, DType dt, double f, int64_t i);
int aff_convert(Aff *a, int v, DType to);
int aff_scalar_i32(Aff *a, int64_t v);
int aff_clip(const PolyPiece *p, const Box *bx, Box *out);
int aff_assemble(Aff *a, const PolyPiece *ps, int n, const Box *bx, PieceFn fn, void *ctx);
#define AFF_TOO_LONG "a loop of more iterations than unrolling allows"
#define AFF_NOT_QUASI "an index value is not quasi-affine in the write coordinates"
#define AFF_STRIDE_READ "a grid-stride loop reads a buffer it writes, elsewhere than where the same iteration writes"
int aff_value(Aff *a, const PolyExpr *pe, DType dt, SrcLoc loc);
int aff_value_try(Aff *a, const PolyExpr *pe, DType dt);

/* affine_read.c */
void aff_check_buffer(Aff *a, int b, SrcLoc loc);
int aff_buffer_shape(Aff *a, int b, const PolyExpr *pe, int i, int64_t dims[POLY_MAX_RANK],
                     PolyExpr *idx[POLY_MAX_RANK]);
int aff_reshaped(Aff *a, int b, int rank, const int64_t *dims);
int aff_load_at(Aff *a, const KirExpr *e, int64_t *keep);
int aff_load(Aff *a, const KirExpr *e);
int aff_load_version(Aff *a, const KirExpr *e);   /* the buffer version load e reads */

/* affine_store.c, affine_scatter.c */
int aff_guard_mask(Aff *a);
/* affine_hull.c: a store's range as a select over its hull box */
PolyMap *aff_hull_relation(Aff *a, PolyMap *w, PolyPiece *box);
int aff_hull_mask(Aff *a, SrcLoc loc);
int aff_thread_boxes(Aff *a, int linear, PolyPiece *boxes, PolyMap **w, int *dimof, SrcLoc loc);
void aff_thread_box(Aff *a, PolyMap *w, const PolyPiece *boxes, int i, int n);
int aff_masked_value(Aff *a, const KirExpr *ve, DType dt, int64_t fill);
int aff_thread_lanes(Aff *a, int linear, const KirExpr *ve, const KirExpr *ixe, DType dt,
                     int64_t count, int64_t fill, int *v, int *ix, SrcLoc loc);
int aff_scatter_lanes(Aff *a, int buf, int64_t count, int ix, int v, int combiner);
void aff_scatter_store(Aff *a, const KirExpr *e, const char *why);

/* affine_warp.c */
KirExpr *aff_shuffle(Aff *a, const KirExpr *e);
KirExpr *aff_vote(Aff *a, const KirExpr *e);
void aff_lanes_free(Aff *a);
int aff_lane_copy(Aff *a, const KirExpr *e);
void aff_lane_gather(Aff *a, const KirExpr *e);

/* affine_atomic.c */
void aff_atomic(Aff *a, const KirExpr *e);
KirExpr *aff_atomic_value(Aff *a, const KirExpr *orig, KirExpr *e);
int aff_atomic_old(Aff *a, int i, const KirExpr *e);
void aff_atomic_forget(Aff *a, int first_value);

/* affine_split.c */
int aff_split_read(Aff *a, const PolyExpr *pe, int buf, int64_t count);
int aff_strided_read(Aff *a, const PolyExpr *pe, int buf, int64_t count);

/* affine_expr.c */
int aff_binop(Aff *a, KirBinOp op, KirDType t, int x, int y, SrcLoc loc);
int aff_dense(Aff *a, const KirExpr *e);

/* affine_subst.c */
void aff_check_fresh(Aff *a, const KirExpr *e, int epoch);
void aff_scan_local_store(void *ctx, KirExpr *e);
void aff_local_store(Aff *a, const KirExpr *e);
KirExpr *aff_subst(Aff *a, const KirExpr *e);
KirExpr *aff_bounded(Aff *a, KirExpr *e, SrcLoc loc);
void aff_set_var(Aff *a, int v, KirExpr *val, SrcLoc loc);
void aff_forget_deeper(Aff *a, int depth);
KirExpr *aff_path_cond(Aff *a, int from, SrcLoc loc);
KirExpr *aff_live_cond(Aff *a, SrcLoc loc);
void aff_assign_var(Aff *a, const KirExpr *e);

/* affine_reduce.c */
int aff_reduction(Aff *a, int i, const KirExpr *e);
int aff_reduction_loop(Aff *a, const KirStmt *s);

/* affine_store.c */
int aff_store_fact(const char *why);
void aff_store(Aff *a, const KirExpr *e);

/* affine_induct.c: the variables a loop dimension's body only steps by constants */
#define MAX_IV 8
typedef struct Induct {
	int n;
	int var[MAX_IV];
	int64_t step[MAX_IV];     /* per iteration: the sum of its steps */
	const KirExpr *init[MAX_IV];
	int epoch[MAX_IV];
} Induct;
int aff_induction_vars(Aff *a, const KirStmt *body, int loopvar, Induct *iv);
void aff_induction_enter(Aff *a, const Induct *iv, int level, SrcLoc loc);
void aff_induction_leave(Aff *a, const Induct *iv, int64_t trips, SrcLoc loc);

/* affine_loop.c */
int aff_uses_var(const KirExpr *e, int v);
int aff_const_of(Aff *a, const KirExpr *e, int64_t *v);
int aff_max_of(Aff *a, const KirExpr *e, int64_t *v);
void aff_loop(Aff *a, const KirStmt *s, int in_data);

void aff_unroll(Aff *a, const KirStmt *s, int in_data);

/* affine_while.c */
int aff_while_loop(Aff *a, const KirStmt *s, int in_data);
int aff_while_value(Aff *a, int i, const KirExpr *e);
struct Inputs;
void aff_while_memo(Aff *a, const struct Inputs *in);   /* the memo holds the inputs only */

/* affine_search.c */
/* A search loop `for (..; x < E; x++) if (A[x] >= v) { ..; break; }`: A's buffer (dir:
 * 1 where the test needs A non-decreasing, -1 non-increasing), else -1. */
int aff_search_shape(const Aff *a, const KirStmt *s, int *x, int *dir);
/* The counter's start for the while of search loop wi: the first iteration that stops,
 * where A is sorted, else ops[counter] (ops: the carried starts, mask: running lanes). */
int aff_search_leap(Aff *a, int wi, const int *ops, int mask, const struct Inputs *in);
void aff_while_forget(Aff *a, int first_value);
KirExpr *aff_while_break(Aff *a, const KirStmt *s);
void aff_while_exit(Aff *a, const KirStmt *s);
char *aff_coords_text(Aff *a);   /* the write coordinates, printed (malloc'd) */

/* affine_scan.c: what a loop's body does (affine_while.c, affine_column.c) */
#define MAX_SCAN_LABELS 64        /* labelled blocks (inlined calls) in a loop's body */
typedef struct LoopScan {
	const KirKernel *k;
	char *decl, *assigned;    /* per variable: declared / assigned in the body */
	int *nstore;              /* per buffer: stores in the body */
	char *read;               /* per buffer: read in the body */
	int labels[MAX_SCAN_LABELS], nlabels;  /* labelled blocks met so far */
	int bad;                  /* a construct no whole-loop strategy takes */
	int exits;                /* a break or continue (of the body or of a loop in it) */
	int loops;                /* a nested loop */
	int stores;               /* a store to memory */
	int odd_store;            /* ... an increment, or to shared memory */
	int locals;               /* a read or store of a local array (taken by affine_while.c
	                           * only; a store is counted in nstore, not in stores) */
	int outer;                /* the label of a block outside the body it exits, or 0 */
} LoopScan;
void aff_scan_body(LoopScan *ls, const KirKernel *k, const KirStmt *body);
void aff_scan_expr(LoopScan *ls, const KirExpr *e);
/* The carried variables (assigned in the body, declared before it, not variable skip) in
 * var[0..*nc); 0 (ls->bad set) when one has no value before the loop or they are too
 * many. */
int aff_scan_carried(Aff *a, LoopScan *ls, int skip, int *var, int *nc);
void aff_scan_free(LoopScan *ls);

/* affine_column.c */
int aff_column_loop(Aff *a, const KirStmt *s, int in_data);
int aff_column_value(Aff *a, int i, const KirExpr *e);
void aff_column_forget(Aff *a, int first_value);
void aff_column_free(Aff *a);

/* affine_exits.c */
int aff_has_exit(const KirStmt *s, int label);
int aff_exit_lanes(Aff *a, const KirStmt *ret);
int aff_has_break(const KirStmt *s);
int aff_leaves(Aff *a, const KirStmt *loop);
int aff_exits_in_loop(const KirStmt *s, int label);
void aff_scope_open(Aff *a, int label, SrcLoc loc);
void aff_scope_exit(Aff *a, const KirStmt *s);
int aff_scope_of(Aff *a, int label);
void aff_scope_lanes(Aff *a, int label, KirExpr *pc, SrcLoc loc);
void aff_scope_close(Aff *a, SrcLoc loc);
#define AFF_LEFT(a) ((a)->exited || (a)->done)   /* some lanes do nothing more now */
KirStmt *aff_sl_block(Aff *a, SList *l, SrcLoc loc);
void aff_restructure(Aff *a, const Seg *seg, int label, SList *out);

/* affine.c */
void aff_walk(Aff *a, const KirStmt *s, int in_data);

#endif
