/* stable.c: stable values.
 * A pointer local `float *row = A + i*n` is the address (A, i*n): its offset may be
 * substituted at every use instead of being kept in a variable when it is pure and every
 * variable in it keeps the value it had when the pointer was made. A variable is taken
 * to keep its value when it is declared with an initialiser and nothing in the file
 * assigns it, increments it, takes its address or binds a non-const reference to it (a
 * flow-insensitive scan of every function body, template patterns included: their
 * instances share the declarations' keys, and an assignment by an operator that stays
 * unresolved in the pattern counts as one). A pointer variable passed to a reference-
 * to-pointer parameter changes only when the callee assigns that parameter (or passes
 * it on to one that does): a fixpoint after the scan decides, over the candidates of
 * calls that stay unresolved in a pattern too. The same scan finds loop-private
 * counters (is_loop_private), which each for statement that assigns them may keep
 * apart, and the __constant__ symbols that host code fills with cudaMemcpyToSymbol. */
#include "parse.h"

/* A call of std::move or std::forward (libstdc++'s, CCCL's cuda::std): a cast of its one
 * argument to a reference, nothing else. */
int is_std_cast(CXCursor c)
{
	CXCursor fn, ns;
	CXString s;
	int r;

	if (clang_getCursorKind(c) != CXCursor_CallExpr || clang_Cursor_getNumArguments(c) != 1)
		return 0;
	fn = clang_getCursorReferenced(c);
	s = clang_getCursorSpelling(fn);
	r = !strcmp(clang_getCString(s), "move") || !strcmp(clang_getCString(s), "forward");
	clang_disposeString(s);
	for (ns = clang_getCursorSemanticParent(fn); r && clang_getCursorKind(ns) == CXCursor_Namespace;
	     ns = clang_getCursorSemanticParent(ns)) {
		s = clang_getCursorSpelling(ns);
		int std = !strcmp(clang_getCString(s), "std");
		clang_disposeString(s);
		if (std)
			return 1;
	}
	return 0;
}

CXCursor strip(CXCursor c)
{
	for (;;) {
		if ((clang_getCursorKind(c) == CXCursor_ParenExpr || clang_getCursorKind(c) == CXCursor_UnexposedExpr) &&
		    nkids(c) == 1)
			c = kid(c, 0);
		else if (is_std_cast(c))
			c = clang_Cursor_getArgument(c, 0);
		else
			return c;
	}
}

/* c's variable changes; forkey names the for statement when the change is in its
 * header, else NULL. */
static void mark_changed_in(Ctx *cx, CXCursor c, const char *forkey)
{
	c = strip(c);
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		const char *key = dkey(cx->a, clang_getCursorReferenced(c)), *had = map_get(cx->headvars, key);
		map_put(cx->devassigned, key, (void *)1);
		map_put(cx->headvars, key, (void *)(forkey && (!had || !strcmp(had, forkey)) ? forkey : ""));
	} else if (clang_getCursorKind(c) == CXCursor_MemberRefExpr &&
	           clang_getCanonicalType(clang_getCursorType(member_base(c))).kind != CXType_Pointer) {
		/* `s.x = v` changes s; `p->x = v` changes what p points to, not p (and a
		 * store through a subscript changes memory) */
		mark_changed_in(cx, kid(c, 0), NULL);
	}
}

static void mark_changed(Ctx *cx, CXCursor c)
{
	mark_changed_in(cx, c, NULL);
}

/* The key of the for statement `parent` when c is in its header (not its body). */
static const char *header_of(Ctx *cx, CXCursor c, CXCursor parent)
{
	if (clang_getCursorKind(parent) != CXCursor_ForStmt)
		return NULL;
	return clang_equalCursors(c, kid(parent, nkids(parent) - 1)) ? NULL : dkey(cx->a, parent);
}

static int is_mutable_ref(CXType t)
{
	t = clang_getCanonicalType(t);
	return (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference) &&
	       !clang_isConstQualifiedType(clang_getPointeeType(t));
}

/* The spelling of the token at c's location ("" when there is none). */
static const char *token_at(Ctx *cx, CXCursor c)
{
	CXToken *tok = clang_getToken(cx->tu, clang_getCursorLocation(c));
	const char *s = tok ? str(cx->a, clang_getTokenSpelling(cx->tu, *tok)) : "";

	if (tok)
		clang_disposeTokens(cx->tu, tok, 1);
	return s;
}

static int is_assign_op(const char *op)
{
	size_t n = strlen(op);

	if (!strcmp(op, "++") || !strcmp(op, "--") || !strcmp(op, "="))
		return 1;
	return n >= 2 && op[n - 1] == '=' && strcmp(op, "==") && strcmp(op, "!=") && strcmp(op, "<=") && strcmp(op, ">=");
}

/* A template pattern's `p += k`, `p = q`, `++p` on an operand of dependent type is an
 * operator call whose callee stays unresolved until instantiation (clang's
 * CXXOperatorCallExpr over an UnresolvedLookupExpr, which libclang lists in source
 * order among the operands as a nameless reference at the operator's token); the
 * instances, which this scan does not visit, assign the operand. Returns the index of
 * the assigned operand among c's children, or -1 when c is not such a call. */
static int dependent_assign(Ctx *cx, CXCursor c)
{
	CursorVec v;
	int at = -1, operand = -1;

	if (!clang_Cursor_isNull(clang_getCursorReferenced(c)))
		return -1;
	v = kids(c);
	for (size_t i = 0; i < v.len; i++) {
		if (at < 0 && clang_getCursorKind(v.data[i]) == CXCursor_DeclRefExpr && !*spell(cx->a, v.data[i]) &&
		    is_assign_op(token_at(cx, v.data[i])))
			at = (int)i;
		else if (operand < 0)
			operand = (int)i;
	}
	VEC_FREE(v);
	return at >= 0 ? operand : -1;
}

/* Whether t is a reference (not const) to a pointer: `float *&p`, `const T *&p`. */
int is_ptr_ref(CXType t)
{
	return is_mutable_ref(t) &&
	       clang_getCanonicalType(clang_getNonReferenceType(clang_getCanonicalType(t))).kind == CXType_Pointer;
}

/* Pointer variable `a` passed to reference-to-pointer parameter `parm`: it changes only
 * if the callee assigns parm (or passes it on to one that does), which the scan knows
 * only at its end (changed_by_refs); 0 when a is no variable (it is marked as before). */
static int ref_to_ptr(Ctx *cx, CXCursor a, CXCursor parm)
{
	a = strip(a);
	if (!is_ptr_ref(clang_getCursorType(parm)) || clang_getCursorKind(a) != CXCursor_DeclRefExpr)
		return 0;
	VEC_PUSH(cx->refargs, dkey(cx->a, clang_getCursorReferenced(a)));
	VEC_PUSH(cx->refparms, dkey(cx->a, parm));
	return 1;
}

/* A call in a template pattern whose callee stays unresolved until instantiation (an
 * overload set named with dependent arguments: the callee is a reference to an
 * OverloadedDeclRef): its arguments passed to a reference-to-pointer parameter of a
 * candidate with as many parameters (ParmDecl children, in order, for a template). */
static void dependent_refs(Ctx *cx, CXCursor c)
{
	int n = clang_Cursor_getNumArguments(c);
	CXCursor ref;

	if (n <= 0 || !nkids(c))
		return;
	ref = clang_getCursorReferenced(strip(kid(c, 0)));
	if (clang_getCursorKind(ref) != CXCursor_OverloadedDeclRef)
		return;
	for (unsigned j = 0; j < clang_getNumOverloadedDecls(ref); j++) {
		CursorVec v = kids(clang_getOverloadedDecl(ref, j)), ps = {0};
		for (size_t i = 0; i < v.len; i++)
			if (clang_getCursorKind(v.data[i]) == CXCursor_ParmDecl)
				VEC_PUSH(ps, v.data[i]);
		for (int i = 0; ps.len == (size_t)n && i < n; i++)
			ref_to_ptr(cx, clang_Cursor_getArgument(c, (unsigned)i), ps.data[i]);
		VEC_FREE(ps);
		VEC_FREE(v);
	}
}

/* A cudaMemcpyToSymbol call c (of fn) marks the symbol it writes host-filled. In a host
 * template (`cudaMemcpyToSymbol(mask<T>, ...)`) the call and its symbol stay unresolved,
 * both references to OverloadedDeclRefs: the variable template is marked, which stands
 * for all its instances (decl.c: host_filled). */
static void symbol_fill(Ctx *cx, CXCursor c, CXCursor fn)
{
	CXCursor sym;

	if (clang_Cursor_isNull(fn) && nkids(c)) {
		fn = clang_getCursorReferenced(strip(kid(c, 0)));
		if (clang_getCursorKind(fn) == CXCursor_OverloadedDeclRef && clang_getNumOverloadedDecls(fn))
			fn = clang_getOverloadedDecl(fn, 0);
	}
	if (strncmp(spell(cx->a, fn), "cudaMemcpyToSymbol", 18) || clang_Cursor_getNumArguments(c) <= 0 ||
	    clang_getCursorKind(strip(clang_Cursor_getArgument(c, 0))) != CXCursor_DeclRefExpr)
		return;
	sym = clang_getCursorReferenced(strip(clang_Cursor_getArgument(c, 0)));
	if (clang_getCursorKind(sym) == CXCursor_OverloadedDeclRef && clang_getNumOverloadedDecls(sym))
		sym = clang_getOverloadedDecl(sym, 0);
	map_put(cx->hostfilled, dkey(cx->a, sym), (void *)1);
}

/* The variables passed to reference-to-pointer parameters that their callees change
 * (a fixpoint: a parameter passed on by reference is itself such a variable). */
static void changed_by_refs(Ctx *cx)
{
	for (int again = 1; again;) {
		again = 0;
		for (size_t i = 0; i < cx->refargs.len; i++)
			if (map_has(cx->devassigned, cx->refparms.data[i]) && !map_has(cx->devassigned, cx->refargs.data[i])) {
				map_put(cx->devassigned, cx->refargs.data[i], (void *)1);
				map_put(cx->headvars, cx->refargs.data[i], (void *)"");
				again = 1;
			}
	}
	VEC_FREE(cx->refargs);
	VEC_FREE(cx->refparms);
}

static enum CXChildVisitResult changed_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	Ctx *cx = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	if (clang_getCursorKind(parent) == CXCursor_TranslationUnit && in_system(c))
		return CXChildVisit_Continue;
	if ((k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) ||
	    k == CXCursor_CompoundAssignOperator) {
		mark_changed_in(cx, kid(c, 0), header_of(cx, c, parent));
	} else if (k == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);
		if (u >= CXUnaryOperator_PostInc && u <= CXUnaryOperator_PreDec)
			mark_changed_in(cx, kid(c, 0), header_of(cx, c, parent));
		else if (u == CXUnaryOperator_AddrOf)
			mark_changed(cx, kid(c, 0));
	} else if (k == CXCursor_VarDecl && is_mutable_ref(clang_getCursorType(c))) {
		CursorVec v = kids(c);
		for (size_t i = 0; i < v.len; i++)
			if (clang_isExpression(clang_getCursorKind(v.data[i])))
				mark_changed(cx, v.data[i]);
		VEC_FREE(v);
	} else if (k == CXCursor_CallExpr && dependent_assign(cx, c) >= 0) {
		mark_changed_in(cx, kid(c, (unsigned)dependent_assign(cx, c)), header_of(cx, c, parent));
	} else if (k == CXCursor_CallExpr) {
		CXCursor fn = clang_getCursorReferenced(c);
		symbol_fill(cx, c, fn);
		int n = clang_Cursor_getNumArguments(c), np = clang_Cursor_getNumArguments(fn);
		if (clang_Cursor_isNull(fn))
			dependent_refs(cx, c);
		for (int i = 0; i < n && np >= 0; i++) {
			int pi = i - (n - np);          /* a member operator's object comes first */
			if (pi < 0 && clang_CXXMethod_isConst(fn) &&
			    is_lambda_type(clang_getCursorType(clang_Cursor_getArgument(c, (unsigned)i))))
				continue;               /* calling a lambda (not `mutable`) leaves it as it is */
			if (pi >= 0 && ref_to_ptr(cx, clang_Cursor_getArgument(c, (unsigned)i), clang_Cursor_getArgument(fn, (unsigned)pi)))
				continue;
			if (pi < 0 || is_mutable_ref(clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)pi))))
				mark_changed(cx, clang_Cursor_getArgument(c, (unsigned)i));
		}
	}
	return CXChildVisit_Recurse;
}

/* The local variable a for statement's init assigns (`for (i = 0; ...)`), else null. */
CXCursor for_counter(CXCursor f)
{
	CXCursor init = clang_getNullCursor(), lhs;

	if (clang_getCursorKind(f) != CXCursor_ForStmt || nkids(f) < 2)
		return init;
	init = strip(kid(f, 0));
	if (clang_getCursorKind(init) != CXCursor_BinaryOperator ||
	    clang_getCursorBinaryOperatorKind(init) != CXBinaryOperator_Assign)
		return clang_getNullCursor();
	lhs = strip(kid(init, 0));
	if (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr ||
	    clang_getCursorKind(clang_getCursorReferenced(lhs)) != CXCursor_VarDecl ||
	    clang_getCursorKind(clang_getCursorSemanticParent(clang_getCursorReferenced(lhs))) == CXCursor_TranslationUnit)
		return clang_getNullCursor();
	return clang_getCursorReferenced(lhs);
}

/* Loop-private counters: c is inside the for statements in `owners` (the keys of their
 * counters); a reference to a variable outside every for statement that assigns it in
 * its init, or such a for nested in another of the same variable, disqualifies it. */
static void scan_counters(Ctx *cx, CXCursor c, StrVec *owners)
{
	CursorVec v = kids(c);
	CXCursor ctr = for_counter(c);
	const char *key = NULL;
	int in = 0;

	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_VarDecl) {
		key = dkey(cx->a, clang_getCursorReferenced(c));
		for (size_t i = 0; i < owners->len && !in; i++)
			in = !strcmp(owners->data[i], key);
		if (!in)
			map_put(cx->loopbad, key, (void *)1);
	}
	if (!clang_Cursor_isNull(ctr)) {
		key = dkey(cx->a, ctr);
		for (size_t i = 0; i < owners->len && !in; i++)
			in = !strcmp(owners->data[i], key);
		map_put(in ? cx->loopbad : cx->loopcand, key, (void *)1);
		VEC_PUSH(*owners, key);
	}
	for (size_t i = 0; i < v.len; i++)
		scan_counters(cx, v.data[i], owners);
	if (!clang_Cursor_isNull(ctr))
		owners->len--;
	VEC_FREE(v);
}

void scan_changed(Ctx *cx)
{
	StrVec owners = {0};
	CursorVec top;

	if (cx->devassigned)
		return;
	cx->devassigned = map_create();
	cx->headvars = map_create();
	cx->loopbad = map_create();
	cx->loopcand = map_create();
	cx->hostfilled = map_create();
	clang_visitChildren(clang_getTranslationUnitCursor(cx->tu), changed_visit, cx);
	changed_by_refs(cx);
	scan_field_arrays(cx);
	top = kids(clang_getTranslationUnitCursor(cx->tu));
	for (size_t i = 0; i < top.len; i++)
		if (!in_system(top.data[i]))
			scan_counters(cx, top.data[i], &owners);
	VEC_FREE(top);
	VEC_FREE(owners);
}

void scan_free(Ctx *cx)
{
	Map **m[] = {&cx->devassigned, &cx->headvars, &cx->loopcand, &cx->loopbad, &cx->hostfilled, &cx->memfields};

	for (size_t i = 0; i < sizeof m / sizeof *m; i++) {
		if (*m[i])
			map_destroy(*m[i]);
		*m[i] = NULL;
	}
}

/* A variable whose value never flows from one for statement to anything else: every
 * use is inside a for statement whose init assigns it, and those do not nest (C89 style
 * `int i; for (i = 0; ...) ...; for (i = 0; ...)`). Each such loop may have its own. */
int is_loop_private(Ctx *cx, CXCursor var)
{
	const char *key = dkey(cx->a, var);

	return map_has(cx->loopcand, key) && !map_has(cx->loopbad, key);
}

static int is_stable(Lower *L, const KirExpr *e)
{
	switch (e->kind) {
	case KE_CONST: case KE_PARAM: case KE_BUILTIN:
		return 1;
	case KE_VAR:
		return L->stable.data[e->u.var];
	case KE_UNARY:
		return is_stable(L, e->u.un.x);
	case KE_CAST: case KE_BITCAST:
		return is_stable(L, e->u.x);
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		return is_stable(L, e->u.bin.l) && is_stable(L, e->u.bin.r);
	case KE_COND:
		return is_stable(L, e->u.cond.c) && is_stable(L, e->u.cond.t) && is_stable(L, e->u.cond.f);
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			if (!is_stable(L, e->u.math.args[i]))
				return 0;
		return 1;
	default:
		return 0;
	}
}

/* e keeps its value wherever it is used in the kernel: constants, parameters, builtins
 * and variables that keep theirs, combined (ptrnull.c). */
int is_stable_expr(Lower *L, const KirExpr *e)
{
	return is_stable(L, e);
}

/* A variable declared with `init` that keeps it (decl key `key` never changes). */
void note_stable(Lower *L, int var, const char *key, const KirExpr *init)
{
	if (init && !map_has(L->cx->devassigned, key)) {
		L->stable.data[var] = 1;
		L->cinit.data[var] = const_value(L, init);
		L->vinit.data[var] = init;
	}
}

/* e's constant value: e itself when it is a constant, the constant a variable was declared
 * with when it keeps it (an inlined function's by-value parameter bound to `16`, `int w =
 * 16;` never changed), else NULL. */
const KirExpr *const_value(Lower *L, const KirExpr *e)
{
	if (e->kind == KE_VAR)
		return L->cinit.data[e->u.var];
	return e->kind == KE_CONST ? e : NULL;
}

/* An offset kept as is when stable, else in a new KVK_OFFSET variable set here. */
KirExpr *fix_offset(Lower *L, KirExpr *off, const char *name, SrcLoc vloc, SrcLoc dloc, int *offvar)
{
	int v;

	if (!off || is_stable(L, off))
		return off;
	v = new_var(L, arena_printf(L->a, "%s.off", name), off->type, KVK_OFFSET, vloc);
	L->stable.data[v] = 1;
	emit_pending(L, decl_stmt(L, v, off, dloc));
	if (offvar)
		*offvar = v;
	return var_ref(L, v, dloc);
}
