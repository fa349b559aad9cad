/* hull.c: a store whose range is no union of boxes, seen over its range's box hull.
 * Consumes an injective write relation W (threads -> buffer coordinates); produces a
 * relation W' whose range is the hull box of W's range and whose inverse is a function
 * that agrees with W^-1 on W's range and lands in W's domain everywhere else in the
 * box (W^-1 simplified under its range, isl_pw_multi_aff_gist: the anti-diagonal
 * {[m - t + 1, t + 1]} has t = x - 1 on the whole box). Values and reads expressed in
 * W''s write coordinates are then defined on the whole box; where W writes is the mask
 * W(W'^-1(w)) == w (raise: affine_hull.c). */
#include "poly_int.h"

#include <stdio.h>
#include <stdlib.h>

PolyMap *poly_map_hull(const PolyMap *w, int64_t lo[POLY_MAX_RANK], int64_t hi[POLY_MAX_RANK])
{
	isl_ctx *ctx = isl_map_get_ctx(w->m);
	isl_set *range = isl_map_range(isl_map_copy(w->m)), *box, *img, *dm, *dw;
	isl_pw_multi_aff *inv;
	isl_map *m;
	int rank = (int)isl_map_dim(w->m, isl_dim_out), ok;
	if (rank > POLY_MAX_RANK || !poly_isl_box_hull(range, lo, hi) ||
	    isl_map_is_injective(w->m) != isl_bool_true) {
		if (getenv("POLY_DEBUG")) {
			fprintf(stderr, "poly_map_hull: no box hull or not injective: ");
			isl_map_dump(w->m);
		}
		isl_set_free(range);
		return NULL;
	}
	box = poly_box_set(NULL, isl_set_get_space(range), lo, hi);
	isl_ctx_reset_error(ctx);
	isl_ctx_reset_operations(ctx);
	isl_ctx_set_max_operations(ctx, 50000);
	inv = isl_pw_multi_aff_from_map(isl_map_reverse(isl_map_copy(w->m)));
	inv = isl_pw_multi_aff_gist(inv, range);
	inv = isl_pw_multi_aff_intersect_domain(inv, isl_set_copy(box));
	m = isl_map_from_pw_multi_aff(inv);
	/* a function on the whole box, into W's domain */
	img = isl_set_apply(isl_set_copy(box), isl_map_copy(m));
	dm = isl_map_domain(isl_map_copy(m));
	dw = isl_map_domain(isl_map_copy(w->m));
	ok = m && img && dm && dw && isl_map_is_single_valued(m) == isl_bool_true &&
	     isl_set_is_subset(box, dm) == isl_bool_true && isl_set_is_subset(img, dw) == isl_bool_true;
	ok = ok && isl_ctx_last_error(ctx) != isl_error_quota;
	isl_set_free(img);
	isl_set_free(dm);
	isl_set_free(dw);
	isl_set_free(box);
	isl_ctx_set_max_operations(ctx, 0);
	isl_ctx_reset_operations(ctx);
	isl_ctx_reset_error(ctx);
	if (!ok) {
		if (getenv("POLY_DEBUG")) {
			fprintf(stderr, "poly_map_hull: no extension of the inverse to the box: ");
			isl_map_dump(w->m);
			isl_map_dump(m);
		}
		isl_map_free(m);
		return NULL;
	}
	return poly_wrap_map(w->c, isl_map_reverse(m));
}

void poly_set_balanced(PolyCtx *c, int on)
{
	c->balanced = on;
}
