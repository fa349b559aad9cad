/* simt.c: strategy 1 of DESIGN.md, SIMT vectorization. Consumes a kernel's KIR body;
 * produces tensor-IR ops that run every thread of the launch in lockstep: each value is
 * a tensor over the lanes, each statement runs under the mask `cur` of the lanes that
 * execute it, a load is a gather (the spec clamps its indices; masked lanes ignore the
 * value), a store a scatter into the buffer extended by one dummy element that masked
 * lanes target (so no out-of-bounds behaviour is relied on), a divergent `if` two masks,
 * a loop a stablehlo.while carrying every variable, buffer and mask, running while any
 * lane is active. Barriers are no-ops in lockstep; shuffles gather from the source
 * lane; votes and barrier predicates reduce over warps or blocks. C semantics kept
 * exactly: integer ops wrap (two's complement), division truncates (StableHLO divide and
 * remainder do), shifts take the left operand's type, conversions to bool compare
 * with zero. Atomics are simt_atomic.c. */
#include "raise_int.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void raise_error(Raise *r, SrcLoc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (!r->failed) {
		StrBuf b = {0};
		sb_vprintf(&b, fmt, ap);
		diag_error(loc, "%s", sb_str(&b));
		diag_note(r->k->loc, "in kernel '%s'", r->k->name);
		sb_free(&b);
	}
	va_end(ap);
	r->failed = 1;
	longjmp(r->fail, 1);
}

DType raise_dtype(KirDType t)
{
	switch (t) {
	case KT_I1: return DT_I1;
	case KT_I8: return DT_I8;
	case KT_I16: return DT_I16;
	case KT_I32: return DT_I32;
	case KT_I64: return DT_I64;
	case KT_U8: return DT_UI8;
	case KT_U16: return DT_UI16;
	case KT_U32: return DT_UI32;
	case KT_U64: return DT_UI64;
	case KT_F16: return DT_F16;
	case KT_BF16: return DT_BF16;
	case KT_F32: return DT_F32;
	case KT_F64: return DT_F64;
	default: die("raise_dtype: no tensor type for %s", frontend_dtype_name(t));
	}
}

TType raise_lanes(Raise *r, KirDType t)
{
	return tir_type_vector(raise_dtype(t), r->nl);
}

TType raise_lanes_of(Raise *r, DType t)
{
	return tir_type_vector(t, r->nl);
}

DType raise_dt_of(Raise *r, int v)
{
	return tir_value_type(r->f, v)->dt;
}

int raise_splat(Raise *r, KirDType t, double f, int64_t i)
{
	if (frontend_dtype_is_float(t))
		return tir_build_splat_float(&r->b, raise_lanes(r, t), f);
	return tir_build_splat_int(&r->b, raise_lanes(r, t), i);
}

int raise_isplat(Raise *r, DType t, int64_t v)
{
	return tir_build_splat_int(&r->b, raise_lanes_of(r, t), v);
}

int raise_bin(Raise *r, TOpKind k, int a, int b)
{
	r->st->ops[k]++;
	return tir_build_binary(&r->b, k, a, b);
}

static int un(Raise *r, TOpKind k, int a)
{
	r->st->ops[k]++;
	return tir_build_unary(&r->b, k, a);
}

int raise_mask_and(Raise *r, int a, int b) { return raise_bin(r, TOP_AND, a, b); }
int raise_mask_or(Raise *r, int a, int b) { return raise_bin(r, TOP_OR, a, b); }
int raise_mask_not(Raise *r, int a) { return un(r, TOP_NOT, a); }
static int none(Raise *r) { return raise_isplat(r, DT_I1, 0); }

int raise_convert(Raise *r, int v, DType to)
{
	DType from = raise_dt_of(r, v);
	if (from == to)
		return v;
	if (to == DT_I1) {      /* C: a value converts to bool as (x != 0) */
		int z = dtype_is_float(from) ? tir_build_splat_float(&r->b, *tir_value_type(r->f, v), 0)
		                             : tir_build_splat_int(&r->b, *tir_value_type(r->f, v), 0);
		return tir_build_compare(&r->b, CMP_NE, v, z);
	}
	r->st->ops[TOP_CONVERT]++;
	return tir_build_convert(&r->b, v, to);
}

/* ---- lanes ---- */

static int idiv(Raise *r, int x, int64_t d)
{
	return raise_bin(r, TOP_DIVIDE, x, raise_isplat(r, DT_I32, d));
}

static int irem(Raise *r, int x, int64_t d)
{
	return raise_bin(r, TOP_REMAINDER, x, raise_isplat(r, DT_I32, d));
}

/* The lane coordinates; batched (r->first), the blocks of the batch. */
void raise_setup_lanes(Raise *r)
{
	static const int64_t none_dims[1] = {0};
	int t, g;
	r->lane = tir_build_iota(&r->b, raise_lanes_of(r, DT_I32), 0);
	r->thr = irem(r, r->lane, r->nt);
	r->blk = idiv(r, r->lane, r->nt);
	t = r->thr;
	r->tid[0] = irem(r, t, r->block[0]);
	r->tid[1] = irem(r, idiv(r, t, r->block[0]), r->block[1]);
	r->tid[2] = idiv(r, t, r->block[0] * r->block[1]);
	g = r->blk;        /* the block in the grid; r->blk: in the batch (shared memory) */
	if (r->first >= 0)
		g = raise_bin(r, TOP_ADD, g, tir_build_broadcast_in_dim(&r->b, r->first,
		              raise_lanes_of(r, DT_I32), none_dims));
	r->bid[0] = irem(r, g, r->grid[0]);
	r->bid[1] = irem(r, idiv(r, g, r->grid[0]), r->grid[1]);
	r->bid[2] = idiv(r, g, r->grid[0] * r->grid[1]);
}

static int builtin(Raise *r, const KirExpr *e)
{
	int v;
	switch (e->u.builtin) {
	case KBI_TID_X: v = r->tid[0]; break;
	case KBI_TID_Y: v = r->tid[1]; break;
	case KBI_TID_Z: v = r->tid[2]; break;
	case KBI_BID_X: v = r->bid[0]; break;
	case KBI_BID_Y: v = r->bid[1]; break;
	case KBI_BID_Z: v = r->bid[2]; break;
	case KBI_BDIM_X: v = raise_isplat(r, DT_I32, r->block[0]); break;
	case KBI_BDIM_Y: v = raise_isplat(r, DT_I32, r->block[1]); break;
	case KBI_BDIM_Z: v = raise_isplat(r, DT_I32, r->block[2]); break;
	case KBI_GDIM_X: v = raise_isplat(r, DT_I32, r->grid[0]); break;
	case KBI_GDIM_Y: v = raise_isplat(r, DT_I32, r->grid[1]); break;
	case KBI_GDIM_Z: v = raise_isplat(r, DT_I32, r->grid[2]); break;
	case KBI_WARPSIZE: v = raise_isplat(r, DT_I32, 32); break;
	default: raise_error(r, e->loc, "unknown builtin");
	}
	if (v < 0)
		die("raise: %s read in a narrowed branch that did not narrow it", frontend_builtin_name(e->u.builtin));
	return raise_convert(r, v, raise_dtype(e->type));
}

/* ---- memory ---- */

/* The element address in the buffer's storage tensor (i32 over lanes): shared memory
 * has one copy per block, local arrays one per thread. With --allow-oob (docs/bounds.md)
 * an index outside [0, count) is clamped into the lane's own copy, so a load reads the
 * nearest element, and *inb (when asked) gets the lanes whose index is inside, for a
 * store to leave the others out; -1 when every lane is (no --allow-oob). */
int raise_address(Raise *r, int b, int idx, int *inb)
{
	const KirBuffer *kb = &r->k->bufs[b];
	int i = raise_convert(r, idx, DT_I32);
	if (inb)
		*inb = -1;
	if (r->o && r->o->allow_oob && kb->count > 0) {
		int c = raise_bin(r, TOP_MINIMUM, raise_bin(r, TOP_MAXIMUM, i, raise_isplat(r, DT_I32, 0)),
		                  raise_isplat(r, DT_I32, kb->count - 1));
		if (inb)
			*inb = tir_build_compare(&r->b, CMP_EQ, c, i);
		i = c;
	}
	if ((kb->space == KSP_SHARED && r->blk < 0) || (kb->space == KSP_LOCAL && r->lane < 0))
		die("raise: buffer '%s' accessed in a narrowed branch that did not narrow its lanes", kb->name);
	if (kb->space == KSP_SHARED)
		i = raise_bin(r, TOP_ADD, raise_bin(r, TOP_MULTIPLY, r->blk, raise_isplat(r, DT_I32, kb->count)), i);
	else if (kb->space == KSP_LOCAL)
		i = raise_bin(r, TOP_ADD, raise_bin(r, TOP_MULTIPLY, r->lane, raise_isplat(r, DT_I32, kb->count)), i);
	return i;
}

int raise_as_indices(Raise *r, int addr)
{
	int64_t d[2] = {r->nl, 1};
	return tir_build_reshape(&r->b, addr, tir_type_tensor(DT_I32, 2, d));
}

int raise_gather_at(Raise *r, int operand, int addr, DType t)
{
	static const int64_t zero[1] = {0};
	TGatherDims gd = {0};
	int64_t ss[1] = {1};
	gd.collapsed_slice_dims = (TInts){zero, 1};
	gd.start_index_map = (TInts){zero, 1};
	gd.index_vector_dim = 1;
	r->st->ops[TOP_GATHER]++;
	return tir_build_gather(&r->b, operand, raise_as_indices(r, addr), &gd, ss, raise_lanes_of(r, t));
}

int raise_gather(Raise *r, int b, int addr)
{
	return raise_gather_at(r, r->buf[b], addr, raise_dt_of(r, r->buf[b]));
}

static int load(Raise *r, int b, const KirExpr *index)
{
	if (r->buf[b] < 0)
		raise_error(r, index->loc, "buffer '%s' has no contents", r->k->bufs[b].name);
	return raise_gather(r, b, raise_address(r, b, raise_expr(r, index), NULL));
}

/* bufs[b][addr] (op)= val on the lanes of mask; combiner -1 replaces. */
void raise_scatter(Raise *r, int b, int addr, int val, int mask, int combiner)
{
	static const int64_t zero[1] = {0};
	int64_t n = r->bufsize[b], lo[1] = {0}, hi[1] = {n}, one[1] = {1};
	TScatterDims sd = {0};
	TType et = tir_type_vector(raise_dt_of(r, r->buf[b]), 1);
	int pad = dtype_is_float(et.dt) ? tir_build_splat_float(&r->b, et, 0)
	                                : tir_build_splat_int(&r->b, et, 0);
	int xs[2] = {r->buf[b], pad}, ext, idx;
	(void)one;
	ext = tir_build_concatenate(&r->b, xs, 2, 0);
	idx = tir_build_select(&r->b, mask, addr, raise_isplat(r, DT_I32, n));
	sd.inserted_window_dims = (TInts){zero, 1};
	sd.scatter_dims_to_operand_dims = (TInts){zero, 1};
	sd.index_vector_dim = 1;
	r->st->ops[TOP_SCATTER]++;
	ext = tir_build_scatter(&r->b, ext, raise_as_indices(r, idx), raise_convert(r, val, et.dt), &sd,
	                        combiner);
	r->buf[b] = tir_build_slice(&r->b, ext, lo, hi, NULL);
}

/* ---- variables and assignment ---- */

static int masked(Raise *r, int v, int old)
{
	if (r->cur_full)
		return v;
	return tir_build_select(&r->b, r->cur, v, old);
}

static int read_lv(Raise *r, const KirLval *lv, int *addr, int *inb)
{
	if (lv->var >= 0)
		return r->var[lv->var];
	*addr = raise_address(r, lv->buffer, raise_expr(r, lv->index), inb);
	return raise_gather(r, lv->buffer, *addr);
}

static void write_lv(Raise *r, const KirLval *lv, int addr, int inb, int v, SrcLoc loc)
{
	if (lv->var >= 0) {
		r->var[lv->var] = masked(r, v, r->var[lv->var]);
		return;
	}
	if (r->k->bufs[lv->buffer].is_const && r->k->bufs[lv->buffer].space != KSP_LOCAL &&
	    r->k->bufs[lv->buffer].space != KSP_SHARED) {
		raise_error(r, loc, "store to read-only buffer '%s'", r->k->bufs[lv->buffer].name);
		return;
	}
	r->st->stores_scatter++;
	sb_printf(&r->st->notes, "  store %s at %d:%d: scatter (SIMT fallback)\n",
	          r->k->bufs[lv->buffer].name, loc.line, loc.col);
	raise_scatter(r, lv->buffer, addr, v, inb < 0 ? r->cur : raise_mask_and(r, r->cur, inb), -1);
}

static int binop(Raise *r, KirBinOp op, KirDType t, int a, int b, SrcLoc loc);

static int assign(Raise *r, const KirExpr *e)
{
	const KirLval *lv = &e->u.assign.lv;
	int addr = -1, inb = -1, v, old;
	KirDType lt = lv->var >= 0 ? r->k->vars[lv->var].type : r->k->bufs[lv->buffer].elem;
	if (e->u.assign.op == KB_NONE) {
		if (lv->var < 0)
			addr = raise_address(r, lv->buffer, raise_expr(r, lv->index), &inb);
		v = raise_convert(r, raise_expr(r, e->u.assign.value), raise_dtype(lt));
	} else {
		KirDType ot = e->u.assign.optype;
		old = read_lv(r, lv, &addr, &inb);
		v = raise_expr(r, e->u.assign.value);
		v = binop(r, e->u.assign.op, ot, raise_convert(r, old, raise_dtype(ot)),
		          raise_convert(r, v, raise_dtype(ot)), e->loc);
		v = raise_convert(r, v, raise_dtype(lt));
	}
	write_lv(r, lv, addr, inb, v, e->loc);
	return v;
}

static int incdec(Raise *r, const KirExpr *e)
{
	const KirLval *lv = &e->u.incdec.lv;
	int addr = -1, inb = -1, old = read_lv(r, lv, &addr, &inb), one, v;
	KirDType t = e->type;
	one = raise_splat(r, t, 1.0, 1);
	v = raise_bin(r, e->u.incdec.inc ? TOP_ADD : TOP_SUBTRACT, old, one);
	write_lv(r, lv, addr, inb, v, e->loc);
	return e->u.incdec.post ? old : v;
}

/* ---- operators ---- */

TOpKind raise_binop_kind(KirBinOp op, KirDType t, TCmpDir *dir, int *shift)
{
	*shift = 0;
	switch (op) {
	case KB_ADD: return t == KT_I1 ? TOP_OR : TOP_ADD;     /* i1 + i1 is logical or */
	case KB_SUB: return TOP_SUBTRACT;
	case KB_MUL: return TOP_MULTIPLY;
	case KB_DIV: return TOP_DIVIDE;
	case KB_REM: return TOP_REMAINDER;
	case KB_SHL: *shift = 1; return TOP_SHIFT_LEFT;
	case KB_SHR:
		*shift = 1;
		return frontend_dtype_is_signed(t) ? TOP_SHIFT_RIGHT_ARITHMETIC : TOP_SHIFT_RIGHT_LOGICAL;
	case KB_AND: return TOP_AND;
	case KB_OR: return TOP_OR;
	case KB_XOR: return TOP_XOR;
	case KB_LT: *dir = CMP_LT; return TOP_COMPARE;
	case KB_LE: *dir = CMP_LE; return TOP_COMPARE;
	case KB_GT: *dir = CMP_GT; return TOP_COMPARE;
	case KB_GE: *dir = CMP_GE; return TOP_COMPARE;
	case KB_EQ: *dir = CMP_EQ; return TOP_COMPARE;
	case KB_NE: *dir = CMP_NE; return TOP_COMPARE;
	default: return TOP_COUNT;
	}
}

static int binop(Raise *r, KirBinOp op, KirDType t, int a, int b, SrcLoc loc)
{
	TCmpDir dir = CMP_NE;
	int shift;
	TOpKind k = raise_binop_kind(op, t, &dir, &shift);
	if (k == TOP_COUNT)
		raise_error(r, loc, "unsupported operator");
	if (k == TOP_COMPARE) {
		r->st->ops[TOP_COMPARE]++;
		return tir_build_compare(&r->b, dir, a, b);
	}
	return raise_bin(r, k, a, shift ? raise_convert(r, b, raise_dt_of(r, a)) : b);
}

static int binary(Raise *r, const KirExpr *e)
{
	int a = raise_expr(r, e->u.bin.l), b = raise_expr(r, e->u.bin.r);
	KirDType t = e->u.bin.l->type;
	if (e->u.bin.op == KB_SHL || e->u.bin.op == KB_SHR)
		t = e->type;
	return binop(r, e->u.bin.op, t, a, b, e->loc);
}

static int unary(Raise *r, const KirExpr *e)
{
	int x = raise_expr(r, e->u.un.x);
	switch (e->u.un.op) {
	case KU_NEG:
		if (frontend_dtype_is_signed(e->type))
			return un(r, TOP_NEGATE, x);
		return raise_bin(r, TOP_SUBTRACT, raise_splat(r, e->type, 0, 0), x);
	case KU_NOT: return raise_mask_not(r, raise_convert(r, x, DT_I1));
	default: return un(r, TOP_NOT, x);
	}
}

/* Evaluates e under mask m (side effects and loads of e happen only there). */
static int under(Raise *r, const KirExpr *e, int m)
{
	int sc = r->cur, sf = r->cur_full, v;
	r->cur = m;
	r->cur_full = 0;
	v = raise_expr(r, e);
	r->cur = sc;
	r->cur_full = sf;
	return v;
}

static int logic(Raise *r, const KirExpr *e)
{
	int a = raise_convert(r, raise_expr(r, e->u.bin.l), DT_I1), b;
	if (e->kind == KE_LOGAND) {
		b = raise_convert(r, under(r, e->u.bin.r, raise_mask_and(r, r->cur, a)), DT_I1);
		return raise_mask_and(r, a, b);
	}
	b = raise_convert(r, under(r, e->u.bin.r, raise_mask_and(r, r->cur, raise_mask_not(r, a))), DT_I1);
	return raise_mask_or(r, a, b);
}

static int cond(Raise *r, const KirExpr *e)
{
	int c = raise_convert(r, raise_expr(r, e->u.cond.c), DT_I1);
	int t = under(r, e->u.cond.t, raise_mask_and(r, r->cur, c));
	int f = under(r, e->u.cond.f, raise_mask_and(r, r->cur, raise_mask_not(r, c)));
	r->st->ops[TOP_SELECT]++;
	return tir_build_select(&r->b, c, t, f);
}

int raise_math(Raise *r, const KirExpr *e, const int *args);

/* ---- warps and blocks ---- */

/* The value of v at lane src (i32 over lanes, a lane of the same block). */
static int from_lane(Raise *r, int v, int src)
{
	return raise_gather_at(r, v, src, raise_dt_of(r, v));
}

static int shfl(Raise *r, const KirExpr *e)
{
	int v = raise_expr(r, e->u.shfl.value);
	int arg = raise_convert(r, raise_expr(r, e->u.shfl.lane), DT_I32);
	int w = e->u.shfl.width > 0 ? e->u.shfl.width : 32;
	int lid = irem(r, r->thr, 32);                       /* lane in warp */
	int base = raise_bin(r, TOP_MULTIPLY, idiv(r, lid, w), raise_isplat(r, DT_I32, w));
	int src, ok;
	switch (e->u.shfl.op) {
	case KSH_IDX:
		src = raise_bin(r, TOP_ADD, base, raise_bin(r, TOP_AND, arg, raise_isplat(r, DT_I32, w - 1)));
		break;
	case KSH_UP: src = raise_bin(r, TOP_SUBTRACT, lid, arg); break;
	case KSH_DOWN: src = raise_bin(r, TOP_ADD, lid, arg); break;
	default: src = raise_bin(r, TOP_XOR, lid, arg); break;
	}
	/* a source outside the segment (or past the block) gives the lane its own value */
	ok = raise_mask_and(r, tir_build_compare(&r->b, CMP_GE, src, base),
	                    tir_build_compare(&r->b, CMP_LT, src,
	                                      raise_bin(r, TOP_ADD, base, raise_isplat(r, DT_I32, w))));
	src = raise_bin(r, TOP_ADD, raise_bin(r, TOP_SUBTRACT, r->lane, lid), src);
	ok = raise_mask_and(r, ok, tir_build_compare(&r->b, CMP_LT,
	              raise_bin(r, TOP_SUBTRACT, src,
	                        raise_bin(r, TOP_MULTIPLY, r->blk, raise_isplat(r, DT_I32, r->nt))),
	              raise_isplat(r, DT_I32, r->nt)));
	src = tir_build_select(&r->b, ok, src, r->lane);
	return from_lane(r, v, src);
}

/* Reduces x over groups of `g` consecutive lanes with combiner k and broadcasts the
 * result back to every lane of the group. */
static int group_reduce(Raise *r, int x, int64_t g, TOpKind k, SrcLoc loc)
{
	DType t = raise_dt_of(r, x);
	int64_t d2[2] = {r->nl / g, g}, keep[1] = {0}, red[1] = {1};
	int init, y;
	if (r->nl % g)
		raise_error(r, loc, "a warp-level operation needs whole warps (threads per block a multiple of 32)");
	init = k == TOP_AND ? tir_build_splat_int(&r->b, tir_type_scalar(t), -1)
	                    : tir_build_splat_int(&r->b, tir_type_scalar(t), 0);
	if (t == DT_I1 && k == TOP_AND)
		init = tir_build_splat_int(&r->b, tir_type_scalar(t), 1);
	y = tir_build_reshape(&r->b, x, tir_type_tensor(t, 2, d2));
	r->st->ops[TOP_REDUCE]++;
	y = tir_build_reduce(&r->b, y, init, red, 1, k);
	y = tir_build_broadcast_in_dim(&r->b, y, tir_type_tensor(t, 2, d2), keep);
	return tir_build_reshape(&r->b, y, raise_lanes_of(r, t));
}

/* __match_any_sync ("Warp Match Functions"): lane i of a warp gets the bits of the
 * active lanes j whose value v_j equals v_i, as a [warps, 32, 32] comparison (i along
 * dim 1, j along dim 2) of which each equal j gives its bit `act` (1 << j when active,
 * else 0), or-reduced over j. */
static int match_any(Raise *r, const KirExpr *e, int act)
{
	int v = raise_expr(r, e->u.vote.pred), eq, bits, y;
	DType t = raise_dt_of(r, v);
	int64_t d2[2] = {r->nl / 32, 32}, d3[3] = {r->nl / 32, 32, 32}, di[2] = {0, 1}, dj[2] = {0, 2}, red[1] = {2};
	if (r->nl % 32)
		raise_error(r, e->loc, "a warp-level operation needs whole warps (threads per block a multiple of 32)");
	v = tir_build_reshape(&r->b, v, tir_type_tensor(t, 2, d2));
	eq = tir_build_compare(&r->b, CMP_EQ, tir_build_broadcast_in_dim(&r->b, v, tir_type_tensor(t, 3, d3), di),
	                       tir_build_broadcast_in_dim(&r->b, v, tir_type_tensor(t, 3, d3), dj));
	act = tir_build_reshape(&r->b, act, tir_type_tensor(DT_UI32, 2, d2));
	bits = tir_build_select(&r->b, eq, tir_build_broadcast_in_dim(&r->b, act, tir_type_tensor(DT_UI32, 3, d3), dj),
	                        tir_build_splat_int(&r->b, tir_type_tensor(DT_UI32, 3, d3), 0));
	r->st->ops[TOP_REDUCE]++;
	y = tir_build_reduce(&r->b, bits, tir_build_splat_int(&r->b, tir_type_scalar(DT_UI32), 0), red, 1, TOP_OR);
	return tir_build_reshape(&r->b, y, raise_lanes_of(r, DT_UI32));
}

/* Votes ("Warp Vote Functions"): the warp's ballot of the predicate (bit lane of each
 * active lane whose predicate holds) and of the active lanes, each lane then keeping the
 * bits of the lanes its mask names: ballot = b & mask, any = (b & mask) != 0, all =
 * (b & mask) == (active & mask). A tile's mask names its own lanes only. */
static int vote(Raise *r, const KirExpr *e)
{
	int lid, one, b, act, m, v;
	if (r->nt % 32)
		raise_error(r, e->loc, "warp vote with a partial warp (threads per block not a multiple of 32)");
	lid = raise_convert(r, irem(r, r->thr, 32), DT_UI32);
	one = raise_bin(r, TOP_SHIFT_LEFT, raise_isplat(r, DT_UI32, 1), lid);
	act = tir_build_select(&r->b, r->cur, one, raise_isplat(r, DT_UI32, 0));
	if (e->u.vote.op == KV_MATCH_ANY)
		return raise_bin(r, TOP_AND, match_any(r, e, act), raise_convert(r, raise_expr(r, e->u.vote.mask), DT_UI32));
	act = group_reduce(r, act, 32, TOP_OR, e->loc);
	if (e->u.vote.op == KV_ACTIVEMASK)
		return raise_convert(r, act, raise_dtype(e->type));
	b = tir_build_select(&r->b,
	                     raise_mask_and(r, raise_convert(r, raise_expr(r, e->u.vote.pred), DT_I1), r->cur),
	                     one, raise_isplat(r, DT_UI32, 0));
	m = raise_convert(r, raise_expr(r, e->u.vote.mask), DT_UI32);
	b = raise_bin(r, TOP_AND, group_reduce(r, b, 32, TOP_OR, e->loc), m);
	switch (e->u.vote.op) {
	case KV_ANY: v = tir_build_compare(&r->b, CMP_NE, b, raise_isplat(r, DT_UI32, 0)); break;
	case KV_ALL: v = tir_build_compare(&r->b, CMP_EQ, b, raise_bin(r, TOP_AND, act, m)); break;
	default: v = b; break;
	}
	return raise_convert(r, v, raise_dtype(e->type));
}

int raise_expr(Raise *r, const KirExpr *e)
{
	int args[3];
	switch (e->kind) {
	case KE_CONST:
		if (frontend_dtype_is_float(e->type))
			return tir_build_splat_float(&r->b, raise_lanes(r, e->type), e->u.c.f);
		return tir_build_splat_int(&r->b, raise_lanes(r, e->type), e->u.c.i);
	case KE_PARAM: {
		static const int64_t none_dims[1] = {0};
		if (r->param[e->u.param] < 0)
			raise_error(r, e->loc, "parameter '%s' has no value", r->k->params[e->u.param].name);
		return tir_build_broadcast_in_dim(&r->b, r->param[e->u.param], raise_lanes(r, e->type), none_dims);
	}
	case KE_VAR: return r->var[e->u.var];
	case KE_BUILTIN: return builtin(r, e);
	case KE_UNARY: return unary(r, e);
	case KE_BINARY: return binary(r, e);
	case KE_LOGAND: case KE_LOGOR: return logic(r, e);
	case KE_COND: return cond(r, e);
	case KE_CAST: return raise_convert(r, raise_expr(r, e->u.x), raise_dtype(e->type));
	case KE_BITCAST: return tir_build_bitcast_convert(&r->b, raise_expr(r, e->u.x), raise_dtype(e->type));
	case KE_LOAD: return load(r, e->u.load.buffer, e->u.load.index);
	case KE_ASSIGN: return assign(r, e);
	case KE_INCDEC: return incdec(r, e);
	case KE_COMMA: raise_expr(r, e->u.comma.l); return raise_expr(r, e->u.comma.r);
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			args[i] = raise_expr(r, e->u.math.args[i]);
		return raise_math(r, e, args);
	case KE_SHFL: return shfl(r, e);
	case KE_VOTE: return vote(r, e);
	case KE_ATOMIC: return raise_atomic(r, e, 1);
	default: raise_error(r, e->loc, "unsupported expression");
	}
}

/* ---- statements ---- */

static void set_cur(Raise *r, int m)
{
	r->cur = m;
	r->cur_full = 0;
}

static void push_frame(Raise *r, Frame fr)
{
	/* loops hold pointers into r->frames (their carried masks): it never moves */
	if (r->frames.len == r->frames.cap)
		die("raise: control flow nested deeper than %zu", r->frames.cap);
	r->frames.data[r->frames.len++] = fr;
}

static void block(Raise *r, const KirStmt *s)
{
	Frame fr = {0, s->u.block.label, -1};
	if (fr.label > 0) {
		fr.exit = none(r);
		push_frame(r, fr);
	}
	for (size_t i = 0; i < s->u.block.nstmts && !r->failed; i++)
		raise_stmt(r, s->u.block.stmts[i]);
	if (fr.label > 0) {
		fr = VEC_POP(r->frames);
		set_cur(r, raise_mask_or(r, r->cur, fr.exit));
	}
}

static void if_stmt(Raise *r, const KirStmt *s)
{
	int c = raise_convert(r, raise_expr(r, s->u.if_.cond), DT_I1);
	int saved = r->cur, then_out;
	set_cur(r, raise_mask_and(r, saved, c));
	if (!raise_narrow_then(r, s->u.if_.cond, s->u.if_.then))
		raise_stmt(r, s->u.if_.then);
	then_out = r->cur;
	set_cur(r, raise_mask_and(r, saved, raise_mask_not(r, c)));
	if (s->u.if_.els)
		raise_stmt(r, s->u.if_.els);
	set_cur(r, raise_mask_or(r, then_out, r->cur));
}

/* The loop-carried state: every variable, every buffer, the masks. */
typedef struct Slots {
	int **p;
	int n;
} Slots;

static Slots slots(Raise *r)
{
	Slots s;
	int n = 0;
	s.p = xmalloc(sizeof(int *) * (r->k->nvars + r->k->nbufs + r->frames.len + 2));
	for (size_t i = 0; i < r->k->nvars; i++)
		if (r->var[i] >= 0)
			s.p[n++] = &r->var[i];
	for (size_t i = 0; i < r->k->nbufs; i++)
		if (r->buf[i] >= 0)
			s.p[n++] = &r->buf[i];
	for (size_t i = 0; i < r->frames.len; i++)
		s.p[n++] = &r->frames.data[i].exit;
	s.p[n++] = &r->ret;
	s.p[n++] = &r->cur;
	s.n = n;
	return s;
}

/* Builds `while (any lane of cur) { body; step; cur &= cond }`. */
static void loop(Raise *r, const KirExpr *cnd, const KirStmt *body, const KirExpr *step,
                 int do_while)
{
	int entry, nframes = (int)r->frames.len;
	Slots sl;
	TOp *w;
	TBuilder outer = r->b;
	TBlock *cb, *bb;
	int *res;
	entry = r->cur;      /* the lanes that reach the loop continue after it */
	if (!do_while && cnd)
		set_cur(r, raise_mask_and(r, r->cur, raise_convert(r, raise_expr(r, cnd), DT_I1)));
	sl = slots(r);
	w = tir_build_op(&r->b, TOP_WHILE, NULL, 0);
	for (int i = 0; i < sl.n; i++)
		tir_op_add_operand(r->f, w, *sl.p[i]);
	res = xmalloc(sizeof(int) * (size_t)sl.n);
	for (int i = 0; i < sl.n; i++)
		res[i] = tir_op_add_result(r->f, w, *tir_value_type(r->f, *sl.p[i]));
	r->st->ops[TOP_WHILE]++;
	/* cond region: any(cur) */
	cb = tir_op_add_region(r->f, w);
	bb = tir_op_add_region(r->f, w);
	{
		int last = -1, red, init;
		int64_t d[1] = {0};
		for (int i = 0; i < sl.n; i++)
			last = tir_block_add_arg(r->f, cb, *tir_value_type(r->f, *sl.p[i]));
		r->b = tir_builder(r->f, cb, outer.loc);
		init = tir_build_splat_int(&r->b, tir_type_scalar(DT_I1), 0);
		red = tir_build_reduce(&r->b, last, init, d, 1, TOP_OR);
		tir_build_return(&r->b, &red, 1);
	}
	/* body region */
	for (int i = 0; i < sl.n; i++)
		*sl.p[i] = tir_block_add_arg(r->f, bb, *tir_value_type(r->f, *sl.p[i]));
	r->b = tir_builder(r->f, bb, outer.loc);
	r->cur_full = 0;
	{
		Frame fr = {1, 0, none(r)};
		int *out = xmalloc(sizeof(int) * (size_t)sl.n);
		push_frame(r, fr);
		raise_stmt(r, body);
		fr = VEC_POP(r->frames);
		set_cur(r, raise_mask_or(r, r->cur, fr.exit));
		if (step)
			raise_expr(r, step);
		if (cnd)
			set_cur(r, raise_mask_and(r, r->cur, raise_convert(r, raise_expr(r, cnd), DT_I1)));
		/* the slot pointers into r->frames are stable: frames pushed above were popped */
		for (int i = 0; i < sl.n; i++)
			out[i] = *sl.p[i];
		tir_build_return(&r->b, out, sl.n);
		free(out);
	}
	r->b = outer;
	for (int i = 0; i < sl.n; i++)
		*sl.p[i] = res[i];
	/* after the loop: the lanes that entered, less those that returned or left an
	 * enclosing block from inside it */
	{
		int m = raise_mask_and(r, entry, raise_mask_not(r, r->ret));
		for (int i = 0; i < nframes; i++)
			if (!r->frames.data[i].is_loop)
				m = raise_mask_and(r, m, raise_mask_not(r, r->frames.data[i].exit));
		set_cur(r, m);
	}
	free(res);
	free(sl.p);
}

void raise_loop_stmt(Raise *r, const KirStmt *s)
{
	if (s->kind == KS_FOR)
		loop(r, s->u.for_.cond, s->u.for_.body, s->u.for_.step, 0);
	else
		loop(r, s->u.loop.cond, s->u.loop.body, NULL, s->kind == KS_DO);
}

static Frame *innermost_loop(Raise *r)
{
	for (size_t i = r->frames.len; i-- > 0;)
		if (r->frames.data[i].is_loop)
			return &r->frames.data[i];
	return NULL;
}

static Frame *label_frame(Raise *r, int label)
{
	for (size_t i = r->frames.len; i-- > 0;)
		if (!r->frames.data[i].is_loop && r->frames.data[i].label == label)
			return &r->frames.data[i];
	return NULL;
}

static void sync_stmt(Raise *r, const KirStmt *s)
{
	int p, v;
	TOpKind k = TOP_OR;
	if (s->u.sync.op == KSY_THREADS || s->u.sync.op == KSY_WARP)
		return;       /* lockstep: every earlier statement has run on every lane */
	p = raise_convert(r, raise_expr(r, s->u.sync.arg), DT_I1);
	if (s->u.sync.op == KSY_THREADS_COUNT) {
		v = group_reduce(r, raise_convert(r, raise_mask_and(r, p, r->cur), DT_I32), r->nt, TOP_ADD, s->loc);
	} else {
		if (s->u.sync.op == KSY_THREADS_AND) {
			k = TOP_AND;
			p = raise_mask_or(r, p, raise_mask_not(r, r->cur));
		} else {
			p = raise_mask_and(r, p, r->cur);
		}
		v = raise_convert(r, group_reduce(r, p, r->nt, k, s->loc), DT_I32);
	}
	if (s->u.sync.result >= 0)
		r->var[s->u.sync.result] = masked(r, raise_convert(r, v,
			raise_dtype(r->k->vars[s->u.sync.result].type)), r->var[s->u.sync.result]);
}

/* continue, block exit: the running lanes leave for frame fr's exit mask */
static void leave(Raise *r, Frame *fr, SrcLoc loc, const char *no_frame)
{
	if (!fr)
		raise_error(r, loc, "%s", no_frame);
	fr->exit = raise_mask_or(r, fr->exit, r->cur);
	set_cur(r, none(r));
}

void raise_stmt(Raise *r, const KirStmt *s)
{
	if (r->failed)
		return;
	switch (s->kind) {
	case KS_BLOCK: block(r, s); break;
	case KS_DECL:
		if (s->u.decl.init)
			r->var[s->u.decl.var] = masked(r, raise_convert(r, raise_expr(r, s->u.decl.init),
				raise_dtype(r->k->vars[s->u.decl.var].type)), r->var[s->u.decl.var]);
		break;
	case KS_EXPR:
		if (s->u.expr->kind == KE_ATOMIC)
			raise_atomic(r, s->u.expr, 0);
		else
			raise_expr(r, s->u.expr);
		break;
	case KS_IF: if_stmt(r, s); break;
	case KS_FOR:
		if (s->u.for_.init)
			raise_stmt(r, s->u.for_.init);
		if (!raise_uniform_run(r, s))
			raise_loop_stmt(r, s);
		break;
	case KS_WHILE: case KS_DO:
		if (!raise_uniform_run(r, s))
			raise_loop_stmt(r, s);
		break;
	case KS_BREAK:
		set_cur(r, none(r));
		break;
	case KS_CONTINUE: leave(r, innermost_loop(r), s->loc, "continue outside a loop"); break;
	case KS_EXIT: leave(r, label_frame(r, s->u.label), s->loc, "exit of an unknown block"); break;
	case KS_RETURN:
		r->ret = raise_mask_or(r, r->ret, r->cur);
		set_cur(r, none(r));
		break;
	case KS_SYNC: sync_stmt(r, s); break;
	default: raise_error(r, s->loc, "unsupported statement");
	}
}
