/* rawcopy.c: a whole struct copied through pointers that reinterpret the elements of
 * buffers, `*(float2 *)dst = *(float2 *)src` over halves (4 f16 as one 8-byte float2),
 * `((uint4 *)o)[i] = ((const uint4 *)h)[i]`: the bytes move unchanged, so the copy is
 * the buffers' own elements, sizeof(struct) / sizeof(element) of them, loaded first and
 * then stored (a bitcast where the two element types differ at the same size). Exact
 * bit for bit; the struct's fields are never formed. Reading a field of such a view
 * (`((float2 *)h)->x`, two halves as one float) is wide.c's. */
#include "parse.h"

/* `*(S *)X` or `((S *)X)[i]` with S a struct: X (the pointer before the cast) and the
 * element offset that i adds once k elements of X's buffer make one S; 0 if c is
 * neither form. */
static int raw_view(CXCursor c, CXCursor *x, CXCursor *idx)
{
	CXCursor p;
	enum CXCursorKind k;

	c = strip(c);
	if (clang_getCursorKind(c) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref) {
		p = strip(kid(c, 0));
		*idx = clang_getNullCursor();
	} else if (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr && nkids(c) == 2 && is_ptr_expr(kid(c, 0))) {
		p = strip(kid(c, 0));
		*idx = kid(c, 1);
	} else {
		return 0;
	}
	k = clang_getCursorKind(p);
	if (k != CXCursor_CStyleCastExpr && k != CXCursor_CXXReinterpretCastExpr && k != CXCursor_CXXStaticCastExpr)
		return 0;
	*x = last_expr(p);
	return !clang_Cursor_isNull(*x) && is_ptr_expr(*x) &&
	       clang_getCanonicalType(clang_getPointeeType(clang_getCursorType(p))).kind == CXType_Record;
}

/* The element type a buffer address reads (its view, else the buffer's). */
static KirDType addr_elem(Lower *L, Addr a)
{
	return a.view != KT_VOID ? a.view : L->bufs.data[a.buffer].elem;
}

/* Whether struct type t over elements of type e is not the plain view addr.c makes
 * (a struct of e's: float4 over floats), so only a copy of its bytes can be exact. */
static int reinterprets(CXType t, KirDType e)
{
	KirDType se;

	return !struct_layout(t, &se, NULL) || se != e;
}

/* The element offset of the first element of the copy: X's own, plus k elements per
 * subscript step, computed once. */
static KirExpr *base_off(Lower *L, Addr a, CXCursor idx, int64_t k, SrcLoc l)
{
	KirExpr *o = a.off;

	if (!clang_Cursor_isNull(idx))
		o = add_off(L, o, scale(L, conv(L, lx(L, idx), KT_I64), k, l), l);
	return fix_offset(L, o, "raw", l, l, NULL);
}

static KirExpr *elem_off(Lower *L, KirExpr *base, int64_t j, SrcLoc l)
{
	return add_off(L, base, frontend_new_int(L->a, base ? base->type : KT_I32, j, l), l);
}

/* `dst = src` (the cursors of operator='s operands, at call c) as such a copy; 0 when
 * it is not one (then nothing was lowered), 1 when done or refused with an error. */
int raw_struct_copy(Lower *L, CXCursor c, CXCursor dst, CXCursor src)
{
	CXCursor dx, di, sx, si;
	CXType t = clang_getCanonicalType(clang_getCursorType(dst));
	long long size = clang_Type_getSizeOf(t);
	SrcLoc l = cloc(L, c);
	Addr da, sa;
	KirDType de, se;
	int64_t eb, k;
	KirExpr *sb, *db;
	int *tmp;

	if (!raw_view(dst, &dx, &di) || !raw_view(src, &sx, &si) ||
	    !clang_equalCursors(clang_getTypeDeclaration(t), clang_getTypeDeclaration(clang_getCanonicalType(clang_getCursorType(src)))) ||
	    size <= 0 ||
	    (!reinterprets(t, dt_of(clang_getPointeeType(clang_getCursorType(dx)))) &&
	     !reinterprets(t, dt_of(clang_getPointeeType(clang_getCursorType(sx))))))
		return 0;
	sa = laddr(L, sx);
	if (sa.buffer < 0)
		return 1;
	da = laddr(L, dx);
	if (da.buffer < 0)
		return 1;
	if (narrow_refused(L, c, sa, "a copy") || narrow_refused(L, c, da, "a copy"))
		return 1;
	de = addr_elem(L, da);
	se = addr_elem(L, sa);
	eb = frontend_dtype_bytes(se);
	if (de == KT_I1 || se == KT_I1 || frontend_dtype_bytes(de) != eb || size % eb) {
		error_at(L, c, "a copy of '%s' (%lld bytes) between the %s elements of '%s' and the %s elements of '%s' cannot be translated: both need elements of one size that divides it",
		    type_name(L->a, t), size, frontend_dtype_name(se), L->bufs.data[sa.buffer].name,
		    frontend_dtype_name(de), L->bufs.data[da.buffer].name);
		return 1;
	}
	if (read_only(L, c, da.buffer))
		return 1;
	k = size / eb;
	sb = base_off(L, sa, si, k, l);
	db = base_off(L, da, di, k, l);
	tmp = calloc((size_t)k, sizeof *tmp);
	for (int64_t j = 0; j < k; j++) {          /* the source whole, then the stores */
		KirExpr *e = frontend_new_expr(L->a, KE_LOAD, L->bufs.data[sa.buffer].elem, l);
		e->u.load.buffer = sa.buffer;
		e->u.load.index = elem_off(L, sb, j, l);
		if (sa.view != KT_VOID) {
			KirExpr *v = frontend_new_expr(L->a, KE_BITCAST, sa.view, l);
			v->u.x = e;
			e = v;
		}
		tmp[j] = new_var(L, "raw", se, KVK_TEMP, l);
		emit_pending(L, decl_stmt(L, tmp[j], e, l));
	}
	for (int64_t j = 0; j < k && !L->failed; j++) {
		KirExpr *v = var_ref(L, tmp[j], l);
		KirDType be = L->bufs.data[da.buffer].elem;
		if (be != se) {
			KirExpr *bits = frontend_new_expr(L->a, KE_BITCAST, be, l);
			bits->u.x = v;
			v = bits;
		}
		emit_pending(L, expr_stmt(L, assign_elem(L, da.buffer, elem_off(L, db, j, l), v, l)));
	}
	free(tmp);
	return 1;
}
