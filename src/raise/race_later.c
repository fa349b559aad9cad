/* race_later.c: with --oob-check, the bounds of the accesses of a loop the walk follows
 * on its first two iterations only, or not at all (a loop with jumps, a test not affine on
 * the first iteration): proven on a superset of the threads and iterations that make
 * them (raise_bounds_check, not exact: it proves or leaves unproven, never reports), or
 * checked at run time (frontend oobguard.c). Before session 26 nobody checked them: an
 * index that left its buffer there read the clamped nearest element. */
#include "race_int.h"

#include <stdlib.h>
#include <string.h>

typedef struct Later {
	Race *r;
	PolySet *dom;            /* a superset of the threads and iterations of the accesses */
	KirStmt *top;            /* the body of the loop being checked */
	int level;               /* the next loop dimension */
} Later;

/* An access of a loop whose later iterations the walk does not follow (or none, a loop
 * with jumps or a test not affine on the first iteration): proven in bounds on a superset
 * of the threads and iterations that make it, or not proven (with --oob-check, checked at
 * run time: frontend oobguard.c). */
static void later_access(void *ctx, KirExpr *e)
{
	Later *l = ctx;
	Race *r = l->r;
	const KirExpr *ix = e->kind == KE_LOAD ? e->u.load.index : e->kind == KE_ATOMIC ?
	                    e->u.atomic.index : e->kind == KE_ASSIGN ? e->u.assign.lv.index :
	                    e->kind == KE_INCDEC ? e->u.incdec.lv.index : NULL;
	int b = e->kind == KE_LOAD ? e->u.load.buffer : e->kind == KE_ATOMIC ? e->u.atomic.buffer :
	        e->kind == KE_ASSIGN ? e->u.assign.lv.buffer : e->kind == KE_INCDEC ?
	        e->u.incdec.lv.buffer : -1;
	const char *why = "what the loop assigns is not followed after its first iterations";
	PolyExpr *i = NULL;

	if (!ix || ((e->kind == KE_ASSIGN && e->u.assign.lv.var >= 0) ||
	            (e->kind == KE_INCDEC && e->u.incdec.lv.var >= 0)))
		return;
	if (r->k->bufs[b].sym_size && r->bc.sym) {   /* no superset proof of a symbolic size */
		raise_bounds_unproven(&r->bc, e->loc);
		return;
	}
	if (l->dom && frontend_dtype_is_int(ix->type) && !(e->kind == KE_ATOMIC && e->u.atomic.per > 1))
		i = poly_expr_from_kir(r->c, ix, l->dom, race_lookup, r, &why);
	raise_bounds_check(&r->bc, b, i, l->dom, 0, e->kind != KE_LOAD, e->loc, why);
}

static void later_stmt(Later *l, KirStmt *s);

/* Where c holds on l->dom (NULL: c is not affine there, or l->dom unknown). */
static PolySet *holds(Later *l, const KirExpr *c)
{
	const char *why;
	PolySet *t = l->dom ? poly_set_from_cond(l->r->c, c, l->dom, race_lookup, l->r, &why) : NULL;
	return t ? poly_set_intersect(l->dom, t) : NULL;
}

/* The accesses of e, pre-order; the arms of `c ? t : f`, `a && b`, `a || b` each where
 * it runs, when the test is affine. */
static void later_expr(Later *l, const KirExpr *e)
{
	KirExpr **slots[8];
	PolySet *outer = l->dom, *t;
	int n;

	if (!e)
		return;
	if (e->kind == KE_COND || e->kind == KE_LOGAND || e->kind == KE_LOGOR) {
		const KirExpr *c = e->kind == KE_COND ? e->u.cond.c : e->u.bin.l;
		later_expr(l, c);
		t = holds(l, c);
		if (e->kind == KE_COND || e->kind == KE_LOGAND) {
			l->dom = t ? t : outer;
			later_expr(l, e->kind == KE_COND ? e->u.cond.t : e->u.bin.r);
		}
		if (e->kind == KE_COND || e->kind == KE_LOGOR) {
			l->dom = t ? poly_set_subtract(outer, t) : outer;
			later_expr(l, e->kind == KE_COND ? e->u.cond.f : e->u.bin.r);
		}
		l->dom = outer;
		return;
	}
	later_access(l, (KirExpr *)e);
	n = loopify_expr_kids((KirExpr *)e, slots);
	for (int i = 0; i < n; i++)
		later_expr(l, *slots[i]);
}

/* Where a loop's test c holds on r->dom, or a superset of it: where its affine conjuncts
 * hold when c is not affine as a whole (`k < n && !found`); NULL when none is. */
static PolySet *test_set(Race *r, const KirExpr *c)
{
	PolySet *s = race_cond_set(r, c), *a, *b;
	if (s || !r->dom || c->kind != KE_LOGAND)
		return s;
	a = test_set(r, c->u.bin.l);
	b = test_set(r, c->u.bin.r);
	return !a ? b : !b ? a : poly_set_intersect(a, b);
}

/* The constant step of for-loop variable v (`v++`, `v -= 2`...), or 0. */
static int64_t const_step(const KirExpr *step, int v)
{
	const KirExpr *c;
	if (step && step->kind == KE_INCDEC && step->u.incdec.lv.var == v)
		return step->u.incdec.inc ? 1 : -1;
	if (!step || step->kind != KE_ASSIGN || step->u.assign.lv.var != v ||
	    (step->u.assign.op != KB_ADD && step->u.assign.op != KB_SUB))
		return 0;
	c = step->u.assign.value;
	while (c->kind == KE_CAST)
		c = c->u.x;
	if (c->kind != KE_CONST || !frontend_dtype_is_int(c->type))
		return 0;
	return step->u.assign.op == KB_ADD ? c->u.c.i : -c->u.c.i;
}

/* A loop counting down, `for (v = lo; affine; v -= constant)`: v is minus the next loop
 * dimension (which counts up from -lo); l->dom with it open, or NULL. */
static PolySet *down(Later *l, int v, PolyExpr *lo, const KirExpr *cond, const KirExpr *step)
{
	Race *r = l->r;
	int64_t st = const_step(step, v), coef[POLY_NDIMS], cst, m[POLY_NDIMS] = {0};
	if (st >= 0 || st < -INT32_MAX || !cond || !poly_expr_get_linear(lo, coef, &cst))
		return NULL;
	for (int i = 0; i < POLY_NDIMS; i++)
		coef[i] = -coef[i];
	m[POLY_NLAUNCH + l->level] = -1;
	r->env[v] = poly_expr_linear(r->c, m, 0);
	r->dom = poly_set_open_loop(l->dom, l->level, poly_expr_linear(r->c, coef, -cst), -st);
	return test_set(r, cond);
}

/* The constant c of a step that scales v, `v >>= c`, `v /= c`, `v <<= c`, `v *= c`, `v =
 * v OP c` (c >= 1 for a shift, >= 2 for / and *): *grows says whether it is << or *; 0
 * when step is not one. */
static int64_t scale_step(const KirExpr *step, int v, int *grows)
{
	const KirExpr *c = NULL;
	KirBinOp op = KB_NONE;
	if (!step || step->kind != KE_ASSIGN || step->u.assign.lv.var != v)
		return 0;
	if (step->u.assign.op != KB_NONE) {
		op = step->u.assign.op;
		c = step->u.assign.value;
	} else {
		const KirExpr *b = step->u.assign.value;
		while (b->kind == KE_CAST)
			b = b->u.x;
		if (b->kind != KE_BINARY)
			return 0;
		const KirExpr *x = b->u.bin.l;
		while (x->kind == KE_CAST)
			x = x->u.x;
		if (x->kind != KE_VAR || x->u.var != v)
			return 0;
		op = b->u.bin.op;
		c = b->u.bin.r;
	}
	while (c->kind == KE_CAST)
		c = c->u.x;
	if (c->kind != KE_CONST || !frontend_dtype_is_int(c->type) || c->u.c.i > 62)
		return 0;
	*grows = op == KB_SHL || op == KB_MUL;
	if ((op == KB_SHR || op == KB_SHL) && c->u.c.i >= 1)
		return c->u.c.i;
	return (op == KB_DIV || op == KB_MUL) && c->u.c.i >= 2 ? c->u.c.i : 0;
}

/* A loop scaling its integer variable, `for (v = lo; affine; v >>= c)` (or /=; or <<=, *=
 * of a signed v, whose overflow is undefined): from lo >= 0 (on l->dom), or for >>= and
 * /= under a test that holds only for v >= 0, the values v takes are within [0, lo]
 * (shrinking) or at least lo (growing), where the test holds: a superset of them is the
 * next loop dimension (minus it when shrinking), opened at lo with step 1. l->dom with it
 * open, or NULL. */
static PolySet *scaled(Later *l, int v, PolyExpr *lo, const KirExpr *cond, const KirExpr *step)
{
	Race *r = l->r;
	int grows = 0, lo_nonneg;
	int64_t coef[POLY_NDIMS], cst, m[POLY_NDIMS] = {0};
	PolySet *d, *neg;
	PolyExpr *zero, *top;

	if (!cond || !scale_step(step, v, &grows) || !frontend_dtype_is_int(r->k->vars[v].type) ||
	    (grows && !frontend_dtype_is_signed(r->k->vars[v].type)) ||   /* no wrap: UB */
	    !poly_expr_get_linear(lo, coef, &cst))
		return NULL;
	zero = poly_expr_const(r->c, 0);
	lo_nonneg = poly_set_is_empty(poly_set_intersect(l->dom, poly_set_cmp(KB_LT, lo, zero)));
	m[POLY_NLAUNCH + l->level] = grows ? 1 : -1;
	if (!grows) {                     /* v = -dim, dim counting up from -lo */
		for (int i = 0; i < POLY_NDIMS; i++)
			coef[i] = -coef[i];
		lo = poly_expr_linear(r->c, coef, -cst);
	}
	r->env[v] = poly_expr_linear(r->c, m, 0);
	/* within v's type (a test `v < blockDim.x` converts v to unsigned: exact there) */
	top = poly_expr_const(r->c, frontend_dtype_bytes(r->k->vars[v].type) >= 8 ? INT64_MAX :
	                      (int64_t)((1ull << (8 * frontend_dtype_bytes(r->k->vars[v].type) -
	                                         frontend_dtype_is_signed(r->k->vars[v].type))) - 1));
	r->dom = poly_set_intersect(poly_set_open_loop(l->dom, l->level, lo, 1),
	                            poly_set_cmp(KB_LE, r->env[v], top));
	d = test_set(r, cond);
	if (!d || grows)
		return d && lo_nonneg ? d : NULL;
	if (lo_nonneg)                    /* within [0, lo] */
		return poly_set_intersect(d, poly_set_cmp(KB_GE, r->env[v], zero));
	/* lo may be negative: under a test that no negative v passes */
	neg = poly_set_intersect(d, poly_set_cmp(KB_LT, r->env[v], zero));
	return poly_set_is_empty(neg) ? d : NULL;
}

/* The accesses of a loop on l->dom: the variable v of `for (v = lo; affine; v +=
 * constant)` that the body leaves alone becomes the next loop dimension (minus it for
 * a negative constant), otherwise unknown; so does, on a superset of its values, the v
 * of a loop scaling it (scaled()). */
static void later_loop(Later *l, int v, PolyExpr *lo, const KirExpr *cond, KirStmt *body,
                       const KirExpr *step)
{
	Race *r = l->r;
	PolySet *outer = l->dom, *d = NULL;
	int level = l->level;
	VarScan vs = {v, 0};
	int64_t st;

	if (v >= 0)
		loopify_stmt_visit(body, race_scan_var, NULL, &vs);
	if (outer && v >= 0 && lo && !vs.assigns && level < POLY_MAX_LOOPS) {
		r->env[v] = poly_expr_dim(r->c, POLY_NLAUNCH + level);
		r->dom = poly_set_open_loop(outer, level, lo, 1);
		r->dom = cond ? test_set(r, cond) : r->dom;
		if (r->dom && race_loop_step(r, step, v, level, &st)) {
			r->dom = poly_set_open_loop(outer, level, lo, st);
			d = cond ? test_set(r, cond) : r->dom;
		}
	}
	if (!d && outer && v >= 0 && lo && !vs.assigns && level < POLY_MAX_LOOPS &&
	    (d = down(l, v, lo, cond, step)) == NULL && (d = scaled(l, v, lo, cond, step)) == NULL)
		r->env[v] = NULL;
	if (d) {
		l->dom = d;
		l->level++;
	}
	if (v >= 0 && !d)
		r->env[v] = NULL;
	later_expr(l, cond);
	later_stmt(l, body);
	later_expr(l, step);
	if (v >= 0)
		r->env[v] = NULL;     /* assigned by the loop */
	l->dom = outer;
	l->level = level;
}

/* The value on l->dom of what init assigns to the for-loop variable v, or NULL. */
static PolyExpr *later_init(Later *l, const KirStmt *init, int v)
{
	const char *why;
	const KirExpr *e = !init || v < 0 ? NULL : init->kind == KS_DECL ? init->u.decl.init :
	                   init->u.expr->u.assign.value;
	if (!e || !l->dom || !frontend_dtype_is_int(e->type))
		return NULL;
	return poly_expr_from_kir(l->r->c, e, l->dom, race_lookup, l->r, &why);
}

/* The accesses of s on l->dom; a declaration of an integer the loop assigns nowhere
 * else has its value there. */
static void later_stmt(Later *l, KirStmt *s)
{
	Race *r = l->r;
	if (!s)
		return;
	switch (s->kind) {
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			later_stmt(l, s->u.block.stmts[i]);
		return;
	case KS_DECL: {
		VarScan vs = {s->u.decl.var, 0};
		const char *why;
		later_expr(l, s->u.decl.init);
		loopify_stmt_visit(l->top, race_scan_var, NULL, &vs);
		r->env[s->u.decl.var] = s->u.decl.init && !vs.assigns && l->dom &&
		        frontend_dtype_is_int(r->k->vars[s->u.decl.var].type) ?
		        poly_expr_from_kir(r->c, s->u.decl.init, l->dom, race_lookup, r, &why) : NULL;
		return;
	}
	case KS_EXPR: later_expr(l, s->u.expr); return;
	case KS_IF: {         /* each branch where its test holds, when the test is affine */
		PolySet *outer = l->dom, *t;
		later_expr(l, s->u.if_.cond);
		t = holds(l, s->u.if_.cond);
		l->dom = t ? t : outer;
		later_stmt(l, s->u.if_.then);
		l->dom = t ? poly_set_subtract(outer, t) : outer;
		later_stmt(l, s->u.if_.els);
		l->dom = outer;
		return;
	}
	case KS_FOR: {
		int v = race_loop_var(s->u.for_.init);
		PolyExpr *lo = later_init(l, s->u.for_.init, v);
		later_stmt(l, s->u.for_.init);
		later_loop(l, v, lo, s->u.for_.cond, s->u.for_.body, s->u.for_.step);
		return;
	}
	case KS_WHILE: case KS_DO:
		later_loop(l, -1, NULL, s->u.loop.cond, s->u.loop.body, NULL);
		return;
	case KS_SYNC: later_expr(l, s->u.sync.arg); return;
	default: return;
	}
}

/* With --oob-check, the accesses of a loop the walk follows on its first two iterations
 * only (f: the loop when a for; before: the variables' values at its start): checked on
 * a superset of the threads that run them (sup), what the loop assigns unknown, except
 * the variable of each `for (v = affine; affine; v += constant)` leaving v alone (this
 * one with jumps, or one inside), which becomes a loop dimension, and an integer declared
 * inside and assigned nowhere else. An access with no proof gets a run-time check. */
void race_later(Race *r, const KirStmt *f, const KirExpr *cond, KirStmt *body,
                const KirExpr *step, PolySet *sup, PolyExpr **before)
{
	Later l = {r, sup, body, r->exact};
	int v = f ? race_loop_var(f->u.for_.init) : -1;
	PolySet *dom = r->dom, *upper = r->upper;
	PolyExpr **env = race_env_copy(r);

	race_forget_loop(r, cond, body, step);
	/* the init's value where the threads that run it were unknown: on sup */
	later_loop(&l, v, v < 0 ? NULL : before[v] ? before[v] : later_init(&l, f->u.for_.init, v),
	           cond, body, step);
	memcpy(r->env, env, sizeof(*env) * r->k->nvars);
	free(env);
	r->dom = dom;
	r->upper = upper;
}
