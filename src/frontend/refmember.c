/* refmember.c: reference members of structs and classes in device code, the way cub
 * writes its collectives: `_TempStorage &temp_storage;` bound in the constructor's
 * member initialiser to a `__shared__` variable (one declared static in a method that
 * returns it by reference, `PrivateStorage()`), to a struct in memory passed in (`ts`),
 * or to a view of one (`ts.Alias()`, a `reinterpret_cast<T &>(*this)` of a storage struct
 * whose only field is an array of words the size of T: cub's Uninitialized<T>).
 *
 * A reference member is a binding, not a value (C++ [dcl.ref]: it is bound once, when
 * its object is constructed, and names that object from then on): it has no variable
 * (struct.c add_paths gives none); its object's bind key ".member" holds a BK_MEM bind
 * with no buffer (ref_member_new) until the constructor binds it (ref_member_init) to
 * the address of the object it names; every use through it (`temp_storage.buff[i]`)
 * then reads and writes that memory as a reference parameter's use does (call.c
 * bind_mem_struct_ref). Copies of the object share the binding (struct.c struct_copy,
 * call.c bind_fields). A storage struct's `__shared__` buffer is made with the slot
 * type of the one struct its alias views it as (alias_retype), so the view is the same
 * address and elements; a use of the storage's own field over that buffer is refused
 * (mem_struct_fits, from addr.c field_addr and struct.c's loads and stores). Refused
 * where they stand: a second binding, a reference bound to a temporary, to a choice or
 * to anything but a struct in memory, a use before it is bound. */
#include "parse.h"

/* Whether t is an lvalue reference to a struct or class (`_TempStorage &`). */
int is_record_ref(CXType t)
{
	CXType ct = clang_getCanonicalType(t);

	return ct.kind == CXType_LValueReference && is_record(clang_getPointeeType(ct));
}

/* The bind a reference member has until its constructor binds it. */
Bind *ref_member_new(Lower *L)
{
	Bind *b = new_bind(L, BK_MEM);

	b->buffer = -1;
	return b;
}

/* Whether e is `*this`, through parentheses and casts (`reinterpret_cast<T &>(*this)`). */
static int is_this_object(CXCursor e)
{
	for (;;) {
		enum CXCursorKind k;
		e = strip(e);
		k = clang_getCursorKind(e);
		if (k != CXCursor_CXXReinterpretCastExpr && k != CXCursor_CStyleCastExpr && k != CXCursor_CXXStaticCastExpr)
			break;
		e = last_expr(e);
		if (clang_Cursor_isNull(e))
			return 0;
	}
	return clang_getCursorKind(e) == CXCursor_UnaryOperator &&
	       clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref &&
	       clang_getCursorKind(strip(kid(e, 0))) == CXCursor_CXXThisExpr;
}

/* The expression of definition def's `return E;` when its body is declarations and that
 * one return, else a null cursor; *body set to the body. */
static CXCursor getter_return(CXCursor def, CXCursor *body)
{
	unsigned n;

	*body = clang_Cursor_isNull(def) ? def : body_of(def);
	if (clang_Cursor_isNull(*body) || !(n = nkids(*body)) ||
	    clang_getCursorKind(kid(*body, n - 1)) != CXCursor_ReturnStmt || !nkids(kid(*body, n - 1)))
		return clang_getNullCursor();
	for (unsigned i = 0; i + 1 < n; i++)
		if (clang_getCursorKind(kid(*body, i)) != CXCursor_DeclStmt)
			return clang_getNullCursor();
	return kid(kid(*body, n - 1), 0);
}

typedef struct FieldCount {
	int n;
	CXType t;
} FieldCount;

static enum CXVisitorResult count_field(CXCursor f, CXClientData d)
{
	FieldCount *fc = d;

	fc->n++;
	fc->t = clang_getCanonicalType(clang_getCursorType(f));
	return CXVisit_Continue;
}

/* Whether record type s (its base classes' fields counted) has one field, an array. */
static int storage_struct(CXType s)
{
	FieldCount fc = {0, {CXType_Invalid, {0, 0}}};

	visit_fields(NULL, clang_getCanonicalType(s), count_field, &fc);
	return fc.n == 1 && fc.t.kind == CXType_ConstantArray;
}

typedef struct AliasFind {
	CXType s, t;
	CXType inst;             /* visiting a class template's pattern: the instance, else invalid */
	int n;
} AliasFind;

/* The struct type a method's result `T &` names: in a class template's pattern, the
 * instance's template argument when T is the template's type parameter. */
static CXType view_result(AliasFind *af, CXType rt)
{
	CXType p = clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(rt)));
	CXString sp;
	int i = -1;

	if (af->inst.kind != CXType_Invalid) {
		sp = clang_getTypeSpelling(p);
		if (!strncmp(clang_getCString(sp), "type-parameter-0-", 17))
			i = atoi(clang_getCString(sp) + 17);
		clang_disposeString(sp);
		if (i >= 0)
			p = clang_getCanonicalType(clang_Type_getTemplateArgumentAsType(af->inst, (unsigned)i));
	}
	return p;
}

static enum CXChildVisitResult alias_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	AliasFind *af = d;
	CXType rt = clang_getCursorResultType(c), t;
	CXCursor body;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CXXMethod || clang_CXXMethod_isStatic(c) ||
	    clang_Cursor_getNumArguments(c) != 0 || clang_getCanonicalType(rt).kind != CXType_LValueReference ||
	    !is_this_object(getter_return(clang_getCursorDefinition(c), &body)))
		return CXChildVisit_Continue;
	t = view_result(af, rt);
	if (!is_record(t) || clang_Type_getSizeOf(t) != clang_Type_getSizeOf(af->s) || !struct_layout(t, NULL, NULL))
		return CXChildVisit_Continue;
	if (af->n++ && !clang_equalTypes(t, af->t))
		af->n = 99;         /* two views: none is the buffer's type */
	af->t = t;
	return CXChildVisit_Continue;
}

/* The struct type T that a method of record type s or of its base classes views the whole
 * object as (`T &Alias() { return reinterpret_cast<T &>(*this); }`, T of s's size with a
 * slot layout), when s is a storage struct: one field, an array (of words: `ulonglong2
 * storage[N]`). A type of kind CXType_Invalid when there is none or more than one. A
 * class template's instance is visited in its pattern (libclang lists no members of an
 * implicit instance), its type parameter read as the instance's argument. */
static CXType alias_view_type(CXType s)
{
	AliasFind af = {clang_getCanonicalType(s), {CXType_Invalid, {0, 0}}, {CXType_Invalid, {0, 0}}, 0};
	CXType none = af.t, t = af.s;
	CXCursor b;

	if (!struct_layout(s, NULL, NULL) || !storage_struct(s))
		return none;
	for (int i = 0; i < 8 && clang_getCanonicalType(t).kind == CXType_Record; i++) {
		CXCursor d = clang_getTypeDeclaration(clang_getCanonicalType(t));
		CXCursor tmpl = clang_getSpecializedCursorTemplate(d);
		af.inst = none;
		clang_visitChildren(d, alias_visit, &af);
		if (!clang_Cursor_isNull(tmpl)) {
			af.inst = clang_getCanonicalType(t);
			clang_visitChildren(tmpl, alias_visit, &af);
		}
		if (record_base(NULL, t, &b) != 0 || clang_Cursor_isNull(b))
			break;
		t = clang_getCanonicalType(clang_getCursorType(b));
	}
	return af.n == 1 ? af.t : none;
}

/* A __shared__ buffer b of type t (a storage struct, or an array of them) made in the slot
 * type of the struct its alias views it as, with as many slots as that type's bytes
 * fill (C++ allows the view because the storage's bytes are an object of T: cub places
 * T there). Nothing when t has no such view. */
void alias_retype(Lower *L, KirBuffer *b, CXType t)
{
	CXType v = alias_view_type(scalar_elem(t));
	KirDType elem;
	int ob, nb;

	(void)L;
	if (v.kind == CXType_Invalid || !struct_layout(v, &elem, NULL) || elem == b->elem)
		return;
	ob = frontend_dtype_bytes(b->elem);
	nb = frontend_dtype_bytes(elem);
	if (!b->ndims || (b->dims[b->ndims - 1] * ob) % nb)
		return;
	b->count = b->count * ob / nb;
	b->dims[b->ndims - 1] = b->dims[b->ndims - 1] * ob / nb;
	b->elem = elem;
}

static int ref_object(Lower *L, CXCursor x, CXType t, Addr *a, int depth);

/* The number of scalar fields of struct type t (0 for cub's NullType). */
static size_t scalar_count(Lower *L, CXType t)
{
	StrVec p = field_paths(L, t);
	size_t n = p.len;

	VEC_FREE(p);
	return n;
}

/* `g()` or `o.g()`, a call of a user function returning a reference to a struct whose body
 * is declarations and `return E;`: the object E names, the declarations lowered first (a
 * `__shared__` one is one object per block however often it is declared: decl.c
 * global_var); E `*this` through casts is the call's object, viewed as the result type
 * when the object is a storage struct whose alias that is. 0 when x is no such call. */
static int ref_call(Lower *L, CXCursor x, CXType t, Addr *a, int depth)
{
	CXCursor fn = clang_getCursorReferenced(x), def, body, e, obj = clang_getNullCursor();
	const char *save;

	if (clang_getCursorKind(x) != CXCursor_CallExpr || clang_Cursor_isNull(fn) || in_system(fn) ||
	    !is_record_ref(clang_getCursorResultType(fn)) || clang_Cursor_getNumArguments(fn) != 0)
		return 0;
	def = clang_getCursorDefinition(fn);
	e = getter_return(def, &body);
	if (clang_Cursor_isNull(e))
		return 0;
	if (nkids(x) && clang_getCursorKind(kid(x, 0)) == CXCursor_MemberRefExpr)
		obj = member_base(kid(x, 0));
	if (is_this_object(e)) {
		CXType ot = clang_getCanonicalType(clang_getCursorType(obj));
		if (clang_Cursor_isNull(obj) || clang_getCursorKind(obj) == CXCursor_CXXThisExpr || !is_record(ot)) {
			error_at(L, x, "'%s' returns its own object: only one called on a struct in memory (`s.%s()`) can bind a reference",
			         spell(L->a, fn), spell(L->a, fn));
			return 1;
		}
		if (!clang_equalTypes(clang_getCanonicalType(t), ot) &&
		    !clang_equalTypes(clang_getCanonicalType(t), alias_view_type(ot))) {
			error_at(L, x, "'%s' views a '%s' as a '%s': only a storage struct whose only field is an array of words, viewed "
			         "as one struct of its size, can be", spell(L->a, fn), type_name(L->a, ot), type_name(L->a, t));
			return 1;
		}
		return ref_object(L, obj, ot, a, depth + 1);
	}
	save = L->fr->this_key;
	if (!clang_Cursor_isNull(obj) && clang_getCursorKind(obj) != CXCursor_CXXThisExpr)
		L->fr->this_key = var_struct_key(L, obj, clang_getCursorType(obj));   /* NULL: its members are refused */
	for (unsigned i = 0; i + 1 < nkids(body) && !L->failed; i++)
		ls(L, kid(body, i));
	if (!L->failed)
		ref_object(L, e, t, a, depth + 1);
	L->fr->this_key = save;
	return 1;
}

/* The address of the struct of type t in memory that reference expression x names
 * (its first slot), in a; 0 when it names none (reported). */
static int ref_object(Lower *L, CXCursor x, CXType t, Addr *a, int depth)
{
	x = strip(x);
	if (depth > 8) {
		error_at(L, x, "a reference member bound through more than 8 calls returning references cannot be translated");
		return 0;
	}
	if (clang_getCursorKind(x) == CXCursor_CallExpr && ref_call(L, x, t, a, depth))
		return !L->failed && a->buffer >= 0;
	if (!is_mem_lvalue(L, x) || !struct_layout(clang_getCursorType(x), NULL, NULL)) {
		if (!L->failed)
			error_at(L, x, "a reference member bound to this cannot be translated (only to a struct in memory: a "
			         "__shared__ variable, an element of a buffer, a reference to one, or a method returning one)");
		return 0;
	}
	*a = laddr(L, x);
	if (L->failed)
		return 0;
	if (a->buffer < 0 || a->per || a->view != KT_VOID || a->bitw) {
		error_at(L, x, "a reference member bound to this struct in memory cannot be translated (only one in a buffer "
		         "of its own slot type can)");
		return 0;
	}
	return 1;
}

/* Whether naming the object x names does nothing else: a variable, a member of such an
 * object or of `this`, or a getter call on one whose body declares only __shared__
 * variables before its return (`PrivateStorage()`, `ts.Alias()`). */
static int names_only(CXCursor x)
{
	CXCursor fn, body, obj;
	unsigned n;

	x = strip(x);
	switch (clang_getCursorKind(x)) {
	case CXCursor_DeclRefExpr: case CXCursor_CXXThisExpr:
		return 1;
	case CXCursor_MemberRefExpr:
		obj = member_base(x);
		return clang_Cursor_isNull(obj) || names_only(obj);
	case CXCursor_CallExpr:
		fn = clang_getCursorReferenced(x);
		if (clang_Cursor_isNull(fn) || clang_Cursor_getNumArguments(fn) != 0 ||
		    clang_Cursor_isNull(getter_return(clang_getCursorDefinition(fn), &body)))
			return 0;
		n = nkids(body);
		for (unsigned i = 0; i + 1 < n; i++) {
			CXCursor d = nkids(kid(body, i)) == 1 ? kid(kid(body, i), 0) : clang_getNullCursor();
			if (clang_Cursor_isNull(d) || !has_attr(d, CXCursor_CUDASharedAttr))
				return 0;
		}
		obj = nkids(x) && clang_getCursorKind(kid(x, 0)) == CXCursor_MemberRefExpr ? member_base(kid(x, 0)) :
		      clang_getNullCursor();
		return clang_Cursor_isNull(obj) || names_only(obj);
	default:
		return 0;
	}
}

/* Reference member `field` of the object under bind key prefix L->fr->this_key, bound by
 * its constructor's initialiser x: its bind set to the object x names. A struct with no
 * scalars (cub's NullType) has nothing to read or write: its reference is bound to no
 * memory (BK_CG), x not lowered, which must then only name an object (names_only). */
void ref_member_init(Lower *L, CXCursor field, CXCursor x)
{
	const char *name = spell(L->a, field);
	Bind *b = key_bind(L, NULL, arena_printf(L->a, "%s.%s", L->fr->this_key, name));
	CXType t = clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(field))));
	Addr a = {.buffer = -1, .off = NULL, .var = -1, .view = KT_VOID};

	if (!b || b->kind != BK_MEM || b->buffer >= 0) {
		error_at(L, x, "reference member '%s' cannot be bound here (it is bound once, by the constructor of an object "
		         "held in variables)", name);
		return;
	}
	if (!scalar_count(L, t)) {
		if (names_only(x))
			b->kind = BK_CG;       /* an object with no state: nothing reads or writes it */
		else
			error_at(L, x, "reference member '%s' to a struct without fields is bound to an expression that does more "
			         "than name an object, which cannot be translated", name);
		return;
	}
	if (!ref_object(L, x, t, &a, 0))
		return;
	b->buffer = a.buffer;
	b->off = fix_offset(L, a.off ? a.off : frontend_new_int(L->a, KT_I32, 0, cloc(L, x)), name, cloc(L, field),
	                    cloc(L, x), &b->offvar);
}

/* Whether a struct of type t in memory at a may be used there: not a storage struct with
 * an alias over a buffer of another element size, which alias_retype made in its view's
 * slot type (`ts.words[i]` as 8-byte words over floats), refused at c. */
int mem_struct_fits(Lower *L, CXCursor c, Addr a, CXType t)
{
	KirDType se;

	if (a.buffer < 0 || a.per || a.view != KT_VOID || !struct_layout(t, &se, NULL) ||
	    frontend_dtype_bytes(se) == frontend_dtype_bytes(L->bufs.data[a.buffer].elem) ||
	    alias_view_type(t).kind == CXType_Invalid)
		return 1;      /* (other views of other sizes are wide.c's and narrow.c's) */
	if (!L->failed)
		error_at(L, c, "'%s' is held as %s elements, the slots of the struct a method views its storage as "
		         "(`reinterpret_cast<T &>(*this)`): a use of it as a '%s' cannot be translated",
		         L->bufs.data[a.buffer].name, frontend_dtype_name(L->bufs.data[a.buffer].elem), type_name(L->a, t));
	return 0;
}
