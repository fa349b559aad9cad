/* ptrresult.c: a device function whose result is a pointer (`uint32_t *node(int k)
 * { return pool + k * 32; }`), called where an address is wanted (dereferenced,
 * subscripted, offset, tested, bound to a pointer variable or passed on). The callee is
 * inlined as any other (call.c); its result is a pointer bind (buffer, offset variable
 * NAME.ret.off): each `return ADDR;` sets the offset, and the first one lowered fixes the
 * buffer and view, which every other return must name too. A callee that may return
 * null (`return 0;`, `return c ? &a[i] : 0;`, or the result of such a call) also sets an
 * i1 flag NAME.ret.null; so does every assignment to a local pointer that such a call
 * may set (`if ((v = f(x))) ... *v`). Such a pointer may be tested and assigned; any
 * other use must sit where it is provably not null, code that does not assign p and runs
 * only where a condition says so: the then-branch of an if, the right operand of &&, the
 * second operand of ?: (the condition `p`, `(p = f(x))`, `p != NULL`, joined by &&), the
 * else branch, the right operand of ||, the third operand of ?: (`!p`, `p == NULL`,
 * joined by ||) and the rest of a block after an early exit `if (!p) return;` (break,
 * continue). ptrnull.c adds the facts a condition `c` of `c ? A : nullptr` gives.
 * Refused at their location: a return of an address in another buffer or view or of no
 * buffer's, any other use of a pointer that may be null; a pointer result used
 * as a value other than an address stays refused by linline. */
#include "parse.h"

/* Whether c is a call of a user function that returns a pointer. */
static int is_ptr_call(Lower *L, CXCursor c)
{
	CXCursor fn = clang_getCursorReferenced(c), def;

	(void)L;
	if (clang_Cursor_isNull(fn) || clang_getCanonicalType(clang_getCursorType(c)).kind != CXType_Pointer)
		return 0;
	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl && clang_getCursorKind(fn) != CXCursor_CXXMethod)
		return 0;
	def = clang_getCursorDefinition(fn);
	return !clang_Cursor_isNull(def) && !in_system(def);
}

/* The address call c returns: the callee inlined with its result a pointer bind. 0 when
 * c is no call of a user function returning a pointer; then *out is untouched. */
int ptr_result_call(Lower *L, CXCursor c, Addr *out)
{
	Bind *b, *save_ret = L->ptr_ret;
	CXCursor save_call = L->ptr_call;

	if (!is_ptr_call(L, c))
		return 0;
	b = new_bind(L, BK_PTR);
	b->buffer = -1;
	L->ptr_call = c;
	L->ptr_ret = b;
	lcall(L, c);
	L->ptr_ret = save_ret;
	L->ptr_call = save_call;
	out->buffer = -1;
	out->off = NULL;
	out->var = -1;
	out->view = KT_VOID;
	out->per = 0;
	out->choice = NULL;
	out->isnull = NULL;
	if (L->failed)
		return 1;
	if (b->buffer < 0 || b->offvar < 0) {
		error_at(L, c, "the pointer this call returns cannot be resolved to a buffer and an offset");
		return 1;
	}
	out->buffer = b->buffer;
	out->view = b->view;
	out->per = b->per;
	out->off = var_ref(L, b->offvar, cloc(L, c));
	if (b->nullvar >= 0)
		out->isnull = var_ref(L, b->nullvar, cloc(L, c));
	return 1;
}

static int may_return_null(CXCursor def, int depth);

/* Whether expression x (a return's value or an assignment's) may be null: a null
 * constant, an arm of ?: that may be, a call of a function that may return null. */
static int null_expr(CXCursor x, int depth)
{
	enum CXCursorKind k;

	while ((clang_getCursorKind(x) == CXCursor_ParenExpr || clang_getCursorKind(x) == CXCursor_UnexposedExpr) && nkids(x) == 1)
		x = kid(x, 0);
	if (is_null_ptr(x))
		return 1;
	k = clang_getCursorKind(x);
	if (k == CXCursor_ConditionalOperator && nkids(x) == 3)
		return null_expr(kid(x, 1), depth) || null_expr(kid(x, 2), depth);
	if (k == CXCursor_CallExpr && depth < 4 && clang_getCanonicalType(clang_getCursorType(x)).kind == CXType_Pointer) {
		CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(x));
		return !clang_Cursor_isNull(def) && !in_system(def) && may_return_null(def, depth + 1);
	}
	return 0;
}

typedef struct NullScan {
	int depth, found;
	CXCursor d;               /* with an assignment scan: the pointer variable */
} NullScan;

static enum CXChildVisitResult scan_returns(CXCursor c, CXCursor parent, CXClientData data)
{
	NullScan *s = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_LambdaExpr)
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) == CXCursor_ReturnStmt && nkids(c) == 1 && null_expr(kid(c, 0), s->depth))
		s->found = 1;
	return s->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Whether function definition def has a return that may give a null pointer. */
static int may_return_null(CXCursor def, int depth)
{
	NullScan s = {depth, 0, clang_getNullCursor()};

	clang_visitChildren(def, scan_returns, &s);
	return s.found;
}

static enum CXChildVisitResult scan_assigns(CXCursor c, CXCursor parent, CXClientData data)
{
	NullScan *s = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign &&
	    nkids(c) == 2 && clang_getCursorKind(strip(kid(c, 0))) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(strip(kid(c, 0))), s->d) && null_expr(kid(c, 1), 0))
		s->found = 1;
	return s->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Whether local pointer d (initialiser init, may be null) may be null: its
 * initialiser or an assignment to it is an expression that may be. */
int ptr_may_be_null(Lower *L, CXCursor d, CXCursor init)
{
	NullScan s = {0, 0, d};
	CXCursor fn = clang_getCursorSemanticParent(d);

	if (!clang_Cursor_isNull(init) && null_expr(init, 0))
		return 1;
	if (clang_Cursor_isNull(fn) || !map_has(L->cx->devassigned, dkey(L->a, d)))
		return 0;
	clang_visitChildren(fn, scan_assigns, &s);
	return s.found;
}

/* The assignment of pointer b's null flag for an assignment of address a (a.buffer < 0:
 * of a null pointer). */
KirExpr *ptr_null_assign(Lower *L, CXCursor c, Bind *b, Addr a)
{
	KirExpr *v = a.buffer < 0 ? frontend_new_int(L->a, KT_I1, 1, cloc(L, c)) :
	             a.isnull ? a.isnull : frontend_new_int(L->a, KT_I1, 0, cloc(L, c));

	return assign_var(L, b->nullvar, v, cloc(L, c));
}

/* Called by linline for call c of fn, a function returning a pointer: its result bind,
 * the offset variable (and null flag) declared before the inlined block; NULL when c was
 * not lowered as an address (the caller refuses it). */
Bind *ptr_result_begin(Lower *L, CXCursor c, CXCursor fn, const char *name)
{
	Bind *b = L->ptr_ret;

	if (!b || !clang_equalCursors(c, L->ptr_call))
		return NULL;
	L->ptr_ret = NULL;
	b->offvar = new_var(L, arena_printf(L->a, "%s.ret.off", name), KT_I64, KVK_OFFSET, cloc(L, c));
	emit_pending(L, decl_stmt(L, b->offvar, frontend_new_int(L->a, KT_I64, 0, cloc(L, c)), cloc(L, c)));
	if (may_return_null(fn, 0)) {
		b->nullvar = new_var(L, arena_printf(L->a, "%s.ret.null", name), KT_I1, KVK_LOCAL, cloc(L, c));
		emit_pending(L, decl_stmt(L, b->nullvar, frontend_new_int(L->a, KT_I1, 1, cloc(L, c)), cloc(L, c)));
	}
	return b;
}

static KirExpr *return_arm(Lower *L, CXCursor x)
{
	ptr_result_return(L, x, L->fr->pret, L->fr->fn);
	return NULL;
}

/* `return c ? x : y;`: an if over the two returns, each arm lowered under its branch
 * (C++ [expr.cond]: only the chosen operand is evaluated). */
static void return_choice(Lower *L, CXCursor x, Bind *b)
{
	StmtVec ap = {0}, bp = {0};
	KirExpr *cond = cond_of(L, kid(x, 0));
	KirStmt *s;

	(void)b;
	lower_apart(L, return_arm, kid(x, 1), &ap);
	lower_apart(L, return_arm, kid(x, 2), &bp);
	if (cond->kind == KE_CONST) {
		StmtVec *taken = frontend_const_is_true(cond->u.c) ? &ap : &bp;
		for (size_t i = 0; i < taken->len; i++)
			emit_pending(L, taken->data[i]);
		VEC_FREE(ap);
		VEC_FREE(bp);
		return;
	}
	s = frontend_new_stmt(L->a, KS_IF, cloc(L, x));
	s->u.if_.cond = cond;
	s->u.if_.then = block_of(L, &ap, cloc(L, x));
	s->u.if_.els = block_of(L, &bp, cloc(L, x));
	VEC_FREE(ap);
	VEC_FREE(bp);
	emit_pending(L, s);
}

/* `return x;` in function fn whose result is pointer bind b: the assignments of its
 * offset and null flag, before the exit (errors reported at x). */
void ptr_result_return(Lower *L, CXCursor x, Bind *b, const char *fn)
{
	Addr a;
	CXCursor y = x;

	while ((clang_getCursorKind(y) == CXCursor_ParenExpr || clang_getCursorKind(y) == CXCursor_UnexposedExpr) && nkids(y) == 1)
		y = kid(y, 0);
	if (clang_getCursorKind(y) == CXCursor_ConditionalOperator && nkids(y) == 3) {
		return_choice(L, y, b);
		return;
	}
	if (is_null_ptr(x)) {
		if (b->nullvar < 0)
			die("ptrresult: a null return in '%s' the scan did not see", fn);
		emit_pending(L, expr_stmt(L, assign_var(L, b->nullvar, frontend_new_int(L->a, KT_I1, 1, cloc(L, x)), cloc(L, x))));
		return;
	}
	a = b->nullvar >= 0 ? laddr_null(L, x) : laddr(L, x);
	if (a.buffer < 0) {
		if (!L->failed)
			error_at(L, x, "'%s' returns an address that is not in a buffer the kernel can address", fn);
		return;
	}
	if (b->buffer < 0) {
		b->buffer = a.buffer;
		b->view = a.view;
		b->per = a.per;
	} else if (a.buffer != b->buffer || a.view != b->view || a.per != b->per) {
		error_at(L, x, "'%s' returns an address in '%s' here and in '%s' (or through another view) elsewhere: a pointer result in several buffers cannot be translated",
		    fn, L->bufs.data[a.buffer].name, L->bufs.data[b->buffer].name);
		return;
	}
	if (b->nullvar >= 0)
		emit_pending(L, expr_stmt(L, ptr_null_assign(L, x, b, a)));
	emit_pending(L, expr_stmt(L, assign_var(L, b->offvar, a.off ? conv(L, a.off, KT_I64) :
	                                        frontend_new_int(L->a, KT_I64, 0, cloc(L, x)), cloc(L, x))));
}

/* ---- where a pointer is not null ---- */

static enum CXChildVisitResult scan_set(CXCursor c, CXCursor parent, CXClientData data)
{
	NullScan *s = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign &&
	    nkids(c) == 2 && clang_getCursorKind(strip(kid(c, 0))) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(strip(kid(c, 0))), s->d))
		s->found = 1;
	return s->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* The pointers condition c says are not null, into marks: `p`, `(p = x)`, `p != NULL`,
 * `NULL != p`, and those of both sides of &&. */
static int nonnull_in(Lower *L, CXCursor c, CXCursor *decls, int n, int max)
{
	enum CXCursorKind k;

	while ((clang_getCursorKind(c) == CXCursor_ParenExpr || clang_getCursorKind(c) == CXCursor_UnexposedExpr) && nkids(c) == 1)
		c = kid(c, 0);
	k = clang_getCursorKind(c);
	if (k == CXCursor_DeclRefExpr && is_ptr_expr(c) && n < max) {
		decls[n++] = clang_getCursorReferenced(c);
		return n;
	}
	if (k != CXCursor_BinaryOperator || nkids(c) != 2)
		return n;
	switch (clang_getCursorBinaryOperatorKind(c)) {
	case CXBinaryOperator_LAnd:
		n = nonnull_in(L, kid(c, 0), decls, n, max);
		return nonnull_in(L, kid(c, 1), decls, n, max);
	case CXBinaryOperator_Assign:
		return is_ptr_expr(kid(c, 0)) ? nonnull_in(L, kid(c, 0), decls, n, max) : n;
	case CXBinaryOperator_NE:
		if (is_null_ptr(kid(c, 0)) != is_null_ptr(kid(c, 1)))
			return nonnull_in(L, is_null_ptr(kid(c, 0)) ? kid(c, 1) : kid(c, 0), decls, n, max);
		return n;
	default:
		return n;
	}
}

/* Before lowering body, the then-branch of `if (cond)`: the pointers that may be null,
 * that cond says are not, and that body does not assign, get their nonnull count raised
 * (the caller lowers them again after body); their binds into marks, their number
 * returned. */
int ptr_nonnull_enter(Lower *L, CXCursor cond, CXCursor body, Bind **marks, int max)
{
	CXCursor decls[8];
	int n = nonnull_in(L, cond, decls, 0, max < 8 ? max : 8), m = 0;

	for (int i = 0; i < n; i++) {
		Bind *b = lookup(L, decls[i]);
		NullScan s = {0, 0, decls[i]};
		if (!b || b->kind != BK_PTR || b->nullvar < 0)
			continue;
		clang_visitChildren(body, scan_set, &s);
		if (s.found)
			continue;
		b->nonnull++;
		marks[m++] = b;
	}
	ptr_cond_enter(L, cond, PN_TRUE, marks, &m, max);    /* `if (c)` for `c ? A : nullptr` (ptrnull.c) */
	return m;
}

/* The pointers that condition g being false says are not null, into decls: `!p`,
 * `p == NULL`, `NULL == p`, and those of both sides of ||. */
static int null_in(CXCursor g, CXCursor *decls, int n, int max)
{
	g = strip(g);
	if (clang_getCursorKind(g) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(g) == CXUnaryOperator_LNot &&
	    nkids(g) == 1) {
		CXCursor p = strip(kid(g, 0));
		if (clang_getCursorKind(p) == CXCursor_DeclRefExpr && is_ptr_expr(p) && n < max)
			decls[n++] = clang_getCursorReferenced(p);
		return n;
	}
	if (clang_getCursorKind(g) != CXCursor_BinaryOperator || nkids(g) != 2)
		return n;
	if (clang_getCursorBinaryOperatorKind(g) == CXBinaryOperator_LOr)
		return null_in(kid(g, 1), decls, null_in(kid(g, 0), decls, n, max), max);
	if (clang_getCursorBinaryOperatorKind(g) == CXBinaryOperator_EQ && is_null_ptr(kid(g, 0)) != is_null_ptr(kid(g, 1))) {
		CXCursor p = strip(is_null_ptr(kid(g, 0)) ? kid(g, 1) : kid(g, 0));
		if (clang_getCursorKind(p) == CXCursor_DeclRefExpr && is_ptr_expr(p) && n < max)
			decls[n++] = clang_getCursorReferenced(p);
	}
	return n;
}

/* Whether statement s never completes normally: a return, break or continue, or a
 * block that ends in one (every path leaves at one of its jumps or at the last). */
static int leaves(CXCursor s)
{
	enum CXCursorKind k = clang_getCursorKind(s);
	unsigned n;

	if (k == CXCursor_ReturnStmt || k == CXCursor_BreakStmt || k == CXCursor_ContinueStmt)
		return 1;
	return k == CXCursor_CompoundStmt && (n = nkids(s)) > 0 && leaves(kid(s, n - 1));
}

/* Before lowering code that runs only where condition g is false (the statements
 * scope[0..ns) of it): the pointers that may be null, that g being false says are not
 * and that scope does not assign, get their nonnull count raised (the caller lowers
 * them again after); their binds into marks, their number returned. */
static int false_enter(Lower *L, CXCursor g, const CXCursor *scope, size_t ns, Bind **marks, int max)
{
	CXCursor decls[8];
	int n = null_in(g, decls, 0, max < 8 ? max : 8), m = 0;

	for (int d = 0; d < n; d++) {
		Bind *b = lookup(L, decls[d]);
		NullScan sc = {0, 0, decls[d]};
		if (!b || b->kind != BK_PTR || b->nullvar < 0)
			continue;
		for (size_t j = 0; j < ns && !sc.found; j++)
			if (scan_set(scope[j], g, &sc) == CXChildVisit_Recurse)
				clang_visitChildren(scope[j], scan_set, &sc);
		if (sc.found)
			continue;
		b->nonnull++;
		marks[m++] = b;
	}
	ptr_cond_enter(L, g, PN_FALSE, marks, &m, max);
	return m;
}

/* As ptr_nonnull_enter, for body that runs only where cond is false (an else branch,
 * the third operand of ?:, the right operand of ||). */
int ptr_null_enter(Lower *L, CXCursor cond, CXCursor body, Bind **marks, int max)
{
	return false_enter(L, cond, &body, 1, marks, max);
}

/* After statement i of a block, stmts, was lowered: when it is an early exit `if (G)
 * return;` (break, continue; no else) the rest of the block runs only where G is false,
 * and false_enter raises the pointers that says are not null (the caller lowers them
 * again at the end of the block). None when a later statement is a case or a label
 * (code reached without passing the exit). */
int ptr_exit_enter(Lower *L, const CursorVec *stmts, size_t i, Bind **marks, int max)
{
	CXCursor s = stmts->data[i];

	if (clang_getCursorKind(s) != CXCursor_IfStmt || nkids(s) != 2 || !leaves(kid(s, 1)) || max <= 0)
		return 0;
	for (size_t j = i + 1; j < stmts->len; j++) {
		enum CXCursorKind k = clang_getCursorKind(stmts->data[j]);
		if (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt || k == CXCursor_LabelStmt)
			return 0;
	}
	return false_enter(L, kid(s, 0), stmts->data + i + 1, stmts->len - i - 1, marks, max);
}
