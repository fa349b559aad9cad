/* voidptr.c: a `void *` (or `const void *`) kernel parameter, or such a field of a
 * struct passed by value, that the kernel uses only through casts to typed pointers
 * (`(float *)p`, `static_cast<const float *>(p)`, `reinterpret_cast<T *>(g.x_ptr) + o`)
 * is a buffer of the element type the casts give. It holds when every reference to it
 * in the kernel's body is the operand of such a cast and the casts' element types all
 * have one size: the buffer takes the first cast's pointee (a scalar one before a
 * struct one: with `(float *)p` and `(float4 *)p` the elements are floats), and a cast
 * to another type of that size is a view of its elements (addr.c), exact bit for bit.
 * Anything else is refused at the use: a reference that is no cast (passed on, copied,
 * compared), casts of different sizes, casts to a pointer, bool or a struct that is
 * not scalars of one size, or no cast at all in the kernel's body (a use only inside a
 * device function is not looked into). */
#include "parse.h"

typedef struct Scan {
	CXCursor decl;           /* the ParmDecl, or the FieldDecl of a struct parameter */
	CXCursor bad;            /* the first reference that is not a cast's operand */
	CXCursor first;          /* the first cast, and ... */
	CXCursor scalar;         /* ... the first to a scalar pointee */
	int ncasts;
} Scan;

static int refers(CXCursor c, CXCursor decl)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	return (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) &&
	       clang_equalCursors(clang_getCursorReferenced(c), decl);
}

static int is_cast(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	return (k == CXCursor_CStyleCastExpr || k == CXCursor_CXXReinterpretCastExpr ||
	        k == CXCursor_CXXStaticCastExpr || k == CXCursor_CXXConstCastExpr) &&
	       clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Pointer;
}

static CXType cast_pointee(CXCursor c)
{
	return clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(c))));
}

static enum CXChildVisitResult scan_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	Scan *s = d;

	(void)parent;
	if (is_cast(c) && clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(c)))).kind != CXType_Void) {
		CXCursor x = last_expr(c);
		if (!clang_Cursor_isNull(x) && refers(strip(x), s->decl)) {
			if (!s->ncasts++)
				s->first = c;
			if (clang_Cursor_isNull(s->scalar) && !is_record(cast_pointee(c)))
				s->scalar = c;
			return CXChildVisit_Continue;
		}
	}
	if (refers(c, s->decl) && clang_Cursor_isNull(s->bad))
		s->bad = c;
	return CXChildVisit_Recurse;
}

/* The scalar element of a cast's pointee; KT_VOID when it cannot be one. */
static KirDType cast_elem(CXCursor c)
{
	CXType p = cast_pointee(c);
	KirDType e = KT_VOID;

	if (is_record(p))
		return struct_layout(p, &e, NULL) ? e : KT_VOID;
	e = dt_of(p);
	return e == KT_PTR || e == KT_I1 ? KT_VOID : e;
}

typedef struct Check {
	Lower *L;
	CXCursor decl;
	const char *name;
	int64_t bytes;
} Check;

static enum CXChildVisitResult check_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	Check *ck = d;
	CXCursor x;
	KirDType e;

	(void)parent;
	if (ck->L->failed || !is_cast(c) || cast_pointee(c).kind == CXType_Void)
		return ck->L->failed ? CXChildVisit_Break : CXChildVisit_Recurse;
	x = last_expr(c);
	if (clang_Cursor_isNull(x) || !refers(strip(x), ck->decl))
		return CXChildVisit_Recurse;
	e = cast_elem(c);
	if (e == KT_VOID)
		error_at(ck->L, c, "the 'void *' buffer '%s' is cast to '%s': a 'void *' buffer must be read as numbers, or structs of numbers of one size",
		         ck->name, type_name(ck->L->a, clang_getCursorType(c)));
	else if (frontend_dtype_bytes(e) != ck->bytes)
		error_at(ck->L, c, "the 'void *' buffer '%s' is cast to '%s' here and to pointers to %lld-byte elements elsewhere: a 'void *' buffer must be read as elements of one size",
		         ck->name, type_name(ck->L->a, clang_getCursorType(c)), (long long)ck->bytes);
	return CXChildVisit_Continue;
}

/* decl: the `void *` parameter or struct field named `name` of the kernel L->fn. Its
 * element type (the pointee of a cast), in *t; 0 after a located error. */
int void_buffer_type(Lower *L, CXCursor decl, const char *name, CXType *t)
{
	Scan s = {decl, clang_getNullCursor(), clang_getNullCursor(), clang_getNullCursor(), 0};
	CXCursor body = body_of(L->fn);
	KirDType e;

	clang_visitChildren(body, scan_visit, &s);
	if (!clang_Cursor_isNull(s.bad)) {
		error_at(L, s.bad, "the 'void *' buffer '%s' is used other than as the operand of a cast to a typed pointer: its element type is unknown (cast it where it is used: `(float *)%s`)",
		         name, name);
		return 0;
	}
	if (!s.ncasts) {
		error_at(L, decl, "the 'void *' buffer '%s' is never cast to a typed pointer in the kernel's body: its element type is unknown",
		         name);
		return 0;
	}
	e = cast_elem(s.first);
	{
		Check ck = {L, decl, name, e == KT_VOID ? 0 : frontend_dtype_bytes(e)};
		if (e == KT_VOID)
			ck.bytes = -1;
		clang_visitChildren(body, check_visit, &ck);
	}
	if (L->failed)
		return 0;
	*t = cast_pointee(clang_Cursor_isNull(s.scalar) ? s.first : s.scalar);
	return 1;
}
