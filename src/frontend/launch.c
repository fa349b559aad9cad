/* launch.c: host code read for what the kernels need. Consumes the file's host
 * functions; produces the launch sites (kernel, grid, block, shared bytes, the host
 * variable of each argument; template instances launched) and the cudaMalloc sizes,
 * evaluating host integers where they are constant. */
#include "parse.h"

static int heval(Ctx *cx, CXCursor c, int64_t *out);

static int heval_binary(Ctx *cx, CXCursor c, int64_t *out)
{
	CursorVec v = kids(c);
	int64_t l, r;
	int ok = v.len == 2 && heval(cx, v.data[0], &l) && heval(cx, v.data[1], &r);

	VEC_FREE(v);
	if (!ok)
		return 0;
	switch (clang_getCursorBinaryOperatorKind(c)) {
	case CXBinaryOperator_Add: *out = l + r; return 1;
	case CXBinaryOperator_Sub: *out = l - r; return 1;
	case CXBinaryOperator_Mul: *out = l * r; return 1;
	case CXBinaryOperator_Div: if (!r) return 0; *out = l / r; return 1;
	case CXBinaryOperator_Rem: if (!r) return 0; *out = l % r; return 1;
	case CXBinaryOperator_Shl: *out = l << r; return 1;
	case CXBinaryOperator_Shr: *out = l >> r; return 1;
	default: return 0;
	}
}

/* A host variable or parameter of integer type that --set names: its value, checked as
 * a kernel parameter's is (it fits the type). `--set n=4096` makes `(n + 127) / 128`
 * known where n comes from the command line or a file at run time. The names used are
 * kept, so a --set that names only host variables is not "no such parameter". */
static int heval_set(Ctx *cx, CXCursor c, int64_t *out)
{
	CXCursor d = clang_getCursorReferenced(c);
	enum CXCursorKind k = clang_getCursorKind(d);
	const char *name, *text, *why;
	KirDType t;
	KirConst v;

	if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl)
		return 0;
	name = spell(cx->a, d);
	t = dt_of(clang_getCursorType(d));
	if (!(text = options_get_set(cx->o, name)) || !frontend_dtype_is_int(t) || t == KT_I1)
		return 0;
	if ((why = frontend_flag_value(text, t, &v)) != NULL) {
		frontend_flag_value_error(loc_of(cx->a, clang_getCursorLocation(c)), name, text, t, why);
		return 0;
	}
	if (!cx->host_sets)
		cx->host_sets = map_create();
	map_put(cx->host_sets, name, (void *)1);
	*out = v.i;
	return 1;
}

/* Integer value of a host expression: constants, variables initialised once with an
 * evaluable value (flow-insensitive: a variable assigned elsewhere is unknown), and
 * host variables --set binds. */
static int heval(Ctx *cx, CXCursor c, int64_t *out)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	if (eval_int(c, out))
		return 1;
	switch (k) {
	case CXCursor_ParenExpr: case CXCursor_UnexposedExpr: case CXCursor_CStyleCastExpr:
	case CXCursor_CXXStaticCastExpr: case CXCursor_CXXFunctionalCastExpr: {
		CXCursor x = last_expr(c);
		return !clang_Cursor_isNull(x) && heval(cx, x, out);
	}
	case CXCursor_CallExpr:
		return clang_Cursor_getNumArguments(c) == 1 && clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_Constructor &&
		       heval(cx, clang_Cursor_getArgument(c, 0), out);
	case CXCursor_DeclRefExpr: {
		int64_t *v = map_get(cx->hostenv, dkey(cx->a, clang_getCursorReferenced(c)));
		if (v)
			*out = *v;
		return v != NULL || heval_set(cx, c, out);
	}
	case CXCursor_BinaryOperator:
		return heval_binary(cx, c, out);
	default:
		return 0;
	}
}

/* dim3 value: dim3(x, y, z), an integer, or a dim3 variable. */
static int heval_dim3(Ctx *cx, CXCursor c, int d[3])
{
	int64_t v;
	CXCursor x = c;

	d[0] = d[1] = d[2] = 1;
	while ((clang_getCursorKind(x) == CXCursor_UnexposedExpr || clang_getCursorKind(x) == CXCursor_ParenExpr) && nkids(x) == 1)
		x = kid(x, 0);
	if (clang_getCursorKind(x) == CXCursor_DeclRefExpr) {
		const char *key = dkey(cx->a, clang_getCursorReferenced(x));
		int64_t *dv = map_get(cx->hostenv, arena_printf(cx->a, "%s.dim3", key));
		if (dv) {
			for (int i = 0; i < 3; i++)
				d[i] = (int)dv[i];
			return 1;
		}
	}
	if (clang_getCursorKind(x) == CXCursor_CallExpr && clang_getCursorKind(clang_getCursorReferenced(x)) == CXCursor_Constructor) {
		int n = clang_Cursor_getNumArguments(x);
		if (n == 1 && is_record(clang_getCursorType(clang_Cursor_getArgument(x, 0))))
			return heval_dim3(cx, clang_Cursor_getArgument(x, 0), d);
		for (int i = 0; i < n && i < 3; i++) {
			if (!heval(cx, clang_Cursor_getArgument(x, (unsigned)i), &v) || v <= 0 || v > 0x7fffffff)
				return 0;
			d[i] = (int)v;
		}
		return n >= 1;
	}
	if (heval(cx, x, &v) && v > 0 && v <= 0x7fffffff) {
		d[0] = (int)v;
		return 1;
	}
	return 0;
}

static void host_vardecl(Ctx *cx, CXCursor d)
{
	const char *key = dkey(cx->a, d);
	CXCursor init = clang_getNullCursor();
	CursorVec v = kids(d);
	int64_t val;

	for (size_t i = 0; i < v.len; i++)
		if (clang_isExpression(clang_getCursorKind(v.data[i])))
			init = v.data[i];
	VEC_FREE(v);
	if (clang_Cursor_isNull(init) || map_has(cx->assigned, key))
		return;
	if (is_record(clang_getCursorType(d))) {
		int dim[3];
		if (heval_dim3(cx, init, dim)) {
			int64_t *dv = ARENA_ARRAY(cx->a, int64_t, 3);
			for (int i = 0; i < 3; i++)
				dv[i] = dim[i];
			map_put(cx->hostenv, arena_printf(cx->a, "%s.dim3", key), dv);
		}
	} else if (heval(cx, init, &val)) {
		int64_t *p = ARENA_NEW(cx->a, int64_t);
		*p = val;
		map_put(cx->hostenv, key, p);
	}
}

static const char *host_var_key(Ctx *cx, CXCursor c)
{
	while (clang_getCursorKind(c) == CXCursor_UnexposedExpr || clang_getCursorKind(c) == CXCursor_ParenExpr ||
	       clang_getCursorKind(c) == CXCursor_CStyleCastExpr || clang_getCursorKind(c) == CXCursor_CXXStaticCastExpr ||
	       clang_getCursorKind(c) == CXCursor_CXXReinterpretCastExpr ||
	       (clang_getCursorKind(c) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf)) {
		CXCursor x = last_expr(c);
		if (clang_Cursor_isNull(x))
			return NULL;
		c = x;
	}
	return clang_getCursorKind(c) == CXCursor_DeclRefExpr ? dkey(cx->a, clang_getCursorReferenced(c)) : NULL;
}

/* The type of the i-th parameter of fn's template when that is a non-type parameter
 * (a pack or a count that does not line up: CXType_Invalid). */
static CXType nontype_param(CXCursor fn, int i)
{
	CXCursor t = clang_getSpecializedCursorTemplate(fn);
	CXType none = {CXType_Invalid, {0, 0}};
	int k = 0;

	for (unsigned j = 0, n = clang_Cursor_isNull(t) ? 0 : (unsigned)nkids(t); j < n; j++) {
		CXCursor c = kid(t, j);
		enum CXCursorKind ck = clang_getCursorKind(c);
		if (ck != CXCursor_TemplateTypeParameter && ck != CXCursor_NonTypeTemplateParameter &&
		    ck != CXCursor_TemplateTemplateParameter)
			continue;
		if (k++ == i)
			return ck == CXCursor_NonTypeTemplateParameter && !clang_Cursor_isVariadic(c) ?
			       clang_getCanonicalType(clang_getCursorType(c)) : none;
	}
	return none;
}

/* The name a launch gives its kernel: "k", or "k<3>" for a template instance; a bool
 * argument is `true` or `false`, an unsigned one its unsigned value (the names the
 * host side's demangler gives). */
const char *instance_name(Arena *a, CXCursor fn)
{
	int n = clang_Cursor_getNumTemplateArguments(fn);
	StrBuf b = {0};
	const char *r;

	sb_append(&b, spell(a, fn));
	if (n > 0) {
		sb_putc(&b, '<');
		for (int i = 0; i < n; i++) {
			if (i)
				sb_putc(&b, ',');
			switch (clang_Cursor_getTemplateArgumentKind(fn, (unsigned)i)) {
			case CXTemplateArgumentKind_Integral: {
				CXType pt = nontype_param(fn, i);
				if (pt.kind == CXType_Bool)
					sb_append(&b, clang_Cursor_getTemplateArgumentUnsignedValue(fn, (unsigned)i) ? "true" : "false");
				else if (pt.kind == CXType_UInt || pt.kind == CXType_ULong || pt.kind == CXType_ULongLong ||
				         pt.kind == CXType_UShort || pt.kind == CXType_UChar)
					sb_printf(&b, "%llu", clang_Cursor_getTemplateArgumentUnsignedValue(fn, (unsigned)i));
				else
					sb_printf(&b, "%lld", clang_Cursor_getTemplateArgumentValue(fn, (unsigned)i));
				break;
			}
			case CXTemplateArgumentKind_Type:
				sb_append(&b, type_name(a, clang_Cursor_getTemplateArgumentType(fn, (unsigned)i)));
				break;
			default:
				sb_append(&b, "?");
			}
		}
		sb_putc(&b, '>');
	}
	r = arena_strdup(a, sb_str(&b));
	sb_free(&b);
	return r;
}

/* ---- why a launch value is unknown ----
 * A launch whose grid, block or shared bytes cannot be evaluated names the host variable
 * it follows from and where that variable's value comes from, so the user knows which
 * --set supplies it: "its grid follows from 'n', which is read from argv". */

static enum CXChildVisitResult argv_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	CXCursor r = clang_getCursorReferenced(c);
	CXCursor fn = clang_getCursorSemanticParent(r);
	CXString s;
	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr || clang_getCursorKind(r) != CXCursor_ParmDecl)
		return CXChildVisit_Recurse;
	s = clang_getCursorSpelling(fn);
	if (!strcmp(clang_getCString(s), "main") && clang_getCursorType(r).kind == CXType_Pointer)
		*(int *)d = 1;
	clang_disposeString(s);
	return *(int *)d ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* Whether expression c reads main's argv. */
static int reads_argv(CXCursor c)
{
	int found = 0;
	if (argv_visit(c, c, &found) == CXChildVisit_Recurse)
		clang_visitChildren(c, argv_visit, &found);
	return found;
}

/* Where host variable d's value comes from, as a phrase after "which is". */
static const char *origin(Ctx *cx, CXCursor d)
{
	intptr_t how = (intptr_t)map_get(cx->assigned, dkey(cx->a, d));
	CXCursor init = clang_getNullCursor();
	CursorVec v = kids(d);

	for (size_t i = 0; i < v.len; i++)
		if (clang_isExpression(clang_getCursorKind(v.data[i])))
			init = v.data[i];
	VEC_FREE(v);
	if (how == 2 || (!clang_Cursor_isNull(init) && reads_argv(init)))
		return "read from argv";
	if (clang_getCursorKind(d) == CXCursor_ParmDecl)
		return arena_printf(cx->a, "a parameter of '%s'", spell(cx->a, clang_getCursorSemanticParent(d)));
	if (how)
		return "assigned in host code (only a variable initialised once with a constant is known)";
	if (clang_Cursor_isNull(init))
		return "set at run time (it has no initial value)";
	return "computed at run time";
}

/* The first host variable in expression c whose value is unknown; its phrase in *why. */
static const char *unknown_var(Ctx *cx, CXCursor c, const char **why, int depth)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor d = clang_getCursorReferenced(c);
	const char *key, *r = NULL;

	if (depth > 64)         /* an expression nested deeper is not worth naming */
		return NULL;
	if (k == CXCursor_MemberRefExpr) {
		*why = "a struct member (only variables can be given with --set)";
		return spell(cx->a, c);
	}
	if (k == CXCursor_DeclRefExpr && (clang_getCursorKind(d) == CXCursor_VarDecl ||
	                                  clang_getCursorKind(d) == CXCursor_ParmDecl)) {
		key = dkey(cx->a, d);
		if (clang_getCursorType(d).kind == CXType_Pointer)
			return NULL;              /* argv in atoi(argv[1]): the call is reported */
		if (map_has(cx->hostenv, key) || map_has(cx->hostenv, arena_printf(cx->a, "%s.dim3", key)) ||
		    options_get_set(cx->o, spell(cx->a, d)))
			return NULL;
		if (is_record(clang_getCursorType(d)) && !map_has(cx->assigned, key) &&
		    (r = unknown_var(cx, d, why, depth + 1)) != NULL)
			return r;                  /* dim3 g(n / 128): the variable inside */
		*why = origin(cx, d);
		return spell(cx->a, d);
	}
	CursorVec v = kids(c);
	for (size_t i = 0; i < v.len && !r; i++)
		if (clang_getCursorKind(v.data[i]) != CXCursor_TypeRef)
			r = unknown_var(cx, v.data[i], why, depth + 1);
	VEC_FREE(v);
	if (!r && k == CXCursor_CallExpr && clang_getCursorKind(d) != CXCursor_Constructor) {
		*why = reads_argv(c) ? "read from argv" : "the result of a call";
		r = arena_printf(cx->a, "%s()", spell(cx->a, d));
	}
	return r;
}

/* l->why for a launch whose configuration is unknown; part is the config argument. */
static void launch_why(Ctx *cx, KirLaunch *l, CXCursor cfg)
{
	int n = clang_Cursor_getNumArguments(cfg);
	int part = !l->have_block ? 1 : 0;
	const char *what[] = {"grid", "block", "shared memory size"};
	const char *why = NULL, *var;

	if (n < 2)
		return;
	if (l->have_block) {
		int g[3];
		part = heval_dim3(cx, clang_Cursor_getArgument(cfg, 0), g) ? 2 : 0;
	}
	if (part >= n || !(var = unknown_var(cx, clang_Cursor_getArgument(cfg, (unsigned)part), &why, 0)))
		return;
	l->why = arena_printf(cx->a, "its %s follows from '%s', which is %s", what[part], var, why);
	if (!strchr(var, '.') && !strchr(var, '(') && !strstr(why, "struct member"))
		l->set_var = var;
}

static void host_launch(Ctx *cx, CXCursor c, const char *host_fn)
{
	CursorVec v = kids(c);
	KirLaunch l = {0};
	CXCursor cfg = clang_getNullCursor();
	int64_t shmem = 0;
	int n = clang_Cursor_getNumArguments(c);

	for (size_t i = 0; i < v.len; i++)
		if (clang_getCursorKind(v.data[i]) == CXCursor_CallExpr && clang_Cursor_isNull(cfg))
			cfg = v.data[i];
	VEC_FREE(v);
	l.kernel = instance_name(cx->a, clang_getCursorReferenced(c));
	VEC_PUSH(cx->launch_fns, clang_getCursorReferenced(c));
	l.host_fn = host_fn;
	l.loc = loc_of(cx->a, clang_getCursorLocation(c));
	l.have_block = clang_Cursor_getNumArguments(cfg) >= 2 && heval_dim3(cx, clang_Cursor_getArgument(cfg, 1), l.block);
	l.have_config = l.have_block && heval_dim3(cx, clang_Cursor_getArgument(cfg, 0), l.grid) &&
	                (clang_Cursor_getNumArguments(cfg) < 3 || heval(cx, clang_Cursor_getArgument(cfg, 2), &shmem));
	if (!l.have_block)
		l.block[0] = l.block[1] = l.block[2] = 0;
	l.shmem = shmem;
	if (!l.have_config)
		launch_why(cx, &l, cfg);
	l.nargs = n > 0 ? (size_t)n : 0;
	l.args = ARENA_ARRAY(cx->a, const char *, l.nargs + 1);
	for (int i = 0; i < n; i++)
		l.args[i] = host_var_key(cx, clang_Cursor_getArgument(c, (unsigned)i));
	VEC_PUSH(cx->launches, l);
}

static void host_malloc(Ctx *cx, CXCursor c, const char *host_fn)
{
	KirAlloc al;
	int64_t bytes;
	const char *key;

	if (clang_Cursor_getNumArguments(c) < 2)
		return;
	key = host_var_key(cx, clang_Cursor_getArgument(c, 0));
	if (!key || !heval(cx, clang_Cursor_getArgument(c, 1), &bytes))
		return;
	al.var = key;
	al.host_fn = host_fn;
	al.bytes = bytes;
	al.loc = loc_of(cx->a, clang_getCursorLocation(c));
	VEC_PUSH(cx->allocs, al);
	map_put(cx->allocvars, key, (void *)(intptr_t)cx->allocs.len);
}

typedef struct HostWalk {
	Ctx *cx;
	const char *fn;
	int pass;                /* 0: find assigned variables; 1: evaluate and collect */
} HostWalk;

static enum CXChildVisitResult host_visit(CXCursor c, CXCursor parent, CXClientData d);
static int is_device_only(CXCursor c);

static int is_method(enum CXCursorKind k)
{
	return k == CXCursor_CXXMethod || k == CXCursor_Constructor || k == CXCursor_Destructor ||
	       k == CXCursor_ConversionFunction;
}

/* A kernel template instance the host code names without launching it (`run(k<7>, x)`,
 * `auto *f = &k<7>;`): C++ instantiates it, so it is a kernel of the unit, once. */
static void kernel_instance_ref(Ctx *cx, CXCursor fn)
{
	const char *name = instance_name(cx->a, fn);

	for (size_t i = 0; i < cx->inst_fns.len; i++)
		if (!strcmp(instance_name(cx->a, cx->inst_fns.data[i]), name))
			return;
	VEC_PUSH(cx->inst_fns, fn);
}

/* A call of a host function that the scan of the main file's definitions does not
 * cover, or its name passed on (`bench(run<2>)`): a function template's instance
 * (`run<2>(x)`), a member function of a class template's instance (`m.init()` of a
 * `Map<int>`, also its constructor from `Map<int> m;`), or a function or member
 * function defined in a header of the program (not a system header). Its body holds the
 * launches that the templates show only with dependent arguments, or that sit outside
 * the main file; each is walked once (per instance: the key holds the class). */
static void host_instance(HostWalk *w, CXCursor fn)
{
	CXCursor def;
	const char *name, *key;
	HostWalk sub = *w;
	enum CXCursorKind k = clang_getCursorKind(fn);

	if (k != CXCursor_FunctionDecl && !is_method(k))
		return;
	def = clang_getCursorDefinition(fn);
	if (!clang_Cursor_isNull(def) && !in_system(def) && is_kernel(def) &&
	    !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(fn))) {
		kernel_instance_ref(w->cx, fn);
		return;
	}
	if (clang_Cursor_isNull(def) || in_system(def) || is_kernel(def) || is_device_only(def))
		return;
	if (clang_Cursor_isNull(clang_getSpecializedCursorTemplate(fn)) && in_main_file(def))
		return;   /* top_visit walks it */
	name = instance_name(w->cx->a, fn);
	key = name;
	if (is_method(k))
		key = arena_printf(w->cx->a, "%s::%s",
		                   type_name(w->cx->a, clang_getCursorType(clang_getCursorSemanticParent(def))), name);
	key = arena_printf(w->cx->a, "%s@%s", key, dkey(w->cx->a, def));   /* overloads */
	if (map_has(w->cx->host_insts, key))
		return;
	map_put(w->cx->host_insts, key, (void *)1);
	sub.fn = name;
	clang_visitChildren(def, host_visit, &sub);
}

static enum CXChildVisitResult host_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	HostWalk *w = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	if (w->pass == 0) {
		if (k == CXCursor_CompoundAssignOperator || (k == CXCursor_BinaryOperator &&
		    clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) ||
		    (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) <= CXUnaryOperator_PreDec)) {
			const char *key = host_var_key(w->cx, kid(c, 0));
			intptr_t how = nkids(c) == 2 && reads_argv(kid(c, 1)) ? 2 : 1;
			if (key && (intptr_t)map_get(w->cx->assigned, key) != 2)
				map_put(w->cx->assigned, key, (void *)how);
		}
		return CXChildVisit_Recurse;
	}
	if (k == CXCursor_VarDecl)
		host_vardecl(w->cx, c);
	if (k == CXCursor_CallExpr) {
		CXCursor fn = clang_getCursorReferenced(c);
		CXString s = clang_getCursorSpelling(fn);
		const char *n = clang_getCString(s);
		if (has_launch_config(c))
			host_launch(w->cx, c, w->fn);
		else if (!strcmp(n, "cudaMalloc") || !strcmp(n, "cudaMallocManaged"))
			host_malloc(w->cx, c, w->fn);
		else
			host_instance(w, fn);
		clang_disposeString(s);
	} else if (k == CXCursor_DeclRefExpr && clang_getCursorKind(parent) != CXCursor_CallExpr) {
		host_instance(w, clang_getCursorReferenced(c));
	}
	return CXChildVisit_Recurse;
}

int is_kernel(CXCursor c)
{
	return has_attr(c, CXCursor_CUDAGlobalAttr);
}

static int is_device_only(CXCursor c)
{
	return has_attr(c, CXCursor_CUDADeviceAttr) && !has_attr(c, CXCursor_CUDAHostAttr);
}

static enum CXChildVisitResult top_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	HostWalk *w = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (!in_main_file(c))
		return CXChildVisit_Continue;
	if (k == CXCursor_Namespace || k == CXCursor_ClassDecl || k == CXCursor_StructDecl)
		return CXChildVisit_Recurse;   /* member functions of classes (not templates: their instances are walked from their calls) */
	if ((k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || is_method(k)) && clang_isCursorDefinition(c) &&
	    !is_kernel(c) && !is_device_only(c)) {
		HostWalk sub = *w;
		sub.fn = spell(w->cx->a, c);
		clang_visitChildren(c, host_visit, &sub);
	}
	return CXChildVisit_Continue;
}

void scan_host(Ctx *cx)
{
	HostWalk w = {cx, NULL, 0};
	CXCursor tu = clang_getTranslationUnitCursor(cx->tu);

	clang_visitChildren(tu, top_visit, &w);
	w.pass = 1;
	clang_visitChildren(tu, top_visit, &w);
}
