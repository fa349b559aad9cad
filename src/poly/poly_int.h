/* poly_int.h: private to src/poly. The isl objects behind the handles of poly.h. */
#ifndef CUDA2HLO_POLY_INT_H
#define CUDA2HLO_POLY_INT_H

#include "poly.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/ilp.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

struct PolyExpr {
	PolyCtx *c;
	isl_pw_aff *pa;      /* defined on the whole space */
};

struct PolySet {
	PolyCtx *c;
	isl_set *s;
};

struct PolyMap {
	PolyCtx *c;
	isl_map *m;
};

struct PolyCtx {
	isl_ctx *ctx;
	const KirKernel *k;
	int grid[3], block[3];
	int nparams;
	int *param_pos;          /* KirParam index -> isl parameter position, or -1 */
	VEC(PolyExpr *) exprs;   /* everything handed out, freed by poly_destroy */
	VEC(PolySet *) sets;
	VEC(PolyMap *) maps;
	/* answers to yes/no questions that a raise asks again and again (a select tree
	 * walks one load under every path of its guards): a fact's key names its question
	 * exactly (the printed isl objects, or handles, which are never freed before
	 * poly_destroy); only questions asked without an operation budget are kept */
	Map *facts;
	/* poly_map_in_coords' answers (a PieceMemo each) under "max | r | w" printed: the
	 * same read of the same store is asked under every path of a select tree and for
	 * every retry of a shape */
	Map *pieces;
	/* poly_access' relations (handles) under the domain's handle and the printed
	 * indices: a load is walked under every path of a select tree */
	Map *accesses;
	isl_set *assume;         /* assume.c: parameter values assumed (NULL: all) */
	char *sym;               /* assume.c: per KirParam, --symbolic (NULL: none): the
	                            checks narrow `assume` instead of failing */
	int balanced;            /* poly_delinearize may split a coefficient over strides */
};
/* assume.c: drops from c->assume the values of the symbolic parameters for which some
 * point of bad (taken) exists for some value of the others; 0 when nothing is left. */
int poly_assume_not(PolyCtx *c, isl_set *bad);

/* ctx.c: wrapping (takes ownership of the isl object; NULL in, NULL out) */
isl_space *poly_space(PolyCtx *c);                 /* the set space */
PolyExpr *poly_wrap_expr(PolyCtx *c, isl_pw_aff *pa);
PolySet *poly_wrap_set(PolyCtx *c, isl_set *s);
PolyMap *poly_wrap_map(PolyCtx *c, isl_map *m);
/* isl_val -> int64: 0 when not an integer that fits */
int poly_val_get(isl_val *v, int64_t *out);        /* takes v */
isl_set *poly_box_set(PolyCtx *c, isl_space *sp, const int64_t *lo, const int64_t *hi);
/* set.c: on any isl set (bounds and points per set dimension) */
int poly_isl_box_hull(isl_set *s, int64_t *lo, int64_t *hi);
/* The same bounds of the first n dimensions, without asking whether s is empty (split_box
 * runs without an operation budget and asks that itself). */
int poly_isl_bounds(isl_set *s, int n, int64_t *lo, int64_t *hi);
int poly_isl_is_box(isl_set *s);
/* Is s its box hull lo <= x < hi (from poly_isl_box_hull)? */
int poly_isl_is_hull_box(isl_set *s, const int64_t *lo, const int64_t *hi);
int poly_isl_sample(isl_set *s, int64_t *pt);
/* bounds.c: s with each parameter in its C type's range (takes s); the lexicographically
 * first point of s with the parameters as trailing coordinates: pt gets the set
 * coordinates, *params (when not NULL) the values of the parameters s involves. */
isl_set *poly_isl_param_ranges(PolyCtx *c, isl_set *s);
int poly_isl_witness(PolyCtx *c, isl_set *s, int64_t *pt, StrBuf *params);
/* ctx.c: the fact memo. poly_fact_get: 1 or 0 when known, -1 when not (or when a budget
 * runs, then nothing is kept either); poly_fact_put keeps v. */
int poly_fact_get(PolyCtx *c, const char *key);
void poly_fact_put(PolyCtx *c, const char *key, int v);

#endif
