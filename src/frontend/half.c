/* half.c: the CUDA toolkit's __half and __nv_bfloat16 (cuda_fp16.h, cuda_bf16.h). There
 * they are records of 16 bits whose constructors, conversion operators, operators and
 * conversion functions are inline PTX, which cannot be inlined. The frontend takes the two
 * records, recognised by name, as the scalars f16 and bf16 (dt_of), and lowers each of
 * those functions by name to the operation the CUDA Math API defines for it:
 *   - a constructor from a number and __float2half / __half2float / __float2bfloat16 /
 *     __bfloat162float / __double2half / __int2half_rn / __half2int_rz ...: one conversion
 *     (to a 16-bit float: round to nearest even; to an integer: toward zero, saturating,
 *     NaN to 0, as conv gives PTX cvt.rzi), `operator float()` and the other conversion
 *     operators the same;
 *   - operators + - * / and __hadd, __hsub, __hmul, __hdiv: one operation of the 16-bit
 *     type, rounded once to nearest even (what add.f16 / fma.rn.bf16 compute);
 *   - comparisons == < <= > >= (ordered) and != (unordered), as __heq, __hlt, __hle,
 *     __hgt, __hge, __hneu; unary - and __hneg (the sign flipped);
 *   - += -= *= /= and = as an assignment of the scalar; ++ and -- as one of 1;
 *   - __hfma of halves: one rounding of a*b+c (computed in f64, as the bundled
 *     cuda_fp16.cuh does: the product is exact, and the sum is exact whenever it lies near
 *     a half's rounding boundary, its terms then within 53 bits of each other). For
 *     bfloat16 a product at a tie of bfloat16's precision plus an addend 2^-150 of it
 *     rounds in f64 to the tie, which then rounds to even, where CUDA's one rounding goes
 *     the addend's way: __hfma of __nv_bfloat16 stays refused (the toolkit's PTX error).
 * The __half2 / __nv_bfloat162 functions, __habs, __hmax and __hmin: below. Anything
 * else on these types (hexp, __h2div, the bits) falls through to the header's
 * definition, whose PTX is refused with a location. The bundled header's
 * __half is _Float16 and never reaches here. */
#include "parse.h"

#include <string.h>

/* f16 (bf16) when canonical type ct is a record named f16 (bf16) of size bytes, else
 * KT_VOID */
static KirDType named_record(CXType ct, const char *f16, const char *bf16, long long size)
{
	CXString s;
	KirDType r = KT_VOID;
	const char *n;

	if (ct.kind != CXType_Record)
		return KT_VOID;
	s = clang_getCursorSpelling(clang_getTypeDeclaration(ct));
	n = clang_getCString(s);
	if (n && !strcmp(n, f16))
		r = KT_F16;
	else if (n && !strcmp(n, bf16))
		r = KT_BF16;
	clang_disposeString(s);
	if (r != KT_VOID && clang_Type_getSizeOf(ct) != size)
		r = KT_VOID;
	return r;
}

KirDType half_dtype(CXType t)
{
	return named_record(clang_getCanonicalType(t), "__half", "__nv_bfloat16", 2);
}

/* One rounding to t of a*b+d, computed in f64 (this file's top comment says where
 * that is exact) */
static KirExpr *fma_f64(Lower *L, KirExpr *a, KirExpr *b, KirExpr *d, KirDType t, SrcLoc l)
{
	KirExpr *e = frontend_new_binary(L->a, KB_MUL, KT_F64, conv(L, a, KT_F64), conv(L, b, KT_F64), l);

	return conv(L, frontend_new_binary(L->a, KB_ADD, KT_F64, e, conv(L, d, KT_F64), l), t);
}

static KirDType arg_half(CXCursor c, int i)
{
	return half_dtype(clang_getCursorType(clang_Cursor_getArgument(c, (unsigned)i)));
}

/* The value of argument i of call c, converted to t; NULL (an error) when the argument
 * is no scalar (the bits of a __half_raw, a __half2). */
static KirExpr *arg_as(Lower *L, CXCursor c, int i, KirDType t)
{
	CXCursor a = clang_Cursor_getArgument(c, (unsigned)i);
	KirDType at = dt_of(clang_getCursorType(a));

	if (at == KT_VOID || at == KT_PTR) {
		error_at(L, c, "a %s from a '%s' cannot be translated (only numbers convert)",
		         frontend_dtype_name(t), type_name(L->a, clang_getCursorType(a)));
		return NULL;
	}
	return conv(L, lx(L, a), t);
}

static const char *const conversions[] = {
	"__float2half", "__float2half_rn", "__double2half", "__half2float", "__int2half_rn",
	"__uint2half_rn", "__ll2half_rn", "__ull2half_rn", "__short2half_rn", "__ushort2half_rn",
	"__half2int_rz", "__half2uint_rz", "__half2ll_rz", "__half2ull_rz", "__half2short_rz",
	"__half2ushort_rz", "__float2bfloat16", "__float2bfloat16_rn", "__double2bfloat16",
	"__bfloat162float", "__int2bfloat16_rn", "__uint2bfloat16_rn", "__ll2bfloat16_rn",
	"__ull2bfloat16_rn", "__short2bfloat16_rn", "__ushort2bfloat16_rn", "__bfloat162int_rz",
	"__bfloat162uint_rz", "__bfloat162ll_rz", "__bfloat162ull_rz", "__bfloat162short_rz",
	"__bfloat162ushort_rz",
};

static const struct { const char *name; KirBinOp op; } binops[] = {
	{"__hadd", KB_ADD}, {"__hsub", KB_SUB}, {"__hmul", KB_MUL}, {"__hdiv", KB_DIV},
	{"__heq", KB_EQ}, {"__hlt", KB_LT}, {"__hle", KB_LE}, {"__hgt", KB_GT}, {"__hge", KB_GE},
	{"__hneu", KB_NE},
	{"operator+", KB_ADD}, {"operator-", KB_SUB}, {"operator*", KB_MUL}, {"operator/", KB_DIV},
	{"operator==", KB_EQ}, {"operator<", KB_LT}, {"operator<=", KB_LE}, {"operator>", KB_GT},
	{"operator>=", KB_GE}, {"operator!=", KB_NE},
	{"operator+=", KB_ADD}, {"operator-=", KB_SUB}, {"operator*=", KB_MUL}, {"operator/=", KB_DIV},
	{"operator=", KB_NONE},
};

static KirExpr *lbinary(Lower *L, CXCursor c, const char *n, KirBinOp op, KirDType t)
{
	KirExpr *l, *r;

	if (!strcmp(n, "operator=") || !strcmp(n, "operator+=") || !strcmp(n, "operator-=") ||
	    !strcmp(n, "operator*=") || !strcmp(n, "operator/="))      /* `h op= x`, `h = x` */
		return lassign_parts(L, c, clang_Cursor_getArgument(c, 0), clang_Cursor_getArgument(c, 1), op);
	if (!(l = arg_as(L, c, 0, t)) || !(r = arg_as(L, c, 1, t)))
		return poison(L, c);
	return frontend_new_binary(L->a, op, op >= KB_LT ? KT_I1 : t, l, r, cloc(L, c));
}

static KirExpr *lincdec(Lower *L, CXCursor c, int inc, int post)
{
	KirLval lv;
	KirDType t;
	KirExpr *e;

	if (!lval_of(L, clang_Cursor_getArgument(c, 0), &lv, &t))
		return poison(L, c);
	e = frontend_new_expr(L->a, KE_INCDEC, t, cloc(L, c));
	e->u.incdec.lv = lv;
	e->u.incdec.inc = inc;
	e->u.incdec.post = post;
	return e;
}

static KirExpr *lpair_scalar(Lower *L, CXCursor c, const char *n, int *handled);

KirExpr *lhalf_call(Lower *L, CXCursor c, CXCursor fn, const char *n, int *handled)
{
	enum CXCursorKind fk = clang_getCursorKind(fn);
	int na = clang_Cursor_getNumArguments(c);
	KirDType rt = dt_of(clang_getCursorType(c)), ht = KT_VOID;
	KirExpr *e, *x;

	*handled = 0;
	if (!in_system(fn))
		return NULL;
	if (fk == CXCursor_FunctionDecl && ((e = lpair_scalar(L, c, n, handled)) || *handled))
		return e;
	if (fk == CXCursor_Constructor || fk == CXCursor_ConversionFunction)
		ht = half_dtype(clang_getCursorType(clang_getCursorSemanticParent(fn)));
	for (int i = 0; i < na && ht == KT_VOID; i++)
		ht = arg_half(c, i);
	if (ht == KT_VOID)
		ht = half_dtype(clang_getCursorType(c));
	if (ht == KT_VOID)
		return NULL;
	*handled = 1;
	if (fk == CXCursor_Constructor) {
		if (na == 0)
			return frontend_new_const(L->a, frontend_const_convert((KirConst){KT_I32, 0, 0}, ht), cloc(L, c));
		if (na == 1)
			return (e = arg_as(L, c, 0, ht)) ? e : poison(L, c);
	} else if (fk == CXCursor_ConversionFunction) {   /* `(float)h`: h.operator float() */
		CXCursor obj = nkids(c) && clang_getCursorKind(kid(c, 0)) == CXCursor_MemberRefExpr ?
		               member_base(kid(c, 0)) : clang_getNullCursor();
		if (!clang_Cursor_isNull(obj) && rt != KT_VOID && rt != KT_PTR)
			return conv(L, lx(L, obj), rt);
	} else {
		for (size_t i = 0; i < sizeof conversions / sizeof *conversions; i++)
			if (!strcmp(n, conversions[i]) && na == 1 && rt != KT_VOID && rt != KT_PTR)
				return (e = arg_as(L, c, 0, rt)) ? e : poison(L, c);
		for (size_t i = 0; i < sizeof binops / sizeof *binops; i++)
			if (!strcmp(n, binops[i].name) && na == 2)
				return lbinary(L, c, n, binops[i].op, ht);
		if ((!strcmp(n, "operator-") || !strcmp(n, "__hneg")) && na == 1)
			return (x = arg_as(L, c, 0, ht)) ? frontend_new_unary(L->a, KU_NEG, ht, x, cloc(L, c)) : poison(L, c);
		if (!strcmp(n, "operator+") && na == 1)
			return (x = arg_as(L, c, 0, ht)) ? x : poison(L, c);
		if ((!strcmp(n, "operator++") || !strcmp(n, "operator--")) && (na == 1 || na == 2))
			return lincdec(L, c, n[9] == '+', na == 2);
		if (!strcmp(n, "__hfma") && na == 3 && ht == KT_F16) {   /* (not bf16: this file's top comment) */
			KirExpr *a = arg_as(L, c, 0, KT_F64), *b = a ? arg_as(L, c, 1, KT_F64) : NULL;
			KirExpr *d = b ? arg_as(L, c, 2, KT_F64) : NULL;
			return d ? fma_f64(L, a, b, d, ht, cloc(L, c)) : poison(L, c);
		}
	}
	*handled = 0;
	return NULL;
}

/* ---- the toolkit's __half2 and __nv_bfloat162 ----
 * A record of two lanes x (low) and y (high), each the toolkit's __half (__nv_bfloat16),
 * is a struct value like any other (struct.c: one bind per lane under a prefix), and its
 * functions, whose bodies are inline PTX, are lowered by name, each lane on its own, as
 * the CUDA Math API defines them:
 *   - __hadd2 __hsub2 __hmul2: the scalar operation on each lane, rounded once to nearest
 *     even; __hfma2 (__half2 only): one rounding of a*b+c per lane, as __hfma. (For
 *     bfloat16, f64 cannot hold a*b+c exactly, so __hfma2 stays refused there.)
 *   - __low2half __high2half __low2bfloat16 __high2bfloat16: a lane; __low2float
 *     __high2float: a lane converted (exactly) to float;
 *   - __halves2half2 __halves2bfloat162 (x = a, y = b), __half2half2 __bfloat162bfloat162
 *     (both lanes a), __floats2half2_rn __floats2bfloat162_rn, __float2half2_rn
 *     __float2bfloat162_rn, __float22half2_rn __float22bfloat162_rn (float to 16 bits,
 *     round to nearest even), __half22float2 __bfloat1622float2 (exact), __low2half2
 *     __high2half2 __lowhigh2highlow (lanes moved);
 *   - on the scalars: __habs (the sign bit cleared: NaN stays NaN, -0 is +0), __hmax and
 *     __hmin ((a > b) ? a : b, resp. <; a NaN operand gives the other one, two NaNs the
 *     canonical NaN 0x7fff, and +0 counts greater than -0).
 * The bundled __half2, whose lanes are _Float16, is no such record (its functions are
 * cuda_fp16.cuh's). */

static enum CXVisitorResult first_field(CXCursor f, CXClientData d)
{
	*(CXType *)d = clang_getCursorType(f);
	return CXVisit_Break;
}

/* f16/bf16 for the toolkit's __half2/__nv_bfloat162, else KT_VOID. */
static KirDType pair_dtype(CXType t)
{
	CXType ct = clang_getCanonicalType(t), lane = {CXType_Invalid, {0, 0}};
	KirDType want = named_record(ct, "__half2", "__nv_bfloat162", 4);

	if (want == KT_VOID)
		return KT_VOID;
	clang_Type_visitFields(ct, first_field, &lane);
	return lane.kind != CXType_Invalid && half_dtype(lane) == want ? want : KT_VOID;
}

/* The lanes (low, high) of the struct value of type t under prefix p: its two scalar
 * fields in order. */
static int lanes_of(Lower *L, CXCursor at, CXType t, const char *p, KirExpr **lo, KirExpr **hi)
{
	StrVec paths = field_paths(L, t);
	Bind *b0 = NULL, *b1 = NULL;

	if (paths.len == 2) {
		b0 = key_bind(L, NULL, arena_printf(L->a, "%s%s", p, paths.data[0]));
		b1 = key_bind(L, NULL, arena_printf(L->a, "%s%s", p, paths.data[1]));
	}
	VEC_FREE(paths);
	if (!b0 || !b1) {
		error_at(L, at, "the lanes of this '%s' are unknown", type_name(L->a, t));
		return 0;
	}
	*lo = bind_value(L, at, b0);
	*hi = bind_value(L, at, b1);
	return 1;
}

/* The lanes of argument i of call c, a struct (a pair, a float2) */
static int arg_lanes(Lower *L, CXCursor c, int i, KirExpr **lo, KirExpr **hi)
{
	CXCursor a = clang_Cursor_getArgument(c, (unsigned)i);
	const char *p = struct_src(L, a);

	return p && lanes_of(L, a, clang_getCursorType(a), p, lo, hi);
}

/* A new struct value of call c's type from its lanes; hi NULL: the low lane again. */
static const char *pair_result(Lower *L, CXCursor c, KirExpr *lo, KirExpr *hi)
{
	CXType t = clang_getCursorType(c);
	const char *p = struct_vars(L, t, "h2", KVK_TEMP, cloc(L, c));
	StrVec paths;
	Bind *b0, *b1;

	if (!p || L->failed)
		return NULL;
	paths = field_paths(L, t);
	b0 = key_bind(L, NULL, arena_printf(L->a, "%s%s", p, paths.data[0]));
	b1 = key_bind(L, NULL, arena_printf(L->a, "%s%s", p, paths.data[1]));
	VEC_FREE(paths);
	emit_pending(L, expr_stmt(L, assign_var(L, b0->idx, lo, lo->loc)));
	if (!hi)        /* (the low lane's variable: its value is computed once) */
		hi = var_ref(L, b0->idx, lo->loc);
	emit_pending(L, expr_stmt(L, assign_var(L, b1->idx, hi, hi->loc)));
	return p;
}

/* x held in a new variable (read more than once) */
static KirExpr *held(Lower *L, KirExpr *x, const char *name)
{
	int v = new_var(L, name, x->type, KVK_TEMP, x->loc);

	emit_pending(L, decl_stmt(L, v, x, x->loc));
	return var_ref(L, v, x->loc);
}

static KirExpr *cond3(Lower *L, KirExpr *c, KirExpr *t, KirExpr *f)
{
	KirExpr *e = frontend_new_expr(L->a, KE_COND, t->type, t->loc);

	e->u.cond.c = c;
	e->u.cond.t = t;
	e->u.cond.f = f;
	return e;
}

/* __hmax (max) / __hmin of a and b of type t, as the Math API defines them (above) */
static KirExpr *hminmax(Lower *L, KirExpr *a, KirExpr *b, int max, KirDType t)
{
	SrcLoc l = a->loc;
	KirExpr *an, *bn, *gt, *lt, *zero, *eq;
#define V(x) var_ref(L, (x)->u.var, l)
#define NAN_(x) frontend_new_binary(L->a, KB_NE, KT_I1, V(x), V(x), l)

	a = held(L, a, "hmax.a");
	b = held(L, b, "hmax.b");
	an = NAN_(a);
	bn = NAN_(b);
	gt = frontend_new_binary(L->a, max ? KB_GT : KB_LT, KT_I1, V(a), V(b), l);
	lt = frontend_new_binary(L->a, max ? KB_LT : KB_GT, KT_I1, V(a), V(b), l);
	zero = frontend_new_binary(L->a, KB_EQ, KT_I1, V(a), conv(L, frontend_new_int(L->a, KT_I32, 0, l), t), l);
	/* equal zeros: a + b is +0 unless both are -0 (max); -(-a + -b) is -0 unless both are +0 (min) */
	eq = max ? frontend_new_binary(L->a, KB_ADD, t, V(a), V(b), l) :
	     frontend_new_unary(L->a, KU_NEG, t, frontend_new_binary(L->a, KB_ADD, t,
	         frontend_new_unary(L->a, KU_NEG, t, V(a), l), frontend_new_unary(L->a, KU_NEG, t, V(b), l), l), l);
	eq = cond3(L, zero, eq, V(a));
	eq = cond3(L, lt, V(b), eq);
	eq = cond3(L, gt, V(a), eq);
	eq = cond3(L, bn, V(a), eq);
	/* chosen as bits: XLA's CPU computes bf16 in f32, where a select of the NaN 0x7fff
	 * gives the NaN 0x7fc0 */
	eq = cond3(L, an, cond3(L, NAN_(b), frontend_new_int(L->a, KT_U16, 0x7fff, l), bitcast_to(L, KT_U16, V(b), l)),
	           bitcast_to(L, KT_U16, eq, l));
	return bitcast_to(L, t, eq, l);
#undef V
#undef NAN_
}

static int is_any(const char *n, const char *const *names)
{
	for (; *names; names++)
		if (!strcmp(n, *names))
			return 1;
	return 0;
}

/* A call c of a toolkit function on __half2/__nv_bfloat162 whose value is not a struct;
 * *handled 0 when it is none of those above. */
static KirExpr *lpair_scalar(Lower *L, CXCursor c, const char *n, int *handled)
{
	static const char *const lows[] = {"__low2half", "__low2bfloat16", "__low2float", NULL};
	static const char *const highs[] = {"__high2half", "__high2bfloat16", "__high2float", NULL};
	KirDType rt = dt_of(clang_getCursorType(c)), pt, ht;
	int na = clang_Cursor_getNumArguments(c);
	KirExpr *lo, *hi, *a, *b;

	*handled = 0;
	if (na == 1 && (pt = pair_dtype(clang_getCursorType(clang_Cursor_getArgument(c, 0)))) != KT_VOID &&
	    (is_any(n, lows) || is_any(n, highs)) && (rt == pt || rt == KT_F32)) {
		*handled = 1;
		if (!arg_lanes(L, c, 0, &lo, &hi))
			return poison(L, c);
		return conv(L, is_any(n, lows) ? lo : hi, rt);
	}
	if (na == 1 && !strcmp(n, "__habs") && (ht = arg_half(c, 0)) != KT_VOID && rt == ht) {
		*handled = 1;
		if (!(a = arg_as(L, c, 0, ht)))
			return poison(L, c);
		a = frontend_new_binary(L->a, KB_AND, KT_U16, bitcast_to(L, KT_U16, a, a->loc),
		                        frontend_new_int(L->a, KT_U16, 0x7fff, a->loc), a->loc);
		return bitcast_to(L, ht, a, a->loc);
	}
	if (na == 2 && (!strcmp(n, "__hmax") || !strcmp(n, "__hmin")) && (ht = arg_half(c, 0)) != KT_VOID &&
	    arg_half(c, 1) == ht && rt == ht) {
		*handled = 1;
		if (!(a = arg_as(L, c, 0, ht)) || !(b = arg_as(L, c, 1, ht)))
			return poison(L, c);
		return hminmax(L, a, b, n[4] == 'a', ht);
	}
	return NULL;
}

/* A call c of a toolkit function whose value is a __half2/__nv_bfloat162 (or the
 * float2 of __half22float2): the prefix of its value; *handled 0 when it is none of
 * those above. */
const char *lhalf2_src(Lower *L, CXCursor c, int *handled)
{
	static const char *const arith[] = {"__hadd2", "__hsub2", "__hmul2", NULL};
	static const char *const halves[] = {"__halves2half2", "__halves2bfloat162", NULL};
	static const char *const dup[] = {"__half2half2", "__bfloat162bfloat162", NULL};
	static const char *const floats[] = {"__floats2half2_rn", "__floats2bfloat162_rn", NULL};
	static const char *const float1[] = {"__float2half2_rn", "__float2bfloat162_rn", NULL};
	static const char *const float2s[] = {"__float22half2_rn", "__float22bfloat162_rn", NULL};
	static const char *const tofloat2[] = {"__half22float2", "__bfloat1622float2", NULL};
	CXCursor fn = clang_getCursorReferenced(c);
	const char *n;
	KirDType rt, at = KT_VOID;
	int na = clang_Cursor_getNumArguments(c);
	KirExpr *lo, *hi, *l2, *h2, *l3, *h3;
	SrcLoc loc = cloc(L, c);

	*handled = 0;
	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl || !in_system(fn))
		return NULL;
	n = spell(L->a, fn);
	rt = pair_dtype(clang_getCursorType(c));
	if (na >= 1)
		at = pair_dtype(clang_getCursorType(clang_Cursor_getArgument(c, 0)));
	if (rt == KT_VOID) {
		if (na == 1 && at != KT_VOID && is_any(n, tofloat2) && struct_layout(clang_getCursorType(c), NULL, NULL)) {
			*handled = 1;
			if (!arg_lanes(L, c, 0, &lo, &hi))
				return NULL;
			return pair_result(L, c, conv(L, lo, KT_F32), conv(L, hi, KT_F32));
		}
		return NULL;
	}
	*handled = 1;
	if (is_any(n, arith) && na == 2 && at == rt &&
	    pair_dtype(clang_getCursorType(clang_Cursor_getArgument(c, 1))) == rt) {
		KirBinOp op = n[3] == 'a' ? KB_ADD : n[3] == 's' ? KB_SUB : KB_MUL;
		if (!arg_lanes(L, c, 0, &lo, &hi) || !arg_lanes(L, c, 1, &l2, &h2))
			return NULL;
		return pair_result(L, c, frontend_new_binary(L->a, op, rt, lo, l2, loc),
		                   frontend_new_binary(L->a, op, rt, hi, h2, loc));
	}
	if (!strcmp(n, "__hfma2") && na == 3 && rt == KT_F16 && at == rt &&
	    pair_dtype(clang_getCursorType(clang_Cursor_getArgument(c, 1))) == rt &&
	    pair_dtype(clang_getCursorType(clang_Cursor_getArgument(c, 2))) == rt) {
		if (!arg_lanes(L, c, 0, &lo, &hi) || !arg_lanes(L, c, 1, &l2, &h2) || !arg_lanes(L, c, 2, &l3, &h3))
			return NULL;
		return pair_result(L, c, fma_f64(L, lo, l2, l3, KT_F16, loc), fma_f64(L, hi, h2, h3, KT_F16, loc));
	}
	if (is_any(n, halves) && na == 2 && arg_half(c, 0) == rt && arg_half(c, 1) == rt) {
		if (!(lo = arg_as(L, c, 0, rt)) || !(hi = arg_as(L, c, 1, rt)))
			return NULL;
		return pair_result(L, c, lo, hi);
	}
	if (is_any(n, dup) && na == 1 && arg_half(c, 0) == rt)
		return (lo = arg_as(L, c, 0, rt)) ? pair_result(L, c, lo, NULL) : NULL;
	if (is_any(n, floats) && na == 2) {
		if (!(lo = arg_as(L, c, 0, KT_F32)) || !(hi = arg_as(L, c, 1, KT_F32)))
			return NULL;
		return pair_result(L, c, conv(L, lo, rt), conv(L, hi, rt));
	}
	if (is_any(n, float1) && na == 1)
		return (lo = arg_as(L, c, 0, KT_F32)) ? pair_result(L, c, conv(L, lo, rt), NULL) : NULL;
	if (is_any(n, float2s) && na == 1 && dt_of(clang_getCursorType(clang_Cursor_getArgument(c, 0))) == KT_VOID) {
		if (!arg_lanes(L, c, 0, &lo, &hi))
			return NULL;
		if (lo->type != KT_F32 || hi->type != KT_F32) {
			error_at(L, c, "'%s' of a '%s' cannot be translated (a float2 is needed)", n,
			         type_name(L->a, clang_getCursorType(clang_Cursor_getArgument(c, 0))));
			return NULL;
		}
		return pair_result(L, c, conv(L, lo, rt), conv(L, hi, rt));
	}
	if (na == 1 && at == rt && (!strcmp(n, "__low2half2") || !strcmp(n, "__high2half2") ||
	                            !strcmp(n, "__lowhigh2highlow"))) {
		if (!arg_lanes(L, c, 0, &lo, &hi))
			return NULL;
		if (!strcmp(n, "__low2half2"))
			return pair_result(L, c, lo, NULL);
		if (!strcmp(n, "__high2half2"))
			return pair_result(L, c, hi, NULL);
		return pair_result(L, c, hi, lo);
	}
	*handled = 0;
	return NULL;
}
