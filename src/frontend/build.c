/* build.c: constructors for kernel IR nodes, with the constant folding the frontend
 * promises (DESIGN.md: constants from --set, const, constexpr and macros are folded).
 * Consumes operands already converted to their operation type; produces arena nodes.
 * Folding follows C semantics in the node's type: integers wrap in two's complement
 * (unsigned) or are left unfolded when a signed operation would overflow or divide by
 * zero; f32 arithmetic is done in float. */
#include "frontend.h"

#include <math.h>

KirExpr *frontend_new_expr(Arena *a, KirExprKind k, KirDType t, SrcLoc loc)
{
	KirExpr *e = ARENA_NEW(a, KirExpr);

	e->kind = k;
	e->type = t;
	e->loc = loc;
	return e;
}

static int64_t wrap(int64_t v, KirDType t)
{
	switch (t) {
	case KT_I1: return v != 0;
	case KT_I8: return (int8_t)v;
	case KT_I16: return (int16_t)v;
	case KT_I32: return (int32_t)v;
	case KT_U8: return (uint8_t)v;
	case KT_U16: return (uint16_t)v;
	case KT_U32: return (uint32_t)v;
	default: return v;
	}
}

/* The smallest value of a signed integer type (INT64_MIN for i64). */
static int64_t type_min(KirDType t)
{
	int bits = 8 * frontend_dtype_bytes(t);

	return bits >= 64 ? INT64_MIN : -((int64_t)1 << (bits - 1));
}

/* A float converted to a 64-bit integer as C does where that is defined; outside the
 * range (and NaN) C leaves it undefined, and we pick the nearest end (0 for NaN) rather
 * than do something undefined ourselves. */
static int64_t float_to_int(double f, int is_signed)
{
	if (f != f)
		return 0;
	if (is_signed)
		return f >= 0x1p63 ? INT64_MAX : f < -0x1p63 ? INT64_MIN : (int64_t)f;
	return f >= 0x1p64 ? -1 : (int64_t)(uint64_t)f;
}

KirConst frontend_const_convert(KirConst c, KirDType t)
{
	KirConst r = {t, 0, 0};

	if (frontend_dtype_is_float(t)) {
		double v = frontend_dtype_is_float(c.type) ? c.f :
		           frontend_dtype_is_signed(c.type) ? (double)c.i : (double)(uint64_t)c.i;
		r.f = t == KT_F64 ? v : (double)(float)v;
	} else if (frontend_dtype_is_float(c.type)) {
		r.i = t == KT_I1 ? c.f != 0 : wrap(float_to_int(c.f, frontend_dtype_is_signed(t) || c.f < 0), t);
	} else {
		r.i = wrap(c.i, t);
	}
	return r;
}

int frontend_const_is_true(KirConst c)
{
	return frontend_dtype_is_float(c.type) ? c.f != 0 : c.i != 0;
}

KirExpr *frontend_new_const(Arena *a, KirConst c, SrcLoc loc)
{
	KirExpr *e = frontend_new_expr(a, KE_CONST, c.type, loc);

	e->u.c = c;
	return e;
}

KirExpr *frontend_new_int(Arena *a, KirDType t, int64_t v, SrcLoc loc)
{
	KirConst c = {t, wrap(v, t), 0};

	return frontend_new_const(a, c, loc);
}

static int fold_float(KirBinOp op, KirDType t, double l, double r, KirConst *out)
{
	double v;

	if (t != KT_F32 && t != KT_F64)
		return 0;                /* f16 arithmetic rounds to half: left to run time */
	switch (op) {
	case KB_ADD: v = t == KT_F64 ? l + r : (double)((float)l + (float)r); break;
	case KB_SUB: v = t == KT_F64 ? l - r : (double)((float)l - (float)r); break;
	case KB_MUL: v = t == KT_F64 ? l * r : (double)((float)l * (float)r); break;
	case KB_DIV: v = t == KT_F64 ? l / r : (double)((float)l / (float)r); break;
	case KB_LT: out->i = l < r; out->type = KT_I1; return 1;
	case KB_LE: out->i = l <= r; out->type = KT_I1; return 1;
	case KB_GT: out->i = l > r; out->type = KT_I1; return 1;
	case KB_GE: out->i = l >= r; out->type = KT_I1; return 1;
	case KB_EQ: out->i = l == r; out->type = KT_I1; return 1;
	case KB_NE: out->i = l != r; out->type = KT_I1; return 1;
	default: return 0;
	}
	out->f = v;
	return 1;
}

/* Integer folding in 64 bits then wrapped to t; signed overflow, division by zero and
 * out-of-range shifts are left to run time (they are undefined in C, not ours to fix). */
static int fold_int(KirBinOp op, KirDType t, int64_t l, int64_t r, KirConst *out)
{
	int sgn = frontend_dtype_is_signed(t);
	uint64_t ul = (uint64_t)l, ur = (uint64_t)r;
	int64_t v;
	int bits = 8 * frontend_dtype_bytes(t);

	switch (op) {
	case KB_ADD:
		if (sgn && bits == 64 && __builtin_add_overflow(l, r, &v))
			return 0;
		v = (int64_t)(ul + ur);
		break;
	case KB_SUB:
		if (sgn && bits == 64 && __builtin_sub_overflow(l, r, &v))
			return 0;
		v = (int64_t)(ul - ur);
		break;
	case KB_MUL:
		if (sgn && bits == 64 && __builtin_mul_overflow(l, r, &v))
			return 0;
		v = (int64_t)(ul * ur);
		break;
	case KB_DIV: case KB_REM:
		if (r == 0 || (sgn && r == -1 && l == type_min(t)))
			return 0;
		v = op == KB_DIV ? (sgn ? l / r : (int64_t)(ul / ur)) : (sgn ? l % r : (int64_t)(ul % ur));
		break;
	case KB_SHL:
		/* C++14 [expr.shift]: a non-negative signed value whose shifted value fits the
		 * unsigned type of the same width gives that value converted (1 << 31 is
		 * INT_MIN); a negative one, or bits shifted out, is undefined */
		if (r < 0 || r >= bits || (sgn && l < 0))
			return 0;
		if (sgn && (bits == 64 ? (ul << r) >> r != ul : ((ul << r) >> bits) != 0))
			return 0;
		out->type = t;
		out->i = wrap((int64_t)(ul << r), t);
		return 1;
	case KB_SHR:
		if (r < 0 || r >= bits)
			return 0;
		v = sgn ? l >> r : (int64_t)(ul >> r);
		break;
	case KB_AND: v = l & r; break;
	case KB_OR: v = l | r; break;
	case KB_XOR: v = l ^ r; break;
	case KB_LT: v = sgn ? l < r : ul < ur; t = KT_I1; break;
	case KB_LE: v = sgn ? l <= r : ul <= ur; t = KT_I1; break;
	case KB_GT: v = sgn ? l > r : ul > ur; t = KT_I1; break;
	case KB_GE: v = sgn ? l >= r : ul >= ur; t = KT_I1; break;
	case KB_EQ: v = l == r; t = KT_I1; break;
	case KB_NE: v = l != r; t = KT_I1; break;
	default: return 0;
	}
	if (sgn && t != KT_I1 && wrap(v, t) != v && op != KB_AND && op != KB_OR && op != KB_XOR)
		return 0;
	out->type = t;
	out->i = wrap(v, t);
	return 1;
}

int frontend_const_binary(KirBinOp op, KirConst l, KirConst r, KirConst *out)
{
	return frontend_dtype_is_float(l.type) ? fold_float(op, l.type, l.f, r.f, out) :
	       fold_int(op, l.type, l.i, r.i, out);
}

static int is_const_val(const KirExpr *e, int64_t v)
{
	return e->kind == KE_CONST && !frontend_dtype_is_float(e->type) && e->u.c.i == v;
}

KirExpr *frontend_new_binary(Arena *a, KirBinOp op, KirDType t, KirExpr *l, KirExpr *r, SrcLoc loc)
{
	KirExpr *e;

	if (l->kind == KE_CONST && r->kind == KE_CONST) {
		KirConst c = {t, 0, 0};
		if (frontend_const_binary(op, l->u.c, r->u.c, &c) && c.type == t)
			return frontend_new_const(a, c, loc);
	}
	if ((op == KB_ADD || op == KB_SUB) && is_const_val(r, 0) && l->type == t)
		return l;
	if (op == KB_ADD && is_const_val(l, 0) && r->type == t)
		return r;
	if (op == KB_MUL && is_const_val(r, 1) && l->type == t)
		return l;
	if (op == KB_MUL && is_const_val(l, 1) && r->type == t)
		return r;
	e = frontend_new_expr(a, KE_BINARY, t, loc);
	e->u.bin.op = op;
	e->u.bin.l = l;
	e->u.bin.r = r;
	return e;
}

KirExpr *frontend_new_unary(Arena *a, KirUnOp op, KirDType t, KirExpr *x, SrcLoc loc)
{
	KirExpr *e;

	if (x->kind == KE_CONST) {
		KirConst c = x->u.c;
		if (op == KU_NOT)
			return frontend_new_int(a, KT_I1, !frontend_const_is_true(c), loc);
		if (op == KU_NEG && frontend_dtype_is_float(t)) {
			c.f = -c.f;
			return frontend_new_const(a, c, loc);
		}
		if (op == KU_BITNOT || (op == KU_NEG && (!frontend_dtype_is_signed(t) || c.i != type_min(t))))
			return frontend_new_int(a, t, op == KU_NEG ? (int64_t)(0 - (uint64_t)c.i) : ~c.i, loc);
	}
	e = frontend_new_expr(a, KE_UNARY, t, loc);
	e->u.un.op = op;
	e->u.un.x = x;
	return e;
}

KirExpr *frontend_new_cast(Arena *a, KirDType t, KirExpr *x, SrcLoc loc)
{
	KirExpr *e;

	if (x->type == t)
		return x;
	if (x->kind == KE_CONST) {
		KirExpr *c = frontend_new_const(a, frontend_const_convert(x->u.c, t), x->loc);
		return c;
	}
	e = frontend_new_expr(a, KE_CAST, t, loc);
	e->u.x = x;
	return e;
}

KirExpr *frontend_new_assign(Arena *a, int var, int buf, KirExpr *index, KirExpr *value, SrcLoc loc)
{
	KirExpr *e = frontend_new_expr(a, KE_ASSIGN, value->type, loc);

	e->u.assign.lv.var = var;
	e->u.assign.lv.buffer = buf;
	e->u.assign.lv.index = index;
	e->u.assign.op = KB_NONE;
	e->u.assign.optype = value->type;
	e->u.assign.value = value;
	return e;
}

KirStmt *frontend_new_stmt(Arena *a, KirStmtKind k, SrcLoc loc)
{
	KirStmt *s = ARENA_NEW(a, KirStmt);

	s->kind = k;
	s->loc = loc;
	return s;
}

KirExpr *frontend_truth(Arena *a, KirExpr *c)
{
	if (c->type == KT_I1)
		return c;
	if (frontend_dtype_is_float(c->type))
		return frontend_new_binary(a, KB_NE, KT_I1, c, frontend_new_cast(a, c->type,
		           frontend_new_int(a, KT_I32, 0, c->loc), c->loc), c->loc);
	return frontend_new_binary(a, KB_NE, KT_I1, c, frontend_new_int(a, c->type, 0, c->loc), c->loc);
}

int frontend_expr_pure(const KirExpr *e)
{
	if (!e)
		return 1;
	switch (e->kind) {
	case KE_ASSIGN: case KE_INCDEC: case KE_ATOMIC: return 0;
	case KE_UNARY: return frontend_expr_pure(e->u.un.x);
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		return frontend_expr_pure(e->u.bin.l) && frontend_expr_pure(e->u.bin.r);
	case KE_COND:
		return frontend_expr_pure(e->u.cond.c) && frontend_expr_pure(e->u.cond.t) &&
		       frontend_expr_pure(e->u.cond.f);
	case KE_CAST: case KE_BITCAST: return frontend_expr_pure(e->u.x);
	case KE_LOAD: return frontend_expr_pure(e->u.load.index);
	case KE_COMMA: return frontend_expr_pure(e->u.comma.l) && frontend_expr_pure(e->u.comma.r);
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			if (!frontend_expr_pure(e->u.math.args[i]))
				return 0;
		return 1;
	case KE_SHFL:
		return frontend_expr_pure(e->u.shfl.mask) && frontend_expr_pure(e->u.shfl.value) &&
		       frontend_expr_pure(e->u.shfl.lane);
	case KE_VOTE: return frontend_expr_pure(e->u.vote.mask) && frontend_expr_pure(e->u.vote.pred);
	default: return 1;
	}
}

int frontend_launch_of(const KirKernel *k, const int64_t grid[3], const int64_t block[3],
                       int64_t g[3], int64_t b[3])
{
	int known = 1;
	for (int d = 0; d < 3; d++) {
		g[d] = grid ? grid[d] : k->have_grid ? k->grid[d] : 0;
		b[d] = block ? block[d] : k->have_block ? k->block[d] : 0;
		known &= g[d] > 0 && b[d] > 0;
	}
	return known;
}
