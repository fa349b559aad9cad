/* ptrresult.c: a device function whose result is a pointer (`uint32_t *node(int k)
 * { return pool + k * 32; }`), called where an address is wanted (dereferenced,
 * subscripted, offset, bound to a pointer variable or passed on). The callee is inlined
 * as any other (call.c); its result is a pointer bind (buffer, offset variable
 * NAME.ret.off): each `return ADDR;` sets the offset, and the first one lowered fixes the
 * buffer and view, which every other return must name too. What holds afterwards: the
 * call's Addr is that buffer at the offset the path taken chose. Refused at their
 * location: a return of an address in another buffer or view, a null pointer, an
 * address that is no buffer's; a pointer result used as a value (compared, tested)
 * stays refused by linline. */
#include "parse.h"

/* Whether c is a call of a user function that returns a pointer. */
static int is_ptr_call(Lower *L, CXCursor c)
{
	CXCursor fn = clang_getCursorReferenced(c), def;

	(void)L;
	if (clang_Cursor_isNull(fn) || clang_getCanonicalType(clang_getCursorType(c)).kind != CXType_Pointer)
		return 0;
	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl && clang_getCursorKind(fn) != CXCursor_CXXMethod)
		return 0;
	def = clang_getCursorDefinition(fn);
	return !clang_Cursor_isNull(def) && !in_system(def);
}

/* The address call c returns: the callee inlined with its result a pointer bind. 0 when
 * c is no call of a user function returning a pointer; then *out is untouched. */
int ptr_result_call(Lower *L, CXCursor c, Addr *out)
{
	Bind *b, *save_ret = L->ptr_ret;
	CXCursor save_call = L->ptr_call;

	if (!is_ptr_call(L, c))
		return 0;
	b = new_bind(L, BK_PTR);
	b->buffer = -1;
	L->ptr_call = c;
	L->ptr_ret = b;
	lcall(L, c);
	L->ptr_ret = save_ret;
	L->ptr_call = save_call;
	out->buffer = -1;
	out->off = NULL;
	out->var = -1;
	out->view = KT_VOID;
	out->per = 0;
	out->choice = NULL;
	if (L->failed)
		return 1;
	if (b->buffer < 0 || b->offvar < 0) {
		error_at(L, c, "the pointer this call returns cannot be resolved to a buffer and an offset");
		return 1;
	}
	out->buffer = b->buffer;
	out->view = b->view;
	out->per = b->per;
	out->off = var_ref(L, b->offvar, cloc(L, c));
	return 1;
}

/* Called by linline for call c of a function returning a pointer: its result bind, the
 * offset variable declared before the inlined block; NULL when c was not lowered as an
 * address (the caller refuses it). */
Bind *ptr_result_begin(Lower *L, CXCursor c, const char *name)
{
	Bind *b = L->ptr_ret;

	if (!b || !clang_equalCursors(c, L->ptr_call))
		return NULL;
	L->ptr_ret = NULL;
	b->offvar = new_var(L, arena_printf(L->a, "%s.ret.off", name), KT_I64, KVK_OFFSET, cloc(L, c));
	emit_pending(L, decl_stmt(L, b->offvar, frontend_new_int(L->a, KT_I64, 0, cloc(L, c)), cloc(L, c)));
	return b;
}

/* Whether x is a null pointer constant (`0`, `NULL`, `nullptr`, through casts). */
static int is_null_const(CXCursor x)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(x);
		if (k == CXCursor_IntegerLiteral || k == CXCursor_CXXNullPtrLiteralExpr || k == CXCursor_GNUNullExpr)
			return 1;
		if ((k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr && k != CXCursor_CStyleCastExpr &&
		     k != CXCursor_CXXStaticCastExpr && k != CXCursor_CXXReinterpretCastExpr) || nkids(x) < 1)
			return 0;
		x = last_expr(x);
		if (clang_Cursor_isNull(x))
			return 0;
	}
}

/* `return x;` in function fn whose result is pointer bind b: the assignment of the
 * offset (NULL after an error, reported at x). */
KirExpr *ptr_result_return(Lower *L, CXCursor x, Bind *b, const char *fn)
{
	Addr a;

	if (is_null_const(x)) {
		error_at(L, x, "'%s' returns a null pointer here: a pointer result that may be null cannot be translated", fn);
		return NULL;
	}
	a = laddr(L, x);
	if (a.buffer < 0) {
		if (!L->failed)
			error_at(L, x, "'%s' returns an address that is not in a buffer the kernel can address", fn);
		return NULL;
	}
	if (b->buffer < 0) {
		b->buffer = a.buffer;
		b->view = a.view;
		b->per = a.per;
	} else if (a.buffer != b->buffer || a.view != b->view || a.per != b->per) {
		error_at(L, x, "'%s' returns an address in '%s' here and in '%s' (or through another view) elsewhere: a pointer result in several buffers cannot be translated",
		    fn, L->bufs.data[a.buffer].name, L->bufs.data[b->buffer].name);
		return NULL;
	}
	return assign_var(L, b->offvar, a.off ? conv(L, a.off, KT_I64) : frontend_new_int(L->a, KT_I64, 0, cloc(L, x)), cloc(L, x));
}
