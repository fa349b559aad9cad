/* assume.c: what --symbolic scalars must satisfy for the kernel's facts to hold
 * (docs/symbolic.md). Consumes the sets of parameter values under which an access
 * leaves its buffer (bounds), two threads race (access.c) or an index expression
 * overflows (expr.c), and the scalars the user keeps symbolic; produces the
 * assumption: the values of the symbolic scalars (isl parameters) for which none of
 * that happens, for any value of the other unbound scalars. The raise narrows the threads under a guard that mentions a symbol to the
 * shadow of the guard (the threads it lets through for some assumed value), and the
 * emitted module checks the assumption at run time as a shape assertion (raise). The assumption travels between contexts as isl text, and is
 * handed to the raise as a disjunction of conjunctions of integer linear constraints
 * over the kernel's parameters (no existential variables). */
#include "poly_int.h"

#include <isl/constraint.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The assumption so far (a parameter set; the universe before any). */
static isl_set *current(PolyCtx *c)
{
	if (!c->assume)
		c->assume = isl_set_universe(isl_space_params(poly_space(c)));
	return c->assume;
}

void poly_assume(PolyCtx *c, const char *text)
{
	isl_set *s;
	if (!text)
		return;
	s = isl_set_read_from_str(c->ctx, text);
	ASSERT(s && (int)isl_set_dim(s, isl_dim_param) == c->nparams);
	c->assume = isl_set_intersect(current(c), s);
}

/* s with the parameters that are not symbolic eliminated (existentially: s holds for
 * some value of them); the space keeps every parameter. */
static isl_set *only_symbolic(PolyCtx *c, isl_set *s, const char *sym)
{
	for (size_t i = 0; c->k && i < c->k->nparams; i++) {
		int pos = c->param_pos[i];
		if (pos < 0 || sym[i])
			continue;
		s = isl_set_eliminate(s, isl_dim_param, (unsigned)pos, 1);
	}
	return s;
}

void poly_set_symbolic(PolyCtx *c, const char *sym)
{
	size_t n = c->k ? c->k->nparams : 0;
	if (!sym || !n)
		return;
	c->sym = xmalloc(n);
	memcpy(c->sym, sym, n);
}

int poly_assume_not(PolyCtx *c, isl_set *bad)
{
	int empty;
	ASSERT(c->sym);
	bad = only_symbolic(c, isl_set_params(poly_isl_param_ranges(c, bad)), c->sym);
	c->assume = isl_set_coalesce(isl_set_subtract(current(c), bad));
	bad = poly_isl_param_ranges(c, isl_set_copy(c->assume));
	empty = isl_set_is_empty(bad) != isl_bool_false;
	isl_set_free(bad);
	return !empty;
}

int poly_assume_inside(const PolyExpr *e, const PolySet *dom, int64_t lo, int64_t hi)
{
	PolyCtx *c = dom->c;
	isl_map *m = isl_map_from_pw_aff(isl_pw_aff_copy(e->pa));
	isl_set *out;
	if (!c->sym)
		return 0;
	out = isl_set_universe(isl_space_range(isl_map_get_space(m)));
	out = isl_set_subtract(out, poly_box_set(c, isl_set_get_space(out), &lo, &hi));
	m = isl_map_intersect_range(isl_map_intersect_domain(m, isl_set_copy(dom->s)), out);
	return poly_assume_not(c, isl_map_wrap(m));
}

PolySet *poly_set_shadow(const PolySet *s)
{
	PolyCtx *c = s->c;
	isl_set *t;
	if (!c->assume)
		return NULL;
	t = isl_set_intersect_params(isl_set_copy(s->s), isl_set_copy(c->assume));
	t = poly_isl_param_ranges(c, t);
	t = isl_set_eliminate(t, isl_dim_param, 0, (unsigned)c->nparams);
	return poly_wrap_set(c, isl_set_coalesce(isl_set_remove_redundancies(t)));
}

int poly_expr_bounds_assumed(const PolyExpr *e, const PolySet *dom, int64_t *lo, int64_t *hi)
{
	PolyCtx *c = dom->c;
	isl_set *r;
	int ok;
	if (!c->assume)
		return 0;
	r = isl_map_range(isl_map_intersect_domain(isl_map_from_pw_aff(isl_pw_aff_copy(e->pa)),
	                                           isl_set_copy(dom->s)));
	r = poly_isl_param_ranges(c, isl_set_intersect_params(r, isl_set_copy(c->assume)));
	r = isl_set_eliminate(r, isl_dim_param, 0, (unsigned)c->nparams);
	ok = isl_set_is_empty(r) == isl_bool_false && poly_isl_bounds(r, 1, lo, hi);
	isl_set_free(r);
	if (ok)
		(*hi)--;          /* poly_isl_bounds: exclusive */
	return ok;
}

char *poly_assumption(PolyCtx *c)
{
	isl_set *s, *range;
	char *t, *out;
	if (!c->assume)
		return NULL;
	range = poly_isl_param_ranges(c, isl_set_universe(isl_set_get_space(c->assume)));
	s = isl_set_coalesce(isl_set_gist(isl_set_copy(c->assume), range));
	if (isl_set_plain_is_universe(s) == isl_bool_true) {
		isl_set_free(s);
		return NULL;
	}
	t = isl_set_to_str(s);
	out = xstrdup(t);
	free(t);
	isl_set_free(s);
	return out;
}

/* ---- the assumption as constraints ---- */

typedef struct Walk {
	PolyCtx *c;
	int piece, bad;
	PolyConstraintFn fn;
	void *env;
	int64_t *coef;           /* per kernel parameter */
} Walk;

static int64_t val_si(isl_val *v, int *bad)
{
	int64_t r = 0;
	if (isl_val_is_int(v) != isl_bool_true)
		*bad = 1;
	else if (isl_val_cmp_si(v, INT32_MAX) > 0 || isl_val_cmp_si(v, -INT32_MAX) < 0)
		*bad = 1;             /* keeps the i64 arithmetic of the check exact */
	else
		r = isl_val_get_num_si(v);
	isl_val_free(v);
	return r;
}

static isl_stat constraint(isl_constraint *k, void *user)
{
	Walk *w = user;
	PolyCtx *c = w->c;
	if (isl_constraint_dim(k, isl_dim_div) > 0 &&
	    isl_constraint_involves_dims(k, isl_dim_div, 0, (unsigned)isl_constraint_dim(k, isl_dim_div)))
		w->bad = 1;
	for (size_t i = 0; c->k && i < c->k->nparams; i++)
		w->coef[i] = c->param_pos[i] < 0 ? 0 :
		             val_si(isl_constraint_get_coefficient_val(k, isl_dim_param, c->param_pos[i]), &w->bad);
	if (!w->bad)
		w->fn(w->env, w->piece, isl_constraint_is_equality(k) == isl_bool_true, w->coef,
		      val_si(isl_constraint_get_constant_val(k), &w->bad));
	isl_constraint_free(k);
	return w->bad ? isl_stat_error : isl_stat_ok;
}

static isl_stat piece(isl_basic_set *b, void *user)
{
	Walk *w = user;
	isl_stat st = isl_basic_set_foreach_constraint(b, constraint, w);
	w->piece++;
	isl_basic_set_free(b);
	return st;
}

int poly_assumption_walk(PolyCtx *c, const char *text, const char *given, PolyConstraintFn fn,
                         void *env)
{
	Walk w = {c, 0, 0, fn, env, xcalloc(c->k && c->k->nparams ? c->k->nparams : 1, sizeof(int64_t))};
	isl_set *s = isl_set_read_from_str(c->ctx, text);
	ASSERT(s);
	if (given) {
		isl_set *g = isl_set_read_from_str(c->ctx, given);
		ASSERT(g);
		s = isl_set_gist_params(s, g);
	}
	s = isl_set_coalesce(isl_set_remove_redundancies(s));
	if (isl_set_foreach_basic_set(s, piece, &w) < 0)
		w.bad = 1;
	isl_set_free(s);
	free(w.coef);
	return w.bad ? -1 : w.piece;
}

/* The part of a of the parameters with keep[i] set (the others eliminated), as text,
 * simplified under what the parts before it say (*acc: their intersection, then with
 * this part; the conjunction of the simplified parts is that of the parts). */
static char *part_text(PolyCtx *c, isl_set *a, const char *keep, isl_set **acc)
{
	isl_set *p = isl_set_copy(a);
	char *t;
	for (size_t i = 0; i < c->k->nparams; i++)
		if (c->param_pos[i] >= 0 && !keep[i])
			p = isl_set_eliminate(p, isl_dim_param, (unsigned)c->param_pos[i], 1);
	p = isl_set_coalesce(isl_set_remove_redundancies(p));
	{
		isl_set *before = isl_set_copy(*acc);
		*acc = isl_set_intersect(*acc, isl_set_copy(p));
		p = isl_set_coalesce(isl_set_gist(p, poly_isl_param_ranges(c, before)));
	}
	t = isl_set_to_str(p);
	isl_set_free(p);
	return t;
}

int poly_assumption_split(PolyCtx *c, const char *text, const char *size, char ***parts)
{
	size_t np = c->k ? c->k->nparams : 0, nsize = 0;
	char *keep = xcalloc(np + 1, 1), **out = xcalloc(np + 2, sizeof(char *));
	isl_set *a = isl_set_read_from_str(c->ctx, text), *acc;
	int n = 0, same;
	ASSERT(a);
	acc = isl_set_universe(isl_set_get_space(a));
	for (size_t i = 0; i < np; i++) {
		keep[i] = !size[i];
		nsize += size[i] != 0;
	}
	if (nsize)
		out[n++] = part_text(c, a, keep, &acc);      /* the scalars alone */
	for (size_t b = 0; nsize && b < np; b++) {
		if (!size[b])
			continue;
		keep[b] = 1;                                 /* the scalars and size b */
		out[n++] = part_text(c, a, keep, &acc);
		keep[b] = 0;
	}
	a = poly_isl_param_ranges(c, a);
	acc = poly_isl_param_ranges(c, acc);
	same = n && isl_set_is_equal(a, acc) == isl_bool_true;
	isl_set_free(a);
	isl_set_free(acc);
	free(keep);
	if (!same) {
		for (int i = 0; i < n; i++)
			free(out[i]);
		free(out);
		return 0;
	}
	*parts = out;
	return n;
}
