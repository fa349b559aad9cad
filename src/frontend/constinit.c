/* constinit.c: the constant initialiser of an object (a __constant__ or const array or
 * struct, a static const local) as the values of its buffer's slots. Each value is
 * placed by position as C++ places it ([dcl.init.aggr]): a nested list per row or
 * struct, brace elision (a scalar where a row or struct begins starts that row or
 * struct's first element), field designators (`.c = 3`, in declaration order), and an
 * element or field the list leaves out is zero ([dcl.init.aggr]/5: value-initialised).
 * Every scalar lands at its byte offset (field offsets from clang, padding counted); a
 * value of another type than the slot's is written into the bits of its slot (an int
 * field in a float slot, two ints in a double slot: struct.c's layout), little-endian
 * as on the GPU. libclang shows the syntactic list (elided braces are not restored,
 * no implicit value-init), so the walk here does what Sema did. What cannot be placed
 * exactly (a union, a bit-field, a default member initialiser, a struct-valued
 * expression, a value whose bits would be a NaN in a float slot) is refused at its
 * location. */
#include "parse.h"

#include <math.h>
#include <string.h>

typedef struct Image {
	Lower *L;
	KirConst *slot;          /* n slots of type elem */
	size_t n;
	KirDType elem;
} Image;

typedef struct Member {
	CXType t;
	int64_t off;             /* bytes from the start of the object */
	CXCursor field;          /* a struct's field; null for an array element */
} Member;

typedef VEC(Member) MemberVec;

static CXCursor bare(CXCursor c)
{
	while ((clang_getCursorKind(c) == CXCursor_UnexposedExpr || clang_getCursorKind(c) == CXCursor_ParenExpr) &&
	       nkids(c) == 1)
		c = kid(c, 0);
	return c;
}

static int is_list(CXCursor c)
{
	return clang_getCursorKind(bare(c)) == CXCursor_InitListExpr;
}

/* `.name = value`: clang's DesignatedInitExpr, which libclang shows as an unexposed
 * expression of its designators (MemberRef, or an index expression) and the value. */
static int is_designator(CXCursor c)
{
	return clang_getCursorKind(c) == CXCursor_UnexposedExpr && nkids(c) >= 2 &&
	       clang_getCursorKind(kid(c, 0)) == CXCursor_MemberRef;
}

static int is_aggregate(CXType t)
{
	return clang_getCanonicalType(t).kind == CXType_ConstantArray || is_record(t);
}

/* A field with a default member initialiser (`int n = 4;`, `int n{4};`): its value when
 * a list leaves it out is that, not zero. Seen as a token '=' or '{' after its name. */
static int has_default_init(CXCursor f)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(f);
	CXToken *tok = NULL;
	unsigned n = 0;
	int named = 0, found = 0;
	CXString name = clang_getCursorSpelling(f);

	clang_tokenize(tu, clang_getCursorExtent(f), &tok, &n);
	for (unsigned i = 0; i < n && !found; i++) {
		CXString s = clang_getTokenSpelling(tu, tok[i]);
		const char *p = clang_getCString(s);
		if (clang_getTokenKind(tok[i]) == CXToken_Identifier && !strcmp(p, clang_getCString(name)))
			named = 1;
		else if (named && clang_getTokenKind(tok[i]) == CXToken_Punctuation && (!strcmp(p, "=") || !strcmp(p, "{")))
			found = 1;
		clang_disposeString(s);
	}
	clang_disposeTokens(tu, tok, n);
	clang_disposeString(name);
	return found;
}

static enum CXChildVisitResult base_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CXXBaseSpecifier) {
		*(int *)d = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

typedef struct FieldList {
	Image *im;
	CXCursor at;
	MemberVec *out;
	int ok;
} FieldList;

static enum CXVisitorResult member_visit(CXCursor f, CXClientData d)
{
	FieldList *fl = d;
	Lower *L = fl->im->L;

	if (clang_Cursor_isBitField(f) || has_default_init(f)) {
		error_at(L, fl->at, "a constant initialiser of a struct with %s ('%s') is not supported",
		         clang_Cursor_isBitField(f) ? "a bit-field" : "a default member initialiser", spell(L->a, f));
		fl->ok = 0;
		return CXVisit_Break;
	}
	VEC_PUSH(*fl->out, ((Member){clang_getCursorType(f), clang_Cursor_getOffsetOfField(f) / 8, f}));
	return CXVisit_Continue;
}

/* The members of aggregate type t in order, into out: an array's elements, a struct's
 * fields. 0 after an error at `at` (a union, a base class, a bit-field). */
static int members(Image *im, CXCursor at, CXType t, MemberVec *out)
{
	Lower *L = im->L;
	CXType ct = clang_getCanonicalType(t);

	if (ct.kind == CXType_ConstantArray) {
		CXType et = clang_getArrayElementType(ct);
		long long n = clang_getArraySize(ct), es = clang_Type_getSizeOf(et);
		for (long long i = 0; i < n; i++)
			VEC_PUSH(*out, ((Member){et, i * es, clang_getNullCursor()}));
		return 1;
	}
	{
		int based = 0;
		FieldList fl = {im, at, out, 1};
		if (is_union(ct)) {
			error_at(L, at, "a constant initialiser of union '%s' is not supported", type_name(L->a, ct));
			return 0;
		}
		clang_visitChildren(clang_getTypeDeclaration(ct), base_visit, &based);
		if (based) {
			error_at(L, at, "a constant initialiser of '%s', a struct with a base class, is not supported",
			         type_name(L->a, ct));
			return 0;
		}
		clang_Type_visitFields(ct, member_visit, &fl);
		return fl.ok;
	}
}

static uint64_t const_bits(KirConst c)
{
	int nb = frontend_dtype_bytes(c.type);

	if (c.type == KT_F32) {
		float f = (float)c.f;
		uint32_t u;
		memcpy(&u, &f, 4);
		return u;
	}
	if (c.type == KT_F64) {
		uint64_t u;
		memcpy(&u, &c.f, 8);
		return u;
	}
	return nb == 8 ? (uint64_t)c.i : (uint64_t)c.i & ((UINT64_C(1) << 8 * nb) - 1);
}

static KirConst bits_const(uint64_t bits, KirDType t)
{
	KirConst r = {t, 0, 0};

	if (t == KT_F32) {
		float f;
		uint32_t u = (uint32_t)bits;
		memcpy(&f, &u, 4);
		r.f = f;
	} else if (t == KT_F64) {
		memcpy(&r.f, &bits, 8);
	} else {
		r = frontend_const_convert((KirConst){KT_U64, (int64_t)bits, 0}, t);
	}
	return r;
}

/* A type whose constants const_bits encodes: integers (bool a byte 0 or 1), f32, f64. */
static int has_bits(KirDType t)
{
	return t != KT_VOID && t != KT_PTR && t != KT_F16 && t != KT_BF16;
}

/* Constant v at byte offset off of the object: its slot, or its bytes of its slot. */
static int put(Image *im, CXCursor at, KirConst v, int64_t off)
{
	Lower *L = im->L;
	int eb = frontend_dtype_bytes(im->elem), db = frontend_dtype_bytes(v.type);
	size_t s = (size_t)(off / eb);
	int in = (int)(off % eb);
	uint64_t mask = db == 8 ? ~UINT64_C(0) : (UINT64_C(1) << 8 * db) - 1, bits;
	KirConst r;

	if (off < 0 || s >= im->n || in + db > eb)
		die("constinit put: a %s at byte %lld of %zu %s slots", frontend_dtype_name(v.type), (long long)off, im->n,
		    frontend_dtype_name(im->elem));
	if (v.type == im->elem) {
		im->slot[s] = v;
		return 1;
	}
	if (!has_bits(v.type) || !has_bits(im->elem) || im->elem == KT_I1) {
		error_at(L, at, "a %s value among %s slots in a constant initialiser is not supported",
		         frontend_dtype_name(v.type), frontend_dtype_name(im->elem));
		return 0;
	}
	bits = (const_bits(im->slot[s]) & ~(mask << 8 * in)) | (const_bits(v) & mask) << 8 * in;
	r = bits_const(bits, im->elem);
	if ((frontend_dtype_is_float(im->elem) && isnan(r.f)) || const_bits(r) != bits) {
		error_at(L, at, "this %s value is not supported in a constant initialiser: its bits would be a NaN in the %s slot that holds it",
		         frontend_dtype_name(v.type), frontend_dtype_name(im->elem));
		return 0;
	}
	im->slot[s] = r;
	return 1;
}

static int scalar(Image *im, CXCursor c, CXType t, int64_t off)
{
	Lower *L = im->L;
	KirDType dt = dt_of(t);
	KirExpr *e;

	if (dt == KT_VOID || dt == KT_PTR) {
		error_at(L, c, "a constant initialiser of a '%s' is not supported", type_name(L->a, t));
		return 0;
	}
	e = conv(L, lx(L, c), dt);
	if (e->kind != KE_CONST) {
		error_at(L, c, "initialiser is not a constant");
		return 0;
	}
	return put(im, c, e->u.c, off);
}

static int object(Image *im, CXCursor c, CXType t, int64_t off);

/* The members of aggregate t at off from items[*i...]: braced (the list of t itself)
 * or brace-elided (t's members take as many items as they need). */
static int aggregate(Image *im, CursorVec *items, size_t *i, CXType t, int64_t off, int braced, CXCursor at)
{
	MemberVec m = {0};
	int ok = members(im, at, t, &m);

	for (size_t j = 0; j < m.len && *i < items->len && ok; j++) {
		CXCursor c = items->data[*i];
		if (is_designator(c)) {
			size_t k = j;
			CXCursor f = clang_getCursorReferenced(kid(c, 0));
			if (!braced)
				break;            /* it names a member of the enclosing list */
			while (k < m.len && !clang_equalCursors(m.data[k].field, f))
				k++;
			if (k == m.len || nkids(c) != 2) {
				error_at(im->L, c, "this designated initialiser is not supported (one field, in declaration order)");
				ok = 0;
				break;
			}
			j = k;
			ok = object(im, kid(c, 1), m.data[j].t, off + m.data[j].off);
			(*i)++;
		} else if (is_list(c) || !is_aggregate(m.data[j].t) ||
		           clang_equalTypes(clang_getCanonicalType(clang_getCursorType(bare(c))),
		                            clang_getCanonicalType(m.data[j].t))) {
			ok = object(im, c, m.data[j].t, off + m.data[j].off);
			(*i)++;
		} else {
			ok = aggregate(im, items, i, m.data[j].t, off + m.data[j].off, 0, c);
		}
	}
	VEC_FREE(m);
	return ok;
}

/* The object of type t at byte offset off from its initialiser c: a braced list, or a
 * scalar's value. */
static int object(Image *im, CXCursor c, CXType t, int64_t off)
{
	Lower *L = im->L;
	CursorVec items;
	size_t i = 0;
	int ok = 1;

	if (!is_list(c)) {
		if (is_aggregate(t)) {
			error_at(L, c, "this initialiser of a '%s' in a constant is not supported (a braced list of constants)",
			         type_name(L->a, t));
			return 0;
		}
		return scalar(im, c, t, off);
	}
	items = kids(bare(c));
	if (!is_aggregate(t)) {      /* `{5}` or `{}` for a scalar */
		if (items.len == 1)
			ok = object(im, items.data[0], t, off);
		else if (items.len > 1) {
			error_at(L, c, "a braced scalar initialiser with %zu values", items.len);
			ok = 0;
		}
	} else {
		ok = aggregate(im, &items, &i, t, off, 1, c);
		if (ok && i < items.len) {
			error_at(L, items.data[i], "this value lies past the end of its '%s' in a constant initialiser",
			         type_name(L->a, t));
			ok = 0;
		}
	}
	VEC_FREE(items);
	return ok;
}

/* Whether every value in initialiser c is a constant clang evaluates (nothing lowered). */
int init_is_const(CXCursor c)
{
	KirConst k;
	CursorVec v;
	int ok = 1;

	if (is_designator(c))
		return init_is_const(kid(c, nkids(c) - 1));
	if (!is_list(c))
		return eval_const(c, KT_F64, &k);
	v = kids(bare(c));
	for (size_t i = 0; i < v.len && ok; i++)
		ok = init_is_const(v.data[i]);
	VEC_FREE(v);
	return ok;
}

/* The n slots of type elem of an object of type t from its initialiser init (null:
 * zeros). 0 after a reported error. */
int const_image(Lower *L, CXCursor init, CXType t, KirDType elem, KirConst *slot, size_t n)
{
	Image im = {L, slot, n, elem};

	for (size_t i = 0; i < n; i++)
		slot[i] = frontend_const_convert((KirConst){KT_I32, 0, 0}, elem);
	return clang_Cursor_isNull(init) || object(&im, init, t, 0);
}
