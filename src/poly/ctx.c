/* ctx.c: the isl context of one kernel and the ownership of every handle.
 * Consumes a KirKernel and its launch; produces a PolyCtx whose space has the launch
 * dimensions, POLY_MAX_LOOPS loop dimensions and one parameter per unbound integer
 * scalar. Every PolyExpr/PolySet/PolyMap made from it is freed by poly_destroy. */
#include "poly_int.h"

#include <stdlib.h>

static const char *const dim_names[POLY_NDIMS] = {
	"bz", "by", "bx", "tz", "ty", "tx", "l0", "l1", "l2", "l3", "l4", "l5",
};

const char *poly_dim_name(int dim)
{
	ASSERT(dim >= 0 && dim < POLY_NDIMS);
	return dim_names[dim];
}

PolyCtx *poly_create(const KirKernel *k, const int grid[3], const int block[3])
{
	PolyCtx *c = xcalloc(1, sizeof(*c));

	c->ctx = isl_ctx_alloc();
	isl_options_set_on_error(c->ctx, ISL_ON_ERROR_CONTINUE);
	c->k = k;
	c->facts = map_create();
	c->pieces = map_create();
	c->accesses = map_create();
	for (int i = 0; i < 3; i++) {
		c->grid[i] = grid[i] > 0 ? grid[i] : 1;
		c->block[i] = block[i] > 0 ? block[i] : 1;
	}
	c->param_pos = xcalloc(k && k->nparams ? k->nparams : 1, sizeof(int));
	for (size_t i = 0; k && i < k->nparams; i++) {
		const KirParam *p = &k->params[i];
		c->param_pos[i] = -1;
		if ((!p->bound && p->type != KT_PTR && frontend_dtype_is_int(p->type)) ||
		    (p->type == KT_PTR && k->bufs[p->buffer].sym_size))
			c->param_pos[i] = c->nparams++;
	}
	return c;
}

void poly_destroy(PolyCtx *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->exprs.len; i++) {
		isl_pw_aff_free(c->exprs.data[i]->pa);
		free(c->exprs.data[i]);
	}
	for (size_t i = 0; i < c->sets.len; i++) {
		isl_set_free(c->sets.data[i]->s);
		free(c->sets.data[i]);
	}
	for (size_t i = 0; i < c->maps.len; i++) {
		isl_map_free(c->maps.data[i]->m);
		free(c->maps.data[i]);
	}
	VEC_FREE(c->exprs);
	VEC_FREE(c->sets);
	VEC_FREE(c->maps);
	free(c->param_pos);
	map_destroy(c->facts);
	{
		const char *key;
		void *val;
		for (size_t it = 0; map_next(c->pieces, &it, &key, &val);)
			free(val);
	}
	map_destroy(c->pieces);
	map_destroy(c->accesses);
	isl_set_free(c->assume);
	free(c->sym);
	isl_ctx_free(c->ctx);
	free(c);
}

isl_space *poly_space(PolyCtx *c)
{
	isl_space *sp = isl_space_set_alloc(c->ctx, (unsigned)c->nparams, POLY_NDIMS);
	for (size_t i = 0; c->k && i < c->k->nparams; i++)
		if (c->param_pos[i] >= 0)
			sp = isl_space_set_dim_name(sp, isl_dim_param, (unsigned)c->param_pos[i],
			                            c->k->params[i].name);
	return sp;
}

PolyExpr *poly_wrap_expr(PolyCtx *c, isl_pw_aff *pa)
{
	PolyExpr *e;
	if (!pa)
		return NULL;
	e = xcalloc(1, sizeof(*e));
	e->c = c;
	e->pa = pa;
	VEC_PUSH(c->exprs, e);
	return e;
}

PolySet *poly_wrap_set(PolyCtx *c, isl_set *s)
{
	PolySet *r;
	if (!s)
		return NULL;
	r = xcalloc(1, sizeof(*r));
	r->c = c;
	r->s = isl_set_coalesce(s);
	VEC_PUSH(c->sets, r);
	return r;
}

PolyMap *poly_wrap_map(PolyCtx *c, isl_map *m)
{
	PolyMap *r;
	if (!m)
		return NULL;
	r = xcalloc(1, sizeof(*r));
	r->c = c;
	r->m = isl_map_coalesce(m);
	VEC_PUSH(c->maps, r);
	return r;
}

int poly_fact_get(PolyCtx *c, const char *key)
{
	void *v;
	if (isl_ctx_get_max_operations(c->ctx) != 0)
		return -1;
	v = map_get(c->facts, key);
	return v ? (int)((intptr_t)v - 1) : -1;
}

void poly_fact_put(PolyCtx *c, const char *key, int v)
{
	if (isl_ctx_get_max_operations(c->ctx) == 0)
		map_put(c->facts, key, (void *)(intptr_t)(v + 1));
}

int poly_val_get(isl_val *v, int64_t *out)
{
	int ok = v && isl_val_is_int(v) && isl_val_get_den_si(v) == 1;
	if (ok) {
		/* isl_val_get_num_si is exact for values that fit a long */
		isl_val *lo = isl_val_int_from_si(isl_val_get_ctx(v), INT64_MIN / 2);
		isl_val *hi = isl_val_int_from_si(isl_val_get_ctx(v), INT64_MAX / 2);
		ok = isl_val_ge(v, lo) && isl_val_le(v, hi);
		isl_val_free(lo);
		isl_val_free(hi);
		if (ok)
			*out = isl_val_get_num_si(v);
	}
	isl_val_free(v);
	return ok;
}

/* { x : lo <= x < hi } in space sp (taken); lo/hi per set dimension. */
isl_set *poly_box_set(PolyCtx *c, isl_space *sp, const int64_t *lo, const int64_t *hi)
{
	isl_set *s = isl_set_universe(isl_space_copy(sp));
	int n = (int)isl_space_dim(sp, isl_dim_set);
	(void)c;
	for (int d = 0; d < n; d++) {
		isl_set *t = isl_set_universe(isl_space_copy(sp));
		t = isl_set_lower_bound_si(t, isl_dim_set, (unsigned)d, lo[d]);
		t = isl_set_upper_bound_si(t, isl_dim_set, (unsigned)d, hi[d] - 1);
		s = isl_set_intersect(s, t);
	}
	isl_space_free(sp);
	return s;
}
