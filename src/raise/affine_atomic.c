/* affine_atomic.c: an atomic used as a statement, alone, while the rest of the kernel
 * stays dense (DESIGN.md, "Tensor IR (raise)": an atomicAdd becomes a reduce or a
 * scatter with an add combiner). Consumes a substituted KE_ATOMIC whose value is not used
 * and the running threads; produces the buffer's new value:
 * - one address for every thread (`atomicAdd(count, 1)`): the values over the threads
 *   (affine_scatter.c's lanes, a masked lane the combiner's identity) reduced and
 *   combined with the old element, one dynamic_update_slice;
 * - an affine address no two threads share (`atomicAdd(&out[i], v)`): the compound store
 *   `out[i] += v` of affine_store.c (add, sub, and, or, xor);
 * - an address row-major along some of the threads' coordinates (`atomicAdd(&part[
 *   blockIdx.x], v)`): per box of the threads, a reduce over the other coordinates and
 *   one slice updated;
 * - any other address (`atomicAdd(&hist[data[i]], 1)`, `lo[y % 2]`): one
 *   scatter with the combiner, its index lanes built densely.
 * Integer add, sub, min, max, and, or, xor give the same result in any order. A float
 * atomicAdd does not (additions in another order round differently): it is never a reduce,
 * only a compound store (one addition per element) or the scatter of the SIMT strategy,
 * its lanes in the same lane order (one box of threads), so the module computes what the
 * SIMT strategy's does. Shared memory is one copy per block: its address in the storage
 * is index + count * block, and the forms above apply to that. In a grid-stride loop
 * (affine_loop.c) the loop's iteration is one more coordinate of the threads (integer
 * combiners only). An atomic whose old value is used: below (aff_atomic_value, one
 * address only). Exch/cas/inc/dec (the order decides), local memory and atomics in a
 * reduction's or column loop's dimension fail (afail): the kernel keeps the SIMT
 * strategy's atomics (simt_atomic.c). */
#include "affine_int.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

/* The lane coordinates of aff_thread_lanes for an atomic on buffer b: the block's number
 * a coordinate of its own in a grid-stride loop and on shared memory (where the address
 * has it), else the lane number alone. */
static int lanes(Aff *a, int b)
{
	return a->stride || a->r->k->bufs[b].space == KSP_SHARED ? 2 : 1;
}

/* Every thread updates element c: the lanes reduced, combined with the old element. */
static int one_address(Aff *a, const KirExpr *e, TOpKind k, int64_t c)
{
	int b = e->u.atomic.buffer, buf = a->r->buf[b], v, ix, init, old, start;
	int64_t dim = 0, lo[1] = {c}, hi[1] = {c + 1};
	DType dt = aff_dt_of(a, buf);
	aff_thread_lanes(a, lanes(a, b), operand(a, e), NULL, dt, a->r->bufsize[b], identity(k, dt),
	                 &v, &ix, e->loc);
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

/* The address as cst + sum cf[j] * (write coordinate j) over the threads' coordinates
 * (dimof: their launch or loop dimensions; a launch dimension of extent 1 is 0); 0 when
 * it is not of that form. */
static int address_coefs(Aff *a, PolyExpr *pe, const int *dimof, int64_t *cf, int64_t *cst)
{
	const int64_t ext[POLY_NLAUNCH] = {a->r->grid[2], a->r->grid[1], a->r->grid[0],
	                                   a->r->block[2], a->r->block[1], a->r->block[0]};
	int64_t coef[POLY_NDIMS];
	int any = 0;
	if (!poly_expr_get_linear(pe, coef, cst))
		return 0;
	for (int d = 0; d < POLY_NLAUNCH; d++)
		if (ext[d] <= 1)
			coef[d] = 0;
	for (int j = 0; j < a->wrank; j++) {
		cf[j] = coef[dimof[j]];
		coef[dimof[j]] = 0;
		any |= cf[j] != 0;
	}
	for (int i = 0; i < POLY_NDIMS; i++)
		if (coef[i])
			return 0;
	return any;
}

/* Does box p's address range (coordinates with cf[j] != 0, row-major: the last
 * coefficient 1, each other the next one's times its extent) fill [*lo, *lo + *n)? */
static int contiguous(Aff *a, const PolyPiece *p, const int64_t *cf, int64_t cst, int64_t *lo,
                      int64_t *n)
{
	int64_t want = 1;
	*lo = cst;
	*n = 1;
	for (int j = a->wrank - 1; j >= 0; j--) {
		if (!cf[j])
			continue;
		if (cf[j] != want)
			return 0;
		want *= p->hi[j] - p->lo[j];
		*lo += cf[j] * p->lo[j];
	}
	*n = want;
	return 1;
}

/* Box i of the threads: the values reduced over the coordinates the address does not
 * follow, combined with the elements [lo, lo + n) it covers. */
static int box_along(Aff *a, const KirExpr *e, TOpKind k, int buf, const int64_t *cf, int64_t lo,
                     int64_t n)
{
	int64_t red[POLY_MAX_RANK], los[1] = {lo}, his[1] = {lo + n};
	int nr = 0, v, old, start;
	DType dt = aff_dt_of(a, buf);
	v = aff_masked_value(a, operand(a, e), dt, identity(k, dt));
	for (int j = 0; j < a->wrank; j++)
		if (!cf[j])
			red[nr++] = j;
	if (nr > 0) {
		int init = tir_build_splat_int(B(a), tir_type_scalar(dt), identity(k, dt));
		v = tir_build_reduce(B(a), v, init, red, nr, k);
		a->r->st->ops[TOP_REDUCE]++;
	}
	if (a->wrank - nr > 1)
		v = tir_build_reshape(B(a), v, tir_type_vector(dt, n));
	old = tir_build_slice(B(a), buf, los, his, NULL);
	a->r->st->ops[TOP_SLICE]++;
	v = aff_bin(a, k, old, v);
	start = aff_scalar_i32(a, lo);
	a->r->st->ops[TOP_DYNAMIC_UPDATE_SLICE]++;
	return tir_build_dynamic_update_slice(B(a), buf, v, &start);
}

/* An address that follows some of the threads' coordinates row-major and ignores the
 * others (`atomicAdd(&part[blockIdx.x], v)`, `hist[b]` for b = tx + 128 l over the
 * iterations l of a block-stride loop): per box of the threads, a reduce over the
 * coordinates it ignores and one update of a slice. 0 (nothing built) when the address
 * is not of that form in every box or leaves the buffer. */
static int along_dims(Aff *a, const KirExpr *e, TOpKind k, PolyExpr *pe)
{
	int64_t cst, cf[POLY_MAX_RANK], lo[POLY_MAX_PIECES], cnt[POLY_MAX_PIECES];
	int b = e->u.atomic.buffer, buf = a->r->buf[b], n;
	int dimof[POLY_MAX_RANK];
	PolyPiece boxes[POLY_MAX_PIECES];
	PolyMap *w;
	int rank = a->stride != 0;
	for (int d = 0; d < 3; d++)
		rank += (a->r->grid[d] > 1) + (a->r->block[d] > 1);
	if (rank > POLY_MAX_RANK)  /* more coordinates than a box has */
		return 0;
	n = aff_thread_boxes(a, 0, boxes, &w, dimof, e->loc);
	if (!address_coefs(a, pe, dimof, cf, &cst))
		return 0;
	for (int i = 0; i < n; i++)
		if (!contiguous(a, &boxes[i], cf, cst, &lo[i], &cnt[i]) || lo[i] < 0 ||
		    lo[i] + cnt[i] > a->r->bufsize[b])
			return 0;
	for (int i = 0; i < n; i++) {
		aff_thread_box(a, w, boxes, i, n);
		buf = box_along(a, e, k, buf, cf, lo[i], cnt[i]);
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
	if (e->u.atomic.per > 1)
		return "an atomic on several elements read as one value (kept in the SIMT strategy)";
	if (e->u.atomic.per == 1)
		return "an atomic on an element read as another type (kept in the SIMT strategy)";
	if (k == TOP_COUNT)
		return "an atomicExch/CAS/Inc/Dec (not commutative: kept in lane order)";
	if (dtype_is_float(aff_dt_of(a, a->r->buf[b])) && e->u.atomic.op != KA_ADD)
		return "a float atomic other than atomicAdd";
	if (a->r->k->bufs[b].space != KSP_GLOBAL && a->r->k->bufs[b].space != KSP_SHARED)
		return "an atomic on local memory";
	if (a->stride && dtype_is_float(aff_dt_of(a, a->r->buf[b])))
		return "a float atomic in a grid-stride loop (its lanes are not in lane order)";
	if (a->stride && a->stride_w[b])
		return "a grid-stride loop stores one buffer twice";
	if (a->loopvar >= 0 || a->tshape || a->r->bufsize[b] >= INT32_MAX)
		return "an atomic in a loop dimension";
	return NULL;
}

/* Atomic e with its address in the buffer's storage: shared memory holds one copy per
 * block, block-major (simt.c's raise_address): index + count * (the block's number). */
static const KirExpr *in_storage(Aff *a, const KirExpr *e)
{
	static const KirBuiltin bid[3] = {KBI_BID_X, KBI_BID_Y, KBI_BID_Z};
	const KirBuffer *kb = &a->r->k->bufs[e->u.atomic.buffer];
	KirExpr *blk = NULL, *ix, *x;
	KirDType t = KT_I64;      /* wide enough for any element of the storage */
	if (kb->space != KSP_SHARED)
		return e;
	ix = frontend_new_cast(a->ar, t, e->u.atomic.index, e->loc);
	for (int d = 2; d >= 0; d--) {        /* ((bz) * gy + by) * gx + bx */
		KirExpr *bd = frontend_new_expr(a->ar, KE_BUILTIN, KT_U32, e->loc);
		bd->u.builtin = bid[d];
		bd = frontend_new_cast(a->ar, t, bd, e->loc);
		blk = !blk ? bd : frontend_new_binary(a->ar, KB_ADD, t, frontend_new_binary(a->ar, KB_MUL, t,
		                  blk, frontend_new_int(a->ar, t, a->r->grid[d], e->loc), e->loc), bd, e->loc);
	}
	x = frontend_new_expr(a->ar, KE_ATOMIC, e->type, e->loc);
	x->u.atomic = e->u.atomic;
	x->u.atomic.index = frontend_new_binary(a->ar, KB_ADD, t, ix, frontend_new_binary(a->ar, KB_MUL, t,
	                    blk, frontend_new_int(a->ar, t, kb->count, e->loc), e->loc), e->loc);
	return x;
}

/* The scatter with combiner k: every lane's value into its element. A float sum is the
 * SIMT strategy's, in lane order. */
static int scatter(Aff *a, const KirExpr *e, TOpKind k)
{
	int b = e->u.atomic.buffer, v, ix, buf = a->r->buf[b];
	DType dt = aff_dt_of(a, buf);
	int ordered = aff_thread_lanes(a, lanes(a, b), operand(a, e), e->u.atomic.index, dt,
	                               a->r->bufsize[b], 0, &v, &ix, e->loc);
	if (dtype_is_float(dt) && !ordered)
		aff_afail(a, e->loc, "a float atomic whose threads' boxes are not in lane order");
	a->r->st->stores_scatter++;
	return aff_scatter_lanes(a, buf, a->r->bufsize[b], ix, v, (int)k);
}

void aff_atomic(Aff *a, const KirExpr *e0)
{
	int b = e0->u.atomic.buffer, fp = dtype_is_float(aff_dt_of(a, a->r->buf[b]));
	TOpKind k = combiner(e0->u.atomic.op);
	const char *why = refused(a, e0, k), *how, *pwhy;
	const KirExpr *e;
	PolyExpr *pe;
	int64_t c;
	if (why)
		aff_afail(a, e0->loc, why);
	if (poly_set_is_empty(a->at.dom))
		return;
	e = in_storage(a, e0);
	pe = poly_expr_from_kir(a->c, e->u.atomic.index, a->at.dom, aff_lookup, a, &pwhy);
	if (pe && !fp && poly_expr_is_const(pe, &c) && c >= 0 && c < a->r->bufsize[b]) {
		a->r->buf[b] = one_address(a, e, k, c);
		how = "reduce (one address)";
		a->r->st->stores_dense++;
	} else if (pe && ops_store(e->u.atomic.op) && injective(a, pe)) {
		as_store(a, e0);
		how = "dense (an affine address no two threads share: a compound store)";
	} else if (pe && !fp && along_dims(a, e, k, pe)) {
		how = "reduce over the threads that share each address (an address along some "
		      "of their coordinates)";
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

/* ---- an atomic whose old value is used: `slot = atomicAdd(count, 1)` ----
 * Integer add (or sub) of a thread-invariant increment at one address of global memory:
 * in lane order (the SIMT strategy's, simt_atomic.c) the lane's old value is the old
 * element plus the increment times the number of running lanes before it, an exclusive
 * prefix sum of the running lanes' flags; the element gets the increment times their
 * number. The old values are built once, over the threads' lanes (affine_scatter.c), and
 * stand as an Aff.red slot (body the atomic) read back over the same lanes only: a store
 * whose index or value they are, over the same threads (the compaction `out[atomicAdd(
 * count, 1)] = v` is a scatter at them). Any other use fails, and so does a second
 * substitution of the same atomic (in an unrolled loop, or looked at speculatively). */

/* The exclusive prefix sum of flat x (n lanes, integers: exact), by doubling steps
 * (x + x shifted by s lanes, s = 1, 2, 4 ...); *total the sum of x (1 element). */
static int exclusive_scan(Aff *a, int x, int64_t n, int *total)
{
	DType dt = aff_dt_of(a, x);
	int incl = x, zero = tir_build_splat_int(B(a), tir_type_scalar(dt), 0);
	int64_t start[1] = {0}, lim[1] = {n}, nolo[1] = {0}, last[1] = {n - 1};
	for (int64_t s = 1; s < n; s *= 2) {
		int64_t lo[1] = {s};
		int sh = tir_build_pad(B(a), incl, zero, lo, nolo, NULL);
		a->r->st->ops[TOP_PAD]++;
		sh = tir_build_slice(B(a), sh, start, lim, NULL);
		a->r->st->ops[TOP_SLICE]++;
		incl = aff_bin(a, TOP_ADD, incl, sh);
	}
	*total = tir_build_slice(B(a), incl, last, lim, NULL);
	a->r->st->ops[TOP_SLICE]++;
	return aff_bin(a, TOP_SUBTRACT, incl, x);
}

/* Why atomic e's old value is not built (NULL: it is); *c its address, *inc the
 * increment. */
static const char *value_refused(Aff *a, const KirExpr *e, int64_t *c, int64_t *inc)
{
	int b = e->u.atomic.buffer;
	const char *why;
	PolyExpr *pe;
	if ((e->u.atomic.op != KA_ADD && e->u.atomic.op != KA_SUB) || e->u.atomic.per > 0 ||
	    !frontend_dtype_is_int(a->r->k->bufs[b].elem) || a->r->k->bufs[b].space != KSP_GLOBAL ||
	    a->stride || a->loopvar >= 0 || a->tshape || a->col || a->col_dry || a->dwalk ||
	    a->at.live || a->nolds == MAX_OLDS || a->nred == MAX_RED || a->r->bufsize[b] >= INT32_MAX)
		return "an atomic whose old value is used";
	pe = poly_expr_from_kir(a->c, e->u.atomic.index, a->at.dom, aff_lookup, a, &why);
	if (!pe || !poly_expr_is_const(pe, c) || *c < 0 || *c >= a->r->bufsize[b])
		return "an atomic whose old value is used";
	pe = poly_expr_from_kir(a->c, e->u.atomic.args[0], a->at.dom, aff_lookup, a, &why);
	if (!pe || !poly_expr_is_const(pe, inc))
		return "an atomic whose old value is used";
	if (e->u.atomic.op == KA_SUB)
		*inc = -*inc;
	return NULL;
}

KirExpr *aff_atomic_value(Aff *a, const KirExpr *orig, KirExpr *e)
{
	static const int64_t dim0[1] = {0};
	int b = e->u.atomic.buffer, buf = a->r->buf[b], n, v, flags[POLY_MAX_PIECES], ordered = 1;
	int total, old, start, dimof[POLY_MAX_RANK];
	int64_t c, inc, lanes = 0, lo[1], hi[1];
	DType dt = aff_dt_of(a, buf);
	const char *why = value_refused(a, e, &c, &inc);
	KirExpr *one, *ref;
	struct Old *o;
	PolyMap *w;
	if (why)
		aff_afail(a, e->loc, why);
	/* substituted twice (an unrolled loop's iterations, or a loop bound looked at before
	 * the loop is walked): each substitution would run it again */
	for (int i = 0; i < a->nolds; i++)
		if (a->olds[i].orig == orig)
			aff_afail(a, e->loc, "an atomic whose old value is used (more than once)");
	if (poly_set_is_empty(a->at.dom))      /* no thread: no value is read */
		return frontend_new_int(a->ar, e->type, 0, e->loc);
	o = &a->olds[a->nolds];
	one = frontend_new_int(a->ar, a->r->k->bufs[b].elem, 1, e->loc);
	n = aff_thread_boxes(a, 1, o->boxes, &w, dimof, e->loc);
	for (int i = 0; i < n; i++) {
		int64_t size = 1;
		aff_thread_box(a, w, o->boxes, i, n);
		for (int k = 0; k < a->wrank; k++)
			size *= o->boxes[i].hi[k] - o->boxes[i].lo[k];
		flags[i] = tir_build_reshape(B(a), aff_masked_value(a, one, dt, 0), tir_type_vector(dt, size));
		lanes += size;
		ordered &= i == 0 || o->boxes[i - 1].hi[0] <= o->boxes[i].lo[0];
	}
	a->at.w = w;
	if (!ordered)
		aff_afail(a, e->loc, "an atomic whose old value is used (its threads' boxes are not in lane order)");
	v = n > 1 ? tir_build_concatenate(B(a), flags, n, 0) : flags[0];
	a->r->st->ops[TOP_CONCATENATE] += n > 1;
	v = exclusive_scan(a, v, lanes, &total);
	lo[0] = c;
	hi[0] = c + 1;
	old = tir_build_slice(B(a), buf, lo, hi, NULL);
	a->r->st->ops[TOP_SLICE]++;
	v = aff_bin(a, TOP_MULTIPLY, v, tir_build_splat_int(B(a), tir_type_vector(dt, lanes), inc));
	v = aff_bin(a, TOP_ADD, v, tir_build_broadcast_in_dim(B(a), old, tir_type_vector(dt, lanes), dim0));
	a->r->st->ops[TOP_BROADCAST_IN_DIM]++;
	total = aff_bin(a, TOP_MULTIPLY, total, tir_build_splat_int(B(a), tir_type_vector(dt, 1), inc));
	start = aff_scalar_i32(a, c);
	a->r->st->ops[TOP_DYNAMIC_UPDATE_SLICE]++;
	a->r->buf[b] = tir_build_dynamic_update_slice(B(a), buf, aff_bin(a, TOP_ADD, old, total), &start);
	a->last_store[b] = ++a->epoch;
	a->r->st->stores_dense++;
	{
		char *t = aff_coords_text(a);
		o->coords = arena_strdup(a->ar, t);
		free(t);
	}
	o->v = v;
	o->n = n;
	o->orig = orig;
	ref = frontend_new_expr(a->ar, KE_VAR, e->type, e->loc);
	a->red[a->nred] = (struct Red){.body = e, .var = 0, .carry = a->nolds++};
	ref->u.var = (int)a->r->k->nvars + a->nred++;
	sb_printf(&a->r->st->notes, "  atomic %s at %d:%d: old values an exclusive prefix sum in lane "
	          "order (one address)\n", a->r->k->bufs[b].name, e->loc.line, e->loc.col);
	return ref;
}

/* The old values of slot i over the current box: the lanes of one of their boxes. */
int aff_atomic_old(Aff *a, int i, const KirExpr *e)
{
	const struct Old *o = &a->olds[a->red[i].carry];
	char *t = aff_coords_text(a);
	int64_t off = 0, lo[1], hi[1];
	int same = o->coords && !strcmp(t, o->coords), v;
	free(t);
	for (int j = 0; j < o->n && same; j++) {
		int64_t size = 1;
		int match = a->at.box.rank == a->wrank;
		for (int k = 0; k < a->wrank; k++) {
			size *= o->boxes[j].hi[k] - o->boxes[j].lo[k];
			match &= a->at.box.lo[k] == o->boxes[j].lo[k] && a->at.box.hi[k] == o->boxes[j].hi[k];
		}
		if (!match) {
			off += size;
			continue;
		}
		lo[0] = off;
		hi[0] = off + size;
		v = tir_build_slice(B(a), o->v, lo, hi, NULL);
		a->r->st->ops[TOP_SLICE]++;
		return aff_convert(a, tir_build_reshape(B(a), v, aff_box_type(&a->at.box, aff_dt_of(a, v))),
		                   raise_dtype(e->type));
	}
	aff_afail(a, e->loc, "an atomic whose old value is used over other threads than its own");
}

void aff_atomic_forget(Aff *a, int first_value)
{
	for (int i = 0; i < a->nolds; i++)
		if (a->olds[i].coords && a->olds[i].v >= first_value)
			a->olds[i].coords = NULL;
}
