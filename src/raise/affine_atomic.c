/* affine_atomic.c: an atomic used as a statement, alone, while the rest of the kernel
 * stays dense (DESIGN.md, "Tensor IR (raise)": an atomicAdd becomes a reduce or a
 * scatter with an add combiner). Consumes a substituted KE_ATOMIC whose value is not used
 * and the running threads; produces the buffer's new value:
 * - one address for every thread (`atomicAdd(count, 1)`): the values over the threads
 *   (affine_scatter.c's lanes, a masked lane the combiner's identity) reduced and
 *   combined with the old element, one dynamic_update_slice;
 * - an affine address no two threads share (`atomicAdd(&out[i], v)`): the compound store
 *   `out[i] += v` of affine_store.c (add, sub, and, or, xor);
 * - an address along one launch dimension (`atomicAdd(&part[blockIdx.x], v)`): per box of
 *   the threads, a reduce over the other launch coordinates and one slice updated;
 * - any other address (`atomicAdd(&hist[data[i]], 1)`, `lo[y % 2]`): one
 *   scatter with the combiner, its index lanes built densely.
 * Integer add, sub, min, max, and, or, xor give the same result in any order. A float
 * atomicAdd does not (additions in another order round differently): it is never a reduce,
 * only a compound store (one addition per element) or the scatter of the SIMT strategy,
 * its lanes in the same lane order (one box of threads), so the module computes what the
 * SIMT strategy's does. Exch/cas/inc/dec (the order decides), an atomic whose old value is
 * used, shared memory and atomics in a loop dimension fail (afail): the kernel keeps the
 * SIMT strategy's atomics (simt_atomic.c). */
#include "affine_int.h"

#include <stdint.h>

/* The combiner of op, TOP_COUNT when none is exact on integers in any order. */
static TOpKind combiner(KirAtomicOp op)
{
	switch (op) {
	case KA_ADD: case KA_SUB: return TOP_ADD;
	case KA_MAX: return TOP_MAXIMUM;
	case KA_MIN: return TOP_MINIMUM;
	case KA_AND: return TOP_AND;
	case KA_OR: return TOP_OR;
	case KA_XOR: return TOP_XOR;
	default: return TOP_COUNT;
	}
}

/* The identity of combiner k on integer type t (the bit pattern, as tir's constants hold it). */
static int64_t identity(TOpKind k, DType t)
{
	int bits = dtype_bits(t);
	uint64_t all = bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
	int64_t smax = (int64_t)(all >> 1), smin = -smax - 1;
	switch (k) {
	case TOP_AND: return dtype_is_signed(t) ? -1 : (int64_t)all;
	case TOP_MINIMUM: return dtype_is_signed(t) ? smax : (int64_t)all;
	case TOP_MAXIMUM: return dtype_is_signed(t) ? smin : 0;
	default: return 0;
	}
}

/* The value operand as the lanes' values: negated for sub (x - v == x + (-v) modulo 2^n). */
static const KirExpr *operand(Aff *a, const KirExpr *e)
{
	const KirExpr *v = e->u.atomic.args[0];
	if (e->u.atomic.op != KA_SUB)
		return v;
	return frontend_new_unary(a->ar, KU_NEG, v->type, (KirExpr *)v, e->loc);
}

/* Every thread updates element c: the lanes reduced, combined with the old element. */
static int one_address(Aff *a, const KirExpr *e, TOpKind k, int64_t c)
{
	int b = e->u.atomic.buffer, buf = a->r->buf[b], v, ix, init, old, start;
	int64_t dim = 0, lo[1] = {c}, hi[1] = {c + 1};
	DType dt = aff_dt_of(a, buf);
	aff_thread_lanes(a, operand(a, e), NULL, dt, a->r->bufsize[b], identity(k, dt), &v, &ix,
	                 e->loc);
	init = tir_build_splat_int(B(a), tir_type_scalar(dt), identity(k, dt));
	v = tir_build_reduce(B(a), v, init, &dim, 1, k);
	a->r->st->ops[TOP_REDUCE]++;
	v = tir_build_reshape(B(a), v, tir_type_vector(dt, 1));
	old = tir_build_slice(B(a), buf, lo, hi, NULL);
	a->r->st->ops[TOP_SLICE]++;
	v = aff_bin(a, k, old, v);
	start = aff_scalar_i32(a, c);
	a->r->st->ops[TOP_DYNAMIC_UPDATE_SLICE]++;
	return tir_build_dynamic_update_slice(B(a), buf, v, &start);
}

/* The one launch dimension an address cst + d follows (coefficient 1: `per_block[
 * blockIdx.x]`), -1 when it is not of that form. */
static int address_dim(PolyExpr *pe, int64_t *cst)
{
	int64_t coef[POLY_NDIMS];
	int d = -1;
	if (!poly_expr_get_linear(pe, coef, cst))
		return -1;
	for (int i = 0; i < POLY_NDIMS; i++) {
		if (!coef[i])
			continue;
		if (d >= 0 || coef[i] != 1 || i >= POLY_NLAUNCH)
			return -1;
		d = i;
	}
	return d;
}

/* Box i of the threads, coordinate kc the address: the values reduced over the other
 * coordinates, combined with the elements the box's range of kc covers. */
static int box_along(Aff *a, const KirExpr *e, TOpKind k, int buf, int kc, int64_t cst)
{
	int64_t red[POLY_MAX_RANK], lo[1] = {cst + a->at.box.lo[kc]}, hi[1] = {cst + a->at.box.hi[kc]};
	int nr = 0, v, old, start;
	DType dt = aff_dt_of(a, buf);
	v = aff_masked_value(a, operand(a, e), dt, identity(k, dt));
	for (int j = 0; j < a->wrank; j++)
		if (j != kc)
			red[nr++] = j;
	if (nr > 0) {
		int init = tir_build_splat_int(B(a), tir_type_scalar(dt), identity(k, dt));
		v = tir_build_reduce(B(a), v, init, red, nr, k);
		a->r->st->ops[TOP_REDUCE]++;
	}
	old = tir_build_slice(B(a), buf, lo, hi, NULL);
	a->r->st->ops[TOP_SLICE]++;
	v = aff_bin(a, k, old, v);
	start = aff_scalar_i32(a, lo[0]);
	a->r->st->ops[TOP_DYNAMIC_UPDATE_SLICE]++;
	return tir_build_dynamic_update_slice(B(a), buf, v, &start);
}

/* An address cst + d along one launch dimension d that the threads of a block (or of a
 * row...) share: per box of the threads in launch coordinates, a reduce over the other
 * coordinates and one update of a slice. 0 (nothing built) when the address is not of
 * that form or leaves the buffer. */
static int along_dim(Aff *a, const KirExpr *e, TOpKind k, PolyExpr *pe)
{
	int64_t cst;
	int d = address_dim(pe, &cst), b = e->u.atomic.buffer, buf = a->r->buf[b], n, kc = -1;
	int dimof[POLY_MAX_RANK];
	PolyPiece boxes[POLY_MAX_PIECES];
	PolyMap *w;
	if (d < 0)
		return 0;
	n = aff_thread_boxes(a, 0, boxes, &w, dimof, e->loc);
	for (int j = 0; j < a->wrank; j++)
		if (dimof[j] == d)
			kc = j;
	for (int i = 0; i < n && kc >= 0; i++)
		if (cst + boxes[i].lo[kc] < 0 || cst + boxes[i].hi[kc] > a->r->bufsize[b])
			kc = -1;
	if (kc < 0)
		return 0;
	for (int i = 0; i < n; i++) {
		aff_thread_box(a, w, boxes, i, n);
		buf = box_along(a, e, k, buf, kc, cst);
	}
	a->at.w = w;
	a->r->buf[b] = buf;
	return 1;
}

/* Is op a binary operator of the IR (a compound store can do it)? */
static int ops_store(KirAtomicOp op)
{
	return op == KA_ADD || op == KA_SUB || op == KA_AND || op == KA_OR || op == KA_XOR;
}

/* Does every thread write a different element through flat index pe? */
static int injective(Aff *a, PolyExpr *pe)
{
	return poly_map_is_injective(poly_access(a->at.dom, &pe, 1));
}

/* buf[i] op= v as affine_store.c's compound store (op a binary operator of the IR). */
static void as_store(Aff *a, const KirExpr *e)
{
	static const KirBinOp ops[KA_COUNT] = {[KA_ADD] = KB_ADD, [KA_SUB] = KB_SUB,
	                                       [KA_AND] = KB_AND, [KA_OR] = KB_OR, [KA_XOR] = KB_XOR};
	const KirBuffer *kb = &a->r->k->bufs[e->u.atomic.buffer];
	KirExpr *s = frontend_new_expr(a->ar, KE_ASSIGN, kb->elem, e->loc), *v = e->u.atomic.args[0];
	size_t n0 = a->r->st->notes.len;
	if (v->type != kb->elem)
		v = frontend_new_cast(a->ar, kb->elem, v, e->loc);
	s->u.assign.lv = (KirLval){-1, e->u.atomic.buffer, e->u.atomic.index};
	s->u.assign.op = ops[e->u.atomic.op];
	s->u.assign.optype = kb->elem;
	s->u.assign.value = v;
	aff_store(a, s);
	/* the atomic's own line says what it became (not a `store` line) */
	if (a->r->st->notes.len > n0)
		a->r->st->notes.s[a->r->st->notes.len = n0] = 0;
}

/* Why atomic e is not raised here (NULL: it is). */
static const char *refused(Aff *a, const KirExpr *e, TOpKind k)
{
	int b = e->u.atomic.buffer;
	if (k == TOP_COUNT)
		return "an atomicExch/CAS/Inc/Dec (not commutative: kept in lane order)";
	if (dtype_is_float(aff_dt_of(a, a->r->buf[b])) && e->u.atomic.op != KA_ADD)
		return "a float atomic other than atomicAdd";
	if (a->r->k->bufs[b].space != KSP_GLOBAL)
		return "an atomic on shared memory";
	if (a->stride || a->loopvar >= 0 || a->tshape || a->r->bufsize[b] >= INT32_MAX)
		return "an atomic in a loop dimension";
	return NULL;
}

/* The scatter with combiner k: every lane's value into its element. A float sum is the
 * SIMT strategy's, in lane order. */
static int scatter(Aff *a, const KirExpr *e, TOpKind k)
{
	int b = e->u.atomic.buffer, v, ix, buf = a->r->buf[b];
	DType dt = aff_dt_of(a, buf);
	int ordered = aff_thread_lanes(a, operand(a, e), e->u.atomic.index, dt, a->r->bufsize[b], 0,
	                               &v, &ix, e->loc);
	if (dtype_is_float(dt) && !ordered)
		aff_afail(a, e->loc, "a float atomic whose threads' boxes are not in lane order");
	a->r->st->stores_scatter++;
	return aff_scatter_lanes(a, buf, a->r->bufsize[b], ix, v, (int)k);
}

void aff_atomic(Aff *a, const KirExpr *e)
{
	int b = e->u.atomic.buffer, fp = dtype_is_float(aff_dt_of(a, a->r->buf[b]));
	TOpKind k = combiner(e->u.atomic.op);
	const char *why = refused(a, e, k), *how, *pwhy;
	PolyExpr *pe;
	int64_t c;
	if (why)
		aff_afail(a, e->loc, why);
	if (poly_set_is_empty(a->at.dom))
		return;
	pe = poly_expr_from_kir(a->c, e->u.atomic.index, a->at.dom, aff_lookup, a, &pwhy);
	if (pe && !fp && poly_expr_is_const(pe, &c) && c >= 0 && c < a->r->bufsize[b]) {
		a->r->buf[b] = one_address(a, e, k, c);
		how = "reduce (one address)";
		a->r->st->stores_dense++;
	} else if (pe && ops_store(e->u.atomic.op) && injective(a, pe)) {
		as_store(a, e);
		how = "dense (an affine address no two threads share: a compound store)";
	} else if (pe && !fp && along_dim(a, e, k, pe)) {
		how = "reduce over the threads that share each address (an address along one "
		      "launch dimension)";
		a->r->st->stores_dense++;
	} else {
		a->r->buf[b] = scatter(a, e, k);
		how = !pe ? "scatter with combiner (its address depends on data)"
		    : fp ? "scatter with combiner (a float sum in lane order, as on the SIMT path)"
		         : "scatter with combiner (an affine address threads share)";
	}
	a->last_store[b] = ++a->epoch;
	sb_printf(&a->r->st->notes, "  atomic %s at %d:%d: %s\n", a->r->k->bufs[b].name,
	          e->loc.line, e->loc.col, how);
}
