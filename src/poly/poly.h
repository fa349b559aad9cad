/* poly.h: the public surface of src/poly, the polyhedral facts of DESIGN.md
 * ("Polyhedral facts"). Built with isl; no isl type crosses this header.
 *
 * Every object lives in one fixed space per kernel: the dimensions are the launch
 * (bz, by, bx, tz, ty, tx) followed by POLY_MAX_LOOPS per-thread loop counters, and the
 * parameters are the kernel's unbound integer scalars. A loop dimension that is not
 * in use is fixed to 0 in every domain, so all sets stay bounded and comparable.
 * Objects are owned by their PolyCtx and freed by poly_destroy (isl's reference
 * counting stays inside poly.c).
 *
 * Sections follow the .c files: expr.c (quasi-affine expressions from kernel IR),
 * set.c (domains, conditions, boxes), access.c (access relations, delinearization,
 * injectivity, races, translations), bounds.c (indices leaving a buffer, witnesses with
 * the values of the unbound scalars). */
#ifndef CUDA2HLO_POLY_H
#define CUDA2HLO_POLY_H

#include "base.h"
#include "frontend.h"

enum { POLY_BZ, POLY_BY, POLY_BX, POLY_TZ, POLY_TY, POLY_TX, POLY_NLAUNCH };
#define POLY_MAX_LOOPS 6
#define POLY_NDIMS (POLY_NLAUNCH + POLY_MAX_LOOPS)
#define POLY_MAX_RANK 4          /* delinearized buffer rank */
#define POLY_MAX_PIECES 8

typedef struct PolyCtx PolyCtx;
typedef struct PolyExpr PolyExpr;   /* piecewise quasi-affine integer function of the dims */
typedef struct PolySet PolySet;     /* a union of polyhedra in the dims */
typedef struct PolyMap PolyMap;     /* a relation from the dims to buffer coordinates */

/* ---- ctx.c ----
 * grid and block are the launch (x, y, z). Parameters are the unbound integer scalar
 * parameters of k. */
PolyCtx *poly_create(const KirKernel *k, const int grid[3], const int block[3]);
void poly_destroy(PolyCtx *c);
const char *poly_dim_name(int dim);     /* "bz" ... "tx", "l0" ... */

/* ---- expr.c ----
 * The value of a variable at a program point, as the caller tracks it: an expression,
 * or NULL when it is not quasi-affine (then *why says why). */
typedef const PolyExpr *(*PolyVarFn)(void *env, int var, const char **why);

/* Integer KIR expression -> quasi-affine expression, exact on the points of dom (dom
 * NULL: the launch box). Unsigned wrap-around, narrowing casts, and signed overflow
 * are checked on dom; where one may happen the result is NULL. NULL and *why (a
 * static string) when e is not quasi-affine, or when its function would have more
 * pieces than are analysed (expr.c, EXPR_MAX_PIECES). */
PolyExpr *poly_expr_from_kir(PolyCtx *c, const KirExpr *e, const PolySet *dom,
                             PolyVarFn fn, void *env, const char **why);
/* The same; when the result is NULL, failed(env, n) is called for each node n of e whose
 * own conversion failed (e, and the nodes on the way down to the first cause): a caller
 * that goes on to build e from its operands need not ask again about those, on the same
 * dom and variable values. */
typedef void (*PolyFailFn)(void *env, const KirExpr *n);
PolyExpr *poly_expr_from_kir_marking(PolyCtx *c, const KirExpr *e, const PolySet *dom,
                                     PolyVarFn fn, PolyFailFn failed, void *env,
                                     const char **why);
PolyExpr *poly_expr_const(PolyCtx *c, int64_t v);
PolyExpr *poly_expr_dim(PolyCtx *c, int dim);
/* cst + sum coef[d] * dim d. */
PolyExpr *poly_expr_linear(PolyCtx *c, const int64_t coef[POLY_NDIMS], int64_t cst);
/* c ? t : f, pointwise. */
PolyExpr *poly_expr_select(const PolySet *c, const PolyExpr *t, const PolyExpr *f);
/* Is e a constant (on every point)? Sets *v. */
int poly_expr_is_const(const PolyExpr *e, int64_t *v);
/* Does e depend on dimension d (some coefficient or piece boundary)? */
int poly_expr_involves_dim(const PolyExpr *e, int d);
int poly_expr_involves_params(const PolyExpr *e);
/* The expression as one affine piece without divisions: coef per dim, constant.
 * Returns 0 when it is piecewise, has divisions, or mentions parameters. */
int poly_expr_get_linear(const PolyExpr *e, int64_t coef[POLY_NDIMS], int64_t *cst);
void poly_expr_print(StrBuf *out, const PolyExpr *e);

/* ---- set.c ---- */
PolySet *poly_launch_box(PolyCtx *c);
PolySet *poly_set_universe(PolyCtx *c);
/* The points where condition e (an i1 KIR expression) holds; NULL and *why when it is
 * not a quasi-affine condition (&&, ||, ! and comparisons of quasi-affine integers
 * are; disjunctions are unions). Evaluated as on dom (overflow checks). */
PolySet *poly_set_from_cond(PolyCtx *c, const KirExpr *e, const PolySet *dom,
                            PolyVarFn fn, void *env, const char **why);
PolySet *poly_set_intersect(const PolySet *a, const PolySet *b);
PolySet *poly_set_union(const PolySet *a, const PolySet *b);
PolySet *poly_set_subtract(const PolySet *a, const PolySet *b);
/* { x in dom : lo(x) <= e(x) < hi(x) } style helpers: a comparison of two expressions */
PolySet *poly_set_cmp(KirBinOp op, const PolyExpr *a, const PolyExpr *b);
/* Opens loop dimension POLY_NLAUNCH+level: frees it in dom (it was fixed to 0), then
 * restricts it to lo <= l and l == lo mod step (step > 0). The caller intersects the
 * loop condition itself. */
PolySet *poly_set_open_loop(const PolySet *dom, int level, const PolyExpr *lo, int64_t step);
/* Projects loop dimension `level` out and fixes it to 0 again (leaving a loop). */
PolySet *poly_set_close_loop(const PolySet *dom, int level);
int poly_set_is_empty(const PolySet *s);
int poly_set_is_subset(const PolySet *a, const PolySet *b);
int poly_set_is_equal(const PolySet *a, const PolySet *b);
int poly_set_involves_params(const PolySet *s);
/* Constant bounds of every dimension: lo[d] <= x_d < hi[d]. Returns 0 when some
 * dimension is unbounded or the bounds depend on parameters (or s is empty). */
int poly_set_box_hull(const PolySet *s, int64_t lo[POLY_NDIMS], int64_t hi[POLY_NDIMS]);
/* Is s exactly its box hull? */
int poly_set_is_box(const PolySet *s);
/* One point of s (coordinates per dim), 0 when s is empty or parametric. */
int poly_set_sample(const PolySet *s, int64_t pt[POLY_NDIMS]);
void poly_set_print(StrBuf *out, const PolySet *s);

/* ---- access.c ---- */
/* { x -> [idx_0(x), ..., idx_{n-1}(x)] : x in dom } */
PolyMap *poly_access(const PolySet *dom, PolyExpr *const *idx, int n);
int poly_map_rank(const PolyMap *m);
/* m on the points of dom only. */
PolyMap *poly_map_restrict(const PolyMap *m, const PolySet *dom);
/* lo <= e <= hi on dom (constant bounds; 0 when unbounded or parametric). */
int poly_expr_bounds(const PolyExpr *e, const PolySet *dom, int64_t *lo, int64_t *hi);
/* m with its range cut to the box lo <= y < hi (one box of a store's range). */
PolyMap *poly_map_restrict_range(const PolyMap *m, const int64_t *lo, const int64_t *hi);
/* Candidate row-major shapes for a buffer of `count` elements from the coefficients
 * of a flat index (strides that divide count and each other), fewest dims first:
 * shapes[i][0..ranks[i]). Returns how many (0 when flat is not linear). */
int poly_shape_candidates(const PolyExpr *flat, int64_t count,
                          int64_t shapes[][POLY_MAX_RANK], int *ranks, int max);
/* Delinearizes a flat index against the row-major shape dims[0..rank): idx[0..rank)
 * with flat == sum idx_k * stride_k and 0 <= idx_k < dims[k] on every point of dom.
 * Returns 1 on success, 0 when that is not provable (or flat is not linear). */
int poly_delinearize(const PolySet *dom, const PolyExpr *flat, int rank,
                     const int64_t *dims, PolyExpr *idx[POLY_MAX_RANK]);
/* The same for any flat index (piecewise, with divisions) with 0 <= flat < prod dims on
 * dom: idx_k = floor(flat / stride_k) mod dims_k, quasi-affine. */
int poly_delinearize_div(const PolySet *dom, const PolyExpr *flat, int rank,
                         const int64_t *dims, PolyExpr *idx[POLY_MAX_RANK]);
/* Is the relation a function from each point to a distinct location (no two points,
 * in particular no two threads, write one location)? */
int poly_map_is_injective(const PolyMap *m);
/* Do two different threads (points differing in a launch dimension) reach one
 * location through a and b? Points on success: pa in a's domain, pb in b's. */
int poly_maps_conflict(const PolyMap *a, const PolyMap *b, int64_t pa[POLY_NDIMS],
                       int64_t pb[POLY_NDIMS]);
/* The same for some admissible values of the unbound scalars (bounds.c): the first such
 * pair, and in *params the values it needs ("m = 3"; nothing when none), when not NULL. */
int poly_maps_conflict_params(const PolyMap *a, const PolyMap *b, int64_t pa[POLY_NDIMS],
                              int64_t pb[POLY_NDIMS], StrBuf *params);
/* Does a reach an element that b reaches from another point (another thread, or another
 * trip of an open loop dimension), for some admissible values of the unbound scalars?
 * Maps of different ranks are taken to meet. */
int poly_maps_meet_apart(const PolyMap *a, const PolyMap *b);
/* The relation of a and b together (same rank). */
PolyMap *poly_map_union(const PolyMap *a, const PolyMap *b);
/* Does read r touch an element outside the union of the ranges of w[0..nw) (maps of the
 * same rank) for some admissible values of the unbound scalars? pt receives the first
 * such pair: the thread (POLY_NDIMS values) then the element (rank values); params the
 * values it needs ("n = 3"), when not NULL. */
int poly_map_reads_outside(const PolyMap *r, PolyMap *const *w, int nw,
                           int64_t pt[POLY_NDIMS + POLY_MAX_RANK + 3], StrBuf *params);
/* Is the range of m exactly a box with constant bounds? */
int poly_map_range_box(const PolyMap *m, int64_t lo[POLY_MAX_RANK], int64_t hi[POLY_MAX_RANK]);
int poly_map_domain_is_subset(const PolyMap *m, const PolySet *s);
int poly_map_is_subset(const PolyMap *a, const PolyMap *b);    /* same buffer */
/* Whether points of m in two different blocks may access one element. */
int poly_map_meets_across_blocks(const PolyMap *m);
/* Whether a point of some w[i] (writes) and a point of some a[j] (accesses) in two
 * different blocks may touch one element, for some admissible values of the unbound
 * scalars: 1 they may, 0 they never do, -1 not known (ranks differ, or isl's operation
 * budget ran out). */
int poly_maps_meet_across_blocks(PolyMap *const *w, int nw, PolyMap *const *a, int na);

/* r = R . W^-1 expressed over the write coordinates w, as pieces: on the box
 * lo <= w < hi, read coordinate j is sum_k coef[j][k] * w_k + cst[j]. W must be
 * injective. Returns the number of pieces (the boxes partition the range of W), or
 * 0 when R . W^-1 is not single-valued, not defined on all of W's range, or not
 * piecewise affine on boxes; -1 when isl's operation budget for the question ran out
 * (access.c, PIECES_MAX_OPS: a shape whose facts are that costly is not taken). */
typedef struct PolyPiece {
	int64_t lo[POLY_MAX_RANK], hi[POLY_MAX_RANK];
	int64_t coef[POLY_MAX_RANK][POLY_MAX_RANK];
	int64_t cst[POLY_MAX_RANK];
} PolyPiece;
int poly_map_in_coords(const PolyMap *r, const PolyMap *w, PolyPiece *out, int max);
/* hull.c: for an injective w whose range is no box, a relation w' whose range is the box
 * hull lo <= x < hi of w's range (set here) and whose inverse is a function on all of it,
 * equal to w^-1 on w's range, into w's domain elsewhere; NULL when there is none. */
PolyMap *poly_map_hull(const PolyMap *w, int64_t lo[POLY_MAX_RANK], int64_t hi[POLY_MAX_RANK]);
/* Lets poly_delinearize, where no term-per-dimension split fits, split a coefficient over
 * the strides (17 m - 16 t under [.][17] as [m - t + 1][t + 1]: an anti-diagonal). */
void poly_set_balanced(PolyCtx *c, int on);
/* e . W^-1 (a lane value as a function of the write coordinates), as pieces with one
 * output (row 0 of coef); 0 and -1 as poly_map_in_coords. */
int poly_expr_in_coords(const PolyExpr *e, const PolyMap *w, PolyPiece *out, int max);
/* e . W^-1 as quasi-affine pieces on boxes (divisions kept, however many values they
 * take): on the box lo <= w < hi, e = val(w, d) with the divisions, in order,
 * d_q = floor(num_q(w, d_0..d_{q-1}) / den_q), num_q taking values in [min_q, max_q] on
 * the box. Returns the number of pieces, 0 or -1 as poly_expr_in_coords. */
#define POLY_MAX_DIVS 8
typedef struct PolyQTerm {
	int64_t coef[POLY_MAX_RANK], dcoef[POLY_MAX_DIVS], cst;
} PolyQTerm;
typedef struct PolyQPiece {
	int64_t lo[POLY_MAX_RANK], hi[POLY_MAX_RANK];
	int ndivs;
	PolyQTerm val, num[POLY_MAX_DIVS];
	int64_t den[POLY_MAX_DIVS], min[POLY_MAX_DIVS], max[POLY_MAX_DIVS];
} PolyQPiece;
int poly_expr_in_coords_quasi(const PolyExpr *e, const PolyMap *w, PolyQPiece *out, int max);
void poly_map_print(StrBuf *out, const PolyMap *m);

/* ---- bounds.c ----
 * Can index e leave [lo, hi) at some point of dom, for some value of the unbound scalars
 * in their C type's range? 1 with a witness: the first such point (block, thread, loop
 * counters), the index there, the parameter values it needs ("n = 1001", empty when
 * none; the caller frees it); unknown set when isl gave no point. 0 when e stays inside. */
typedef struct PolyWitness {
	int64_t pt[POLY_NDIMS];
	int64_t value;
	StrBuf params;
	int unknown;
	/* The values of the unbound scalars for which some point leaves, as a condition
	 * the runtime evaluates (runtime/guard.c: "-250 + t >= 0 or -t >= 0", each
	 * disjunct constraints joined by " and "); empty when it does not involve them, when
	 * it holds for every admissible value, or when it needs integer division. */
	StrBuf when;
} PolyWitness;
int poly_expr_leaves(const PolyExpr *e, const PolySet *dom, int64_t lo, int64_t hi,
                     PolyWitness *w);

/* ==== polly_check.c (owner: polly): the Polly cross-check, --polly-check ====
 * Compiles the loopified C of every kernel of p with clang-22's Polly (analysis only),
 * compares Polly's accessed elements per buffer and cross-thread conflicts with the isl
 * facts, prints one line per kernel on stderr (agree / skipped: why), and dies on a
 * disagreement (docs/polly.md). Returns 1 when clang could not be run, else 0. */
typedef struct LoopProgram LoopProgram;
int poly_polly_check(const Options *o, const LoopProgram *p);

/* ---- assume.c: the values --symbolic scalars are assumed to take ----
 * poly_assume: restricts c to the parameter set text (from poly_assumption; NULL: no
 * restriction); poly_set_shadow and the overflow checks of expr.c answer under it.
 * poly_set_symbolic: the parameters kept symbolic (sym[i] for kernel parameter i; the
 * mask is copied); from then on an expression that overflows only for some of their
 * values narrows the assumption instead of failing (expr.c), and so does
 * poly_assume_inside: it drops from the assumption the values of the symbolic
 * parameters for which e leaves [lo, hi) on some point of dom for some value of the
 * others; both answer 0 when no admissible value is left (and without a mask). poly_assumption: the assumption as text,
 * simplified against the parameters' type ranges (malloc'ed), NULL when it is
 * everything. poly_assumption_walk: calls fn for each constraint of text, piece by
 * piece (the set is the union of the pieces, each the conjunction of its constraints
 * sum coef[i] * param_i + c0 >= 0, or == 0 when eq); returns the number of pieces, -1
 * when a constraint needs an existential variable or a coefficient beyond 2^31. given
 * (a parameter set, or NULL): what holds whenever the assumption is checked; the walk
 * is of text simplified under it (isl_set_gist_params), which is the same set there. */
void poly_assume(PolyCtx *c, const char *text);
void poly_set_symbolic(PolyCtx *c, const char *sym);
int poly_assume_inside(const PolyExpr *e, const PolySet *dom, int64_t lo, int64_t hi);
char *poly_assumption(PolyCtx *c);
/* The points of s for some assumed value of the parameters (the parameters eliminated:
 * the result does not involve them); NULL when c assumes nothing. */
PolySet *poly_set_shadow(const PolySet *s);
/* lo <= e <= hi on dom for every assumed value of the parameters (constants); 0 when
 * c assumes nothing, or e is unbounded there. */
int poly_expr_bounds_assumed(const PolyExpr *e, const PolySet *dom, int64_t *lo, int64_t *hi);
typedef void (*PolyConstraintFn)(void *env, int piece, int eq, const int64_t *coef, int64_t c0);
int poly_assumption_walk(PolyCtx *c, const char *text, const char *given, PolyConstraintFn fn,
                         void *env);
/* The assumption text as a conjunction of parts, one per buffer size (size[i] set for the
 * kernel parameters that are sizes: that size and the scalars, the other sizes
 * eliminated) after one of the scalars alone, when (within the parameters' ranges) their
 * intersection is the assumption; returns the number of parts (*parts: malloc'ed texts,
 * each freed with free), 0 when it is not such a conjunction or there is no size. */
int poly_assumption_split(PolyCtx *c, const char *text, const char *size, char ***parts);

/* ---- symsize.c: --symbolic buffer sizes (KirBuffer.sym_size) ----
 * poly_assume_below_size: drops from the assumption the values for which e reaches the
 * size of the buffer of kernel pointer parameter `param` on some point of dom; 0 when no
 * admissible value is left. poly_range_add: the indices e takes on dom joined to acc
 * (NULL: none yet); poly_range_max: their largest for any assumed value of the
 * parameters, into *hi (not using the symbols' type ranges), and the lcm of their
 * thread and loop coefficients (the row pitches of the buffer's views) into *stride;
 * 0 when they are unbounded, bounded only beyond POLY_SIZE_BOUND_MAX, or none (frees
 * acc). */
typedef struct PolyRange PolyRange;
#define POLY_SIZE_BOUND_MAX ((int64_t)1 << 28)
int poly_assume_below_size(const PolyExpr *e, const PolySet *dom, int param);
PolyRange *poly_range_add(PolyRange *acc, const PolyExpr *e, const PolySet *dom);
int poly_range_max(PolyCtx *c, PolyRange *acc, int64_t *hi, int64_t *stride);
void poly_range_free(PolyRange *acc);

#endif
