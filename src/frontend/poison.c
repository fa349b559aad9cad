/* poison.c: shadow "not set" bits for the locals that assigned.c refuses (issue 13,
 * MemorySanitizer's scheme). Consumes a kernel whose definite-assignment check failed and
 * the variables and local arrays it refused; produces a copy of the kernel in which
 * every value that may come from them carries a poison bit, and the launch fails with a
 * located message (a device assert's record, printf.c) where a poisoned value would be
 * observed; or NULL when the poison reaches something this cannot shadow exactly (then
 * the caller reports the refusal as before).
 *
 * Taint: the refused variables and arrays, then every variable, local array and
 * __shared__ array a store of a tainted value reaches (a fixpoint over the kernel). Each
 * gets a shadow of i1 beside it ("x.poison", "tile.poison" with the same elements), and
 * nothing else changes. A refused variable's shadow is 1 at the kernel's entry and at
 * each declaration without a value; a refused array's elements are 1 at entry. Every
 * store into a tainted variable or array sets its shadow to the poison of the stored
 * value (a compound one ORs it in). The poison of an expression is the OR of its
 * operands' (arithmetic, casts, math); a load's is its shadow element, OR its index's
 * when the index is in bounds for every value it can take (poison_range.c); `c ? t : f`'s
 * is c's OR the chosen arm's; `a && b`'s a's OR b's where b is evaluated. An `if` on a
 * poisoned condition whose arms only set variables (join_if) ORs the condition's bit
 * into every variable they assign.
 *
 * Checked (the launch fails, with the sink's location, in each thread where it holds):
 * a poisoned value stored to global memory, a poisoned index or address of any store or
 * atomic and of a load not proven in bounds, a poisoned `if` condition (but a joined
 * one), a poisoned loop test (at each test: loop_body), a poisoned operand of an atomic,
 * a shuffle's lane or mask, a vote's predicate or a barrier's argument. The value an
 * unset local holds is set to 0 here (the raise needs one); the checks make sure no
 * launch that succeeds depends on it. A shuffled value's bit is shuffled with it (the same
 * shuffle of the bit). Refused (NULL): a poisoned `do` loop test or loop step,
 * a tainted variable or array written a few bytes at a time, an atomic on a tainted
 * array, a tainted extern __shared__ array, a nested assignment of a tainted target,
 * side effects inside a statement whose check or shadow store would repeat them, a
 * launch whose geometry is not known. */
#include "frontend.h"

#include <stdlib.h>
#include <string.h>

#define SHADOW_INIT_MAX 4096     /* elements of a refused local array set one by one */

typedef VEC(KirStmt *) SVec;
typedef VEC(int) IVec;

/* An `if` on a poisoned condition whose arms only set variables, being rewritten: bit
 * (a variable) holds the condition's poison, vars are what the arms set. */
typedef struct Join {
	int bit;
	IVec vars;
	const KirStmt *root;
} Join;

typedef struct Pz {
	const KirKernel *k;
	KirKernel *o;            /* the copy */
	Arena *a;
	unsigned char *taint;    /* nvars + nbufs */
	int *shadow;             /* nvars + nbufs: the shadow's var or buffer in o, -1 */
	int bad;                 /* cannot shadow exactly */
	int64_t grid[3], block[3];
	StrBuf desc;             /* device assert sites (printf.c's format) */
	const char *what;        /* "'thread_data'" or "'a' and 'b'": the refused locals */
	int nextrec;             /* N of the next cuda2hlo_printfN */
	VEC(KirVar) vars;
	VEC(KirBuffer) bufs;
	VEC(KirParam) params;
	Map *inrange;            /* loads in bounds for every value (poison_range.c) */
	IVec tails;              /* labels whose block ends with the statement being lowered */
	VEC(Join) joins;         /* the `if`s being joined, innermost last */
	int nif;                 /* joined `if`s so far (their bits' names) */
} Pz;

/* ---- which locals may hold poison ---- */

static int tainted_lv(const Pz *z, const KirLval *lv)
{
	return z->taint[lv->var >= 0 ? (size_t)lv->var : z->k->nvars + (size_t)lv->buffer];
}

/* Whether e reads something tainted. */
static int reads(const Pz *z, const KirExpr *e)
{
	if (!e)
		return 0;
	switch (e->kind) {
	case KE_VAR: return z->taint[e->u.var];
	case KE_LOAD: return z->taint[z->k->nvars + (size_t)e->u.load.buffer] || reads(z, e->u.load.index);
	case KE_UNARY: return reads(z, e->u.un.x);
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR: return reads(z, e->u.bin.l) || reads(z, e->u.bin.r);
	case KE_COND: return reads(z, e->u.cond.c) || reads(z, e->u.cond.t) || reads(z, e->u.cond.f);
	case KE_CAST: case KE_BITCAST: return reads(z, e->u.x);
	case KE_ASSIGN:
		return tainted_lv(z, &e->u.assign.lv) || reads(z, e->u.assign.value) ||
		       (e->u.assign.lv.var < 0 && reads(z, e->u.assign.lv.index));
	case KE_INCDEC: return tainted_lv(z, &e->u.incdec.lv) || (e->u.incdec.lv.var < 0 && reads(z, e->u.incdec.lv.index));
	case KE_COMMA: return reads(z, e->u.comma.r) || reads(z, e->u.comma.l);
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			if (reads(z, e->u.math.args[i]))
				return 1;
		return 0;
	case KE_SHFL: return reads(z, e->u.shfl.value);
	default: return 0;     /* constants, parameters, builtins; votes and atomics are checked */
	}
}

static int mark(Pz *z, size_t who)
{
	if (z->taint[who])
		return 0;
	z->taint[who] = 1;
	return 1;
}

/* Taints the targets of stores in e of tainted values; 1 when something new is. */
static int spread_expr(Pz *z, const KirExpr *e);

static int spread_kids(Pz *z, const KirExpr *e)
{
	int c = 0;
	switch (e->kind) {
	case KE_UNARY: return spread_expr(z, e->u.un.x);
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR: c = spread_expr(z, e->u.bin.l); return spread_expr(z, e->u.bin.r) | c;
	case KE_COND: c = spread_expr(z, e->u.cond.c); c |= spread_expr(z, e->u.cond.t); return spread_expr(z, e->u.cond.f) | c;
	case KE_CAST: case KE_BITCAST: return spread_expr(z, e->u.x);
	case KE_LOAD: return spread_expr(z, e->u.load.index);
	case KE_COMMA: c = spread_expr(z, e->u.comma.l); return spread_expr(z, e->u.comma.r) | c;
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			c |= spread_expr(z, e->u.math.args[i]);
		return c;
	case KE_SHFL: c = spread_expr(z, e->u.shfl.value); return spread_expr(z, e->u.shfl.lane) | c;
	case KE_ATOMIC:
		c = spread_expr(z, e->u.atomic.index);
		for (int i = 0; i < e->u.atomic.nargs; i++)
			c |= spread_expr(z, e->u.atomic.args[i]);
		return c;
	case KE_INCDEC: return e->u.incdec.lv.var < 0 ? spread_expr(z, e->u.incdec.lv.index) : 0;
	default: return 0;
	}
}

static int spread_expr(Pz *z, const KirExpr *e)
{
	int c;
	if (!e)
		return 0;
	if (e->kind != KE_ASSIGN)
		return spread_kids(z, e);
	c = spread_expr(z, e->u.assign.value);
	if (e->u.assign.lv.var < 0)
		c |= spread_expr(z, e->u.assign.lv.index);
	if (reads(z, e->u.assign.value) || (e->u.assign.bytes && e->u.assign.lv.var >= 0 && reads(z, e)))
		c |= e->u.assign.lv.var >= 0 ? mark(z, (size_t)e->u.assign.lv.var) :
		     z->k->bufs[e->u.assign.lv.buffer].space == KSP_GLOBAL ? 0 :
		     mark(z, z->k->nvars + (size_t)e->u.assign.lv.buffer);
	return c;
}

static int joinable(const Pz *z, const KirStmt *s, int any_exit);
static void arm_decls(const KirStmt *s, IVec *out);
static void arm_vars(const KirStmt *s, IVec *out, const IVec *decls);

/* The variables the arms of a joinable `if` on a tainted condition set are tainted. */
static int spread_arms(Pz *z, const KirStmt *s)
{
	IVec v = {0}, d = {0};
	int c = 0;
	if (!reads(z, s->u.if_.cond) || !joinable(z, s, 1))
		return 0;
	arm_decls(s, &d);
	arm_vars(s, &v, &d);
	VEC_FREE(d);
	for (size_t i = 0; i < v.len; i++)
		c |= mark(z, (size_t)v.data[i]);
	VEC_FREE(v);
	return c;
}

static int spread_stmt(Pz *z, const KirStmt *s)
{
	int c = 0;
	if (!s)
		return 0;
	switch (s->kind) {
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			c |= spread_stmt(z, s->u.block.stmts[i]);
		return c;
	case KS_DECL:
		c = spread_expr(z, s->u.decl.init);
		return reads(z, s->u.decl.init) ? mark(z, (size_t)s->u.decl.var) | c : c;
	case KS_EXPR: return spread_expr(z, s->u.expr);
	case KS_IF:
		c = spread_expr(z, s->u.if_.cond) | spread_stmt(z, s->u.if_.then);
		c |= spread_arms(z, s);
		return spread_stmt(z, s->u.if_.els) | c;
	case KS_FOR:
		c = spread_stmt(z, s->u.for_.init) | spread_expr(z, s->u.for_.cond);
		c |= spread_expr(z, s->u.for_.step);
		return spread_stmt(z, s->u.for_.body) | c;
	case KS_WHILE: case KS_DO: c = spread_expr(z, s->u.loop.cond); return spread_stmt(z, s->u.loop.body) | c;
	case KS_SYNC: return spread_expr(z, s->u.sync.arg);
	default: return 0;
	}
}

/* ---- expressions: poison bits and checks ---- */

static KirExpr *var_ref(Pz *z, int v, SrcLoc l)
{
	KirExpr *e = frontend_new_expr(z->a, KE_VAR, z->vars.data[v].type, l);
	e->u.var = v;
	return e;
}

static KirExpr *load_ref(Pz *z, int buf, KirExpr *index, SrcLoc l)
{
	KirExpr *e = frontend_new_expr(z->a, KE_LOAD, z->bufs.data[buf].elem, l);
	e->u.load.buffer = buf;
	e->u.load.index = index;
	return e;
}

static KirExpr *logic(Pz *z, KirExprKind k, KirExpr *x, KirExpr *y, SrcLoc l)
{
	KirExpr *e;
	if (!x || !y)
		return k == KE_LOGOR ? (x ? x : y) : NULL;
	e = frontend_new_expr(z->a, k, KT_I1, l);
	e->u.bin.l = x;
	e->u.bin.r = y;
	return e;
}

#define OR(x, y, l) logic(z, KE_LOGOR, (x), (y), (l))
#define AND(x, y, l) logic(z, KE_LOGAND, (x), (y), (l))

static KirExpr *falsy(Pz *z, SrcLoc l) { return frontend_new_int(z->a, KT_I1, 0, l); }

/* e, which a check or a shadow store repeats: it must have no effect. */
static const KirExpr *dup(Pz *z, const KirExpr *e)
{
	if (!frontend_expr_pure(e))
		z->bad = 1;
	return e;
}

/* ---- an `if` on a poisoned condition whose arms only set variables ---- */

/* Whether a block inside s has label l. */
static int defines(const KirStmt *s, int l)
{
	if (!s)
		return 0;
	if (s->kind == KS_IF)
		return defines(s->u.if_.then, l) || defines(s->u.if_.els, l);
	if (s->kind != KS_BLOCK)
		return 0;
	if (s->u.block.label == l)
		return 1;
	for (size_t i = 0; i < s->u.block.nstmts; i++)
		if (defines(s->u.block.stmts[i], l))
			return 1;
	return 0;
}

/* Whether s, in an arm of the `if` root, only sets variables: declarations, assignments
 * and ++/-- of variables with no other effect, `if`s of such arms, and exits that land
 * inside root or at the end of a block that root ends (z->tails; any_exit: all, when the
 * taint is spread and the tails are not known). */
static int local_arm(const Pz *z, const KirStmt *s, const KirStmt *root, int any_exit)
{
	const KirExpr *e;
	if (!s)
		return 1;
	switch (s->kind) {
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			if (!local_arm(z, s->u.block.stmts[i], root, any_exit))
				return 0;
		return 1;
	case KS_DECL: return frontend_expr_pure(s->u.decl.init);
	case KS_EXPR:
		e = s->u.expr;
		if (e->kind == KE_ASSIGN)
			return e->u.assign.lv.var >= 0 && !e->u.assign.bytes && frontend_expr_pure(e->u.assign.value);
		if (e->kind == KE_INCDEC)
			return e->u.incdec.lv.var >= 0;
		return frontend_expr_pure(e);
	case KS_IF:
		return frontend_expr_pure(s->u.if_.cond) && local_arm(z, s->u.if_.then, root, any_exit) &&
		       local_arm(z, s->u.if_.els, root, any_exit);
	case KS_EXIT:
		if (any_exit || defines(root, s->u.label))
			return 1;
		for (size_t i = 0; i < z->tails.len; i++)
			if (z->tails.data[i] == s->u.label)
				return 1;
		return 0;
	default: return 0;
	}
}

/* Whether the `if` s can carry its condition's poison into what its arms set (issue 20:
 * HeCBench quantBnB's binary search on an unset item) instead of a check. */
static int joinable(const Pz *z, const KirStmt *s, int any_exit)
{
	return frontend_expr_pure(s->u.if_.cond) && local_arm(z, s->u.if_.then, s, any_exit) &&
	       local_arm(z, s->u.if_.els, s, any_exit);
}

static void add_var(IVec *out, int v)
{
	for (size_t i = 0; i < out->len; i++)
		if (out->data[i] == v)
			return;
	VEC_PUSH(*out, v);
}

/* The variables declared in s. */
static void arm_decls(const KirStmt *s, IVec *out)
{
	if (!s)
		return;
	if (s->kind == KS_BLOCK)
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			arm_decls(s->u.block.stmts[i], out);
	if (s->kind == KS_IF) {
		arm_decls(s->u.if_.then, out);
		arm_decls(s->u.if_.els, out);
	}
	if (s->kind == KS_DECL)
		add_var(out, s->u.decl.var);
}

/* The variables s assigns (assignments, ++/--), each once, but those declared in decls
 * (in the arms: nothing after them reads those). */
static void arm_vars(const KirStmt *s, IVec *out, const IVec *decls)
{
	if (!s)
		return;
	switch (s->kind) {
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			arm_vars(s->u.block.stmts[i], out, decls);
		return;
	case KS_EXPR: {
		int v = s->u.expr->kind == KE_ASSIGN ? s->u.expr->u.assign.lv.var :
		        s->u.expr->kind == KE_INCDEC ? s->u.expr->u.incdec.lv.var : -1;
		for (size_t i = 0; v >= 0 && i < decls->len; i++)
			if (decls->data[i] == v)
				v = -1;
		if (v >= 0)
			add_var(out, v);
		return;
	}
	case KS_IF: arm_vars(s->u.if_.then, out, decls); arm_vars(s->u.if_.els, out, decls); return;
	default: return;
	}
}

/* __shfl*_sync(mask, p, lane, width) as i32, != 0: the poison bit p of a shuffled value
 * from the lane the value comes from (the same operation, mask, lane and width: a source
 * lane out of range gives the lane's own bit as it gives its own value). */
static KirExpr *shfl_bit(Pz *z, const KirExpr *e, KirExpr *p)
{
	KirExpr *c = frontend_new_expr(z->a, KE_SHFL, KT_I32, e->loc);

	c->u.shfl = e->u.shfl;
	c->u.shfl.mask = (KirExpr *)dup(z, e->u.shfl.mask);
	c->u.shfl.lane = (KirExpr *)dup(z, e->u.shfl.lane);
	c->u.shfl.value = frontend_new_cast(z->a, KT_I32, p, e->loc);
	return frontend_new_binary(z->a, KB_NE, KT_I1, c, frontend_new_int(z->a, KT_I32, 0, e->loc), e->loc);
}

/* The poison bit of e's value (i1), NULL when it is never set. */
static KirExpr *pz(Pz *z, const KirExpr *e)
{
	const KirLval *lv;
	KirExpr *p = NULL;

	switch (e->kind) {
	case KE_VAR: return z->taint[e->u.var] ? var_ref(z, z->shadow[e->u.var], e->loc) : NULL;
	case KE_LOAD: {          /* an index in bounds for every value: its poison too */
		size_t b = z->k->nvars + (size_t)e->u.load.buffer;
		p = z->taint[b] ? load_ref(z, z->shadow[b], (KirExpr *)dup(z, e->u.load.index), e->loc) : NULL;
		return frontend_poison_in_range(z->inrange, e) ? OR(p, pz(z, e->u.load.index), e->loc) : p;
	}
	case KE_UNARY: return pz(z, e->u.un.x);
	case KE_CAST: case KE_BITCAST: return pz(z, e->u.x);
	case KE_BINARY: return OR(pz(z, e->u.bin.l), pz(z, e->u.bin.r), e->loc);
	case KE_LOGAND: case KE_LOGOR: {
		KirExpr *l = pz(z, e->u.bin.l), *r = pz(z, e->u.bin.r), *c;
		if (!r)
			return l;
		c = (KirExpr *)dup(z, e->u.bin.l);
		if (e->kind == KE_LOGOR)
			c = frontend_new_unary(z->a, KU_NOT, KT_I1, c, e->loc);
		return OR(l, AND(c, r, e->loc), e->loc);
	}
	case KE_COND: {
		KirExpr *t = pz(z, e->u.cond.t), *f = pz(z, e->u.cond.f), *s = NULL;
		if (t || f) {
			s = frontend_new_expr(z->a, KE_COND, KT_I1, e->loc);
			s->u.cond.c = (KirExpr *)dup(z, e->u.cond.c);
			s->u.cond.t = t ? t : falsy(z, e->loc);
			s->u.cond.f = f ? f : falsy(z, e->loc);
		}
		return OR(pz(z, e->u.cond.c), s, e->loc);
	}
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			p = OR(p, pz(z, e->u.math.args[i]), e->loc);
		return p;
	case KE_COMMA: return pz(z, e->u.comma.r);
	case KE_ASSIGN:          /* nested: its target's new bit is not stored (checked in stmt) */
		lv = &e->u.assign.lv;
		if (tainted_lv(z, lv))
			z->bad = 1;
		return NULL;
	case KE_INCDEC:          /* the bit does not change */
		lv = &e->u.incdec.lv;
		if (!tainted_lv(z, lv))
			return NULL;
		if (lv->var >= 0)
			return var_ref(z, z->shadow[lv->var], e->loc);
		return load_ref(z, z->shadow[z->k->nvars + (size_t)lv->buffer], (KirExpr *)dup(z, lv->index), e->loc);
	case KE_SHFL:            /* the bit moves with the value: the same shuffle of it */
		if (!(p = pz(z, e->u.shfl.value)))
			return NULL;
		return shfl_bit(z, e, p);
	default: return NULL;    /* constants, parameters, builtins, votes, atomics (checked) */
	}
}

/* Where a check fails in one statement: one condition per kind of use. */
enum { SINK_STORE, SINK_INDEX, SINK_BRANCH, SINK_ATOMIC, SINK_WARP, SINK_COUNT };

static const char *const sink_what[SINK_COUNT] = {
	"a store to global memory", "an index or address", "a branch condition",
	"an atomic operation", "a warp shuffle, vote or barrier argument",
};

typedef struct Sinks { KirExpr *c[SINK_COUNT]; } Sinks;

static void sink(Pz *z, Sinks *s, int kind, KirExpr *guard, KirExpr *p, SrcLoc l)
{
	if (p)
		s->c[kind] = OR(s->c[kind], guard ? AND(guard, p, l) : p, l);
}

static void checks(Pz *z, Sinks *s, KirExpr *guard, const KirExpr *e);

/* The checks of e, evaluated only where cond holds (neg: does not). */
static void lazy(Pz *z, Sinks *s, KirExpr *guard, const KirExpr *cond, int neg, const KirExpr *e)
{
	Sinks t = {{0}};

	checks(z, &t, NULL, e);
	for (int i = 0; i < SINK_COUNT; i++) {
		KirExpr *c;
		if (!t.c[i])
			continue;
		c = frontend_truth(z->a, (KirExpr *)dup(z, cond));
		if (neg)
			c = frontend_new_unary(z->a, KU_NOT, KT_I1, c, e->loc);
		sink(z, s, i, guard, AND(c, t.c[i], e->loc), e->loc);
	}
}

static void lval_checks(Pz *z, Sinks *s, KirExpr *guard, const KirLval *lv, SrcLoc l)
{
	if (lv->var >= 0)
		return;
	checks(z, s, guard, lv->index);
	sink(z, s, SINK_INDEX, guard, pz(z, lv->index), l);
}

/* The checks evaluating e makes, under guard (NULL: always). */
static void checks(Pz *z, Sinks *s, KirExpr *guard, const KirExpr *e)
{
	if (!e)
		return;
	switch (e->kind) {
	case KE_LOAD:
		checks(z, s, guard, e->u.load.index);
		if (!frontend_poison_in_range(z->inrange, e))
			sink(z, s, SINK_INDEX, guard, pz(z, e->u.load.index), e->loc);
		return;
	case KE_UNARY: checks(z, s, guard, e->u.un.x); return;
	case KE_CAST: case KE_BITCAST: checks(z, s, guard, e->u.x); return;
	case KE_BINARY: checks(z, s, guard, e->u.bin.l); checks(z, s, guard, e->u.bin.r); return;
	case KE_LOGAND: case KE_LOGOR:
		checks(z, s, guard, e->u.bin.l);
		lazy(z, s, guard, e->u.bin.l, e->kind == KE_LOGOR, e->u.bin.r);
		return;
	case KE_COND:
		checks(z, s, guard, e->u.cond.c);
		if (!frontend_expr_pure(e->u.cond.t) || !frontend_expr_pure(e->u.cond.f))   /* the condition decides an effect */
			sink(z, s, SINK_BRANCH, guard, pz(z, e->u.cond.c), e->loc);
		lazy(z, s, guard, e->u.cond.c, 0, e->u.cond.t);
		lazy(z, s, guard, e->u.cond.c, 1, e->u.cond.f);
		return;
	case KE_COMMA: checks(z, s, guard, e->u.comma.l); checks(z, s, guard, e->u.comma.r); return;
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			checks(z, s, guard, e->u.math.args[i]);
		return;
	case KE_ASSIGN:
		lval_checks(z, s, guard, &e->u.assign.lv, e->loc);
		checks(z, s, guard, e->u.assign.value);
		if (e->u.assign.lv.var < 0 && !z->taint[z->k->nvars + (size_t)e->u.assign.lv.buffer])
			sink(z, s, SINK_STORE, guard, pz(z, e->u.assign.value), e->loc);
		return;
	case KE_INCDEC: lval_checks(z, s, guard, &e->u.incdec.lv, e->loc); return;
	case KE_SHFL:
		checks(z, s, guard, e->u.shfl.mask);
		checks(z, s, guard, e->u.shfl.value);
		checks(z, s, guard, e->u.shfl.lane);
		sink(z, s, SINK_WARP, guard, OR(pz(z, e->u.shfl.mask), pz(z, e->u.shfl.lane), e->loc), e->loc);
		return;
	case KE_VOTE:
		checks(z, s, guard, e->u.vote.mask);
		checks(z, s, guard, e->u.vote.pred);
		sink(z, s, SINK_WARP, guard, OR(pz(z, e->u.vote.mask), pz(z, e->u.vote.pred), e->loc), e->loc);
		return;
	case KE_ATOMIC:
		if (z->taint[z->k->nvars + (size_t)e->u.atomic.buffer])
			z->bad = 1;
		checks(z, s, guard, e->u.atomic.index);
		sink(z, s, SINK_INDEX, guard, pz(z, e->u.atomic.index), e->loc);
		for (int i = 0; i < e->u.atomic.nargs; i++) {
			checks(z, s, guard, e->u.atomic.args[i]);
			sink(z, s, SINK_ATOMIC, guard, pz(z, e->u.atomic.args[i]), e->loc);
		}
		return;
	default: return;
	}
}

/* ---- statements ---- */

/* The linear id of the thread (blockIdx x fastest, then threadIdx: printf.c's order), i64. */
static KirExpr *thread_id(Pz *z, SrcLoc l)
{
	static const KirBuiltin bid[3] = {KBI_BID_X, KBI_BID_Y, KBI_BID_Z};
	static const KirBuiltin tid[3] = {KBI_TID_X, KBI_TID_Y, KBI_TID_Z};
	KirExpr *b = frontend_new_int(z->a, KT_I64, 0, l), *t = frontend_new_int(z->a, KT_I64, 0, l);
	int64_t nt = z->block[0] * z->block[1] * z->block[2];

	for (int d = 2; d >= 0; d--) {
		KirExpr *bi = frontend_new_expr(z->a, KE_BUILTIN, KT_U32, l), *ti = frontend_new_expr(z->a, KE_BUILTIN, KT_U32, l);
		bi->u.builtin = bid[d];
		ti->u.builtin = tid[d];
		b = frontend_new_binary(z->a, KB_ADD, KT_I64, frontend_new_binary(z->a, KB_MUL, KT_I64, b,
		        frontend_new_int(z->a, KT_I64, z->grid[d], l), l), frontend_new_cast(z->a, KT_I64, bi, l), l);
		t = frontend_new_binary(z->a, KB_ADD, KT_I64, frontend_new_binary(z->a, KB_MUL, KT_I64, t,
		        frontend_new_int(z->a, KT_I64, z->block[d], l), l), frontend_new_cast(z->a, KT_I64, ti, l), l);
	}
	return frontend_new_binary(z->a, KB_ADD, KT_I64, frontend_new_binary(z->a, KB_MUL, KT_I64, b,
	           frontend_new_int(z->a, KT_I64, nt, l), l), t, l);
}

static KirStmt *expr_stmt(Pz *z, KirExpr *e)
{
	KirStmt *s = frontend_new_stmt(z->a, KS_EXPR, e->loc);
	s->u.expr = e;
	return s;
}

/* `if (fails) cuda2hlo_printfN[thread] = 1`, a device assert site whose message names
 * the use at l (printf.c's record and description). */
static KirStmt *site(Pz *z, KirExpr *fails, int kind, SrcLoc l)
{
	KirBuffer b = {0};
	KirParam p = {0};
	KirStmt *s = frontend_new_stmt(z->a, KS_IF, l), *then;
	StrBuf msg = {0};

	b.name = arena_printf(z->a, "cuda2hlo_printf%d", z->nextrec++);
	b.space = KSP_GLOBAL;
	b.elem = KT_I64;
	b.count = z->grid[0] * z->grid[1] * z->grid[2] * z->block[0] * z->block[1] * z->block[2];
	b.param = (int)z->params.len;
	b.loc = l;
	VEC_PUSH(z->bufs, b);
	p.name = b.name;
	p.type = KT_PTR;
	p.buffer = (int)z->bufs.len - 1;
	p.value.type = KT_PTR;
	p.loc = l;
	VEC_PUSH(z->params, p);
	then = expr_stmt(z, frontend_new_assign(z->a, -1, p.buffer, thread_id(z, l), frontend_new_int(z->a, KT_I64, 1, l), l));
	s->u.if_.cond = fails;
	s->u.if_.then = then;
	for (const char *f = l.file ? l.file : "?"; *f; f++)
		sb_printf(&msg, *f == '%' ? "%%%%" : "%c", *f);
	sb_printf(&msg, ":%d: block: [%%u,%%u,%%u], thread: [%%u,%%u,%%u] a value that was never set "
	          "(read from %s) reaches %s\n", l.line, z->what, sink_what[kind]);
	sb_printf(&z->desc, "a %s - ", b.name);
	for (const char *c = sb_str(&msg); *c; c++)
		sb_printf(&z->desc, "%02x", (unsigned char)*c);
	sb_putc(&z->desc, ';');
	sb_free(&msg);
	return s;
}

static void emit_checks(Pz *z, SVec *out, Sinks *s, SrcLoc l)
{
	for (int i = 0; i < SINK_COUNT; i++)
		if (s->c[i])
			VEC_PUSH(*out, site(z, s->c[i], i, l));
}

/* Whether e has an effect below its top node (a nested assignment, ++, atomic). */
static int nested_effect(const KirExpr *e)
{
	switch (e->kind) {
	case KE_ASSIGN: return !frontend_expr_pure(e->u.assign.value) || (e->u.assign.lv.var < 0 && !frontend_expr_pure(e->u.assign.lv.index));
	case KE_INCDEC: return e->u.incdec.lv.var < 0 && !frontend_expr_pure(e->u.incdec.lv.index);
	case KE_ATOMIC:          /* its operands' checks compute poison bits only */
		if (!frontend_expr_pure(e->u.atomic.index))
			return 1;
		for (int i = 0; i < e->u.atomic.nargs; i++)
			if (!frontend_expr_pure(e->u.atomic.args[i]))
				return 1;
		return 0;
	default: return !frontend_expr_pure(e);
	}
}

/* The shadow store for a top-level `lv op= value` of a tainted lv, or NULL. */
static KirStmt *shadow_store(Pz *z, const KirExpr *e)
{
	const KirLval *lv = &e->u.assign.lv;
	KirExpr *p, *old;
	int sh;

	if (!tainted_lv(z, lv))
		return NULL;
	if (e->u.assign.bytes) {
		z->bad = 1;
		return NULL;
	}
	p = pz(z, e->u.assign.value);
	if (!p && e->u.assign.op != KB_NONE)     /* old | 0: the bit stays (a copy of it under
	                                         * a condition would double the raise's work
	                                         * on each `pos += step` of a search) */
		return NULL;
	sh = z->shadow[lv->var >= 0 ? (size_t)lv->var : z->k->nvars + (size_t)lv->buffer];
	old = lv->var >= 0 ? var_ref(z, sh, e->loc) : load_ref(z, sh, (KirExpr *)dup(z, lv->index), e->loc);
	if (e->u.assign.op != KB_NONE)
		p = OR(old, p, e->loc);
	if (!p)
		p = falsy(z, e->loc);
	return expr_stmt(z, lv->var >= 0 ? frontend_new_assign(z->a, sh, -1, NULL, p, e->loc) :
	                 frontend_new_assign(z->a, -1, sh, (KirExpr *)dup(z, lv->index), p, e->loc));
}

static KirStmt *rewrite(Pz *z, const KirStmt *s);

/* s as a block statement (a single statement of an arm or a body). */
static KirStmt *as_block(Pz *z, const KirStmt *s);

/* `v.poison = v.poison | bit` for each variable j's arms set. */
static void or_into(Pz *z, SVec *out, const Join *j, SrcLoc l)
{
	for (size_t i = 0; i < j->vars.len; i++) {
		int sh = z->shadow[j->vars.data[i]];
		if (sh < 0) {            /* spread_arms marks them all */
			z->bad = 1;
			continue;
		}
		VEC_PUSH(*out, expr_stmt(z, frontend_new_assign(z->a, sh, -1, NULL,
		         OR(var_ref(z, sh, l), var_ref(z, j->bit, l), l), l)));
	}
}

/* The `if` s on a condition of poison p, whose arms only set variables, as
 * `bit = p; if (..) ..; v.poison |= bit` for each v the arms set (and before each exit
 * that leaves the arms): the variables depend on which arm ran, so they carry the
 * condition's poison, and a check fails only where one of them is observed. 0 (and out
 * as it was) when the arms need checks of their own: a check that runs in one arm only
 * would depend on the poisoned condition; then the condition is checked as before. */
static int join_if(Pz *z, SVec *out, const KirStmt *s, Sinks *sk, KirExpr *p)
{
	size_t nout = out->len, nbufs = z->bufs.len, nparams = z->params.len, nvars = z->vars.len;
	size_t ndesc = z->desc.len;
	int rec = z->nextrec, nif = z->nif, first, ok;
	KirVar bv = {0};
	Join j = {0};
	IVec decls = {0};
	KirStmt *t;

	if (!joinable(z, s, 0))
		return 0;
	emit_checks(z, out, sk, s->u.if_.cond->loc);
	bv.name = arena_printf(z->a, "if%d.poison", z->nif++);
	bv.type = KT_I1;
	bv.kind = KVK_TEMP;
	bv.loc = s->loc;
	j.bit = (int)z->vars.len;
	j.root = s;
	VEC_PUSH(z->vars, bv);
	t = frontend_new_stmt(z->a, KS_DECL, s->loc);      /* declared here: the raise keeps it */
	t->u.decl.var = j.bit;                              /* in this scope, as any local */
	t->u.decl.init = p;
	VEC_PUSH(*out, t);
	arm_decls(s, &decls);
	arm_vars(s, &j.vars, &decls);
	VEC_FREE(decls);
	VEC_PUSH(z->joins, j);
	first = z->nextrec;
	t = rewrite(z, s);
	z->joins.len--;
	if ((ok = z->nextrec == first)) {
		VEC_PUSH(*out, t);
		or_into(z, out, &j, s->loc);
	} else {
		out->len = nout;
		z->bufs.len = nbufs;
		z->params.len = nparams;
		z->vars.len = nvars;
		z->desc.len = ndesc;
		if (z->desc.s)
			z->desc.s[ndesc] = 0;
		z->nextrec = rec;
		z->nif = nif;
	}
	VEC_FREE(j.vars);
	return ok;
}

/* The statements that replace s: its checks, its shadow stores, then s itself. */
static void lower(Pz *z, SVec *out, const KirStmt *s)
{
	Sinks sk = {{0}};
	KirStmt *t, *sh = NULL;
	KirExpr *p;

	switch (s->kind) {
	case KS_EXIT:            /* leaving a joined `if`'s arms: what they set so far */
		for (size_t i = z->joins.len; i-- > 0;)
			if (!defines(z->joins.data[i].root, s->u.label))
				or_into(z, out, &z->joins.data[i], s->loc);
		VEC_PUSH(*out, (KirStmt *)s);
		return;
	case KS_EXPR:
		checks(z, &sk, NULL, s->u.expr);
		if (s->u.expr->kind == KE_ASSIGN)
			sh = shadow_store(z, s->u.expr);
		if ((sh || sk.c[0] || sk.c[1] || sk.c[2] || sk.c[3] || sk.c[4] || reads(z, s->u.expr)) &&
		    nested_effect(s->u.expr))
			z->bad = 1;
		emit_checks(z, out, &sk, s->loc);
		if (sh)
			VEC_PUSH(*out, sh);
		VEC_PUSH(*out, (KirStmt *)s);
		return;
	case KS_DECL: {
		int v = s->u.decl.var;
		const KirExpr *init = s->u.decl.init;
		p = NULL;
		if (init) {
			checks(z, &sk, NULL, init);
			p = pz(z, init);
			if (!frontend_expr_pure(init) && (p || reads(z, init)))
				z->bad = 1;
		}
		emit_checks(z, out, &sk, s->loc);
		if (z->taint[v])
			VEC_PUSH(*out, expr_stmt(z, frontend_new_assign(z->a, z->shadow[v], -1, NULL,
			         init ? (p ? p : falsy(z, s->loc)) : frontend_new_int(z->a, KT_I1, 1, s->loc), s->loc)));
		if (!init && z->taint[v]) {      /* the unset value: 0 (never observed) */
			t = frontend_new_stmt(z->a, KS_DECL, s->loc);
			t->u.decl.var = v;
			t->u.decl.init = frontend_new_cast(z->a, z->k->vars[v].type, frontend_new_int(z->a, KT_I32, 0, s->loc), s->loc);
			VEC_PUSH(*out, t);
			return;
		}
		VEC_PUSH(*out, (KirStmt *)s);
		return;
	}
	case KS_IF:
		checks(z, &sk, NULL, s->u.if_.cond);
		if ((p = pz(z, s->u.if_.cond)) && join_if(z, out, s, &sk, p))
			return;
		sink(z, &sk, SINK_BRANCH, NULL, p, s->loc);
		if (!frontend_expr_pure(s->u.if_.cond) && (reads(z, s->u.if_.cond) || sk.c[0] || sk.c[1] || sk.c[2] || sk.c[3] || sk.c[4]))
			z->bad = 1;
		emit_checks(z, out, &sk, s->u.if_.cond->loc);
		VEC_PUSH(*out, rewrite(z, s));
		return;
	case KS_SYNC:
		if (s->u.sync.arg) {
			checks(z, &sk, NULL, s->u.sync.arg);
			sink(z, &sk, SINK_WARP, NULL, pz(z, s->u.sync.arg), s->loc);
		}
		if (s->u.sync.result >= 0 && z->taint[s->u.sync.result])
			z->bad = 1;
		emit_checks(z, out, &sk, s->loc);
		VEC_PUSH(*out, (KirStmt *)s);
		return;
	default:
		VEC_PUSH(*out, rewrite(z, s));
		return;
	}
}

/* A loop's condition or step: no poison and no check (they run at every iteration). */
static void loop_expr(Pz *z, const KirExpr *e)
{
	Sinks sk = {{0}};
	if (!e)
		return;
	checks(z, &sk, NULL, e);
	if (pz(z, e) || sk.c[0] || sk.c[1] || sk.c[2] || sk.c[3] || sk.c[4] ||
	    (e->kind == KE_ASSIGN && tainted_lv(z, &e->u.assign.lv)))
		z->bad = 1;
}

static int any(const Sinks *s)
{
	for (int i = 0; i < SINK_COUNT; i++)
		if (s->c[i])
			return 1;
	return 0;
}

static KirStmt *block_of(Pz *z, const KirStmt *s, SVec *v);

/* The body of the loop s whose test is cond, after the checks of the test where it may
 * read poison (refused before issue 20): a test that lets the body run is checked at the
 * body's start (nothing ran since it), the test that ends the loop after it (into post;
 * after a break that checks the state there, which can only fail more often). A pure test
 * only: the checks evaluate it again. */
static KirStmt *loop_body(Pz *z, const KirStmt *s, const KirExpr *cond, const KirStmt *body, SVec *post)
{
	Sinks sk = {{0}};
	SVec v = {0};

	if (cond) {
		checks(z, &sk, NULL, cond);
		sink(z, &sk, SINK_BRANCH, NULL, pz(z, cond), cond->loc);
		if (any(&sk) && !frontend_expr_pure(cond))
			z->bad = 1;
		emit_checks(z, &v, &sk, cond->loc);
	}
	if (!v.len)
		return as_block(z, body);
	VEC_PUSH(v, as_block(z, body));
	emit_checks(z, post, &sk, cond->loc);
	return block_of(z, s, &v);
}

static KirStmt *block_of(Pz *z, const KirStmt *s, SVec *v)
{
	KirStmt *b = frontend_new_stmt(z->a, KS_BLOCK, s->loc);
	if (s->kind == KS_BLOCK)
		b->u.block = s->u.block;
	b->u.block.stmts = ARENA_ARRAY(z->a, KirStmt *, v->len + 1);
	if (v->len)            /* an empty block has no data to copy (memcpy's NULL) */
		memcpy(b->u.block.stmts, v->data, sizeof(KirStmt *) * v->len);
	b->u.block.nstmts = v->len;
	VEC_FREE(*v);
	return b;
}

static KirStmt *as_block(Pz *z, const KirStmt *s)
{
	SVec v = {0};
	if (!s)
		return NULL;
	if (s->kind == KS_BLOCK) {
		IVec in = {0};           /* the last statement ends these blocks and s */
		for (size_t i = 0; i < z->tails.len; i++)
			VEC_PUSH(in, z->tails.data[i]);
		if (s->u.block.label > 0)
			VEC_PUSH(in, s->u.block.label);
		for (size_t i = 0; i < s->u.block.nstmts; i++) {
			z->tails.len = 0;
			for (size_t j = 0; i + 1 == s->u.block.nstmts && j < in.len; j++)
				VEC_PUSH(z->tails, in.data[j]);
			lower(z, &v, s->u.block.stmts[i]);
		}
		z->tails.len = 0;
		for (size_t j = 0; j < in.len; j++)
			if (in.data[j] != s->u.block.label)
				VEC_PUSH(z->tails, in.data[j]);
		VEC_FREE(in);
		return block_of(z, s, &v);
	}
	lower(z, &v, s);
	if (v.len == 1 && v.data[0] == s) {
		VEC_FREE(v);
		return (KirStmt *)s;
	}
	return block_of(z, s, &v);
}

/* s with its inner statements rewritten (checks and shadow stores come from lower). */
static KirStmt *rewrite(Pz *z, const KirStmt *s)
{
	KirStmt *t = frontend_new_stmt(z->a, s->kind, s->loc);

	*t = *s;
	switch (s->kind) {
	case KS_BLOCK: return as_block(z, s);
	case KS_IF:
		t->u.if_.then = as_block(z, s->u.if_.then);
		t->u.if_.els = as_block(z, s->u.if_.els);
		return t;
	case KS_FOR: case KS_WHILE: case KS_DO: {
		IVec tails = z->tails;   /* a loop's statements end no block */
		SVec post = {0};
		z->tails = (IVec){0};
		if (s->kind == KS_FOR && s->u.for_.init) {
			SVec v = {0};
			lower(z, &v, s->u.for_.init);
			if (v.len != 1)
				z->bad = 1;
			else
				t->u.for_.init = v.data[0];
			VEC_FREE(v);
		}
		if (s->kind == KS_FOR) {
			t->u.for_.body = loop_body(z, s, s->u.for_.cond, s->u.for_.body, &post);
			loop_expr(z, s->u.for_.step);
		} else if (s->kind == KS_WHILE) {
			t->u.loop.body = loop_body(z, s, s->u.loop.cond, s->u.loop.body, &post);
		} else {
			loop_expr(z, s->u.loop.cond);
			t->u.loop.body = as_block(z, s->u.loop.body);
		}
		VEC_FREE(z->tails);
		z->tails = tails;
		if (!post.len) {
			VEC_FREE(post);
			return t;
		}
		VEC_PUSH(post, NULL);    /* the loop, then the checks of the test that ended it */
		memmove(post.data + 1, post.data, sizeof(KirStmt *) * (post.len - 1));
		post.data[0] = t;
		return block_of(z, s, &post);
	}
	default: return (KirStmt *)s;
	}
}

/* ---- the copy ---- */

static void add_shadows(Pz *z)
{
	const KirKernel *k = z->k;

	for (size_t v = 0; v < k->nvars; v++) {
		KirVar sv = k->vars[v];
		z->shadow[v] = -1;
		if (!z->taint[v])
			continue;
		if (k->vars[v].partial)
			z->bad = 1;
		sv.name = arena_printf(z->a, "%s.poison", k->vars[v].name);
		sv.type = KT_I1;
		sv.kind = KVK_TEMP;
		sv.partial = 0;
		z->shadow[v] = (int)z->vars.len;
		VEC_PUSH(z->vars, sv);
	}
	for (size_t b = 0; b < k->nbufs; b++) {
		KirBuffer sb = k->bufs[b];
		z->shadow[k->nvars + b] = -1;
		if (!z->taint[k->nvars + b])
			continue;
		if (sb.space != KSP_LOCAL && sb.space != KSP_SHARED)
			die("poison: a tainted %s buffer", sb.name);
		if (sb.is_extern || sb.count <= 0 || (sb.space == KSP_LOCAL && sb.count > SHADOW_INIT_MAX))
			z->bad = 1;
		sb.name = arena_printf(z->a, "%s.poison", sb.name);
		sb.elem = KT_I1;
		sb.init = NULL;
		sb.ninit = 0;
		sb.is_const = 0;
		sb.param = -1;
		z->shadow[k->nvars + b] = (int)z->bufs.len;
		VEC_PUSH(z->bufs, sb);
	}
}

/* At entry: the shadows of refused variables 1, tainted ones 0; a refused local array's
 * elements 0 and their shadows 1 (each thread's own copy; CUDA gives them no value). */
static void entry_stmts(Pz *z, SVec *out, const unsigned char *refused)
{
	const KirKernel *k = z->k;
	SrcLoc l = k->body->loc;

	for (size_t v = 0; v < k->nvars; v++) {
		if (!z->taint[v])
			continue;
		VEC_PUSH(*out, expr_stmt(z, frontend_new_assign(z->a, z->shadow[v], -1, NULL,
		         frontend_new_int(z->a, KT_I1, refused[v] != 0, l), l)));
		if (refused[v])
			VEC_PUSH(*out, expr_stmt(z, frontend_new_assign(z->a, (int)v, -1, NULL, frontend_new_cast(z->a,
			         k->vars[v].type, frontend_new_int(z->a, KT_I32, 0, l), l), l)));
	}
	for (size_t b = 0; b < k->nbufs; b++) {
		int sh = z->shadow[k->nvars + b];
		if (sh < 0 || !refused[k->nvars + b] || k->bufs[b].space != KSP_LOCAL)
			continue;
		for (int64_t i = 0; i < k->bufs[b].count && i < SHADOW_INIT_MAX; i++) {
			KirExpr *zero = frontend_new_cast(z->a, k->bufs[b].elem, frontend_new_int(z->a, KT_I32, 0, l), l);
			VEC_PUSH(*out, expr_stmt(z, frontend_new_assign(z->a, -1, (int)b, frontend_new_int(z->a, KT_I64, i, l), zero, l)));
			VEC_PUSH(*out, expr_stmt(z, frontend_new_assign(z->a, -1, sh, frontend_new_int(z->a, KT_I64, i, l),
			                                  frontend_new_int(z->a, KT_I1, 1, l), l)));
		}
	}
}

/* "'a'", "'a' and 'b'", "'a', 'b' and 'c'": the refused locals. */
static const char *names(Pz *z, const unsigned char *refused)
{
	StrBuf b = {0};
	size_t n = z->k->nvars + z->k->nbufs, seen = 0, total = 0;
	const char *s;

	for (size_t i = 0; i < n; i++)
		total += refused[i] != 0;
	for (size_t i = 0; i < n; i++) {
		if (!refused[i])
			continue;
		seen++;
		sb_printf(&b, "%s'%s'", seen == 1 ? "" : seen == total ? " and " : ", ",
		          i < z->k->nvars ? z->k->vars[i].name : z->k->bufs[i - z->k->nvars].name);
	}
	s = arena_strdup(z->a, sb_str(&b));
	sb_free(&b);
	return s;
}

KirKernel *frontend_poison(Arena *a, const KirKernel *k, const unsigned char *refused,
                           const int64_t grid[3], const int64_t block[3])
{
	Pz z = {0};
	KirKernel *o = NULL;
	SVec body = {0};
	size_t n = k->nvars + k->nbufs;

	z.k = k;
	z.a = a;
	if (!frontend_launch_of(k, grid, block, z.grid, z.block))
		return NULL;
	z.taint = xcalloc(n + 1, 1);
	z.shadow = xmalloc((n + 1) * sizeof(int));
	memcpy(z.taint, refused, n);
	while (spread_stmt(&z, k->body))
		;
	for (size_t i = 0; i < k->nvars; i++)
		VEC_PUSH(z.vars, k->vars[i]);
	for (size_t i = 0; i < k->nbufs; i++)
		VEC_PUSH(z.bufs, k->bufs[i]);
	for (size_t i = 0; i < k->nparams; i++) {
		VEC_PUSH(z.params, k->params[i]);
		if (!strncmp(k->params[i].name, "cuda2hlo_printf", 15))
			z.nextrec++;
	}
	z.what = names(&z, refused);
	z.inrange = frontend_poison_ranges(k, z.grid, z.block);
	add_shadows(&z);
	if (!z.bad) {
		KirStmt *b;
		entry_stmts(&z, &body, refused);
		b = as_block(&z, k->body);
		for (size_t i = 0; i < b->u.block.nstmts; i++)
			VEC_PUSH(body, b->u.block.stmts[i]);
		b = block_of(&z, k->body, &body);
		if (!z.bad) {
			o = ARENA_NEW(a, KirKernel);
			*o = *k;
			o->body = b;
			o->vars = ARENA_ARRAY(a, KirVar, z.vars.len + 1);
			if (z.vars.len)
				memcpy(o->vars, z.vars.data, sizeof(KirVar) * z.vars.len);
			o->nvars = z.vars.len;
			o->bufs = ARENA_ARRAY(a, KirBuffer, z.bufs.len + 1);
			if (z.bufs.len)
				memcpy(o->bufs, z.bufs.data, sizeof(KirBuffer) * z.bufs.len);
			o->nbufs = z.bufs.len;
			o->params = ARENA_ARRAY(a, KirParam, z.params.len + 1);
			if (z.params.len)
				memcpy(o->params, z.params.data, sizeof(KirParam) * z.params.len);
			o->nparams = z.params.len;
			if (z.desc.len)
				o->printf = k->printf ? arena_printf(a, "%s%s", k->printf, sb_str(&z.desc)) :
				            arena_printf(a, "%lld %lld %lld %lld %lld %lld;%s", (long long)z.grid[0],
				                         (long long)z.grid[1], (long long)z.grid[2], (long long)z.block[0],
				                         (long long)z.block[1], (long long)z.block[2], sb_str(&z.desc));
		}
	}
	VEC_FREE(body);
	VEC_FREE(z.tails);
	VEC_FREE(z.joins);
	map_destroy(z.inrange);
	VEC_FREE(z.vars);
	VEC_FREE(z.bufs);
	VEC_FREE(z.params);
	sb_free(&z.desc);
	free(z.taint);
	free(z.shadow);
	return o;
}
