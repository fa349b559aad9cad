/* bounds.c: can an index leave its buffer, and for which thread and parameter values.
 * Consumes a quasi-affine index and the exact domain of the statement that uses it;
 * answers with isl whether some point of the domain, for some admissible value of the
 * unbound scalars (each in its C type's range), puts the index outside [lo, hi), and
 * produces a witness: the lexicographically first such thread (block, thread, loop
 * counters), the index there, and the parameter values it needs. The same witness
 * form serves the race report (a pair of threads under parameter values).
 * "Admissible" is only the type range: guards the kernel states are already in the
 * domain, and --set values are no longer parameters. */
#include "poly_int.h"

#include <isl/constraint.h>

#include <string.h>

/* s with every parameter restricted to its C type's range. */
isl_set *poly_isl_param_ranges(PolyCtx *c, isl_set *s)
{
	for (size_t i = 0; c->k && i < c->k->nparams; i++) {
		int pos = c->param_pos[i], bits;
		KirDType t = c->k->params[i].type;
		isl_val *lo, *hi;
		if (pos < 0)
			continue;
		bits = 8 * frontend_dtype_bytes(t);
		if (t == KT_PTR) {         /* a --symbolic buffer's size: a dimension, below 2^31 */
			lo = isl_val_zero(c->ctx);
			hi = isl_val_int_from_si(c->ctx, INT32_MAX);
		} else if (frontend_dtype_is_signed(t)) {
			lo = isl_val_neg(isl_val_2exp(isl_val_int_from_si(c->ctx, bits - 1)));
			hi = isl_val_sub_ui(isl_val_2exp(isl_val_int_from_si(c->ctx, bits - 1)), 1);
		} else {
			lo = isl_val_zero(c->ctx);
			hi = isl_val_sub_ui(isl_val_2exp(isl_val_int_from_si(c->ctx, bits)), 1);
		}
		s = isl_set_lower_bound_val(s, isl_dim_param, (unsigned)pos, lo);
		s = isl_set_upper_bound_val(s, isl_dim_param, (unsigned)pos, hi);
	}
	return s;
}

/* "n = 1001, m = 3" for the parameters s involves, from their values vals[pos]. */
static void param_text(PolyCtx *c, isl_set *s, const int64_t *vals, StrBuf *out)
{
	for (size_t i = 0; c->k && i < c->k->nparams; i++) {
		int pos = c->param_pos[i];
		if (pos < 0 || isl_set_involves_dims(s, isl_dim_param, (unsigned)pos, 1) != isl_bool_true)
			continue;
		sb_printf(out, "%s%s = %lld", out->len ? ", " : "", c->k->params[i].name,
		          (long long)vals[pos]);
	}
}

int poly_isl_witness(PolyCtx *c, isl_set *s, int64_t *pt, StrBuf *params)
{
	int n = (int)isl_set_dim(s, isl_dim_set), np = (int)isl_set_dim(s, isl_dim_param), ok;
	int64_t *all = xcalloc((size_t)(n + np + 1), sizeof(int64_t));
	isl_set *flat = isl_set_move_dims(isl_set_copy(s), isl_dim_set, (unsigned)n,
	                                  isl_dim_param, 0, (unsigned)np);
	/* the first thread, then the smallest parameter values: deterministic and readable */
	flat = isl_set_lexmin(flat);
	ok = poly_isl_sample(flat, all);
	isl_set_free(flat);
	if (ok) {
		memcpy(pt, all, sizeof(int64_t) * (size_t)n);
		if (params)
			param_text(c, s, all + n, params);
	}
	free(all);
	return ok;
}

/* One constraint of a parameter set as "c0 + c1*p + ... >= 0" (or "= 0") in out. */
static isl_stat constraint_text(__isl_take isl_constraint *k, void *user)
{
	void **u = user;
	PolyCtx *c = u[0];
	StrBuf *out = u[1];
	int first = 1;
	isl_val *v = isl_constraint_get_constant_val(k);
	if (out->len && out->s[out->len - 1] != ' ')
		sb_append(out, " and ");
	if (!isl_val_is_zero(v)) {
		sb_printf(out, "%ld", isl_val_get_num_si(v));
		first = 0;
	}
	isl_val_free(v);
	for (size_t i = 0; c->k && i < c->k->nparams; i++) {
		int pos = c->param_pos[i];
		if (pos < 0)
			continue;
		v = isl_constraint_get_coefficient_val(k, isl_dim_param, pos);
		if (!isl_val_is_zero(v))
			sb_printf(out, "%s%ld*%s", first ? "" : " + ", isl_val_get_num_si(v),
			          c->k->params[i].name);
		first &= isl_val_is_zero(v);
		isl_val_free(v);
	}
	sb_append(out, first ? "0" : "");
	sb_append(out, isl_constraint_is_equality(k) ? " = 0" : " >= 0");
	isl_constraint_free(k);
	return isl_stat_ok;
}

static isl_stat disjunct_text(__isl_take isl_basic_set *b, void *user)
{
	void **u = user;
	StrBuf *out = u[1];
	isl_stat st = isl_stat_ok;
	if (isl_basic_set_dim(b, isl_dim_div) > 0)
		st = isl_stat_error;         /* integer division: not written */
	else {
		if (out->len)
			sb_append(out, " or ");
		st = isl_basic_set_foreach_constraint(b, constraint_text, user);
	}
	isl_basic_set_free(b);
	return st;
}

/* The parameter values of bad (kept) as a condition, when some admissible value lies
 * outside it and it is written without integer division; else out stays empty. */
static void when_text(PolyCtx *c, isl_set *bad, StrBuf *out)
{
	isl_set *p = isl_set_remove_redundancies(isl_set_coalesce(isl_set_params(isl_set_copy(bad))));
	isl_set *all = poly_isl_param_ranges(c, isl_set_universe(isl_set_get_space(p)));
	void *u[2] = {c, out};
	int some_ok = isl_set_is_subset(all, p) == isl_bool_false;
	p = isl_set_gist(p, all);        /* the type ranges hold anyway: not written */
	if (some_ok && isl_set_dim(p, isl_dim_param) > 0 &&
	    isl_set_foreach_basic_set(p, disjunct_text, u) != isl_stat_ok)
		sb_free(out);
	if (!some_ok || isl_set_plain_is_universe(p) == isl_bool_true)
		sb_free(out);
	isl_set_free(p);
}

int poly_expr_leaves(const PolyExpr *e, const PolySet *dom, int64_t lo, int64_t hi,
                     PolyWitness *w)
{
	PolyCtx *c = dom->c;
	isl_map *m = isl_map_from_pw_aff(isl_pw_aff_copy(e->pa));
	isl_set *out, *bad;
	int64_t pt[POLY_NDIMS + 1];
	int found;
	out = isl_set_universe(isl_space_range(isl_map_get_space(m)));
	out = isl_set_subtract(out, poly_box_set(c, isl_set_get_space(out), &lo, &hi));
	m = isl_map_intersect_range(isl_map_intersect_domain(m, isl_set_copy(dom->s)), out);
	bad = poly_isl_param_ranges(c, isl_map_wrap(m));
	found = isl_set_is_empty(bad) == isl_bool_false;
	memset(w, 0, sizeof(*w));
	if (found)
		when_text(c, bad, &w->when);
	if (found && poly_isl_witness(c, bad, pt, &w->params)) {
		memcpy(w->pt, pt, sizeof(int64_t) * POLY_NDIMS);
		w->value = pt[POLY_NDIMS];
	} else if (found) {
		w->unknown = 1;
	}
	isl_set_free(bad);
	return found;
}
