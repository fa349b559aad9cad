/* race_taint.c: data dependence for the race walk (race_int.h). Consumes a kernel's KIR;
 * produces, per variable, whether some value it is given depends on memory (a load, an
 * atomic, a shuffle or vote, or such a variable: flow-insensitive), and checks a
 * read-modify-write whose index depends on memory (hist[data[i]]++), a possible race. */
#include "race_int.h"

/* Structural equality of two index expressions (loads, variables, parameters,
 * constants, builtins, operators, casts): the same location in one stretch. */
static int same_expr(const KirExpr *a, const KirExpr *b)
{
	if (a == b)
		return 1;
	if (!a || !b || a->kind != b->kind || a->type != b->type)
		return 0;
	switch (a->kind) {
	case KE_CONST: return a->u.c.i == b->u.c.i && a->u.c.f == b->u.c.f;
	case KE_VAR: return a->u.var == b->u.var;
	case KE_PARAM: return a->u.param == b->u.param;
	case KE_BUILTIN: return a->u.builtin == b->u.builtin;
	case KE_CAST: return same_expr(a->u.x, b->u.x);
	case KE_UNARY: return a->u.un.op == b->u.un.op && same_expr(a->u.un.x, b->u.un.x);
	case KE_BINARY:
		return a->u.bin.op == b->u.bin.op && same_expr(a->u.bin.l, b->u.bin.l) &&
		       same_expr(a->u.bin.r, b->u.bin.r);
	case KE_LOAD:
		return a->u.load.buffer == b->u.load.buffer && same_expr(a->u.load.index, b->u.load.index);
	default: return 0;
	}
}

typedef struct LoadFind {
	int buffer;
	const KirExpr *index;
	const KirExpr *found;
} LoadFind;

static void find_load(void *ctx, KirExpr *e)
{
	LoadFind *f = ctx;
	if (!f->found && e->kind == KE_LOAD && e->u.load.buffer == f->buffer && same_expr(e->u.load.index, f->index))
		f->found = e;
}

/* The load of bufs[buffer][index] (the same index expression) that value makes (x =
 * f(x)), or NULL. */
const KirExpr *race_load_of(const KirExpr *value, int buffer, const KirExpr *index)
{
	LoadFind f = {buffer, index, NULL};
	loopify_expr_visit((KirExpr *)value, find_load, &f);
	return f.found;
}

/* Whether value reads bufs[buffer][index] (the same index expression): x = f(x). */
int race_reads(const KirExpr *value, int buffer, const KirExpr *index)
{
	return race_load_of(value, buffer, index) != NULL;
}

/* ---- data dependence (flow-insensitive): a variable is tainted when some assignment
 * gives it a value computed from a load, an atomic, a shuffle or vote, or a tainted
 * variable. An index that is not quasi-affine because the analysis lost track of a
 * loop-carried value (Blelloch's offset) is not tainted; hist[data[i]] is. ---- */
typedef struct Taint {
	Race *r;
	int hit;
} Taint;

static void taint_expr(void *ctx, KirExpr *e)
{
	Taint *t = ctx;
	if (e->kind == KE_LOAD || e->kind == KE_ATOMIC || e->kind == KE_SHFL || e->kind == KE_VOTE ||
	    (e->kind == KE_VAR && t->r->tainted[e->u.var]))
		t->hit = 1;
}

int race_is_tainted(Race *r, const KirExpr *e)
{
	Taint t = {r, 0};
	if (e)
		loopify_expr_visit((KirExpr *)e, taint_expr, &t);
	return t.hit;
}

static void mark(Race *r, int var)
{
	if (var >= 0 && !r->tainted[var]) {
		r->tainted[var] = 1;
		r->changed = 1;
	}
}

static void taint_assign(void *ctx, KirExpr *e)
{
	Race *r = ctx;
	if (e->kind == KE_ASSIGN && e->u.assign.lv.var >= 0 && race_is_tainted(r, e->u.assign.value))
		mark(r, e->u.assign.lv.var);
}

static void taint_decl(void *ctx, KirStmt *s)
{
	Race *r = ctx;
	if (s->kind == KS_DECL && race_is_tainted(r, s->u.decl.init))
		mark(r, s->u.decl.var);
	if (s->kind == KS_SYNC)
		mark(r, s->u.sync.result);
}

void race_find_tainted(Race *r)
{
	do {
		r->changed = 0;
		loopify_stmt_visit((KirStmt *)r->k->body, taint_assign, taint_decl, r);
	} while (r->changed);
}

/* A read-modify-write of bufs[b][index] (x op= v, x++, x = f(x)) whose index is not
 * quasi-affine and depends on memory cannot be proven distinct per thread: two threads
 * may read the same old value and one update is lost. Reported as a possible race (a plain data-dependent
 * store, out[perm[i]] = v, is not: any winner is a legal CUDA result). */
void race_check_rmw(Race *r, int b, const KirExpr *index, SrcLoc loc)
{
	const KirBuffer *kb = &r->k->bufs[b];
	DiagKind k = r->o && r->o->allow_races ? DIAG_WARNING : DIAG_ERROR;
	if ((kb->space != KSP_GLOBAL && kb->space != KSP_SHARED) || !r->dom || r->reported[b] ||
	    r->exact || r->quiet || r->when || !race_is_tainted(r, index) || race_val(r, index))
		return;
	diag_report(k, loc, "possible data race on '%s': a read-modify-write at an index that "
	            "is not proven distinct per thread (threads with equal indices lose updates)",
	            kb->name);
	diag_note(index->loc, "the index: not an affine function of the thread (it depends on "
	          "loaded data)");
	diag_note(loc, "if threads may share an index, use an atomic (atomicAdd(&%s[...], v))",
	          kb->name);
	diag_note(r->k->loc, "in kernel '%s'%s", r->k->name,
	          k == DIAG_ERROR ? " (--allow-races accepts it as a warning)" : "");
	r->found++;
	r->errors += k == DIAG_ERROR;
	r->reported[b] = 1;
}
