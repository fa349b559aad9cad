/* ptrnull.c: a pointer that is an address or null by a condition, `T *q = c ? A :
 * nullptr` (or `c ? nullptr : A`), in ptrresult.c's model of pointers that may be null.
 * Such an expression is A's address with the flag (Addr.isnull) `!c` (`c`); a local
 * pointer it initialises gets its null flag q.null as any other that may be null
 * (decl.c moving_ptr), so `if (q)`, `q != nullptr` and `!q` read that flag. A is
 * computed whether or not c holds, so it must be plain arithmetic: no call, assignment,
 * load or division (C++ [expr.cond] evaluates only the operand chosen).
 * A use of q's address must sit where q is provably not null (ptrresult.c
 * ptr_nonnull_enter, Bind.nonnull). Besides `if (q)`, when c keeps its value (stable.c:
 * parameters, never-assigned variables) and q is never assigned again, the source proves
 * it by c itself: the then-branch of `if (E)` with E (or an operand of its &&) the same
 * expression as c (`!c` for `c ? nullptr : A`), and the body of `for (int v = 0; v < E;
 * ...)` with E the same as c (the body runs only after 0 < E held, so E was not 0, and E
 * keeps its value). Refused at their location: an arm that is no plain address, a pointer
 * that may be null to a variable, and (addr.c refuse_null) any unproven use. */
#include "parse.h"

/* Parentheses and implicit conversions dropped. */
static CXCursor bare(CXCursor c)
{
	while ((clang_getCursorKind(c) == CXCursor_ParenExpr || clang_getCursorKind(c) == CXCursor_UnexposedExpr) &&
	       nkids(c) == 1)
		c = kid(c, 0);
	return c;
}

/* Whether offset e can be computed where the source computes nothing: no load, no
 * division (a trap on a zero divisor in the C backend), no call. */
static int plain_off(const KirExpr *e)
{
	if (!e)
		return 1;
	switch (e->kind) {
	case KE_CONST: case KE_PARAM: case KE_BUILTIN: case KE_VAR:
		return 1;
	case KE_UNARY:
		return plain_off(e->u.un.x);
	case KE_CAST: case KE_BITCAST:
		return plain_off(e->u.x);
	case KE_BINARY:
		return e->u.bin.op != KB_DIV && e->u.bin.op != KB_REM && plain_off(e->u.bin.l) && plain_off(e->u.bin.r);
	default:
		return 0;
	}
}

/* `c ? A : nullptr` or `c ? nullptr : A` (c, a conditional operator): A's address with
 * its flag, true where the pointer is null. 0 when neither or both arms are null
 * pointer constants (*out untouched). */
int ptr_null_select(Lower *L, CXCursor c, Addr *out)
{
	CXCursor arm;
	int neg;
	size_t before;
	KirExpr *cond;
	Addr a;

	if (nkids(c) != 3 || is_null_ptr(kid(c, 1)) == is_null_ptr(kid(c, 2)))
		return 0;
	neg = is_null_ptr(kid(c, 1));
	arm = kid(c, neg ? 2 : 1);
	cond = cond_of(L, kid(c, 0));
	before = L->pending ? L->pending->len : 0;
	a = laddr_null(L, arm);
	*out = a;
	out->buffer = -1;
	out->var = -1;
	if (L->failed)
		return 1;
	if (a.buffer < 0) {
		error_at(L, arm, "a pointer that may be null must point into memory (a buffer), not at a variable");
		return 1;
	}
	if (a.isnull) {
		error_at(L, arm, "a pointer that may be null cannot be chosen by a condition that may make it null too");
		return 1;
	}
	if ((L->pending ? L->pending->len : 0) != before || !plain_off(a.off)) {
		error_at(L, arm, "this address is computed whether or not the condition holds: the arm of `?:` beside a null pointer must be plain arithmetic (no call, assignment, load or division)");
		return 1;
	}
	a.isnull = neg ? conv(L, cond, KT_I1) : frontend_new_unary(L->a, KU_NOT, KT_I1, conv(L, cond, KT_I1), cloc(L, c));
	*out = a;
	return 1;
}

/* The spelling of literal c (its first token). */
static const char *lit_text(Lower *L, CXCursor c)
{
	CXToken *t = NULL;
	unsigned n = 0;
	const char *s = "";

	clang_tokenize(L->cx->tu, clang_getCursorExtent(c), &t, &n);
	if (n) {
		CXString x = clang_getTokenSpelling(L->cx->tu, t[0]);
		s = arena_printf(L->a, "%s", clang_getCString(x));
		clang_disposeString(x);
	}
	clang_disposeTokens(L->cx->tu, t, n);
	return s;
}

/* a and b are the same expression: the same operators on the same declarations and
 * literals. */
static int same_expr(Lower *L, CXCursor a, CXCursor b)
{
	enum CXCursorKind k;
	CursorVec va, vb;
	int same;

	a = bare(a);
	b = bare(b);
	k = clang_getCursorKind(a);
	if (k != clang_getCursorKind(b))
		return 0;
	switch (k) {
	case CXCursor_DeclRefExpr:
		return clang_equalCursors(clang_getCursorReferenced(a), clang_getCursorReferenced(b));
	case CXCursor_IntegerLiteral: case CXCursor_CXXBoolLiteralExpr:
		return !strcmp(lit_text(L, a), lit_text(L, b));
	case CXCursor_BinaryOperator:
		if (clang_getCursorBinaryOperatorKind(a) != clang_getCursorBinaryOperatorKind(b))
			return 0;
		break;
	case CXCursor_UnaryOperator:
		if (clang_getCursorUnaryOperatorKind(a) != clang_getCursorUnaryOperatorKind(b))
			return 0;
		break;
	default:
		return 0;
	}
	va = kids(a);
	vb = kids(b);
	same = va.len == vb.len;
	for (size_t i = 0; i < va.len && same; i++)
		same = same_expr(L, va.data[i], vb.data[i]);
	VEC_FREE(va);
	VEC_FREE(vb);
	return same;
}

/* Called by moving_ptr for local pointer d (bind b, initialiser init, address a): when
 * init is `c ? A : nullptr` (or `c ? nullptr : A`) with c stable and d never assigned,
 * c proves b not null (ptr_cond_enter). */
void ptr_null_note(Lower *L, CXCursor d, CXCursor init, Bind *b, const Addr *a)
{
	CXCursor c = bare(init);

	if (clang_Cursor_isNull(init) || clang_getCursorKind(c) != CXCursor_ConditionalOperator || nkids(c) != 3 ||
	    !a->isnull || !is_stable_expr(L, a->isnull) || map_has(L->cx->devassigned, dkey(L->a, d)) ||
	    is_null_ptr(kid(c, 1)) == is_null_ptr(kid(c, 2)))
		return;
	b->nullcond = kid(c, 0);
	b->nullneg = is_null_ptr(kid(c, 1));
	VEC_PUSH(L->condnull, b);
}

/* Whether fact f (true where the code runs) proves c, or !c when neg: f itself, or an
 * operand of its &&. */
static int proves(Lower *L, CXCursor f, CXCursor c, int neg)
{
	f = bare(f);
	if (clang_getCursorKind(f) == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(f) == CXBinaryOperator_LAnd &&
	    nkids(f) == 2)
		return proves(L, kid(f, 0), c, neg) || proves(L, kid(f, 1), c, neg);
	if (!neg)
		return same_expr(L, f, c);
	return clang_getCursorKind(f) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(f) == CXUnaryOperator_LNot &&
	       nkids(f) == 1 && same_expr(L, kid(f, 0), c);
}

/* Whether f being false proves c, or !c when neg: f is `!c` (`c`), or an operand of its
 * || is (`if (!c || ...) return;`). */
static int disproves(Lower *L, CXCursor f, CXCursor c, int neg)
{
	f = bare(f);
	if (clang_getCursorKind(f) == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(f) == CXBinaryOperator_LOr &&
	    nkids(f) == 2)
		return disproves(L, kid(f, 0), c, neg) || disproves(L, kid(f, 1), c, neg);
	if (neg)
		return same_expr(L, f, c);
	return clang_getCursorKind(f) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(f) == CXUnaryOperator_LNot &&
	       nkids(f) == 1 && same_expr(L, kid(f, 0), c);
}

/* Before lowering code that runs only where fact f holds (how: PN_TRUE f is true,
 * PN_FALSE f is false, PN_LOOP 0 < f held once): the pointers whose condition f proves
 * get their nonnull count raised, their binds added to marks[*n] (at most max); the
 * caller lowers them again after. */
void ptr_cond_enter(Lower *L, CXCursor f, int how, Bind **marks, int *n, int max)
{
	for (size_t i = 0; i < L->condnull.len && *n < max; i++) {
		Bind *b = L->condnull.data[i];
		int ok = how == PN_LOOP ? !b->nullneg && same_expr(L, f, b->nullcond) :
		         how == PN_FALSE ? disproves(L, f, b->nullcond, b->nullneg) : proves(L, f, b->nullcond, b->nullneg);
		if (!ok)
			continue;
		b->nonnull++;
		marks[(*n)++] = b;
	}
}

static int zero_init(CXCursor x)
{
	KirConst v;

	return eval_const(x, KT_I64, &v) && v.i == 0;
}

/* `for (int v = 0; v < E; ...)` (for statement f): E, else a null cursor. */
CXCursor ptr_loop_bound(CXCursor f)
{
	CXCursor init, cond, var, null = clang_getNullCursor();

	if (nkids(f) != 4)
		return null;
	init = kid(f, 0);
	cond = bare(kid(f, 1));
	if (clang_getCursorKind(init) != CXCursor_DeclStmt || nkids(init) != 1)
		return null;
	var = kid(init, 0);
	if (clang_getCursorKind(var) != CXCursor_VarDecl || nkids(var) != 1 || !zero_init(kid(var, 0)))
		return null;
	if (clang_getCursorKind(cond) != CXCursor_BinaryOperator || clang_getCursorBinaryOperatorKind(cond) != CXBinaryOperator_LT ||
	    nkids(cond) != 2 || clang_getCursorKind(bare(kid(cond, 0))) != CXCursor_DeclRefExpr ||
	    !clang_equalCursors(clang_getCursorReferenced(bare(kid(cond, 0))), var))
		return null;
	return kid(cond, 1);
}
