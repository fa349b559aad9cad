/* simt_atomic.c: atomics in the SIMT strategy. Consumes an atomic of the kernel IR
 * (KE_ATOMIC) and the lanes' current mask; produces the buffer's new value (a scatter
 * with a combiner, or a while over rounds) and, when the atomic's value is used, each
 * lane's old value in lane order (a segmented scan, or the serialized rounds). */
#include "raise_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- atomics ----
 * An atomic used as a statement whose operation is commutative and associative (add,
 * sub, min, max, and, or, xor) is one scatter with that combiner: the order of the
 * updates does not matter. When its value is used, the old values are those of lane
 * order, computed by a sort by address and a segmented scan (atomic_scan). exch, cas,
 * inc and dec are serialized in lane order: a while loop of rounds, each round letting
 * the lowest pending lane at every address (scatter-min of the lane number) read the old
 * value and write the new one; lanes at distinct addresses share a round, so the rounds
 * are the largest number of lanes that target one address (docs/report.md). */

/* The new contents of a location holding `cur` after atomic op with operands v0, v1
 * (CUDA Programming Guide, "Atomic Functions"). */
static int atomic_apply(Raise *r, KirAtomicOp op, int cur, int v0, int v1)
{
	DType t = raise_dt_of(r, cur);
	int zero = raise_isplat(r, t, 0);
	if (dtype_is_float(t))
		zero = tir_build_splat_float(&r->b, raise_lanes_of(r, t), 0);
	switch (op) {
	case KA_ADD: return raise_bin(r, TOP_ADD, cur, v0);
	case KA_SUB: return raise_bin(r, TOP_SUBTRACT, cur, v0);
	case KA_MAX: return raise_bin(r, TOP_MAXIMUM, cur, v0);
	case KA_MIN: return raise_bin(r, TOP_MINIMUM, cur, v0);
	case KA_AND: return raise_bin(r, TOP_AND, cur, v0);
	case KA_OR: return raise_bin(r, TOP_OR, cur, v0);
	case KA_XOR: return raise_bin(r, TOP_XOR, cur, v0);
	case KA_EXCH: return v0;
	case KA_CAS:      /* (old == compare ? val : old) */
		return tir_build_select(&r->b, tir_build_compare(&r->b, CMP_EQ, cur, v0), v1, cur);
	case KA_INC:      /* ((old >= val) ? 0 : (old+1)) */
		return tir_build_select(&r->b, tir_build_compare(&r->b, CMP_GE, cur, v0), zero,
		                        raise_bin(r, TOP_ADD, cur, raise_isplat(r, t, 1)));
	default:          /* DEC: (((old == 0) || (old > val)) ? val : (old-1)) */
		return tir_build_select(&r->b, raise_mask_or(r, tir_build_compare(&r->b, CMP_EQ, cur, zero),
		                                             tir_build_compare(&r->b, CMP_GT, cur, v0)),
		                        v0, raise_bin(r, TOP_SUBTRACT, cur, raise_isplat(r, t, 1)));
	}
}

/* One round: the lowest pending lane per address wins; returns the winners. */
static int atomic_winners(Raise *r, int b, int addr, int pending)
{
	static const int64_t zero[1] = {0};
	int64_t n = r->bufsize[b];
	TScatterDims sd = {0};
	int idx = tir_build_select(&r->b, pending, addr, raise_isplat(r, DT_I32, n));
	int owner = tir_build_splat_int(&r->b, tir_type_vector(DT_I32, n + 1), r->nl);
	sd.inserted_window_dims = (TInts){zero, 1};
	sd.scatter_dims_to_operand_dims = (TInts){zero, 1};
	sd.index_vector_dim = 1;
	r->st->ops[TOP_SCATTER]++;
	owner = tir_build_scatter(&r->b, owner, raise_as_indices(r, idx), r->lane, &sd, TOP_MINIMUM);
	owner = raise_gather_at(r, owner, idx, DT_I32);
	return raise_mask_and(r, pending, tir_build_compare(&r->b, CMP_EQ, owner, r->lane));
}

static int atomic_serial(Raise *r, const KirExpr *e, int b, int addr, int v0, int v1)
{
	int in[3], res[3], arg[3], out[3], pend = -1, red, init, win, cur;
	int64_t d[1] = {0};
	TBuilder outer = r->b;
	TBlock *cb, *bb;
	TOp *w;
	DType t = raise_dt_of(r, r->buf[b]);
	in[0] = r->buf[b];
	in[1] = r->cur;
	in[2] = dtype_is_float(t) ? tir_build_splat_float(&r->b, raise_lanes_of(r, t), 0)
	                          : raise_isplat(r, t, 0);
	w = tir_build_op(&r->b, TOP_WHILE, NULL, 0);
	for (int i = 0; i < 3; i++) {
		tir_op_add_operand(r->f, w, in[i]);
		res[i] = tir_op_add_result(r->f, w, *tir_value_type(r->f, in[i]));
	}
	r->st->ops[TOP_WHILE]++;
	cb = tir_op_add_region(r->f, w);
	bb = tir_op_add_region(r->f, w);
	for (int i = 0; i < 3; i++) {
		int a = tir_block_add_arg(r->f, cb, *tir_value_type(r->f, in[i]));
		if (i == 1)
			pend = a;
	}
	r->b = tir_builder(r->f, cb, outer.loc);
	init = tir_build_splat_int(&r->b, tir_type_scalar(DT_I1), 0);
	red = tir_build_reduce(&r->b, pend, init, d, 1, TOP_OR);
	tir_build_return(&r->b, &red, 1);
	for (int i = 0; i < 3; i++)
		arg[i] = tir_block_add_arg(r->f, bb, *tir_value_type(r->f, in[i]));
	r->b = tir_builder(r->f, bb, outer.loc);
	r->buf[b] = arg[0];
	win = atomic_winners(r, b, addr, arg[1]);
	cur = raise_gather(r, b, addr);
	raise_scatter(r, b, addr, atomic_apply(r, e->u.atomic.op, cur, v0, v1), win, -1);
	out[0] = r->buf[b];
	out[1] = raise_mask_and(r, arg[1], raise_mask_not(r, win));
	out[2] = tir_build_select(&r->b, win, cur, arg[2]);
	tir_build_return(&r->b, out, 3);
	r->b = outer;
	r->buf[b] = res[0];
	return res[2];
}

/* y[i] = x[i - d] over lanes, `fill` (a 1-element constant's value) for i < d */
static int shift_lanes(Raise *r, int x, int64_t d, int64_t ifill, double ffill)
{
	DType t = raise_dt_of(r, x);
	int64_t lo[1] = {0}, hi[1] = {r->nl - d};
	TType ft = tir_type_vector(t, d);
	int xs[2];
	xs[0] = dtype_is_float(t) ? tir_build_splat_float(&r->b, ft, ffill) : tir_build_splat_int(&r->b, ft, ifill);
	xs[1] = tir_build_slice(&r->b, x, lo, hi, NULL);
	return tir_build_concatenate(&r->b, xs, 2, 0);
}

/* The identity of combiner k on t, as (integer, float) */
static void identity_of(TOpKind k, DType t, int64_t *i, double *f)
{
	int bits = dtype_bits(t);
	int sgn = dtype_is_signed(t);
	*i = 0;
	*f = 0;
	if (k == TOP_AND)
		*i = -1;
	else if (k == TOP_MINIMUM) {
		*f = INFINITY;
		*i = sgn ? (int64_t)((UINT64_MAX >> (65 - bits))) : -1;
	} else if (k == TOP_MAXIMUM) {
		*f = -INFINITY;
		*i = sgn ? -(int64_t)((UINT64_MAX >> (65 - bits))) - 1 : 0;
	}
}

/* The old values of a commutative atomic whose value is used, in lane order: a stable
 * sort of the lanes by address, a segmented inclusive scan (Hillis-Steele: log2(lanes)
 * steps; lanes at distance d are in one segment iff their sorted addresses are equal),
 * shifted by one to the exclusive scan, combined with the buffer's old contents and
 * scattered back to the lanes by the sort's permutation. */
static int atomic_scan(Raise *r, int b, int addr, int val, TOpKind k)
{
	DType t = raise_dt_of(r, val);
	int64_t ii;
	double fi;
	int ops[3], res[3], args[6], key, vals, incl, excl, same, idv, old, lanes0;
	TOp *so;
	TBlock *cb;
	TBuilder outer = r->b;
	identity_of(k, t, &ii, &fi);
	idv = dtype_is_float(t) ? tir_build_splat_float(&r->b, raise_lanes_of(r, t), fi)
	                        : raise_isplat(r, t, ii);
	key = tir_build_select(&r->b, r->cur, addr, raise_isplat(r, DT_I32, r->bufsize[b]));
	vals = tir_build_select(&r->b, r->cur, val, idv);
	ops[0] = key;
	ops[1] = r->lane;
	ops[2] = vals;
	so = tir_build_op(&r->b, TOP_SORT, ops, 3);
	for (int i = 0; i < 3; i++)
		res[i] = tir_op_add_result(r->f, so, *tir_value_type(r->f, ops[i]));
	tir_op_set_int(r->f, so, "dimension", 0);
	tir_op_set_bool(r->f, so, "is_stable", 1);
	cb = tir_op_add_region(r->f, so);
	for (int i = 0; i < 6; i++)
		args[i] = tir_block_add_arg(r->f, cb, tir_type_scalar(raise_dt_of(r, ops[i / 2])));
	r->b = tir_builder(r->f, cb, outer.loc);
	{
		int lt = tir_build_compare(&r->b, CMP_LT, args[0], args[1]);
		tir_build_return(&r->b, &lt, 1);
	}
	r->b = outer;
	r->st->ops[TOP_SORT]++;
	incl = res[2];
	for (int64_t d = 1; d < r->nl; d *= 2) {
		same = tir_build_compare(&r->b, CMP_EQ, res[0], shift_lanes(r, res[0], d, -1, 0));
		incl = raise_bin(r, k, incl, tir_build_select(&r->b, same, shift_lanes(r, incl, d, ii, fi), idv));
	}
	same = tir_build_compare(&r->b, CMP_EQ, res[0], shift_lanes(r, res[0], 1, -1, 0));
	excl = tir_build_select(&r->b, same, shift_lanes(r, incl, 1, ii, fi), idv);
	old = raise_bin(r, k, raise_gather_at(r, r->buf[b], res[0], t), excl);
	{
		static const int64_t zero[1] = {0};
		TScatterDims sd = {0};
		sd.inserted_window_dims = (TInts){zero, 1};
		sd.scatter_dims_to_operand_dims = (TInts){zero, 1};
		sd.index_vector_dim = 1;
		lanes0 = dtype_is_float(t) ? tir_build_splat_float(&r->b, raise_lanes_of(r, t), 0)
		                           : raise_isplat(r, t, 0);
		r->st->ops[TOP_SCATTER]++;
		old = tir_build_scatter(&r->b, lanes0, raise_as_indices(r, res[1]), old, &sd, -1);
	}
	raise_scatter(r, b, addr, val, r->cur, (int)k);
	return old;
}

static int atomic_update(Raise *r, const KirExpr *e, int b, TOpKind k, int addr, int val,
                         int v1, int used);

/* ---- an atomic on several elements read as one wider value (KE_ATOMIC per > 1,
 * frontend wide.c): the buffer's first n/per*per elements as n/per units of the
 * atomic's type (unit u: elements per*u .. per*u+per-1, little-endian, as the GPU reads
 * them), the atomic applied to the units as to any buffer, and the units written back
 * over those elements; the last n % per elements are no unit's and stay. per 1: each
 * element is one unit of another type of its size (a CAS on a float's bits), the
 * buffer bitcast there and back. ---- */

static DType dtype_unsigned_of(DType t)
{
	int bits = dtype_bits(t);
	return bits == 8 ? DT_UI8 : bits == 16 ? DT_UI16 : bits == 32 ? DT_UI32 : DT_UI64;
}

/* x (elements of type from, as (m, per)) -> m units of type to */
static int wide_units(Raise *r, int x, int per, DType to)
{
	DType from = raise_dt_of(r, x), eu = dtype_unsigned_of(from), wu = dtype_unsigned_of(to);
	int64_t n = tir_value_type(r->f, x)->dims[0], m = n / per, lo[2] = {0, 0}, hi[2] = {m, 1};
	int64_t d2[2] = {m, per}, z[1] = {0}, mk[1] = {m * per};
	int acc = -1;
	if (m * per != n)
		x = tir_build_slice(&r->b, x, z, mk, NULL);
	x = tir_build_reshape(&r->b, from == eu ? x : tir_build_bitcast_convert(&r->b, x, eu),
	                      tir_type_tensor(eu, 2, d2));
	for (int j = 0; j < per; j++) {
		int c;
		lo[1] = j;
		hi[1] = j + 1;
		c = tir_build_reshape(&r->b, tir_build_slice(&r->b, x, lo, hi, NULL), tir_type_vector(eu, m));
		c = tir_build_convert(&r->b, c, wu);
		if (j)
			c = tir_build_binary(&r->b, TOP_SHIFT_LEFT, c, tir_build_splat_int(&r->b, tir_type_vector(wu, m),
			                     (int64_t)j * dtype_bits(from)));
		acc = j ? tir_build_binary(&r->b, TOP_OR, acc, c) : c;
	}
	return to == wu ? acc : tir_build_bitcast_convert(&r->b, acc, to);
}

/* the elements x (as wide_units took them) with units w written over them */
static int wide_elems(Raise *r, int x, int w, int per)
{
	DType from = raise_dt_of(r, x), eu = dtype_unsigned_of(from), to = raise_dt_of(r, w), wu = dtype_unsigned_of(to);
	int64_t n = tir_value_type(r->f, x)->dims[0], m = n / per, d1[2] = {m, 1};
	int64_t mk[1] = {m * per}, nn[1] = {n};
	int cols[16], y;
	if (to != wu)
		w = tir_build_bitcast_convert(&r->b, w, wu);
	for (int j = 0; j < per; j++) {
		int c = j ? tir_build_binary(&r->b, TOP_SHIFT_RIGHT_LOGICAL, w, tir_build_splat_int(&r->b,
		            tir_type_vector(wu, m), (int64_t)j * dtype_bits(from))) : w;
		c = tir_build_binary(&r->b, TOP_AND, c, tir_build_splat_int(&r->b, tir_type_vector(wu, m),
		                     (int64_t)(UINT64_MAX >> (64 - dtype_bits(from)))));
		cols[j] = tir_build_reshape(&r->b, tir_build_convert(&r->b, c, eu), tir_type_tensor(eu, 2, d1));
	}
	y = tir_build_reshape(&r->b, tir_build_concatenate(&r->b, cols, per, 1), tir_type_vector(eu, m * per));
	if (from != eu)
		y = tir_build_bitcast_convert(&r->b, y, from);
	if (m * per != n) {
		int xs[2];
		xs[0] = y;
		xs[1] = tir_build_slice(&r->b, x, mk, nn, NULL);
		y = tir_build_concatenate(&r->b, xs, 2, 0);
	}
	return y;
}

int raise_atomic(Raise *r, const KirExpr *e, int used)
{
	int b = e->u.atomic.buffer, addr, old, val, v1 = -1, inb, per = e->u.atomic.per, elems = -1;
	int64_t nelems = r->bufsize[b];
	KirAtomicOp op = e->u.atomic.op;
	TOpKind k;
	DType t;
	if (per == 1) {         /* one element read as another type of its size: its bits */
		elems = r->buf[b];
		r->buf[b] = tir_build_bitcast_convert(&r->b, elems, raise_dtype(e->type));
	} else if (per > 1) {
		if (per > 16 || r->k->bufs[b].space != KSP_GLOBAL)
			raise_error(r, e->loc, "an atomic on %d elements of a buffer that is not global", per);
		elems = r->buf[b];
		r->buf[b] = wide_units(r, elems, per, raise_dtype(e->type));
		r->bufsize[b] = nelems / per;
	}
	t = raise_dt_of(r, r->buf[b]);
	switch (op) {
	case KA_ADD: case KA_SUB: k = TOP_ADD; break;
	case KA_MAX: k = TOP_MAXIMUM; break;
	case KA_MIN: k = TOP_MINIMUM; break;
	case KA_AND: k = TOP_AND; break;
	case KA_OR: k = TOP_OR; break;
	case KA_XOR: k = TOP_XOR; break;
	default: k = TOP_COUNT; break;
	}
	if ((op == KA_INC || op == KA_DEC) && t != DT_UI32)
		raise_error(r, e->loc, "atomic%s needs an unsigned int location",
		            frontend_atomic_name(op));
	if (per > 1) {          /* global: no per-block or per-lane copies */
		addr = raise_convert(r, raise_expr(r, e->u.atomic.index), DT_I32);
		inb = -1;
		if (r->o && r->o->allow_oob) {
			int c = raise_bin(r, TOP_MINIMUM, raise_bin(r, TOP_MAXIMUM, addr, raise_isplat(r, DT_I32, 0)),
			                  raise_isplat(r, DT_I32, r->bufsize[b] - 1));
			inb = tir_build_compare(&r->b, CMP_EQ, c, addr);
			addr = c;
		}
	} else
		addr = raise_address(r, b, raise_expr(r, e->u.atomic.index), &inb);
	val = raise_convert(r, raise_expr(r, e->u.atomic.args[0]), t);
	if (e->u.atomic.nargs > 1)
		v1 = raise_convert(r, raise_expr(r, e->u.atomic.args[1]), t);
	if (inb >= 0) {         /* --allow-oob: lanes out of bounds update nothing */
		int sc = r->cur, sf = r->cur_full;
		r->cur = raise_mask_and(r, r->cur, inb);
		r->cur_full = 0;
		old = atomic_update(r, e, b, k, addr, val, v1, used);
		r->cur = sc;
		r->cur_full = sf;
	} else
		old = atomic_update(r, e, b, k, addr, val, v1, used);
	if (per == 1)
		r->buf[b] = tir_build_bitcast_convert(&r->b, r->buf[b], raise_dt_of(r, elems));
	else if (per > 1) {
		r->buf[b] = wide_elems(r, elems, r->buf[b], per);
		r->bufsize[b] = nelems;
	}
	return old;
}

/* The update of atomic e at addr on the lanes of r->cur; the old values. */
static int atomic_update(Raise *r, const KirExpr *e, int b, TOpKind k, int addr, int val,
                         int v1, int used)
{
	KirAtomicOp op = e->u.atomic.op;
	DType t = raise_dt_of(r, r->buf[b]);
	int old;
	r->st->stores_scatter++;
	if (k == TOP_COUNT) {
		sb_printf(&r->st->notes, "  atomic %s at %d:%d: serialized in lane order (while "
		          "over rounds: not commutative)\n", r->k->bufs[b].name, e->loc.line, e->loc.col);
		return atomic_serial(r, e, b, addr, val, v1);
	}
	if (op == KA_SUB)
		val = raise_bin(r, TOP_SUBTRACT, dtype_is_float(t) ?
		                tir_build_splat_float(&r->b, raise_lanes_of(r, t), 0) : raise_isplat(r, t, 0), val);
	if (used) {
		sb_printf(&r->st->notes, "  atomic %s at %d:%d: old values by a lane-order scan "
		          "(sort by address, segmented scan), scatter with combiner\n",
		          r->k->bufs[b].name, e->loc.line, e->loc.col);
		return atomic_scan(r, b, addr, val, k);
	}
	sb_printf(&r->st->notes, "  atomic %s at %d:%d: scatter with combiner\n",
	          r->k->bufs[b].name, e->loc.line, e->loc.col);
	old = raise_gather(r, b, addr);
	raise_scatter(r, b, addr, val, r->cur, (int)k);
	return old;
}
