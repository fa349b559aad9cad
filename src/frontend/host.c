/* host.c: the host function named by --entry, from libclang cursors to the host IR of
 * frontend.h (HostFunc). Consumes the translation unit parse.c built; produces a tree of
 * launches, counted for loops, ifs, pointer assignments and swaps, device-to-device
 * copies, memsets, cudaMalloc and scalar assignments over host variables. Static host
 * functions of the file are inlined (a fresh scope per call). Refused with a located
 * diagnostic: reads of device memory by the host, host-to-device copies, while/do loops,
 * recursion, launches and calls through function pointers, graphs, stream-ordering
 * events, pointer arithmetic on device pointers. */
#include "parse.h"

typedef VEC(HostStmt *) HostStmtVec;

typedef struct Host {
	Arena *a;
	const Options *o;
	VEC(HostVar) vars;
	Map *scope;              /* declaration key -> var index + 1 (this inlined frame) */
	CursorVec stack;            /* functions being inlined (recursion check) */
	int bad;
} Host;

static SrcLoc hloc(Host *h, CXCursor c)
{
	return loc_of(h->a, clang_getCursorLocation(c));
}

static void herr(Host *h, CXCursor c, const char *fmt, const char *arg)
{
	diag_error(hloc(h, c), fmt, arg);
	h->bad = 1;
}

/* clang.c's scalar types less half and the wide characters, which the host IR has
 * never taken (a host variable of such a type is refused). */
static KirDType hdt(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;

	if (k == CXType_Half || k == CXType_Float16 || k == CXType_Char16 || k == CXType_Char32 ||
	    k == CXType_WChar)
		return KT_VOID;
	return dt_of(t);
}

static int is_dim3(CXType t)
{
	CXType c = clang_getCanonicalType(t);
	CXString s;
	int r;
	if (c.kind != CXType_Record)
		return 0;
	s = clang_getTypeSpelling(c);
	r = strstr(clang_getCString(s), "dim3") != NULL;
	clang_disposeString(s);
	return r;
}

/* A new host variable named after `base` (unique), bound to declaration d in scope. */
static int add_var(Host *h, CXCursor d, const char *base, KirDType t, KirDType elem, SrcLoc loc)
{
	HostVar v = {0};
	const char *name = base;
	for (int k = 1;; k++) {
		int clash = 0;
		for (size_t i = 0; i < h->vars.len; i++)
			clash |= !strcmp(h->vars.data[i].name, name);
		if (!clash)
			break;
		name = arena_printf(h->a, "%s.%d", base, k);
	}
	v.name = name;
	v.type = t;
	v.elem = elem;
	v.param = -1;
	v.loc = loc;
	VEC_PUSH(h->vars, v);
	if (!clang_Cursor_isNull(d))
		map_put(h->scope, dkey(h->a, d), (void *)(intptr_t)h->vars.len);
	return (int)h->vars.len - 1;
}

static int var_of(Host *h, CXCursor d, const char *suffix)
{
	const char *k = dkey(h->a, d);
	if (suffix)
		k = arena_printf(h->a, "%s%s", k, suffix);
	return (int)(intptr_t)map_get(h->scope, k) - 1;
}

static CXCursor hstrip(CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		CursorVec v;
		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr &&
		    k != CXCursor_CXXStaticCastExpr && k != CXCursor_CXXReinterpretCastExpr)
			return c;
		v = kids(c);
		if (!v.len) {
			VEC_FREE(v);
			return c;
		}
		c = v.data[v.len - 1];
		VEC_FREE(v);
	}
}

static HostStmt *new_stmt(Host *h, HostStmtKind k, CXCursor c)
{
	HostStmt *s = ARENA_NEW(h->a, HostStmt);
	s->kind = k;
	s->loc = hloc(h, c);
	return s;
}

/* ---- expressions ---- */

static KirExpr *hx(Host *h, CXCursor c);

static KirExpr *to_type(Host *h, KirExpr *e, KirDType t)
{
	if (t == KT_I1 && e->type != KT_I1) {
		KirConst z = frontend_const_convert((KirConst){KT_I32, 0, 0}, e->type);
		return frontend_new_binary(h->a, KB_NE, KT_I1, e, frontend_new_const(h->a, z, e->loc), e->loc);
	}
	return frontend_new_cast(h->a, t, e, e->loc);
}

static KirExpr *hconst(Host *h, CXCursor c, KirDType t)
{
	CXEvalResult r;
	KirConst k = {KT_I64, 0, 0};
	int ok = 0;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && var_of(h, clang_getCursorReferenced(c), NULL) >= 0)
		return NULL;
	r = clang_Cursor_Evaluate(c);
	if (!r)
		return NULL;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		k.type = clang_EvalResult_isUnsignedInt(r) ? KT_U64 : KT_I64;
		k.i = clang_EvalResult_isUnsignedInt(r) ? (int64_t)clang_EvalResult_getAsUnsigned(r) :
		      (int64_t)clang_EvalResult_getAsLongLong(r);
		ok = 1;
	} else if (clang_EvalResult_getKind(r) == CXEval_Float) {
		k.type = KT_F64;
		k.f = clang_EvalResult_getAsDouble(r);
		ok = 1;
	}
	clang_EvalResult_dispose(r);
	return ok ? frontend_new_const(h->a, frontend_const_convert(k, t), hloc(h, c)) : NULL;
}

static KirExpr *hx_binary(Host *h, CXCursor c, KirDType t)
{
	CursorVec v = kids(c);
	int op = clang_getCursorBinaryOperatorKind(c);
	KirExpr *l, *r, *e = NULL;
	SrcLoc loc = hloc(h, c);
	if (v.len != 2) {
		VEC_FREE(v);
		return NULL;
	}
	l = hx(h, v.data[0]);
	r = hx(h, v.data[1]);
	VEC_FREE(v);
	if (!l || !r)
		return NULL;
	if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) {
		e = frontend_new_expr(h->a, op == CXBinaryOperator_LAnd ? KE_LOGAND : KE_LOGOR, KT_I1, loc);
		e->u.bin.l = to_type(h, l, KT_I1);
		e->u.bin.r = to_type(h, r, KT_I1);
		return e;
	}
	if (binop_of(op) == KB_NONE)
		return NULL;
	if (binop_of(op) >= KB_LT)
		t = KT_I1;
	if (binop_of(op) != KB_SHL && binop_of(op) != KB_SHR && l->type != r->type)
		r = to_type(h, r, l->type);
	return frontend_new_binary(h->a, binop_of(op), t, l, r, loc);
}

static KirExpr *hx_unary(Host *h, CXCursor c, KirDType t)
{
	CursorVec v = kids(c);
	KirExpr *x = v.len == 1 ? hx(h, v.data[0]) : NULL;
	VEC_FREE(v);
	if (!x)
		return NULL;
	switch (clang_getCursorUnaryOperatorKind(c)) {
	case CXUnaryOperator_Plus: return x;
	case CXUnaryOperator_Minus: return frontend_new_unary(h->a, KU_NEG, t, x, hloc(h, c));
	case CXUnaryOperator_Not: return frontend_new_unary(h->a, KU_BITNOT, t, x, hloc(h, c));
	case CXUnaryOperator_LNot: return frontend_new_unary(h->a, KU_NOT, KT_I1, to_type(h, x, KT_I1), hloc(h, c));
	default: return NULL;
	}
}

/* A dim3 component "v.x" read as `v.x`. */
static KirExpr *hx_member(Host *h, CXCursor c)
{
	CursorVec v = kids(c);
	CXCursor base = v.len ? hstrip(v.data[0]) : clang_getNullCursor();
	const char *m = str(h->a, clang_getCursorSpelling(c));
	int var = -1;
	VEC_FREE(v);
	if (!clang_Cursor_isNull(base) && clang_getCursorKind(base) == CXCursor_DeclRefExpr)
		var = var_of(h, clang_getCursorReferenced(base), arena_printf(h->a, ".%s", m));
	if (var < 0)
		return NULL;
	{
		KirExpr *e = frontend_new_expr(h->a, KE_VAR, h->vars.data[var].type, hloc(h, c));
		e->u.var = var;
		return e;
	}
}

static KirExpr *hx_cond(Host *h, CXCursor c, KirDType t)
{
	CursorVec v = kids(c);
	KirExpr *e = NULL;
	if (v.len == 3) {
		KirExpr *cc = hx(h, v.data[0]), *a = hx(h, v.data[1]), *b = hx(h, v.data[2]);
		if (cc && a && b) {
			cc = to_type(h, cc, KT_I1);
			if (cc->kind == KE_CONST) {
				e = to_type(h, frontend_const_is_true(cc->u.c) ? a : b, t);
			} else {
				e = frontend_new_expr(h->a, KE_COND, t, hloc(h, c));
				e->u.cond.c = cc;
				e->u.cond.t = to_type(h, a, t);
				e->u.cond.f = to_type(h, b, t);
			}
		}
	}
	VEC_FREE(v);
	return e;
}

static const struct { const char *name; KirMathOp op; } host_math[] = {
	{"fmin", KM_FMIN}, {"fminf", KM_FMIN}, {"fmax", KM_FMAX}, {"fmaxf", KM_FMAX},
	{"min", KM_MIN}, {"max", KM_MAX}, {"sqrt", KM_SQRT}, {"sqrtf", KM_SQRT},
	{"fabs", KM_ABS}, {"fabsf", KM_ABS}, {"abs", KM_ABS}, {"floor", KM_FLOOR},
	{"floorf", KM_FLOOR}, {"ceil", KM_CEIL}, {"ceilf", KM_CEIL}, {"exp", KM_EXP},
	{"expf", KM_EXP}, {"log", KM_LOG}, {"logf", KM_LOG}, {"pow", KM_POW}, {"powf", KM_POW},
	{"sin", KM_SIN}, {"sinf", KM_SIN}, {"cos", KM_COS}, {"cosf", KM_COS},
};

/* A math function of the C library on host scalars: KE_MATH in the call's type. */
static KirExpr *hx_math(Host *h, CXCursor c, KirDType t)
{
	const char *n = str(h->a, clang_getCursorSpelling(clang_getCursorReferenced(c)));
	int na = clang_Cursor_getNumArguments(c);
	for (size_t i = 0; i < sizeof host_math / sizeof *host_math; i++) {
		KirExpr *e;
		if (strcmp(n, host_math[i].name) || na != frontend_math_arity(host_math[i].op))
			continue;
		e = frontend_new_expr(h->a, KE_MATH, t, hloc(h, c));
		e->u.math.op = host_math[i].op;
		e->u.math.nargs = na;
		for (int j = 0; j < na; j++) {
			KirExpr *x = hx(h, clang_Cursor_getArgument(c, (unsigned)j));
			if (!x)
				return NULL;
			e->u.math.args[j] = to_type(h, x, t);
		}
		return e;
	}
	return NULL;
}

/* A host scalar expression; NULL (after a diagnostic) when it is not one. */
static KirExpr *hx(Host *h, CXCursor c)
{
	KirDType t = hdt(clang_getCursorType(c));
	enum CXCursorKind k = clang_getCursorKind(c);
	KirExpr *e = NULL;
	if (t == KT_VOID || t == KT_PTR) {
		if (!h->bad)
			herr(h, c, "this host expression is not a scalar the entry can compute%s", "");
		return NULL;
	}
	if ((e = hconst(h, c, t)))
		return e;
	switch (k) {
	case CXCursor_UnexposedExpr: case CXCursor_ParenExpr: case CXCursor_CStyleCastExpr:
	case CXCursor_CXXStaticCastExpr: case CXCursor_CXXFunctionalCastExpr: {
		CursorVec v = kids(c);
		if (v.len)
			e = hx(h, v.data[v.len - 1]);
		VEC_FREE(v);
		if (e)
			e = to_type(h, e, t);
		break;
	}
	case CXCursor_DeclRefExpr: {
		int var = var_of(h, clang_getCursorReferenced(c), NULL);
		if (var >= 0) {
			e = frontend_new_expr(h->a, KE_VAR, h->vars.data[var].type, hloc(h, c));
			e->u.var = var;
			e = to_type(h, e, t);
		}
		break;
	}
	case CXCursor_MemberRefExpr: e = hx_member(h, c); if (e) e = to_type(h, e, t); break;
	case CXCursor_BinaryOperator: e = hx_binary(h, c, t); break;
	case CXCursor_UnaryOperator: e = hx_unary(h, c, t); break;
	case CXCursor_ConditionalOperator: e = hx_cond(h, c, t); break;
	case CXCursor_CallExpr: e = hx_math(h, c, t); break;
	default: break;
	}
	if (!e && !h->bad)
		herr(h, c, "this host expression cannot be computed in the entry (only scalar "
		     "arithmetic on parameters, locals and constants)%s", "");
	return e;
}

/* ---- pointers and dim3 values ---- */

/* The pointer variable an expression names; -1 after a diagnostic. */
static int hptr(Host *h, CXCursor c)
{
	CXCursor x = hstrip(c);
	int var = -1;
	if (clang_getCursorKind(x) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(x) == CXUnaryOperator_AddrOf) {
		CursorVec v = kids(x);
		x = v.len ? hstrip(v.data[0]) : x;
		VEC_FREE(v);
	}
	if (clang_getCursorKind(x) == CXCursor_DeclRefExpr)
		var = var_of(h, clang_getCursorReferenced(x), NULL);
	if (var >= 0 && h->vars.data[var].type == KT_PTR)
		return var;
	herr(h, c, "a device pointer here must be a pointer variable of the entry (no "
	     "pointer arithmetic, no host arrays)%s", "");
	return -1;
}

static int dim3_of(Host *h, CXCursor c, KirExpr *out[3])
{
	CXCursor x = hstrip(c);
	SrcLoc l = hloc(h, c);
	for (int i = 0; i < 3; i++)
		out[i] = frontend_new_int(h->a, KT_U32, 1, l);
	if (clang_getCursorKind(x) == CXCursor_DeclRefExpr && is_dim3(clang_getCursorType(x))) {
		static const char *const f[3] = {".x", ".y", ".z"};
		for (int i = 0; i < 3; i++) {
			int var = var_of(h, clang_getCursorReferenced(x), f[i]);
			if (var < 0)
				return 0;
			out[i] = frontend_new_expr(h->a, KE_VAR, KT_U32, l);
			out[i]->u.var = var;
		}
		return 1;
	}
	if (is_dim3(clang_getCursorType(x))) {
		CursorVec all = kids(x), v = {0};
		int ok = 1;
		for (size_t i = 0; i < all.len; i++)
			if (clang_isExpression(clang_getCursorKind(all.data[i])))
				VEC_PUSH(v, all.data[i]);
		VEC_FREE(all);
		if (v.len == 1 && is_dim3(clang_getCursorType(v.data[0]))) {
			ok = dim3_of(h, v.data[0], out);
			VEC_FREE(v);
			return ok;
		}
		for (size_t i = 0; i < v.len && i < 3 && ok; i++) {
			KirExpr *k = hconst(h, v.data[i], KT_U32);
			CursorVec sub = kids(v.data[i]);
			int dflt = clang_getCursorKind(v.data[i]) == CXCursor_UnexposedExpr && !sub.len;
			VEC_FREE(sub);
			if (!k && dflt)
				continue;   /* a default argument: 1 */
			out[i] = k ? k : hx(h, v.data[i]);
			ok = out[i] != NULL;
			if (ok)
				out[i] = to_type(h, out[i], KT_U32);
		}
		VEC_FREE(v);
		return ok;
	}
	out[0] = hx(h, c);
	if (out[0])
		out[0] = to_type(h, out[0], KT_U32);
	return out[0] != NULL;
}

/* ---- statements ---- */

static void hs(Host *h, CXCursor c, HostStmtVec *out);

static HostStmt *hblock(Host *h, CXCursor c, HostStmtVec *v)
{
	HostStmt *s = new_stmt(h, HS_BLOCK, c);
	s->u.block.n = v->len;
	s->u.block.stmts = ARENA_ARRAY(h->a, HostStmt *, v->len + 1);
	if (v->len)
		memcpy(s->u.block.stmts, v->data, v->len * sizeof *v->data);
	VEC_FREE(*v);
	return s;
}

static HostStmt *hs_one(Host *h, CXCursor c)
{
	HostStmtVec v = {0};
	hs(h, c, &v);
	return hblock(h, c, &v);
}

static void assign_scalar(Host *h, CXCursor c, int var, KirExpr *value, HostStmtVec *out)
{
	HostStmt *s = new_stmt(h, HS_ASSIGN, c);
	s->u.assign.var = var;
	s->u.assign.value = to_type(h, value, h->vars.data[var].type);
	s->u.assign.src = -1;
	VEC_PUSH(*out, s);
}

static void assign_ptr(Host *h, CXCursor c, int var, CXCursor init, HostStmtVec *out)
{
	HostStmt *s = new_stmt(h, HS_ASSIGN, c);
	CXCursor x = hstrip(init);
	s->u.assign.var = var;
	s->u.assign.src = -1;
	if (clang_getCursorKind(x) == CXCursor_CXXNullPtrLiteralExpr || clang_getCursorKind(x) == CXCursor_IntegerLiteral ||
	    clang_getCursorKind(x) == CXCursor_GNUNullExpr) {
		VEC_PUSH(*out, s);
		return;
	}
	s->u.assign.src = hptr(h, init);
	VEC_PUSH(*out, s);
}

static void hs_vardecl(Host *h, CXCursor d, HostStmtVec *out)
{
	CXType ty = clang_getCursorType(d);
	KirDType t = hdt(ty);
	const char *name = str(h->a, clang_getCursorSpelling(d));
	CursorVec v = kids(d);
	CXCursor init = clang_getNullCursor();
	SrcLoc l = hloc(h, d);
	for (size_t i = 0; i < v.len; i++)
		if (clang_isExpression(clang_getCursorKind(v.data[i])))
			init = v.data[i];
	VEC_FREE(v);
	if (is_dim3(ty)) {
		static const char *const f[3] = {".x", ".y", ".z"};
		KirExpr *val[3] = {0};
		int ok = clang_Cursor_isNull(init) ? (dim3_of(h, d, val), 1) : dim3_of(h, init, val);
		if (clang_Cursor_isNull(init))
			for (int i = 0; i < 3; i++)
				val[i] = frontend_new_int(h->a, KT_U32, 1, l);
		for (int i = 0; i < 3 && ok; i++) {
			int var = add_var(h, clang_getNullCursor(), arena_printf(h->a, "%s%s", name, f[i]), KT_U32, KT_VOID, l);
			map_put(h->scope, arena_printf(h->a, "%s%s", dkey(h->a, d), f[i]), (void *)(intptr_t)(var + 1));
			assign_scalar(h, d, var, val[i], out);
		}
		return;
	}
	if (t == KT_PTR && (clang_getCanonicalType(clang_getPointeeType(ty)).kind == CXType_FunctionProto ||
	                    clang_getCanonicalType(clang_getPointeeType(ty)).kind == CXType_FunctionNoProto)) {
		add_var(h, d, name, KT_VOID, KT_VOID, l);   /* refused where it is called */
		return;
	}
	if (t == KT_PTR) {
		KirDType e = hdt(clang_getPointeeType(ty));
		int var = add_var(h, d, name, KT_PTR, e, l);
		if (!clang_Cursor_isNull(init))
			assign_ptr(h, d, var, init, out);
		return;
	}
	if (t == KT_VOID) {
		herr(h, d, "host variable '%s' has a type the entry cannot hold (scalars, device "
		     "pointers and dim3 only)", name);
		return;
	}
	{
		int var = add_var(h, d, name, t, KT_VOID, l);
		if (!clang_Cursor_isNull(init)) {
			KirExpr *e = hx(h, init);
			if (e)
				assign_scalar(h, d, var, e, out);
		}
	}
}

static int is_launch(CXCursor c, CXCursor *cfg)
{
	CursorVec v = kids(c);
	int r = 0;
	for (size_t i = 0; i < v.len && !r; i++)
		if (clang_getCursorKind(v.data[i]) == CXCursor_CallExpr) {
			CXString s = clang_getCursorSpelling(clang_getCursorReferenced(v.data[i]));
			const char *n = clang_getCString(s);
			r = !strcmp(n, "__cudaPushCallConfiguration") || !strcmp(n, "cudaConfigureCall");
			clang_disposeString(s);
			if (r)
				*cfg = v.data[i];
		}
	VEC_FREE(v);
	return r;
}

static void hs_launch(Host *h, CXCursor c, CXCursor cfg, HostStmtVec *out)
{
	CXCursor fn = clang_getCursorReferenced(c);
	HostStmt *s = new_stmt(h, HS_LAUNCH, c);
	int n = clang_Cursor_getNumArguments(c);
	int nc = clang_Cursor_getNumArguments(cfg);
	if (clang_Cursor_isNull(fn) || clang_getCursorKind(fn) != CXCursor_FunctionDecl) {
		herr(h, c, "a launch through a function pointer cannot be converted: launch the "
		     "kernel by name%s", "");
		return;
	}
	s->u.launch.kernel = instance_name(h->a, fn);
	if (nc < 2 || !dim3_of(h, clang_Cursor_getArgument(cfg, 0), s->u.launch.grid) ||
	    !dim3_of(h, clang_Cursor_getArgument(cfg, 1), s->u.launch.block))
		return;
	s->u.launch.shmem = nc >= 3 ? hx(h, clang_Cursor_getArgument(cfg, 2)) :
	                    frontend_new_int(h->a, KT_I64, 0, s->loc);
	if (!s->u.launch.shmem)
		return;
	s->u.launch.shmem = to_type(h, s->u.launch.shmem, KT_I64);
	s->u.launch.nargs = n > 0 ? (size_t)n : 0;
	s->u.launch.arg = ARENA_ARRAY(h->a, KirExpr *, s->u.launch.nargs + 1);
	s->u.launch.ptr = ARENA_ARRAY(h->a, int, s->u.launch.nargs + 1);
	for (int i = 0; i < n; i++) {
		CXCursor x = clang_Cursor_getArgument(c, (unsigned)i);
		s->u.launch.ptr[i] = -1;
		if (hdt(clang_getCursorType(x)) == KT_PTR)
			s->u.launch.ptr[i] = hptr(h, x);
		else
			s->u.launch.arg[i] = hx(h, x);
	}
	VEC_PUSH(*out, s);
}

/* A static host function of this file called as a statement: inlined in a new scope. */
static void hs_inline(Host *h, CXCursor c, CXCursor fn, HostStmtVec *out)
{
	CXCursor def = clang_getCursorDefinition(fn);
	Map *saved = h->scope, *scope;
	CursorVec body;
	int n = clang_Cursor_getNumArguments(c);
	int *vals;
	if (clang_Cursor_isNull(def)) {
		herr(h, c, "call of '%s' without a definition in this file cannot be converted",
		     str(h->a, clang_getCursorSpelling(fn)));
		return;
	}
	for (size_t i = 0; i < h->stack.len; i++)
		if (clang_equalCursors(h->stack.data[i], def)) {
			herr(h, c, "recursive host function '%s' cannot be converted",
			     str(h->a, clang_getCursorSpelling(fn)));
			return;
		}
	if (clang_Cursor_getNumArguments(def) != n || hdt(clang_getCursorResultType(def)) != KT_VOID) {
		herr(h, c, "host call of '%s' in the entry: only void functions called as "
		     "statements are inlined", str(h->a, clang_getCursorSpelling(fn)));
		return;
	}
	vals = ARENA_ARRAY(h->a, int, n + 1);
	scope = map_create();
	for (int i = 0; i < n; i++) {
		CXCursor p = clang_Cursor_getArgument(def, (unsigned)i);
		CXCursor a = clang_Cursor_getArgument(c, (unsigned)i);
		KirDType t = hdt(clang_getCursorType(p));
		const char *pn = str(h->a, clang_getCursorSpelling(p));
		h->scope = scope;
		if (t == KT_VOID) {
			herr(h, p, "parameter '%s' of an inlined host function must be a scalar or a device pointer", pn);
			break;
		}
		vals[i] = add_var(h, p, pn, t, t == KT_PTR ? hdt(clang_getPointeeType(clang_getCursorType(p))) : KT_VOID,
		                  hloc(h, p));
		h->scope = saved;
		if (t == KT_PTR)
			assign_ptr(h, a, vals[i], a, out);
		else {
			KirExpr *e = hx(h, a);
			if (e)
				assign_scalar(h, a, vals[i], e, out);
		}
	}
	h->scope = scope;
	VEC_PUSH(h->stack, def);
	body = kids(def);
	for (size_t i = 0; i < body.len; i++)
		if (clang_getCursorKind(body.data[i]) == CXCursor_CompoundStmt)
			VEC_PUSH(*out, hs_one(h, body.data[i]));
	VEC_FREE(body);
	(void)VEC_POP(h->stack);
	h->scope = saved;
	map_destroy(scope);
}

static KirExpr *hx_arg(Host *h, CXCursor c, int i)
{
	return hx(h, clang_Cursor_getArgument(c, (unsigned)i));
}

static int starts(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

static void hs_call(Host *h, CXCursor c, HostStmtVec *out)
{
	CXCursor cfg, fn = clang_getCursorReferenced(c);
	const char *n;
	int na = clang_Cursor_getNumArguments(c);
	if (is_launch(c, &cfg)) {
		hs_launch(h, c, cfg, out);
		return;
	}
	if (clang_Cursor_isNull(fn) || clang_getCursorKind(fn) != CXCursor_FunctionDecl) {
		herr(h, c, "a call through a function pointer cannot be converted%s", "");
		return;
	}
	n = str(h->a, clang_getCursorSpelling(fn));
	if (!strcmp(n, "cudaMemcpy") || !strcmp(n, "cudaMemcpyAsync")) {
		KirExpr *kind = na >= 4 ? hx_arg(h, c, 3) : NULL;
		HostStmt *s;
		if (!kind || kind->kind != KE_CONST)
			return;
		if (kind->u.c.i == 2) {
			herr(h, c, "the host reads device memory here (cudaMemcpy device to host): the "
			     "entry must leave its results on the device%s", "");
			return;
		}
		if (kind->u.c.i != 3 && kind->u.c.i != 4) {
			herr(h, c, "a copy from host memory cannot be converted: pass the data as a "
			     "device pointer parameter of the entry%s", "");
			return;
		}
		s = new_stmt(h, HS_MEMCPY, c);
		s->u.copy.dst = hptr(h, clang_Cursor_getArgument(c, 0));
		s->u.copy.src = hptr(h, clang_Cursor_getArgument(c, 1));
		s->u.copy.bytes = hx_arg(h, c, 2);
		if (s->u.copy.bytes)
			VEC_PUSH(*out, s);
		return;
	}
	if (!strcmp(n, "cudaMemset") || !strcmp(n, "cudaMemsetAsync")) {
		HostStmt *s = new_stmt(h, HS_MEMSET, c);
		s->u.set.dst = hptr(h, clang_Cursor_getArgument(c, 0));
		s->u.set.value = na >= 3 ? hx_arg(h, c, 1) : NULL;
		s->u.set.bytes = na >= 3 ? hx_arg(h, c, 2) : NULL;
		if (s->u.set.value && s->u.set.bytes)
			VEC_PUSH(*out, s);
		return;
	}
	if (!strcmp(n, "cudaMalloc") || !strcmp(n, "cudaMallocManaged")) {
		HostStmt *s = new_stmt(h, HS_MALLOC, c);
		s->u.alloc.var = hptr(h, clang_Cursor_getArgument(c, 0));
		s->u.alloc.bytes = na >= 2 ? hx_arg(h, c, 1) : NULL;
		if (s->u.alloc.bytes)
			VEC_PUSH(*out, s);
		return;
	}
	if (!strcmp(n, "swap") && na == 2) {
		CXCursor a = clang_Cursor_getArgument(c, 0), b = clang_Cursor_getArgument(c, 1);
		if (hdt(clang_getCursorType(a)) == KT_PTR) {
			HostStmt *s = new_stmt(h, HS_SWAP, c);
			s->u.swap.a = hptr(h, a);
			s->u.swap.b = hptr(h, b);
			VEC_PUSH(*out, s);
		} else {
			herr(h, c, "std::swap of host scalars is not supported in the entry%s", "");
		}
		return;
	}
	if (starts(n, "cudaGraph") || !strcmp(n, "cudaStreamBeginCapture") || !strcmp(n, "cudaStreamEndCapture")) {
		herr(h, c, "CUDA graphs cannot be converted (%s): launch the kernels directly", n);
		return;
	}
	if (!strcmp(n, "cudaStreamWaitEvent")) {
		herr(h, c, "events ordering work between streams cannot be converted (%s): launches "
		     "are taken in program order on one stream", n);
		return;
	}
	if (starts(n, "cuda") || !strcmp(n, "printf") || !strcmp(n, "fprintf")) {
		/* synchronisation, error queries, streams, events for timing, cudaFree: no
		 * effect on the device buffers in program order */
		if (starts(n, "cudaMemcpy") || starts(n, "cudaMemset") || starts(n, "cudaLaunch"))
			herr(h, c, "'%s' is not supported in the entry", n);
		return;
	}
	if (clang_Cursor_isNull(clang_getCursorDefinition(fn)) ||
	    clang_Location_isInSystemHeader(clang_getCursorLocation(clang_getCursorDefinition(fn)))) {
		herr(h, c, "call of '%s' in the entry cannot be converted (not a host function of this file)", n);
		return;
	}
	hs_inline(h, c, fn, out);
}

static void hs_assign(Host *h, CXCursor c, HostStmtVec *out)
{
	CursorVec v = kids(c);
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor lhs = v.len ? hstrip(v.data[0]) : c;
	int var = clang_getCursorKind(lhs) == CXCursor_DeclRefExpr ? var_of(h, clang_getCursorReferenced(lhs), NULL) : -1;
	if (var < 0 || v.len != 2) {
		VEC_FREE(v);
		herr(h, c, "this assignment in the entry is not to a host variable%s", "");
		return;
	}
	if (h->vars.data[var].type == KT_PTR) {
		if (k == CXCursor_BinaryOperator)
			assign_ptr(h, c, var, v.data[1], out);
		else
			herr(h, c, "pointer arithmetic on the device pointer '%s' is not supported in the entry",
			     h->vars.data[var].name);
	} else if (k == CXCursor_BinaryOperator) {
		KirExpr *e = hx(h, v.data[1]);
		if (e)
			assign_scalar(h, c, var, e, out);
	} else {
		/* compound: lhs = lhs op rhs in the type clang computes */
		KirExpr *r = hx(h, v.data[1]), *l = hx(h, v.data[0]);
		KirBinOp bop = binop_of(clang_getCursorBinaryOperatorKind(c));   /* `+=` is KB_ADD */
		if (l && r && bop != KB_NONE) {
			KirDType t = frontend_dtype_is_float(r->type) || frontend_dtype_bytes(r->type) > frontend_dtype_bytes(l->type) ?
			             r->type : l->type;
			if (frontend_dtype_bytes(t) < 4 && !frontend_dtype_is_float(t))
				t = KT_I32;
			assign_scalar(h, c, var, frontend_new_binary(h->a, bop, t, to_type(h, l, t),
			              bop == KB_SHL || bop == KB_SHR ? r : to_type(h, r, t), hloc(h, c)), out);
		}
	}
	VEC_FREE(v);
}

static void hs_incdec(Host *h, CXCursor c, HostStmtVec *out)
{
	CursorVec v = kids(c);
	int op = clang_getCursorUnaryOperatorKind(c);
	CXCursor x = v.len ? hstrip(v.data[0]) : c;
	int var = clang_getCursorKind(x) == CXCursor_DeclRefExpr ? var_of(h, clang_getCursorReferenced(x), NULL) : -1;
	VEC_FREE(v);
	if (var < 0 || h->vars.data[var].type == KT_PTR) {
		herr(h, c, "increment of something other than a host scalar variable in the entry%s", "");
		return;
	}
	{
		KirDType t = h->vars.data[var].type;
		KirExpr *e = frontend_new_expr(h->a, KE_VAR, t, hloc(h, c));
		int inc = op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PreInc;
		e->u.var = var;
		assign_scalar(h, c, var, frontend_new_binary(h->a, inc ? KB_ADD : KB_SUB, t, e,
		              frontend_new_const(h->a, frontend_const_convert((KirConst){KT_I32, 1, 1}, t), e->loc),
		              e->loc), out);
	}
}

/* for (init; v cmp bound; v++ / v-- / v += C / v -= C) body */
static void hs_for(Host *h, CXCursor c, HostStmtVec *out)
{
	CursorVec v = kids(c);
	HostStmt *s = new_stmt(h, HS_FOR, c);
	HostStmtVec init = {0};
	CXCursor lhs, cond, inc;
	CursorVec cv;
	int op;
	if (v.len != 4) {
		VEC_FREE(v);
		herr(h, c, "only counted for loops `for (i = A; i < B; i += C)` are converted in the entry%s", "");
		return;
	}
	hs(h, v.data[0], &init);
	if (init.len != 1 || init.data[0]->kind != HS_ASSIGN || h->vars.data[init.data[0]->u.assign.var].type == KT_PTR) {
		VEC_FREE(init);
		VEC_FREE(v);
		herr(h, c, "the loop's initialisation must set one counter%s", "");
		return;
	}
	s->u.for_.var = init.data[0]->u.assign.var;
	s->u.for_.init = init.data[0]->u.assign.value;
	VEC_FREE(init);
	cond = hstrip(v.data[1]);
	inc = v.data[2];
	cv = kids(cond);
	op = clang_getCursorKind(cond) == CXCursor_BinaryOperator ? (int)clang_getCursorBinaryOperatorKind(cond) : -1;
	lhs = cv.len == 2 ? hstrip(cv.data[0]) : cond;
	s->u.for_.cmp = op >= 0 ? binop_of(op) : KB_NONE;
	if (s->u.for_.cmp < KB_LT || s->u.for_.cmp == KB_EQ || clang_getCursorKind(lhs) != CXCursor_DeclRefExpr ||
	    var_of(h, clang_getCursorReferenced(lhs), NULL) != s->u.for_.var) {
		VEC_FREE(cv);
		VEC_FREE(v);
		herr(h, c, "the loop condition must compare the counter with a bound (i < B)%s", "");
		return;
	}
	s->u.for_.bound = hx(h, cv.data[1]);
	VEC_FREE(cv);
	if (!s->u.for_.bound) {
		VEC_FREE(v);
		return;
	}
	{
		HostStmtVec st = {0};
		hs(h, inc, &st);
		s->u.for_.step = 0;
		if (st.len == 1 && st.data[0]->kind == HS_ASSIGN && st.data[0]->u.assign.var == s->u.for_.var) {
			KirExpr *e = st.data[0]->u.assign.value;
			while (e->kind == KE_CAST)
				e = e->u.x;
			if (e->kind == KE_BINARY && (e->u.bin.op == KB_ADD || e->u.bin.op == KB_SUB) &&
			    e->u.bin.r->kind == KE_CONST && !frontend_dtype_is_float(e->u.bin.r->type)) {
				KirExpr *l = e->u.bin.l;
				while (l->kind == KE_CAST)
					l = l->u.x;
				if (l->kind == KE_VAR && l->u.var == s->u.for_.var)
					s->u.for_.step = e->u.bin.op == KB_ADD ? e->u.bin.r->u.c.i : -e->u.bin.r->u.c.i;
			}
		}
		VEC_FREE(st);
		if (!s->u.for_.step) {
			VEC_FREE(v);
			herr(h, c, "the loop step must add or subtract a constant to the counter%s", "");
			return;
		}
	}
	s->u.for_.body = hs_one(h, v.data[3]);
	VEC_FREE(v);
	VEC_PUSH(*out, s);
}

static void hs_if(Host *h, CXCursor c, HostStmtVec *out)
{
	CursorVec v = kids(c);
	HostStmt *s = new_stmt(h, HS_IF, c);
	if (v.len < 2 || v.len > 3) {
		VEC_FREE(v);
		herr(h, c, "this if statement cannot be converted%s", "");
		return;
	}
	s->u.if_.cond = hx(h, v.data[0]);
	if (s->u.if_.cond) {
		s->u.if_.cond = to_type(h, s->u.if_.cond, KT_I1);
		s->u.if_.then = hs_one(h, v.data[1]);
		s->u.if_.els = v.len == 3 ? hs_one(h, v.data[2]) : NULL;
		VEC_PUSH(*out, s);
	}
	VEC_FREE(v);
}

static void hs(Host *h, CXCursor c, HostStmtVec *out)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CursorVec v;
	if (h->bad)
		return;
	switch (k) {
	case CXCursor_CompoundStmt:
	case CXCursor_DeclStmt:
		v = kids(c);
		for (size_t i = 0; i < v.len && !h->bad; i++) {
			if (clang_getCursorKind(v.data[i]) == CXCursor_VarDecl)
				hs_vardecl(h, v.data[i], out);
			else if (k == CXCursor_CompoundStmt && clang_getCursorKind(v.data[i]) == CXCursor_CompoundStmt)
				VEC_PUSH(*out, hs_one(h, v.data[i]));
			else if (k == CXCursor_CompoundStmt && clang_getCursorKind(v.data[i]) == CXCursor_ReturnStmt) {
				if (i + 1 != v.len || kids(v.data[i]).len)
					herr(h, v.data[i], "only a final `return;` is allowed in the entry%s", "");
			} else
				hs(h, v.data[i], out);
		}
		VEC_FREE(v);
		return;
	case CXCursor_NullStmt:
		return;
	case CXCursor_ForStmt: hs_for(h, c, out); return;
	case CXCursor_IfStmt: hs_if(h, c, out); return;
	case CXCursor_WhileStmt: case CXCursor_DoStmt:
		herr(h, c, "a while loop in the entry cannot be converted: its trip count is not known "
		     "to the host program (it may depend on device values); use a counted for loop%s", "");
		return;
	case CXCursor_CallExpr: hs_call(h, c, out); return;
	case CXCursor_BinaryOperator: case CXCursor_CompoundAssignOperator:
		if (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Comma) {
			v = kids(c);
			for (size_t i = 0; i < v.len; i++)
				hs(h, v.data[i], out);
			VEC_FREE(v);
			return;
		}
		hs_assign(h, c, out);
		return;
	case CXCursor_UnaryOperator: hs_incdec(h, c, out); return;
	case CXCursor_UnexposedExpr: case CXCursor_ParenExpr: case CXCursor_CStyleCastExpr:
		v = kids(c);
		if (v.len)
			hs(h, v.data[v.len - 1], out);
		VEC_FREE(v);
		return;
	default:
		if (clang_isExpression(k))
			return;       /* a value computed and dropped (no effect on the device) */
		herr(h, c, "this statement cannot be converted in the entry%s", "");
	}
}

typedef struct Find {
	const char *name;
	CXCursor fn;
} Find;

static enum CXChildVisitResult find_fn(CXCursor c, CXCursor parent, CXClientData d)
{
	Find *f = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	(void)parent;
	if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec)
		return CXChildVisit_Recurse;
	if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c)) {
		CXString s = clang_getCursorSpelling(c);
		if (!strcmp(clang_getCString(s), f->name) && !clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
			f->fn = c;
		clang_disposeString(s);
	}
	return CXChildVisit_Continue;
}

static void entry_params(Host *h, CXCursor fn)
{
	int n = clang_Cursor_getNumArguments(fn);
	for (int i = 0; i < n && !h->bad; i++) {
		CXCursor p = clang_Cursor_getArgument(fn, (unsigned)i);
		CXType ty = clang_getCursorType(p);
		KirDType t = hdt(ty);
		const char *pn = str(h->a, clang_getCursorSpelling(p));
		int var;
		if (t == KT_VOID || (t == KT_PTR && hdt(clang_getPointeeType(ty)) == KT_VOID)) {
			herr(h, p, "parameter '%s' of the entry must be a scalar or a pointer to scalars", pn);
			return;
		}
		var = add_var(h, p, pn, t, t == KT_PTR ? hdt(clang_getPointeeType(ty)) : KT_VOID, hloc(h, p));
		h->vars.data[var].param = i;
	}
}

HostFunc *frontend_lower_host(Arena *a, const Options *o, void *tu, const char *file)
{
	Host h = {0};
	Find f = {o->entry, clang_getNullCursor()};
	HostFunc *hf = NULL;
	CursorVec v;
	h.a = a;
	h.o = o;
	h.scope = map_create();
	clang_visitChildren(clang_getTranslationUnitCursor((CXTranslationUnit)tu), find_fn, &f);
	if (clang_Cursor_isNull(f.fn)) {
		diag_error(srcloc(file, 0, 0), "no host function named '%s' with a definition in this file", o->entry);
		map_destroy(h.scope);
		return NULL;
	}
	if (clang_getCursorKind(f.fn) == CXCursor_FunctionDecl &&
	    clang_CXXMethod_isStatic(f.fn) == 0 && hdt(clang_getCursorResultType(f.fn)) != KT_VOID)
		diag_warning(hloc(&h, f.fn), "the value '%s' returns is ignored", o->entry);
	entry_params(&h, f.fn);
	VEC_PUSH(h.stack, f.fn);
	hf = ARENA_NEW(a, HostFunc);
	hf->name = o->entry;
	hf->loc = hloc(&h, f.fn);
	hf->nparams = h.vars.len;
	v = kids(f.fn);
	for (size_t i = 0; i < v.len && !h.bad; i++)
		if (clang_getCursorKind(v.data[i]) == CXCursor_CompoundStmt)
			hf->body = hs_one(&h, v.data[i]);
	VEC_FREE(v);
	hf->nvars = h.vars.len;
	hf->vars = ARENA_ARRAY(a, HostVar, h.vars.len + 1);
	if (h.vars.len)
		memcpy(hf->vars, h.vars.data, h.vars.len * sizeof *h.vars.data);
	VEC_FREE(h.vars);
	VEC_FREE(h.stack);
	map_destroy(h.scope);
	if (h.bad || !hf->body)
		return NULL;
	return hf;
}

const Options *frontend_entry_options(Arena *a, const Options *o)
{
	Options *c = ARENA_NEW(a, Options);
	*c = *o;
	c->sets.data = NULL;
	c->sets.len = c->sets.cap = 0;
	return c;
}

static void launched(const HostStmt *s, Options *c)
{
	if (!s)
		return;
	switch (s->kind) {
	case HS_BLOCK:
		for (size_t i = 0; i < s->u.block.n; i++)
			launched(s->u.block.stmts[i], c);
		break;
	case HS_FOR: launched(s->u.for_.body, c); break;
	case HS_IF: launched(s->u.if_.then, c); launched(s->u.if_.els, c); break;
	case HS_LAUNCH: {
		int seen = 0;
		for (size_t i = 0; i < c->kernels.len; i++)
			seen |= !strcmp(c->kernels.data[i], s->u.launch.kernel);
		if (!seen)
			VEC_PUSH(c->kernels, s->u.launch.kernel);
		break;
	}
	default: break;
	}
}

const Options *frontend_entry_select(Arena *a, const Options *o, const HostFunc *hf)
{
	Options *c = ARENA_NEW(a, Options);
	size_t n;
	*c = *o;
	c->kernels.data = NULL;
	c->kernels.len = c->kernels.cap = 0;
	launched(hf->body, c);
	if (!c->kernels.len)
		return o;
	/* the list lives in the arena: the copy is never given to options_free */
	n = c->kernels.len;
	{
		const char **v = ARENA_ARRAY(a, const char *, n);
		memcpy(v, c->kernels.data, n * sizeof *v);
		free(c->kernels.data);
		c->kernels.data = v;
		c->kernels.cap = n;
	}
	return c;
}
