/* cond_forward.c: the value a barrier loop's condition reads, as its own variable.
 * Consumes a kernel body (not modified); produces a body in which the condition of a
 * do-while holding a block barrier reads, instead of a variable v, a fresh variable v'
 * set by v's last assignment in the loop body, when that assignment reaches the
 * condition alone. Afterwards the levels pass (loopify.c) sees v' with the level of that
 * one value, not the widest of every value v takes in the loop.
 *
 * tsp's `do { minchange = 0; ... minchange -= buf[i]; ... __syncthreads(); minchange =
 * buf_s[0]; ...; __syncthreads(); } while (minchange < 0);`: minchange varies by thread
 * through the loop, but the condition sees `buf_s[0]` read by every thread after a
 * barrier, the same value for the whole block (phase_fixed.c). CUDA requires the
 * condition of a loop holding __syncthreads() to be uniform (Programming Guide,
 * "Synchronization Functions"); the split lets the analysis prove it when it is.
 *
 * `v = e` (a statement of the body's top level) becomes `T v' = e; v = v';` and the
 * condition reads v' when no statement after it in the body writes v and nothing in the
 * body continues the loop (a continue reaches the condition without the assignment);
 * the body is not a labelled block (an exit to its end would skip it). break, return and
 * exits to blocks outside the loop leave without evaluating the condition. Only
 * do-while: the condition of a for or while loop is also reached from before the loop.
 *
 * The same for the statements of a block holding a barrier (split_block): `v = e;` at
 * the block's top level, v declared earlier in that block and used nowhere outside it,
 * written by no statement after, and tested by an if or loop there that holds a barrier
 * or a jump: those statements read a fresh `T v = e` (a new variable of the same name).
 * HeCBench multinomial: `sum = smem[0];` after a block reduction in a grid-stride loop,
 * then `if (sum == 0) { ...; continue; }` before the loop's next barriers: sum also
 * holds each thread's partial sum earlier in the body, so the level of sum is the
 * thread's, while the one value the test reads is the block's. */
#include "loopify.h"

#include <string.h>

typedef struct Fw {
	Arena *a;
	KirKernel *k;          /* its vars grow (a new arena array per variable: rare) */
} Fw;

typedef struct Writes {
	int var, found;
} Writes;

static void find_write(void *ctx, KirExpr *e)
{
	Writes *w = ctx;

	if ((e->kind == KE_ASSIGN && e->u.assign.lv.var == w->var) ||
	    (e->kind == KE_INCDEC && e->u.incdec.lv.var == w->var))
		w->found = 1;
}

static void find_decl(void *ctx, KirStmt *s)
{
	Writes *w = ctx;

	if (s->kind == KS_DECL && s->u.decl.var == w->var)
		w->found = 1;
}

static int writes_var(KirStmt *s, int var)
{
	Writes w = {var, 0};

	loopify_stmt_visit(s, find_write, find_decl, &w);
	return w.found;
}

static int expr_writes(KirExpr *e, int var)
{
	Writes w = {var, 0};

	loopify_expr_visit(e, find_write, &w);
	return w.found;
}

/* A continue of the loop whose body is s (not of a loop nested in it). */
static int continues(KirStmt *s)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case KS_CONTINUE: return 1;
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			if (continues(s->u.block.stmts[i]))
				return 1;
		return 0;
	case KS_IF: return continues(s->u.if_.then) || continues(s->u.if_.els);
	default: return 0;   /* loops own their continues; the rest holds no statement */
	}
}

/* The condition with every read of var read as nv (copied on the paths that change). */
static KirExpr *subst(Arena *a, KirExpr *e, int var, int nv)
{
	KirExpr **slots[8];
	KirExpr *c;
	int n;

	if (e->kind == KE_VAR) {
		if (e->u.var != var)
			return e;
		c = loopify_copy_expr(a, e);
		c->u.var = nv;
		return c;
	}
	c = loopify_copy_expr(a, e);
	n = loopify_expr_kids(c, slots);
	for (int i = 0; i < n; i++)
		*slots[i] = subst(a, *slots[i], var, nv);
	return c;
}

typedef struct Reads {
	int vars[8];
	int n;
} Reads;

static void note_read(void *ctx, KirExpr *e)
{
	Reads *r = ctx;

	if (e->kind != KE_VAR || r->n == 8)
		return;
	for (int i = 0; i < r->n; i++)
		if (r->vars[i] == e->u.var)
			return;
	r->vars[r->n++] = e->u.var;
}

static int new_var(Fw *f, int like, KirExpr *init, const char *suffix)
{
	KirKernel *k = f->k;
	KirVar *vars = ARENA_ARRAY(f->a, KirVar, k->nvars + 1);

	memcpy(vars, k->vars, k->nvars * sizeof *vars);
	vars[k->nvars] = k->vars[like];
	if (suffix)           /* (split_block's copy keeps the name diagnostics show) */
		vars[k->nvars].name = arena_printf(f->a, "%s.%s", k->vars[like].name, suffix);
	vars[k->nvars].kind = KVK_TEMP;
	vars[k->nvars].loc = init->loc;
	k->vars = vars;
	return (int)k->nvars++;
}

/* The do-while s with its condition forwarded where it can be (s itself when not). */
static KirStmt *forward_do(Fw *f, KirStmt *s)
{
	KirStmt *body = s->u.loop.body, *nb, *ns;
	Reads r = {{0}, 0};
	int changed = 0;

	if (body->kind != KS_BLOCK || body->u.block.label > 0 || continues(body) ||
	    loopify_stmt_sync(body) != 2)
		return s;
	loopify_expr_visit(s->u.loop.cond, note_read, &r);
	nb = loopify_copy_stmt(f->a, body);
	ns = loopify_copy_stmt(f->a, s);
	ns->u.loop.body = nb;
	for (int k = 0; k < r.n; k++) {
		size_t n = nb->u.block.nstmts, i;
		KirStmt **v, *d, *a;
		KirExpr *e, *ref;
		int var = r.vars[k], nv;

		if (expr_writes(ns->u.loop.cond, var))      /* `while ((v = e) < 0)`: its own */
			continue;
		for (i = n; i-- > 0;) {
			if (writes_var(nb->u.block.stmts[i], var))
				break;
		}
		if (i == (size_t)-1)
			continue;
		e = nb->u.block.stmts[i]->kind == KS_EXPR ? nb->u.block.stmts[i]->u.expr : NULL;
		if (!e || e->kind != KE_ASSIGN || e->u.assign.lv.var != var || e->u.assign.op != KB_NONE ||
		    e->type != e->u.assign.value->type || expr_writes(e->u.assign.value, var))
			continue;
		nv = new_var(f, var, e, "cond");
		d = frontend_new_stmt(f->a, KS_DECL, e->loc);
		d->u.decl.var = nv;
		d->u.decl.init = e->u.assign.value;
		ref = frontend_new_expr(f->a, KE_VAR, e->type, e->loc);
		ref->u.var = nv;
		a = frontend_new_stmt(f->a, KS_EXPR, e->loc);
		a->u.expr = loopify_copy_expr(f->a, e);
		a->u.expr->u.assign.value = ref;
		v = ARENA_ARRAY(f->a, KirStmt *, n + 1);
		for (size_t j = 0; j < i; j++)
			v[j] = nb->u.block.stmts[j];
		v[i] = d;
		v[i + 1] = a;
		for (size_t j = i + 1; j < n; j++)
			v[j + 1] = nb->u.block.stmts[j];
		nb->u.block.stmts = v;
		nb->u.block.nstmts = n + 1;
		ns->u.loop.cond = subst(f->a, ns->u.loop.cond, var, nv);
		changed = 1;
	}
	return changed ? ns : s;
}

static KirExpr *sub(Arena *a, KirExpr *e, int var, int nv)
{
	return e ? subst(a, e, var, nv) : NULL;
}

/* s with every read of var read as nv (s has no write of it; copies, s not modified) */
static KirStmt *rename_stmt(Arena *a, KirStmt *s, int var, int nv)
{
	KirStmt *c;

	if (!s)
		return NULL;
	c = loopify_copy_stmt(a, s);
	switch (s->kind) {
	case KS_BLOCK:
		c->u.block.stmts = ARENA_ARRAY(a, KirStmt *, s->u.block.nstmts + 1);
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			c->u.block.stmts[i] = rename_stmt(a, s->u.block.stmts[i], var, nv);
		break;
	case KS_DECL: c->u.decl.init = sub(a, s->u.decl.init, var, nv); break;
	case KS_EXPR: c->u.expr = sub(a, s->u.expr, var, nv); break;
	case KS_IF:
		c->u.if_.cond = sub(a, s->u.if_.cond, var, nv);
		c->u.if_.then = rename_stmt(a, s->u.if_.then, var, nv);
		c->u.if_.els = rename_stmt(a, s->u.if_.els, var, nv);
		break;
	case KS_FOR:
		c->u.for_.init = rename_stmt(a, s->u.for_.init, var, nv);
		c->u.for_.cond = sub(a, s->u.for_.cond, var, nv);
		c->u.for_.step = sub(a, s->u.for_.step, var, nv);
		c->u.for_.body = rename_stmt(a, s->u.for_.body, var, nv);
		break;
	case KS_WHILE: case KS_DO:
		c->u.loop.cond = sub(a, s->u.loop.cond, var, nv);
		c->u.loop.body = rename_stmt(a, s->u.loop.body, var, nv);
		break;
	case KS_SYNC: c->u.sync.arg = sub(a, s->u.sync.arg, var, nv); break;
	default: break;
	}
	return c;
}

/* A jump out of s: what makes the code after a test of v depend on v. */
static int jumps(KirStmt *s)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case KS_BREAK: case KS_CONTINUE: case KS_RETURN: case KS_EXIT: return 1;
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			if (jumps(s->u.block.stmts[i]))
				return 1;
		return 0;
	case KS_IF: return jumps(s->u.if_.then) || jumps(s->u.if_.els);
	case KS_FOR: return jumps(s->u.for_.body);
	case KS_WHILE: case KS_DO: return jumps(s->u.loop.body);
	default: return 0;
	}
}

typedef struct Ctl {
	int var, found;
} Ctl;

static void ctl_read(void *ctx, KirExpr *e)
{
	Ctl *c = ctx;

	if (e->kind == KE_VAR && e->u.var == c->var)
		c->found = 1;
}

/* Whether an if or loop of s tests var and holds a block barrier or a jump: the only
 * reads whose level the levels pass asks for (a barrier's uniformity). */
static void ctl_stmt(void *ctx, KirStmt *s)
{
	Ctl *c = ctx, r = {c->var, 0};
	KirExpr *cond = s->kind == KS_IF ? s->u.if_.cond : s->kind == KS_FOR ? s->u.for_.cond :
	                s->kind == KS_WHILE || s->kind == KS_DO ? s->u.loop.cond : NULL;

	if (!cond || c->found)
		return;
	loopify_expr_visit(cond, ctl_read, &r);
	if (r.found && (loopify_stmt_sync(s) == 2 || jumps(s)))
		c->found = 1;
}

static int tests_var(KirStmt *const *v, size_t n, int var)
{
	Ctl c = {var, 0};

	for (size_t i = 0; i < n; i++)
		loopify_stmt_visit(v[i], NULL, ctl_stmt, &c);
	return c.found;
}

typedef struct Uses {
	int var, n, write;
} Uses;

static void count_use(void *ctx, KirExpr *e)
{
	Uses *u = ctx;

	if (e->kind == KE_VAR && e->u.var == u->var)
		u->n++;
	if ((e->kind == KE_ASSIGN && e->u.assign.lv.var == u->var) ||
	    (e->kind == KE_INCDEC && e->u.incdec.lv.var == u->var)) {
		u->n++;
		u->write = 1;
	}
}

static void count_stmt(void *ctx, KirStmt *s)
{
	Uses *u = ctx;

	if ((s->kind == KS_DECL && s->u.decl.var == u->var) ||
	    (s->kind == KS_SYNC && s->u.sync.result == u->var)) {
		u->n++;
		u->write = 1;
	}
}

static Uses uses(KirStmt *const *v, size_t n, int var)
{
	Uses u = {var, 0, 0};

	for (size_t i = 0; i < n; i++)
		loopify_stmt_visit(v[i], count_use, count_stmt, &u);
	return u;
}

/* Block b (holding a barrier) with its statements after a last top-level `v = e;` reading
 * a fresh variable (the header's second rule); b itself when nothing applies. */
static KirStmt *split_block(Fw *f, KirStmt *b)
{
	KirStmt **st = b->u.block.stmts;
	size_t n = b->u.block.nstmts;

	for (size_t i = 1; i < n; i++) {
		KirExpr *e = st[i]->kind == KS_EXPR ? st[i]->u.expr : NULL;
		KirStmt *d, **v;
		Uses rest, all, here;
		int var, nv, declared = 0, sync = 0;

		if (!e || e->kind != KE_ASSIGN || e->u.assign.lv.var < 0 || e->u.assign.op != KB_NONE ||
		    e->type != e->u.assign.value->type)
			continue;
		var = e->u.assign.lv.var;
		for (size_t j = 0; j < i; j++)
			declared |= st[j]->kind == KS_DECL && st[j]->u.decl.var == var;
		for (size_t j = i + 1; j < n; j++)
			sync |= loopify_stmt_sync(st[j]) == 2;
		rest = uses(st + i + 1, n - i - 1, var);
		if (!declared || !sync || rest.write || !tests_var(st + i + 1, n - i - 1, var))
			continue;
		all = uses(&f->k->body, 1, var);
		here = uses(st, n, var);
		if (all.n != here.n)            /* read outside its block: not the scope it seems */
			continue;
		nv = new_var(f, var, e, NULL);
		d = frontend_new_stmt(f->a, KS_DECL, e->loc);
		d->u.decl.var = nv;
		d->u.decl.init = e->u.assign.value;
		v = ARENA_ARRAY(f->a, KirStmt *, n);
		for (size_t j = 0; j < i; j++)
			v[j] = st[j];
		v[i] = d;
		for (size_t j = i + 1; j < n; j++)
			v[j] = rename_stmt(f->a, st[j], var, nv);
		b = loopify_copy_stmt(f->a, b);
		b->u.block.stmts = st = v;
	}
	return b;
}

static KirStmt *fw_stmt(Fw *f, KirStmt *s)
{
	KirStmt *c, *x, *y;

	if (!s || loopify_stmt_sync(s) != 2)
		return s;
	switch (s->kind) {
	case KS_BLOCK: {
		KirStmt **v = NULL;
		for (size_t i = 0; i < s->u.block.nstmts; i++) {
			x = fw_stmt(f, s->u.block.stmts[i]);
			if (x != s->u.block.stmts[i] && !v) {
				v = ARENA_ARRAY(f->a, KirStmt *, s->u.block.nstmts);
				for (size_t j = 0; j < s->u.block.nstmts; j++)
					v[j] = s->u.block.stmts[j];
			}
			if (v)
				v[i] = x;
		}
		c = s;
		if (v) {
			c = loopify_copy_stmt(f->a, s);
			c->u.block.stmts = v;
		}
		return split_block(f, c);
	}
	case KS_IF:
		x = fw_stmt(f, s->u.if_.then);
		y = fw_stmt(f, s->u.if_.els);
		if (x == s->u.if_.then && y == s->u.if_.els)
			return s;
		c = loopify_copy_stmt(f->a, s);
		c->u.if_.then = x;
		c->u.if_.els = y;
		return c;
	case KS_FOR:
		x = fw_stmt(f, s->u.for_.body);
		if (x == s->u.for_.body)
			return s;
		c = loopify_copy_stmt(f->a, s);
		c->u.for_.body = x;
		return c;
	case KS_WHILE: case KS_DO:
		x = fw_stmt(f, s->u.loop.body);
		c = s;
		if (x != s->u.loop.body) {
			c = loopify_copy_stmt(f->a, s);
			c->u.loop.body = x;
		}
		return s->kind == KS_DO ? forward_do(f, c) : c;
	default:
		return s;
	}
}

void loopify_forward_conditions(Arena *a, KirKernel *k)
{
	Fw f = {a, k};

	k->body = fw_stmt(&f, k->body);
}
