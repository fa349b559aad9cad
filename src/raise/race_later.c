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

/* With --oob-check, the accesses of a loop the walk follows on its first two iterations
 * only (f: the loop when a for; before: the variables' values at its start): checked on a superset of the threads that run them
 * (sup), what the loop assigns unknown, except the variable of `for (v = affine; affine;
 * v += constant)` (with jumps, or an exit by some threads), which becomes a loop
 * dimension. A loop inside whose index has no proof gets a run-time check. */
void race_later(Race *r, const KirStmt *f, const KirExpr *cond, KirStmt *body,
                const KirExpr *step, PolySet *sup, PolyExpr **before)
{
	Later l = {r, sup};
	int v = f ? race_loop_var(f->u.for_.init) : -1, level = r->exact;
	PolySet *dom = r->dom, *upper = r->upper;
	PolyExpr **env = race_env_copy(r);
	VarScan vs = {v, 0};
	int64_t st;

	race_forget_loop(r, cond, body, step);
	if (v >= 0)
		loopify_stmt_visit(body, race_scan_var, NULL, &vs);
	if (sup && v >= 0 && !vs.assigns && before[v] && level < POLY_MAX_LOOPS) {
		r->env[v] = poly_expr_dim(r->c, POLY_NLAUNCH + level);
		r->dom = poly_set_open_loop(sup, level, before[v], 1);
		r->dom = cond ? race_cond_set(r, cond) : r->dom;
		if (r->dom && race_loop_step(r, step, v, level, &st)) {
			r->dom = poly_set_open_loop(sup, level, before[v], st);
			l.dom = cond ? race_cond_set(r, cond) : r->dom;
		}
		if (!l.dom || l.dom == sup) {    /* not that form: v unknown too */
			l.dom = sup;
			r->env[v] = NULL;
		}
	}
	if (cond)
		loopify_expr_visit((KirExpr *)cond, later_access, &l);
	loopify_stmt_visit(body, later_access, NULL, &l);
	if (step)
		loopify_expr_visit((KirExpr *)step, later_access, &l);
	memcpy(r->env, env, sizeof(*env) * r->k->nvars);
	free(env);
	r->dom = dom;
	r->upper = upper;
}

