/* access.c: access relations and the facts raise decides with. Consumes a domain and
 * index expressions; produces relations from launch points to buffer coordinates,
 * delinearized against a buffer shape (a flat `j*nx + i` is the 2-D `[j][i]` when
 * 0 <= i < nx holds on the domain), and answers: is a write injective, do two threads
 * meet at one location, is a range a box, and how a read (or any lane value) reads as a
 * function of the write coordinates (pieces of affine maps on boxes). */
#include "poly_int.h"

#include <stdlib.h>
#include <string.h>

PolyMap *poly_access(const PolySet *dom, PolyExpr *const *idx, int n)
{
	PolyCtx *c = dom->c;
	isl_map *m = NULL;
	StrBuf key = {0};
	PolyMap *r;
	ASSERT(n >= 1);
	sb_printf(&key, "%p", (const void *)dom);
	for (int k = 0; k < n; k++) {
		char *t = isl_pw_aff_to_str(idx[k]->pa);
		sb_printf(&key, " | %s", t ? t : "");
		free(t);
	}
	r = map_get(c->accesses, sb_str(&key));
	if (r) {
		sb_free(&key);
		return r;
	}
	for (int k = 0; k < n; k++) {
		isl_map *mk = isl_map_from_pw_aff(isl_pw_aff_copy(idx[k]->pa));
		m = m ? isl_map_flat_range_product(m, mk) : mk;
	}
	r = poly_wrap_map(c, isl_map_intersect_domain(m, isl_set_copy(dom->s)));
	if (r)
		map_put(c->accesses, sb_str(&key), r);
	sb_free(&key);
	return r;
}

PolyMap *poly_map_restrict(const PolyMap *m, const PolySet *dom)
{
	return poly_wrap_map(m->c, isl_map_intersect_domain(isl_map_copy(m->m), isl_set_copy(dom->s)));
}

PolyMap *poly_map_restrict_range(const PolyMap *m, const int64_t *lo, const int64_t *hi)
{
	isl_space *sp = isl_space_range(isl_map_get_space(m->m));
	isl_set *b = poly_box_set(NULL, sp, lo, hi);
	return poly_wrap_map(m->c, isl_map_intersect_range(isl_map_copy(m->m), b));
}

int poly_map_rank(const PolyMap *m)
{
	return (int)isl_map_dim(m->m, isl_dim_out);
}

/* Range of values of pa on dom: lo <= pa <= hi. isl_pw_aff_min_val gives up ("expecting
 * integer affine expression") on some unions of points (two rows j == 3 || j == 45 of a
 * launch split in blocks); the image of pa on dom answers those. */
static int pa_range(isl_pw_aff *pa, isl_set *dom, int64_t *lo, int64_t *hi)
{
	isl_pw_aff *r = isl_pw_aff_intersect_domain(isl_pw_aff_copy(pa), isl_set_copy(dom));
	isl_val *min = isl_pw_aff_min_val(isl_pw_aff_copy(r));
	isl_val *max = isl_pw_aff_max_val(isl_pw_aff_copy(r));
	int ok;
	if (!min || !max) {
		isl_set *img = isl_map_range(isl_map_from_pw_aff(isl_pw_aff_copy(r)));
		isl_val_free(min);
		isl_val_free(max);
		min = isl_set_dim_min_val(isl_set_copy(img), 0);
		max = isl_set_dim_max_val(img, 0);
	}
	isl_pw_aff_free(r);
	ok = poly_val_get(min, lo);           /* both taken, so both are freed either way */
	return poly_val_get(max, hi) && ok;
}

static isl_pw_aff *lin_pa(PolyCtx *c, const int64_t *coef, int64_t cst)
{
	isl_aff *a = isl_aff_zero_on_domain(isl_local_space_from_space(poly_space(c)));
	for (int d = 0; d < POLY_NDIMS; d++)
		if (coef[d])
			a = isl_aff_set_coefficient_val(a, isl_dim_in, d,
			                                isl_val_int_from_si(c->ctx, coef[d]));
	a = isl_aff_add_constant_val(a, isl_val_int_from_si(c->ctx, cst));
	return isl_pw_aff_from_aff(a);
}

static int64_t mod_floor(int64_t a, int64_t b)
{
	int64_t r = a % b;
	return r < 0 ? r + b : r;
}

/* The terms of a flat index split over the dimensions: each term to the largest stride
 * dividing its coefficient; or (balanced) each coefficient as digits of the strides,
 * each digit the nearest multiple (17 m - 16 t under [.][17]: -t + 1 * 17 and t + 1,
 * the anti-diagonal t[m - t + 1][t + 1] of a 2-D tile). */
static void split_terms(const int64_t *coef, int rank, const int64_t *stride, int balanced,
                        int64_t part[POLY_MAX_RANK][POLY_NDIMS])
{
	memset(part, 0, sizeof(int64_t) * POLY_MAX_RANK * POLY_NDIMS);
	for (int d = 0; d < POLY_NDIMS; d++) {
		int k = 0;
		int64_t r = coef[d];
		if (!r)
			continue;
		if (balanced) {
			for (k = 0; k < rank - 1; k++) {
				int64_t q = r / stride[k], m = r - q * stride[k];
				if (2 * m > stride[k])
					q++;
				else if (2 * m < -stride[k])
					q--;
				part[k][d] = q;
				r -= q * stride[k];
			}
			part[rank - 1][d] = r;
			continue;
		}
		while (r % stride[k])
			k++;
		part[k][d] = r / stride[k];
	}
}

static int delinearize(const PolySet *dom, const PolyExpr *flat, int rank,
                       const int64_t *dims, PolyExpr *idx[POLY_MAX_RANK], int balanced)
{
	PolyCtx *c = dom->c;
	int64_t coef[POLY_NDIMS], cst, stride[POLY_MAX_RANK];
	int64_t part[POLY_MAX_RANK][POLY_NDIMS], pc[POLY_MAX_RANK];
	ASSERT(rank >= 1 && rank <= POLY_MAX_RANK);
	if (!poly_expr_get_linear(flat, coef, &cst))
		return 0;
	stride[rank - 1] = 1;
	for (int k = rank - 2; k >= 0; k--)
		stride[k] = stride[k + 1] * dims[k + 1];
	split_terms(coef, rank, stride, balanced, part);
	/* the constant: digits from the innermost dimension out, each placed so that the
	 * component's range starts inside [0, dims[k]) when possible */
	for (int k = rank - 1; k >= 0; k--) {
		int64_t lo, hi;
		isl_pw_aff *v = lin_pa(c, part[k], 0);
		int ok = pa_range(v, dom->s, &lo, &hi);
		isl_pw_aff_free(v);
		if (!ok)
			return 0;
		if (k == 0) {
			pc[k] = cst;
		} else {
			int64_t r = mod_floor(cst, dims[k]);
			if (lo + r >= dims[k])
				r -= dims[k];
			else if (balanced && lo + r < 0)   /* 17 - t of 289 - 16 t + 1 */
				r += dims[k];
			pc[k] = r;
			cst = (cst - r) / dims[k];
		}
		if (lo + pc[k] < 0 || hi + pc[k] >= dims[k])
			return 0;
	}
	for (int k = 0; k < rank; k++)
		idx[k] = poly_wrap_expr(c, lin_pa(c, part[k], pc[k]));
	return 1;
}

int poly_delinearize(const PolySet *dom, const PolyExpr *flat, int rank,
                     const int64_t *dims, PolyExpr *idx[POLY_MAX_RANK])
{
	return delinearize(dom, flat, rank, dims, idx, 0) ||
	       (dom->c->balanced && delinearize(dom, flat, rank, dims, idx, 1));
}

int poly_expr_bounds(const PolyExpr *e, const PolySet *dom, int64_t *lo, int64_t *hi)
{
	return pa_range(e->pa, dom->s, lo, hi);
}

/* The digits of a flat index in [0, count) as floor divisions and remainders (exact for
 * any flat index in bounds, piecewise or with divisions itself): which pieces they
 * make is for the caller to find out (poly_map_in_coords splits narrow divisions). */
int poly_delinearize_div(const PolySet *dom, const PolyExpr *flat, int rank,
                         const int64_t *dims, PolyExpr *idx[POLY_MAX_RANK])
{
	PolyCtx *c = dom->c;
	int64_t count = 1, lo, hi, stride = 1;
	int ok;
	ASSERT(rank >= 1 && rank <= POLY_MAX_RANK);
	for (int k = 0; k < rank; k++)
		count *= dims[k];
	ok = pa_range(flat->pa, dom->s, &lo, &hi) && lo >= 0 && hi < count;
	if (!ok)
		return 0;
	for (int k = rank - 1; k >= 0; k--) {
		isl_pw_aff *q = isl_pw_aff_copy(flat->pa);
		if (stride > 1)
			q = isl_pw_aff_floor(isl_pw_aff_scale_down_val(q, isl_val_int_from_si(c->ctx, stride)));
		if (k > 0)
			q = isl_pw_aff_mod_val(q, isl_val_int_from_si(c->ctx, dims[k]));
		idx[k] = poly_wrap_expr(c, q);
		stride *= dims[k];
	}
	return 1;
}

/* Candidate strides: coefficient magnitudes > 1 of the flat index. */
int poly_shape_candidates(const PolyExpr *flat, int64_t count,
                          int64_t shapes[][POLY_MAX_RANK], int *ranks, int max)
{
	int64_t coef[POLY_NDIMS], cst, cand[POLY_NDIMS];
	int nc = 0, n = 0;
	if (count <= 0 || !poly_expr_get_linear(flat, coef, &cst))
		return 0;
	/* thread and loop coefficients first: they are the strides of the index variables
	 * (k = bz*bdz + tz has stride s on tz, bdz*s on bz), so a shape made of them is the
	 * array's own; a block coefficient's shape splits a dimension at a block edge */
	static const int order[POLY_NDIMS] = {
		POLY_TZ, POLY_TY, POLY_TX, POLY_NLAUNCH, POLY_NLAUNCH + 1, POLY_NLAUNCH + 2,
		POLY_NLAUNCH + 3, POLY_NLAUNCH + 4, POLY_NLAUNCH + 5, POLY_BZ, POLY_BY, POLY_BX};
	for (int o = 0; o < POLY_NDIMS; o++) {
		int d = order[o];
		int64_t v = coef[d] < 0 ? -coef[d] : coef[d], dup = 0;
		for (int j = 0; j < nc; j++)
			dup |= cand[j] == v;
		if (v > 1 && !dup && count % v == 0)
			cand[nc++] = v;
	}
	/* with balanced splits, a stride one off a coefficient (the anti-diagonal
	 * (m - t) * W + t has W - 1 on t, the diagonal t * W + t has W + 1) */
	for (int o = 0; o < POLY_NDIMS && flat->c->balanced; o++)
		for (int64_t off = -1; off <= 1; off += 2) {
			int d = order[o];
			int64_t v = (coef[d] < 0 ? -coef[d] : coef[d]) + off, dup = 0;
			for (int j = 0; j < nc; j++)
				dup |= cand[j] == v;
			if (coef[d] && v > 1 && !dup && count % v == 0 && nc < POLY_NDIMS)
				cand[nc++] = v;
		}
	/* subsets of the candidates that form a divisibility chain, fewest strides first */
	for (int want = 1; want < POLY_MAX_RANK; want++)
		for (unsigned mask = 1; mask < (1u << nc); mask++) {
			int64_t s[POLY_MAX_RANK];
			int k = 0, ok = 1;
			if (__builtin_popcount(mask) != want)
				continue;
			for (int j = 0; j < nc; j++)
				if (mask & (1u << j))
					s[k++] = cand[j];
			for (int a = 0; a < k; a++)        /* sort descending */
				for (int b = a + 1; b < k; b++)
					if (s[b] > s[a]) {
						int64_t t = s[a];
						s[a] = s[b];
						s[b] = t;
					}
			for (int a = 0; a + 1 < k; a++)
				ok &= s[a] % s[a + 1] == 0;
			if (!ok || n == max)
				continue;
			shapes[n][0] = count / s[0];
			for (int a = 1; a < k; a++)
				shapes[n][a] = s[a - 1] / s[a];
			shapes[n][k] = s[k - 1];
			ranks[n++] = k + 1;
		}
	return n;
}

int poly_map_is_injective(const PolyMap *m)
{
	return isl_map_is_injective(m->m) == isl_bool_true;
}

/* { x -> y : x and y differ in some launch dimension } */
static isl_map *other_thread(PolyCtx *c)
{
	isl_space *sp = isl_space_map_from_set(poly_space(c));
	isl_map *r = isl_map_empty(isl_space_copy(sp));
	for (int d = 0; d < POLY_NLAUNCH; d++) {
		r = isl_map_union(r, isl_map_order_lt(isl_map_universe(isl_space_copy(sp)),
		                                      isl_dim_in, d, isl_dim_out, d));
		r = isl_map_union(r, isl_map_order_gt(isl_map_universe(isl_space_copy(sp)),
		                                      isl_dim_in, d, isl_dim_out, d));
	}
	isl_space_free(sp);
	return r;
}

/* { [x -> y] : a(x) == b(y), x and y different threads } (params as in a and b) */
static isl_set *conflict_pairs(const PolyMap *a, const PolyMap *b)
{
	isl_map *pairs = isl_map_apply_range(isl_map_copy(a->m), isl_map_reverse(isl_map_copy(b->m)));
	return isl_map_wrap(isl_map_intersect(pairs, other_thread(a->c)));
}

int poly_maps_conflict(const PolyMap *a, const PolyMap *b, int64_t pa[POLY_NDIMS],
                       int64_t pb[POLY_NDIMS])
{
	isl_set *w;
	int64_t pt[2 * POLY_NDIMS];
	int found;
	if (isl_map_dim(a->m, isl_dim_out) != isl_map_dim(b->m, isl_dim_out))
		return 0;
	w = conflict_pairs(a, b);
	found = isl_set_is_empty(w) == isl_bool_false;
	if (found && isl_set_involves_dims(w, isl_dim_param, 0,
	                                   isl_set_dim(w, isl_dim_param)) != isl_bool_true &&
	    poly_isl_sample(w, pt)) {
		memcpy(pa, pt, sizeof(int64_t) * POLY_NDIMS);
		memcpy(pb, pt + POLY_NDIMS, sizeof(int64_t) * POLY_NDIMS);
	} else if (found) {
		memset(pa, 0, sizeof(int64_t) * POLY_NDIMS);
		memset(pb, 0, sizeof(int64_t) * POLY_NDIMS);
	}
	isl_set_free(w);
	return found;
}

int poly_maps_conflict_params(const PolyMap *a, const PolyMap *b, int64_t pa[POLY_NDIMS],
                              int64_t pb[POLY_NDIMS], StrBuf *params)
{
	isl_set *w;
	int64_t pt[2 * POLY_NDIMS];
	int found;
	if (isl_map_dim(a->m, isl_dim_out) != isl_map_dim(b->m, isl_dim_out))
		return 0;
	w = poly_isl_param_ranges(a->c, conflict_pairs(a, b));
	found = isl_set_is_empty(w) == isl_bool_false;
	/* --symbolic: a race for some symbolic values only excludes them (assume.c) */
	if (found && a->c->sym && poly_assume_not(a->c, isl_set_copy(w)))
		found = 0;
	memset(pa, 0, sizeof(int64_t) * POLY_NDIMS);
	memset(pb, 0, sizeof(int64_t) * POLY_NDIMS);
	if (found && isl_set_involves_dims(w, isl_dim_param, 0,
	                                   isl_set_dim(w, isl_dim_param)) != isl_bool_true) {
		if (poly_isl_sample(w, pt)) {     /* as poly_maps_conflict: no parameters */
			memcpy(pa, pt, sizeof(int64_t) * POLY_NDIMS);
			memcpy(pb, pt + POLY_NDIMS, sizeof(int64_t) * POLY_NDIMS);
		}
	} else if (found && poly_isl_witness(a->c, w, pt, params)) {
		memcpy(pa, pt, sizeof(int64_t) * POLY_NDIMS);
		memcpy(pb, pt + POLY_NDIMS, sizeof(int64_t) * POLY_NDIMS);
	}
	isl_set_free(w);
	return found;
}

int poly_maps_meet_apart(const PolyMap *a, const PolyMap *b)
{
	isl_map *pairs;
	isl_set *w;
	int found;
	if (isl_map_dim(a->m, isl_dim_out) != isl_map_dim(b->m, isl_dim_out))
		return 1;
	pairs = isl_map_apply_range(isl_map_copy(a->m), isl_map_reverse(isl_map_copy(b->m)));
	pairs = isl_map_subtract(pairs, isl_map_identity(isl_map_get_space(pairs)));
	w = poly_isl_param_ranges(a->c, isl_map_wrap(pairs));
	found = isl_set_is_empty(w) != isl_bool_true;
	isl_set_free(w);
	return found;
}

PolyMap *poly_map_union(const PolyMap *a, const PolyMap *b)
{
	ASSERT(isl_map_dim(a->m, isl_dim_out) == isl_map_dim(b->m, isl_dim_out));
	return poly_wrap_map(a->c, isl_map_union(isl_map_copy(a->m), isl_map_copy(b->m)));
}

int poly_map_reads_outside(const PolyMap *r, PolyMap *const *w, int nw,
                           int64_t pt[POLY_NDIMS + POLY_MAX_RANK + 3], StrBuf *params)
{
	isl_set *written = isl_set_empty(isl_space_range(isl_map_get_space(r->m))), *bad;
	int found;
	for (int i = 0; i < nw; i++)
		if (isl_map_dim(w[i]->m, isl_dim_out) == isl_map_dim(r->m, isl_dim_out))
			written = isl_set_union(written, isl_map_range(isl_map_copy(w[i]->m)));
	bad = isl_map_wrap(isl_map_subtract_range(isl_map_copy(r->m), written));
	bad = poly_isl_param_ranges(r->c, bad);
	found = isl_set_is_empty(bad) == isl_bool_false;
	if (found && !poly_isl_witness(r->c, bad, pt, params))
		memset(pt, 0, sizeof(int64_t) * (size_t)isl_set_dim(bad, isl_dim_set));
	isl_set_free(bad);
	return found;
}

int poly_map_range_box(const PolyMap *m, int64_t lo[POLY_MAX_RANK], int64_t hi[POLY_MAX_RANK])
{
	isl_set *r = isl_map_range(isl_map_copy(m->m));
	int ok = isl_set_dim(r, isl_dim_set) <= POLY_MAX_RANK && poly_isl_is_box(r) &&
	         poly_isl_box_hull(r, lo, hi);
	isl_set_free(r);
	return ok;
}

int poly_map_domain_is_subset(const PolyMap *m, const PolySet *s)
{
	isl_set *d = isl_map_domain(isl_map_copy(m->m));
	int ok = isl_set_is_subset(d, s->s) == isl_bool_true;
	isl_set_free(d);
	return ok;
}

/* Whether every (point, element) pair of a is one of b's (accesses of one buffer). */
int poly_map_is_subset(const PolyMap *a, const PolyMap *b)
{
	return isl_map_is_subset(a->m, b->m) == isl_bool_true;
}

/* Whether two points of m in different blocks may access one element: m composed with
 * its inverse (the pairs of points that meet) less the pairs in one block. */
int poly_map_meets_across_blocks(const PolyMap *m)
{
	isl_map *meet = isl_map_apply_range(isl_map_copy(m->m), isl_map_reverse(isl_map_copy(m->m)));
	isl_map *one = isl_map_universe(isl_map_get_space(meet));
	int empty;

	for (int d = POLY_BZ; d <= POLY_BX; d++)
		one = isl_map_equate(one, isl_dim_in, d, isl_dim_out, d);
	meet = isl_map_subtract(meet, one);
	empty = isl_map_is_empty(meet) == isl_bool_true;
	isl_map_free(meet);
	return !empty;
}

typedef struct Pieces {
	PolyPiece *out;
	int n, max, ok, nin, nout;
	isl_multi_aff *cur;
	isl_ctx *ctx;
} Pieces;

static int aff_has_div_terms(isl_aff *a)
{
	int nd = (int)isl_aff_dim(a, isl_dim_div), nz = 0;
	for (int k = 0; k < nd && !nz; k++) {
		isl_val *v = isl_aff_get_coefficient_val(a, isl_dim_div, k);
		nz = !isl_val_is_zero(v);
		isl_val_free(v);
	}
	return nz;
}

/* Emits the piece of p->cur on the box lo <= x < hi. */
static void emit_box(Pieces *p, const int64_t *lo, const int64_t *hi)
{
	PolyPiece *pc;
	if (p->n == p->max) {
		p->ok = 0;
		return;
	}
	pc = &p->out[p->n++];
	memset(pc, 0, sizeof(*pc));
	memcpy(pc->lo, lo, sizeof(int64_t) * (size_t)p->nin);
	memcpy(pc->hi, hi, sizeof(int64_t) * (size_t)p->nin);
	for (int j = 0; j < p->nout && p->ok; j++) {
		isl_aff *a = isl_multi_aff_get_aff(p->cur, j);
		p->ok = !aff_has_div_terms(a) &&
		        poly_val_get(isl_aff_get_constant_val(a), &pc->cst[j]);
		for (int k = 0; k < p->nin && p->ok; k++)
			p->ok = poly_val_get(isl_aff_get_coefficient_val(a, isl_dim_in, k),
			                     &pc->coef[j][k]);
		isl_aff_free(a);
		/* a dimension of extent 1 is a constant on this piece */
		for (int k = 0; k < p->nin && p->ok; k++)
			if (pc->hi[k] - pc->lo[k] == 1) {
				pc->cst[j] += pc->coef[j][k] * pc->lo[k];
				pc->coef[j][k] = 0;
			}
	}
}

/* Boxes of a set whose constraints couple dimensions (i2 <= 69 - 32 i0: a guard on the
 * partial edge tile of a tiled kernel): the dimension that takes the fewest values is
 * fixed to each of them, recursively, until every part is a box. */
#define MAX_SPLIT_VALUES 128
#define MAX_SPLIT_BOXES 2048

typedef struct SplitBoxes {
	int64_t lo[MAX_SPLIT_BOXES][POLY_MAX_RANK], hi[MAX_SPLIT_BOXES][POLY_MAX_RANK];
	int n, nin, ok;
} SplitBoxes;

static isl_stat split_box(isl_basic_set *bs, void *user);

/* Is s its hull lo <= x < hi? s is inside the hull, so it is when the hull is in s. */
static int split_is_box(isl_set *s, const int64_t *lo, const int64_t *hi)
{
	isl_set *b = poly_box_set(NULL, isl_set_get_space(s), lo, hi);
	int ok = isl_set_is_subset(b, s) == isl_bool_true;
	isl_set_free(b);
	return ok;
}

static void split_set(SplitBoxes *sb, isl_set *s)
{
	s = isl_set_make_disjoint(isl_set_coalesce(s));
	isl_set_foreach_basic_set(s, split_box, sb);
	isl_set_free(s);
}

/* Merges the boxes from `from` on that differ in one dimension only and touch there. */
static void merge_boxes(SplitBoxes *sb, int from)
{
	for (int changed = 1; changed;) {
		changed = 0;
		for (int i = from; i < sb->n && !changed; i++)
			for (int j = from; j < sb->n && !changed; j++) {
				int d = -1, same = i != j;
				for (int k = 0; k < sb->nin && same; k++)
					if (sb->lo[i][k] != sb->lo[j][k] || sb->hi[i][k] != sb->hi[j][k]) {
						same = d < 0 && sb->hi[i][k] == sb->lo[j][k];
						d = k;
					}
				if (!same || d < 0)
					continue;
				sb->hi[i][d] = sb->hi[j][d];
				sb->n--;
				memcpy(sb->lo[j], sb->lo[sb->n], sizeof(sb->lo[j]));
				memcpy(sb->hi[j], sb->hi[sb->n], sizeof(sb->hi[j]));
				changed = 1;
			}
	}
}

static isl_stat split_box(isl_basic_set *bs, void *user)
{
	SplitBoxes *sb = user;
	isl_set *s = isl_set_from_basic_set(bs);
	int64_t lo[POLY_MAX_RANK], hi[POLY_MAX_RANK];
	int d, n0;
	/* (no operation budget runs here: the hull is found once, emptiness only asked
	 * when there is none) */
	if (!sb->ok || !poly_isl_bounds(s, sb->nin, lo, hi)) {
		sb->ok &= isl_set_is_empty(s) == isl_bool_true;
		isl_set_free(s);
		return isl_stat_ok;
	}
	if (split_is_box(s, lo, hi)) {
		if (sb->n == MAX_SPLIT_BOXES)
			sb->ok = 0;
		else {
			memcpy(sb->lo[sb->n], lo, sizeof(lo));
			memcpy(sb->hi[sb->n++], hi, sizeof(hi));
		}
		isl_set_free(s);
		return isl_stat_ok;
	}
	d = -1;                   /* the dimension with the fewest values */
	for (int k = 0; k < sb->nin; k++)
		if (hi[k] - lo[k] > 1 && hi[k] - lo[k] <= MAX_SPLIT_VALUES &&
		    (d < 0 || hi[k] - lo[k] < hi[d] - lo[d]))
			d = k;
	if (d < 0) {
		sb->ok = 0;
		isl_set_free(s);
		return isl_stat_ok;
	}
	n0 = sb->n;
	for (int64_t q = lo[d]; q < hi[d] && sb->ok; q++)
		split_set(sb, isl_set_fix_si(isl_set_copy(s), isl_dim_set, (unsigned)d, (int)q));
	merge_boxes(sb, n0);
	isl_set_free(s);
	return isl_stat_ok;
}

static isl_stat one_box(isl_basic_set *bs, void *user)
{
	Pieces *p = user;
	isl_set *s = isl_set_from_basic_set(bs);
	int64_t lo[POLY_MAX_RANK], hi[POLY_MAX_RANK];
	if (!p->ok) {
		isl_set_free(s);
		return isl_stat_ok;
	}
	if (!poly_isl_is_box(s)) {
		/* bounded by MAX_SPLIT_BOXES: outside the pieces' operation budget */
		isl_ctx *ctx = isl_set_get_ctx(s);
		unsigned long budget = isl_ctx_get_max_operations(ctx);
		SplitBoxes *sb = calloc(1, sizeof(*sb));
		isl_ctx_set_max_operations(ctx, 0);
		sb->nin = p->nin;
		sb->ok = p->nin <= POLY_MAX_RANK;
		if (sb->ok)
			split_set(sb, s);
		else
			isl_set_free(s);
		if (sb->ok)
			merge_boxes(sb, 0);
		if (getenv("POLY_DEBUG"))
			fprintf(stderr, "one_box: not a box: %s, %d boxes\n", sb->ok ? "split" : "fails",
			        sb->n);
		for (int i = 0; i < sb->n && sb->ok && p->ok; i++)
			emit_box(p, sb->lo[i], sb->hi[i]);
		p->ok &= sb->ok;
		free(sb);
		isl_ctx_reset_operations(ctx);
		isl_ctx_set_max_operations(ctx, budget);
		return isl_stat_ok;
	}
	if (getenv("POLY_DEBUG")) {
		isl_set_dump(s);
		isl_multi_aff_dump(p->cur);
	}
	poly_isl_box_hull(s, lo, hi);
	emit_box(p, lo, hi);
	isl_set_free(s);
	return isl_stat_ok;
}

/* The first division with a non-zero coefficient in some output of ma: output *j,
 * division *pos. */
static int find_div(isl_multi_aff *ma, int nout, int *j, int *pos)
{
	for (*j = 0; *j < nout; (*j)++) {
		isl_aff *a = isl_multi_aff_get_aff(ma, *j);
		int nd = (int)isl_aff_dim(a, isl_dim_div);
		for (*pos = 0; *pos < nd; (*pos)++) {
			isl_val *v = isl_aff_get_coefficient_val(a, isl_dim_div, *pos);
			int nz = !isl_val_is_zero(v);
			isl_val_free(v);
			if (nz) {
				isl_aff_free(a);
				return 1;
			}
		}
		isl_aff_free(a);
	}
	return 0;
}

/* Emits the pieces of ma on s (both taken). A division floor(e/m) that takes few
 * values on s is split: on each part where it equals q it is replaced by q. */
static void split_piece(Pieces *p, isl_set *s, isl_multi_aff *ma)
{
	int j, pos;
	int64_t qlo, qhi;
	isl_aff *a, *d;
	if (!p->ok || isl_set_is_empty(s) == isl_bool_true) {
		isl_set_free(s);
		isl_multi_aff_free(ma);
		return;
	}
	if (!find_div(ma, p->nout, &j, &pos)) {
		p->cur = ma;
		s = isl_set_make_disjoint(isl_set_coalesce(s));
		isl_set_foreach_basic_set(s, one_box, p);
		isl_set_free(s);
		isl_multi_aff_free(ma);
		return;
	}
	a = isl_multi_aff_get_aff(ma, j);
	d = isl_aff_floor(isl_aff_get_div(a, pos));
	if (!poly_val_get(isl_set_min_val(s, d), &qlo) || !poly_val_get(isl_set_max_val(s, d), &qhi) ||
	    qhi - qlo >= POLY_MAX_PIECES) {
		if (getenv("POLY_DEBUG")) {
			fprintf(stderr, "split_piece: division range unknown or too wide: ");
			isl_aff_dump(d);
			isl_set_dump(s);
		}
		p->ok = 0;
	} else {
		isl_val *cf = isl_aff_get_coefficient_val(a, isl_dim_div, pos);
		for (int64_t q = qlo; q <= qhi && p->ok; q++) {
			isl_set *sq = isl_set_intersect(isl_set_copy(s), isl_pw_aff_eq_set(
				isl_pw_aff_from_aff(isl_aff_copy(d)),
				isl_pw_aff_val_on_domain(isl_set_universe(isl_set_get_space(s)),
				                         isl_val_int_from_si(p->ctx, q))));
			isl_aff *aq = isl_aff_set_coefficient_si(isl_aff_copy(a), isl_dim_div, pos, 0);
			aq = isl_aff_add_constant_val(aq, isl_val_mul(isl_val_copy(cf),
			                              isl_val_int_from_si(p->ctx, q)));
			split_piece(p, sq, isl_multi_aff_set_aff(isl_multi_aff_copy(ma), j, aq));
		}
		isl_val_free(cf);
	}
	isl_aff_free(d);
	isl_aff_free(a);
	isl_set_free(s);
	isl_multi_aff_free(ma);
}

static isl_stat one_piece(isl_set *s, isl_multi_aff *ma, void *user)
{
	split_piece(user, s, ma);
	return isl_stat_ok;
}

/* t (taken) restricted to the range of w when it is a function there without
 * parameters, of ranks POLY_MAX_RANK at most; else NULL. */
static isl_map *on_write_range(isl_map *t, const PolyMap *w)
{
	isl_set *rw = isl_map_range(isl_map_copy(w->m));
	isl_set *dt = isl_map_domain(isl_map_copy(t));
	int ok = isl_set_is_subset(rw, dt) == isl_bool_true;     /* both __isl_keep */
	isl_set_free(dt);
	t = isl_map_intersect_domain(t, rw);
	ok = ok && isl_map_is_single_valued(t) == isl_bool_true &&
	     isl_map_involves_dims(t, isl_dim_param, 0,
	                           isl_map_dim(t, isl_dim_param)) == isl_bool_false &&
	     isl_map_dim(t, isl_dim_in) <= POLY_MAX_RANK &&
	     isl_map_dim(t, isl_dim_out) <= POLY_MAX_RANK;
	if (!ok) {
		if (getenv("POLY_DEBUG"))
			fprintf(stderr, "pieces_of: not a function on the write range\n");
		isl_map_free(t);
		return NULL;
	}
	if (getenv("POLY_DEBUG"))
		isl_map_dump(t);
	return t;
}

/* Expressing a value in the write coordinates of a store shape is a question isl can take
 * seconds over (a 3-D launch under a 2-D shape whose coordinates mix thread and block
 * indices: the inverse needs many existentials), while the shapes a raise takes answer it
 * in a few thousand operations. So these questions run under an operation budget
 * (isl_ctx_set_max_operations; counted by isl, so the outcome is deterministic): over it,
 * the answer is "no pieces" (-1) and the raise tries its next shape. */
#define PIECES_MAX_OPS 50000

static void budget_start(isl_ctx *ctx)
{
	isl_ctx_reset_error(ctx);
	isl_ctx_reset_operations(ctx);
	isl_ctx_set_max_operations(ctx, PIECES_MAX_OPS);
}

/* 1 when the budget ran out (whatever was computed is incomplete). */
static int budget_end(isl_ctx *ctx)
{
	int over = isl_ctx_last_error(ctx) == isl_error_quota;
	isl_ctx_set_max_operations(ctx, 0);
	isl_ctx_reset_operations(ctx);
	isl_ctx_reset_error(ctx);
	return over;
}

/* t: write coordinates -> values; pieces on boxes covering the range of w. */
static int pieces_of(isl_map *t, const PolyMap *w, PolyPiece *out, int max)
{
	Pieces p = {out, 0, max, 1, 0, 0, NULL, isl_map_get_ctx(t)};
	isl_pw_multi_aff *pma;
	budget_start(p.ctx);
	t = on_write_range(t, w);
	if (!t)
		return budget_end(p.ctx), 0;
	p.nin = (int)isl_map_dim(t, isl_dim_in);
	p.nout = (int)isl_map_dim(t, isl_dim_out);
	pma = isl_pw_multi_aff_from_map(t);
	isl_pw_multi_aff_foreach_piece(pma, one_piece, &p);
	isl_pw_multi_aff_free(pma);
	if (budget_end(p.ctx))
		return -1;
	return p.ok ? p.n : 0;
}

typedef struct PieceMemo {
	int n;
	PolyPiece p[];
} PieceMemo;

int poly_map_in_coords(const PolyMap *r, const PolyMap *w, PolyPiece *out, int max)
{
	PolyCtx *c = r->c;
	char *rs, *ws;
	StrBuf key = {0};
	PieceMemo *pm;
	isl_map *t;
	int n;
	if (isl_ctx_get_max_operations(c->ctx) != 0) {
		t = isl_map_apply_range(isl_map_reverse(isl_map_copy(w->m)), isl_map_copy(r->m));
		return pieces_of(t, w, out, max);
	}
	rs = isl_map_to_str(r->m);
	ws = isl_map_to_str(w->m);
	sb_printf(&key, "%d | %s | %s", max, rs ? rs : "", ws ? ws : "");
	free(rs);
	free(ws);
	pm = map_get(c->pieces, sb_str(&key));
	if (pm) {
		sb_free(&key);
		if (pm->n > 0)
			memcpy(out, pm->p, sizeof(PolyPiece) * (size_t)pm->n);
		return pm->n;
	}
	t = isl_map_apply_range(isl_map_reverse(isl_map_copy(w->m)), isl_map_copy(r->m));
	n = pieces_of(t, w, out, max);
	pm = xcalloc(1, sizeof(*pm) + sizeof(PolyPiece) * (size_t)(n > 0 ? n : 0));
	pm->n = n;
	if (n > 0)
		memcpy(pm->p, out, sizeof(PolyPiece) * (size_t)n);
	map_put(c->pieces, sb_str(&key), pm);
	sb_free(&key);
	return n;
}

int poly_expr_in_coords(const PolyExpr *e, const PolyMap *w, PolyPiece *out, int max)
{
	isl_map *em = isl_map_from_pw_aff(isl_pw_aff_copy(e->pa));
	isl_map *t = isl_map_apply_range(isl_map_reverse(isl_map_copy(w->m)), em);
	return pieces_of(t, w, out, max);
}

typedef struct QPieces {
	PolyQPiece *out;
	int n, max, ok, nin;
	isl_aff *cur;
} QPieces;

/* The integer coefficients of a (over the write coordinates and ndivs divisions). */
static int qterm(isl_aff *a, int nin, int ndivs, PolyQTerm *t)
{
	int ok = poly_val_get(isl_aff_get_constant_val(a), &t->cst);
	for (int k = 0; k < nin && ok; k++)
		ok = poly_val_get(isl_aff_get_coefficient_val(a, isl_dim_in, k), &t->coef[k]);
	for (int q = 0; q < ndivs && ok; q++)
		ok = poly_val_get(isl_aff_get_coefficient_val(a, isl_dim_div, q), &t->dcoef[q]);
	return ok;
}

static isl_stat one_qbox(isl_basic_set *bs, void *user)
{
	QPieces *p = user;
	isl_set *s = isl_set_from_basic_set(bs);
	isl_aff *a = p->cur;
	PolyQPiece *pc;
	int nd = (int)isl_aff_dim(a, isl_dim_div);
	if (!p->ok || p->n == p->max || nd > POLY_MAX_DIVS || !poly_isl_is_box(s)) {
		if (getenv("POLY_DEBUG")) {
			fprintf(stderr, "one_qbox: not a box or too many pieces: ");
			isl_set_dump(s);
			isl_aff_dump(a);
		}
		p->ok = 0;
		isl_set_free(s);
		return isl_stat_ok;
	}
	pc = &p->out[p->n++];
	memset(pc, 0, sizeof(*pc));
	poly_isl_box_hull(s, pc->lo, pc->hi);
	pc->ndivs = nd;
	p->ok = qterm(a, p->nin, nd, &pc->val);
	for (int q = 0; q < nd && p->ok; q++) {
		isl_aff *d = isl_aff_get_div(a, q);
		isl_val *den = isl_aff_get_denominator_val(d);
		p->ok = poly_val_get(isl_val_copy(den), &pc->den[q]) && pc->den[q] > 0;
		d = isl_aff_scale_val(d, den);
		p->ok = p->ok && qterm(d, p->nin, nd, &pc->num[q]) &&
		        poly_val_get(isl_set_min_val(s, d), &pc->min[q]) &&
		        poly_val_get(isl_set_max_val(s, d), &pc->max[q]);
		isl_aff_free(d);
	}
	isl_set_free(s);
	return isl_stat_ok;
}

static isl_stat one_qpiece(isl_set *s, isl_aff *a, void *user)
{
	QPieces *p = user;
	if (p->ok && isl_set_is_empty(s) != isl_bool_true) {
		p->cur = a;
		s = isl_set_make_disjoint(isl_set_coalesce(s));
		isl_set_foreach_basic_set(s, one_qbox, p);
	}
	isl_set_free(s);
	isl_aff_free(a);
	return isl_stat_ok;
}

static int qpieces(isl_pw_aff *pa, int nin, PolyQPiece *out, int max)
{
	QPieces p = {out, 0, max, 1, nin, NULL};
	if (getenv("POLY_DEBUG"))
		isl_pw_aff_dump(pa);
	isl_pw_aff_foreach_piece(pa, one_qpiece, &p);
	isl_pw_aff_free(pa);
	return p.ok ? p.n : 0;
}

static int in_coords_quasi(const PolyExpr *e, const PolyMap *w, PolyQPiece *out, int max)
{
	isl_map *em = isl_map_from_pw_aff(isl_pw_aff_copy(e->pa));
	isl_map *t = on_write_range(isl_map_apply_range(isl_map_reverse(isl_map_copy(w->m)), em), w);
	isl_pw_multi_aff *pma;
	int nin, n;
	if (!t)
		return 0;
	nin = (int)isl_map_dim(t, isl_dim_in);
	pma = isl_pw_multi_aff_from_map(t);
	n = qpieces(isl_pw_multi_aff_get_pw_aff(pma, 0), nin, out, max);
	isl_pw_multi_aff_free(pma);
	if (n > 0)
		return n;
	/* e after W^-1 as functions (the launch point of each write coordinate): isl keeps
	 * the divisions there, where the composed relation may be split into pieces on sets
	 * with divisions (floor(g/4) mod 2 of a linear id g) */
	pma = isl_pw_multi_aff_from_map(isl_map_reverse(isl_map_copy(w->m)));
	return qpieces(isl_pw_aff_intersect_domain(
		isl_pw_aff_pullback_pw_multi_aff(isl_pw_aff_copy(e->pa), pma),
		isl_map_range(isl_map_copy(w->m))), nin, out, max);
}

int poly_expr_in_coords_quasi(const PolyExpr *e, const PolyMap *w, PolyQPiece *out, int max)
{
	isl_ctx *ctx = isl_pw_aff_get_ctx(e->pa);
	int n;
	budget_start(ctx);
	n = in_coords_quasi(e, w, out, max);
	return budget_end(ctx) ? -1 : n;
}

void poly_map_print(StrBuf *out, const PolyMap *m)
{
	char *t = isl_map_to_str(m->m);
	sb_append(out, t ? t : "(null)");
	free(t);
}

/* The union of the relations m[0..n) (all of one rank), NULL when there are none. */
static isl_map *union_of(PolyMap *const *m, int n)
{
	isl_map *u = NULL;
	for (int i = 0; i < n; i++)
		u = u ? isl_map_union(u, isl_map_copy(m[i]->m)) : isl_map_copy(m[i]->m);
	return u;
}

/* The pairs (x, y) with w(x) == a(y) and x, y in different blocks, for some admissible
 * values of the unbound scalars; under the operation budget, as it can be asked of every
 * global buffer of a large launch. */
int poly_maps_meet_across_blocks(PolyMap *const *w, int nw, PolyMap *const *a, int na)
{
	isl_map *wm, *am, *meet, *one;
	isl_set *s;
	isl_ctx *ctx;
	int empty, over;
	if (nw == 0 || na == 0)
		return 0;
	for (int i = 0; i < nw + na; i++)
		if (isl_map_dim((i < nw ? w[i] : a[i - nw])->m, isl_dim_out) != isl_map_dim(w[0]->m, isl_dim_out))
			return -1;
	ctx = isl_map_get_ctx(w[0]->m);
	budget_start(ctx);
	wm = union_of(w, nw);
	am = union_of(a, na);
	meet = isl_map_apply_range(wm, isl_map_reverse(am));
	one = isl_map_universe(isl_map_get_space(meet));
	for (int d = POLY_BZ; d <= POLY_BX; d++)
		one = isl_map_equate(one, isl_dim_in, d, isl_dim_out, d);
	meet = isl_map_subtract(meet, one);
	s = poly_isl_param_ranges(w[0]->c, isl_map_wrap(meet));
	empty = isl_set_is_empty(s) == isl_bool_true;
	isl_set_free(s);
	over = budget_end(ctx);
	return over ? -1 : !empty;
}
