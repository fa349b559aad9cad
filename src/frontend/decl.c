/* decl.c: declarations. Buffers for __shared__ (static and extern), __constant__ and
 * local arrays (constant initialisers folded in), string literals read through a
 * pointer (a constant array of their bytes), global variables bound on first use,
 * and local variables: scalars, structs by value (one variable per field; a pointer
 * field is a moving pointer), cooperative groups, references and pointers (a moving
 * pointer keeps its offset in a variable, and a null flag when a call or `c ? A :
 * nullptr` may make it null: ptrresult.c, ptrnull.c). */
#include "parse.h"

#include <math.h>

int new_buffer(Lower *L, const char *name, KirSpace sp, CXType t, SrcLoc loc)
{
	KirBuffer b = {0};
	CXType el = scalar_elem(t);

	b.name = unique(L, name);
	b.space = sp;
	b.elem = mem_elem(el);
	b.is_const = clang_isConstQualifiedType(el) || sp == KSP_CONSTANT;
	b.count = array_elems(t, b.dims, &b.ndims);
	b.param = -1;
	if (sp == KSP_SHARED)
		alias_retype(L, &b, t);    /* a storage struct viewed as another (refmember.c) */
	b.loc = loc;
	VEC_PUSH(L->bufs, b);
	return (int)L->bufs.len - 1;
}

static CXCursor var_init(CXCursor d)
{
	CursorVec v = kids(d);
	CXCursor r = clang_getNullCursor();

	for (size_t i = 0; i < v.len; i++) {
		enum CXCursorKind k = clang_getCursorKind(v.data[i]);
		if (clang_isExpression(k) && k != CXCursor_IntegerLiteral)
			r = v.data[i];
		else if (k == CXCursor_IntegerLiteral)
			r = v.data[i];
	}
	/* the last expression child is the initialiser unless it is an array size */
	if (!clang_Cursor_isNull(r) && clang_getCanonicalType(clang_getCursorType(d)).kind == CXType_ConstantArray &&
	    clang_getCursorKind(r) != CXCursor_InitListExpr)
		r = clang_getNullCursor();
	VEC_FREE(v);
	return r;
}

static int zero_init(CXCursor init);

/* The initial contents of constant buffer buf, an object of type t, from its initialiser
 * (constinit.c: each value at its position and field offset; zeros where the list is
 * silent). Nothing after a reported error. */
static void fill_init(Lower *L, int buf, CXCursor init, CXType t)
{
	KirBuffer *b = &L->bufs.data[buf];
	size_t n = (size_t)b->count;
	KirConst *slot = ARENA_ARRAY(L->a, KirConst, n);
	KirDType elem = b->elem;

	if (!const_image(L, init, t, elem, slot, n))
		return;
	b = &L->bufs.data[buf];     /* lx may have added a buffer */
	b->init = slot;
	b->ninit = n;
}

/* A `__device__` variable at namespace scope that the program may change: its contents
 * outlive a launch, so it is memory of the host program's, like a pointer parameter's
 * buffer (a `const` one with a value is a constant, left to eval_const). */
static int is_device_symbol(CXCursor d)
{
	return has_attr(d, CXCursor_CUDADeviceAttr) && !clang_isConstQualifiedType(scalar_elem(clang_getCursorType(d))) &&
	       clang_getCursorKind(clang_getCursorSemanticParent(d)) != CXCursor_FunctionDecl;
}

/* Whether a cudaMemcpyToSymbol in the file writes symbol d (stable.c). An instance of a
 * variable template counts as written when any fill names its template (the fill may sit
 * in a host template, `cudaMemcpyToSymbol(mask<T>, ...)`, whose instances libclang does
 * not show): its key up to the USR is the template's (dkey). */
static int host_filled(Lower *L, CXCursor d)
{
	const char *key = dkey(L->a, d);
	size_t n = strlen(key) - (is_var_instance(d) ? strlen(str(L->a, clang_getCursorUSR(d))) + 1 : 0);

	return map_has(L->cx->hostfilled, key) || map_has(L->cx->hostfilled, arena_printf(L->a, "%.*s", (int)n, key));
}

/* A const array at namespace scope with an initialiser that no cudaMemcpyToSymbol in the
 * file overwrites (`__device__ const int t[3] = {...}`, `constexpr float w[2][2]`, which
 * clang's CUDA makes device constants): a constant buffer like a __constant__ one.
 * (libclang's canonical array type drops the element's const: elem_const.) */
static int const_array_global(Lower *L, CXCursor d)
{
	CXType t = clang_getCursorType(d);
	enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(d));

	return clang_getCanonicalType(t).kind == CXType_ConstantArray && elem_const(t) &&
	       (pk == CXCursor_TranslationUnit || pk == CXCursor_Namespace) && !clang_Cursor_isNull(var_init(d)) &&
	       !host_filled(L, d);
}

/* An initialiser whose every value is zero (or no initialiser): the contents that a
 * variable of static storage starts with anyway. */
static int zero_init(CXCursor init)
{
	KirConst k;
	CursorVec v;
	int zero = 1;

	if (clang_Cursor_isNull(init))
		return 1;
	if (clang_getCursorKind(init) != CXCursor_InitListExpr)
		return eval_const(init, KT_F64, &k) && k.f == 0.0 && !signbit(k.f);
	v = kids(init);
	for (size_t i = 0; i < v.len && zero; i++)
		zero = zero_init(v.data[i]);
	VEC_FREE(v);
	return zero;
}

/* Whether variable d is declared in a function (not at namespace scope). */
static int in_function(CXCursor d)
{
	enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(d));

	return pk != CXCursor_TranslationUnit && pk != CXCursor_Namespace;
}

/* A __constant__, __shared__ or __device__ variable at namespace scope, on its first use.
 * A __device__ one is a global buffer without a parameter: an argument of the module
 * named after the symbol and, when the kernel writes it, a result of that name (raise.c);
 * the host program's copy holds its initial value (cudart, the oracle). */
Bind *global_var(Lower *L, CXCursor d)
{
	int shared = has_attr(d, CXCursor_CUDASharedAttr), cnst = has_attr(d, CXCursor_CUDAConstantAttr);
	int dev;
	CXType t = clang_getCursorType(d);
	const char *key = dkey(L->a, d), *name = spell(L->a, d);
	Bind *b;
	int buf;

	if (clang_getCursorKind(d) != CXCursor_VarDecl && !is_var_instance(d))
		return NULL;
	cnst = cnst || (!shared && const_array_global(L, d));
	dev = !shared && !cnst && is_device_symbol(d);
	if (!shared && !cnst && !dev)
		return NULL;
	if (shared && is_record(t) && mem_elem(t) == KT_VOID && in_function(d)) {
		/* declared in the kernel: bound field by field (sharedvar.c), so this is a use
		 * of the whole struct, said at the statement that has it */
		error_at(L, clang_Cursor_isNull(L->stmt) ? d : L->stmt, "__shared__ struct '%s' has no layout as one buffer "
		         "(%s): it is held one shared buffer per field, and only its fields can be used, not the struct as a "
		         "whole (a copy, a reference, an argument by value)", spell(L->a, d), struct_layout_why(L->a, t));
		return NULL;
	}
	if (mem_elem(scalar_elem(t)) == KT_VOID || mem_elem(scalar_elem(t)) == KT_PTR) {
		error_at(L, d, "%s variable of type '%s' is not supported", dev ? "__device__" : "__constant__/__shared__",
		    type_name(L->a, t));
		return NULL;
	}
	if (dev && !zero_init(var_init(d))) {
		/* the host program's copy of the symbol is what the module reads; a program
		 * built with cuda2hlo-cc has it zeroed, without the device image's value */
		error_at(L, d, "__device__ variable '%s' with a nonzero initial value is not supported (the host "
		    "program's copy it is read from does not hold that value; set it with cudaMemcpyToSymbol)",
		    spell(L->a, d));
		return NULL;
	}
	if (is_var_instance(d) && !(name = var_instance_name(L->a, d))) {
		error_at(L, d, "this instance of variable template '%s' (%s) has template arguments that cannot be named "
		    "(a builtin type, a class named without a scope, an int, unsigned, long or bool value can)",
		    spell(L->a, d), str(L->a, clang_Cursor_getMangling(d)));
		return NULL;
	}
	buf = new_buffer(L, name, shared ? KSP_SHARED : dev ? KSP_GLOBAL : KSP_CONSTANT, t, cloc(L, d));
	if (clang_getCanonicalType(t).kind == CXType_IncompleteArray) {
		L->bufs.data[buf].is_extern = 1;
		L->bufs.data[buf].count = 0;
	}
	/* __constant__ memory is a constant only when it has an initialiser that no
	 * cudaMemcpyToSymbol in the file overwrites; else the host fills it, and it is an
	 * input of the module named after the symbol (raise.c) */
	if (cnst && L->bufs.data[buf].count && !clang_Cursor_isNull(var_init(d)) && !host_filled(L, d))
		fill_init(L, buf, var_init(d), t);
	if (clang_getCanonicalType(t).kind != CXType_ConstantArray && clang_getCanonicalType(t).kind != CXType_IncompleteArray) {
		b = new_bind(L, BK_MEM);
		b->buffer = buf;
		b->off = frontend_new_int(L->a, KT_I32, 0, cloc(L, d));
	} else {
		b = new_bind(L, BK_PTR);
		b->buffer = buf;
	}
	map_put(L->globals, key, b);
	return b;
}

/* Element i of local array buf set to value at declaration d (an initial value that is
 * a store, since the array is mutable). */
static void store_init(Lower *L, CXCursor d, int buf, size_t i, KirExpr *value)
{
	KirDType el = L->bufs.data[buf].elem;
	KirExpr *e = frontend_new_expr(L->a, KE_ASSIGN, el, cloc(L, d));

	e->u.assign.lv.var = -1;
	e->u.assign.lv.buffer = buf;
	e->u.assign.lv.index = frontend_new_int(L->a, KT_I32, (int64_t)i, cloc(L, d));
	e->u.assign.op = KB_NONE;
	e->u.assign.optype = el;
	e->u.assign.value = value;
	emit_pending(L, expr_stmt(L, e));
}

/* The scalars that initialiser list `list` of an object of array type t gives, placed
 * in slot[base ...] (by flat index; a nested list per row); a struct element's value (a
 * brace list, `make_ulong4(...)`, a struct expression) at its first slot. 0 after a
 * reported error: a row or a struct without its braces, an element past the end. */
static int flat_init(Lower *L, CXCursor list, CXType t, size_t base, CXCursor *slot, size_t n, int quiet)
{
	CXType et;
	size_t stride;
	CursorVec v = kids(list);
	int ok = 1;

	t = clang_getCanonicalType(t);
	et = clang_getCanonicalType(clang_getArrayElementType(t));
	stride = (size_t)array_elems(et, NULL, NULL);
	for (size_t i = 0; i < v.len && ok; i++) {
		CXCursor c = v.data[i];
		int list_kid = clang_getCursorKind(c) == CXCursor_InitListExpr;
		if (et.kind == CXType_ConstantArray && list_kid) {
			ok = flat_init(L, c, et, base + i * stride, slot, n, quiet);
		} else if (is_record(et) && (list_kid || is_record(clang_getCursorType(c))) && stride &&
		           base + i * stride < n) {
			slot[base + i * stride] = c;
		} else if (et.kind == CXType_ConstantArray || et.kind == CXType_Record || list_kid || !stride ||
		           base + i * stride >= n) {
			if (!quiet)
				error_at(L, c, "this initialiser of a local array is not supported (scalars, a braced list per row)");
			ok = 0;
		} else {
			slot[base + i * stride] = c;
		}
	}
	VEC_FREE(v);
	return ok;
}

/* The initial values of local array buf of structs of type st (k slots each), one
 * struct per slot[r * k] (flat_init): stores field by field at the declaration, as
 * `a[r] = value;` would be; a struct the list leaves out is zero, padding included. */
static void struct_elems_init(Lower *L, CXCursor d, int buf, CXType st, CXCursor *slot, size_t n)
{
	int k = 0;

	if (!struct_layout(st, NULL, &k) || k <= 0)
		die("struct_elems_init: a local array of '%s' without a layout", type_name(L->a, st));
	for (size_t r = 0; r < n && !L->failed; r += (size_t)k) {
		Addr a = {.buffer = buf, .off = frontend_new_int(L->a, KT_I32, (int64_t)r, cloc(L, d)), .var = -1,
		          .view = KT_VOID};
		const char *src;
		if (clang_Cursor_isNull(slot[r])) {
			KirDType el = L->bufs.data[buf].elem;
			for (size_t j = r; j < r + (size_t)k; j++)
				store_init(L, d, buf, j, frontend_new_const(L->a, frontend_const_convert((KirConst){KT_I32, 0, 0}, el),
				                                            cloc(L, d)));
			continue;
		}
		if ((src = struct_src(L, slot[r])))
			struct_store_at(L, slot[r], a, st, src);
	}
}

/* A mutable local array's constant initial values (fill_init) as stores at declaration d. */
static void const_stores(Lower *L, CXCursor d, int buf, CXCursor init, CXType t)
{
	KirBuffer *kb = &L->bufs.data[buf];

	if (!kb->init)
		fill_init(L, buf, init, t);
	kb = &L->bufs.data[buf];
	for (size_t i = 0; i < kb->ninit; i++)
		store_init(L, d, buf, i, frontend_new_const(L->a, kb->init[i], cloc(L, d)));
	kb = &L->bufs.data[buf];
	kb->init = NULL;
	kb->ninit = 0;
}

/* Buffer buf's constant elements: the bytes of string literal lit (clang's value of its
 * conversion to a pointer, decay: libclang evaluates no array) and
 * the terminating 0. 0 after an error: a literal of wider characters, or one holding a
 * 0 of its own (clang gives its value up to the first 0). */
static int string_bytes(Lower *L, CXCursor decay, CXCursor lit, int buf)
{
	CXEvalResult r = clang_Cursor_Evaluate(decay);
	KirBuffer *kb = &L->bufs.data[buf];
	const char *s = r && clang_EvalResult_getKind(r) == CXEval_StrLiteral ? clang_EvalResult_getAsStr(r) : NULL;
	size_t n = (size_t)kb->count;
	int ok = s && frontend_dtype_bytes(kb->elem) == 1 && strlen(s) + 1 == n;

	if (ok) {
		kb->init = ARENA_ARRAY(L->a, KirConst, n);
		kb->ninit = n;
		for (size_t i = 0; i < n; i++)
			kb->init[i] = frontend_const_convert((KirConst){KT_I32, (signed char)s[i], 0}, kb->elem);
	} else {
		error_at(L, lit, "only a string literal of chars without a 0 of its own can be read through a pointer");
	}
	if (r)
		clang_EvalResult_dispose(r);
	return ok;
}

/* The buffer of a string literal used as an address (`(const uint8_t *)"expand 32-byte k"`
 * read through a pointer, HeCBench chacha20): a constant array of its bytes and the
 * terminating 0, as `__constant__ char s[] = "..."` would be; one per literal in a
 * kernel (a device function inlined twice reads the same one). -1 after an error. */
int string_buffer(Lower *L, CXCursor decay, CXCursor lit)
{
	CXType t = clang_getCursorType(lit);
	SrcLoc l = cloc(L, lit);
	const char *key = arena_printf(L->a, "\"%s:%d:%d %s %s", l.file ? l.file : "", l.line, l.col, type_name(L->a, t),
	                               spell(L->a, lit));
	Bind *b = map_get(L->globals, key);
	int buf;

	if (b)
		return b->buffer;
	if (clang_getCanonicalType(t).kind != CXType_ConstantArray) {
		error_at(L, lit, "a string literal of type '%s' cannot be read through a pointer", type_name(L->a, t));
		return -1;
	}
	buf = new_buffer(L, "str", KSP_CONSTANT, t, l);
	if (!string_bytes(L, decay, lit, buf))
		return -1;
	b = new_bind(L, BK_PTR);
	b->buffer = buf;
	map_put(L->globals, key, b);
	return buf;
}

static void local_array(Lower *L, CXCursor d, CXType t, int shared)
{
	CXCursor init = var_init(d);
	int buf = new_buffer(L, spell(L->a, d), shared ? KSP_SHARED : KSP_LOCAL, t, cloc(L, d));
	Bind *b = new_bind(L, BK_PTR);
	KirBuffer *kb = &L->bufs.data[buf];

	if (has_attr(d, CXCursor_CUDAConstantAttr))
		kb->space = KSP_CONSTANT;
	if (clang_getCanonicalType(t).kind == CXType_IncompleteArray) {
		kb->is_extern = 1;
		kb->count = 0;
		shared_retype(L, d, kb);
	}
	if (!kb->count && !kb->is_extern) {
		/* no binding: a buffer without an element type would reach the address code */
		error_at(L, d, "array of type '%s' is not supported", type_name(L->a, t));
		return;
	}
	b->buffer = buf;
	put_bind(L, dkey(L->a, d), b);
	if (!clang_Cursor_isNull(init) && kb->count && !kb->is_const && kb->space == KSP_LOCAL) {
		/* a mutable array: its initial values are stores at the declaration; an element
		 * the initialiser leaves out is zero (`float a[4][8] = {{0}}`) */
		size_t n = (size_t)kb->count;
		CXCursor *slot = arena_alloc(L->a, n * sizeof *slot);
		for (size_t i = 0; i < n; i++)
			slot[i] = clang_getNullCursor();
		if (clang_getCursorKind(init) != CXCursor_InitListExpr) {
			error_at(L, init, "this initialiser of a local array is not supported (scalars, a braced list per row)");
			return;
		}
		if (!flat_init(L, init, t, 0, slot, n, 1)) {
			/* a list of constants with elided braces or designators: placed by
			 * position (constinit.c), then stored */
			if (init_is_const(init))
				const_stores(L, d, buf, init, t);
			else
				flat_init(L, init, t, 0, slot, n, 0);
			return;
		}
		if (is_record(scalar_elem(t))) {
			struct_elems_init(L, d, buf, scalar_elem(t), slot, n);
			return;
		}
		for (size_t i = 0; i < n && !L->failed; i++) {
			KirExpr *v = clang_Cursor_isNull(slot[i]) ? NULL : lx(L, slot[i]);
			kb = &L->bufs.data[buf];     /* lx may have added a buffer (a global first used here) */
			v = v ? conv(L, v, kb->elem) :
			    frontend_new_const(L->a, frontend_const_convert((KirConst){KT_I32, 0, 0}, kb->elem), cloc(L, d));
			store_init(L, d, buf, i, v);
		}
	} else if (!clang_Cursor_isNull(init) && kb->count) {
		fill_init(L, buf, init, t);
		kb = &L->bufs.data[buf];
		if (!kb->is_const && kb->space == KSP_LOCAL)
			const_stores(L, d, buf, init, t);
	}
}

static void field_var_of(FieldWalk *w, CXCursor field, CXType t, const char *key, const char *name);

/* Whether array field `field` of type ct (scalars, in a struct of the file's code) is
 * held as a local array rather than element by element: some code uses it as an array
 * (field_elems.c scan_field_arrays). The element of a nested array (`m[1]` of `float
 * m[2][3]`) is not the field. */
static int mem_field(Lower *L, CXCursor field, CXType ct)
{
	CXType et = ct;

	while (clang_getCanonicalType(et).kind == CXType_ConstantArray)
		et = clang_getArrayElementType(clang_getCanonicalType(et));
	return !is_record(et) && dt_of(et) != KT_PTR && dt_of(et) != KT_VOID &&
	       clang_equalTypes(clang_getCanonicalType(clang_getCursorType(field)), ct) && is_mem_field(L, field);
}

static void struct_field_var(FieldWalk *w, CXCursor field, const char *key, const char *name)
{
	field_var_of(w, field, clang_getCursorType(field), key, name);
}

/* The variables of field (or field element) `key` of type t: a nested struct's fields,
 * an array's elements (`acc[0]`, ..., up to FIELD_ELEMS_MAX scalars, field_elems.c), a
 * local array for a larger array, or one scalar. */
static void field_var_of(FieldWalk *w, CXCursor field, CXType t, const char *key, const char *name)
{
	Lower *L = w->L;
	CXType ct = clang_getCanonicalType(t);
	Bind *b;
	KirDType dt = dt_of(t);

	if (is_record(t)) {
		walk_fields(w, t, key, name);
		return;
	}
	if (is_record_ref(t)) {      /* bound by the constructor (refmember.c) */
		put_bind(L, key, ref_member_new(L));
		return;
	}
	if (ct.kind == CXType_ConstantArray && array_elems(ct, NULL, NULL) > 0 &&
	    array_elems(ct, NULL, NULL) <= FIELD_ELEMS_MAX && !mem_field(L, field, ct)) {
		for (long long i = 0; i < clang_getArraySize(ct) && !L->failed; i++)
			field_var_of(w, field, clang_getArrayElementType(ct), arena_printf(L->a, "%s[%lld]", key, i),
			             arena_printf(L->a, "%s[%lld]", name, i));
		return;
	}
	if (ct.kind == CXType_ConstantArray && array_elems(ct, NULL, NULL) > 0) {
		/* a larger array field (`T items[256]`), or one used as an array
		 * (field_elems.c): a local array of its own, as if declared beside the
		 * struct's other fields; `v.items[i]` and `v.items + k` address it. A copy
		 * of the whole struct copies a small one element by element (struct.c
		 * held_elem_copy) and is refused for a larger one (struct_copy) */
		b = new_bind(L, BK_PTR);
		b->buffer = new_buffer(L, name, KSP_LOCAL, t, in_system(field) ? *(SrcLoc *)w->data : cloc(L, field));
		put_bind(L, key, b);
		return;
	}
	if (dt == KT_PTR && clang_getCanonicalType(clang_getPointeeType(ct)).kind != CXType_FunctionProto) {
		/* a pointer field: a moving pointer (as moving_ptr), its offset in a variable and
		 * its buffer fixed by the first address assigned (expr.c ptr_set) */
		b = new_bind(L, BK_PTR);
		b->buffer = -1;
		b->offvar = new_var(L, arena_printf(L->a, "%s.off", name), KT_I64, KVK_OFFSET,
		                    in_system(field) ? *(SrcLoc *)w->data : cloc(L, field));
		emit_pending(L, decl_stmt(L, b->offvar, frontend_new_int(L->a, KT_I64, 0, L->vars.data[b->offvar].loc),
		                          L->vars.data[b->offvar].loc));
		put_bind(L, key, b);
		return;
	}
	if (dt == KT_VOID || dt == KT_PTR) {
		error_at(L, field, "struct field '%s' of type '%s' is not supported in a local struct", name, type_name(L->a, t));
		return;
	}
	b = new_bind(L, BK_VAR);
	/* a field declared in a CUDA header (float2's x) is located at the variable, so
	 * the bundled header and a toolkit's give one IR */
	b->idx = new_var(L, name, dt, KVK_LOCAL, in_system(field) ? *(SrcLoc *)w->data : cloc(L, field));
	emit_pending(L, decl_stmt(L, b->idx, NULL, L->vars.data[b->idx].loc));
	put_bind(L, key, b);
}

static void local_struct(Lower *L, CXCursor d, CXType t)
{
	SrcLoc dl = cloc(L, d);
	FieldWalk w = {L, NULL, NULL, struct_field_var, &dl, L->fr};
	CXCursor init = var_init(d), x = init;
	const char *src = NULL;

	while (!clang_Cursor_isNull(x) && (clang_getCursorKind(x) == CXCursor_UnexposedExpr ||
	                                   clang_getCursorKind(x) == CXCursor_ParenExpr) && nkids(x) == 1)
		x = kid(x, 0);
	if (!clang_Cursor_isNull(x) && clang_getCursorKind(x) == CXCursor_CallExpr &&
	    clang_getCursorKind(clang_getCursorReferenced(x)) == CXCursor_Constructor && nkids(x) == 0 &&
	    !is_user_ctor(clang_getCursorReferenced(x)))
		init = clang_getNullCursor();     /* default construction */
	if (!clang_Cursor_isNull(x) && clang_getCursorKind(x) == CXCursor_InitListExpr) {
		walk_fields(&w, t, dkey(L->a, d), spell(L->a, d));
		list_into(L, x, t, dkey(L->a, d));
		return;
	}
	if (!clang_Cursor_isNull(init)) {
		src = struct_src(L, init);        /* before the fields exist: `S s = f(s0)` */
		if (!src)
			return;
	}
	walk_fields(&w, t, dkey(L->a, d), spell(L->a, d));
	if (src)
		struct_copy(L, d, t, dkey(L->a, d), NULL, src);
	else
		struct_defaults(L, t, dkey(L->a, d));
}

/* A pointer variable that is assigned or incremented somewhere, or that may be null: its
 * offset lives in an i64 KVK_OFFSET variable that assignments change; the buffer is fixed
 * by the initialiser or the first assignment lowered; a null flag (ptrresult.c) beside. */
static void moving_ptr(Lower *L, CXCursor d, const char *key, CXCursor init)
{
	Bind *b = new_bind(L, BK_PTR);
	KirExpr *off = frontend_new_int(L->a, KT_I64, 0, cloc(L, d)), *isnull = NULL;
	int may_null = ptr_may_be_null(L, d, init);

	b->buffer = -1;
	if (!clang_Cursor_isNull(init) && !may_null)
		choice_candidates(L, d, b);     /* `float *r = a, *w = b;` later swapped */
	if (choosing(b)) {
		/* choosing between buffers (ptrchoice.c): the initialiser is its first
		 * assignment */
		Addr a = laddr_load(L, init);
		b->offvar = new_var(L, arena_printf(L->a, "%s.off", spell(L->a, d)), KT_I64, KVK_OFFSET, cloc(L, d));
		emit_pending(L, decl_stmt(L, b->offvar, off, cloc(L, d)));
		if (a.buffer >= 0)
			emit_pending(L, expr_stmt(L, choice_assign(L, init, b, a, assign_var(L, b->offvar,
			    a.off ? conv(L, a.off, KT_I64) : frontend_new_int(L->a, KT_I64, 0, cloc(L, d)), cloc(L, d)))));
		put_bind(L, key, b);
		return;
	}
	if (!clang_Cursor_isNull(init) && !(may_null && is_null_ptr(init))) {
		Addr a = may_null ? laddr_null(L, init) : laddr(L, init);
		if (a.buffer < 0)
			return;
		b->buffer = a.buffer;
		b->view = a.view;
		b->per = a.per;
		isnull = a.isnull ? a.isnull : frontend_new_int(L->a, KT_I1, 0, cloc(L, d));
		if (a.off)
			off = conv(L, a.off, KT_I64);
		if (may_null)      /* `c ? A : nullptr`: c may prove it not null (ptrnull.c) */
			ptr_null_note(L, d, init, b, &a);
	} else if (!may_null)
		choice_candidates(L, d, b);
	if (may_null) {      /* a pointer that may be null: its flag (ptrresult.c), null until set */
		b->nullvar = new_var(L, arena_printf(L->a, "%s.null", spell(L->a, d)), KT_I1, KVK_LOCAL, cloc(L, d));
		emit_pending(L, decl_stmt(L, b->nullvar, isnull ? isnull : frontend_new_int(L->a, KT_I1, 1, cloc(L, d)), cloc(L, d)));
	}
	b->offvar = new_var(L, arena_printf(L->a, "%s.off", spell(L->a, d)), KT_I64, KVK_OFFSET, cloc(L, d));
	emit_pending(L, decl_stmt(L, b->offvar, off, cloc(L, d)));
	put_bind(L, key, b);
}

void local_var(Lower *L, CXCursor d)
{
	CXType t = clang_getCursorType(d);
	enum CXTypeKind tk = clang_getCanonicalType(t).kind;
	CXCursor init = var_init(d);
	const char *key = dkey(L->a, d);
	int shared = has_attr(d, CXCursor_CUDASharedAttr);
	Bind *b;
	KirDType dt;

	if (clang_getCursorKind(d) != CXCursor_VarDecl)
		return;
	if (tk == CXType_ConstantArray || tk == CXType_IncompleteArray) {
		local_array(L, d, t, shared);
		return;
	}
	if (shared && (cub_storage_type(L, t) || cub_storage_record(L, t)))
		return;    /* a cub collective's TempStorage, or a union of them: its calls make their own (cub.c) */
	if (shared && tk == CXType_Pointer) {
		shared_ptr(L, d, key);     /* its offset in shared memory: sharedvar.c */
		return;
	}
	if (shared && tk == CXType_Record && half_dtype(t) == KT_VOID && mem_elem(t) == KT_VOID) {
		shared_struct(L, d, t, key);     /* no slot layout: a buffer per field (sharedvar.c) */
		return;
	}
	if (shared || has_attr(d, CXCursor_CUDAConstantAttr)) {
		Bind *g = global_var(L, d);
		if (g)
			put_bind(L, key, g);
		return;
	}
	if (is_cg_group(t) || is_lambda_type(t)) {
		if (is_cg_type(t, "grid_group"))
			error_at(L, d, "grid-wide cooperative synchronisation cannot be translated (grid_group)");
		put_bind(L, key, new_bind(L, BK_CG));
		return;
	}
	if (tk == CXType_LValueReference) {
		KirLval lv;
		KirDType lt;
		int ok;
		if (!clang_Cursor_isNull(init) && param_elem_ref(L, d, init, key))
			return;
		if (clang_Cursor_isNull(init))
			return;
		if (is_bits_lvalue(L, init)) {     /* part of a variable's bits: bitview.c */
			if ((b = bits_ref(L, init)))
				put_bind(L, key, b);
			return;
		}
		if ((b = ref_lval(L, t, init, &lv, &lt, &ok))) {   /* a narrow view: narrow_store.c */
			b->off = fix_offset(L, b->off, spell(L->a, d), cloc(L, d), cloc(L, d), &b->offvar);
			put_bind(L, key, b);
			return;
		}
		if (!ok)
			return;
		b = new_bind(L, lv.var >= 0 ? BK_VAR : BK_MEM);
		b->idx = lv.var;
		b->buffer = lv.buffer;
		b->off = lv.var < 0 ? fix_offset(L, lv.index, spell(L->a, d), cloc(L, d), cloc(L, d), NULL) : lv.index;
		put_bind(L, key, b);
		return;
	}
	if (tk == CXType_Pointer) {
		Addr a;
		if (clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(t))).kind == CXType_FunctionProto) {
			error_at(L, d, "function pointers cannot be translated");
			return;
		}
		if (map_has(L->cx->devassigned, key) || (!clang_Cursor_isNull(init) && ptr_may_be_null(L, d, init))) {
			moving_ptr(L, d, key, init);
			return;
		}
		if (clang_Cursor_isNull(init)) {
			error_at(L, d, "a pointer variable must be initialised at its declaration");
			return;
		}
		if (bits_pointer(L, d, init) ||   /* `(half2 *)&v.x`: bitview.c */
		    local_struct_pointer(L, d, init))   /* `S *q = &v.inner`: call.c */
			return;
		if ((b = choice_init(L, d, init))) {    /* `c ? A : B` (ptrchoice.c) */
			if (b->buffer >= 0)
				put_bind(L, key, b);
			return;
		}
		a = laddr_load(L, init);
		if (a.choice && a.buffer >= 0) {   /* through a choosing pointer (ptrchoice.c) */
			if (a.view == KT_VOID && !a.per)
				put_bind(L, key, choice_derived(L, d, a));
			else
				error_at(L, init, "a pointer into buffers another pointer chooses between must not reinterpret their elements");
			return;
		}
		b = new_bind(L, BK_PTR);
		b->buffer = a.buffer;
		b->view = a.view;
		b->per = a.per;
		b->row = a.row;     /* the pointer does not move */
		/* the offset is computed here: a later change of its operands must not move
		 * the pointer, so it is substituted only when stable */
		b->off = fix_offset(L, a.off, spell(L->a, d), cloc(L, d), cloc(L, d), &b->offvar);
		put_bind(L, key, b);
		return;
	}
	if (tk == CXType_Record && half_dtype(t) == KT_VOID) {
		local_struct(L, d, t);
		return;
	}
	dt = dt_of(t);
	if (dt == KT_VOID) {
		error_at(L, d, "variable of type '%s' is not supported", type_name(L->a, t));
		return;
	}
	{
		KirConst kc;
		KirExpr *e;
		if (!clang_Cursor_isNull(init) && clang_isConstQualifiedType(t) && eval_const(init, dt, &kc)) {
			/* `constexpr int c = cube(2)`: clang's value, nothing to lower */
			b = new_bind(L, BK_CONST);
			b->c = kc;
			put_bind(L, key, b);
			return;
		}
		e = clang_Cursor_isNull(init) ? NULL : conv(L, lx(L, init), dt);
		if (e && e->kind == KE_CONST && clang_isConstQualifiedType(t)) {
			b = new_bind(L, BK_CONST);
			b->c = e->u.c;
			put_bind(L, key, b);
			return;
		}
		b = new_bind(L, BK_VAR);
		b->idx = new_var(L, spell(L->a, d), dt, KVK_LOCAL, cloc(L, d));
		note_stable(L, b->idx, key, e);
		put_bind(L, key, b);
		emit_pending(L, decl_stmt(L, b->idx, e, cloc(L, d)));
	}
}
