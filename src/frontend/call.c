/* call.c: calls. A device function is inlined (a new Frame; parameters bound by value,
 * by reference or as pointers, a reference to a pointer variable as that variable, a
 * reference to a struct in memory as that memory; its returns become a labelled block
 * and a result variable, or a pointer bind when the result is an address: ptrresult.c);
 * member functions bind `this`; cooperative groups methods are builtins; lcall
 * dispatches between these, builtin.c, and the refusals (recursion, function pointers,
 * dynamic parallelism). */
#include "parse.h"

static int uses_label(const KirStmt *s, int label)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case KS_EXIT: return s->u.label == label;
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			if (uses_label(s->u.block.stmts[i], label))
				return 1;
		return 0;
	case KS_IF: return uses_label(s->u.if_.then, label) || uses_label(s->u.if_.els, label);
	case KS_FOR: return uses_label(s->u.for_.body, label);
	case KS_WHILE: case KS_DO: return uses_label(s->u.loop.body, label);
	default: return 0;
	}
}

static void bind_params(Lower *L, CXCursor fn, CXCursor call, Frame *f);
static void ctor_members(Lower *L, CXCursor fn);

/* fn is a method whose result is an lvalue reference to its own class (`C &operator=(float)`,
 * `C &operator+=(C)`): the object itself, returned as `return *this;` (lreturn checks it). The
 * call is lowered for its effects; its value, if the caller uses it, is not formed. */
static int self_ref_method(CXCursor fn, CXType rt)
{
	CXType pt;

	if (clang_getCursorKind(fn) != CXCursor_CXXMethod || clang_CXXMethod_isStatic(fn) || rt.kind != CXType_LValueReference)
		return 0;
	pt = clang_getCanonicalType(clang_getPointeeType(rt));
	return is_record(pt) && clang_equalTypes(pt, clang_getCanonicalType(clang_getCursorType(clang_getCursorSemanticParent(fn))));
}
static KirExpr *linline(Lower *L, CXCursor c, CXCursor fn)
{
	const char *key = dkey(L->a, fn), *name = spell(L->a, fn);
	CXType rt = clang_getResultType(clang_getCursorType(fn));
	KirDType t = dt_of(rt);
	Frame *f = ARENA_NEW(L->a, Frame);
	CXCursor body = clang_getNullCursor();
	CursorVec v = kids(fn);
	KirStmt *blk;
	int save_brk = L->brk, save_loop = L->in_loop;

	for (Frame *u = L->fr; u; u = u->up)
		if (u->key && !strcmp(u->key, key)) {
			VEC_FREE(v);
			error_at(L, c, "recursive call to '%s' cannot be inlined", name);
			diag_note(loc_of(L->a, clang_getCursorLocation(fn)), "'%s' is defined here", name);
			return NULL;
		}
	for (size_t i = 0; i < v.len; i++)
		if (clang_getCursorKind(v.data[i]) == CXCursor_CompoundStmt)
			body = v.data[i];
	VEC_FREE(v);
	if (clang_Cursor_isNull(body)) {
		error_at(L, c, "'%s' has no definition to inline", name);
		return NULL;
	}
	f->self_ref = self_ref_method(fn, rt);
	if (f->self_ref)
		t = KT_VOID;
	else if (t == KT_PTR && !(f->pret = ptr_result_begin(L, c, fn, name))) {
		error_at(L, c, "'%s' returns a %s; only scalar and struct results can be translated", name, type_name(L->a, rt));
		return NULL;
	}
	if (!f->self_ref && t == KT_VOID && clang_getCanonicalType(rt).kind != CXType_Void && !is_record(rt)) {
		error_at(L, c, "'%s' returns a %s; only scalar and struct results can be translated", name, type_name(L->a, rt));
		return NULL;
	}
	f->binds = map_create();
	f->fn = name;
	f->key = key;
	f->this_key = L->next_this;
	L->next_this = NULL;
	f->label = ++L->nlabels;
	f->result = t == KT_VOID || f->pret ? -1 : new_var(L, arena_printf(L->a, "%s.ret", name), t, KVK_RESULT, cloc(L, c));
	if (f->result >= 0)
		emit_pending(L, decl_stmt(L, f->result, NULL, cloc(L, c)));
	if (is_record(rt) && !(f->rkey = struct_vars(L, rt, arena_printf(L->a, "%s.ret", name), KVK_RESULT, cloc(L, c))))
		return NULL;
	f->up = L->fr;
	bind_params(L, fn, c, f);   /* argument declarations go before the block, in the caller */
	L->fr = f;
	L->brk = 0;
	L->in_loop = 0;
	if (clang_getCursorKind(fn) == CXCursor_Constructor)
		ctor_members(L, fn);
	blk = lsub(L, body);
	L->fr = f->up;
	L->brk = save_brk;
	L->in_loop = save_loop;
	if (blk->kind != KS_BLOCK) {
		StmtVec one = {0};
		VEC_PUSH(one, blk);
		blk = block_of(L, &one, blk->loc);
	}
	if (blk->u.block.nstmts && blk->u.block.stmts[blk->u.block.nstmts - 1]->kind == KS_EXIT)
		blk->u.block.nstmts--;
	blk->u.block.label = uses_label(blk, f->label) ? f->label : 0;
	blk->u.block.inlined = name;
	blk->loc = cloc(L, c);
	emit_pending(L, blk);
	map_destroy(f->binds);
	L->last_rkey = f->rkey;
	return f->result >= 0 ? var_ref(L, f->result, cloc(L, c)) : NULL;
}

int has_launch_config(CXCursor c)
{
	CursorVec v = kids(c);
	int r = 0;

	for (size_t i = 0; i < v.len; i++)
		if (clang_getCursorKind(v.data[i]) == CXCursor_CallExpr) {
			CXString s = clang_getCursorSpelling(clang_getCursorReferenced(v.data[i]));
			const char *n = clang_getCString(s);
			r |= !strcmp(n, "__cudaPushCallConfiguration") || !strcmp(n, "cudaConfigureCall") ||
			     !strcmp(n, "cudaLaunchDevice");
			clang_disposeString(s);
		}
	VEC_FREE(v);
	return r;
}

/* The object of a member function call (`s.f(x)`, `op(x)`) as a struct bind prefix,
 * kept for the inlined body's `this`. 0 when it cannot be found (reported). */
static int method_object(Lower *L, CXCursor c, CXCursor fn)
{
	CXCursor obj = clang_getNullCursor();

	if (clang_Cursor_getNumArguments(c) == clang_Cursor_getNumArguments(fn) + 1)
		obj = clang_Cursor_getArgument(c, 0);                /* an operator call */
	else if (nkids(c) && clang_getCursorKind(kid(c, 0)) == CXCursor_MemberRefExpr)
		obj = member_base(kid(c, 0));
	if (clang_Cursor_isNull(obj) || clang_getCursorKind(obj) == CXCursor_CXXThisExpr) {
		L->next_this = L->fr->this_key;                      /* a call of another method */
		return 1;
	}
	if (clang_getCanonicalType(clang_getCursorType(obj)).kind == CXType_Pointer &&
	    is_record(clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(obj)))) &&
	    (L->next_this = var_struct_key(L, strip(obj), clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(obj))))))
		return 1;                        /* `p->f(x)`, p a pointer to a struct held in variables */
	if (!is_record(clang_getCursorType(obj))) {
		error_at(L, c, "a member function call on this object cannot be translated");
		return 0;
	}
	L->next_this = struct_src(L, obj);
	return L->next_this != NULL;
}

/* ---- constructors ----
 * A constructor's members are set in declaration order (C++ [class.base.init]): from
 * the constructor's written initialiser, else from the member's default initialiser,
 * else left unset; then its body runs with `this` bound to the new object. */

static CXCursor written_init(CXCursor fn, CXCursor field, int *bad)
{
	CursorVec v = kids(fn);
	CXCursor x = clang_getNullCursor();

	for (size_t i = 0; i + 1 < v.len; i++) {
		enum CXCursorKind k = clang_getCursorKind(v.data[i]);
		if (k == CXCursor_TypeRef && clang_isExpression(clang_getCursorKind(v.data[i + 1])))
			*bad = 1;                      /* a base class or delegated constructor */
		if (k == CXCursor_MemberRef && clang_equalCursors(clang_getCursorReferenced(v.data[i]), field))
			x = v.data[i + 1];
	}
	VEC_FREE(v);
	return x;
}

static void member_init(Lower *L, CXCursor field, CXCursor x)
{
	CXType ft = clang_getCursorType(field);
	const char *key = arena_printf(L->a, "%s.%s", L->fr->this_key, spell(L->a, field));
	Bind *b;

	if (is_record_ref(ft)) {
		ref_member_init(L, field, x);
		return;
	}
	if (is_record(ft)) {
		const char *src = struct_src(L, x);
		if (src)
			struct_copy(L, x, ft, key, NULL, src);
		return;
	}
	b = key_bind(L, NULL, key);
	if (!b || b->kind != BK_VAR) {
		error_at(L, x, "member '%s' of type '%s' cannot be initialised in a kernel", spell(L->a, field),
		         type_name(L->a, ft));
		return;
	}
	emit_pending(L, expr_stmt(L, assign_var(L, b->idx, lx(L, x), cloc(L, x))));
}

static enum CXVisitorResult field_of(CXCursor f, CXClientData d)
{
	VEC_PUSH(*(CursorVec *)d, f);
	return CXVisit_Continue;
}

static enum CXChildVisitResult user_ctor_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if (is_user_ctor(c))
		*(int *)d = 1;
	return CXChildVisit_Continue;
}

/* Whether the base classes of record type t (its base, the base's base, ...) have a
 * constructor written by the user, which a derived constructor would run first. */
static int base_has_ctor(CXType t)
{
	CXCursor b;
	int found = 0;

	while (!found && record_base(NULL, t, &b) == 0 && !clang_Cursor_isNull(b)) {
		t = clang_getCanonicalType(clang_getCursorType(b));
		clang_visitChildren(clang_getTypeDeclaration(t), user_ctor_visit, &found);
	}
	return found;
}

/* The member initialisers of constructor fn, in the new frame (this_key set); a base
 * class's members (struct.c visit_fields) first, from their default initialisers. */
static void ctor_members(Lower *L, CXCursor fn)
{
	CursorVec fields = {0};
	CXType t = clang_getCursorType(clang_getCursorSemanticParent(fn));
	int bad = base_has_ctor(t);

	visit_fields(L, t, field_of, &fields);
	for (size_t i = 0; i < fields.len && !L->failed; i++) {
		CXCursor x = written_init(fn, fields.data[i], &bad);
		if (clang_Cursor_isNull(x))
			x = field_default(fields.data[i]);   /* `float s = 0;` in the class */
		if (!clang_Cursor_isNull(x))
			member_init(L, fields.data[i], x);
	}
	if (bad && !L->failed)
		error_at(L, fn, "a constructor that calls a base class's or another constructor cannot be translated");
	VEC_FREE(fields);
}

/* A constructor with a definition the user wrote (not a copy or move, not implicit). */
int is_user_ctor(CXCursor fn)
{
	CXCursor def = clang_getCursorDefinition(fn);

	return clang_getCursorKind(fn) == CXCursor_Constructor && !clang_CXXConstructor_isCopyConstructor(fn) &&
	       !clang_CXXConstructor_isMoveConstructor(fn) && !clang_Cursor_isNull(def) && !clang_CXXMethod_isDefaulted(def) &&
	       !clang_Cursor_isNull(body_of(def));
}

/* The object a user constructor call c builds (`P(x, y)`, `P p(x, y)`, `P{x, y}`): new
 * variables for its fields, set by the inlined constructor. Its struct key, or NULL. */
const char *lctor(Lower *L, CXCursor c)
{
	CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(c));
	CXType t = clang_getCursorType(c);
	const char *key = struct_vars(L, t, spell(L->a, clang_getCursorReferenced(c)), KVK_TEMP, cloc(L, c));

	if (!key)
		return NULL;
	L->next_this = key;
	inline_def(L, c, def);
	return L->failed ? NULL : key;
}

/* A library call without arguments whose value clang evaluates, such as
 * `std::numeric_limits<float>::max()` (a constexpr function): that constant, before
 * the builtins are asked (whose `max` takes two arguments); for a compiler builtin
 * (`builtin`), with its arguments too (`__builtin_nanf("")`). NULL otherwise. */
static KirExpr *library_constant(Lower *L, CXCursor c, int builtin)
{
	KirConst k;
	KirDType t = ctype(c);

	if ((!builtin && clang_Cursor_getNumArguments(c) != 0) || t == KT_VOID || t == KT_PTR || !eval_const(c, t, &k))
		return NULL;
	return frontend_new_const(L->a, k, cloc(L, c));
}

/* A call of a library function that is no builtin: inlined like user code when the
 * header defines it for the device (cuComplex.h's `__host__ __device__` cuCabsf).
 * *handled is 0 when it does not. */
static KirExpr *system_call(Lower *L, CXCursor c, CXCursor def, int *handled)
{
	*handled = !clang_Cursor_isNull(def) && has_attr(def, CXCursor_CUDADeviceAttr);
	return *handled ? inline_def(L, c, def) : NULL;
}

/* Whether fn has a definition in the program's own files: a conversion operator
 * (`operator int() const { ... }`), inlined like any method, or a `__` name. */
static int user_definition(CXCursor fn)
{
	CXCursor def = clang_getCursorDefinition(fn);

	return !clang_Cursor_isNull(def) && !in_system(def);
}

KirExpr *lcall(Lower *L, CXCursor c)
{
	CXCursor fn = clang_getCursorReferenced(c);
	enum CXCursorKind fk = clang_getCursorKind(fn);
	const char *n;
	int handled;
	KirExpr *e;
	CXCursor def;
	CXType cgt;

	if (has_launch_config(c)) {
		error_at(L, c, "dynamic parallelism (a kernel launch in device code) cannot be translated");
		return poison(L, c);
	}
	if (is_std_cast(c))                  /* std::move(x), std::forward<T>(x): x */
		return lx(L, clang_Cursor_getArgument(c, 0));
	if (clang_Cursor_isNull(fn) || (fk != CXCursor_FunctionDecl && fk != CXCursor_CXXMethod &&
	                                fk != CXCursor_Constructor && fk != CXCursor_ConversionFunction)) {
		if (fk == CXCursor_VarDecl || fk == CXCursor_ParmDecl || clang_Cursor_isNull(fn))
			error_at(L, c, "calls through function pointers cannot be translated");
		else
			error_at(L, c, "unsupported call");
		return poison(L, c);
	}
	n = spell(L->a, fn);
	if (has_attr(fn, CXCursor_CUDAGlobalAttr)) {
		error_at(L, c, "dynamic parallelism (a kernel launch in device code) cannot be translated");
		return poison(L, c);
	}
	if (fk == CXCursor_CXXMethod && clang_CXXMethod_isVirtual(fn)) {
		error_at(L, c, "virtual calls cannot be translated ('%s')", n);
		return poison(L, c);
	}
	if ((e = lhalf_call(L, c, fn, n, &handled)) || handled)
		return e;
	if (fk == CXCursor_CXXMethod && cg_object_type(c, &cgt))
		return lcg_method(L, c, n, cgt);
	if (fk == CXCursor_CXXMethod && cub_object_type(L, c, &cgt))
		return lcub_method(L, c, n, cgt);
	if (fk == CXCursor_FunctionDecl && ((e = lcg_function(L, c, fn, n, &handled)) || handled))
		return e;
	if (fk == CXCursor_CXXMethod && !strcmp(spell(L->a, fn), "operator=") && clang_Cursor_getNumArguments(c) == 2 &&
	    is_record(clang_getCursorType(clang_Cursor_getArgument(c, 0))) &&
	    is_record(clang_getCursorType(clang_Cursor_getArgument(c, 1)))) {
		/* struct assignment: field by field, the source evaluated first; through
		 * pointers that reinterpret other elements, their bytes (rawcopy.c) */
		CXCursor d = clang_Cursor_getArgument(c, 0);
		const char *src, *dst;
		if (raw_struct_copy(L, c, d, clang_Cursor_getArgument(c, 1)))
			return L->failed ? poison(L, c) : NULL;
		src = struct_src(L, clang_Cursor_getArgument(c, 1));
		if (src && is_mem_lvalue(L, d)) {
			struct_store(L, c, d, clang_getCursorType(d), src);
			return L->failed ? poison(L, c) : NULL;
		}
		dst = src ? struct_src(L, d) : NULL;
		if (dst)
			struct_copy(L, c, clang_getCursorType(d), dst, NULL, src);
		return L->failed ? poison(L, c) : NULL;
	}
	if (fk == CXCursor_CXXMethod && is_lambda_type(clang_getCursorType(clang_getCursorSemanticParent(fn))))
		return llambda_call(L, c, fn);
	if (fk == CXCursor_ConversionFunction && user_definition(fn)) {     /* `(int)d`: d.operator int() */
		if (!method_object(L, c, fn))
			return poison(L, c);
		return inline_def(L, c, clang_getCursorDefinition(fn));
	}
	if (fk == CXCursor_CXXMethod && !clang_CXXMethod_isStatic(fn) && !method_object(L, c, fn))
		return poison(L, c);
	if (is_user_ctor(fn)) {              /* a temporary whose value is not used */
		lctor(L, c);
		return L->failed ? poison(L, c) : NULL;
	}
	if (fk == CXCursor_Constructor || fk == CXCursor_ConversionFunction) {
		if (clang_Cursor_getNumArguments(c) == 1)
			return lx(L, clang_Cursor_getArgument(c, 0));
		error_at(L, c, "constructing a '%s' value in a kernel is not supported", type_name(L->a, clang_getCursorType(c)));
		return poison(L, c);
	}
	/* a constant of the headers (`std::numeric_limits<float>::max()`), or a compiler
	 * builtin that clang folds: glibc's INFINITY and NAN are `__builtin_inff()` and
	 * `__builtin_nanf("")`, which no header declares */
	if ((in_system(fn) || !strncmp(n, "__builtin_", 10)) &&
	    (e = library_constant(L, c, !strncmp(n, "__builtin_", 10))))
		return e;
	/* (a `__` name the program defines itself, dpid's `__shfl_down` of a float4, is its
	 * own function: inlined below) */
	if (in_system(fn) || (!strncmp(n, "__", 2) && !user_definition(fn))) {
		e = lbuiltin_call(L, c, n, &handled);
		if (handled)
			return e;
	}
	def = clang_getCursorDefinition(fn);
	if (clang_Cursor_isNull(def))
		def = rdc_c_definition(L->cx, fn);   /* extern "C", declared alike elsewhere */
	if (clang_Cursor_isNull(def) || (in_system(def) && strncmp(n, "make_", 5) && strncmp(n, "__c2h_", 6))) {
		/* (the CUDA headers' make_float2 and the like, and math_api.cuh's helpers,
		 * are inlined like user code) */
		e = lbuiltin_call(L, c, n, &handled);
		if (handled)
			return e;
		if ((e = system_call(L, c, def, &handled)) || handled)
			return e;
		error_at(L, c, "call to '%s', which has no device definition to inline", n);
		return poison(L, c);
	}
	return inline_def(L, c, def);
}

/* The call c inlined from the definition def (a user's device function or one of
 * math_api.cuh's); NULL for a void call. */
KirExpr *inline_def(Lower *L, CXCursor c, CXCursor def)
{
	KirExpr *e = linline(L, c, def);

	return e ? e : L->failed ? poison(L, c) : NULL;
}

/* A struct argument: by value, each variable field of the callee's copy is a new
 * variable set from the caller's (constants, parameters and pointers are shared); by
 * reference, the fields are the caller's. */
static void bind_fields(Lower *L, CXCursor p, CXType t, const char *src, CXCursor a, Frame *f, int byref)
{
	const char *key = dkey(L->a, p);
	StrVec paths = field_paths(L, t);

	for (size_t i = 0; i < paths.len; i++) {
		Bind *b = key_bind(L, NULL, arena_printf(L->a, "%s%s", src, paths.data[i]));
		const char *ap = b ? NULL : held_array_path(L, NULL, src, paths.data[i]);
		if (ap) {
			/* an array field held as a local array (decl.c field_var_of): the
			 * caller's by reference, a copy of it by value, bound once */
			if (map_get(f->binds, arena_printf(L->a, "%s%s", key, ap)))
				continue;
			b = find_bind(L, arena_printf(L->a, "%s%s", src, ap));
			if (!byref) {
				Bind *nb = new_bind(L, BK_PTR);
				*nb = *b;
				nb->buffer = held_array_copy(L, b->buffer, arena_printf(L->a, "%s%s", spell(L->a, p), ap), cloc(L, p));
				b = nb;
			}
			map_put(f->binds, arena_printf(L->a, "%s%s", key, ap), b);
			continue;
		}
		if (!b) {
			error_at(L, a, "struct field '%s' of the argument is unknown", paths.data[i] + 1);
			break;
		}
		if (b->kind == BK_VAR && !byref) {
			Bind *nb = new_bind(L, BK_VAR);
			nb->idx = new_var(L, arena_printf(L->a, "%s%s", spell(L->a, p), paths.data[i]), L->vars.data[b->idx].type,
			                  KVK_ARG, cloc(L, p));
			emit_pending(L, decl_stmt(L, nb->idx, var_ref(L, b->idx, cloc(L, a)), cloc(L, a)));
			b = nb;
		} else if (b->kind == BK_PTR && b->offvar >= 0 && L->vars.data[b->offvar].type == KT_I64 && !byref) {
			/* a moving pointer field (decl.c field_var_of) of a struct passed by value:
			 * the callee's copy, its own offset from the caller's */
			Bind *nb = new_bind(L, BK_PTR);
			*nb = *b;
			nb->offvar = new_var(L, arena_printf(L->a, "%s%s.off", spell(L->a, p), paths.data[i]), KT_I64, KVK_OFFSET,
			                     cloc(L, p));
			emit_pending(L, decl_stmt(L, nb->offvar, var_ref(L, b->offvar, cloc(L, a)), cloc(L, a)));
			b = nb;
		}
		map_put(f->binds, arena_printf(L->a, "%s%s", key, paths.data[i]), b);
	}
	VEC_FREE(paths);
	paths = ref_paths(L, t);      /* the object's references: the same bindings (refmember.c) */
	for (size_t i = 0; i < paths.len; i++) {
		Bind *b = key_bind(L, NULL, arena_printf(L->a, "%s%s", src, paths.data[i]));
		if (b)
			map_put(f->binds, arena_printf(L->a, "%s%s", key, paths.data[i]), b);
	}
	VEC_FREE(paths);
}

/* A local pointer `const S *q = &v.inner;` (or through a cast to S *) to a struct held in
 * variables: its fields are those variables, as for a pointer parameter (bind_struct_ptr);
 * 1 when bound, 0 when init is no such address (nothing lowered). The pointer must not
 * move (a moving one is decl.c's moving_ptr, which needs a buffer). */
int local_struct_pointer(Lower *L, CXCursor d, CXCursor init)
{
	CXType t = clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(d))));
	CXCursor x = strip(init);
	enum CXCursorKind k = clang_getCursorKind(x);
	const char *src;

	if (!is_record(t))
		return 0;
	if ((k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr || k == CXCursor_CXXReinterpretCastExpr ||
	     k == CXCursor_CXXConstCastExpr) && !clang_Cursor_isNull(last_expr(x)) &&
	    clang_equalCursors(clang_getTypeDeclaration(clang_getCanonicalType(clang_getPointeeType(clang_getCursorType(strip(last_expr(x)))))),
	                       clang_getTypeDeclaration(t)))
		x = strip(last_expr(x));            /* `(S *)&v.inner`, v.inner an S already */
	if (clang_getCursorKind(x) != CXCursor_UnaryOperator || clang_getCursorUnaryOperatorKind(x) != CXUnaryOperator_AddrOf)
		return 0;
	x = strip(kid(x, 0));
	if ((clang_getCursorKind(x) != CXCursor_DeclRefExpr && clang_getCursorKind(x) != CXCursor_MemberRefExpr) ||
	    !(src = var_struct_key(L, x, t)))
		return 0;
	bind_fields(L, d, t, src, init, L->fr, 1);
	return 1;
}

/* A reference parameter bound to a struct in memory (`__shared__ S s` with a slot layout,
 * `p[i]`, `*p`, a nested struct of one `p->in`): that memory, a BK_MEM bind at the object's first slot as a __shared__
 * struct variable's is (decl.c global_var), so the callee's stores reach it and its reads
 * see what other threads stored after a barrier in the callee; a copy of the fields into
 * variables would lose both. 0 when the argument is no such struct. */
static int bind_mem_struct_ref(Lower *L, CXCursor p, CXCursor a, Frame *f)
{
	CXCursor x = strip(a);
	Addr ad;
	Bind *b;

	if (!is_mem_lvalue(L, x) || !struct_layout(clang_getCursorType(x), NULL, NULL))
		return 0;      /* (`*this`, `*q` and `a[i]` of structs held in variables are not) */
	ad = laddr(L, x);
	if (L->failed)
		return 1;
	if (ad.buffer < 0 || ad.per || ad.view != KT_VOID || ad.bitw) {
		error_at(L, a, "a reference to this struct in memory cannot be translated (only one in a buffer of its "
		         "own slot type can)");
		return 1;
	}
	b = new_bind(L, BK_MEM);
	b->buffer = ad.buffer;
	b->off = fix_offset(L, ad.off ? ad.off : frontend_new_int(L->a, KT_I32, 0, cloc(L, a)), spell(L->a, p), cloc(L, p),
	                    cloc(L, a), &b->offvar);
	map_put(f->binds, dkey(L->a, p), b);
	return 1;
}

static void bind_struct_arg(Lower *L, CXCursor p, CXCursor a, Frame *f, int byref)
{
	const char *src = struct_src(L, a);

	if (src)
		bind_fields(L, p, clang_getNonReferenceType(clang_getCursorType(p)), src, a, f, byref);
}

/* A pointer to a struct the caller holds in variables, `&r`, `&r.dir`, or such a
 * pointer passed on (`p`, `&p->dir`): bound like a reference, so the callee's `p->x` is
 * the caller's field. 0 when the argument is no such pointer (it is then an address
 * into a buffer), or when the callee moves the pointer. */
static int bind_struct_ptr(Lower *L, CXCursor p, CXCursor a, Frame *f)
{
	CXType t = param_pointee(clang_getNonReferenceType(clang_getCursorType(p)));
	CXCursor x = strip(a);
	const char *src;

	if (!is_record(t) || map_has(L->cx->devassigned, dkey(L->a, p)))
		return 0;
	if (clang_getCursorKind(x) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(x) == CXUnaryOperator_AddrOf)
		x = strip(kid(x, 0));
	else if (clang_getCursorKind(x) != CXCursor_DeclRefExpr)
		return 0;
	if (!(src = var_struct_key(L, x, t)))
		return 0;
	bind_fields(L, p, t, src, a, f, 1);
	if (find_bind(L, src) && find_bind(L, src)->kind == BK_DESC)   /* a descriptor passed on (kernel.c) */
		map_put(f->binds, dkey(L->a, p), find_bind(L, src));
	return 1;
}

/* Reference-to-pointer parameter p (`float *&q`, `const T *&q`) of a call with argument
 * a: the parameter is another name of the caller's pointer, so when a names a pointer
 * variable (or parameter) the callee shares its bind, and an assignment in the callee
 * moves the caller's pointer (stable.c marks a variable passed to a parameter that its
 * callee assigns as changed, so the caller's is a moving pointer: decl.c moving_ptr). 1
 * when bound or refused; 0 when a is no such variable and the callee never assigns p
 * (p is then bound as a pointer passed by value, which is the same while nothing
 * assigns it). */
static int ptr_ref_alias(Lower *L, CXCursor p, CXCursor a, Frame *f)
{
	CXCursor x = strip(a);
	int assigns = map_has(L->cx->devassigned, dkey(L->a, p));
	Bind *b = NULL;

	if (clang_getCursorKind(x) == CXCursor_DeclRefExpr)
		b = lookup(L, clang_getCursorReferenced(x));
	if (b && b->kind == BK_PTR && (!assigns || map_has(L->cx->devassigned, dkey(L->a, clang_getCursorReferenced(x))))) {
		map_put(f->binds, dkey(L->a, p), b);
		return 1;
	}
	if (!assigns)
		return 0;
	error_at(L, a, "'%s' assigns the pointer it takes by reference ('%s'): the argument must be a pointer variable that the kernel may move",
	         spell(L->a, clang_getCursorSemanticParent(p)), spell(L->a, p));
	return 1;
}

/* The pointer variable argument a takes the address of, through parentheses and casts
 * (`(void **)&r`): its DeclRefExpr, else a null cursor. */
CXCursor addr_of_var(CXCursor a)
{
	for (;;) {
		switch (clang_getCursorKind(a)) {
		case CXCursor_ParenExpr: case CXCursor_UnexposedExpr: case CXCursor_CStyleCastExpr:
		case CXCursor_CXXStaticCastExpr: case CXCursor_CXXReinterpretCastExpr:
			a = last_expr(a);
			if (clang_Cursor_isNull(a))
				return a;
			continue;
		case CXCursor_UnaryOperator:
			if (clang_getCursorUnaryOperatorKind(a) != CXUnaryOperator_AddrOf)
				return clang_getNullCursor();
			a = strip(kid(a, 0));
			return clang_getCursorKind(a) == CXCursor_DeclRefExpr &&
			       clang_getCanonicalType(clang_getCursorType(a)).kind == CXType_Pointer ? a : clang_getNullCursor();
		default:
			return clang_getNullCursor();
		}
	}
}

/* The bind of the pointer variable `*p` names when p is a `T **` parameter bound to its
 * address (BK_PTRADDR), else NULL. */
Bind *ptr_addr_target(Lower *L, CXCursor c)
{
	Bind *b;

	c = strip(c);
	if (clang_getCursorKind(c) != CXCursor_UnaryOperator || clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Deref)
		return NULL;
	c = strip(kid(c, 0));
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return NULL;
	b = lookup(L, clang_getCursorReferenced(c));
	return b && b->kind == BK_PTRADDR ? b->target : NULL;
}

/* Pointer-to-pointer parameter p (`T **p`, `void **p`) of a call with argument a =
 * `&r` (through casts) of a pointer variable r that moves (HeCBench seam-carving's
 * pointer_swap): p stands for r's address, so `*p` is r, read (`t = *p`) or assigned
 * (`*p = q`: r = q, decl.c moving_ptr's offset and, for a pointer choosing between
 * buffers, its choice, ptrchoice.c); any other use of p is refused where it stands. 1
 * when bound so; 0 when a is no such address or the callee moves p itself. A cast
 * between pointers to pointers keeps the pointer's value (every object pointer the
 * kernel holds is a buffer and an offset); one into a buffer of another element type
 * is refused where it is assigned. */
static int ptr_addr_alias(Lower *L, CXCursor p, CXCursor a, Frame *f)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(p));
	CXCursor x = addr_of_var(a);
	Bind *b, *r;

	if (t.kind != CXType_Pointer || clang_getCanonicalType(clang_getPointeeType(t)).kind != CXType_Pointer ||
	    clang_Cursor_isNull(x) || map_has(L->cx->devassigned, dkey(L->a, p)))
		return 0;
	r = lookup(L, clang_getCursorReferenced(x));
	if (!r || r->kind != BK_PTR || r->nullvar >= 0 || !((r->offvar >= 0 && L->vars.data[r->offvar].type == KT_I64) ||
	    r->offbuf >= 0))
		return 0;
	b = new_bind(L, BK_PTRADDR);
	b->target = r;
	map_put(f->binds, dkey(L->a, p), b);
	return 1;
}

/* The bind of a const reference parameter's argument when that names a value that never
 * changes (a constant such as a `static constexpr` local, a kernel parameter, an
 * expression bound to a name): the parameter is that value (`clamp(x, lo, hi)` with
 * `const T &lo`). Else NULL: the reference binds the argument's storage. */
static Bind *value_source(Lower *L, CXType t, CXCursor a)
{
	Bind *b;

	a = strip(a);
	if (!clang_isConstQualifiedType(clang_getNonReferenceType(t)) || clang_getCursorKind(a) != CXCursor_DeclRefExpr)
		return NULL;
	b = lookup(L, clang_getCursorReferenced(a));
	return b && (b->kind == BK_CONST || b->kind == BK_PARAM || b->kind == BK_EXPR) ? b : NULL;
}

/* `c ? x : y` whose arms name variables that no statement of the kernel assigns after
 * their declaration: bound to a const reference, the object it names always holds the
 * value the expression has at the call, so the parameter may be that value. */
static int stable_choice(Lower *L, CXCursor a)
{
	a = strip(a);
	if (clang_getCursorKind(a) != CXCursor_ConditionalOperator || nkids(a) != 3)
		return 0;
	for (size_t i = 1; i < 3; i++) {
		CXCursor x = strip(kid(a, i)), v;
		if (clang_getCursorKind(x) != CXCursor_DeclRefExpr)
			return 0;
		v = clang_getCursorReferenced(x);
		if ((clang_getCursorKind(v) != CXCursor_VarDecl && clang_getCursorKind(v) != CXCursor_ParmDecl) ||
		    map_has(L->cx->devassigned, dkey(L->a, v)))
			return 0;
	}
	return 1;
}

/* Whether the argument a, without effects, is an object in __constant__ memory
 * (`c`, `c[i]`, `*p`, `p[i]` with c a __constant__ variable, p a pointer into one), which
 * nothing changes while the kernel runs: a `const T &` bound to it reads the value it
 * holds at the call. */
static int constant_object(Lower *L, CXCursor a)
{
	CXCursor base, d;
	Bind *b;
	enum CXCursorKind k;

	a = strip(a);
	k = clang_getCursorKind(a);
	if (has_effect(a))
		return 0;
	if (k == CXCursor_DeclRefExpr)
		base = a;
	else if (nkids(a) > 0 && (k == CXCursor_ArraySubscriptExpr ||
	         (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(a) == CXUnaryOperator_Deref)))
		base = strip(kid(a, 0));
	else
		return 0;
	if (clang_getCursorKind(base) != CXCursor_DeclRefExpr)
		return 0;
	d = clang_getCursorReferenced(base);
	if (clang_getCursorKind(d) == CXCursor_VarDecl && has_attr(d, CXCursor_CUDAConstantAttr))
		return 1;
	b = lookup(L, d);
	return b && b->kind == BK_PTR && !choosing(b) && b->buffer >= 0 &&
	       L->bufs.data[b->buffer].space == KSP_CONSTANT;
}

/* An argument expression that is a value, not an object (a literal, arithmetic, a cast
 * to a non-reference type, a call returning a value). */
static int is_prvalue(CXCursor a)
{
	enum CXCursorKind k;

	a = strip(a);
	k = clang_getCursorKind(a);
	if (k == CXCursor_IntegerLiteral || k == CXCursor_FloatingLiteral || k == CXCursor_CXXBoolLiteralExpr)
		return 1;
	if (k == CXCursor_BinaryOperator)
		return clang_getCursorBinaryOperatorKind(a) < CXBinaryOperator_Assign;
	if (k == CXCursor_UnaryOperator)
		return clang_getCursorUnaryOperatorKind(a) >= CXUnaryOperator_Plus &&
		       clang_getCursorUnaryOperatorKind(a) <= CXUnaryOperator_LNot;
	if (k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr || k == CXCursor_CXXFunctionalCastExpr ||
	    k == CXCursor_CallExpr)
		return clang_getCanonicalType(clang_getCursorType(a)).kind != CXType_LValueReference &&
		       clang_getCanonicalType(clang_getCursorType(a)).kind != CXType_RValueReference;
	return 0;
}

/* Scalar parameter p of type dt holds argument a's value in a variable of its own. */
static void bind_copy(Lower *L, CXCursor p, CXCursor a, Frame *f, KirDType dt)
{
	const char *key = dkey(L->a, p);
	Bind *b = new_bind(L, BK_VAR);
	KirExpr *v;

	b->idx = new_var(L, spell(L->a, p), dt, KVK_ARG, cloc(L, p));
	v = conv(L, lx(L, a), dt);
	note_stable(L, b->idx, key, v);
	emit_pending(L, decl_stmt(L, b->idx, v, cloc(L, a)));
	map_put(f->binds, key, b);
}

static void bind_params(Lower *L, CXCursor fn, CXCursor call, Frame *f)
{
	int n = clang_Cursor_getNumArguments(fn), skip = 0;

	/* an overloaded operator that is a member (a functor's operator()): the call's
	 * first argument is the object */
	if (clang_getCursorKind(fn) == CXCursor_CXXMethod && clang_Cursor_getNumArguments(call) == n + 1)
		skip = 1;
	if (n + skip != clang_Cursor_getNumArguments(call)) {
		error_at(L, call, "call with default or variadic arguments is not supported");
		return;
	}
	for (int i = 0; i < n; i++) {
		CXCursor p = clang_Cursor_getArgument(fn, (unsigned)i);
		CXCursor a = clang_Cursor_getArgument(call, (unsigned)(i + skip));
		CXType t = clang_getCursorType(p);
		const char *key = dkey(L->a, p);
		Bind *b;

		if (is_cg_group(t) || is_lambda_type(t)) {
			/* a closure (by value, `const Op &` or `Op &&`): its calls inline the
			 * lambda's body where it was written (llambda_call) */
			map_put(f->binds, key, new_bind(L, BK_CG));
		} else if (is_pointer_param(t) || is_ptr_ref(t)) {
			Addr ad;
			if (is_ptr_ref(t) && ptr_ref_alias(L, p, a, f))
				continue;
			if (ptr_addr_alias(L, p, a, f))
				continue;
			if (bind_struct_ptr(L, p, a, f))
				continue;
			if ((is_null_ptr(a) || is_null_bind(L, a)) && !map_has(L->cx->devassigned, key)) {
				/* a literal nullptr, or a pointer bound to one passed on: a pointer
				 * that is null, with no buffer; code under a condition that folds to
				 * false is not lowered (stmt.c lif), so only live uses of it are
				 * refused (addr.c) */
				b = new_bind(L, BK_PTR);
				b->buffer = -1;
				b->isnullptr = 1;
				map_put(f->binds, key, b);
				continue;
			}
			ad = laddr_load(L, a);
			if (ad.choice && ad.buffer >= 0) {
				/* a pointer choosing between buffers (ptrchoice.c): the parameter
				 * chooses between them too, by a copy of the choice */
				if (ad.view == KT_VOID && !ad.per)
					map_put(f->binds, key, choice_derived(L, p, ad));
				else
					error_at(L, a, "a pointer into buffers another pointer chooses between must not reinterpret their elements");
				continue;
			}
			if (ad.var >= 0) {          /* &local: an out-parameter */
				b = new_bind(L, BK_VAR);
				b->idx = ad.var;
				map_put(f->binds, key, b);
				continue;
			}
			b = new_bind(L, BK_PTR);
			b->buffer = ad.buffer;
			b->view = ad.view;
			b->per = ad.per;
			if (map_has(L->cx->devassigned, key)) {      /* the callee moves it */
				b->offvar = new_var(L, arena_printf(L->a, "%s.off", spell(L->a, p)), KT_I64, KVK_OFFSET, cloc(L, p));
				emit_pending(L, decl_stmt(L, b->offvar, ad.off ? conv(L, ad.off, KT_I64) :
				             frontend_new_int(L->a, KT_I64, 0, cloc(L, a)), cloc(L, a)));
			} else {
				b->off = fix_offset(L, ad.off, spell(L->a, p), cloc(L, p), cloc(L, a), &b->offvar);
			}
			map_put(f->binds, key, b);
		} else if (clang_getCanonicalType(t).kind == CXType_LValueReference ||
		           clang_getCanonicalType(t).kind == CXType_RValueReference) {
			/* `T &&` binds a temporary or a moved object: as `T &`, with a temporary
			 * its own variable whether or not it is const */
			int rref = clang_getCanonicalType(t).kind == CXType_RValueReference, ok;
			KirLval lv;
			KirDType lt;
			if (is_record(clang_getNonReferenceType(t))) {
				if (!bind_mem_struct_ref(L, p, a, f))
					bind_struct_arg(L, p, a, f, !clang_isConstQualifiedType(clang_getNonReferenceType(t)));
				continue;
			}
			if ((b = value_source(L, t, a)) != NULL) {
				map_put(f->binds, key, b);
				continue;
			}
			if ((rref || clang_isConstQualifiedType(clang_getNonReferenceType(t))) &&
			    (is_prvalue(a) || (!rref && (stable_choice(L, a) || constant_object(L, a)))) &&
			    dt_of(clang_getNonReferenceType(t)) != KT_VOID) {
				/* `const T &lo` bound to `0.0f`, `x + 1`: a temporary holding the value
				 * (C++ [dcl.init.ref]), read-only for the call */
				bind_copy(L, p, a, f, dt_of(clang_getNonReferenceType(t)));
				continue;
			}
			if (is_bits_lvalue(L, a)) {     /* part of a variable's bits: bitview.c */
				if ((b = bits_ref(L, a)))
					map_put(f->binds, key, b);
				continue;
			}
			if ((b = ref_lval(L, t, a, &lv, &lt, &ok))) {   /* a narrow view: narrow_store.c */
				b->off = fix_offset(L, b->off, spell(L->a, p), cloc(L, p), cloc(L, a), &b->offvar);
				map_put(f->binds, key, b);
				continue;
			}
			if (!ok)
				continue;
			b = new_bind(L, lv.var >= 0 ? BK_VAR : BK_MEM);
			b->idx = lv.var;
			b->buffer = lv.buffer;
			b->off = lv.var < 0 ? fix_offset(L, lv.index, spell(L->a, p), cloc(L, p), cloc(L, a), NULL) : lv.index;
			map_put(f->binds, key, b);
		} else if (is_record(t)) {
			bind_struct_arg(L, p, a, f, 0);
		} else {
			KirDType dt = dt_of(t);
			if (dt == KT_VOID) {
				error_at(L, p, "parameter of type '%s' is not supported", type_name(L->a, t));
				continue;
			}
			bind_copy(L, p, a, f, dt);
		}
	}
}
