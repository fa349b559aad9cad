/* race.c: race detection from the polyhedral facts (DESIGN.md, "Polyhedral facts").
 * Consumes a kernel's KIR body and launch; walks it as an abstract interpreter whose
 * values are quasi-affine expressions of the launch (poly.h) and whose state is the
 * exact domain of the running threads. Between two barriers (a phase) it collects every
 * global and shared access with its exact relation; two accesses of one location by two
 * different threads in one phase, at least one a write, is a race, reported with both
 * source locations (error; a warning with --allow-races). Atomics are not races.
 * Only what is proven is reported: a guard or index that is not quasi-affine makes the
 * accesses under it unknown (not recorded), a loop is followed for its first two
 * iterations when its bounds are affine and its body has no break/continue/return, and
 * forgotten after. A read-modify-write at a data-dependent index (hist[data[i]]++) is a
 * possible race, reported as such (check_rmw). Returns the number of races found. */
#include "raise_int.h"
#include "poly.h"

#include <stdlib.h>
#include <string.h>

typedef struct Access {
	int buffer, write;
	PolyMap *map;
	SrcLoc loc;
} Access;

typedef struct Race {
	const Options *o;
	const KirKernel *k;
	PolyCtx *c;
	Arena *a;                /* scratch KIR nodes */
	PolyExpr **env;          /* per variable: value, NULL unknown */
	PolySet *dom;            /* running threads; NULL: unknown (nothing recorded) */
	VEC(Access) acc;         /* this phase */
	int found;
	char *reported;          /* per buffer: already reported */
	char *tainted;           /* per variable: may hold a value derived from memory */
	int changed;
} Race;

static const PolyExpr *lookup(void *env, int var, const char **why)
{
	Race *r = env;
	(void)why;
	return r->env[var];
}

static PolyExpr *val(Race *r, const KirExpr *e)
{
	const char *why;
	if (!r->dom || !frontend_dtype_is_int(e->type))
		return NULL;
	return poly_expr_from_kir(r->c, e, r->dom, lookup, r, &why);
}

static PolySet *cond_set(Race *r, const KirExpr *e)
{
	const char *why;
	PolySet *s;
	if (!r->dom)
		return NULL;
	s = poly_set_from_cond(r->c, e, r->dom, lookup, r, &why);
	return s ? poly_set_intersect(r->dom, s) : NULL;
}

static void record(Race *r, int b, const KirExpr *index, int write, SrcLoc loc)
{
	const KirBuffer *kb = &r->k->bufs[b];
	PolyExpr *idx[4], *i;
	Access a = {b, write, NULL, loc};
	int n = 0;
	if (kb->space == KSP_LOCAL || kb->space == KSP_CONSTANT || !r->dom)
		return;
	i = val(r, index);
	if (!i)
		return;
	if (kb->space == KSP_SHARED) {    /* one copy per block: the block is part of the address */
		idx[n++] = poly_expr_dim(r->c, POLY_BZ);
		idx[n++] = poly_expr_dim(r->c, POLY_BY);
		idx[n++] = poly_expr_dim(r->c, POLY_BX);
	}
	idx[n++] = i;
	a.map = poly_access(r->dom, idx, n);
	VEC_PUSH(r->acc, a);
}

static void point(StrBuf *b, const int64_t *p)
{
	sb_printf(b, "block (%lld,%lld,%lld) thread (%lld,%lld,%lld)", (long long)p[POLY_BX],
	          (long long)p[POLY_BY], (long long)p[POLY_BZ], (long long)p[POLY_TX],
	          (long long)p[POLY_TY], (long long)p[POLY_TZ]);
}

static void report(Race *r, const Access *a, const Access *b, const int64_t *pa, const int64_t *pb)
{
	StrBuf s1 = {0}, s2 = {0};
	const char *name = r->k->bufs[a->buffer].name;
	DiagKind k = r->o && r->o->allow_races ? DIAG_WARNING : DIAG_ERROR;
	point(&s1, pa);
	point(&s2, pb);
	diag_report(k, a->loc, "data race on '%s': %s %s it here and %s %s it without a barrier "
	            "between", name, sb_str(&s1), a->write ? "writes" : "reads", sb_str(&s2),
	            b->write ? "writes" : "reads");
	diag_note(b->loc, "the other access");
	diag_note(r->k->loc, "in kernel '%s'%s", r->k->name,
	          k == DIAG_ERROR ? " (--allow-races accepts it as a warning)" : "");
	sb_free(&s1);
	sb_free(&s2);
	r->found++;
	r->reported[a->buffer] = 1;
}

/* A barrier: every pair of accesses of the phase, then a new phase. */
static void end_phase(Race *r)
{
	for (size_t i = 0; i < r->acc.len; i++)
		for (size_t j = i; j < r->acc.len; j++) {
			Access *a = &r->acc.data[i], *b = &r->acc.data[j];
			int64_t pa[POLY_NDIMS], pb[POLY_NDIMS];
			if (a->buffer != b->buffer || (!a->write && !b->write) || r->reported[a->buffer])
				continue;
			if (poly_maps_conflict(a->map, b->map, pa, pb)) {
				if (!a->write) {
					Access *t = a;
					a = b;
					b = t;
					report(r, a, b, pb, pa);
				} else {
					report(r, a, b, pa, pb);
				}
			}
		}
	r->acc.len = 0;
}

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
	int found;
} LoadFind;

static void find_load(void *ctx, KirExpr *e)
{
	LoadFind *f = ctx;
	if (e->kind == KE_LOAD && e->u.load.buffer == f->buffer && same_expr(e->u.load.index, f->index))
		f->found = 1;
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

static int is_tainted(Race *r, const KirExpr *e)
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
	if (e->kind == KE_ASSIGN && e->u.assign.lv.var >= 0 && is_tainted(r, e->u.assign.value))
		mark(r, e->u.assign.lv.var);
}

static void taint_decl(void *ctx, KirStmt *s)
{
	Race *r = ctx;
	if (s->kind == KS_DECL && is_tainted(r, s->u.decl.init))
		mark(r, s->u.decl.var);
	if (s->kind == KS_SYNC)
		mark(r, s->u.sync.result);
}

static void find_tainted(Race *r)
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
static void check_rmw(Race *r, int b, const KirExpr *index, SrcLoc loc)
{
	const KirBuffer *kb = &r->k->bufs[b];
	DiagKind k = r->o && r->o->allow_races ? DIAG_WARNING : DIAG_ERROR;
	if ((kb->space != KSP_GLOBAL && kb->space != KSP_SHARED) || !r->dom || r->reported[b] ||
	    !is_tainted(r, index) || val(r, index))
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
	r->reported[b] = 1;
}

static void expr(Race *r, const KirExpr *e);

static void under(Race *r, const KirExpr *e, PolySet *d)
{
	PolySet *saved = r->dom;
	r->dom = d;
	expr(r, e);
	r->dom = saved;
}

static void set_var(Race *r, int var, PolyExpr *v)
{
	r->env[var] = v;
}

static KirExpr *var_ref(Race *r, int var, SrcLoc loc)
{
	KirExpr *v = frontend_new_expr(r->a, KE_VAR, r->k->vars[var].type, loc);
	v->u.var = var;
	return v;
}

/* The new value of a variable assignment as a pure expression of the old one:
 * x = v, or x = (T)((optype)x op v). */
static const KirExpr *assigned_value(Race *r, const KirExpr *e)
{
	const KirLval *lv = &e->u.assign.lv;
	KirDType ot = e->u.assign.optype;
	KirExpr *x;
	if (e->u.assign.op == KB_NONE)
		return e->u.assign.value;
	x = frontend_new_cast(r->a, ot, var_ref(r, lv->var, e->loc), e->loc);
	x = frontend_new_binary(r->a, e->u.assign.op, e->u.assign.op >= KB_LT ? KT_I1 : ot, x,
	                        (KirExpr *)e->u.assign.value, e->loc);
	return frontend_new_cast(r->a, e->type, x, e->loc);
}

static void assign(Race *r, const KirExpr *e)
{
	const KirLval *lv = &e->u.assign.lv;
	if (lv->var < 0)
		expr(r, lv->index);
	expr(r, e->u.assign.value);
	if (lv->var >= 0) {
		set_var(r, lv->var, frontend_dtype_is_int(e->type) ? val(r, assigned_value(r, e)) : NULL);
		return;
	}
	if (e->u.assign.op != KB_NONE) {
		check_rmw(r, lv->buffer, lv->index, e->loc);
		record(r, lv->buffer, lv->index, 0, e->loc);
	} else {
		LoadFind f = {lv->buffer, lv->index, 0};
		loopify_expr_visit((KirExpr *)e->u.assign.value, find_load, &f);
		if (f.found)
			check_rmw(r, lv->buffer, lv->index, e->loc);
	}
	record(r, lv->buffer, lv->index, 1, e->loc);
}

/* The value of an assignment expression, for the environment: x = v or x op= v. */
static void expr(Race *r, const KirExpr *e)
{
	const KirLval *lv;
	switch (e->kind) {
	case KE_LOAD:
		expr(r, e->u.load.index);
		record(r, e->u.load.buffer, e->u.load.index, 0, e->loc);
		break;
	case KE_ASSIGN: assign(r, e); break;
	case KE_INCDEC:
		lv = &e->u.incdec.lv;
		if (lv->var >= 0) {
			KirExpr *one = frontend_new_int(r->a, e->type, 1, e->loc);
			set_var(r, lv->var, val(r, frontend_new_binary(r->a, e->u.incdec.inc ? KB_ADD : KB_SUB,
			                                               e->type, var_ref(r, lv->var, e->loc), one, e->loc)));
			break;
		}
		expr(r, lv->index);
		check_rmw(r, lv->buffer, lv->index, e->loc);
		record(r, lv->buffer, lv->index, 0, e->loc);
		record(r, lv->buffer, lv->index, 1, e->loc);
		break;
	case KE_LOGAND: case KE_LOGOR: {
		PolySet *c;
		expr(r, e->u.bin.l);
		c = cond_set(r, e->u.bin.l);
		if (c && e->kind == KE_LOGOR)
			c = poly_set_subtract(r->dom, c);
		under(r, e->u.bin.r, c);
		break;
	}
	case KE_COND: {
		PolySet *c;
		expr(r, e->u.cond.c);
		c = cond_set(r, e->u.cond.c);
		under(r, e->u.cond.t, c);
		under(r, e->u.cond.f, c ? poly_set_subtract(r->dom, c) : NULL);
		break;
	}
	case KE_ATOMIC:
		expr(r, e->u.atomic.index);
		for (int i = 0; i < e->u.atomic.nargs; i++)
			expr(r, e->u.atomic.args[i]);
		break;
	default: {
		KirExpr **kids[8];
		int n = loopify_expr_kids((KirExpr *)e, kids);
		for (int i = 0; i < n; i++)
			expr(r, *kids[i]);
	}
	}
}

static void stmt(Race *r, const KirStmt *s);

static PolyExpr **env_copy(Race *r)
{
	PolyExpr **e = xmalloc(sizeof(*e) * (r->k->nvars + 1));
	memcpy(e, r->env, sizeof(*e) * r->k->nvars);
	return e;
}

typedef struct Scan {
	int jumps, syncs;
} Scan;

static void scan_stmt(void *ctx, KirStmt *s)
{
	Scan *sc = ctx;
	if (s->kind == KS_BREAK || s->kind == KS_CONTINUE || s->kind == KS_RETURN || s->kind == KS_EXIT)
		sc->jumps++;
	if (s->kind == KS_SYNC)
		sc->syncs++;
}

static void if_stmt(Race *r, const KirStmt *s)
{
	PolySet *saved = r->dom, *c;
	PolyExpr **before, **then_env;
	PolySet *then_dom;
	Scan sc = {0, 0};
	expr(r, s->u.if_.cond);
	c = cond_set(r, s->u.if_.cond);
	before = env_copy(r);
	r->dom = c;
	stmt(r, s->u.if_.then);
	then_dom = r->dom;
	then_env = env_copy(r);
	memcpy(r->env, before, sizeof(*before) * r->k->nvars);
	r->dom = c ? poly_set_subtract(saved, c) : NULL;
	if (s->u.if_.els)
		stmt(r, s->u.if_.els);
	for (size_t v = 0; v < r->k->nvars; v++) {
		PolyExpr *t = then_env[v], *f = r->env[v];
		if (t == f)
			continue;
		r->env[v] = t && f && c ? poly_expr_select(c, t, f) : NULL;
	}
	/* the threads that leave a branch (return) are gone after the if */
	loopify_stmt_visit((KirStmt *)s, NULL, scan_stmt, &sc);
	if (then_dom && r->dom)
		r->dom = poly_set_union(then_dom, r->dom);
	else
		r->dom = sc.jumps || !saved ? NULL : saved;
	free(before);
	free(then_env);
}

static void forget_assigned(void *ctx, KirExpr *e)
{
	Race *r = ctx;
	if (e->kind == KE_ASSIGN && e->u.assign.lv.var >= 0)
		r->env[e->u.assign.lv.var] = NULL;
	if (e->kind == KE_INCDEC && e->u.incdec.lv.var >= 0)
		r->env[e->u.incdec.lv.var] = NULL;
}

static void forget_decl(void *ctx, KirStmt *s)
{
	Race *r = ctx;
	if (s->kind == KS_DECL)
		r->env[s->u.decl.var] = NULL;
	if (s->kind == KS_SYNC && s->u.sync.result >= 0)
		r->env[s->u.sync.result] = NULL;
}

/* Follows the first two iterations exactly (each under the threads whose condition
 * holds), then forgets what the loop assigns. */
static void loop(Race *r, const KirExpr *cond, KirStmt *body, const KirExpr *step, int do_while)
{
	Scan sc = {0, 0};
	PolySet *saved = r->dom;
	loopify_stmt_visit(body, NULL, scan_stmt, &sc);
	for (int it = 0; it < 2 && !sc.jumps && r->dom; it++) {
		if (cond && (it > 0 || !do_while)) {
			expr(r, cond);
			r->dom = cond_set(r, cond);
			if (!r->dom || poly_set_is_empty(r->dom))
				break;
		}
		stmt(r, body);
		if (step)
			expr(r, step);
	}
	r->dom = sc.jumps ? NULL : saved;
	loopify_stmt_visit(body, forget_assigned, forget_decl, r);
	if (step)
		loopify_expr_visit((KirExpr *)step, forget_assigned, r);
	if (cond)
		loopify_expr_visit((KirExpr *)cond, forget_assigned, r);
	if (sc.syncs)
		r->acc.len = 0;    /* the phase at the loop's exit is the last iteration's tail */
}

static void stmt(Race *r, const KirStmt *s)
{
	switch (s->kind) {
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			stmt(r, s->u.block.stmts[i]);
		if (s->u.block.label > 0)
			r->dom = NULL;     /* lanes may rejoin from an exit: not followed */
		break;
	case KS_DECL:
		if (s->u.decl.init) {
			expr(r, s->u.decl.init);
			r->env[s->u.decl.var] = frontend_dtype_is_int(r->k->vars[s->u.decl.var].type)
			                        ? val(r, s->u.decl.init) : NULL;
		}
		break;
	case KS_EXPR: expr(r, s->u.expr); break;
	case KS_IF: if_stmt(r, s); break;
	case KS_FOR:
		if (s->u.for_.init)
			stmt(r, s->u.for_.init);
		loop(r, s->u.for_.cond, s->u.for_.body, s->u.for_.step, 0);
		break;
	case KS_WHILE: loop(r, s->u.loop.cond, s->u.loop.body, NULL, 0); break;
	case KS_DO: loop(r, s->u.loop.cond, s->u.loop.body, NULL, 1); break;
	case KS_SYNC:
		if (s->u.sync.arg)
			expr(r, s->u.sync.arg);
		/* __syncwarp orders only a warp; ending the phase there may miss a race between
		 * warps but never reports one that is not there */
		end_phase(r);
		if (s->u.sync.result >= 0)
			r->env[s->u.sync.result] = NULL;
		break;
	case KS_RETURN:      /* the running threads leave the kernel */
		if (r->dom)
			r->dom = poly_set_subtract(r->dom, r->dom);
		break;
	case KS_BREAK: case KS_CONTINUE: case KS_EXIT:
		r->dom = NULL;   /* they rejoin elsewhere: not followed */
		break;
	default: break;
	}
}

int raise_find_races(const Options *o, const KirKernel *k, const int64_t grid[3],
                     const int64_t block[3])
{
	int g[3], b[3], found;
	Race r = {0};
	for (int i = 0; i < 3; i++) {
		g[i] = (int)grid[i];
		b[i] = (int)block[i];
	}
	r.o = o;
	r.k = k;
	r.c = poly_create(k, g, b);
	r.a = arena_new();
	r.env = xcalloc(k->nvars + 1, sizeof(PolyExpr *));
	r.reported = xcalloc(k->nbufs + 1, 1);
	r.tainted = xcalloc(k->nvars + 1, 1);
	find_tainted(&r);
	r.dom = poly_launch_box(r.c);
	stmt(&r, k->body);
	if (r.dom || r.acc.len)
		end_phase(&r);
	found = r.found;
	VEC_FREE(r.acc);
	free(r.env);
	free(r.reported);
	free(r.tainted);
	poly_destroy(r.c);
	arena_free(r.a);
	return found;
}
