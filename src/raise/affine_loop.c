/* affine_loop.c: loops. Consumes a loop statement; a loop of a thread-invariant trip count
 * is unrolled (each iteration walked with its variable a constant), a reduction loop
 * goes to affine_reduce.c, a loop that carries variables to affine_column.c, and a
 * grid-stride loop `for (i = tid; i < n; i += S)` becomes a new loop dimension of the
 * domain, so its body runs once over threads x iterations. */
#include "affine_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- statements ---- */

/* Does the loop go on? Only a thread-invariant answer (the same on every running
 * thread) is taken: the loop is unrolled. */
static int loop_goes_on(Aff *a, const KirExpr *cond, SrcLoc loc)
{
	const char *why;
	PolySet *c;
	if (!cond)
		return 1;
	c = poly_set_from_cond(a->c, aff_subst(a, cond), a->at.dom, aff_lookup, a, &why);
	if (!c)
		aff_afail(a, loc, "a loop condition that is not quasi-affine");
	if (poly_set_is_subset(a->at.dom, c))
		return 1;
	if (poly_set_is_empty(poly_set_intersect(a->at.dom, c)))
		return 0;
	aff_afail(a, loc, "a loop whose trip count depends on the thread");
}

static void loop_step(Aff *a, const KirExpr *e, SrcLoc loc)
{
	if (!e)
		return;
	if ((e->kind == KE_ASSIGN && e->u.assign.lv.var >= 0) ||
	    (e->kind == KE_INCDEC && e->u.incdec.lv.var >= 0))
		aff_assign_var(a, e);
	else
		aff_afail(a, loc, "a loop step other than an assignment of a variable");
}

static int uses_var(struct Memo *m, const KirExpr *e, int v)
{
	int found;
	if (!e)
		return 0;
	if (e->kind != KE_VAR && e->kind != KE_CONST && e->kind != KE_PARAM && e->kind != KE_BUILTIN) {
		aff_memo_slot(m, e, &found);
		if (found)
			return 0;    /* seen: had it used v, the walk would have stopped there */
	}
	switch (e->kind) {
	case KE_VAR: return e->u.var == v;
	case KE_UNARY: return uses_var(m, e->u.un.x, v);
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		return uses_var(m, e->u.bin.l, v) || uses_var(m, e->u.bin.r, v);
	case KE_COND:
		return uses_var(m, e->u.cond.c, v) || uses_var(m, e->u.cond.t, v) ||
		       uses_var(m, e->u.cond.f, v);
	case KE_CAST: case KE_BITCAST: return uses_var(m, e->u.x, v);
	case KE_LOAD: return uses_var(m, e->u.load.index, v);
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			if (uses_var(m, e->u.math.args[i], v))
				return 1;
		return 0;
	case KE_CONST: case KE_PARAM: case KE_BUILTIN: return 0;
	default: return 1;
	}
}

/* Does e (a DAG: each shared node visited once) read variable v? */
int aff_uses_var(const KirExpr *e, int v)
{
	struct Memo m = {0};
	int r;
	m.cur = 1;
	r = uses_var(&m, e, v);
	aff_memo_free(&m);
	return r;
}

/* `for (k = lo; k < hi; k++) s += body` with thread-invariant bounds: s gets a
 * reduction (reduce over the loop dimension). Returns 0 when the loop is not of that form. */
int aff_const_of(Aff *a, const KirExpr *e, int64_t *v)
{
	const char *why;
	PolyExpr *pe;
	if (!e || !frontend_dtype_is_int(e->type))
		return 0;
	pe = poly_expr_from_kir(a->c, aff_subst(a, e), a->at.dom, aff_lookup, a, &why);
	return pe && poly_expr_is_const(pe, v);
}

/* The largest value of e on the domain (a launch-time constant, or the largest under the
 * --symbolic assumption), or 0. */
int aff_max_of(Aff *a, const KirExpr *e, int64_t *v)
{
	const char *why;
	PolyExpr *pe;
	int64_t lo;
	if (!e || !frontend_dtype_is_int(e->type))
		return 0;
	pe = poly_expr_from_kir(a->c, aff_subst(a, e), a->at.dom, aff_lookup, a, &why);
	/* a bound on a --symbolic scalar: its largest value under the assumption */
	return pe && (poly_expr_bounds(pe, a->at.dom, &lo, v) ||
	              poly_expr_bounds_assumed(pe, a->at.dom, &lo, v));
}

/* ---- grid-stride loops: `for (i = tid; i < n; i += S)` whose trip count depends on the
 * thread. i = init + S*l with l a new loop dimension of the domain (l < the largest trip
 * count), so the body runs once over (threads x iterations) and every store is one
 * update of its box. That is the loop's result when no iteration sees another's
 * effects: no variable from outside the body is assigned in it (except i, by the step),
 * each buffer is stored by one statement of the body, and a buffer stored in the body
 * is read in it only where the same iteration writes it (checked in store and load).
 * The condition `i < E` (E a constant, S > 0) holds on a prefix of the iterations. ---- */

typedef struct BodyScan {
	Aff *a;
	int var;                  /* the loop variable */
	char *decl;               /* per variable: declared in the body */
	int bad;
	int outer;                /* it assigns a variable declared outside it */
	char *loaded;             /* per buffer: read in the body */
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
	if (e->kind == KE_LOAD)
		bs->loaded[e->u.load.buffer] = 1;
	if (e->kind == KE_ATOMIC)   /* read there only where the same iteration updates it */
		bs->a->stride_st[e->u.atomic.buffer] = 1;
	if (!lv)
		return;
	if (lv->var >= 0 && lv->var == bs->var)
		bs->bad = 1;
	if (lv->var >= 0 && !bs->decl[lv->var])
		bs->outer = 1;    /* unless each is an induction variable */
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
	return aff_const_of(a, x, step) && *step > 0;
}

/* A grid-stride loop whose body carries a variable from one trip to the next (a running
 * sum): its trips in order, unrolled, trip j as `if (v < bound) body` with v = init +
 * step * j, so each thread's carried value takes exactly its own trips in its own order
 * (threads whose index has passed the bound keep theirs: the guard is per thread). */
static void carried_stride_loop(Aff *a, int v, const KirExpr *init, const KirExpr *cond, const KirStmt *body,
                                int64_t step, int64_t trips, SrcLoc loc, int in_data)
{
	const KirKernel *k = a->r->k;
	KirStmt *guarded = frontend_new_stmt(a->ar, KS_IF, loc);

	guarded->u.if_.cond = (KirExpr *)cond;
	guarded->u.if_.then = (KirStmt *)body;
	guarded->u.if_.els = NULL;
	for (int64_t j = 0; j < trips; j++) {
		KirExpr *sc = frontend_new_expr(a->ar, KE_CONST, k->vars[v].type, loc);
		const char *why;
		sc->u.c = frontend_const_convert((KirConst){KT_I64, step * j, (double)(step * j)}, k->vars[v].type);
		a->def[v] = j ? frontend_new_binary(a->ar, KB_ADD, k->vars[v].type, (KirExpr *)init, sc, loc) : init;
		a->def_epoch[v] = a->epoch;
		a->ienv[v] = poly_expr_from_kir(a->c, a->def[v], a->at.dom, aff_lookup, a, &why);
		if (!a->ienv[v])
			aff_afail(a, loc, "a grid-stride loop whose index may overflow");
		a->unrolled++;
		aff_walk(a, guarded, in_data);
	}
	a->def[v] = NULL;         /* its value after the loop depends on the thread */
	a->ienv[v] = NULL;
}

static int stride_loop(Aff *a, const KirStmt *s, int in_data)
{
	const KirExpr *cond, *st;
	const KirStmt *body;
	const KirKernel *k = a->r->k;
	int v, level = POLY_MAX_LOOPS - 1, thread = 0;
	int64_t step, bound, lo, hi, trips;
	PolySet *c, *saved = a->at.dom;
	PolyExpr *init;
	KirExpr *lv, *sc, *def;
	const KirExpr *init_def;
	const char *why;
	BodyScan bs = {a, -1, NULL, 0, 0, NULL};
	Induct iv = {0};
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
	    !aff_const_of(a, cond->u.bin.r, &bound) || aff_has_exit(body, RETURN_EXITS) || aff_leaves(a, s))
		return 0;
	bound += cond->u.bin.op == KB_LE;
	/* a loop from a thread-invariant start (the same trip count everywhere) is unrolled */
	init_def = a->def[v];
	init = poly_expr_from_kir(a->c, a->def[v], a->at.dom, aff_lookup, a, &why);
	if (!init || !poly_expr_bounds(init, a->at.dom, &lo, &hi) || bound <= lo)
		return 0;
	for (int d = 0; d < POLY_NLAUNCH && !thread; d++)
		thread = poly_expr_involves_dim(init, d);
	if (!thread) {            /* unless its body stores: then one update, not one per trip */
		BodyScan st = {a, -1, NULL, 0, 0, NULL};
		loopify_stmt_visit((KirStmt *)body, scan_store, NULL, &st);
		if (st.bad != 1 || !a->opt.uniform)
			return 0;
		a->found.used_uniform = 1;
	}
	bs.var = v;
	bs.decl = xcalloc(k->nvars + 1, 1);
	bs.loaded = xcalloc(k->nbufs + 1, 1);
	a->stride_st = xcalloc(k->nbufs + 1, 1);
	a->stride_w = xcalloc(k->nbufs + 1, sizeof(PolyMap *));
	loopify_stmt_visit((KirStmt *)body, NULL, scan_decl, &bs);
	loopify_stmt_visit((KirStmt *)body, scan_effect, NULL, &bs);
	if (bs.outer && !aff_induction_vars(a, body, v, &iv))
		bs.bad = 1;
	for (size_t b = 0; b < k->nbufs && a->opt.ordered_trips && thread; b++)
		bs.bad |= bs.loaded[b] && a->stride_st[b];  /* trips in order: trip j reads trip j-1's */
	free(bs.decl);
	free(bs.loaded);
	trips = (bound - lo + step - 1) / step;
	if (bs.bad) {
		free(a->stride_st);
		free(a->stride_w);
		a->stride_st = NULL;
		a->stride_w = NULL;
		if (!thread || trips > MAX_UNROLL || a->unrolled + trips > MAX_UNROLL_ALL)
			aff_afail(a, s->loc, "a grid-stride loop that carries a variable from one iteration to the next");
		carried_stride_loop(a, v, init_def, cond, body, step, trips, s->loc, in_data);
		return 1;
	}
	lv = frontend_new_expr(a->ar, KE_VAR, k->vars[v].type, s->loc);
	lv->u.var = LOOPVAR(a, level);
	sc = frontend_new_expr(a->ar, KE_CONST, k->vars[v].type, s->loc);
	sc->u.c = frontend_const_convert((KirConst){KT_I64, step, (double)step}, k->vars[v].type);
	def = frontend_new_binary(a->ar, KB_ADD, k->vars[v].type, (KirExpr *)a->def[v],
	                          frontend_new_binary(a->ar, KB_MUL, k->vars[v].type, sc, lv, s->loc), s->loc);
	a->at.dom = poly_set_open_loop(a->at.dom, level, poly_expr_const(a->c, 0), 1);
	a->at.dom = poly_set_intersect(a->at.dom, poly_set_cmp(KB_LT, poly_expr_dim(a->c, POLY_NLAUNCH + level),
	                                                 poly_expr_const(a->c, trips)));
	a->def[v] = def;
	a->def_epoch[v] = a->epoch;
	a->ienv[v] = poly_expr_from_kir(a->c, def, a->at.dom, aff_lookup, a, &why);
	c = a->ienv[v] ? poly_set_from_cond(a->c, aff_subst(a, cond), a->at.dom, aff_lookup, a, &why) : NULL;
	if (!c)
		aff_afail(a, s->loc, "a grid-stride loop whose index may overflow");
	a->at.dom = poly_set_intersect(a->at.dom, c);
	aff_induction_enter(a, &iv, level, s->loc);
	a->stride = thread ? 2 : 1;
	aff_walk(a, body, in_data);
	a->stride = 0;
	free(a->stride_st);
	free(a->stride_w);
	a->stride_st = NULL;
	a->stride_w = NULL;
	a->at.dom = saved;
	a->def[v] = NULL;         /* its value after the loop depends on the thread */
	a->ienv[v] = NULL;
	aff_induction_leave(a, &iv, thread ? -1 : trips, s->loc);
	return 1;
}

void aff_loop(Aff *a, const KirStmt *s, int in_data)
{
	if (poly_set_is_empty(a->at.dom))
		return;
	if (a->dwalk) {       /* in a data-dependent loop's body, walked for one iteration:
	                       * unrolled, or a while built in that loop's while (affine_while.c) */
		const KirStmt *body = s->kind == KS_FOR ? s->u.for_.body : s->u.loop.body;
		if (s->kind == KS_FOR && s->u.for_.init)
			aff_walk(a, s->u.for_.init, in_data);
		if (aff_while_loop(a, s, in_data))
			return;
		if (aff_has_exit(body, LOOP_EXITS))   /* its break would be taken for the while's */
			aff_afail(a, s->loc, "break, continue or a block exit");
		aff_unroll(a, s, in_data);
		return;
	}
	if (aff_reduction_loop(a, s))
		return;
	if (s->kind == KS_FOR && s->u.for_.init)
		aff_walk(a, s->u.for_.init, in_data);
	if (aff_column_loop(a, s, in_data) || stride_loop(a, s, in_data) || aff_while_loop(a, s, in_data))
		return;
	aff_unroll(a, s, in_data);
}

/* The loop unrolled: every iteration walked with its variables' values substituted, as
 * long as the condition is the same on every running thread. A continue in the body is
 * restructured away first (what follows it in the iteration runs where it is not taken;
 * the step and the test still run). */
void aff_unroll(Aff *a, const KirStmt *s, int in_data)
{
	const KirExpr *cond = s->kind == KS_FOR ? s->u.for_.cond : s->u.loop.cond;
	const KirStmt *body = s->kind == KS_FOR ? s->u.for_.body : s->u.loop.body;
	int first = 1, scoped = aff_has_break(body);
	if (scoped)           /* a break: the lanes that take it are done (affine_exits.c) */
		aff_scope_open(a, LOOP_EXITS, s->loc);
	if (aff_has_exit(body, scoped ? CONTINUE_EXITS : LOOP_EXITS)) { /* a continue: the rest of
	                                         its iteration under the negated guards (a break
	                                         stays, walked as its scope's exit) */
		SList l = {0};
		Seg all = {(KirStmt *const *)&body, 1, NULL};
		aff_restructure(a, &all, scoped ? CONTINUE_EXITS : LOOP_EXITS, &l);
		body = aff_sl_block(a, &l, body->loc);
	}
	for (int n = 0;; n++) {
		if (!(s->kind == KS_DO && first) && !loop_goes_on(a, cond, s->loc))
			break;
		first = 0;
		if (n == MAX_UNROLL || ++a->unrolled > MAX_UNROLL_ALL)
			aff_afail(a, s->loc, AFF_TOO_LONG);
		a->unrolling++;
		aff_walk(a, body, in_data);
		a->unrolling--;
		if (scoped && a->scopes[a->nscopes - 1].all)
			break;            /* every lane broke: no step, no more iterations */
		if (s->kind == KS_FOR)
			loop_step(a, s->u.for_.step, s->loc);
	}
	if (scoped)
		aff_scope_close(a, s->loc);
}
