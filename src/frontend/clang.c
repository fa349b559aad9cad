/* clang.c: the libclang helpers the parser's files (and host.c) share: strings copied
 * into the arena and disposed at once, source locations, a cursor's children,
 * declaration keys, where a cursor comes from, and clang's scalar types as KirDType.
 * Nothing here builds kernel IR. */
#include "parse.h"

/* ---- strings and locations ---- */

const char *str(Arena *a, CXString s)
{
	const char *c = clang_getCString(s);
	const char *r = arena_strdup(a, c ? c : "");

	clang_disposeString(s);
	return r;
}

/* The last file name seen; reset when a translation unit is disposed. */
static CXFile last;
static const char *lastname;

SrcLoc loc_of(Arena *a, CXSourceLocation l)
{
	CXFile f;
	unsigned line, col;

	clang_getExpansionLocation(l, &f, &line, &col, NULL);
	if (!f)
		return NOLOC;
	if (!lastname || !clang_File_isEqual(f, last)) {
		last = f;
		lastname = str(a, clang_getFileName(f));
	}
	return srcloc(lastname, (int)line, (int)col);
}

/* Forgets the file loc_of saw last: its translation unit is about to be disposed. */
void loc_forget(void)
{
	last = NULL;
	lastname = NULL;
}

/* ---- cursors ---- */

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	VEC_PUSH(*(CursorVec *)d, c);
	return CXChildVisit_Continue;
}

/* The children of c, in a vector the caller frees. */
CursorVec kids(CXCursor c)
{
	CursorVec v = {0};

	clang_visitChildren(c, collect, &v);
	return v;
}

CXCursor kid(CXCursor c, size_t i)
{
	CursorVec v = kids(c);
	CXCursor r = i < v.len ? v.data[i] : clang_getNullCursor();

	VEC_FREE(v);
	return r;
}

size_t nkids(CXCursor c)
{
	CursorVec v = kids(c);
	size_t n = v.len;

	VEC_FREE(v);
	return n;
}

const char *spell(Arena *a, CXCursor c)
{
	return str(a, clang_getCursorSpelling(c));
}

/* A key naming a declaration uniquely in the translation unit. The instances of a
 * variable template share its location: theirs ends in the instance's USR (vartmpl.c),
 * so the template's own key is the instances' up to that. */
const char *dkey(Arena *a, CXCursor d)
{
	CXFile f;
	unsigned off;
	CXCursor c = clang_getCanonicalCursor(d);
	const char *k;

	clang_getSpellingLocation(clang_getCursorLocation(c), &f, NULL, NULL, &off);
	if (!f) {
		k = arena_printf(a, "?:%u:%d", off, (int)clang_getCursorKind(c));
	} else {
		CXString name = clang_getFileName(f);   /* disposed here: the key is copied (fuzz_frontend leak) */
		k = arena_printf(a, "%s:%u:%d", clang_getCString(name), off, (int)clang_getCursorKind(c));
		clang_disposeString(name);
	}
	if (is_var_instance(c))
		k = arena_printf(a, "%s:%s", k, str(a, clang_getCursorUSR(c)));
	return k;
}

int has_attr(CXCursor c, enum CXCursorKind k)
{
	CursorVec v = kids(c);
	int r = 0;

	for (size_t i = 0; i < v.len; i++)
		r |= clang_getCursorKind(v.data[i]) == k;
	VEC_FREE(v);
	return r;
}

int in_main_file(CXCursor c)
{
	return clang_Location_isFromMainFile(clang_getCursorLocation(c)) != 0;
}

int in_system(CXCursor c)
{
	CXSourceLocation l = clang_getCursorLocation(c);
	CXFile f;

	if (clang_Location_isInSystemHeader(l))
		return 1;
	clang_getSpellingLocation(l, &f, NULL, NULL, NULL);
	if (!f)
		return 1;
	CXString s = clang_getFileName(f);
	int r = !strncmp(clang_getCString(s), BUNDLED_DIR, strlen(BUNDLED_DIR));
	clang_disposeString(s);
	return r;
}

/* ---- types ---- */

KirDType dt_of(CXType t)
{
	t = clang_getCanonicalType(t);
	switch (t.kind) {
	case CXType_Bool: return KT_I1;
	case CXType_Char_S: case CXType_SChar: return KT_I8;
	case CXType_Char_U: case CXType_UChar: return KT_U8;
	case CXType_Short: return KT_I16;
	case CXType_UShort: case CXType_Char16: return KT_U16;
	case CXType_Int: case CXType_WChar: return KT_I32;
	case CXType_UInt: case CXType_Char32: return KT_U32;
	case CXType_Long: case CXType_LongLong: return KT_I64;
	case CXType_ULong: case CXType_ULongLong: return KT_U64;
	case CXType_Half: case CXType_Float16: return KT_F16;
	case CXType_Float: return KT_F32;
	case CXType_Double: return KT_F64;
	case CXType_Enum: return dt_of(clang_getEnumDeclIntegerType(clang_getTypeDeclaration(t)));
	case CXType_Pointer: return KT_PTR;
	case CXType_Record: return half_dtype(t);
	default: return KT_VOID;
	}
}

int is_record(CXType t)
{
	return clang_getCanonicalType(t).kind == CXType_Record && half_dtype(t) == KT_VOID;
}

const char *type_name(Arena *a, CXType t)
{
	return str(a, clang_getTypeSpelling(t));
}
