/* symsize.c: --symbolic buffer sizes (docs/symbolic.md, "Symbolic buffer sizes").
 * Consumes the accesses of a buffer whose element count is a symbol (KirBuffer.sym_size:
 * an isl parameter named after its pointer parameter, in [0, 2^31)); produces (1) the
 * assumption that every access stays below that size (the shape assertion `n <= size(x)`
 * checks it at run time) and (2) the largest index the launch accesses for any assumed
 * value: the static extent the raise works on, which the module pads the argument to (and
 * slices its result back from). */
#include "poly_int.h"

#include <isl/constraint.h>

#include <stdlib.h>

struct PolyRange {
	isl_set *s;             /* the indices, a 1-D set over the parameters */
	int64_t stride;         /* lcm of the indices' thread and loop coefficients */
};

static int64_t gcd(int64_t a, int64_t b)
{
	while (b) {
		int64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

int poly_assume_below_size(const PolyExpr *e, const PolySet *dom, int param)
{
	PolyCtx *c = dom->c;
	isl_map *m = isl_map_from_pw_aff(isl_pw_aff_copy(e->pa));
	isl_space *sp = isl_space_range(isl_map_get_space(m));
	isl_local_space *ls = isl_local_space_from_space(isl_space_copy(sp));
	isl_constraint *k = isl_inequality_alloc(ls);
	isl_set *out;
	int pos = c->param_pos[param];
	ASSERT(c->sym && pos >= 0);
	/* index - size >= 0: the access is at or past the end */
	k = isl_constraint_set_coefficient_si(k, isl_dim_set, 0, 1);
	k = isl_constraint_set_coefficient_si(k, isl_dim_param, pos, -1);
	out = isl_set_add_constraint(isl_set_universe(sp), k);
	m = isl_map_intersect_range(isl_map_intersect_domain(m, isl_set_copy(dom->s)), out);
	return poly_assume_not(c, isl_map_wrap(m));
}

PolyRange *poly_range_add(PolyRange *acc, const PolyExpr *e, const PolySet *dom)
{
	isl_set *r = isl_map_range(isl_map_intersect_domain(isl_map_from_pw_aff(isl_pw_aff_copy(e->pa)),
	                                                    isl_set_copy(dom->s)));
	int64_t coef[POLY_NDIMS], cst;
	if (!acc) {
		acc = xcalloc(1, sizeof(*acc));
		acc->s = r;
		acc->stride = 1;
	} else {
		acc->s = isl_set_coalesce(isl_set_union(acc->s, r));
	}
	if (poly_expr_get_linear(e, coef, &cst))
		for (int d = 0; d < POLY_NDIMS; d++) {
			int64_t v = coef[d] < 0 ? -coef[d] : coef[d];
			if (v > 1 && acc->stride <= ((int64_t)1 << 40) / v)
				acc->stride = acc->stride / gcd(acc->stride, v) * v;
		}
	return acc;
}

int poly_range_max(PolyCtx *c, PolyRange *acc, int64_t *hi, int64_t *stride)
{
	int64_t lo;
	isl_set *r;
	int ok;
	*hi = -1;
	*stride = 1;
	if (!acc)
		return 0;
	r = acc->s;
	*stride = acc->stride;
	free(acc);
	if (c->assume)
		r = isl_set_intersect_params(r, isl_set_copy(c->assume));
	r = poly_isl_param_ranges(c, r);
	r = isl_set_eliminate(r, isl_dim_param, 0, (unsigned)c->nparams);
	ok = isl_set_is_empty(r) == isl_bool_false && poly_isl_bounds(r, 1, &lo, hi);
	isl_set_free(r);
	if (ok)
		(*hi)--;          /* poly_isl_bounds: exclusive */
	/* an index that only the symbols' 32-bit ranges bound (j < n, n <= size(a)) has no
	 * static bound worth a tensor: 2^28 elements and more count as unbounded */
	return ok && *hi < POLY_SIZE_BOUND_MAX;
}

void poly_range_free(PolyRange *acc)
{
	if (acc) {
		isl_set_free(acc->s);
		free(acc);
	}
}
