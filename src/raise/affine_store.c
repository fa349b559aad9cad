/* affine_store.c: stores. Consumes a substituted store `buf[f(x)] = e` and the running
 * threads; produces e over each box of the store's range (under the first shape of the
 * buffer where every fact holds: injective, a union of boxes, every read a slice), a
 * select under the guards that are not affine, and one dynamic_update_slice per box
 * into the reshaped buffer. A tiled kernel's result store pads its buffer to the launch. */
#include "affine_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- stores ---- */

/* The data-dependent guards the store runs under, as one mask over the box; -1 when none. */
int aff_guard_mask(Aff *a)
{
	int m = -1;
	for (int i = 0; i < a->ndc; i++) {
		int c = aff_convert(a, aff_dense(a, a->dc[i]), DT_I1);
		if (a->dcneg[i])
			c = tir_build_unary(B(a), TOP_NOT, c);
		m = m < 0 ? c : aff_bin(a, TOP_AND, m, c);
	}
	if (a->exited) {      /* lanes that returned inside a loop store nothing more */
		int c = tir_build_unary(B(a), TOP_NOT, aff_convert(a, aff_dense(a, a->exited), DT_I1));
		m = m < 0 ? c : aff_bin(a, TOP_AND, m, c);
	}
	if (a->done) {        /* lanes that left an exit scope store nothing more in it */
		int c = tir_build_unary(B(a), TOP_NOT, aff_convert(a, aff_dense(a, a->done), DT_I1));
		m = m < 0 ? c : aff_bin(a, TOP_AND, m, c);
	}
	return m;
}

static int own_slice(Aff *a, int buf)
{
	int v = tir_build_slice(B(a), buf, a->at.box.lo, a->at.box.hi, NULL);
	a->r->st->ops[TOP_SLICE]++;
	return v;
}

/* Is box p the whole buffer, and the only one of n? */
static int covers(const PolyPiece *p, int n, int rank, const int64_t *dims)
{
	int whole = n == 1;
	for (int k = 0; k < rank; k++)
		whole &= p->lo[k] == 0 && p->hi[k] == dims[k];
	return whole;
}

/* The store under shape candidate `cand` of its buffer; 0 when that candidate does not
 * delinearize, -1 past the last candidate. Fails (afail) when a fact is missing. */
static int store_shape(Aff *a, const KirExpr *e, const PolyExpr *pe, int cand)
{
	const KirLval *lv = &e->u.assign.lv;
	int b = lv->buffer, rank, n, vals[POLY_MAX_PIECES], buf;
	int64_t dims[POLY_MAX_RANK];
	PolyExpr *idx[POLY_MAX_RANK];
	PolyPiece boxes[POLY_MAX_PIECES];
	PolyMap *whole_w, *hull_w = NULL;
	DType dt = aff_dt_of(a, a->r->buf[b]);
	rank = aff_buffer_shape(a, b, pe, cand, dims, idx);
	if (rank <= 0)
		return rank;
	a->at.w = poly_access(a->at.dom, idx, rank);
	memcpy(a->widx, idx, sizeof(a->widx));
	memcpy(a->wdims, dims, sizeof(a->wdims));
	a->wrank = rank;
	if (!poly_map_is_injective(a->at.w))
		aff_afail(a, e->loc, "the store is not injective");
	n = poly_map_in_coords(a->at.w, a->at.w, boxes, POLY_MAX_PIECES);
	if (n <= 0 && (hull_w = aff_hull_relation(a, a->at.w, &boxes[0])))
		n = 1;                /* one box, the hull: a select of where the store writes */
	if (n <= 0)
		aff_afail(a, e->loc, "the store's range is not a union of boxes");
	/* the reshaped buffer, unless the store only replaces all of it */
	buf = -1;
	if (e->u.assign.op != KB_NONE || a->ndc > 0 || AFF_LEFT(a) || hull_w || !covers(&boxes[0], n, rank, dims))
		buf = aff_reshaped(a, b, rank, dims);
	whole_w = a->at.w;
	for (int i = 0; i < n; i++) {
		int v, m;
		aff_memo_reset(&a->memo);
		/* reads as pieces over this box only (a tile read from an edge box) */
		a->at.w = hull_w ? hull_w : n > 1 ? poly_map_restrict_range(whole_w, boxes[i].lo, boxes[i].hi) : whole_w;
		a->at.box.rank = rank;
		memcpy(a->at.box.lo, boxes[i].lo, sizeof(a->at.box.lo));
		memcpy(a->at.box.hi, boxes[i].hi, sizeof(a->at.box.hi));
		v = aff_dense(a, e->u.assign.value);
		if (e->u.assign.op != KB_NONE) {
			int old = aff_convert(a, own_slice(a, buf), raise_dtype(e->u.assign.optype));
			v = aff_convert(a, aff_binop(a, e->u.assign.op, e->u.assign.optype, old, v, e->loc), dt);
		}
		v = aff_convert(a, v, dt);
		m = aff_guard_mask(a);
		if (hull_w) {
			int h = aff_hull_mask(a, e->loc);
			m = m < 0 ? h : aff_bin(a, TOP_AND, m, h);
		}
		if (m >= 0) {
			a->r->st->ops[TOP_SELECT]++;
			v = tir_build_select(B(a), m, v, own_slice(a, buf));
		}
		vals[i] = v;
	}
	a->at.w = whole_w;
	for (int i = 0; i < n; i++) {
		int starts[POLY_MAX_RANK];
		if (covers(&boxes[i], n, rank, dims)) {   /* the value is the buffer */
			buf = vals[i];
			continue;
		}
		for (int k = 0; k < rank; k++)
			starts[k] = aff_scalar_i32(a, boxes[i].lo[k]);
		buf = tir_build_dynamic_update_slice(B(a), buf, vals[i], starts);
		a->r->st->ops[TOP_DYNAMIC_UPDATE_SLICE]++;
	}
	if (rank > 1)
		buf = tir_build_reshape(B(a), buf, tir_type_vector(dt, a->r->bufsize[b]));
	a->r->buf[b] = buf;
	a->last_store[b] = ++a->epoch;
	a->nboxes += n;
	a->r->st->stores_dense++;
	if (hull_w)
		sb_printf(&a->r->st->notes, "  store %s at %d:%d: dense (a select over the hull box of a "
		          "range that is no union of boxes, dynamic_update_slice)\n",
		          a->r->k->bufs[b].name, e->loc.line, e->loc.col);
	else
		sb_printf(&a->r->st->notes, "  store %s at %d:%d: dense (%d box%s, dynamic_update_slice)\n",
		          a->r->k->bufs[b].name, e->loc.line, e->loc.col, n, n == 1 ? "" : "es");
	return 1;
}

static int loads_buffer(Aff *a, const KirExpr *e, int b)
{
	if (!e || aff_visited(a, e))
		return 0;
	switch (e->kind) {
	case KE_LOAD: return e->u.load.buffer == b || loads_buffer(a, e->u.load.index, b);
	case KE_UNARY: return loads_buffer(a, e->u.un.x, b);
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		return loads_buffer(a, e->u.bin.l, b) || loads_buffer(a, e->u.bin.r, b);
	case KE_COND:
		return loads_buffer(a, e->u.cond.c, b) || loads_buffer(a, e->u.cond.t, b) ||
		       loads_buffer(a, e->u.cond.f, b);
	case KE_CAST: case KE_BITCAST: return loads_buffer(a, e->u.x, b);
	case KE_ASSIGN: return loads_buffer(a, e->u.assign.value, b);
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			if (loads_buffer(a, e->u.math.args[i], b))
				return 1;
		return 0;
	case KE_VAR: return e->u.var >= (int)a->r->k->nvars;   /* a reduction: not walked */
	default: return 0;
	}
}

/* The store of a tiled kernel's result (C[row * N + col], row = 16 * by + ty) when no
 * shape of its buffer makes the reads of the shared tiles pieces of few boxes: the buffer
 * padded to the launch's extent, seen as [by][ty][bx][tx] (raise_tiled_shape), stored,
 * and the padding sliced off. Not taken when the value reads the buffer itself. */
static int tiled_store(Aff *a, const KirExpr *e, const PolyExpr *pe)
{
	int b = e->u.assign.lv.buffer, buf0 = a->r->buf[b], ok;
	Try t;
	int64_t size0 = a->r->bufsize[b], fdims[2], pdims[2], lo[2] = {0, 0}, hi[2];
	DType dt = aff_dt_of(a, buf0);
	jmp_buf outer;
	aff_memo_reset(&a->seen);
	if (!raise_tiled_shape(a->r, a->c, a->at.dom, pe, size0, fdims, pdims, a->tdims, a->tidx) ||
	    loads_buffer(a, e->u.assign.value, b))
		return 0;
	aff_try_begin(a, &t);
	memcpy(outer, a->fail, sizeof(jmp_buf));
	ok = !setjmp(a->fail);
	if (ok) {
		int v = tir_build_reshape(B(a), buf0, tir_type_tensor(dt, 2, fdims)), zero;
		hi[0] = pdims[0] - fdims[0];
		hi[1] = pdims[1] - fdims[1];
		zero = dtype_is_float(dt) ? tir_build_splat_float(B(a), tir_type_scalar(dt), 0)
		                          : tir_build_splat_int(B(a), tir_type_scalar(dt), 0);
		v = tir_build_pad(B(a), v, zero, lo, hi, NULL);
		a->r->st->ops[TOP_PAD]++;
		a->r->buf[b] = tir_build_reshape(B(a), v, tir_type_vector(dt, pdims[0] * pdims[1]));
		a->r->bufsize[b] = pdims[0] * pdims[1];
		a->tshape = 1;
		if (store_shape(a, e, pe, 0) <= 0)
			aff_afail(a, e->loc, "the tiled store does not delinearize");
		a->tshape = 0;
		v = tir_build_reshape(B(a), a->r->buf[b], tir_type_tensor(dt, 2, pdims));
		v = tir_build_slice(B(a), v, lo, fdims, NULL);
		a->r->st->ops[TOP_SLICE]++;
		a->r->buf[b] = tir_build_reshape(B(a), v, tir_type_vector(dt, size0));
		a->r->bufsize[b] = size0;
	} else {
		a->tshape = 0;
		aff_try_undo(a, &t);
		a->r->buf[b] = buf0;
		a->r->bufsize[b] = size0;
	}
	memcpy(a->fail, outer, sizeof(jmp_buf));
	return ok;
}

/* The first shape candidate of a global buffer under which the store is one box, when
 * candidate 0 makes it several (the ocean model's Gc[IX(i, j, k)] at 16 x 16 x 4: four
 * boxes, one per k, under [TZ * TY][TX], one under [TZ][TY][TX]); -1 when there is none
 * or candidate 0 is one box already. Only plain stores of a phase's threads ask. */
static int one_box_shape(Aff *a, const KirExpr *e, const PolyExpr *pe)
{
	int b = e->u.assign.lv.buffer;
	if (a->r->k->bufs[b].space != KSP_GLOBAL || a->stride || a->loopvar >= 0 || a->tshape)
		return -1;
	for (int c = 0;; c++) {
		int64_t dims[POLY_MAX_RANK];
		PolyExpr *idx[POLY_MAX_RANK];
		PolyPiece boxes[POLY_MAX_PIECES];
		PolyMap *w;
		int n, rank = aff_buffer_shape(a, b, pe, c, dims, idx);
		if (rank < 0)
			return -1;
		if (rank == 0)
			continue;
		w = poly_access(a->at.dom, idx, rank);
		n = poly_map_in_coords(w, w, boxes, POLY_MAX_PIECES);
		if (n == 1)
			return c == 0 ? -1 : c;
	}
}

/* Is why a fact of the store itself (where it writes), not of its value? */
int aff_store_fact(const char *why)
{
	static const char *const facts[] = {
		"the store is not injective", "the store's range is not a union of boxes",
		"the store index does not delinearize in bounds",
	};
	for (size_t i = 0; i < sizeof(facts) / sizeof(facts[0]); i++)
		if (strcmp(why, facts[i]) == 0)
			return 1;
	return 0;
}

/* A grid-stride loop's stores are applied one statement after the other, each over all
 * trips at once, so a second statement into a buffer is exact only when no element it
 * writes is written by an earlier statement at another point (another trip of the same
 * thread would order them the other way; another thread is a race). One statement's own
 * trips are its injectivity, checked with its shape. A read-modify-write (an atomic)
 * stays alone in its buffer, and so does any store of a uniform loop: unrolled, its
 * trips index with constants (`m[j % 2]` is a gather over a loop dimension). */
static void stride_writes(Aff *a, const KirExpr *e, PolyExpr *pe)
{
	PolyMap *w = poly_access(a->at.dom, &pe, 1), **seen = &a->stride_w[e->u.assign.lv.buffer];
	if (*seen && (e->u.assign.op != KB_NONE || a->stride == 1))
		aff_afail(a, e->loc, "a grid-stride loop stores one buffer twice");
	if (*seen && poly_maps_meet_apart(*seen, w))
		aff_afail(a, e->loc, "a grid-stride loop stores one element of a buffer in two statements");
	*seen = *seen ? poly_map_union(*seen, w) : w;
}

/* Tries the shapes of the buffer in turn (fewest dimensions first, but first the one
 * under which the store is one box); the first under which every fact holds wins. A
 * failed try leaves nothing behind. */
void aff_store(Aff *a, const KirExpr *e)
{
	const char *why;
	PolyExpr *pe;
	jmp_buf outer;
	const char *volatile last = NULL;
	volatile SrcLoc lastloc = e->loc;
	volatile int cand = 0, first;
	if (poly_set_is_empty(a->at.dom))
		return;
	aff_check_buffer(a, e->u.assign.lv.buffer, e->loc);
	pe = poly_expr_from_kir(a->c, e->u.assign.lv.index, a->at.dom, aff_lookup, a, &why);
	if (!pe) {                /* alone a scatter, the other stores dense */
		aff_scatter_store(a, e, NULL);
		return;
	}
	if (a->stride)
		stride_writes(a, e, pe);
	a->wflat = pe;
	a->wbuf = e->u.assign.lv.buffer;
	memcpy(outer, a->fail, sizeof(jmp_buf));
	/* first the shapes under which every contraction is one dot_general, then any */
	a->strict_dots = 1;
	a->dots_refused = 0;
	first = one_box_shape(a, e, pe);
	for (;; first >= 0 ? (void)(first = -1) : (void)cand++) {
		int done = 0;
		int buf = a->r->buf[e->u.assign.lv.buffer], lv = a->loopvar;
		PolyExpr *renv[MAX_RED];
		Try t;
		for (int i = 0; i < a->nred; i++)
			renv[i] = a->ienv[a->red[i].var];
		aff_try_begin(a, &t);
		if (!setjmp(a->fail)) {
			done = store_shape(a, e, pe, first >= 0 ? first : cand);
			if (done < 0 && a->strict_dots && a->dots_refused) {
				a->strict_dots = 0;
				cand = -1;
				continue;
			}
			if (done < 0)
				break;
		} else {
			last = a->why;
			lastloc = a->wloc;
			/* (a failure inside a reduction leaves its loop's domain open) */
			aff_try_undo(a, &t);
			a->r->buf[e->u.assign.lv.buffer] = buf;
			a->loopvar = lv;
			for (int i = 0; i < a->nred; i++)
				a->ienv[a->red[i].var] = renv[i];
		}
		if (done > 0) {
			memcpy(a->fail, outer, sizeof(jmp_buf));
			return;
		}
	}
	memcpy(a->fail, outer, sizeof(jmp_buf));
	if (tiled_store(a, e, pe))
		return;
	if (!last)
		last = "the store index does not delinearize in bounds";
	if (a->opt.store_scatter && aff_store_fact(last)) {
		aff_scatter_store(a, e, last);
		return;
	}
	aff_afail(a, lastloc, last);
}
