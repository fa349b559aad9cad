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
};

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
int poly_isl_is_box(isl_set *s);
int poly_isl_sample(isl_set *s, int64_t *pt);

#endif
