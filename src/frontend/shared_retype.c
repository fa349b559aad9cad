/* shared_retype.c: `extern __shared__ char smem[]` used only through one other scalar
 * type, `T *s = reinterpret_cast<T *>(smem)`, is a dynamic shared buffer of T (its
 * elements the launch's bytes / sizeof T), so the casts are plain pointers and what is
 * carved out of it (`&s[n]`) counts T's. Only when every reference to the array in the
 * function that declares it is such a cast, to one type: any other use (`smem[k]`,
 * `&smem[k]`, casts to two types) keeps the bytes, and casts of them to a wider type stay
 * refused at the cast (addr.c). */
#include "parse.h"

typedef struct Scan {
	CXCursor decl;
	KirDType t;
	int refs, casts, ok;
} Scan;

static int refers(CXCursor c, CXCursor decl)
{
	return clang_getCursorKind(c) == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(c), decl);
}

static enum CXChildVisitResult scan_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	Scan *s = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (refers(c, s->decl))
		s->refs++;
	else if ((k == CXCursor_CStyleCastExpr || k == CXCursor_CXXReinterpretCastExpr || k == CXCursor_CXXStaticCastExpr) &&
	         clang_getCursorType(c).kind == CXType_Pointer) {
		CXCursor x = last_expr(c);
		if (!clang_Cursor_isNull(x) && refers(strip(x), s->decl)) {
			KirDType t = dt_of(clang_getCanonicalType(clang_getPointeeType(clang_getCursorType(c))));
			if (s->casts++ && t != s->t)
				s->ok = 0;
			s->t = t;
		}
	}
	return CXChildVisit_Recurse;
}

/* b: the buffer of d, an `extern __shared__` array of bytes. */
void shared_retype(Lower *L, CXCursor d, KirBuffer *b)
{
	Scan s = {d, KT_VOID, 0, 0, 1};
	CXCursor fn = clang_getCursorLexicalParent(d);

	(void)L;
	if (!b->is_extern || b->space != KSP_SHARED || (b->elem != KT_I8 && b->elem != KT_U8) || clang_Cursor_isNull(fn))
		return;
	clang_visitChildren(fn, scan_visit, &s);
	if (s.ok && s.casts && s.casts == s.refs && s.t != KT_VOID && s.t != KT_PTR && s.t != KT_I1 &&
	    frontend_dtype_bytes(s.t) > 1)
		b->elem = s.t;
}
