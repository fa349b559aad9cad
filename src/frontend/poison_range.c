/* poison_range.c: the loads that stay in bounds for every value their index can take
 * (issue 20; poison.c's loads at a poisoned index). Consumes a kernel before poison.c
 * rewrites it (so a local the program never set is any value of its type, never the 0
 * the rewrite gives it) and its launch; produces the set of its KE_LOAD nodes whose
 * index lies in [0, count) of the buffer on every path, for every thread of the launch
 * and every value of what is unset, unbound or read from memory.
 *
 * An abstract interpretation over integer intervals, one per variable, common to all
 * threads (threadIdx.x is [0, blockDim.x - 1]). Arithmetic that may wrap gives its type's
 * whole range; a load, a shuffle, a vote or an atomic gives its type's range; an `if`
 * runs both arms and joins them (its condition refines nothing). A loop runs iteration
 * by iteration while its test is decided (a constant trip count such as
 * `for (i = 64; i > 0; i >>= 1)` is followed exactly), else to a fixed point, widening a
 * variable that still grows after a few rounds to its type's range. break, continue and
 * labelled exits carry their state to where they land. Over a budget of steps nothing
 * is proven. */
#include "frontend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RANGE_STEPS 200000       /* statements and expressions evaluated at most */
#define RANGE_WIDEN 3            /* joined rounds of a loop before widening */
#define RANGE_UNROLL 256         /* rounds of a loop followed one by one */

typedef struct Iv {
	int64_t lo, hi;
	int top;                 /* any value (of a type wider than int64's range) */
} Iv;

typedef struct St {
	Iv *v;                   /* nvars */
	int dead;                /* no thread reaches here */
} St;

typedef struct Rg {
	const KirKernel *k;
	int64_t grid[3], block[3];
	Map *seen;               /* "%p" of a load -> 1 in bounds so far, 2 not */
	St *exits;               /* per label: the states that leave that block */
	St *brk, *cont;          /* the innermost loop's */
	long steps;
} Rg;

static Iv iv(int64_t lo, int64_t hi) { Iv r = {lo, hi, 0}; return r; }
static Iv top(void) { Iv r = {INT64_MIN, INT64_MAX, 1}; return r; }

/* Every value of integer type t (top for u64 and non-integers). */
static Iv range(KirDType t)
{
	int bits = frontend_dtype_bytes(t) * 8;
	if (t == KT_I1)
		return iv(0, 1);
	if (!frontend_dtype_is_int(t) || (bits >= 64 && !frontend_dtype_is_signed(t)))
		return top();
	if (bits >= 64)
		return iv(INT64_MIN, INT64_MAX);
	if (frontend_dtype_is_signed(t))
		return iv(-((int64_t)1 << (bits - 1)), ((int64_t)1 << (bits - 1)) - 1);
	return iv(0, ((int64_t)1 << bits) - 1);
}

/* x as a value of type t: itself when t holds all of it, else t's range (it may wrap). */
static Iv fit(KirDType t, Iv x)
{
	Iv r = range(t);
	if (x.top || r.top || x.lo < r.lo || x.hi > r.hi)
		return r;
	return x;
}

static Iv join(Iv a, Iv b)
{
	if (a.top || b.top)
		return top();
	return iv(a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi);
}

static int same(Iv a, Iv b) { return a.top == b.top && (a.top || (a.lo == b.lo && a.hi == b.hi)); }

static int is_const(Iv a, int64_t *c)
{
	if (a.top || a.lo != a.hi)
		return 0;
	*c = a.lo;
	return 1;
}

static Iv add(Iv a, Iv b, int neg)
{
	int64_t lo, hi;
	if (a.top || b.top)
		return top();
	if (neg ? __builtin_sub_overflow(a.lo, b.hi, &lo) || __builtin_sub_overflow(a.hi, b.lo, &hi) :
	          __builtin_add_overflow(a.lo, b.lo, &lo) || __builtin_add_overflow(a.hi, b.hi, &hi))
		return top();
	return iv(lo, hi);
}

static Iv mul(Iv a, Iv b)
{
	int64_t p[4];
	Iv r;
	if (a.top || b.top || __builtin_mul_overflow(a.lo, b.lo, &p[0]) || __builtin_mul_overflow(a.lo, b.hi, &p[1]) ||
	    __builtin_mul_overflow(a.hi, b.lo, &p[2]) || __builtin_mul_overflow(a.hi, b.hi, &p[3]))
		return top();
	r = iv(p[0], p[0]);
	for (int i = 1; i < 4; i++)
		r = join(r, iv(p[i], p[i]));
	return r;
}

/* a op b for a comparison: [1, 1] when it holds for all values, [0, 0] for none. */
static Iv compare(KirBinOp op, Iv a, Iv b)
{
	int yes, no;
	if (a.top || b.top)
		return iv(0, 1);
	switch (op) {
	case KB_LT: yes = a.hi < b.lo; no = a.lo >= b.hi; break;
	case KB_LE: yes = a.hi <= b.lo; no = a.lo > b.hi; break;
	case KB_GT: yes = a.lo > b.hi; no = a.hi <= b.lo; break;
	case KB_GE: yes = a.lo >= b.hi; no = a.hi < b.lo; break;
	case KB_EQ: yes = a.lo == a.hi && b.lo == b.hi && a.lo == b.lo; no = a.hi < b.lo || b.hi < a.lo; break;
	case KB_NE: no = a.lo == a.hi && b.lo == b.hi && a.lo == b.lo; yes = a.hi < b.lo || b.hi < a.lo; break;
	default: return iv(0, 1);
	}
	return yes ? iv(1, 1) : no ? iv(0, 0) : iv(0, 1);
}

/* l op r of type t (the operands' intervals). */
static Iv binop(KirBinOp op, KirDType t, Iv a, Iv b)
{
	int64_t c;
	switch (op) {
	case KB_ADD: return fit(t, add(a, b, 0));
	case KB_SUB: return fit(t, add(a, b, 1));
	case KB_MUL: return fit(t, mul(a, b));
	case KB_DIV:
		if (!is_const(b, &c) || c == 0 || a.top || (c == -1 && a.lo == INT64_MIN))
			return range(t);
		return fit(t, c > 0 ? iv(a.lo / c, a.hi / c) : iv(a.hi / c, a.lo / c));
	case KB_REM:
		if (!is_const(b, &c) || c <= 0 || a.top)
			return range(t);
		if (a.lo >= 0)
			return iv(0, a.hi < c - 1 ? a.hi : c - 1);
		return fit(t, iv(-(c - 1), c - 1));
	case KB_SHR:
		if (!is_const(b, &c) || c < 0 || c > 62 || a.top)
			return range(t);
		return fit(t, iv(a.lo >> c, a.hi >> c));
	case KB_SHL:
		if (!is_const(b, &c) || c < 0 || c > 62)
			return range(t);
		return fit(t, mul(a, iv((int64_t)1 << c, (int64_t)1 << c)));
	case KB_AND:
		if (!a.top && a.lo >= 0 && !b.top && b.lo >= 0)
			return iv(0, a.hi < b.hi ? a.hi : b.hi);
		if (!a.top && a.lo >= 0)
			return iv(0, a.hi);
		if (!b.top && b.lo >= 0)
			return iv(0, b.hi);
		return range(t);
	case KB_OR: case KB_XOR:
		if (!a.top && a.lo >= 0 && !b.top && b.lo >= 0) {
			int64_t m = a.hi > b.hi ? a.hi : b.hi, p = 1;
			while (p <= m && p < ((int64_t)1 << 62))
				p <<= 1;
			return fit(t, iv(0, p > m ? p - 1 : INT64_MAX));
		}
		return range(t);
	default: return compare(op, a, b);
	}
}

/* ---- states ---- */

static St st_new(const Rg *g, int dead)
{
	St s = {xcalloc(g->k->nvars + 1, sizeof(Iv)), dead};
	for (size_t i = 0; i < g->k->nvars; i++)
		s.v[i] = range(g->k->vars[i].type);
	return s;
}

static St st_copy(const Rg *g, const St *a)
{
	St s = {xmalloc((g->k->nvars + 1) * sizeof(Iv)), a->dead};
	memcpy(s.v, a->v, (g->k->nvars + 1) * sizeof(Iv));
	return s;
}

static void st_set(const Rg *g, St *dst, const St *src)
{
	memcpy(dst->v, src->v, (g->k->nvars + 1) * sizeof(Iv));
	dst->dead = src->dead;
}

/* dst = dst join src; 1 when dst changed. */
static int st_join(const Rg *g, St *dst, const St *src)
{
	int changed = 0;
	if (src->dead)
		return 0;
	if (dst->dead) {
		st_set(g, dst, src);
		return 1;
	}
	for (size_t i = 0; i < g->k->nvars; i++) {
		Iv j = join(dst->v[i], src->v[i]);
		changed |= !same(j, dst->v[i]);
		dst->v[i] = j;
	}
	return changed;
}

/* ---- expressions ---- */

static Iv eval(Rg *g, St *s, const KirExpr *e);

static void note_load(Rg *g, const KirExpr *e, Iv i)
{
	const KirBuffer *b = &g->k->bufs[e->u.load.buffer];
	char key[32];
	int ok = !i.top && i.lo >= 0 && b->count > 0 && !b->sym_size && i.hi < b->count;
	snprintf(key, sizeof key, "%p", (const void *)e);
	if (!ok || !map_get(g->seen, key))
		map_put(g->seen, key, (void *)(intptr_t)(ok ? 1 : 2));
}

static Iv builtin(const Rg *g, KirBuiltin b)
{
	int d = (int)(b - KBI_TID_X) % 3;
	switch (b) {
	case KBI_TID_X: case KBI_TID_Y: case KBI_TID_Z: return iv(0, g->block[d] - 1);
	case KBI_BID_X: case KBI_BID_Y: case KBI_BID_Z: return iv(0, g->grid[d] - 1);
	case KBI_BDIM_X: case KBI_BDIM_Y: case KBI_BDIM_Z: return iv(g->block[d], g->block[d]);
	case KBI_GDIM_X: case KBI_GDIM_Y: case KBI_GDIM_Z: return iv(g->grid[d], g->grid[d]);
	default: return iv(32, 32);
	}
}

/* The variable lv names gets v (t's range where only some of its bytes change). */
static void store_var(Rg *g, St *s, const KirExpr *e, int var, Iv v)
{
	KirDType t = g->k->vars[var].type;
	(void)e;
	s->v[var] = fit(t, v);
}

static Iv assign(Rg *g, St *s, const KirExpr *e)
{
	const KirLval *lv = &e->u.assign.lv;
	Iv v;
	if (lv->var < 0)
		eval(g, s, lv->index);
	v = eval(g, s, e->u.assign.value);
	if (lv->var < 0)
		return range(e->type);
	if (e->u.assign.bytes)
		v = range(e->type);
	else if (e->u.assign.op != KB_NONE)
		v = binop(e->u.assign.op, e->u.assign.optype, fit(e->u.assign.optype, s->v[lv->var]), v);
	store_var(g, s, e, lv->var, v);
	return s->v[lv->var];
}

static Iv incdec(Rg *g, St *s, const KirExpr *e)
{
	const KirLval *lv = &e->u.incdec.lv;
	Iv old, nw;
	if (lv->var < 0) {
		eval(g, s, lv->index);
		return range(e->type);
	}
	old = s->v[lv->var];
	nw = fit(e->type, add(old, iv(1, 1), !e->u.incdec.inc));
	store_var(g, s, e, lv->var, nw);
	return e->u.incdec.post ? old : s->v[lv->var];
}

/* a ? (then t) : (else f) with effects on copies of s, joined. */
static Iv branches(Rg *g, St *s, const KirExpr *t, const KirExpr *f)
{
	St a = st_copy(g, s);
	Iv x = t ? eval(g, &a, t) : iv(0, 1), y = f ? eval(g, s, f) : iv(0, 1);
	st_join(g, s, &a);
	free(a.v);
	return join(x, y);
}

static Iv math(Rg *g, St *s, const KirExpr *e)
{
	Iv a[3];
	for (int i = 0; i < e->u.math.nargs; i++)
		a[i] = eval(g, s, e->u.math.args[i]);
	if (!frontend_dtype_is_int(e->type) || a[0].top || (e->u.math.nargs > 1 && a[1].top))
		return range(e->type);
	switch (e->u.math.op) {
	case KM_MIN: return iv(a[0].lo < a[1].lo ? a[0].lo : a[1].lo, a[0].hi < a[1].hi ? a[0].hi : a[1].hi);
	case KM_MAX: return iv(a[0].lo > a[1].lo ? a[0].lo : a[1].lo, a[0].hi > a[1].hi ? a[0].hi : a[1].hi);
	default: return range(e->type);
	}
}

static Iv eval(Rg *g, St *s, const KirExpr *e)
{
	Iv a, b;
	g->steps++;
	switch (e->kind) {
	case KE_CONST: return frontend_dtype_is_int(e->type) ? iv(e->u.c.i, e->u.c.i) : top();
	case KE_PARAM: {
		const KirParam *p = &g->k->params[e->u.param];
		return p->bound && frontend_dtype_is_int(e->type) ? fit(e->type, iv(p->value.i, p->value.i)) : range(e->type);
	}
	case KE_VAR: return frontend_dtype_is_int(e->type) ? fit(e->type, s->v[e->u.var]) : top();
	case KE_BUILTIN: return builtin(g, e->u.builtin);
	case KE_UNARY:
		a = eval(g, s, e->u.un.x);
		if (e->u.un.op == KU_NOT)
			return iv(0, 1);
		if (e->u.un.op == KU_NEG && frontend_dtype_is_signed(e->type))
			return fit(e->type, add(iv(0, 0), a, 1));
		return range(e->type);
	case KE_BINARY:
		a = eval(g, s, e->u.bin.l);
		b = eval(g, s, e->u.bin.r);
		if (!frontend_dtype_is_int(e->u.bin.l->type) || !frontend_dtype_is_int(e->u.bin.r->type))
			return range(e->type);
		return binop(e->u.bin.op, e->type, a, b);
	case KE_LOGAND: case KE_LOGOR:
		eval(g, s, e->u.bin.l);
		branches(g, s, e->u.bin.r, NULL);
		return iv(0, 1);
	case KE_COND:
		eval(g, s, e->u.cond.c);
		return fit(e->type, branches(g, s, e->u.cond.t, e->u.cond.f));
	case KE_CAST:
		a = eval(g, s, e->u.x);
		return frontend_dtype_is_int(e->u.x->type) && e->type != KT_I1 ? fit(e->type, a) : range(e->type);
	case KE_LOAD:
		a = eval(g, s, e->u.load.index);
		note_load(g, e, a);
		return range(e->type);
	case KE_ASSIGN: return assign(g, s, e);
	case KE_INCDEC: return incdec(g, s, e);
	case KE_COMMA: eval(g, s, e->u.comma.l); return eval(g, s, e->u.comma.r);
	case KE_MATH: return math(g, s, e);
	case KE_SHFL:
		if (e->u.shfl.mask)
			eval(g, s, e->u.shfl.mask);
		eval(g, s, e->u.shfl.value);
		if (e->u.shfl.lane)
			eval(g, s, e->u.shfl.lane);
		return range(e->type);
	case KE_VOTE:
		if (e->u.vote.mask)
			eval(g, s, e->u.vote.mask);
		eval(g, s, e->u.vote.pred);
		return range(e->type);
	case KE_ATOMIC:
		eval(g, s, e->u.atomic.index);
		for (int i = 0; i < e->u.atomic.nargs; i++)
			eval(g, s, e->u.atomic.args[i]);
		return range(e->type);
	default: return range(e->type);
	}
}

/* ---- statements ---- */

static void exec(Rg *g, St *s, const KirStmt *t);

/* 1: c holds, 0: it does not, -1: not decided (its effects on s). */
static int test(Rg *g, St *s, const KirExpr *c)
{
	Iv v;
	if (!c)
		return 1;
	v = eval(g, s, c);
	if (v.top || !frontend_dtype_is_int(c->type))
		return -1;
	if (v.lo == 0 && v.hi == 0)
		return 0;
	return v.lo > 0 || v.hi < 0 ? 1 : -1;
}

/* One round of a loop from s: the body, the continues, the step (do: the test after). */
static void round_body(Rg *g, St *s, const KirStmt *t, St *brk)
{
	St cont = st_new(g, 1), *ob = g->brk, *oc = g->cont;
	g->brk = brk;
	g->cont = &cont;
	exec(g, s, t->kind == KS_FOR ? t->u.for_.body : t->u.loop.body);
	g->brk = ob;
	g->cont = oc;
	st_join(g, s, &cont);
	free(cont.v);
	if (t->kind == KS_FOR && t->u.for_.step && !s->dead)
		eval(g, s, t->u.for_.step);
}

static void widen(const Rg *g, St *head, const St *old)
{
	for (size_t i = 0; i < g->k->nvars; i++)
		if (!same(head->v[i], old->v[i]))
			head->v[i] = range(g->k->vars[i].type);
}

/* A loop from s (after its init): exactly while the test is decided, then to a fixed
 * point; s becomes the state after it. */
static void loop(Rg *g, St *s, const KirStmt *t)
{
	const KirExpr *c = t->kind == KS_FOR ? t->u.for_.cond : t->u.loop.cond;
	St out = st_new(g, 1), head, old, pre = st_copy(g, s);
	int r = 0, rounds = 0;

	if (t->kind == KS_DO)
		round_body(g, s, t, &out);
	for (;;) {
		if (s->dead || g->steps >= RANGE_STEPS)
			break;
		st_set(g, &pre, s);
		r = test(g, s, c);
		if (r == 1 && ++rounds > RANGE_UNROLL)   /* too many to follow one by one */
			r = -1;
		if (r == -1)                        /* the fixed point tests from before it */
			st_set(g, s, &pre);
		if (r != 1)
			break;
		round_body(g, s, t, &out);
	}
	free(pre.v);
	rounds = 0;
	if (!s->dead && g->steps < RANGE_STEPS && r == -1) {
		head = st_copy(g, s);
		old = st_copy(g, s);
		for (;;) {
			St it = st_copy(g, &head);
			test(g, &it, c);
			st_join(g, &out, &it);          /* the test fails */
			round_body(g, &it, t, &out);
			st_set(g, &old, &head);
			if (!st_join(g, &head, &it) || g->steps >= RANGE_STEPS) {
				free(it.v);
				break;
			}
			if (++rounds >= RANGE_WIDEN)
				widen(g, &head, &old);
			free(it.v);
		}
		free(head.v);
		free(old.v);
		s->dead = 1;
	}
	st_join(g, &out, s);                    /* a decided test that fails */
	st_set(g, s, &out);
	free(out.v);
}

static void exec(Rg *g, St *s, const KirStmt *t)
{
	St a;
	if (!t || s->dead || g->steps >= RANGE_STEPS)
		return;
	g->steps++;
	switch (t->kind) {
	case KS_BLOCK:
		for (size_t i = 0; i < t->u.block.nstmts; i++)
			exec(g, s, t->u.block.stmts[i]);
		if (t->u.block.label > 0) {
			st_join(g, s, &g->exits[t->u.block.label]);
			g->exits[t->u.block.label].dead = 1;
		}
		return;
	case KS_DECL:
		s->v[t->u.decl.var] = t->u.decl.init ? fit(g->k->vars[t->u.decl.var].type, eval(g, s, t->u.decl.init)) :
		                      range(g->k->vars[t->u.decl.var].type);
		return;
	case KS_EXPR: eval(g, s, t->u.expr); return;
	case KS_IF:
		eval(g, s, t->u.if_.cond);
		a = st_copy(g, s);
		exec(g, &a, t->u.if_.then);
		exec(g, s, t->u.if_.els);
		st_join(g, s, &a);
		free(a.v);
		return;
	case KS_FOR:
		exec(g, s, t->u.for_.init);
		loop(g, s, t);
		return;
	case KS_WHILE: case KS_DO: loop(g, s, t); return;
	case KS_BREAK: case KS_CONTINUE:
		if (!g->brk)
			die("poison_range: a %s outside a loop", t->kind == KS_BREAK ? "break" : "continue");
		st_join(g, t->kind == KS_BREAK ? g->brk : g->cont, s);
		s->dead = 1;
		return;
	case KS_EXIT:
		st_join(g, &g->exits[t->u.label], s);
		s->dead = 1;
		return;
	case KS_RETURN: s->dead = 1; return;
	case KS_SYNC:
		if (t->u.sync.arg)
			eval(g, s, t->u.sync.arg);
		if (t->u.sync.result >= 0)
			s->v[t->u.sync.result] = range(g->k->vars[t->u.sync.result].type);
		return;
	default: die("poison_range: statement kind %d", (int)t->kind);
	}
}

Map *frontend_poison_ranges(const KirKernel *k, const int64_t grid[3], const int64_t block[3])
{
	Rg g = {0};
	St s;
	Map *ok = map_create();

	g.k = k;
	g.seen = map_create();
	memcpy(g.grid, grid, sizeof g.grid);
	memcpy(g.block, block, sizeof g.block);
	g.exits = xcalloc((size_t)k->nlabels + 2, sizeof(St));
	for (int i = 0; i <= k->nlabels; i++)
		g.exits[i] = st_new(&g, 1);
	s = st_new(&g, 0);
	exec(&g, &s, k->body);
	if (g.steps < RANGE_STEPS) {
		const char *key;
		void *val;
		for (size_t it = 0; map_next(g.seen, &it, &key, &val);)
			if ((intptr_t)val == 1)
				map_put(ok, key, (void *)1);
	}
	for (int i = 0; i <= k->nlabels; i++)
		free(g.exits[i].v);
	free(g.exits);
	free(s.v);
	map_destroy(g.seen);
	return ok;
}

int frontend_poison_in_range(const Map *ok, const KirExpr *load)
{
	char key[32];
	snprintf(key, sizeof key, "%p", (const void *)load);
	return ok && map_get(ok, key) != NULL;
}
