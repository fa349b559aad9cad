/* field_elems.c: array fields of structs held in variables. A struct value (a local
 * `auto pi = p[i];`, a temporary of a struct copy, an inlined function's struct
 * argument) is a set of binds, one per scalar; an array field of at most
 * FIELD_ELEMS_MAX scalars has one per element, under the keys "KEY.acc[0]",
 * "KEY.acc[1]", ... (field_paths in struct.c lists them). `pi.acc[1]` is that variable;
 * an index that is not a constant reads through a select over the elements (also down
 * a path of members from a struct element: `all.step[o].z`), and a store through it is
 * refused. A struct passed to the kernel by value holds its array
 * fields the same way, one parameter per element (kernel.c), up to FIELD_ELEMS_MAX
 * scalars; a larger one is a read-only buffer, addressed as memory (addr.c).
 * An array field of scalars that some code uses as an array rather than element by
 * element (stored at a run-time index, its address taken or viewed as a wider type,
 * `*reinterpret_cast<float4 *>(v.data)`) is a local array in every local struct
 * (decl.c field_var_of), as a larger one is: scan_field_arrays finds those fields. */
#include "parse.h"

/* The array-typed base of subscript c (`pi.acc` in `pi.acc[j]`), or a null cursor. */
static CXCursor array_base(CXCursor c)
{
	CursorVec v = kids(c);
	CXCursor b = clang_getNullCursor();

	if (v.len == 2)
		b = strip(v.data[0]);
	VEC_FREE(v);
	if (clang_Cursor_isNull(b) || clang_getCanonicalType(clang_getCursorType(b)).kind != CXType_ConstantArray)
		return clang_getNullCursor();
	return b;
}

/* The key of an array object held in variables element by element (`pi.acc`,
 * `pi.m[1]`, `q.v` of structs), or NULL: its first scalar ("[0]", "[0].x") has a bind. */
static const char *array_key(Lower *L, CXCursor b)
{
	const char *k = NULL;
	StrVec paths;
	Bind *eb;
	int held;

	if (clang_getCursorKind(b) == CXCursor_MemberRefExpr)
		k = member_key(L, b);
	else if (clang_getCursorKind(b) == CXCursor_ArraySubscriptExpr)
		k = subscript_key(L, b);
	if (!k)
		return NULL;
	paths = elem_paths(L, clang_getCursorType(b));
	held = paths.len && (eb = find_bind(L, arena_printf(L->a, "%s%s", k, paths.data[0]))) &&
	       eb->kind != BK_PTR;     /* (a large array field of a parameter is a buffer: kernel.c) */
	VEC_FREE(paths);
	return held ? k : NULL;
}

const char *subscript_key(Lower *L, CXCursor c)
{
	CXCursor b = array_base(c);
	const char *k;
	KirConst i;

	if (clang_Cursor_isNull(b) || !(k = array_key(L, b)))
		return NULL;
	if (!eval_const(kid(c, 1), KT_I64, &i))
		return NULL;
	return arena_printf(L->a, "%s[%lld]", k, (long long)i.i);
}

int is_var_elem(Lower *L, CXCursor c)
{
	CXCursor b = array_base(c);

	return !clang_Cursor_isNull(b) && array_key(L, b);
}

Addr var_elem_addr(Lower *L, CXCursor c)
{
	Addr a = {.buffer = -1, .off = NULL, .var = -1, .view = KT_VOID};
	const char *k = subscript_key(L, c);
	Bind *b = k ? find_bind(L, k) : NULL;

	if (b && b->kind == BK_VAR)
		a.var = b->idx;
	else if (k)
		error_at(L, c, "element '%s' of this array field is out of its bounds or not a scalar", spell(L->a, c));
	else
		error_at(L, c, "an element of an array field of a struct held in variables is addressed only at a constant index (a scalar element may be read at any index)");
	return a;
}

/* The value of `keys[idx]` (n binds of scalars): a select over them, element n-1 unless
 * the index names an earlier one (an index out of the bounds is undefined behaviour in
 * C++). idx is read once, into a temporary. */
static KirExpr *select_binds(Lower *L, CXCursor c, KirExpr *idx, const char **keys, long long n)
{
	SrcLoc l = cloc(L, c);
	KirExpr *e = NULL;
	int tmp = new_var(L, "elem_index", KT_I64, KVK_TEMP, l);

	emit_pending(L, decl_stmt(L, tmp, conv(L, idx, KT_I64), l));
	for (long long i = n - 1; i >= 0 && !L->failed; i--) {
		Bind *eb = find_bind(L, keys[i]);
		KirExpr *v;
		if (!eb || (eb->kind != BK_VAR && eb->kind != BK_PARAM && eb->kind != BK_CONST)) {
			error_at(L, c, "element %lld of this array field is not held in a variable", i);
			return poison(L, c);
		}
		v = conv(L, eb->kind == BK_VAR ? var_ref(L, eb->idx, l) : bind_value(L, c, eb), ctype(c));
		if (e) {
			KirExpr *s = frontend_new_expr(L->a, KE_COND, ctype(c), l);
			s->u.cond.c = frontend_new_binary(L->a, KB_EQ, KT_I1, var_ref(L, tmp, l),
			                                  frontend_new_int(L->a, KT_I64, i, l), l);
			s->u.cond.t = v;
			s->u.cond.f = e;
			e = s;
		} else {
			e = v;
		}
	}
	return e ? e : poison(L, c);
}

KirExpr *var_elem_load(Lower *L, CXCursor c)
{
	CXCursor b = array_base(c);
	const char *k = array_key(L, b), *sk, **keys;
	CXType at = clang_getCanonicalType(clang_getCursorType(b));
	long long n = clang_getArraySize(at);

	if ((sk = subscript_key(L, c))) {
		Bind *cb = find_bind(L, sk);
		if (cb && (cb->kind == BK_PARAM || cb->kind == BK_CONST))     /* a by-value struct parameter's */
			return conv(L, bind_value(L, c, cb), ctype(c));
		return load_of(L, c, var_elem_addr(L, c));
	}
	if (is_record(clang_getArrayElementType(at)) ||
	    clang_getCanonicalType(clang_getArrayElementType(at)).kind == CXType_ConstantArray) {
		error_at(L, c, "an array field of structs or arrays held in variables is read at a run-time index only down to a scalar (`v.a[i].x`, `v.m[i][1]`)");
		return poison(L, c);
	}
	keys = arena_alloc(L->a, (size_t)n * sizeof *keys);
	for (long long i = 0; i < n; i++)
		keys[i] = arena_printf(L->a, "%s[%lld]", k, i);
	return select_binds(L, c, lx(L, kid(c, 1)), keys, n);
}

/* `v.a[i].x`, `v.m[i][1].y`: a scalar reached from an array field held in variables (its
 * elements structs or arrays) through one subscript at a run-time index and then members
 * and constant subscripts only. Its value is the select over the elements' scalars at the
 * same path (select_binds). NULL when c is no such chain (the caller's rules apply). */
KirExpr *var_elem_path_load(Lower *L, CXCursor c)
{
	CursorVec up = {0};
	CXCursor cur = c, b = clang_getNullCursor();
	const char *k = NULL, **keys;
	long long n;
	KirConst v;

	if (dt_of(clang_getCursorType(c)) == KT_VOID)
		return NULL;
	for (;;) {                      /* members and constant subscripts, down to the pivot */
		enum CXCursorKind ck = clang_getCursorKind(cur);
		if (ck == CXCursor_MemberRefExpr) {
			VEC_PUSH(up, cur);
			cur = member_base(cur);
		} else if (ck == CXCursor_ArraySubscriptExpr && !clang_Cursor_isNull(b = array_base(cur))) {
			if (!eval_const(kid(cur, 1), KT_I64, &v)) {
				k = array_key(L, b);
				break;
			}
			VEC_PUSH(up, cur);
			cur = b;
		} else {
			break;
		}
	}
	if (!k || !up.len) {
		VEC_FREE(up);
		return NULL;
	}
	n = clang_getArraySize(clang_getCanonicalType(clang_getCursorType(b)));
	keys = arena_alloc(L->a, (size_t)n * sizeof *keys);
	for (long long i = 0; i < n; i++) {
		const char *ki = arena_printf(L->a, "%s[%lld]", k, i);
		for (size_t j = up.len; j-- > 0;) {
			CXCursor s = up.data[j];
			if (clang_getCursorKind(s) == CXCursor_MemberRefExpr) {
				ki = member_field_key(L->a, ki, clang_getCursorReferenced(s));
			} else {
				eval_const(kid(s, 1), KT_I64, &v);
				ki = arena_printf(L->a, "%s[%lld]", ki, (long long)v.i);
			}
		}
		keys[i] = ki;
	}
	VEC_FREE(up);
	return select_binds(L, c, lx(L, kid(cur, 1)), keys, n);
}

/* `const float &col = p.colors[idx]`: a const reference at a run-time index into an
 * array field whose elements are kernel parameters (constant for the whole launch) is
 * their value, read once into a variable bound under key. 0 when init is no such
 * element (the caller's rules apply). */
int param_elem_ref(Lower *L, CXCursor d, CXCursor init, const char *key)
{
	CXType rt = clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(d)));
	CXCursor c = strip(init), b;
	const char *k;
	long long n;
	KirExpr *e;
	Bind *vb;

	if (!clang_isConstQualifiedType(rt) || dt_of(rt) == KT_VOID ||
	    clang_getCursorKind(c) != CXCursor_ArraySubscriptExpr || !is_var_elem(L, c) || subscript_key(L, c))
		return 0;
	b = array_base(c);
	k = array_key(L, b);
	n = clang_getArraySize(clang_getCanonicalType(clang_getCursorType(b)));
	for (long long i = 0; i < n; i++) {
		Bind *eb = find_bind(L, arena_printf(L->a, "%s[%lld]", k, i));
		if (!eb || (eb->kind != BK_PARAM && eb->kind != BK_CONST))
			return 0;
	}
	e = conv(L, var_elem_load(L, c), dt_of(rt));
	vb = new_bind(L, BK_VAR);
	vb->idx = new_var(L, spell(L->a, d), dt_of(rt), KVK_LOCAL, cloc(L, d));
	put_bind(L, key, vb);
	emit_pending(L, decl_stmt(L, vb->idx, e, cloc(L, d)));
	return 1;
}

/* The ancestors of the cursor visited (scan_field_arrays). */
typedef struct {
	Ctx *cx;
	Map *marks;              /* where the fields found go */
	Map *seen;               /* with a kernel: the functions it calls, walked once */
	CursorVec up;
} FieldScan;

static int array_kind(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;

	return k == CXType_ConstantArray || k == CXType_DependentSizedArray || k == CXType_IncompleteArray;
}

/* Whether member m (an array field) is used only element by element: subscripts at
 * constant indices down to a scalar, or one at a run-time index whose scalar element is
 * read (an implicit lvalue-to-rvalue conversion: the select of var_elem_load). */
static int elem_use(FieldScan *s, CXCursor m)
{
	CXCursor prev = m, p;
	long j = (long)s->up.len - 1;
	KirConst v;

	for (;;) {
		while (j >= 0 && (clang_getCursorKind(s->up.data[j]) == CXCursor_UnexposedExpr ||
		                  clang_getCursorKind(s->up.data[j]) == CXCursor_ParenExpr))
			prev = s->up.data[j--];
		if (j < 0)
			return 0;
		p = s->up.data[j];
		if (clang_getCursorKind(p) != CXCursor_ArraySubscriptExpr || nkids(p) != 2 ||
		    !clang_equalCursors(kid(p, 0), prev))
			return 0;
		if (!eval_const(kid(p, 1), KT_I64, &v))
			return !array_kind(clang_getCursorType(p)) && !is_record(clang_getCursorType(p)) &&
			       j > 0 && clang_getCursorKind(s->up.data[j - 1]) == CXCursor_UnexposedExpr;
		if (!array_kind(clang_getCursorType(p)))
			return 1;
		prev = p;
		j--;
	}
}

/* Whether member m names a field of a struct object held in variables: of a local
 * struct variable or parameter (through fields of fields), a reference to one, or
 * `this` (the object a method is called on may be one). A field of an object in memory
 * (`p[i].f`, `q->f`, a local array's element) is not: such an object is copied into
 * variables element by element (struct.c). */
static int held_object(CXCursor m)
{
	CXCursor b = m, d, k;
	enum CXCursorKind pk;
	enum CXTypeKind tk;

	for (;;) {
		if (nkids(b) == 0)
			return clang_getCursorKind(b) == CXCursor_MemberRefExpr;   /* implicit this */
		k = kid(b, 0);
		b = strip(k);
		tk = clang_getCanonicalType(clang_getCursorType(k)).kind;
		if (clang_getCursorKind(b) == CXCursor_CXXThisExpr)
			return 1;
		if (tk == CXType_Pointer)
			return 0;
		if (clang_getCursorKind(b) == CXCursor_MemberRefExpr)
			continue;
		if (clang_getCursorKind(b) != CXCursor_DeclRefExpr)
			return 0;
		d = clang_getCursorReferenced(b);
		if (clang_getCursorKind(d) == CXCursor_ParmDecl)
			return 1;
		pk = clang_getCursorKind(clang_getCursorSemanticParent(d));
		return clang_getCursorKind(d) == CXCursor_VarDecl && !has_attr(d, CXCursor_CUDASharedAttr) &&
		       clang_Cursor_getStorageClass(d) != CX_SC_Static &&
		       (pk == CXCursor_FunctionDecl || pk == CXCursor_FunctionTemplate || pk == CXCursor_CXXMethod);
	}
}

static enum CXChildVisitResult field_scan(CXCursor c, CXCursor parent, CXClientData d);

/* The body of the function call c calls, as instantiated (a template's own body names
 * no field of the instance its dependent code reaches), once per kernel. */
static void scan_callee(FieldScan *s, CXCursor c)
{
	CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(c));
	FieldScan sub = *s;
	CXString n;
	const char *key;

	if (clang_Cursor_isNull(def) || in_system(def) || clang_CXXMethod_isDefaulted(def))
		return;          /* (a defaulted copy walks arrays at an index of its own) */
	n = clang_getTypeSpelling(clang_getCursorType(clang_getCursorSemanticParent(def)));
	key = arena_printf(s->cx->a, "%s|%s|%s", dkey(s->cx->a, def), clang_getCString(n), spell(s->cx->a, def));
	clang_disposeString(n);
	n = clang_getCursorDisplayName(def);
	key = arena_printf(s->cx->a, "%s|%s", key, clang_getCString(n));
	clang_disposeString(n);
	if (map_has(s->seen, key))
		return;
	map_put(s->seen, key, "");
	sub.up = (CursorVec){0};
	clang_visitChildren(def, field_scan, &sub);
	VEC_FREE(sub.up);
}

static enum CXChildVisitResult field_scan(CXCursor c, CXCursor parent, CXClientData d)
{
	FieldScan *s = d;
	CXCursor f;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_MemberRefExpr) {
		f = clang_getCursorReferenced(c);
		if (clang_getCursorKind(f) == CXCursor_FieldDecl && array_kind(clang_getCursorType(f)) &&
		    held_object(c) && !elem_use(s, c))
			map_put(s->marks, dkey(s->cx->a, f), "");
	}
	if (s->seen && clang_getCursorKind(c) == CXCursor_CallExpr)
		scan_callee(s, c);
	VEC_PUSH(s->up, c);
	clang_visitChildren(c, field_scan, s);
	s->up.len--;
	return CXChildVisit_Continue;
}

/* The array fields (by dkey, which an instantiated template's field shares with its
 * pattern) that the file's code uses as arrays (see above), into cx->memfields. */
void scan_field_arrays(Ctx *cx)
{
	FieldScan s = {cx, NULL, NULL, {0}};
	CursorVec top = kids(clang_getTranslationUnitCursor(cx->tu));

	cx->memfields = s.marks = map_create();
	for (size_t i = 0; i < top.len; i++)
		if (!in_system(top.data[i]))
			field_scan(top.data[i], clang_getTranslationUnitCursor(cx->tu), &s);
	VEC_FREE(top);
	VEC_FREE(s.up);
}

/* The same for kernel fn as instantiated, and the functions it calls, into
 * L->memfields: a template's code that uses a field as an array (`val.data` in a
 * method of a class template) names the instance's field only there. */
void scan_kernel_fields(Lower *L, CXCursor fn)
{
	FieldScan s = {L->cx, NULL, map_create(), {0}};

	L->memfields = s.marks = map_create();
	clang_visitChildren(fn, field_scan, &s);
	VEC_FREE(s.up);
	map_destroy(s.seen);
}

int is_mem_field(Lower *L, CXCursor field)
{
	const char *k = dkey(L->a, field);

	return (L->cx->memfields && map_has(L->cx->memfields, k)) || (L->memfields && map_has(L->memfields, k));
}
