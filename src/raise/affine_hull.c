/* affine_hull.c: a store whose range is no union of boxes (an anti-diagonal of a
 * wavefront tile, a triangle) as a select over the hull box of its range. Consumes the
 * store's write relation W and its index per buffer dimension; produces the relation
 * the value is built under (poly_map_hull: W^-1 extended to the whole box, into the
 * running threads) and the mask of where W writes, W(W'^-1(w)) == w per coordinate
 * (iotas), which the store's select takes beside its data-dependent guards. The rest of
 * the store (one dynamic_update_slice of select(mask, new, old)) is affine_store.c's. */
#include "affine_int.h"

/* The relation the value is built under, box its hull; NULL when the strategy does not
 * take hulls or W^-1 has no extension to the box into the running threads. */
PolyMap *aff_hull_relation(Aff *a, PolyMap *w, PolyPiece *box)
{
	return a->opt.hull_boxes ? poly_map_hull(w, box->lo, box->hi) : NULL;
}

/* Over the current box (the hull, a->at.w its relation): 1 where the store writes. */
int aff_hull_mask(Aff *a, SrcLoc loc)
{
	int m = -1;
	TType t = aff_box_type(&a->at.box, DT_I32);
	for (int k = 0; k < a->wrank; k++) {
		int at = aff_value(a, a->widx[k], DT_I32, loc);
		int io = tir_build_iota(B(a), t, k), eq;
		a->r->st->ops[TOP_IOTA]++;
		if (a->at.box.lo[k])
			io = aff_bin(a, TOP_ADD, io, aff_splat(a, DT_I32, 0, a->at.box.lo[k]));
		eq = tir_build_compare(B(a), CMP_EQ, at, io);
		m = m < 0 ? eq : aff_bin(a, TOP_AND, m, eq);
	}
	return m;
}
