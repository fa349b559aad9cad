/* affine.c: strategy 2 of DESIGN.md, "Tensor IR (raise)": affine tensorization of a
 * single-phase kernel. Consumes the kernel IR (no barrier, no loop, no shared or local
 * memory, no atomics or warp ops) and the polyhedral facts of poly.h; produces, for
 * every store `buf[f(x)] = e`, the value e as a dense tensor over each box of the
 * store's range (reads that are translations or permutations of the write become slices
 * of the reshaped buffer, thread-invariant values are broadcast scalars, thread indices
 * are iotas, guards that are not affine become compare + select) and one
 * dynamic_update_slice per box into the reshaped buffer. Periodic reads (pieces) are a
 * concatenate of slices. A device function's early returns (block exits) become ifs
 * whose branches hold the rest of the function; (int) of unsigned index arithmetic is
 * read as the same arithmetic in int (equal modulo 2^32). Substituted values are DAGs:
 * each distinct node is built once per box (a memo). When any fact is missing the
 * whole kernel is left to SIMT (simt.c) and the missing fact is recorded for --report;
 * nothing is emitted then. */
#include "raise_int.h"
#include "affine_phases.h"
#include "poly.h"

#include <math.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DC 16

typedef struct Box {
	int rank;
	int64_t lo[POLY_MAX_RANK], hi[POLY_MAX_RANK];
} Box;

typedef struct Aff {
	Raise *r;
	PolyCtx *c;
	PolySet *dom;             /* running threads */
	const KirExpr **def;      /* per variable: its initialiser (only DECL assigns) */
	int *def_epoch;           /* stores done when it was declared */
	PolyExpr **ienv;          /* per integer variable: quasi-affine value, or NULL */
	int *last_store;          /* per buffer: epoch of its last store */
	int epoch;
	const KirExpr *dc[MAX_DC];/* guards that are not affine (data-dependent) */
	int dcneg[MAX_DC], ndc;
	PolyMap *w;               /* the store being built: write relation */
	Box box;                  /* the box of write coordinates being computed */
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
	} red[MAX_DC];
	int nred;
	int restructured;         /* statements made by restructure() so far */
	int stride;               /* inside a grid-stride loop (its level is open) */
	char *stride_st;          /* per buffer: stored in that loop's body */
	int *stride_nst;          /* per buffer: stores walked in that body */
	int uniform, used_uniform;/* may a loop of a uniform trip count be a dimension; was one */
	const KirExpr **local;    /* local array elements (at loc_base[buffer] + index): values */
	int *loc_base;
	const PolyExpr *wflat;    /* the store being built: its flat index and buffer */
	int wbuf;
	int unroll_dots;          /* short contraction loops are unrolled (the retry) */
	int short_dots;           /* short loops taken as contractions so far */
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
	int pad;                  /* assemble may fill what no piece covers (with zeros) */
	DType pad_dt;
	PolySet *live;            /* in a branch of ?: the threads that take it, else NULL */
	struct Memo lmemo;        /* dense values while live is set (reset with it) */
	int tshape;               /* tiled_store: the one shape of the store's buffer */
	int64_t tdims[POLY_MAX_RANK];
	PolyExpr *tidx[POLY_MAX_RANK];
} Aff;

/* The variable that stands for open loop dimension `level` (a grid-stride loop). */
#define LOOPVAR(a, level) ((int)(a)->r->k->nvars + MAX_DC + (level))
#define LD_IN_STRIDE (-2)
#define MAX_LOCAL 256             /* elements of a local array that scalar replacement takes */         /* lddom: substituted inside a grid-stride loop */

C2H_NORETURN static void afail(Aff *a, SrcLoc loc, const char *why)
{
	a->why = why;
	a->wloc = loc;
	longjmp(a->fail, 1);
}

static const PolyExpr *lookup(void *env, int var, const char **why)
{
	Aff *a = env;
	if (var >= LOOPVAR(a, 0))
		return poly_expr_dim(a->c, POLY_NLAUNCH + var - LOOPVAR(a, 0));
	if (var >= (int)a->r->k->nvars) {
		*why = "a reduction is not quasi-affine";
		return NULL;
	}
	if (!a->ienv[var])
		*why = "variable is not quasi-affine";
	return a->ienv[var];
}

/* ---- memo tables: substituted values are DAGs (shared subtrees); walks over them
 * visit each node once ---- */

static void memo_reset(struct Memo *m)
{
	m->cur++;
	m->n = 0;
}

static int *memo_slot(struct Memo *m, const void *k, int *found)
{
	size_t i;
	if (2 * (m->n + 1) > m->cap) {
		struct Memo old = *m;
		m->cap = m->cap ? 2 * m->cap : 1024;
		m->key = xcalloc(m->cap, sizeof(*m->key));
		m->gen = xcalloc(m->cap, sizeof(*m->gen));
		m->val = xcalloc(m->cap, sizeof(*m->val));
		m->n = 0;
		for (size_t j = 0; j < old.cap; j++)
			if (old.gen[j] == m->cur) {
				int f, *v = memo_slot(m, old.key[j], &f);
				*v = old.val[j];
			}
		free(old.key);
		free(old.gen);
		free(old.val);
	}
	i = (size_t)(((uintptr_t)k >> 4) * 0x9E3779B97F4A7C15ull) & (m->cap - 1);
	while (m->gen[i] == m->cur && m->key[i] != k)
		i = (i + 1) & (m->cap - 1);
	*found = m->gen[i] == m->cur;
	if (!*found) {
		m->gen[i] = m->cur;
		m->key[i] = k;
		m->n++;
	}
	return &m->val[i];
}

/* Forgets the values numbered `first` and up: a failed try dropped the ops that define
 * them (value numbers only grow), so a later hit would use a value of the failed try's
 * box, or one that nothing defines. */
static void memo_forget_from(struct Memo *m, int first)
{
	VEC(const void *) keys = {0};
	VEC(int) vals = {0};
	for (size_t i = 0; i < m->cap; i++)
		if (m->gen[i] == m->cur && m->val[i] < first) {
			VEC_PUSH(keys, m->key[i]);
			VEC_PUSH(vals, m->val[i]);
		}
	memo_reset(m);
	for (size_t i = 0; i < keys.len; i++) {
		int f;
		*memo_slot(m, keys.data[i], &f) = vals.data[i];
	}
	VEC_FREE(keys);
	VEC_FREE(vals);
}

/* ---- tries: building a value that may fail half way (afail's longjmp, or a -1) ----
 * A failed try leaves nothing behind: its ops are dropped, and the expression state it
 * changed on the way (the box, the live branch of a ?:, the domain, the write relation,
 * padding) and the memo entries of its values are put back as they were when it began. */
typedef struct Try {
	int nops, nvalues, ops[TOP_COUNT];
	Box box;
	PolySet *live, *dom;
	PolyMap *w;
	int pad;
	DType pad_dt;
	size_t nnotes;
} Try;

static void try_begin(Aff *a, Try *t)
{
	t->nops = a->scratch->nops;
	t->nvalues = a->r->f->nvalues;
	memcpy(t->ops, a->r->st->ops, sizeof(t->ops));
	t->box = a->box;
	t->live = a->live;
	t->dom = a->dom;
	t->w = a->w;
	t->pad = a->pad;
	t->pad_dt = a->pad_dt;
	t->nnotes = a->r->st->notes.len;
}

static void try_undo(Aff *a, const Try *t)
{
	a->scratch->nops = t->nops;
	memcpy(a->r->st->ops, t->ops, sizeof(t->ops));
	a->box = t->box;
	a->live = t->live;
	a->dom = t->dom;
	a->w = t->w;
	a->pad = t->pad;
	a->pad_dt = t->pad_dt;
	if (a->r->st->notes.s)
		a->r->st->notes.s[a->r->st->notes.len = t->nnotes] = 0;
	memo_forget_from(&a->memo, t->nvalues);
	memo_forget_from(&a->lmemo, t->nvalues);
}

/* 1 when e was visited before in the current walk (and marks it). */
static int visited(Aff *a, const void *e)
{
	int found;
	memo_slot(&a->seen, e, &found);
	return found;
}

static void memo_free(struct Memo *m)
{
	free(m->key);
	free(m->gen);
	free(m->val);
}

/* ---- types and small builders ---- */

static TBuilder *B(Aff *a) { return &a->r->b; }

static TType box_type(const Box *bx, DType dt)
{
	int64_t d[POLY_MAX_RANK];
	for (int k = 0; k < bx->rank; k++)
		d[k] = bx->hi[k] - bx->lo[k];
	return tir_type_tensor(dt, bx->rank, d);
}

static DType dt_of(Aff *a, int v) { return tir_value_type(a->r->f, v)->dt; }

static int bin(Aff *a, TOpKind k, int x, int y)
{
	a->r->st->ops[k]++;
	return tir_build_binary(B(a), k, x, y);
}

static int splat(Aff *a, DType dt, double f, int64_t i)
{
	TType t = box_type(&a->box, dt);
	return dtype_is_float(dt) ? tir_build_splat_float(B(a), t, f) : tir_build_splat_int(B(a), t, i);
}

static int convert(Aff *a, int v, DType to)
{
	DType from = dt_of(a, v);
	if (from == to)
		return v;
	if (to == DT_I1) {
		int z = splat(a, from, 0, 0);
		return tir_build_compare(B(a), CMP_NE, v, z);
	}
	a->r->st->ops[TOP_CONVERT]++;
	return tir_build_convert(B(a), v, to);
}

static int scalar_i32(Aff *a, int64_t v)
{
	return tir_build_splat_int(B(a), tir_type_scalar(DT_I32), v);
}

/* ---- pieces assembled over the current box (guillotine cuts, concatenate) ---- */

typedef int (*PieceFn)(Aff *a, const PolyPiece *p, const Box *sub, void *ctx);

static int clip(const PolyPiece *p, const Box *bx, Box *out)
{
	out->rank = bx->rank;
	for (int k = 0; k < bx->rank; k++) {
		out->lo[k] = p->lo[k] > bx->lo[k] ? p->lo[k] : bx->lo[k];
		out->hi[k] = p->hi[k] < bx->hi[k] ? p->hi[k] : bx->hi[k];
		if (out->lo[k] >= out->hi[k])
			return 0;
	}
	return 1;
}

static int assemble(Aff *a, const PolyPiece *ps, int n, const Box *bx, PieceFn fn, void *ctx);

/* bx cut at coordinate `cut` of dimension k: both sides assembled, then concatenated */
static int split_at(Aff *a, const PolyPiece *ps, int n, const Box *bx, int k, int64_t cut,
                    PieceFn fn, void *ctx)
{
	Box l = *bx, h = *bx;
	int parts[2];

	l.hi[k] = cut;
	h.lo[k] = cut;
	parts[0] = assemble(a, ps, n, &l, fn, ctx);
	parts[1] = assemble(a, ps, n, &h, fn, ctx);
	a->r->st->ops[TOP_CONCATENATE]++;
	return tir_build_concatenate(B(a), parts, 2, k);
}

static int assemble(Aff *a, const PolyPiece *ps, int n, const Box *bx, PieceFn fn, void *ctx)
{
	int idx[POLY_MAX_PIECES], m = 0;
	Box sub[POLY_MAX_PIECES];
	for (int i = 0; i < n; i++)
		if (clip(&ps[i], bx, &sub[m]))
			idx[m++] = i;
	if (m == 0 && a->pad) {   /* no thread reads here: any value will do */
		Box saved = a->box;
		int v;
		a->box = *bx;
		v = splat(a, a->pad_dt, 0, 0);
		a->box = saved;
		return v;
	}
	if (m == 0)
		afail(a, a->r->k->loc, "a read is not defined on part of the store's box");
	if (m == 1) {
		int whole = 1;
		for (int k = 0; k < bx->rank; k++)
			whole &= sub[0].lo[k] == bx->lo[k] && sub[0].hi[k] == bx->hi[k];
		if (whole) {
			Box saved = a->box;
			int v;
			a->box = *bx;
			v = fn(a, &ps[idx[0]], bx, ctx);
			a->box = saved;
			return v;
		}
		if (!a->pad)
			afail(a, a->r->k->loc, "the read pieces do not cover the store's box");
	}
	/* a cut: a dimension and a coordinate with every piece on one side */
	for (int k = 0; k < bx->rank; k++)
		for (int i = 0; i < m; i++) {
			int64_t cut = sub[i].hi[k];
			int ok = cut < bx->hi[k];
			for (int j = 0; j < m && ok; j++)
				ok = sub[j].hi[k] <= cut || sub[j].lo[k] >= cut;
			if (ok)
				return split_at(a, ps, n, bx, k, cut, fn, ctx);
		}
	/* with gaps: also a cut at the low side of a piece */
	for (int k = 0; k < bx->rank && a->pad; k++)
		for (int i = 0; i < m; i++) {
			int64_t cut = sub[i].lo[k];
			int ok = cut > bx->lo[k];
			for (int j = 0; j < m && ok; j++)
				ok = sub[j].hi[k] <= cut || sub[j].lo[k] >= cut;
			if (ok)
				return split_at(a, ps, n, bx, k, cut, fn, ctx);
		}
	afail(a, a->r->k->loc, "the read pieces are not a grid of boxes");
}

/* ---- affine integer values: sum coef_k * w_k + cst as iotas ---- */

static int affine_piece(Aff *a, const PolyPiece *p, const Box *sub, void *ctx)
{
	DType dt = *(const DType *)ctx;
	TType t = box_type(sub, dt);
	int v = -1;
	int64_t cst = p->cst[0];
	for (int k = 0; k < sub->rank; k++) {
		int64_t cf = p->coef[0][k];
		int io;
		if (!cf)
			continue;
		io = tir_build_iota(B(a), t, k);
		a->r->st->ops[TOP_IOTA]++;
		cst += cf * sub->lo[k];       /* w_k = iota + lo_k */
		if (cf != 1)
			io = bin(a, TOP_MULTIPLY, io, splat(a, dt, 0, cf));
		v = v < 0 ? io : bin(a, TOP_ADD, v, io);
	}
	if (v < 0)
		return splat(a, dt, 0, cst);
	return cst ? bin(a, TOP_ADD, v, splat(a, dt, 0, cst)) : v;
}

/* ---- quasi-affine integer values (i % 32, g / 24 of a linear id): iotas and floor
 * divisions. Every numerator is shifted by a multiple K of its divisor to be
 * non-negative on the box, where the truncating divide of StableHLO is the floor; all
 * intermediate values are bounded (sum of the terms' magnitudes) below 2^(bits-1), so
 * nothing wraps and unsigned arithmetic gives the same values. ---- */

typedef struct QCtx {
	const PolyQPiece *qs;
	const PolyPiece *shells;  /* the same boxes, for assemble */
	DType dt;
} QCtx;

/* t over sub with the shifted divisions d[q] = d_q + K[q]: the constant folds the box
 * origin and the shifts in; *bound gets the sum of the terms' magnitudes. Emits
 * nothing when emit is 0. */
static int qterm_value(Aff *a, const PolyQTerm *t, int nd, const int *d, const int64_t *K,
                       const double *dmax, const Box *sub, DType dt, int emit, double *bound)
{
	TType tt = box_type(sub, dt);
	int64_t cst = t->cst;
	int v = -1;
	*bound = 0;
	for (int k = 0; k < sub->rank; k++) {
		cst += t->coef[k] * sub->lo[k];
		*bound += fabs((double)t->coef[k]) * (double)(sub->hi[k] - sub->lo[k] - 1);
	}
	for (int q = 0; q < nd; q++) {
		cst -= t->dcoef[q] * K[q];
		*bound += fabs((double)t->dcoef[q]) * dmax[q];
	}
	*bound += fabs((double)cst);
	if (!emit)
		return -1;
	for (int k = 0; k < sub->rank + nd; k++) {
		int64_t cf = k < sub->rank ? t->coef[k] : t->dcoef[k - sub->rank];
		int x;
		if (!cf)
			continue;
		if (k < sub->rank) {
			x = tir_build_iota(B(a), tt, k);
			a->r->st->ops[TOP_IOTA]++;
		} else {
			x = d[k - sub->rank];
		}
		if (cf != 1 && cf != -1)
			x = bin(a, TOP_MULTIPLY, x, splat(a, dt, 0, cf < 0 ? -cf : cf));
		if (v < 0 && cf < 0)
			v = bin(a, TOP_SUBTRACT, splat(a, dt, 0, 0), x);
		else
			v = v < 0 ? x : bin(a, cf < 0 ? TOP_SUBTRACT : TOP_ADD, v, x);
	}
	if (v < 0)
		return splat(a, dt, 0, cst);
	if (cst)
		v = bin(a, cst < 0 ? TOP_SUBTRACT : TOP_ADD, v, splat(a, dt, 0, cst < 0 ? -cst : cst));
	return v;
}

static int quasi_piece(Aff *a, const PolyPiece *p, const Box *sub, void *ctx)
{
	QCtx *qc = ctx;
	const PolyQPiece *qp = &qc->qs[p - qc->shells];
	int bits = dtype_bits(qc->dt), d[POLY_MAX_DIVS];
	int64_t K[POLY_MAX_DIVS];
	double dmax[POLY_MAX_DIVS], limit = ldexp(1.0, bits - 1), bound;
	/* first the bounds (nothing emitted), then the values */
	for (int pass = 0; pass < 2; pass++) {
		for (int q = 0; q < qp->ndivs; q++) {
			K[q] = qp->min[q] < 0 ? (-qp->min[q] + qp->den[q] - 1) / qp->den[q] : 0;
			dmax[q] = (double)((qp->max[q] + K[q] * qp->den[q]) / qp->den[q]);
			d[q] = qterm_value(a, &qp->num[q], q, d, K, dmax, sub, qc->dt, pass, &bound);
			if (bound + (double)(K[q] * qp->den[q]) >= limit)
				afail(a, a->r->k->loc, "a quasi-affine value whose terms may overflow");
			if (pass) {
				if (K[q])
					d[q] = bin(a, TOP_ADD, d[q], splat(a, qc->dt, 0, K[q] * qp->den[q]));
				d[q] = bin(a, TOP_DIVIDE, d[q], splat(a, qc->dt, 0, qp->den[q]));
			}
		}
		{
			int v = qterm_value(a, &qp->val, qp->ndivs, d, K, dmax, sub, qc->dt, pass, &bound);
			if (bound >= limit)
				afail(a, a->r->k->loc, "a quasi-affine value whose terms may overflow");
			if (pass)
				return v;
		}
	}
	return -1;
}

static int affine_value(Aff *a, const PolyExpr *pe, DType dt, SrcLoc loc)
{
	PolyPiece ps[POLY_MAX_PIECES];
	PolyQPiece qs[POLY_MAX_PIECES];
	QCtx qc = {qs, ps, dt};
	int64_t cv;
	int n;
	if (poly_expr_is_const(pe, &cv))
		return splat(a, dt, 0, cv);
	n = poly_expr_in_coords(pe, a->w, ps, POLY_MAX_PIECES);
	if (n > 0)
		return assemble(a, ps, n, &a->box, affine_piece, &dt);
	if (n == 0)           /* not when isl's budget ran out: the same question again */
		n = poly_expr_in_coords_quasi(pe, a->w, qs, POLY_MAX_PIECES);
	if (n <= 0)
		afail(a, loc, "an index value is not quasi-affine in the write coordinates");
	for (int i = 0; i < n; i++) {
		memset(&ps[i], 0, sizeof(ps[i]));
		memcpy(ps[i].lo, qs[i].lo, sizeof(ps[i].lo));
		memcpy(ps[i].hi, qs[i].hi, sizeof(ps[i].hi));
	}
	return assemble(a, ps, n, &a->box, quasi_piece, &qc);
}

/* ---- loads: slices of the reshaped buffer ---- */

typedef struct LoadCtx {
	int buf;                  /* the reshaped buffer */
	int rank;
	const int64_t *dims;
	SrcLoc loc;
	int64_t *keep;            /* compact (a dot_general operand): no transpose or broadcast, */
	int nkeep;                /* keep[i] is the write coordinate of dimension i */
} LoadCtx;

static int load_piece(Aff *a, const PolyPiece *p, const Box *sub, void *ctx)
{
	LoadCtx *lc = ctx;
	int64_t start[POLY_MAX_RANK], limit[POLY_MAX_RANK], keep[POLY_MAX_RANK], kdims[POLY_MAX_RANK];
	int64_t perm[POLY_MAX_RANK], bdims[POLY_MAX_RANK];
	int nk = 0, v;
	TType bt = box_type(sub, dt_of(a, lc->buf));
	for (int j = 0; j < lc->rank; j++) {
		int k = -1;
		for (int q = 0; q < sub->rank; q++)
			if (p->coef[j][q]) {
				if (k >= 0 || p->coef[j][q] != 1)
					afail(a, lc->loc, "a read is not a translation or permutation of the write");
				k = q;
			}
		if (k < 0) {
			start[j] = p->cst[j];
			limit[j] = p->cst[j] + 1;
		} else {
			for (int i = 0; i < nk; i++)
				if (keep[i] == k)
					afail(a, lc->loc, "a read uses one write coordinate twice");
			start[j] = sub->lo[k] + p->cst[j];
			limit[j] = sub->hi[k] + p->cst[j];
			keep[nk] = k;
			kdims[nk++] = sub->hi[k] - sub->lo[k];
		}
		if (start[j] < 0 || limit[j] > lc->dims[j])
			afail(a, lc->loc, "a read slice is out of the buffer");
	}
	{
		int whole = 1;
		for (int j = 0; j < lc->rank; j++)
			whole &= start[j] == 0 && limit[j] == lc->dims[j];
		v = lc->buf;
		if (!whole) {
			v = tir_build_slice(B(a), lc->buf, start, limit, NULL);
			a->r->st->ops[TOP_SLICE]++;
		}
	}
	if (nk != lc->rank)
		v = tir_build_reshape(B(a), v, tir_type_tensor(dt_of(a, v), nk, kdims));
	if (lc->keep) {
		memcpy(lc->keep, keep, sizeof(int64_t) * (size_t)nk);
		lc->nkeep = nk;
		return v;
	}
	/* order the kept dimensions by write coordinate */
	v = raise_sort_dims(B(a), v, keep, nk, perm, a->r->st->ops);
	for (int i = 0; i < nk; i++)
		bdims[i] = keep[perm[i]];
	if (nk != sub->rank) {
		v = tir_build_broadcast_in_dim(B(a), v, bt, bdims);
		a->r->st->ops[TOP_BROADCAST_IN_DIM]++;
	}
	return v;
}

static int dense(Aff *a, const KirExpr *e);

/* Candidate i of the shapes for a buffer of `count` elements under which flat index pe
 * delinearizes in bounds on the domain (the last candidate is the flat shape itself):
 * its rank, 0 when candidate i does not delinearize, -1 past the last. */
static int shape_at(Aff *a, const PolyExpr *pe, int64_t count, int i,
                    int64_t dims[POLY_MAX_RANK], PolyExpr *idx[POLY_MAX_RANK])
{
	int64_t shapes[16][POLY_MAX_RANK];
	int ranks[16];
	int n = poly_shape_candidates(pe, count, shapes, ranks, 16);
	if (i < n) {
		if (!poly_delinearize(a->dom, pe, ranks[i], shapes[i], idx))
			return 0;
		memcpy(dims, shapes[i], sizeof(int64_t) * (size_t)ranks[i]);
		return ranks[i];
	}
	if (i > n || (n > 0 && ranks[n - 1] == 1 && shapes[n - 1][0] == count))
		return -1;
	dims[0] = count;
	if (poly_delinearize(a->dom, pe, 1, dims, idx))
		return 1;
	/* the flat index itself (piecewise, or on a union), when 0 <= pe < count on dom */
	{
		PolySet *in = poly_set_intersect(poly_set_cmp(KB_GE, pe, poly_expr_const(a->c, 0)),
		                                 poly_set_cmp(KB_LT, pe, poly_expr_const(a->c, count)));
		if (!poly_set_is_subset(a->dom, in))
			return 0;
		idx[0] = (PolyExpr *)pe;
		return 1;
	}
}

/* Can load_piece build every piece (each read coordinate a constant or one write
 * coordinate plus a constant, no write coordinate twice)? */
static int simple_pieces(const PolyPiece *ps, int n, int rank, int wrank)
{
	for (int i = 0; i < n; i++) {
		int used[POLY_MAX_RANK] = {0};
		for (int j = 0; j < rank; j++) {
			int nz = 0;
			for (int k = 0; k < wrank; k++)
				if (ps[i].coef[j][k]) {
					if (ps[i].coef[j][k] != 1 || used[k]++)
						return 0;
					nz++;
				}
			if (nz > 1)
				return 0;
		}
	}
	return 1;
}

static void check_buffer(Aff *a, int b, SrcLoc loc)
{
	const KirBuffer *kb = &a->r->k->bufs[b];
	if ((kb->space != KSP_GLOBAL && kb->space != KSP_CONSTANT && kb->space != KSP_SHARED) ||
	    a->r->buf[b] < 0)
		afail(a, loc, "local memory");
}

/* Shape candidate i of buffer b for index pe: shared memory has its block coordinates
 * in front (affine_phases.c). */
static int buffer_shape(Aff *a, int b, const PolyExpr *pe, int i, int64_t dims[POLY_MAX_RANK],
                        PolyExpr *idx[POLY_MAX_RANK])
{
	if (a->tshape && b == a->wbuf) {
		if (i > 0)
			return -1;
		memcpy(dims, a->tdims, sizeof(a->tdims));
		memcpy(idx, a->tidx, sizeof(a->tidx));
		return 4;
	}
	if (a->r->k->bufs[b].space == KSP_SHARED)
		return raise_shared_shape(a->r, a->c, a->dom, b, pe, i, dims, idx);
	return shape_at(a, pe, a->r->bufsize[b], i, dims, idx);
}

/* A piece that load_piece does not build: tiled or reversed coordinates. */
static int tiled_piece(Aff *a, const PolyPiece *p, const Box *sub, void *ctx)
{
	LoadCtx *lc = ctx;
	const char *why = NULL;
	int v = raise_tiled_read(a->r, lc->buf, lc->rank, lc->dims, p, sub->rank, sub->lo,
	                         sub->hi, a->live != NULL, &why);
	if (v < 0)
		afail(a, lc->loc, why);
	return v;
}

static int reshaped_value(Aff *a, int v, int rank, const int64_t *dims)
{
	if (rank == 1)
		return v;
	return tir_build_reshape(B(a), v, tir_type_tensor(dt_of(a, v), rank, dims));
}

static int reshaped(Aff *a, int b, int rank, const int64_t *dims)
{
	int v = a->r->buf[b];
	if (rank == 1)
		return v;
	return tir_build_reshape(B(a), v, tir_type_tensor(dt_of(a, v), rank, dims));
}

/* Was load e substituted inside the grid-stride loop being walked? (Loads from before
 * it read the memory of before it, whatever the loop stores.) */
static int load_in_stride(Aff *a, const KirExpr *e)
{
	int found, *slot = memo_slot(&a->lddom, e, &found);
	return !found || *slot == LD_IN_STRIDE;
}

/* The version of the buffer load e reads: the one current when it was substituted (a
 * variable's loads see memory as it was at its declaration, C17 6.8 sequencing). */
static int load_version(Aff *a, const KirExpr *e)
{
	int found, *slot = memo_slot(&a->ldver, e, &found);
	if (!found)
		*slot = a->r->buf[e->u.load.buffer];
	return *slot;
}

/* The load as a tensor over the box; with keep, compact: over the write coordinates
 * it reads along only (keep[i] for dimension i, see LoadCtx), or -1 when the read is
 * not one slice. */
/* A read that is a row of a natural view of its buffer whose row stride is no coefficient
 * of the index (B[k*N + col] with k a constant: the strides give 75 x 16 for N = 40) comes
 * out of the candidates in pieces; the view whose trailing dimensions are the store's
 * (30 x 40 under a 50 x 40 store) reads it as one slice. Replaces rank, dims and ps by
 * the first such view under which the read is one piece, and returns 1; else returns n
 * and changes nothing. */
static int trailing_view(Aff *a, const PolyExpr *pe, int b, int *rank, int64_t *dims,
                         PolyPiece *ps, int n)
{
	for (int j = 1; j < a->wrank; j++) {
		int64_t prod = 1, d[POLY_MAX_RANK];
		int r = 1 + a->wrank - j;
		PolyExpr *idx[POLY_MAX_RANK];
		PolyPiece p[POLY_MAX_PIECES];
		for (int k = j; k < a->wrank; k++)
			prod *= a->wdims[k];
		if (a->r->bufsize[b] % prod || a->r->bufsize[b] == prod)
			continue;
		d[0] = a->r->bufsize[b] / prod;
		memcpy(d + 1, a->wdims + j, sizeof(int64_t) * (size_t)(r - 1));
		if (!poly_delinearize(a->dom, pe, r, d, idx) ||
		    poly_map_in_coords(poly_access(a->dom, idx, r), a->w, p, POLY_MAX_PIECES) != 1 ||
		    !simple_pieces(p, 1, r, a->box.rank))
			continue;
		*rank = r;
		memcpy(dims, d, sizeof(int64_t) * (size_t)r);
		ps[0] = p[0];
		return 1;
	}
	return n;
}

/* A read that is no set of slices: its index over the box, and a gather of one element
 * per thread from the version of the buffer the read sees; the store and the other reads
 * stay dense. pe NULL: the index depends on data (src[idx[i]]; its own reads are slices);
 * else it is quasi-affine (scale[i / 4], w[i % 16]: iota and divide). The gather clamps
 * the index into the buffer, as the SIMT strategy's does (simt.c). Shared and local
 * memory, and a buffer a grid-stride loop writes, are not read so. */
static int gather_load(Aff *a, const KirExpr *e, const PolyExpr *pe)
{
	static const int64_t first[1] = {0};
	int b = e->u.load.buffer, rank = a->box.rank, idx, v;
	int64_t d[POLY_MAX_RANK + 1], ss[1] = {1};
	TGatherDims gd = {0};
	DType it = a->r->bufsize[b] > INT32_MAX ? DT_I64 : DT_I32;
	KirSpace sp = a->r->k->bufs[b].space;
	if (sp == KSP_SHARED || sp == KSP_LOCAL || (a->stride && a->stride_st[b]))
		afail(a, e->loc, "a load index is not quasi-affine");
	idx = pe ? affine_value(a, pe, it, e->loc) : convert(a, dense(a, e->u.load.index), it);
	for (int k = 0; k < rank; k++)
		d[k] = a->box.hi[k] - a->box.lo[k];
	d[rank] = 1;
	idx = tir_build_reshape(B(a), idx, tir_type_tensor(it, rank + 1, d));
	gd.collapsed_slice_dims = (TInts){first, 1};
	gd.start_index_map = (TInts){first, 1};
	gd.index_vector_dim = rank;
	v = load_version(a, e);
	a->r->st->ops[TOP_GATHER]++;
	sb_printf(&a->r->st->notes, "  load %s at %d:%d: gather (%s)\n", a->r->k->bufs[b].name,
	          e->loc.line, e->loc.col, pe ? "not a set of slices of the buffer under any shape"
	                                      : "its index depends on data");
	return tir_build_gather(B(a), v, idx, &gd, ss, box_type(&a->box, dt_of(a, v)));
}

static int load_at(Aff *a, const KirExpr *e, int64_t *keep)
{
	int b = e->u.load.buffer, rank, n;
	const char *why;
	int64_t dims[POLY_MAX_RANK];
	PolyExpr *idx[POLY_MAX_RANK];
	PolyPiece ps[POLY_MAX_PIECES];
	PolyExpr *pe;
	LoadCtx lc;
	PolySet *all;
	int tiled = 0;            /* second pass: tiled, strided or reversed pieces */
	check_buffer(a, b, e->loc);
	pe = poly_expr_from_kir(a->c, e->u.load.index, a->dom, lookup, a, &why);
	if (!pe)
		return keep ? -1 : gather_load(a, e, NULL);
	if (a->stride && a->stride_st[b] && load_in_stride(a, e) &&
	    (b != a->wbuf || !poly_set_is_subset(a->dom, poly_set_cmp(KB_EQ, pe, a->wflat))))
		afail(a, e->loc, "a grid-stride loop reads a buffer it writes, elsewhere than where "
		      "the same iteration writes");
	all = a->dom;
	if (a->live)              /* in bounds where taken: the shape is proved there */
		a->dom = a->live;
	for (int i = -1;; i++) {
		if (i < 0) {           /* first the store's shape (a stencil reads its own grid) */
			int64_t numel = 1;
			for (int k = 0; k < a->wrank; k++)
				numel *= a->wdims[k];
			if (a->wrank < 2 || numel != a->r->bufsize[b] ||
			    a->r->k->bufs[b].space == KSP_SHARED ||
			    (!poly_delinearize(a->dom, pe, a->wrank, a->wdims, idx) &&
			     !poly_delinearize_div(a->dom, pe, a->wrank, a->wdims, idx)))
				continue;
			rank = a->wrank;
			memcpy(dims, a->wdims, sizeof(dims));
		} else {
			rank = buffer_shape(a, b, pe, i, dims, idx);
		}
		if (rank < 0 && !tiled++) {
			i = -2;
			continue;
		}
		if (rank < 0) {
			a->dom = all;
			if (!keep)
				return gather_load(a, e, pe);
			afail(a, e->loc, "a load is not a translation or permutation of the write under "
			      "any shape of its buffer");
		}
		if (rank == 0)
			continue;
		n = poly_map_in_coords(poly_access(all, idx, rank), a->w, ps, POLY_MAX_PIECES);
		if (n > 0 && (tiled ? raise_tiled_pieces_ok(ps, n, rank, a->box.rank)
		                    : simple_pieces(ps, n, rank, a->box.rank)))
			break;
	}
	a->dom = all;
	if (n > 1 && !tiled && a->r->k->bufs[b].space != KSP_SHARED)   /* global shapes */
		n = trailing_view(a, pe, b, &rank, dims, ps, n);
	lc = (LoadCtx){.rank = rank, .dims = dims, .loc = e->loc, .keep = keep};
	if (keep) {
		Box sub;
		if (n != 1 || tiled || a->live || !clip(&ps[0], &a->box, &sub))
			return -1;
		for (int k = 0; k < sub.rank; k++)
			if (sub.lo[k] != a->box.lo[k] || sub.hi[k] != a->box.hi[k])
				return -1;
		lc.buf = reshaped_value(a, load_version(a, e), rank, dims);
		return load_piece(a, &ps[0], &a->box, &lc);
	}
	lc.buf = reshaped_value(a, load_version(a, e), rank, dims);
	return assemble(a, ps, n, &a->box, tiled || a->live ? tiled_piece : load_piece, &lc);
}

/* The threads that run load e (recorded when it was substituted: a load under an affine
 * guard runs on the guard's threads only), among the running ones. Only domains without
 * open loop dimensions (grid-stride, reduction) are recorded and used. */
static PolySet *load_domain(Aff *a, const KirExpr *e)
{
	int found, *slot = memo_slot(&a->lddom, e, &found);
	PolySet *d;
	if (!found) {             /* not from subst: runs everywhere, checked in a loop body */
		*slot = LD_IN_STRIDE;
		return a->dom;
	}
	if (*slot < 0 || a->loopvar >= 0 || a->stride ||
	    poly_set_is_subset(a->dom, a->lddoms.data[*slot]))
		return a->dom;
	d = poly_set_intersect(a->dom, a->lddoms.data[*slot]);
	return d;
}

/* load_at (not compact), 1 and *v when it succeeds; 0, with nothing emitted, when a fact is missing. */
static int load_try(Aff *a, const KirExpr *e, int *v)
{
	jmp_buf outer;
	Try t;
	int ok;
	memcpy(outer, a->fail, sizeof(jmp_buf));
	try_begin(a, &t);
	ok = !setjmp(a->fail);
	if (ok)
		*v = load_at(a, e, NULL);
	memcpy(a->fail, outer, sizeof(jmp_buf));
	if (!ok)
		try_undo(a, &t);
	return ok;
}

/* A load that only some threads of the box run (a boundary guard such as `if (j >= 0)`
 * read eagerly through a select): when it is not in bounds on every thread, its value
 * where it runs and zeros elsewhere (pad and concatenate), so it needs to be in bounds
 * only where it runs. */
static int load(Aff *a, const KirExpr *e)
{
	PolySet *saved_dom = a->dom, *ld = load_domain(a, e);
	PolyMap *saved_w = a->w;
	int saved_pad = a->pad, v, ok;
	DType saved_dt = a->pad_dt;
	if (ld == a->dom)
		return load_at(a, e, NULL);
	if (load_try(a, e, &v))
		return v;
	if (poly_set_is_empty(ld))
		return splat(a, raise_dtype(e->type), 0, 0);
	a->dom = ld;
	a->w = poly_map_restrict(a->w, ld);
	a->pad = 1;
	a->pad_dt = raise_dtype(e->type);
	ok = load_try(a, e, &v);
	a->dom = saved_dom;
	a->w = saved_w;
	a->pad = saved_pad;
	a->pad_dt = saved_dt;
	if (!ok)
		afail(a, a->wloc, a->why);
	return v;
}

/* ---- expressions over the box ---- */

/* The operator mapping is simt.c's (raise_binop_kind). */
static int binop(Aff *a, KirBinOp op, KirDType t, int x, int y, SrcLoc loc)
{
	TCmpDir dir = CMP_NE;
	int shift;
	TOpKind k = raise_binop_kind(op, t, &dir, &shift);
	if (k == TOP_COUNT)
		afail(a, loc, "unsupported operator");
	if (k == TOP_COMPARE) {
		a->r->st->ops[TOP_COMPARE]++;
		return tir_build_compare(B(a), dir, x, y);
	}
	return bin(a, k, x, shift ? convert(a, y, dt_of(a, x)) : y);
}

/* Loads inside a variable's initialiser must still see the buffers as they were. */
static void check_fresh_dag(Aff *a, const KirExpr *e, int epoch);

static void check_fresh(Aff *a, const KirExpr *e, int epoch)
{
	memo_reset(&a->seen);
	check_fresh_dag(a, e, epoch);
}

static void check_fresh_dag(Aff *a, const KirExpr *e, int epoch)
{
	if (!e || visited(a, e))
		return;
	switch (e->kind) {
	case KE_LOAD: {
		int found;
		memo_slot(&a->ldver, e, &found);   /* reads its own version: always fresh */
		if (!found && a->last_store[e->u.load.buffer] > epoch)
			afail(a, e->loc, "a variable reads a buffer stored to after its declaration");
		check_fresh_dag(a, e->u.load.index, epoch);
		return;
	}
	case KE_VAR:
		if (e->u.var >= LOOPVAR(a, 0))
			return;
		if (e->u.var >= (int)a->r->k->nvars)
			check_fresh_dag(a, a->red[e->u.var - (int)a->r->k->nvars].body, epoch);
		else if (e->u.var != a->loopvar && a->def[e->u.var])
			check_fresh_dag(a, a->def[e->u.var], epoch);
		return;
	case KE_UNARY: check_fresh_dag(a, e->u.un.x, epoch); return;
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		check_fresh_dag(a, e->u.bin.l, epoch);
		check_fresh_dag(a, e->u.bin.r, epoch);
		return;
	case KE_COND:
		check_fresh_dag(a, e->u.cond.c, epoch);
		check_fresh_dag(a, e->u.cond.t, epoch);
		check_fresh_dag(a, e->u.cond.f, epoch);
		return;
	case KE_CAST: case KE_BITCAST: check_fresh_dag(a, e->u.x, epoch); return;
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			check_fresh_dag(a, e->u.math.args[i], epoch);
		return;
	default: return;
	}
}

/* ---- substitution: expressions over the kernel's inputs only ----
 * Every variable is replaced by its current value when an expression is met, so that
 * later assignments cannot change what an earlier statement saw. A value whose loads
 * would now see a newer version of a buffer is not substituted (the kernel falls back). */
static KirExpr *subst(Aff *a, const KirExpr *e);

/* ---- local arrays: every index a constant (after unrolling), so each element is a
 * per-thread value like a variable (scalar replacement) ---- */

static const PolyExpr *lookup(void *env, int var, const char **why);

/* index: substituted already */
static void scan_local_store(void *ctx, KirExpr *e)
{
	Aff *a = ctx;
	if (e->kind == KE_ASSIGN && e->u.assign.lv.var < 0 && a->r->k->bufs[e->u.assign.lv.buffer].init)
		a->loc_base[e->u.assign.lv.buffer] = -1;
}

static int local_slot(Aff *a, int b, const KirExpr *index, SrcLoc loc)
{
	int64_t k;
	const char *why;
	PolyExpr *pe = frontend_dtype_is_int(index->type) ?
		poly_expr_from_kir(a->c, index, a->dom, lookup, a, &why) : NULL;
	if (a->loc_base[b] < 0 || !pe || !poly_expr_is_const(pe, &k))
		afail(a, loc, "shared or local memory");
	if (k < 0 || k >= a->r->k->bufs[b].count)
		afail(a, loc, "a local array index out of bounds");
	return a->loc_base[b] + (int)k;
}

static KirExpr *path_cond(Aff *a, int from, SrcLoc loc);

/* buf[k] = v, buf[k] op= v: the element's new value, under the enclosing guards */
static void local_store(Aff *a, const KirExpr *e)
{
	const KirLval *lv = &e->u.assign.lv;
	KirDType t = a->r->k->bufs[lv->buffer].elem;
	int slot = local_slot(a, lv->buffer, subst(a, lv->index), e->loc);
	KirExpr *val = subst(a, e->u.assign.value), *c;
	const KirExpr *old = a->local[slot];
	if (e->u.assign.op != KB_NONE) {
		KirDType ot = e->u.assign.optype;
		if (!old)
			afail(a, e->loc, "a local array element read before it is set");
		val = frontend_new_binary(a->ar, e->u.assign.op, ot,
		                          frontend_new_cast(a->ar, ot, (KirExpr *)old, e->loc), val, e->loc);
	}
	val = frontend_new_cast(a->ar, t, val, e->loc);
	c = path_cond(a, 0, e->loc);
	if (c && old) {
		KirExpr *n = frontend_new_expr(a->ar, KE_COND, t, e->loc);
		n->u.cond.c = c;
		n->u.cond.t = val;
		n->u.cond.f = (KirExpr *)old;
		val = n;
	}
	a->local[slot] = val;
}

/* (i32) of a u32 add/sub/mul tree (blockIdx.x * blockDim.x + threadIdx.x - H) as the
 * same tree in i32: both are the value modulo 2^32, so the C value is unchanged, and the
 * facts then check that no signed intermediate overflows on the domain (the u32 form
 * wraps below zero and is not quasi-affine). Same for u64 under i64. */
static KirExpr *signed_view(Aff *a, KirDType t, KirDType ut, KirExpr *x)
{
	if (x->kind == KE_BINARY && x->type == ut &&
	    (x->u.bin.op == KB_ADD || x->u.bin.op == KB_SUB || x->u.bin.op == KB_MUL))
		return frontend_new_binary(a->ar, x->u.bin.op, t, signed_view(a, t, ut, x->u.bin.l),
		                           signed_view(a, t, ut, x->u.bin.r), x->loc);
	return frontend_new_cast(a->ar, t, x, x->loc);
}

static KirExpr *subst(Aff *a, const KirExpr *e)
{
	KirExpr *n;
	if (!e)
		return NULL;
	if (e->kind == KE_VAR && e->u.var == a->loopvar)
		return (KirExpr *)e;
	if (e->kind == KE_VAR) {
		const KirExpr *d = a->def[e->u.var];
		if (!d)
			afail(a, e->loc, "a variable read before it is set");
		check_fresh(a, d, a->def_epoch[e->u.var]);
		return (KirExpr *)d;
	}
	n = frontend_new_expr(a->ar, e->kind, e->type, e->loc);
	n->u = e->u;
	switch (e->kind) {
	case KE_UNARY: n->u.un.x = subst(a, e->u.un.x); break;
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		n->u.bin.l = subst(a, e->u.bin.l);
		n->u.bin.r = subst(a, e->u.bin.r);
		break;
	case KE_COND:
		n->u.cond.c = subst(a, e->u.cond.c);
		n->u.cond.t = subst(a, e->u.cond.t);
		n->u.cond.f = subst(a, e->u.cond.f);
		break;
	case KE_CAST: case KE_BITCAST:
		n->u.x = subst(a, e->u.x);
		if (e->kind == KE_CAST && n->u.x->kind == KE_BINARY &&
		    ((e->type == KT_I32 && n->u.x->type == KT_U32) ||
		     (e->type == KT_I64 && n->u.x->type == KT_U64)))
			return signed_view(a, e->type, n->u.x->type, n->u.x);
		break;
	case KE_LOAD: {
		int found, *slot;
		n->u.load.index = subst(a, e->u.load.index);
		if (a->r->k->bufs[e->u.load.buffer].space == KSP_LOCAL) {
			const KirExpr *d = a->local[local_slot(a, e->u.load.buffer, n->u.load.index, e->loc)];
			if (!d)
				afail(a, e->loc, "a local array element read before it is set");
			return (KirExpr *)d;
		}
		slot = memo_slot(&a->ldver, n, &found);
		*slot = a->r->buf[e->u.load.buffer];
		slot = memo_slot(&a->lddom, n, &found);
		*slot = a->stride ? LD_IN_STRIDE : -1;
		if (a->loopvar < 0 && !a->stride) {   /* a domain without open loop dimensions */
			*slot = (int)a->lddoms.len;
			VEC_PUSH(a->lddoms, a->dom);
		}
		break;
	}
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			n->u.math.args[i] = subst(a, e->u.math.args[i]);
		break;
	case KE_ASSIGN:
		if (e->u.assign.lv.var < 0)
			n->u.assign.lv.index = subst(a, e->u.assign.lv.index);
		n->u.assign.value = subst(a, e->u.assign.value);
		break;
	case KE_CONST: case KE_PARAM: case KE_BUILTIN: break;
	default: afail(a, e->loc, "an expression with effects or warp/atomic operations");
	}
	return n;
}

/* Substituted values are trees that share their subtrees; every walk over them (poly
 * facts, dense evaluation) is linear in the tree's size, so sizes are bounded. */
#define MAX_TREE 4000

static int64_t tree_size(const KirExpr *e, int64_t budget)
{
	int64_t n = 1;
	if (!e)
		return 0;
	switch (e->kind) {
	case KE_UNARY: return n + tree_size(e->u.un.x, budget - n);
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		n += tree_size(e->u.bin.l, budget - n);
		return n > budget ? n : n + tree_size(e->u.bin.r, budget - n);
	case KE_COND:
		n += tree_size(e->u.cond.c, budget - n);
		n += n > budget ? 0 : tree_size(e->u.cond.t, budget - n);
		return n > budget ? n : n + tree_size(e->u.cond.f, budget - n);
	case KE_CAST: case KE_BITCAST: return n + tree_size(e->u.x, budget - n);
	case KE_LOAD: return n + tree_size(e->u.load.index, budget - n);
	case KE_ASSIGN:
		n += tree_size(e->u.assign.lv.index, budget - n);
		return n > budget ? n : n + tree_size(e->u.assign.value, budget - n);
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs && n <= budget; i++)
			n += tree_size(e->u.math.args[i], budget - n);
		return n;
	default: return n;
	}
}

/* Distinct nodes of e (a DAG) that the dense memo evaluates, counting up to budget. An
 * integer node other than a load is not counted: integer values are quasi-affine facts
 * walked as trees (bounded where their variables are substituted), and a load index is
 * one (IX(i, j, k) in every iteration of an unrolled column loop); the loads and the
 * values are counted. */
static int64_t dag_size(Aff *a, const KirExpr *e, int64_t budget)
{
	int64_t n;
	if (!e || visited(a, e))
		return 0;
	n = frontend_dtype_is_int(e->type) && e->type != KT_I1 && e->kind != KE_LOAD ? 0 : 1;
	switch (e->kind) {
	case KE_UNARY: return n + dag_size(a, e->u.un.x, budget - n);
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		n += dag_size(a, e->u.bin.l, budget - n);
		return n > budget ? n : n + dag_size(a, e->u.bin.r, budget - n);
	case KE_COND:
		n += dag_size(a, e->u.cond.c, budget - n);
		n += n > budget ? 0 : dag_size(a, e->u.cond.t, budget - n);
		return n > budget ? n : n + dag_size(a, e->u.cond.f, budget - n);
	case KE_CAST: case KE_BITCAST: return n + dag_size(a, e->u.x, budget - n);
	case KE_LOAD: return n + dag_size(a, e->u.load.index, budget - n);
	case KE_ASSIGN:
		n += dag_size(a, e->u.assign.lv.index, budget - n);
		return n > budget ? n : n + dag_size(a, e->u.assign.value, budget - n);
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs && n <= budget; i++)
			n += dag_size(a, e->u.math.args[i], budget - n);
		return n;
	default: return n;
	}
}

/* Integer values are walked as trees by the facts (poly_expr_from_kir), so their tree
 * size is bounded; other values are evaluated once per distinct node (the dense memo),
 * so their DAG size is. */
static KirExpr *bounded(Aff *a, KirExpr *e, SrcLoc loc)
{
	int64_t n;
	if (frontend_dtype_is_int(e->type) && e->type != KT_I1)
		n = tree_size(e, MAX_TREE);
	else {
		memo_reset(&a->seen);
		n = dag_size(a, e, MAX_TREE);
	}
	if (n > MAX_TREE)
		afail(a, loc, "a value too large to substitute (a long chain of assignments)");
	return e;
}

/* The conjunction of the path conditions from depth `from` on, or NULL (true). */
static KirExpr *path_cond(Aff *a, int from, SrcLoc loc)
{
	KirExpr *c = NULL;
	for (int i = from; i < a->npath; i++) {
		KirExpr *t = (KirExpr *)a->path[i];
		if (t->type != KT_I1) {
			KirExpr *z = frontend_new_expr(a->ar, KE_CONST, t->type, loc);
			z->u.c = frontend_const_convert((KirConst){KT_I32, 0, 0}, t->type);
			t = frontend_new_binary(a->ar, KB_NE, KT_I1, t, z, loc);
		}
		if (a->pathneg[i])
			t = frontend_new_unary(a->ar, KU_NOT, KT_I1, t, loc);
		if (c) {
			KirExpr *n = frontend_new_expr(a->ar, KE_LOGAND, KT_I1, loc);
			n->u.bin.l = c;
			n->u.bin.r = t;
			t = n;
		}
		c = t;
	}
	return c;
}

static void set_var(Aff *a, int v, KirExpr *val, SrcLoc loc)
{
	const char *why;
	KirExpr *c = path_cond(a, a->decl_depth[v], loc);
	if (c) {
		KirExpr *n = frontend_new_expr(a->ar, KE_COND, val->type, loc);
		n->u.cond.c = c;
		n->u.cond.t = val;
		n->u.cond.f = (KirExpr *)a->def[v];
		val = n;
	}
	a->def[v] = bounded(a, val, loc);
	a->def_epoch[v] = a->epoch;
	a->ienv[v] = NULL;
	if (frontend_dtype_is_int(val->type) && val->type != KT_I1)
		a->ienv[v] = poly_expr_from_kir(a->c, val, a->dom, lookup, a, &why);
}

/* A statement-level assignment or ++/-- of a variable. */
static void assign_var(Aff *a, const KirExpr *e)
{
	int v;
	KirExpr *val, *old;
	if (e->kind == KE_INCDEC) {
		KirDType t = e->type;
		KirExpr *one;
		v = e->u.incdec.lv.var;
		old = subst(a, &(KirExpr){.kind = KE_VAR, .type = t, .loc = e->loc, .u.var = v});
		one = frontend_new_expr(a->ar, KE_CONST, t, e->loc);
		one->u.c = frontend_const_convert((KirConst){KT_I32, 1, 1.0}, t);
		val = frontend_new_binary(a->ar, e->u.incdec.inc ? KB_ADD : KB_SUB, t, old, one, e->loc);
		set_var(a, v, val, e->loc);
		return;
	}
	v = e->u.assign.lv.var;
	val = subst(a, e->u.assign.value);
	if (e->u.assign.op != KB_NONE) {
		KirDType ot = e->u.assign.optype, t = a->r->k->vars[v].type;
		old = subst(a, &(KirExpr){.kind = KE_VAR, .type = t, .loc = e->loc, .u.var = v});
		val = frontend_new_binary(a->ar, e->u.assign.op, ot, frontend_new_cast(a->ar, ot, old, e->loc),
		                          val, e->loc);
		val = frontend_new_cast(a->ar, t, val, e->loc);
	}
	set_var(a, v, val, e->loc);
}

static int dense(Aff *a, const KirExpr *e);

static int uses_var(const KirExpr *e, int v);

/* ---- contractions: a reduction whose body is a product with two factors that read
 * along the loop (contract.c builds the dot_general) ---- */
#define MAX_FACTORS 8

/* The factors of a product tree of type t: how many, -1 past MAX_FACTORS. */
static int factors(const KirExpr *e, KirDType t, const KirExpr **f, int n)
{
	if (n < 0)
		return n;
	if (e->kind == KE_BINARY && e->u.bin.op == KB_MUL && e->type == t)
		return factors(e->u.bin.r, t, f, factors(e->u.bin.l, t, f, n));
	if (n == MAX_FACTORS)
		return -1;
	f[n] = e;
	return n + 1;
}

/* The load under a chain of (non-boolean) casts, or NULL. */
static const KirExpr *load_of(const KirExpr *e)
{
	while (e->kind == KE_CAST && e->type != KT_I1)
		e = e->u.x;
	return e->kind == KE_LOAD ? e : NULL;
}

/* Is body, over loop variable k, a product whose factors that involve k are exactly two
 * loads (under casts)? f[0..*nf) are its factors, f[kf[0]] and f[kf[1]] those two. */
static int contraction_of(const KirExpr *body, int k, const KirExpr **f, int *nf, int kf[2])
{
	int n = factors(body, body->type, f, 0), nk = 0;
	if (n < 2)
		return 0;
	for (int i = 0; i < n; i++)
		if (uses_var(f[i], k)) {
			if (nk == 2 || !load_of(f[i]))
				return 0;
			kf[nk++] = i;
		}
	*nf = n;
	return nk == 2;
}

/* A factor as a compact dot_general operand over the extended box (labels[i]: the box
 * coordinate of its dimension i), its casts applied; -1 when the read is not one slice. */
static int operand(Aff *a, const KirExpr *e, DType dt, int64_t *labels)
{
	const KirExpr *chain[16];
	int n = 0, v;
	for (; e->kind == KE_CAST; e = e->u.x)
		if (n < 16)
			chain[n++] = e;
		else
			return -1;
	v = load_at(a, e, labels);
	while (v >= 0 && n > 0)
		v = convert(a, v, raise_dtype(chain[--n]->type));
	return v < 0 ? v : convert(a, v, dt);
}

/* sum over the loop of x * y as a tensor over the outer box, or -1 (nothing built). */
static int contract(Aff *a, const KirExpr *x, const KirExpr *y, DType dt, const Box *outer)
{
	int64_t xl[POLY_MAX_RANK + 1], yl[POLY_MAX_RANK + 1];
	int xv, yv, v = -1;
	Try t;
	try_begin(a, &t);
	xv = operand(a, x, dt, xl);
	yv = xv < 0 ? -1 : operand(a, y, dt, yl);
	if (yv >= 0)
		v = raise_contract(B(a), xv, xl, yv, yl, outer->rank, box_type(outer, dt), a->r->st->ops);
	if (v < 0)
		try_undo(a, &t);
	return v;
}

/* Reduction red[i] over the current box: a contraction is one dot_general (times the
 * factors that do not involve the loop); else the body over the box times [lo, hi)
 * (the loop variable is loop dimension 0 of the facts), then a reduce of that
 * dimension. */
static int reduction(Aff *a, int i, const KirExpr *e)
{
	const KirExpr *f[MAX_FACTORS];
	int nf = 0, kf[2], dot = -1;
	const struct Red *rd = &a->red[i];
	PolySet *saved_dom = a->dom;
	PolyMap *saved_w = a->w;
	Box saved_box = a->box;
	PolyExpr *saved_env = a->ienv[rd->var], *idx[POLY_MAX_RANK + 1];
	int saved_lv = a->loopvar, v, init;
	int64_t dim;
	DType dt = raise_dtype(e->type);
	if (a->wrank + 1 > POLY_MAX_RANK || !a->w)
		afail(a, e->loc, "a reduction in a store of too many dimensions");
	a->dom = poly_set_open_loop(a->dom, 0, poly_expr_const(a->c, rd->lo), 1);
	a->dom = poly_set_intersect(a->dom, poly_set_cmp(KB_LT, poly_expr_dim(a->c, POLY_NLAUNCH),
	                                                 poly_expr_const(a->c, rd->hi)));
	memcpy(idx, a->widx, sizeof(PolyExpr *) * (size_t)a->wrank);
	idx[a->wrank] = poly_expr_dim(a->c, POLY_NLAUNCH);
	a->w = poly_access(a->dom, idx, a->wrank + 1);
	a->ienv[rd->var] = poly_expr_dim(a->c, POLY_NLAUNCH);
	a->loopvar = rd->var;
	a->box.lo[a->box.rank] = rd->lo;
	a->box.hi[a->box.rank] = rd->hi;
	a->box.rank++;
	memo_reset(&a->memo);
	if (raise_dtype(rd->body->type) == dt && contraction_of(rd->body, rd->var, f, &nf, kf)) {
		dot = contract(a, f[kf[0]], f[kf[1]], dt, &saved_box);
		if (dot < 0 && a->strict_dots) {
			a->dots_refused = 1;
			afail(a, e->loc, "a contraction whose factors are not slices under this shape");
		}
	}
	v = dot >= 0 ? dot : convert(a, dense(a, rd->body), dt);
	memo_reset(&a->memo);
	a->box = saved_box;
	a->dom = saved_dom;
	a->w = saved_w;
	a->ienv[rd->var] = saved_env;
	a->loopvar = saved_lv;
	if (dot >= 0) {
		/* sum_k c * x_k * y_k = c * sum_k x_k * y_k (exact modulo 2^n for integers) */
		for (int j = 0; j < nf; j++)
			if (j != kf[0] && j != kf[1])
				v = bin(a, TOP_MULTIPLY, v, convert(a, dense(a, f[j]), dt));
		return v;
	}
	init = dtype_is_float(dt) ? tir_build_splat_float(B(a), tir_type_scalar(dt), 0)
	                          : tir_build_splat_int(B(a), tir_type_scalar(dt), 0);
	dim = a->box.rank;
	a->r->st->ops[TOP_REDUCE]++;
	return tir_build_reduce(B(a), v, init, &dim, 1, TOP_ADD);
}

/* A branch of c ? t : f over the box. Its loads need to be in bounds only on the threads
 * that take it (the select drops the others), so a read at the edge of a buffer
 * (`i < n ? u[i] : 0`) reads a padded buffer; its values are not shared with the rest
 * of the box's memo. A branch no thread takes (`scheme == 0` with scheme bound to 1) is
 * not built: the select, whose condition is exact, never picks its value, so any value
 * of its type will do (and its reads have no thread to be proven in bounds on). The box
 * is not changed inside (reduction() would, so a branch around a reduction is evaluated
 * without live). */
static int branch(Aff *a, const KirExpr *c, int neg, const KirExpr *e)
{
	const char *why;
	PolySet *saved = a->live, *outer = a->live ? a->live : a->dom, *cs;
	int v;
	cs = poly_set_from_cond(a->c, c, outer, lookup, a, &why);
	if (!cs || poly_set_involves_params(cs) || a->nred)
		return dense(a, e);
	a->live = neg ? poly_set_subtract(outer, cs) : poly_set_intersect(outer, cs);
	if (poly_set_is_empty(a->live)) {
		a->live = saved;
		return splat(a, raise_dtype(e->type), 0, 0);
	}
	memo_reset(&a->lmemo);
	v = dense(a, e);
	memo_reset(&a->lmemo);
	a->live = saved;
	return v;
}

static int structural(Aff *a, const KirExpr *e)
{
	DType dt = raise_dtype(e->type);
	int args[3], x, y;
	switch (e->kind) {
	case KE_CONST:
		return splat(a, dt, e->u.c.f, e->u.c.i);
	case KE_PARAM: {
		static const int64_t nodims[1] = {0};
		int p = a->r->param[e->u.param];
		if (p < 0)
			afail(a, e->loc, "a parameter has no value");
		a->r->st->ops[TOP_BROADCAST_IN_DIM]++;
		return tir_build_broadcast_in_dim(B(a), p, box_type(&a->box, dt), nodims);
	}
	case KE_VAR: {
		const KirExpr *d;
		if (e->u.var >= LOOPVAR(a, 0))
			afail(a, e->loc, "a grid-stride loop variable that is not quasi-affine");
		if (e->u.var >= (int)a->r->k->nvars)
			return reduction(a, e->u.var - (int)a->r->k->nvars, e);
		d = a->def[e->u.var];
		if (!d)
			afail(a, e->loc, "a variable without a single initialiser");
		check_fresh(a, d, a->def_epoch[e->u.var]);
		return dense(a, d);
	}
	case KE_UNARY:
		x = dense(a, e->u.un.x);
		switch (e->u.un.op) {
		case KU_NEG:
			if (frontend_dtype_is_signed(e->type) || frontend_dtype_is_float(e->type)) {
				a->r->st->ops[TOP_NEGATE]++;
				return tir_build_unary(B(a), TOP_NEGATE, x);
			}
			return bin(a, TOP_SUBTRACT, splat(a, dt, 0, 0), x);
		case KU_NOT: return tir_build_unary(B(a), TOP_NOT, convert(a, x, DT_I1));
		default: return tir_build_unary(B(a), TOP_NOT, x);
		}
	case KE_BINARY: {
		KirDType t = e->u.bin.l->type;
		x = dense(a, e->u.bin.l);
		y = dense(a, e->u.bin.r);
		if (e->u.bin.op == KB_SHL || e->u.bin.op == KB_SHR)
			t = e->type;
		return binop(a, e->u.bin.op, t, x, y, e->loc);
	}
	case KE_LOGAND: case KE_LOGOR:
		/* both sides are pure and in bounds on the whole domain: eager is exact */
		x = convert(a, dense(a, e->u.bin.l), DT_I1);
		y = convert(a, dense(a, e->u.bin.r), DT_I1);
		return bin(a, e->kind == KE_LOGAND ? TOP_AND : TOP_OR, x, y);
	case KE_COND:
		x = convert(a, dense(a, e->u.cond.c), DT_I1);
		args[0] = branch(a, e->u.cond.c, 0, e->u.cond.t);
		args[1] = branch(a, e->u.cond.c, 1, e->u.cond.f);
		a->r->st->ops[TOP_SELECT]++;
		return tir_build_select(B(a), x, args[0], args[1]);
	case KE_CAST: return convert(a, dense(a, e->u.x), dt);
	case KE_BITCAST: return tir_build_bitcast_convert(B(a), dense(a, e->u.x), dt);
	case KE_LOAD: return load(a, e);
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			args[i] = dense(a, e->u.math.args[i]);
		return raise_math(a->r, e, args);
	default: afail(a, e->loc, "an expression with effects or warp/atomic operations");
	}
}

static int dense_node(Aff *a, const KirExpr *e);

/* e as a tensor over the current box; a node shared by several parents is built once
 * per box (the memo is reset whenever the box, domain or loop changes). */
static int dense(Aff *a, const KirExpr *e)
{
	int found, v, *slot;
	struct Memo *m = a->live ? &a->lmemo : &a->memo;
	if (e->kind == KE_CONST || e->kind == KE_PARAM)
		return dense_node(a, e);
	slot = memo_slot(m, e, &found);
	if (found)
		return *slot;
	v = dense_node(a, e);
	slot = memo_slot(m, e, &found);   /* the table may have grown */
	*slot = v;
	return v;
}

static int dense_node(Aff *a, const KirExpr *e)
{
	if (frontend_dtype_is_int(e->type) && e->type != KT_I1 && e->kind != KE_LOAD &&
	    e->kind != KE_CONST) {
		const char *why;
		PolyExpr *pe = poly_expr_from_kir(a->c, e, a->dom, lookup, a, &why);
		if (pe && !poly_expr_involves_params(pe))
			return affine_value(a, pe, raise_dtype(e->type), e->loc);
	}
	return structural(a, e);
}

/* ---- stores ---- */

static int guard_mask(Aff *a)
{
	int m = -1;
	for (int i = 0; i < a->ndc; i++) {
		int c = convert(a, dense(a, a->dc[i]), DT_I1);
		if (a->dcneg[i])
			c = tir_build_unary(B(a), TOP_NOT, c);
		m = m < 0 ? c : bin(a, TOP_AND, m, c);
	}
	return m;
}

static int own_slice(Aff *a, int buf)
{
	int v = tir_build_slice(B(a), buf, a->box.lo, a->box.hi, NULL);
	a->r->st->ops[TOP_SLICE]++;
	return v;
}

/* Is box p the whole buffer, and the only one of n? */
static int covers(const PolyPiece *p, int n, int rank, const int64_t *dims)
{
	int whole = n == 1;
	for (int k = 0; k < rank; k++)
		whole &= p->lo[k] == 0 && p->hi[k] == dims[k];
	return whole;
}

/* The store under shape candidate `cand` of its buffer; 0 when that candidate does not
 * delinearize, -1 past the last candidate. Fails (afail) when a fact is missing. */
static int store_shape(Aff *a, const KirExpr *e, const PolyExpr *pe, int cand)
{
	const KirLval *lv = &e->u.assign.lv;
	int b = lv->buffer, rank, n, vals[POLY_MAX_PIECES], buf;
	int64_t dims[POLY_MAX_RANK];
	PolyExpr *idx[POLY_MAX_RANK];
	PolyPiece boxes[POLY_MAX_PIECES];
	PolyMap *whole_w;
	DType dt = dt_of(a, a->r->buf[b]);
	rank = buffer_shape(a, b, pe, cand, dims, idx);
	if (rank <= 0)
		return rank;
	a->w = poly_access(a->dom, idx, rank);
	memcpy(a->widx, idx, sizeof(a->widx));
	memcpy(a->wdims, dims, sizeof(a->wdims));
	a->wrank = rank;
	if (!poly_map_is_injective(a->w))
		afail(a, e->loc, "the store is not injective");
	n = poly_map_in_coords(a->w, a->w, boxes, POLY_MAX_PIECES);
	if (n <= 0)
		afail(a, e->loc, "the store's range is not a union of boxes");
	/* the reshaped buffer, unless the store only replaces all of it */
	buf = -1;
	if (e->u.assign.op != KB_NONE || a->ndc > 0 || !covers(&boxes[0], n, rank, dims))
		buf = reshaped(a, b, rank, dims);
	whole_w = a->w;
	for (int i = 0; i < n; i++) {
		int v, m;
		memo_reset(&a->memo);
		/* reads as pieces over this box only (a tile read from an edge box) */
		a->w = n > 1 ? poly_map_restrict_range(whole_w, boxes[i].lo, boxes[i].hi) : whole_w;
		a->box.rank = rank;
		memcpy(a->box.lo, boxes[i].lo, sizeof(a->box.lo));
		memcpy(a->box.hi, boxes[i].hi, sizeof(a->box.hi));
		v = dense(a, e->u.assign.value);
		if (e->u.assign.op != KB_NONE) {
			int old = convert(a, own_slice(a, buf), raise_dtype(e->u.assign.optype));
			v = convert(a, binop(a, e->u.assign.op, e->u.assign.optype, old, v, e->loc), dt);
		}
		v = convert(a, v, dt);
		m = guard_mask(a);
		if (m >= 0) {
			a->r->st->ops[TOP_SELECT]++;
			v = tir_build_select(B(a), m, v, own_slice(a, buf));
		}
		vals[i] = v;
	}
	a->w = whole_w;
	for (int i = 0; i < n; i++) {
		int starts[POLY_MAX_RANK];
		if (covers(&boxes[i], n, rank, dims)) {   /* the value is the buffer */
			buf = vals[i];
			continue;
		}
		for (int k = 0; k < rank; k++)
			starts[k] = scalar_i32(a, boxes[i].lo[k]);
		buf = tir_build_dynamic_update_slice(B(a), buf, vals[i], starts);
		a->r->st->ops[TOP_DYNAMIC_UPDATE_SLICE]++;
	}
	if (rank > 1)
		buf = tir_build_reshape(B(a), buf, tir_type_vector(dt, a->r->bufsize[b]));
	a->r->buf[b] = buf;
	a->last_store[b] = ++a->epoch;
	a->nboxes += n;
	a->r->st->stores_dense++;
	sb_printf(&a->r->st->notes, "  store %s at %d:%d: dense (%d box%s, dynamic_update_slice)\n",
	          a->r->k->bufs[b].name, e->loc.line, e->loc.col, n, n == 1 ? "" : "es");
	return 1;
}

static int loads_buffer(Aff *a, const KirExpr *e, int b)
{
	if (!e || visited(a, e))
		return 0;
	switch (e->kind) {
	case KE_LOAD: return e->u.load.buffer == b || loads_buffer(a, e->u.load.index, b);
	case KE_UNARY: return loads_buffer(a, e->u.un.x, b);
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		return loads_buffer(a, e->u.bin.l, b) || loads_buffer(a, e->u.bin.r, b);
	case KE_COND:
		return loads_buffer(a, e->u.cond.c, b) || loads_buffer(a, e->u.cond.t, b) ||
		       loads_buffer(a, e->u.cond.f, b);
	case KE_CAST: case KE_BITCAST: return loads_buffer(a, e->u.x, b);
	case KE_ASSIGN: return loads_buffer(a, e->u.assign.value, b);
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			if (loads_buffer(a, e->u.math.args[i], b))
				return 1;
		return 0;
	case KE_VAR: return e->u.var >= (int)a->r->k->nvars;   /* a reduction: not walked */
	default: return 0;
	}
}

/* The store of a tiled kernel's result (C[row * N + col], row = 16 * by + ty) when no
 * shape of its buffer makes the reads of the shared tiles pieces of few boxes: the buffer
 * padded to the launch's extent, seen as [by][ty][bx][tx] (raise_tiled_shape), stored,
 * and the padding sliced off. Not taken when the value reads the buffer itself. */
static int tiled_store(Aff *a, const KirExpr *e, const PolyExpr *pe)
{
	int b = e->u.assign.lv.buffer, buf0 = a->r->buf[b], ok;
	Try t;
	int64_t size0 = a->r->bufsize[b], fdims[2], pdims[2], lo[2] = {0, 0}, hi[2];
	DType dt = dt_of(a, buf0);
	jmp_buf outer;
	memo_reset(&a->seen);
	if (!raise_tiled_shape(a->r, a->c, a->dom, pe, size0, fdims, pdims, a->tdims, a->tidx) ||
	    loads_buffer(a, e->u.assign.value, b))
		return 0;
	try_begin(a, &t);
	memcpy(outer, a->fail, sizeof(jmp_buf));
	ok = !setjmp(a->fail);
	if (ok) {
		int v = tir_build_reshape(B(a), buf0, tir_type_tensor(dt, 2, fdims)), zero;
		hi[0] = pdims[0] - fdims[0];
		hi[1] = pdims[1] - fdims[1];
		zero = dtype_is_float(dt) ? tir_build_splat_float(B(a), tir_type_scalar(dt), 0)
		                          : tir_build_splat_int(B(a), tir_type_scalar(dt), 0);
		v = tir_build_pad(B(a), v, zero, lo, hi, NULL);
		a->r->st->ops[TOP_PAD]++;
		a->r->buf[b] = tir_build_reshape(B(a), v, tir_type_vector(dt, pdims[0] * pdims[1]));
		a->r->bufsize[b] = pdims[0] * pdims[1];
		a->tshape = 1;
		if (store_shape(a, e, pe, 0) <= 0)
			afail(a, e->loc, "the tiled store does not delinearize");
		a->tshape = 0;
		v = tir_build_reshape(B(a), a->r->buf[b], tir_type_tensor(dt, 2, pdims));
		v = tir_build_slice(B(a), v, lo, fdims, NULL);
		a->r->st->ops[TOP_SLICE]++;
		a->r->buf[b] = tir_build_reshape(B(a), v, tir_type_vector(dt, size0));
		a->r->bufsize[b] = size0;
	} else {
		a->tshape = 0;
		try_undo(a, &t);
		a->r->buf[b] = buf0;
		a->r->bufsize[b] = size0;
	}
	memcpy(a->fail, outer, sizeof(jmp_buf));
	return ok;
}

/* The first shape candidate of a global buffer under which the store is one box, when
 * candidate 0 makes it several (the ocean model's Gc[IX(i, j, k)] at 16 x 16 x 4: four
 * boxes, one per k, under [TZ * TY][TX], one under [TZ][TY][TX]); -1 when there is none
 * or candidate 0 is one box already. Only plain stores of a phase's threads ask. */
static int one_box_shape(Aff *a, const KirExpr *e, const PolyExpr *pe)
{
	int b = e->u.assign.lv.buffer;
	if (a->r->k->bufs[b].space != KSP_GLOBAL || a->stride || a->loopvar >= 0 || a->tshape)
		return -1;
	for (int c = 0;; c++) {
		int64_t dims[POLY_MAX_RANK];
		PolyExpr *idx[POLY_MAX_RANK];
		PolyPiece boxes[POLY_MAX_PIECES];
		PolyMap *w;
		int n, rank = buffer_shape(a, b, pe, c, dims, idx);
		if (rank < 0)
			return -1;
		if (rank == 0)
			continue;
		w = poly_access(a->dom, idx, rank);
		n = poly_map_in_coords(w, w, boxes, POLY_MAX_PIECES);
		if (n == 1)
			return c == 0 ? -1 : c;
	}
}

/* Tries the shapes of the buffer in turn (fewest dimensions first, but first the one
 * under which the store is one box); the first under which every fact holds wins. A
 * failed try leaves nothing behind. */
static void store(Aff *a, const KirExpr *e)
{
	const char *why;
	PolyExpr *pe;
	jmp_buf outer;
	const char *volatile last = NULL;
	volatile SrcLoc lastloc = e->loc;
	volatile int cand = 0, first;
	if (poly_set_is_empty(a->dom))
		return;
	check_buffer(a, e->u.assign.lv.buffer, e->loc);
	pe = poly_expr_from_kir(a->c, e->u.assign.lv.index, a->dom, lookup, a, &why);
	if (!pe)
		afail(a, e->loc, "the store index is not quasi-affine");
	if (a->stride && ++a->stride_nst[e->u.assign.lv.buffer] > 1)
		afail(a, e->loc, "a grid-stride loop stores one buffer twice");
	a->wflat = pe;
	a->wbuf = e->u.assign.lv.buffer;
	memcpy(outer, a->fail, sizeof(jmp_buf));
	/* first the shapes under which every contraction is one dot_general, then any */
	a->strict_dots = 1;
	a->dots_refused = 0;
	first = one_box_shape(a, e, pe);
	for (;; first >= 0 ? (void)(first = -1) : (void)cand++) {
		int done = 0;
		int buf = a->r->buf[e->u.assign.lv.buffer], lv = a->loopvar;
		PolyExpr *renv[MAX_DC];
		Try t;
		for (int i = 0; i < a->nred; i++)
			renv[i] = a->ienv[a->red[i].var];
		try_begin(a, &t);
		if (!setjmp(a->fail)) {
			done = store_shape(a, e, pe, first >= 0 ? first : cand);
			if (done < 0 && a->strict_dots && a->dots_refused) {
				a->strict_dots = 0;
				cand = -1;
				continue;
			}
			if (done < 0)
				break;
		} else {
			last = a->why;
			lastloc = a->wloc;
			/* (a failure inside a reduction leaves its loop's domain open) */
			try_undo(a, &t);
			a->r->buf[e->u.assign.lv.buffer] = buf;
			a->loopvar = lv;
			for (int i = 0; i < a->nred; i++)
				a->ienv[a->red[i].var] = renv[i];
		}
		if (done > 0) {
			memcpy(a->fail, outer, sizeof(jmp_buf));
			return;
		}
	}
	memcpy(a->fail, outer, sizeof(jmp_buf));
	if (tiled_store(a, e, pe))
		return;
	afail(a, lastloc, last ? last : "the store index does not delinearize in bounds");
}

/* ---- statements ---- */

/* Does the loop go on? Only a thread-invariant answer (the same on every running
 * thread) is taken: the loop is unrolled. */
static int loop_goes_on(Aff *a, const KirExpr *cond, SrcLoc loc)
{
	const char *why;
	PolySet *c;
	if (!cond)
		return 1;
	c = poly_set_from_cond(a->c, subst(a, cond), a->dom, lookup, a, &why);
	if (!c)
		afail(a, loc, "a loop condition that is not quasi-affine");
	if (poly_set_is_subset(a->dom, c))
		return 1;
	if (poly_set_is_empty(poly_set_intersect(a->dom, c)))
		return 0;
	afail(a, loc, "a loop whose trip count depends on the thread");
}

static void walk(Aff *a, const KirStmt *s, int in_data);

static void loop_step(Aff *a, const KirExpr *e, SrcLoc loc)
{
	if (!e)
		return;
	if ((e->kind == KE_ASSIGN && e->u.assign.lv.var >= 0) ||
	    (e->kind == KE_INCDEC && e->u.incdec.lv.var >= 0))
		assign_var(a, e);
	else
		afail(a, loc, "a loop step other than an assignment of a variable");
}

/* A loop with a thread-invariant trip count, unrolled (MAX_UNROLL iterations at most,
 * MAX_UNROLL_ALL in the kernel): every iteration is walked with the loop variable a
 * constant, so its loads are slices like any other. */
#define MAX_UNROLL 64
#define MAX_UNROLL_ALL 256

static int uses_var(const KirExpr *e, int v)
{
	if (!e)
		return 0;
	switch (e->kind) {
	case KE_VAR: return e->u.var == v;
	case KE_UNARY: return uses_var(e->u.un.x, v);
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		return uses_var(e->u.bin.l, v) || uses_var(e->u.bin.r, v);
	case KE_COND: return uses_var(e->u.cond.c, v) || uses_var(e->u.cond.t, v) || uses_var(e->u.cond.f, v);
	case KE_CAST: case KE_BITCAST: return uses_var(e->u.x, v);
	case KE_LOAD: return uses_var(e->u.load.index, v);
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			if (uses_var(e->u.math.args[i], v))
				return 1;
		return 0;
	case KE_CONST: case KE_PARAM: case KE_BUILTIN: return 0;
	default: return 1;
	}
}

/* `for (k = lo; k < hi; k++) s += body` with thread-invariant bounds: s gets a
 * reduction (reduce over the loop dimension). Returns 0 when the loop is not of that form. */
static int const_of(Aff *a, const KirExpr *e, int64_t *v)
{
	const char *why;
	PolyExpr *pe;
	if (!e || !frontend_dtype_is_int(e->type))
		return 0;
	pe = poly_expr_from_kir(a->c, subst(a, e), a->dom, lookup, a, &why);
	return pe && poly_expr_is_const(pe, v);
}

/* The largest value of e on the domain (a launch-time constant), or 0. */
static int max_of(Aff *a, const KirExpr *e, int64_t *v)
{
	const char *why;
	PolyExpr *pe;
	int64_t lo;
	if (!e || !frontend_dtype_is_int(e->type))
		return 0;
	pe = poly_expr_from_kir(a->c, subst(a, e), a->dom, lookup, a, &why);
	return pe && poly_expr_bounds(pe, a->dom, &lo, v);
}

/* A loop whose bound depends on the thread (`for (j = 0; j <= i; j++)`) runs over
 * [lo, the bound's largest value on the domain), its condition a mask on the body:
 * s += c ? body : 0 (adding a zero leaves a sum as it is, up to the sign of a zero).
 * Its loads must be in bounds on that whole box (load checks it on the domain). */
static int reduction_loop(Aff *a, const KirStmt *s)
{
	const KirStmt *init = s->u.for_.init, *body = s->u.for_.body;
	const KirExpr *c = s->u.for_.cond, *st = s->u.for_.step, *acc;
	int k, sv, saved_lv = a->loopvar, masked = 0;
	int64_t lo, hi;
	KirExpr *rb, *ref, *old, *val;
	KirDType ot;
	if (s->kind != KS_FOR || !init || !c || !st || init->kind != KS_DECL || a->nred == MAX_DC)
		return 0;
	k = init->u.decl.var;
	if (!const_of(a, init->u.decl.init, &lo) || c->kind != KE_BINARY ||
	    (c->u.bin.op != KB_LT && c->u.bin.op != KB_LE) || c->u.bin.l->kind != KE_VAR ||
	    c->u.bin.l->u.var != k || uses_var(c->u.bin.r, k))
		return 0;
	if (!const_of(a, c->u.bin.r, &hi)) {
		if (!max_of(a, c->u.bin.r, &hi))
			return 0;
		masked = 1;
		if (c->u.bin.op == KB_LT)
			hi--;       /* hi is now the largest k that the condition admits */
	}
	if (c->u.bin.op == KB_LE || masked)
		hi++;
	if (!((st->kind == KE_INCDEC && st->u.incdec.inc && st->u.incdec.lv.var == k) ||
	      (st->kind == KE_ASSIGN && st->u.assign.lv.var == k && st->u.assign.op == KB_ADD &&
	       st->u.assign.value->kind == KE_CONST && st->u.assign.value->u.c.i == 1)))
		return 0;
	while (body->kind == KS_BLOCK && body->u.block.nstmts == 1 && !body->u.block.label)
		body = body->u.block.stmts[0];
	if (body->kind != KS_EXPR || hi <= lo)
		return 0;
	acc = body->u.expr;
	if (acc->kind != KE_ASSIGN || acc->u.assign.lv.var < 0 || acc->u.assign.op != KB_ADD ||
	    acc->u.assign.lv.var == k)
		return 0;
	sv = acc->u.assign.lv.var;
	ot = acc->u.assign.optype;
	if (uses_var(acc->u.assign.value, sv))
		return 0;
	a->loopvar = k;
	rb = subst(a, acc->u.assign.value);
	if (masked) {
		KirExpr *m = frontend_new_expr(a->ar, KE_COND, rb->type, acc->loc);
		m->u.cond.c = subst(a, c);
		m->u.cond.t = rb;
		m->u.cond.f = frontend_new_cast(a->ar, rb->type, frontend_new_int(a->ar, KT_I32, 0, acc->loc),
		                                acc->loc);
		rb = m;
	}
	a->loopvar = saved_lv;
	if (!masked && hi - lo <= MAX_UNROLL && a->unrolled + (hi - lo) <= MAX_UNROLL_ALL) {
		/* short loops are unrolled (the sum keeps its order), but for contractions and
		 * integer sums of one read along the loop (a reduce; exact in any order) */
		const KirExpr *f[MAX_FACTORS];
		int nf, kf[2];
		int row = frontend_dtype_is_int(ot) && load_of(rb) && uses_var(rb, k);
		if (a->unroll_dots || (!row && !contraction_of(rb, k, f, &nf, kf)))
			return 0;
		a->short_dots++;
	}
	a->red[a->nred] = (struct Red){rb, k, lo, hi};
	ref = frontend_new_expr(a->ar, KE_VAR, ot, acc->loc);
	ref->u.var = (int)a->r->k->nvars + a->nred++;
	old = subst(a, &(KirExpr){.kind = KE_VAR, .type = a->r->k->vars[sv].type, .loc = acc->loc,
	                          .u.var = sv});
	if (old->kind == KE_CONST && old->u.c.i == 0 && old->u.c.f == 0)
		val = ref;     /* s = 0 before the loop: s is the sum (0 + x == x, up to the sign of a zero) */
	else
		val = frontend_new_binary(a->ar, KB_ADD, ot, frontend_new_cast(a->ar, ot, old, acc->loc),
		                          ref, acc->loc);
	set_var(a, sv, frontend_new_cast(a->ar, a->r->k->vars[sv].type, val, acc->loc), acc->loc);
	return 1;
}

/* ---- grid-stride loops: `for (i = tid; i < n; i += S)` whose trip count depends on the
 * thread. i = init + S*l with l a new loop dimension of the domain (l < the largest trip
 * count), so the body runs once over (threads x iterations) and every store is one
 * update of its box. That is the loop's result when no iteration sees another's
 * effects: no variable from outside the body is assigned in it (except i, by the step),
 * each buffer is stored by one statement of the body, and a buffer stored in the body
 * is read in it only where the same iteration writes it (checked in store and load).
 * The condition `i < E` (E a constant, S > 0) holds on a prefix of the iterations. ---- */

/* The label that makes restructure() take the kernel's `return` as its exit. */
#define RETURN_EXITS (-1)

static int has_exit(const KirStmt *s, int label);

typedef struct BodyScan {
	Aff *a;
	int var;                  /* the loop variable */
	char *decl;               /* per variable: declared in the body */
	int bad;
} BodyScan;

static void scan_decl(void *ctx, KirStmt *s)
{
	BodyScan *bs = ctx;
	if (s->kind == KS_DECL)
		bs->decl[s->u.decl.var] = 1;
}

static void scan_effect(void *ctx, KirExpr *e)
{
	BodyScan *bs = ctx;
	const KirLval *lv = e->kind == KE_ASSIGN ? &e->u.assign.lv :
	                    e->kind == KE_INCDEC ? &e->u.incdec.lv : NULL;
	if (!lv)
		return;
	if (lv->var >= 0 && (lv->var == bs->var || !bs->decl[lv->var]))
		bs->bad = 1;
	if (lv->var < 0 && bs->a->r->k->bufs[lv->buffer].space == KSP_LOCAL)
		bs->bad = 1;      /* a local array lives across the iterations */
	if (lv->var < 0)
		bs->a->stride_st[lv->buffer] = 1;
}

/* bad |= 1 when the body stores to memory, |= 2 when it reads a local array (whose
 * indices must be constants: the loop is unrolled) */
static void scan_store(void *ctx, KirExpr *e)
{
	BodyScan *bs = ctx;
	const KirBuffer *bufs = bs->a->r->k->bufs;
	if (e->kind == KE_ASSIGN && e->u.assign.lv.var < 0)
		bs->bad |= bufs[e->u.assign.lv.buffer].space == KSP_LOCAL ? 2 : 1;
	if (e->kind == KE_LOAD && bufs[e->u.load.buffer].space == KSP_LOCAL)
		bs->bad |= 2;
}

/* The step of loop variable v: `v++`, `v += S`, `v = v + S` with S a positive constant. */
static int stride_step(Aff *a, const KirExpr *st, int v, int64_t *step)
{
	const KirExpr *x;
	if (!st)
		return 0;
	if (st->kind == KE_INCDEC && st->u.incdec.lv.var == v && st->u.incdec.inc) {
		*step = 1;
		return 1;
	}
	if (st->kind != KE_ASSIGN || st->u.assign.lv.var != v)
		return 0;
	x = st->u.assign.value;
	if (st->u.assign.op == KB_NONE && x->kind == KE_BINARY && x->u.bin.op == KB_ADD) {
		const KirExpr *l = x->u.bin.l;
		while (l->kind == KE_CAST)
			l = l->u.x;
		if (l->kind != KE_VAR || l->u.var != v)
			return 0;
		x = x->u.bin.r;
	} else if (st->u.assign.op != KB_ADD) {
		return 0;
	}
	return const_of(a, x, step) && *step > 0;
}

static int stride_loop(Aff *a, const KirStmt *s, int in_data)
{
	const KirExpr *cond, *st;
	const KirStmt *body;
	const KirKernel *k = a->r->k;
	int v, level = POLY_MAX_LOOPS - 1, thread = 0;
	int64_t step, bound, lo, hi, trips;
	PolySet *c, *saved = a->dom;
	PolyExpr *init;
	KirExpr *lv, *sc, *def;
	const char *why;
	BodyScan bs = {a, -1, NULL, 0};
	if (a->stride)
		return 0;
	if (s->kind == KS_FOR) {
		cond = s->u.for_.cond;
		st = s->u.for_.step;
		body = s->u.for_.body;
	} else if (s->kind == KS_WHILE && s->u.loop.body->kind == KS_BLOCK &&
	           s->u.loop.body->u.block.nstmts > 0 && !s->u.loop.body->u.block.label) {
		const KirStmt *b = s->u.loop.body, *last = b->u.block.stmts[b->u.block.nstmts - 1];
		KirStmt *nb;
		if (last->kind != KS_EXPR)
			return 0;
		cond = s->u.loop.cond;
		st = last->u.expr;
		nb = frontend_new_stmt(a->ar, KS_BLOCK, b->loc);
		nb->u.block.stmts = b->u.block.stmts;
		nb->u.block.nstmts = b->u.block.nstmts - 1;
		body = nb;
	} else {
		return 0;
	}
	if (!cond || cond->kind != KE_BINARY || (cond->u.bin.op != KB_LT && cond->u.bin.op != KB_LE) ||
	    cond->u.bin.l->kind != KE_VAR)
		return 0;
	v = cond->u.bin.l->u.var;
	if (!a->def[v] || !frontend_dtype_is_int(k->vars[v].type) || !stride_step(a, st, v, &step) ||
	    !const_of(a, cond->u.bin.r, &bound) || has_exit(body, RETURN_EXITS))
		return 0;
	bound += cond->u.bin.op == KB_LE;
	/* a loop from a thread-invariant start (the same trip count everywhere) is unrolled */
	init = poly_expr_from_kir(a->c, a->def[v], a->dom, lookup, a, &why);
	if (!init || !poly_expr_bounds(init, a->dom, &lo, &hi) || bound <= lo)
		return 0;
	for (int d = 0; d < POLY_NLAUNCH && !thread; d++)
		thread = poly_expr_involves_dim(init, d);
	if (!thread) {            /* unless its body stores: then one update, not one per trip */
		BodyScan st = {a, -1, NULL, 0};
		loopify_stmt_visit((KirStmt *)body, scan_store, NULL, &st);
		if (st.bad != 1 || !a->uniform)
			return 0;
		a->used_uniform = 1;
	}
	bs.var = v;
	bs.decl = xcalloc(k->nvars + 1, 1);
	a->stride_st = xcalloc(k->nbufs + 1, 1);
	a->stride_nst = xcalloc(k->nbufs + 1, sizeof(int));
	loopify_stmt_visit((KirStmt *)body, NULL, scan_decl, &bs);
	loopify_stmt_visit((KirStmt *)body, scan_effect, NULL, &bs);
	free(bs.decl);
	if (bs.bad)
		afail(a, s->loc, "a grid-stride loop that carries a variable from one iteration to the next");
	trips = (bound - lo + step - 1) / step;
	lv = frontend_new_expr(a->ar, KE_VAR, k->vars[v].type, s->loc);
	lv->u.var = LOOPVAR(a, level);
	sc = frontend_new_expr(a->ar, KE_CONST, k->vars[v].type, s->loc);
	sc->u.c = frontend_const_convert((KirConst){KT_I64, step, (double)step}, k->vars[v].type);
	def = frontend_new_binary(a->ar, KB_ADD, k->vars[v].type, (KirExpr *)a->def[v],
	                          frontend_new_binary(a->ar, KB_MUL, k->vars[v].type, sc, lv, s->loc), s->loc);
	a->dom = poly_set_open_loop(a->dom, level, poly_expr_const(a->c, 0), 1);
	a->dom = poly_set_intersect(a->dom, poly_set_cmp(KB_LT, poly_expr_dim(a->c, POLY_NLAUNCH + level),
	                                                 poly_expr_const(a->c, trips)));
	a->def[v] = def;
	a->def_epoch[v] = a->epoch;
	a->ienv[v] = poly_expr_from_kir(a->c, def, a->dom, lookup, a, &why);
	c = a->ienv[v] ? poly_set_from_cond(a->c, subst(a, cond), a->dom, lookup, a, &why) : NULL;
	if (!c)
		afail(a, s->loc, "a grid-stride loop whose index may overflow");
	a->dom = poly_set_intersect(a->dom, c);
	a->stride = 1;
	walk(a, body, in_data);
	a->stride = 0;
	free(a->stride_st);
	free(a->stride_nst);
	a->stride_st = NULL;
	a->stride_nst = NULL;
	a->dom = saved;
	a->def[v] = NULL;         /* its value after the loop depends on the thread */
	a->ienv[v] = NULL;
	return 1;
}

static void loop(Aff *a, const KirStmt *s, int in_data)
{
	const KirExpr *cond = s->kind == KS_FOR ? s->u.for_.cond : s->u.loop.cond;
	const KirStmt *body = s->kind == KS_FOR ? s->u.for_.body : s->u.loop.body;
	int first = 1;
	if (poly_set_is_empty(a->dom))
		return;
	if (reduction_loop(a, s))
		return;
	if (s->kind == KS_FOR && s->u.for_.init)
		walk(a, s->u.for_.init, in_data);
	if (stride_loop(a, s, in_data))
		return;
	for (int n = 0;; n++) {
		if (!(s->kind == KS_DO && first) && !loop_goes_on(a, cond, s->loc))
			return;
		first = 0;
		if (n == MAX_UNROLL || ++a->unrolled > MAX_UNROLL_ALL)
			afail(a, s->loc, "a loop of more iterations than unrolling allows");
		walk(a, body, in_data);
		if (s->kind == KS_FOR)
			loop_step(a, s->u.for_.step, s->loc);
	}
}


/* ---- block exits (a device function's early `return`) ---- */


static int has_exit(const KirStmt *s, int label)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case KS_EXIT: return s->u.label == label;
	case KS_RETURN: return label == RETURN_EXITS;
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			if (has_exit(s->u.block.stmts[i], label))
				return 1;
		return 0;
	case KS_IF: return has_exit(s->u.if_.then, label) || has_exit(s->u.if_.els, label);
	case KS_FOR: return has_exit(s->u.for_.body, label);
	case KS_WHILE: case KS_DO: return has_exit(s->u.loop.body, label);
	default: return 0;
	}
}

typedef struct SList {
	KirStmt **v;
	size_t n, cap;
} SList;

typedef struct Seg {          /* statements still to run, then the next segment */
	KirStmt *const *st;
	size_t n;
	const struct Seg *next;
} Seg;

#define MAX_RESTRUCTURED 4096 /* statements a kernel's exits may expand into */

static void sl_push(Aff *a, SList *l, KirStmt *s)
{
	if (l->n == l->cap) {
		KirStmt **nv = arena_alloc(a->ar, sizeof(*nv) * (l->cap ? 2 * l->cap : 8));
		if (l->n)
			memcpy(nv, l->v, sizeof(*nv) * l->n);
		l->v = nv;
		l->cap = l->cap ? 2 * l->cap : 8;
	}
	if (++a->restructured > MAX_RESTRUCTURED)
		afail(a, s->loc, "block exits that expand into too many statements");
	l->v[l->n++] = s;
}

static KirStmt *sl_block(Aff *a, SList *l, SrcLoc loc)
{
	KirStmt *b = frontend_new_stmt(a->ar, KS_BLOCK, loc);
	b->u.block.stmts = l->v;
	b->u.block.nstmts = l->n;
	return b;
}

/* The statements of `seg` (and the segments after it) up to the block's end without
 * the exits of `label`: an `if` with an exit inside becomes an if whose branches each
 * hold what follows it (the rest of the block after a branch that exits is dropped),
 * so every path ends at the block's end. An exit inside a loop is not handled. */
static void restructure(Aff *a, const Seg *seg, int label, SList *out)
{
	for (; seg; seg = seg->next) {
		for (size_t i = 0; i < seg->n; i++) {
			const KirStmt *s = seg->st[i];
			Seg rest = {seg->st + i + 1, seg->n - i - 1, seg->next};
			if ((s->kind == KS_EXIT && s->u.label == label) ||
			    (s->kind == KS_RETURN && label == RETURN_EXITS))
				return;
			if (!has_exit(s, label)) {
				sl_push(a, out, (KirStmt *)s);
				continue;
			}
			if (s->kind == KS_BLOCK && !s->u.block.label) {
				Seg in = {s->u.block.stmts, s->u.block.nstmts, &rest};
				restructure(a, &in, label, out);
				return;
			}
			if (s->kind == KS_IF) {
				SList t = {0}, e = {0};
				KirStmt *ifs = frontend_new_stmt(a->ar, KS_IF, s->loc);
				Seg ts = {(KirStmt *const *)&s->u.if_.then, 1, &rest};
				Seg es = {(KirStmt *const *)&s->u.if_.els, s->u.if_.els ? 1 : 0, &rest};
				restructure(a, &ts, label, &t);
				restructure(a, &es, label, &e);
				ifs->u.if_.cond = s->u.if_.cond;
				ifs->u.if_.then = sl_block(a, &t, s->loc);
				ifs->u.if_.els = sl_block(a, &e, s->loc);
				sl_push(a, out, ifs);
				return;
			}
			afail(a, s->loc, "a block exit or return inside a loop or an inlined call");
		}
	}
}

static void walk(Aff *a, const KirStmt *s, int in_data)
{
	switch (s->kind) {
	case KS_BLOCK:
		if (s->u.block.label > 0 && has_exit(s, s->u.block.label)) {
			SList l = {0};
			Seg all = {s->u.block.stmts, s->u.block.nstmts, NULL};
			restructure(a, &all, s->u.block.label, &l);
			walk(a, sl_block(a, &l, s->loc), in_data);
			return;
		}
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			walk(a, s->u.block.stmts[i], in_data);
		return;
	case KS_DECL: {
		int v = s->u.decl.var;
		KirExpr *init = s->u.decl.init ? subst(a, s->u.decl.init) : NULL;
		if (!init) {
			init = frontend_new_expr(a->ar, KE_CONST, a->r->k->vars[v].type, s->loc);
			init->u.c = frontend_const_convert((KirConst){KT_I32, 0, 0}, init->type);
		}
		a->decl_depth[v] = a->npath;
		a->def[v] = NULL;
		set_var(a, v, init, s->loc);
		return;
	}
	case KS_EXPR: {
		const KirExpr *e = s->u.expr;
		if ((e->kind == KE_ASSIGN && e->u.assign.lv.var >= 0) ||
		    (e->kind == KE_INCDEC && e->u.incdec.lv.var >= 0)) {
			assign_var(a, e);
			return;
		}
		if (e->kind != KE_ASSIGN)
			afail(a, s->loc, "a statement other than a store or an assignment");
		if (a->r->k->bufs[e->u.assign.lv.buffer].space == KSP_LOCAL) {
			local_store(a, e);
			return;
		}
		store(a, bounded(a, subst(a, e), s->loc));
		return;
	}
	case KS_IF: {
		const char *why;
		KirExpr *cond = bounded(a, subst(a, s->u.if_.cond), s->loc);
		PolySet *c = poly_set_from_cond(a->c, cond, a->dom, lookup, a, &why);
		if (a->npath == MAX_DC || a->ndc == MAX_DC)
			afail(a, s->loc, "too many nested guards");
		a->path[a->npath] = cond;
		a->pathneg[a->npath++] = 0;
		if (c && !poly_set_involves_params(c)) {
			PolySet *saved = a->dom, *then_dom;
			a->dom = poly_set_intersect(saved, c);
			walk(a, s->u.if_.then, in_data);
			then_dom = a->dom;
			a->dom = poly_set_subtract(saved, c);
			a->pathneg[a->npath - 1] = 1;
			if (s->u.if_.els)
				walk(a, s->u.if_.els, in_data);
			a->dom = poly_set_union(then_dom, a->dom);
			a->npath--;
			return;
		}
		a->dc[a->ndc] = cond;
		a->dcneg[a->ndc++] = 0;
		walk(a, s->u.if_.then, 1);
		if (s->u.if_.els) {
			a->dcneg[a->ndc - 1] = 1;
			a->pathneg[a->npath - 1] = 1;
			walk(a, s->u.if_.els, 1);
		}
		a->ndc--;
		a->npath--;
		return;
	}
	case KS_RETURN:
		if (in_data)
			afail(a, s->loc, "a return under a data-dependent guard");
		a->dom = poly_set_subtract(a->dom, a->dom);
		return;
	case KS_SYNC:     /* statement at a time over every thread: earlier stores are done */
		if (s->u.sync.op != KSY_THREADS && s->u.sync.op != KSY_WARP)
			afail(a, s->loc, "a barrier that returns a value (__syncthreads_count/and/or)");
		return;
	case KS_FOR: case KS_WHILE: case KS_DO: loop(a, s, in_data); return;
	default: afail(a, s->loc, "break, continue or a block exit");
	}
}

/* Atomics and warp operations make the kernel not applicable. */
static void scan_assign(void *ctx, KirExpr *e)
{
	int *bad = ctx;
	if (e->kind == KE_ATOMIC || e->kind == KE_SHFL || e->kind == KE_VOTE)
		*bad = 1;
}

/* One try over the kernel body; with returns_as_exits the body is first restructured
 * so that a `return` is the end of a branch (the rest of the body in the other), which
 * takes returns under data-dependent guards. Sets *why on failure. */
static int affine_try_body(Raise *r, int returns_as_exits, int unroll_dots, int uniform,
                           int *short_dots, int *used, const char **why)
{
	const KirKernel *k = r->k;
	Aff a;
	int grid[3], block[3], ok;
	TBuilder saved = r->b;
	TBlock *scratch;
	int *bsz;
	memset(&a, 0, sizeof(a));
	for (int i = 0; i < 3; i++) {
		grid[i] = (int)r->grid[i];
		block[i] = (int)r->block[i];
	}
	a.r = r;
	a.uniform = uniform;
	a.loc_base = xmalloc(sizeof(int) * (k->nbufs + 1));
	{
		int nloc = 0;
		for (size_t i = 0; i < k->nbufs; i++) {
			a.loc_base[i] = -1;
			if (k->bufs[i].space == KSP_LOCAL && k->bufs[i].count > 0 &&
			    k->bufs[i].count <= MAX_LOCAL) {
				a.loc_base[i] = nloc;
				nloc += (int)k->bufs[i].count;
			}
		}
		a.local = xcalloc((size_t)nloc + 1, sizeof(*a.local));
	}
	a.c = poly_create(k, grid, block);
	a.dom = poly_launch_box(a.c);
	a.def = xcalloc(k->nvars + 1, sizeof(*a.def));
	a.def_epoch = xcalloc(k->nvars + 1, sizeof(int));
	a.ienv = xcalloc(k->nvars + 1, sizeof(*a.ienv));
	a.last_store = xcalloc(k->nbufs + 1, sizeof(int));
	a.decl_depth = xcalloc(k->nvars + 1, sizeof(int));
	a.ar = arena_new();
	/* an initialised local array that is stored to is left out: its initialiser runs
	 * again at each execution of its declaration, which is not known here */
	loopify_stmt_visit(k->body, scan_local_store, NULL, &a);
	for (size_t i = 0; i < k->nbufs; i++)          /* initialised local arrays */
		for (int64_t j = 0; a.loc_base[i] >= 0 && k->bufs[i].init && j < k->bufs[i].count; j++) {
			KirExpr *c = frontend_new_expr(a.ar, KE_CONST, k->bufs[i].elem, k->bufs[i].loc);
			c->u.c = k->bufs[i].init[j];
			a.local[a.loc_base[i] + j] = c;
		}
	a.loopvar = -1;
	a.unroll_dots = unroll_dots;
	a.memo.cur = a.seen.cur = a.lddom.cur = a.ldver.cur = a.lmemo.cur = 1;
	bsz = xmalloc(sizeof(int) * (k->nbufs + 1));
	for (size_t i = 0; i < k->nbufs; i++)
		bsz[i] = r->buf[i];
	scratch = tir_block_new(r->f);
	r->b = tir_builder(r->f, scratch, k->loc);
	a.scratch = scratch;
	ok = !setjmp(a.fail);
	if (ok) {
		const KirStmt *body = k->body;
		if (returns_as_exits) {
			SList l = {0};
			Seg all = {(KirStmt *const *)&k->body, 1, NULL};
			restructure(&a, &all, RETURN_EXITS, &l);
			body = sl_block(&a, &l, k->body->loc);
		}
		walk(&a, body, 0);
	}
	r->b = saved;
	if (ok) {
		for (int i = 0; i < scratch->nops; i++)
			tir_block_append(r->f, r->f->body, scratch->ops[i]);
	} else {
		for (size_t i = 0; i < k->nbufs; i++)
			r->buf[i] = bsz[i];
		sb_free(&r->st->notes);
		memset(r->st, 0, sizeof(*r->st));
		sb_printf(&r->st->notes, "  affine: not applicable at %d:%d: %s (SIMT)\n",
		          a.wloc.line, a.wloc.col, a.why);
		*why = a.why;
	}
	*used = a.used_uniform;
	poly_destroy(a.c);
	free(a.def);
	free(a.def_epoch);
	free(a.ienv);
	free(a.last_store);
	free(a.decl_depth);
	free(a.stride_st);
	free(a.stride_nst);
	free(a.local);
	free(a.loc_base);
	arena_free(a.ar);
	memo_free(&a.memo);
	memo_free(&a.seen);
	memo_free(&a.lddom);
	memo_free(&a.ldver);
	VEC_FREE(a.lddoms);
	memo_free(&a.lmemo);
	free(bsz);
	*short_dots = a.short_dots;
	return ok;
}

int raise_affine_try(Raise *r)
{
	const char *why = NULL;
	int bad = 0;
	loopify_stmt_visit(r->k->body, scan_assign, NULL, &bad);
	if (bad) {
		sb_printf(&r->st->notes, "  affine: not applicable: atomics or warp operations (SIMT)\n");
		return 0;
	}
	/* with returns as exits only when a return under a data-dependent guard is what
	 * failed; once more, with short contraction loops unrolled and no loop of a uniform
	 * trip count as a dimension, when the try took either (either may fail where the
	 * unrolled loop raises) */
	for (int exits = 0; exits < 2; exits++) {
		int short_dots = 0, used = 0;
		if (affine_try_body(r, exits, 0, 1, &short_dots, &used, &why))
			return 1;
		if (short_dots || used) {
			sb_free(&r->st->notes);   /* the retry's report only */
			memset(r->st, 0, sizeof(*r->st));
			if (affine_try_body(r, exits, 1, 0, &short_dots, &used, &why))
				return 1;
		}
		if (!why || strcmp(why, "a return under a data-dependent guard") != 0)
			return 0;
	}
	return 0;
}
