/* set.c: iteration domains. Consumes guard conditions (KIR) and loop bounds; produces
 * exact sets of launch points: the launch box intersected with guards, a disjunction
 * as a union (never an over-approximation), loop counters as dimensions. Answers
 * emptiness, inclusion, constant box hulls and whether a set is a box. */
#include "poly_int.h"

#include <stdio.h>
#include <stdlib.h>

PolySet *poly_launch_box(PolyCtx *c)
{
	int64_t lo[POLY_NDIMS] = {0}, hi[POLY_NDIMS];
	int ext[POLY_NLAUNCH] = {c->grid[2], c->grid[1], c->grid[0],
	                         c->block[2], c->block[1], c->block[0]};
	for (int d = 0; d < POLY_NDIMS; d++)
		hi[d] = d < POLY_NLAUNCH ? ext[d] : 1;
	return poly_wrap_set(c, poly_box_set(c, poly_space(c), lo, hi));
}

PolySet *poly_set_universe(PolyCtx *c)
{
	return poly_wrap_set(c, isl_set_universe(poly_space(c)));
}

PolySet *poly_set_from_cond(PolyCtx *c, const KirExpr *e, const PolySet *dom,
                            PolyVarFn fn, void *env, const char **why)
{
	PolyExpr *x;
	if (e->type != KT_I1) {
		if (why)
			*why = "condition is not a boolean";
		return NULL;
	}
	x = poly_expr_from_kir(c, e, dom, fn, env, why);
	if (!x)
		return NULL;
	return poly_wrap_set(c, isl_pw_aff_non_zero_set(isl_pw_aff_copy(x->pa)));
}

PolySet *poly_set_intersect(const PolySet *a, const PolySet *b)
{
	return poly_wrap_set(a->c, isl_set_intersect(isl_set_copy(a->s), isl_set_copy(b->s)));
}

PolySet *poly_set_union(const PolySet *a, const PolySet *b)
{
	return poly_wrap_set(a->c, isl_set_union(isl_set_copy(a->s), isl_set_copy(b->s)));
}

PolySet *poly_set_subtract(const PolySet *a, const PolySet *b)
{
	return poly_wrap_set(a->c, isl_set_subtract(isl_set_copy(a->s), isl_set_copy(b->s)));
}

PolySet *poly_set_cmp(KirBinOp op, const PolyExpr *a, const PolyExpr *b)
{
	isl_pw_aff *x = isl_pw_aff_copy(a->pa), *y = isl_pw_aff_copy(b->pa);
	isl_set *s;
	switch (op) {
	case KB_LT: s = isl_pw_aff_lt_set(x, y); break;
	case KB_LE: s = isl_pw_aff_le_set(x, y); break;
	case KB_GT: s = isl_pw_aff_gt_set(x, y); break;
	case KB_GE: s = isl_pw_aff_ge_set(x, y); break;
	case KB_EQ: s = isl_pw_aff_eq_set(x, y); break;
	case KB_NE: s = isl_pw_aff_ne_set(x, y); break;
	default: die("poly_set_cmp: not a comparison");
	}
	return poly_wrap_set(a->c, s);
}

/* Frees dimension d (existentially projected, then reinserted unconstrained). */
static isl_set *free_dim(isl_set *s, int d)
{
	s = isl_set_project_out(s, isl_dim_set, (unsigned)d, 1);
	return isl_set_insert_dims(s, isl_dim_set, (unsigned)d, 1);
}

PolySet *poly_set_open_loop(const PolySet *dom, int level, const PolyExpr *lo, int64_t step)
{
	PolyCtx *c = dom->c;
	int d = POLY_NLAUNCH + level;
	isl_set *s;
	isl_pw_aff *l, *diff;
	ASSERT(level >= 0 && level < POLY_MAX_LOOPS && step > 0);
	s = free_dim(isl_set_copy(dom->s), d);
	l = isl_pw_aff_from_aff(isl_aff_var_on_domain(
		isl_local_space_from_space(poly_space(c)), isl_dim_set, (unsigned)d));
	diff = isl_pw_aff_sub(isl_pw_aff_copy(l), isl_pw_aff_copy(lo->pa));
	s = isl_set_intersect(s, isl_pw_aff_ge_set(l, isl_pw_aff_copy(lo->pa)));
	if (step > 1)
		s = isl_set_intersect(s, isl_pw_aff_zero_set(
			isl_pw_aff_mod_val(diff, isl_val_int_from_si(c->ctx, step))));
	else
		isl_pw_aff_free(diff);
	return poly_wrap_set(c, s);
}

PolySet *poly_set_close_loop(const PolySet *dom, int level)
{
	int d = POLY_NLAUNCH + level;
	isl_set *s = free_dim(isl_set_copy(dom->s), d);
	return poly_wrap_set(dom->c, isl_set_fix_si(s, isl_dim_set, (unsigned)d, 0));
}

/* A yes/no question about handles (never freed before poly_destroy, so a handle names
 * one set for the context's life), asked of isl once. */
static int fact(PolyCtx *c, const char *q, const void *a, const void *b, isl_bool v_of(
                isl_set *, isl_set *), isl_set *x, isl_set *y)
{
	char key[80];
	int v;
	snprintf(key, sizeof(key), "%s %p %p", q, a, b);
	v = poly_fact_get(c, key);
	if (v >= 0)
		return v;
	v = v_of(x, y) == isl_bool_true;
	poly_fact_put(c, key, v);
	return v;
}

static isl_bool is_empty2(isl_set *x, isl_set *y)
{
	(void)y;
	return isl_set_is_empty(x);
}

static isl_bool is_subset2(isl_set *x, isl_set *y)
{
	return isl_set_is_subset(x, y);
}

int poly_set_is_empty(const PolySet *s)
{
	return fact(s->c, "empty", s, NULL, is_empty2, s->s, NULL);
}

int poly_set_is_subset(const PolySet *a, const PolySet *b)
{
	return fact(a->c, "subset", a, b, is_subset2, a->s, b->s);
}

int poly_set_is_equal(const PolySet *a, const PolySet *b)
{
	return isl_set_is_equal(a->s, b->s) == isl_bool_true;
}

int poly_set_involves_params(const PolySet *s)
{
	return isl_set_involves_dims(s->s, isl_dim_param, 0,
	                             (unsigned)s->c->nparams) == isl_bool_true;
}

/* Constant bounds of every set dimension of s (any space); 0 when unbounded. */
int poly_isl_box_hull(isl_set *s, int64_t *lo, int64_t *hi)
{
	if (isl_set_is_empty(s) != isl_bool_false)
		return 0;
	return poly_isl_bounds(s, (int)isl_set_dim(s, isl_dim_set), lo, hi);
}

/* The bounds of the first n dimensions of s without the emptiness question (an empty s
 * has none: 0); 0 when s involves a parameter or a dimension is unbounded. */
int poly_isl_bounds(isl_set *s, int n, int64_t *lo, int64_t *hi)
{
	if (isl_set_involves_dims(s, isl_dim_param, 0, isl_set_dim(s, isl_dim_param)) != isl_bool_false)
		return 0;
	for (int d = 0; d < n; d++) {
		if (!poly_val_get(isl_set_dim_min_val(isl_set_copy(s), d), &lo[d]) ||
		    !poly_val_get(isl_set_dim_max_val(isl_set_copy(s), d), &hi[d]))
			return 0;
		hi[d]++;
	}
	return 1;
}

int poly_isl_is_box(isl_set *s)
{
	int64_t lo[16], hi[16];
	ASSERT(isl_set_dim(s, isl_dim_set) <= 16);
	if (!poly_isl_box_hull(s, lo, hi))
		return 0;
	return poly_isl_is_hull_box(s, lo, hi);
}

int poly_isl_is_hull_box(isl_set *s, const int64_t *lo, const int64_t *hi)
{
	isl_set *b;
	int ok;
	b = poly_box_set(NULL, isl_set_get_space(s), lo, hi);
	ok = isl_set_is_equal(b, s) == isl_bool_true;
	isl_set_free(b);
	return ok;
}

int poly_set_box_hull(const PolySet *s, int64_t lo[POLY_NDIMS], int64_t hi[POLY_NDIMS])
{
	return poly_isl_box_hull(s->s, lo, hi);
}

int poly_set_is_box(const PolySet *s)
{
	return poly_isl_is_box(s->s);
}

int poly_isl_sample(isl_set *s, int64_t *pt)
{
	isl_point *p;
	int n = (int)isl_set_dim(s, isl_dim_set), ok = 1;
	if (isl_set_is_empty(s) != isl_bool_false)
		return 0;
	p = isl_set_sample_point(isl_set_copy(s));
	if (!p || isl_point_is_void(p) == isl_bool_true) {
		isl_point_free(p);
		return 0;
	}
	for (int d = 0; d < n && ok; d++)
		ok = poly_val_get(isl_point_get_coordinate_val(p, isl_dim_set, d), &pt[d]);
	isl_point_free(p);
	return ok;
}

int poly_set_sample(const PolySet *s, int64_t pt[POLY_NDIMS])
{
	if (poly_set_involves_params(s))
		return 0;
	return poly_isl_sample(s->s, pt);
}

void poly_set_print(StrBuf *out, const PolySet *s)
{
	char *t = isl_set_to_str(s->s);
	sb_append(out, t ? t : "(null)");
	free(t);
}
