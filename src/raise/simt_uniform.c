/* simt_uniform.c: a loop whose every value is the same on all the lanes that run it
 * (lane-invariant: a loop over scalar parameters, as HeCBench ecdh's point arithmetic)
 * is raised on one lane, not on every lane of the launch or batch (issue 20). Consumes
 * the SIMT state at a loop; produces the loop's stablehlo.while over tensors of one lane
 * and the values it assigns broadcast to the running lanes.
 *
 * Which loops. A divergence analysis of the kernel (flow-insensitive, to a fixed point):
 * a value is uniform when it is built from constants, scalar parameters, blockDim,
 * gridDim, warpSize, uniform variables and loads of global or __constant__ buffers the
 * kernel never writes at uniform indices, with pure operators and math (no threadIdx or
 * blockIdx, shuffle, vote, atomic, barrier result). A condition that is not uniform
 * opens a region (an if's branches, a loop's body): lanes can differ there in which
 * assignments they ran. A variable is uniform, in region R, when every assignment to it
 * stores a uniform value and the assignments' regions lie on one chain whose deepest is
 * R: every lane that reaches R or a region inside it ran the same assignments, in the
 * same order, with the same values. Not so, and so not uniform: a variable assigned
 * under a region entered again by an enclosing loop (its lanes may change between
 * trips), assigned in a loop or block that some lanes leave by a break, continue or
 * exit that others do not take, assigned in a lazy operand (?:, &&, ||), or assigned in
 * parts (bit views). A loop is raised on one lane when it stores nothing, loads only as
 * above, has no barrier, shuffle, vote, atomic, return or exit, and every variable it
 * reads is uniform in its region or an enclosing one.
 *
 * Why exact. The lanes that run the loop (the running mask at its entry) hold equal
 * values of everything the loop reads, so they take the same trips and compute the same
 * values; the loop on the first running lane's values, under the mask "some lane runs"
 * (no trip when none does, as the whole-width while would do), computes them once. Its
 * results replace the variables on the running lanes only; the other lanes keep theirs,
 * as the masked whole-width loop leaves them. The loop has no effect on memory. */
#include "raise_int.h"
#include "loopify.h"

#include <stdlib.h>
#include <string.h>

/* The analysis: per variable, not uniform, or the deepest region of its assignments. */
struct Uniform {
	const KirKernel *k;
	const char *written;     /* per buffer: stored to somewhere in the kernel */
	char *nonuni;            /* per variable: not uniform */
	int *ctx, *prev;         /* per variable: region of its assignments (this pass, last);
	                            -1 none */
	int *parent;             /* per construct region: the region it lies in */
	char *divergent;         /* per construct region: opened by a non-uniform condition */
	char *was;               /* divergent as of the last pass */
	char *looped;            /* per construct region: inside a loop */
	int nreg, cap;
	int cur, loops;          /* the walk: region, loops around it */
	int changed;
	VEC(const KirStmt *) hoist;   /* the loops that run on one lane (last pass) */
	int *stack;              /* enclosing loops and labelled blocks: region at entry */
	const KirStmt **stmts;
	int depth;
};

/* The region id that represents r (a uniform construct's region is its parent's). */
static int rep(const Uniform *u, int r)
{
	while (r > 0 && !u->divergent[r])
		r = u->parent[r];
	return r;
}

/* Whether region a lies in region b (or is it). */
static int inside(const Uniform *u, int a, int b)
{
	a = rep(u, a);
	b = rep(u, b);
	for (; a > 0; a = rep(u, u->parent[a]))
		if (a == b)
			return 1;
	return b == 0;
}

static void mark(Uniform *u, int v)
{
	if (!u->nonuni[v])
		u->changed = u->nonuni[v] = 1;
}

static int uniform_expr(Uniform *u, const KirExpr *e);

static int kids_uniform(Uniform *u, const KirExpr *e)
{
	KirExpr **kids[8];
	int n = loopify_expr_kids((KirExpr *)e, kids), ok = 1;
	for (int i = 0; i < n; i++)
		ok &= uniform_expr(u, *kids[i]);
	return ok;
}

/* Whether e has the same value on all running lanes of the current region (as of the
 * last pass's regions). */
static int uniform_expr(Uniform *u, const KirExpr *e)
{
	switch (e->kind) {
	case KE_CONST: case KE_PARAM: return 1;
	case KE_VAR:
		return !u->nonuni[e->u.var] && (u->prev[e->u.var] < 0 || inside(u, u->cur, u->prev[e->u.var]));
	case KE_BUILTIN:
		return e->u.builtin >= KBI_BDIM_X;
	case KE_LOAD: {
		const KirBuffer *kb = &u->k->bufs[e->u.load.buffer];
		return (kb->space == KSP_GLOBAL || kb->space == KSP_CONSTANT) && !u->written[e->u.load.buffer] &&
		       uniform_expr(u, e->u.load.index);
	}
	case KE_ASSIGN:
		if (e->u.assign.lv.var < 0)
			return 0;
		if (e->u.assign.op != KB_NONE) {      /* it reads the variable too */
			KirExpr x = {.kind = KE_VAR, .u.var = e->u.assign.lv.var};
			if (!uniform_expr(u, &x))
				return 0;
		}
		return uniform_expr(u, e->u.assign.value);
	case KE_INCDEC:
		return e->u.incdec.lv.var >= 0 && !u->nonuni[e->u.incdec.lv.var];
	case KE_SHFL: case KE_VOTE: case KE_ATOMIC: return 0;
	default: return kids_uniform(u, e);
	}
}

/* An assignment of v in the current region, of a value uniform or not. */
static void site(Uniform *u, int v, int uni)
{
	int r = rep(u, u->cur);
	if (!uni || u->k->vars[v].partial || (r > 0 && u->looped[r]))
		mark(u, v);
	else if (u->ctx[v] < 0 || inside(u, r, u->ctx[v]))
		u->ctx[v] = r;
	else if (!inside(u, u->ctx[v], r))
		mark(u, v);
}

static void mark_assigned(void *ctx, KirExpr *e)
{
	Uniform *u = ctx;
	if (e->kind == KE_ASSIGN && e->u.assign.lv.var >= 0)
		mark(u, e->u.assign.lv.var);
	else if (e->kind == KE_INCDEC && e->u.incdec.lv.var >= 0)
		mark(u, e->u.incdec.lv.var);
}

static void mark_decl(void *ctx, KirStmt *s)
{
	if (s->kind == KS_DECL)
		mark(ctx, s->u.decl.var);
}

static void walk_expr(Uniform *u, const KirExpr *e)
{
	KirExpr **kids[8];
	int n;
	if ((e->kind == KE_COND || e->kind == KE_LOGAND || e->kind == KE_LOGOR)) {
		const KirExpr *c = e->kind == KE_COND ? e->u.cond.c : e->u.bin.l;
		walk_expr(u, c);
		if (e->kind == KE_COND) {
			loopify_expr_visit(e->u.cond.t, mark_assigned, u);
			loopify_expr_visit(e->u.cond.f, mark_assigned, u);
		} else {
			loopify_expr_visit(e->u.bin.r, mark_assigned, u);
		}
		return;
	}
	n = loopify_expr_kids((KirExpr *)e, kids);
	for (int i = 0; i < n; i++)
		walk_expr(u, *kids[i]);
	if (e->kind == KE_ASSIGN && e->u.assign.lv.var >= 0)
		site(u, e->u.assign.lv.var, uniform_expr(u, e));
	else if (e->kind == KE_INCDEC && e->u.incdec.lv.var >= 0)
		site(u, e->u.incdec.lv.var, uniform_expr(u, e));
}

/* A new construct region inside the current one, divergent when c is not uniform. */
static int open_region(Uniform *u, int divergent)
{
	int r = ++u->nreg;
	if (r >= u->cap) {
		u->cap = 2 * r + 8;
		u->parent = xrealloc(u->parent, sizeof(int) * (size_t)u->cap);
		u->divergent = xrealloc(u->divergent, (size_t)u->cap);
		u->looped = xrealloc(u->looped, (size_t)u->cap);
	}
	u->parent[r] = u->cur;
	u->divergent[r] = (char)divergent;
	u->looped[r] = u->loops > 0;
	return r;
}

static void walk_stmt(Uniform *u, const KirStmt *s);

/* Enters s (a loop or a labelled block) for its jumps. */
static void push(Uniform *u, const KirStmt *s)
{
	if (u->depth == 256)
		die("simt_uniform: control flow nested deeper than 256");
	u->stack[u->depth] = u->cur;
	u->stmts[u->depth++] = s;
}

/* A break, continue or exit to s taken by some lanes only: what s assigns differs. */
static void jump(Uniform *u, int want_loop, int label)
{
	for (int d = u->depth; d-- > 0;) {
		const KirStmt *t = u->stmts[d];
		int loop = t->kind != KS_BLOCK;
		if (loop != want_loop || (!loop && t->u.block.label != label))
			continue;
		if (rep(u, u->cur) != rep(u, u->stack[d]))
			loopify_stmt_visit((KirStmt *)t, mark_assigned, mark_decl, u);
		return;
	}
}

static int movable(const KirStmt *s, const Uniform *u);

static void loop_stmt(Uniform *u, const KirStmt *s, const KirExpr *c, const KirStmt *body,
                      const KirExpr *step)
{
	int saved = u->cur, uni = !c || uniform_expr(u, c);
	push(u, s);
	u->cur = open_region(u, !uni);
	u->loops++;
	if (c)
		walk_expr(u, c);
	walk_stmt(u, body);
	if (step)
		walk_expr(u, step);
	u->loops--;
	u->depth--;
	u->cur = saved;
	if (uni && movable(s, u))
		VEC_PUSH(u->hoist, s);
}

static void walk_stmt(Uniform *u, const KirStmt *s)
{
	int saved = u->cur, uni;
	switch (s->kind) {
	case KS_BLOCK:
		if (s->u.block.label > 0)
			push(u, s);
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			walk_stmt(u, s->u.block.stmts[i]);
		if (s->u.block.label > 0)
			u->depth--;
		break;
	case KS_DECL:
		if (s->u.decl.init) {
			walk_expr(u, s->u.decl.init);
			site(u, s->u.decl.var, uniform_expr(u, s->u.decl.init));
		}
		break;
	case KS_EXPR: walk_expr(u, s->u.expr); break;
	case KS_IF:
		walk_expr(u, s->u.if_.cond);
		uni = uniform_expr(u, s->u.if_.cond);
		u->cur = open_region(u, !uni);
		walk_stmt(u, s->u.if_.then);
		u->cur = saved;
		if (s->u.if_.els) {
			u->cur = open_region(u, !uni);
			walk_stmt(u, s->u.if_.els);
			u->cur = saved;
		}
		break;
	case KS_FOR:
		if (s->u.for_.init)
			walk_stmt(u, s->u.for_.init);
		loop_stmt(u, s, s->u.for_.cond, s->u.for_.body, s->u.for_.step);
		break;
	case KS_WHILE: case KS_DO: loop_stmt(u, s, s->u.loop.cond, s->u.loop.body, NULL); break;
	case KS_BREAK: case KS_CONTINUE: jump(u, 1, 0); break;
	case KS_EXIT: jump(u, 0, s->u.label); break;
	case KS_SYNC:
		if (s->u.sync.arg)
			walk_expr(u, s->u.sync.arg);
		if (s->u.sync.result >= 0)
			mark(u, s->u.sync.result);
		break;
	default: break;
	}
}

/* ---- a loop that may run on one lane ---- */

typedef struct Scan {
	Uniform *u;
	int ok;
} Scan;

static void scan_expr(void *ctx, KirExpr *e)
{
	Scan *sc = ctx;
	if (e->kind == KE_SHFL || e->kind == KE_VOTE || e->kind == KE_ATOMIC ||
	    (e->kind == KE_ASSIGN && e->u.assign.lv.var < 0) || (e->kind == KE_INCDEC && e->u.incdec.lv.var < 0) ||
	    (e->kind == KE_BUILTIN && e->u.builtin < KBI_BDIM_X))
		sc->ok = 0;
	else if (e->kind == KE_LOAD) {
		const KirBuffer *kb = &sc->u->k->bufs[e->u.load.buffer];
		sc->ok &= (kb->space == KSP_GLOBAL || kb->space == KSP_CONSTANT) && !sc->u->written[e->u.load.buffer];
	} else if (e->kind == KE_VAR)
		sc->ok &= uniform_expr(sc->u, e);
	else if (e->kind == KE_ASSIGN || e->kind == KE_INCDEC) {
		int v = e->kind == KE_ASSIGN ? e->u.assign.lv.var : e->u.incdec.lv.var;
		sc->ok &= !sc->u->nonuni[v];
	}
}

static void scan_stmt(void *ctx, KirStmt *s)
{
	Scan *sc = ctx;
	if (s->kind == KS_SYNC || s->kind == KS_RETURN || s->kind == KS_EXIT)
		sc->ok = 0;
	else if (s->kind == KS_DECL)
		sc->ok &= !sc->u->nonuni[s->u.decl.var];
}

/* Whether loop s (its region as walked) reads and writes only uniform values and
 * touches no memory but loads of buffers the kernel does not write. */
static int movable(const KirStmt *s, const Uniform *u)
{
	Scan sc = {(Uniform *)u, 1};
	loopify_stmt_visit((KirStmt *)s, scan_expr, scan_stmt, &sc);
	return sc.ok;
}

Uniform *raise_uniform_new(const KirKernel *k, const char *written)
{
	Uniform *u = xcalloc(1, sizeof(*u));
	size_t nv = k->nvars + 1;
	int pass;
	u->k = k;
	u->written = written;
	u->nonuni = xcalloc(nv, 1);
	u->ctx = xmalloc(sizeof(int) * nv);
	u->prev = xmalloc(sizeof(int) * nv);
	u->cap = 16;
	u->parent = xcalloc((size_t)u->cap, sizeof(int));
	u->divergent = xcalloc((size_t)u->cap, 1);
	u->looped = xcalloc((size_t)u->cap, 1);
	u->stack = xmalloc(sizeof(int) * 256);
	u->stmts = xmalloc(sizeof(*u->stmts) * 256);
	for (size_t v = 0; v < nv; v++)
		u->prev[v] = -1;
	/* to a fixed point: the variables not uniform only grow; the regions settle */
	for (pass = 0; pass < 2 * (int)nv + 8; pass++) {
		u->changed = 0;
		u->nreg = 0;
		u->cur = 0;
		u->depth = 0;
		u->hoist.len = 0;
		for (size_t v = 0; v < nv; v++)
			u->ctx[v] = -1;
		walk_stmt(u, k->body);
		u->changed |= memcmp(u->ctx, u->prev, sizeof(int) * nv) != 0;
		u->changed |= !u->was || memcmp(u->was, u->divergent, (size_t)u->nreg + 1) != 0;
		memcpy(u->prev, u->ctx, sizeof(int) * nv);
		free(u->was);
		u->was = xmalloc((size_t)u->nreg + 1);
		memcpy(u->was, u->divergent, (size_t)u->nreg + 1);
		if (!u->changed)
			break;
	}
	if (u->changed)       /* not settled: nothing moves */
		u->hoist.len = 0;
	return u;
}

void raise_uniform_free(Uniform *u)
{
	if (!u)
		return;
	free(u->nonuni);
	free(u->ctx);
	free(u->prev);
	free(u->parent);
	free(u->divergent);
	free(u->was);
	free(u->looped);
	free(u->stack);
	free(u->stmts);
	VEC_FREE(u->hoist);
	free(u);
}

int raise_uniform_loop(const Uniform *u, const KirStmt *s)
{
	for (size_t i = 0; u && i < u->hoist.len; i++)
		if (u->hoist.data[i] == s)
			return 1;
	return 0;
}

/* ---- the loop on one lane ---- */

/* The variables s reads or writes. */
static void used_expr(void *ctx, KirExpr *e)
{
	char *used = ctx;
	if (e->kind == KE_VAR)
		used[e->u.var] = 1;
	else if (e->kind == KE_ASSIGN && e->u.assign.lv.var >= 0)
		used[e->u.assign.lv.var] = 1;
	else if (e->kind == KE_INCDEC && e->u.incdec.lv.var >= 0)
		used[e->u.incdec.lv.var] = 1;
}

static void used_stmt(void *ctx, KirStmt *s)
{
	if (s->kind == KS_DECL)
		((char *)ctx)[s->u.decl.var] = 1;
}

static void loads(void *ctx, KirExpr *e)
{
	if (e->kind == KE_LOAD)
		((char *)ctx)[e->u.load.buffer] = 1;
}

/* Lane `at` (0-d i32) of the lane tensor v, as a tensor of one lane. */
static int lane_of(Raise *r, int v, int at)
{
	int64_t one[1] = {1};
	return tir_build_dynamic_slice(&r->b, v, &at, one);
}

/* The first running lane (0-d i32; the last lane when none runs), and in *any whether
 * some lane runs (a tensor of one lane). */
static int first_lane(Raise *r, int *any)
{
	static const int64_t d0[1] = {0};
	int big = raise_isplat(r, DT_I32, r->nl - 1);
	int lanes = tir_build_iota(&r->b, raise_lanes_of(r, DT_I32), 0);
	int last = tir_build_splat_int(&r->b, tir_type_scalar(DT_I32), r->nl - 1);
	int no = tir_build_splat_int(&r->b, tir_type_scalar(DT_I1), 0);
	int at = tir_build_reduce(&r->b, tir_build_select(&r->b, r->cur, lanes, big), last, d0, 1,
	                          TOP_MINIMUM);
	int some = tir_build_reduce(&r->b, r->cur, no, d0, 1, TOP_OR);
	r->st->ops[TOP_SELECT]++;
	r->st->ops[TOP_REDUCE] += 2;
	*any = tir_build_reshape(&r->b, some, tir_type_vector(DT_I1, 1));
	return at;
}

int raise_uniform_run(Raise *r, const KirStmt *s)
{
	static const int64_t d0[1] = {0};
	size_t nv = r->k->nvars, nb = r->k->nbufs, nf = r->frames.len;
	char *used, *read;
	int *wide, *in, *bufs, *exits, ret = r->ret, cur = r->cur, nl = (int)r->nl, at, any;
	int coords[9], *cp[9] = {&r->lane, &r->tid[0], &r->tid[1], &r->tid[2], &r->bid[0],
		&r->bid[1], &r->bid[2], &r->blk, &r->thr};
	if (r->nl <= 1 || !raise_uniform_loop(r->uniform, s))
		return 0;
	used = xcalloc(nv + 1, 1);
	read = xcalloc(nb + 1, 1);
	loopify_stmt_visit((KirStmt *)s, used_expr, used_stmt, used);
	loopify_stmt_visit((KirStmt *)s, loads, NULL, read);
	wide = xmalloc(sizeof(int) * (nv + 1));
	in = xmalloc(sizeof(int) * (nv + 1));
	bufs = xmalloc(sizeof(int) * (nb + 1));
	exits = xmalloc(sizeof(int) * (nf + 1));
	at = first_lane(r, &any);
	for (size_t v = 0; v < nv; v++) {     /* the others are not carried by its while */
		wide[v] = r->var[v];
		r->var[v] = in[v] = used[v] && wide[v] >= 0 ? lane_of(r, wide[v], at) : -1;
	}
	for (size_t b = 0; b < nb; b++) {
		bufs[b] = r->buf[b];
		r->buf[b] = read[b] ? bufs[b] : -1;
	}
	for (size_t i = 0; i < nf; i++) {
		exits[i] = r->frames.data[i].exit;
		r->frames.data[i].exit = lane_of(r, exits[i], at);
	}
	for (int i = 0; i < 9; i++) {
		coords[i] = *cp[i];
		*cp[i] = -1;
	}
	r->ret = lane_of(r, ret, at);
	r->cur = any;
	r->cur_full = 0;
	r->nl = 1;
	raise_loop_stmt(r, s);
	r->nl = nl;
	for (size_t v = 0; v < nv; v++) {
		int x = r->var[v];
		if (x < 0 || x == in[v]) {
			r->var[v] = wide[v];
			continue;
		}
		x = tir_build_reshape(&r->b, x, tir_type_scalar(raise_dt_of(r, x)));
		x = tir_build_broadcast_in_dim(&r->b, x, raise_lanes_of(r, raise_dt_of(r, x)), d0);
		r->var[v] = wide[v] < 0 ? x : tir_build_select(&r->b, cur, x, wide[v]);
		r->st->ops[TOP_SELECT] += wide[v] >= 0;
	}
	for (size_t b = 0; b < nb; b++)
		r->buf[b] = bufs[b];
	for (size_t i = 0; i < nf; i++)
		r->frames.data[i].exit = exits[i];
	for (int i = 0; i < 9; i++)
		*cp[i] = coords[i];
	r->ret = ret;
	r->cur = cur;
	r->cur_full = 0;
	sb_printf(&r->st->notes, "  loop at %d:%d: the same on every running lane, run on one lane\n",
	          s->loc.line, s->loc.col);
	free(used);
	free(read);
	free(wide);
	free(in);
	free(bufs);
	free(exits);
	return 1;
}
