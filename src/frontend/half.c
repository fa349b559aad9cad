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
 *   - __hfma: one rounding of a*b+c (computed in f64, where the product is exact, as the
 *     bundled cuda_fp16.cuh does).
 * Anything else on these types (__half2 lanes, hexp, __hmax, the bits) falls through to
 * the header's definition, whose PTX is refused with a location. The bundled header's
 * __half is _Float16 and never reaches here. */
#include "parse.h"

#include <string.h>

KirDType half_dtype(CXType t)
{
	CXType ct = clang_getCanonicalType(t);
	CXCursor d;
	CXString s;
	KirDType r = KT_VOID;
	const char *n;

	if (ct.kind != CXType_Record)
		return KT_VOID;
	d = clang_getTypeDeclaration(ct);
	s = clang_getCursorSpelling(d);
	n = clang_getCString(s);
	if (n && !strcmp(n, "__half"))
		r = KT_F16;
	else if (n && !strcmp(n, "__nv_bfloat16"))
		r = KT_BF16;
	clang_disposeString(s);
	if (r != KT_VOID && clang_Type_getSizeOf(ct) != 2)
		r = KT_VOID;
	return r;
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

KirExpr *lhalf_call(Lower *L, CXCursor c, CXCursor fn, const char *n, int *handled)
{
	enum CXCursorKind fk = clang_getCursorKind(fn);
	int na = clang_Cursor_getNumArguments(c);
	KirDType rt = dt_of(clang_getCursorType(c)), ht = KT_VOID;
	KirExpr *e, *x;

	*handled = 0;
	if (!in_system(fn))
		return NULL;
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
		if (!strcmp(n, "__hfma") && na == 3) {
			KirExpr *a = arg_as(L, c, 0, KT_F64), *b = a ? arg_as(L, c, 1, KT_F64) : NULL;
			KirExpr *d = b ? arg_as(L, c, 2, KT_F64) : NULL;
			if (!d)
				return poison(L, c);
			e = frontend_new_binary(L->a, KB_MUL, KT_F64, a, b, cloc(L, c));
			e = frontend_new_binary(L->a, KB_ADD, KT_F64, e, d, cloc(L, c));
			return conv(L, e, ht);
		}
	}
	*handled = 0;
	return NULL;
}
