/* simt_narrow.c: the then-branch of an `if` whose condition pins the running threads to
 * one thread of the launch (`i == 0`, `threadIdx.x == 0 && blockIdx.x == 0`) or to one
 * thread per block (`threadIdx.x == 0`) runs on that many lanes, not on the whole
 * launch. Consumes the SIMT state of simt.c at the `if`; the lanes of the launch, read
 * as a [k, st] matrix (k * st = nl), keep column s: k = 1, st = nl, s = the lane for one
 * thread; k = blocks, st = threads per block, s = the thread for one per block. Every
 * lane value (variables, masks, lane coordinates) is sliced to that column before the
 * branch and put back into it after (dynamic_update_slice), so a loop there carries k
 * lanes and its loads and stores cost O(trips x k), not O(trips x launch). Buffers are
 * not per lane and stay whole; shared and local addresses use the sliced coordinates,
 * so they name the same elements.
 * Exact: the threads that run the branch are a subset of the column, proven on the poly
 * facts: the condition's points (its variables are those assigned once, by a
 * declaration whose value is a quasi-affine function of the launch) have a box hull in
 * which the thread (and the block, for one lane) is one point. The other lanes are
 * inactive in the branch, so lockstep leaves their values as they were. Lane-crossing
 * operations (shuffles, votes, atomics, barrier predicates) are not narrowed: their
 * groups are lanes of the whole launch. */
#include "raise_int.h"
#include "loopify.h"
#include "poly.h"

#include <stdlib.h>

typedef struct Fixed {
	const KirKernel *k;
	PolyCtx *c;
	PolySet *box;
	int *writes;          /* per var: assignments (a declaration with a value counts) */
	const KirExpr **init; /* per var: the value of its declaration */
	PolyExpr **val;       /* per var: init as an expression, once asked */
	char *state;          /* per var: 0 not asked, 1 asking, 2 answered */
	int unsafe;           /* a lane-crossing operation in the branch */
	int loops;            /* loops in the branch */
	char *used;           /* per var: read or written in the branch */
	unsigned coords;      /* the lane coordinates it reads: bit i, COORD_* */
} Fixed;

/* The lane coordinates, in raise_narrow_then's order: what the branch may read. */
enum { COORD_LANE, COORD_TID, COORD_BID = COORD_TID + 3, COORD_BLK = COORD_BID + 3, COORD_THR, NCOORDS };

/* The coordinates an access of buffer b reads (raise_address: a copy per block, per
 * thread). */
static unsigned buffer_coords(const KirKernel *k, int b)
{
	if (k->bufs[b].space == KSP_SHARED)
		return 1u << COORD_BLK;
	return k->bufs[b].space == KSP_LOCAL ? 1u << COORD_LANE : 0;
}

static unsigned builtin_coords(KirBuiltin b)
{
	switch (b) {
	case KBI_TID_X: return 1u << COORD_TID;
	case KBI_TID_Y: return 1u << (COORD_TID + 1);
	case KBI_TID_Z: return 1u << (COORD_TID + 2);
	case KBI_BID_X: return 1u << COORD_BID;
	case KBI_BID_Y: return 1u << (COORD_BID + 1);
	case KBI_BID_Z: return 1u << (COORD_BID + 2);
	default: return 0;
	}
}

static void count_writes(void *ctx, KirExpr *e)
{
	Fixed *f = ctx;
	if (e->kind == KE_ASSIGN && e->u.assign.lv.var >= 0)
		f->writes[e->u.assign.lv.var]++;
	else if (e->kind == KE_INCDEC && e->u.incdec.lv.var >= 0)
		f->writes[e->u.incdec.lv.var]++;
}

static void count_decls(void *ctx, KirStmt *s)
{
	Fixed *f = ctx;
	if (s->kind == KS_DECL && s->u.decl.init) {
		f->writes[s->u.decl.var]++;
		f->init[s->u.decl.var] = s->u.decl.init;
	} else if (s->kind == KS_SYNC && s->u.sync.result >= 0) {
		f->writes[s->u.sync.result] += 2;
	}
}

/* A variable assigned once, by its declaration: its value is that of the declaration's
 * expression wherever it is read (as a function of the launch, when it is one). */
static const PolyExpr *lookup(void *env, int var, const char **why)
{
	Fixed *f = env;
	*why = "assigned more than once";
	if (f->writes[var] != 1 || !f->init[var] || f->state[var] == 1)
		return NULL;
	if (f->state[var] == 0) {
		f->state[var] = 1;
		f->val[var] = poly_expr_from_kir(f->c, f->init[var], f->box, lookup, f, why);
		f->state[var] = 2;
	}
	return f->val[var];
}

static void scan_expr(void *ctx, KirExpr *e)
{
	Fixed *f = ctx;
	if (e->kind == KE_SHFL || e->kind == KE_VOTE || e->kind == KE_ATOMIC)
		f->unsafe = 1;
	else if (e->kind == KE_VAR)
		f->used[e->u.var] = 1;
	else if (e->kind == KE_BUILTIN)
		f->coords |= builtin_coords(e->u.builtin);
	else if (e->kind == KE_LOAD)
		f->coords |= buffer_coords(f->k, e->u.load.buffer);
	else if (e->kind == KE_ASSIGN || e->kind == KE_INCDEC) {
		const KirLval *lv = e->kind == KE_ASSIGN ? &e->u.assign.lv : &e->u.incdec.lv;
		if (lv->var >= 0)
			f->used[lv->var] = 1;
		else
			f->coords |= buffer_coords(f->k, lv->buffer);
	}
}

static void scan_stmt(void *ctx, KirStmt *s)
{
	Fixed *f = ctx;
	if (s->kind == KS_SYNC && s->u.sync.op != KSY_THREADS && s->u.sync.op != KSY_WARP)
		f->unsafe = 1;
	if (s->kind == KS_FOR || s->kind == KS_WHILE || s->kind == KS_DO)
		f->loops++;
	if (s->kind == KS_DECL)
		f->used[s->u.decl.var] = 1;
}

/* The column (k, st, s) of the lanes that may run `then` under condition c; 0 when it
 * is not narrower than the launch, or when the branch has no loop to gain from. used
 * (per var) gets the variables the branch reads or writes, coords the lane coordinates. */
static int column(Raise *r, const KirExpr *c, KirStmt *then, char *used, unsigned *coords,
                  int64_t *k, int64_t *st, int64_t *s)
{
	Fixed f = {0};
	size_t n = r->k->nvars + 1;
	int g[3], b[3], ok = 0;
	int64_t lo[POLY_NDIMS], hi[POLY_NDIMS], t0, b0;
	const char *why;
	PolySet *set;
	f.used = used;
	f.k = r->k;
	loopify_stmt_visit(then, scan_expr, scan_stmt, &f);
	*coords = f.coords;
	if (f.unsafe || !f.loops)
		return 0;
	f.state = xcalloc(n, 1);
	for (int i = 0; i < 3; i++) {
		g[i] = (int)r->grid[i];
		b[i] = (int)r->block[i];
	}
	f.writes = xcalloc(n, sizeof(int));
	f.init = xcalloc(n, sizeof(KirExpr *));
	f.val = xcalloc(n, sizeof(PolyExpr *));
	loopify_stmt_visit(r->k->body, count_writes, count_decls, &f);
	f.c = poly_create(r->k, g, b);
	f.box = poly_launch_box(f.c);
	set = poly_set_from_cond(f.c, c, f.box, lookup, &f, &why);
	if (set && poly_set_box_hull(poly_set_intersect(set, f.box), lo, hi) &&
	    lo[POLY_TX] + 1 == hi[POLY_TX] && lo[POLY_TY] + 1 == hi[POLY_TY] &&
	    lo[POLY_TZ] + 1 == hi[POLY_TZ]) {
		t0 = lo[POLY_TX] + r->block[0] * (lo[POLY_TY] + r->block[1] * lo[POLY_TZ]);
		b0 = lo[POLY_BX] + r->grid[0] * (lo[POLY_BY] + r->grid[1] * lo[POLY_BZ]);
		if (lo[POLY_BX] + 1 == hi[POLY_BX] && lo[POLY_BY] + 1 == hi[POLY_BY] &&
		    lo[POLY_BZ] + 1 == hi[POLY_BZ]) {
			*k = 1, *st = r->nl, *s = b0 % r->nb * r->nt + t0;   /* batched: in every batch */
			ok = r->nl > 1;
		} else {
			*k = r->nb, *st = r->nt, *s = t0;
			ok = r->nt > 1;
		}
	}
	poly_destroy(f.c);
	free(f.state);
	free(f.writes);
	free(f.init);
	free(f.val);
	return ok;
}

typedef struct Column {
	int64_t k, st, s;
} Column;

static int narrow(Raise *r, const Column *cl, int v)
{
	DType t = raise_dt_of(r, v);
	int64_t d2[2] = {cl->k, cl->st}, lo[2] = {0, cl->s}, hi[2] = {cl->k, cl->s + 1};
	v = tir_build_reshape(&r->b, v, tir_type_tensor(t, 2, d2));
	v = tir_build_slice(&r->b, v, lo, hi, NULL);
	return tir_build_reshape(&r->b, v, tir_type_vector(t, cl->k));
}

static int widen(Raise *r, const Column *cl, int wide, int v)
{
	DType t = raise_dt_of(r, v);
	int64_t d2[2] = {cl->k, cl->st}, d1[2] = {cl->k, 1};
	int at[2];
	at[0] = tir_build_splat_int(&r->b, tir_type_scalar(DT_I32), 0);
	at[1] = tir_build_splat_int(&r->b, tir_type_scalar(DT_I32), cl->s);
	wide = tir_build_reshape(&r->b, wide, tir_type_tensor(t, 2, d2));
	v = tir_build_reshape(&r->b, v, tir_type_tensor(t, 2, d1));
	wide = tir_build_dynamic_update_slice(&r->b, wide, v, at);
	return tir_build_reshape(&r->b, wide, tir_type_vector(t, r->nl));
}

/* The lane values the branch may use: its variables (the others are hidden, -1, so no
 * loop in the branch carries them; *hidden gets their values), the masks of the
 * enclosing frames, ret, cur. */
static int lane_slots(Raise *r, const char *used, int **p, int *hidden)
{
	int n = 0;
	for (size_t i = 0; i < r->k->nvars; i++) {
		hidden[i] = -1;
		if (r->var[i] >= 0 && !used[i])
			hidden[i] = r->var[i], r->var[i] = -1;
		else if (r->var[i] >= 0)
			p[n++] = &r->var[i];
	}
	for (size_t i = 0; i < r->frames.len; i++)
		p[n++] = &r->frames.data[i].exit;
	p[n++] = &r->ret;
	p[n++] = &r->cur;
	return n;
}

int raise_narrow_then(Raise *r, const KirExpr *c, KirStmt *then)
{
	Column cl;
	int **p, *wide, *in, *hidden, n, coords[NCOORDS], *cp[NCOORDS] = {&r->lane, &r->tid[0],
		&r->tid[1], &r->tid[2], &r->bid[0], &r->bid[1], &r->bid[2], &r->blk, &r->thr};
	int64_t nl = r->nl;
	unsigned need;
	char *used;
	if (r->nl != r->nt * r->nb)
		return 0;      /* inside a narrowed branch already: the columns are of the launch */
	used = xcalloc(r->k->nvars + 1, 1);
	if (!column(r, c, then, used, &need, &cl.k, &cl.st, &cl.s)) {
		free(used);
		return 0;
	}
	p = xmalloc(sizeof(int *) * (r->k->nvars + r->frames.len + 3));
	hidden = xmalloc(sizeof(int) * (r->k->nvars + 1));
	n = lane_slots(r, used, p, hidden);
	free(used);
	wide = xmalloc(sizeof(int) * (size_t)n);
	in = xmalloc(sizeof(int) * (size_t)n);
	for (int i = 0; i < NCOORDS; i++) {   /* the others are not read in the branch */
		coords[i] = *cp[i];
		*cp[i] = need >> i & 1 ? narrow(r, &cl, *cp[i]) : -1;
	}
	for (int i = 0; i < n; i++) {
		wide[i] = *p[i];
		in[i] = *p[i] = narrow(r, &cl, *p[i]);
	}
	r->nl = cl.k;
	r->cur_full = 0;
	raise_stmt(r, then);
	r->nl = nl;
	for (int i = 0; i < NCOORDS; i++)
		*cp[i] = coords[i];
	for (int i = 0; i < n; i++)
		*p[i] = *p[i] == in[i] ? wide[i] : widen(r, &cl, wide[i], *p[i]);
	for (size_t i = 0; i < r->k->nvars; i++)
		if (hidden[i] >= 0)
			r->var[i] = hidden[i];
	r->cur_full = 0;
	free(hidden);
	free(p);
	free(wide);
	free(in);
	return 1;
}
