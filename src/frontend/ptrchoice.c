/* ptrchoice.c: a local pointer that is assigned addresses in different buffers
 * (`float *p; if (c) p = a; else p = b; p += off; x = *p;`), or that is never assigned
 * and initialised with `c ? a + i : b + j` or with an address through such a pointer
 * (`q = p + k`: a copy of p's choice). It is kept as (which buffer,
 * offset): an i32 variable NAME.buf holding the index of the buffer among the candidates,
 * beside the pointer's offset variable. A load through it is a select over the candidates'
 * loads, a conditional expression whose arm that is not taken is never read (the C and
 * interp backends evaluate one arm; the raise selects between gathers, which clamp).
 * A store (`p[i] = v;`, `p[i] op= v;`, a statement of its own) is one guarded store per
 * candidate, `if (p.buf == 0) a[i] = v; else b[i] = v;`, with the offset and the value
 * computed once before them. Anything else done with such a pointer (an increment of an
 * element, an atomic, a comparison, a view of another type, passing it to a function) is
 * refused at its location by laddr. */
#include "parse.h"

typedef struct Scan {
	Lower *L;
	CXCursor d;
	int nalt, alt[4];
	int depth, bad;
} Scan;

static int scan_var(Lower *L, CXCursor d, int depth, int *alt);

/* The buffer an address expression is rooted in, read from the syntax alone (nothing is
 * lowered): a pointer parameter or global through casts, + and -, & and []; -1 if none. */
static int root_buffer(Lower *L, CXCursor c, KirDType *view, int depth)
{
	Bind *bd;

	for (;;) {
		switch (clang_getCursorKind(c)) {
		case CXCursor_ParenExpr: case CXCursor_UnexposedExpr: case CXCursor_CStyleCastExpr:
		case CXCursor_CXXStaticCastExpr: case CXCursor_CXXConstCastExpr: {
			CXCursor x = last_expr(c);
			if (clang_Cursor_isNull(x) || dt_of(clang_getPointeeType(clang_getCursorType(c))) !=
			    dt_of(clang_getPointeeType(clang_getCursorType(x))))
				return -1;
			c = x;
			continue;
		}
		case CXCursor_UnaryOperator:
			if (clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_AddrOf)
				return -1;
			c = kid(c, 0);
			continue;
		case CXCursor_ArraySubscriptExpr: case CXCursor_BinaryOperator: {
			CursorVec v = kids(c);
			int ok = v.len == 2;
			if (ok && clang_getCursorKind(c) == CXCursor_BinaryOperator) {
				enum CXBinaryOperatorKind k = clang_getCursorBinaryOperatorKind(c);
				ok = k == CXBinaryOperator_Add || k == CXBinaryOperator_Sub;
			}
			if (ok)
				c = is_ptr_expr(v.data[0]) ? v.data[0] : v.data[1];
			VEC_FREE(v);
			if (!ok)
				return -1;
			continue;
		}
		case CXCursor_DeclRefExpr:
			bd = lookup(L, clang_getCursorReferenced(c));
			if (bd && bd->kind == BK_PTR && bd->buffer < 0 && bd->offvar >= 0 && bd->choicevar < 0) {
				/* a local pointer whose first assignment is still ahead: the one
				 * buffer all its assignments name (`q = a + k; ... p = q;`) */
				int alt[4];
				if (depth >= 4 || scan_var(L, clang_getCursorReferenced(c), depth + 1, alt) != 1)
					return -1;
				*view = KT_VOID;
				return alt[0];
			}
			if (!bd || bd->kind != BK_PTR || bd->buffer < 0 || bd->choicevar >= 0)
				return -1;
			*view = bd->view;
			return bd->buffer;
		default:
			return -1;
		}
	}
}

static enum CXChildVisitResult scan_assign(CXCursor c, CXCursor parent, CXClientData data)
{
	Scan *s = data;
	KirDType view = KT_VOID;
	CursorVec v;
	int buf, i;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator ||
	    clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign)
		return CXChildVisit_Recurse;
	v = kids(c);
	if (v.len == 2 && clang_getCursorKind(strip(v.data[0])) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(strip(v.data[0])), s->d)) {
		buf = root_buffer(s->L, v.data[1], &view, s->depth);
		if (buf < 0 || view != KT_VOID || s->L->bufs.data[buf].elem !=
		    dt_of(clang_getPointeeType(clang_getCursorType(s->d))))
			s->bad = 1;
		else {
			for (i = 0; i < s->nalt && s->alt[i] != buf; i++)
				;
			if (i == s->nalt) {
				if (i == 4)
					s->bad = 1;
				else
					s->alt[s->nalt++] = buf;
			}
		}
	}
	VEC_FREE(v);
	return CXChildVisit_Recurse;
}

/* The distinct buffers the assignments of pointer d name, into alt; -1 if one cannot be
 * told from the syntax or there are more than 4. */
static int scan_var(Lower *L, CXCursor d, int depth, int *alt)
{
	Scan s = {L, d, 0, {0}, depth, 0};
	CXCursor fn = clang_getCursorSemanticParent(d);

	if (clang_Cursor_isNull(fn))
		return -1;
	clang_visitChildren(fn, scan_assign, &s);
	if (s.bad)
		return -1;
	memcpy(alt, s.alt, sizeof s.alt);
	return s.nalt;
}

/* A pointer declared without an initialiser: the buffers its assignments name. With two
 * or more (each a buffer of the pointer's element type, read without a view), it
 * chooses between them: b gets the candidates and its choice variable. */
void choice_candidates(Lower *L, CXCursor d, Bind *b)
{
	b->nalt = scan_var(L, d, 0, b->alt);
	if (b->nalt < 2) {
		b->nalt = 0;
		return;
	}
	b->choicevar = new_var(L, arena_printf(L->a, "%s.buf", spell(L->a, d)), KT_I32, KVK_LOCAL, cloc(L, d));
	emit_pending(L, decl_stmt(L, b->choicevar, frontend_new_int(L->a, KT_I32, 0, cloc(L, d)), cloc(L, d)));
}

/* `p = address` of a choosing pointer: which buffer, then the offset assignment. */
KirExpr *choice_assign(Lower *L, CXCursor c, Bind *b, Addr a, KirExpr *offassign)
{
	int k;

	for (k = 0; k < b->nalt && b->alt[k] != a.buffer; k++)
		;
	if (k == b->nalt || a.view != KT_VOID || a.per) {
		error_at(L, c, "the pointer is assigned an address in '%s', not one of the buffers it chooses between",
		    L->bufs.data[a.buffer].name);
		return poison(L, c);
	}
	/* a statement of its own before the offset's (the affine strategy takes
	 * assignments, not a comma of two) */
	emit_pending(L, expr_stmt(L, assign_var(L, b->choicevar, frontend_new_int(L->a, KT_I32, k, cloc(L, c)), cloc(L, c))));
	return offassign;
}

/* A load through a choosing pointer: choice == 0 ? alt0[off] : choice == 1 ? alt1[off] : ... */
KirExpr *choice_load(Lower *L, CXCursor c, Addr a)
{
	const Bind *b = a.choice;
	SrcLoc l = cloc(L, c);
	KirExpr *e = NULL, *off = a.off ? a.off : frontend_new_int(L->a, KT_I32, 0, l);

	for (int k = b->nalt - 1; k >= 0; k--) {
		KirExpr *ld = frontend_new_expr(L->a, KE_LOAD, L->bufs.data[b->alt[k]].elem, l), *x;
		ld->u.load.buffer = b->alt[k];
		ld->u.load.index = off;
		if (!e) {
			e = ld;
			continue;
		}
		x = frontend_new_binary(L->a, KB_EQ, KT_I1, var_ref(L, b->choicevar, l), frontend_new_int(L->a, KT_I32, k, l), l);
		KirExpr *s = frontend_new_expr(L->a, KE_COND, ld->type, l);
		s->u.cond.c = x;
		s->u.cond.t = ld;
		s->u.cond.f = e;
		e = s;
	}
	if (e->type != ctype(c) && ctype(c) != KT_VOID)
		return frontend_new_cast(L->a, ctype(c), e, e->loc);
	return e;
}

/* The assignment `assign` (lowered against the first candidate, alt[0]) of c through the
 * choosing pointer of a: the offset and value into temporaries, then
 * `if (p.buf == 0) alt0[off] op= v; else if (p.buf == 1) alt1[off] op= v; ... else altN[off] op= v;`
 * before the statement, which c must be (its value unused, not under a condition or in a
 * loop test, where a hoisted store would run when the expression does not). */
KirExpr *choice_store(Lower *L, CXCursor c, Addr a, KirExpr *assign)
{
	const Bind *b = a.choice;
	SrcLoc l = cloc(L, c);
	KirStmt *chain = NULL;
	KirExpr *idx = assign->u.assign.lv.index, *val = assign->u.assign.value;
	int iv, vv;

	if (!L->hoist_ok || clang_Cursor_isNull(L->stmt) || !clang_equalCursors(strip(L->stmt), c)) {
		error_at(L, c, "a store through a pointer choosing between buffers ('%s' or '%s') must be a statement of its own (`p[i] = v;`), not part of an expression or a loop header",
		    L->bufs.data[b->alt[0]].name, L->bufs.data[b->alt[1]].name);
		return poison(L, c);
	}
	/* the value first (C++17 sequences the right operand before the left) */
	vv = new_var(L, "store.val", val->type, KVK_TEMP, l);
	emit_pending(L, decl_stmt(L, vv, val, l));
	iv = new_var(L, "store.idx", idx->type, KVK_TEMP, l);
	emit_pending(L, decl_stmt(L, iv, idx, l));
	for (int k = b->nalt - 1; k >= 0; k--) {
		KirExpr *e = frontend_new_expr(L->a, KE_ASSIGN, assign->type, l);
		KirStmt *s;
		*e = *assign;
		e->u.assign.lv.buffer = b->alt[k];
		e->u.assign.lv.index = var_ref(L, iv, l);
		e->u.assign.value = var_ref(L, vv, l);
		s = expr_stmt(L, e);
		if (chain) {
			KirStmt *i = frontend_new_stmt(L->a, KS_IF, l);
			i->u.if_.cond = frontend_new_binary(L->a, KB_EQ, KT_I1, var_ref(L, b->choicevar, l),
			    frontend_new_int(L->a, KT_I32, k, l), l);
			i->u.if_.then = s;
			i->u.if_.els = chain;
			s = i;
		}
		chain = s;
	}
	emit_pending(L, chain);
	return var_ref(L, vv, l);
}

/* The address of one arm of a pointer `?:`, lowered apart; its buffer is -1 (said at the
 * arm) when it is not a plain address in one buffer or hoists statements. */
static Addr arm_addr(Lower *L, CXCursor arm, KirDType elem)
{
	StmtVec pre = {0}, *save = L->pending;
	int hs = L->hoist_ok;
	Addr a;

	L->pending = &pre;
	L->hoist_ok = 0;
	a = laddr(L, arm);
	L->pending = save;
	L->hoist_ok = hs;
	if (a.buffer >= 0 && (pre.len || a.view != KT_VOID || a.per || a.isnull || L->bufs.data[a.buffer].elem != elem)) {
		if (!L->failed)
			error_at(L, arm, "an arm of a pointer `?:` choosing between buffers must be the address of an element of the pointer's type, computed without effects or calls");
		a.buffer = -1;
	}
	VEC_FREE(pre);
	return a;
}

static KirExpr *offset_of(Lower *L, const Addr *a, SrcLoc l)
{
	return a->off ? conv(L, a->off, KT_I64) : frontend_new_int(L->a, KT_I64, 0, l);
}

/* A pointer that is never assigned, initialised with `c ? A : B` (A and B addresses of
 * its element type; HeCBench heartwall, storeKVCache) or with an address through a
 * choosing pointer (`dst = cache + k` with cache chosen so): a choosing pointer whose
 * choice and offset are variables set here. In one buffer, `c ? A + i : A + j`, it is a
 * pointer into it at the selected offset. NULL when init is neither (nothing lowered); a
 * bind whose buffer is -1 after an error. */
Bind *choice_init(Lower *L, CXCursor d, CXCursor init)
{
	CXCursor c = strip(init);
	KirDType elem = dt_of(clang_getPointeeType(clang_getCursorType(d)));
	SrcLoc l = cloc(L, d);
	const char *name = spell(L->a, d);
	Bind *b = new_bind(L, BK_PTR);
	KirExpr *sel, *off;
	Addr t, f;

	b->buffer = -1;
	if (clang_getCursorKind(c) != CXCursor_ConditionalOperator || nkids(c) != 3 ||
	    is_null_ptr(kid(c, 1)) || is_null_ptr(kid(c, 2)) || elem == KT_VOID)
		return NULL;
	sel = cond_of(L, kid(c, 0));
	t = arm_addr(L, kid(c, 1), elem);
	f = arm_addr(L, kid(c, 2), elem);
	if (t.buffer < 0 || f.buffer < 0)
		return b;
	b->buffer = t.buffer;
	if (t.buffer == f.buffer) {
		off = frontend_new_expr(L->a, KE_COND, KT_I64, l);
		off->u.cond.c = sel;
		off->u.cond.t = offset_of(L, &t, l);
		off->u.cond.f = offset_of(L, &f, l);
		b->off = fix_offset(L, off, name, l, l, &b->offvar);
		return b;
	}
	b->nalt = 2;
	b->alt[0] = t.buffer;
	b->alt[1] = f.buffer;
	b->choicevar = new_var(L, arena_printf(L->a, "%s.buf", name), KT_I32, KVK_LOCAL, l);
	off = frontend_new_expr(L->a, KE_COND, KT_I32, l);
	off->u.cond.c = sel;
	off->u.cond.t = frontend_new_int(L->a, KT_I32, 0, l);
	off->u.cond.f = frontend_new_int(L->a, KT_I32, 1, l);
	emit_pending(L, decl_stmt(L, b->choicevar, off, l));
	off = frontend_new_expr(L->a, KE_COND, KT_I64, l);
	off->u.cond.c = frontend_new_binary(L->a, KB_EQ, KT_I1, var_ref(L, b->choicevar, l), frontend_new_int(L->a, KT_I32, 0, l), l);
	off->u.cond.t = offset_of(L, &t, l);
	off->u.cond.f = offset_of(L, &f, l);
	b->offvar = new_var(L, arena_printf(L->a, "%s.off", name), KT_I64, KVK_OFFSET, l);
	emit_pending(L, decl_stmt(L, b->offvar, off, l));
	return b;
}

/* A pointer that is never assigned, initialised with address a through a choosing
 * pointer: it chooses between the same buffers, by a copy of the choice made here. */
Bind *choice_derived(Lower *L, CXCursor d, Addr a)
{
	SrcLoc l = cloc(L, d);
	const char *name = spell(L->a, d);
	Bind *b = new_bind(L, BK_PTR);

	b->buffer = a.buffer;
	b->nalt = a.choice->nalt;
	memcpy(b->alt, a.choice->alt, sizeof b->alt);
	b->choicevar = new_var(L, arena_printf(L->a, "%s.buf", name), KT_I32, KVK_LOCAL, l);
	emit_pending(L, decl_stmt(L, b->choicevar, var_ref(L, a.choice->choicevar, l), l));
	b->offvar = new_var(L, arena_printf(L->a, "%s.off", name), KT_I64, KVK_OFFSET, l);
	emit_pending(L, decl_stmt(L, b->offvar, offset_of(L, &a, l), l));
	return b;
}
