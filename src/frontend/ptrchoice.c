/* ptrchoice.c: a local pointer that is assigned addresses in different buffers
 * (`float *p; if (c) p = a; else p = b; p += off; x = *p;`). It is kept as (which buffer,
 * offset): an i32 variable NAME.buf holding the index of the buffer among the candidates,
 * beside the pointer's offset variable. A load through it is a select over the candidates'
 * loads, a conditional expression whose arm that is not taken is never read (the C and
 * interp backends evaluate one arm; the raise selects between gathers, which clamp).
 * Anything else done with such a pointer (a store, an atomic, a comparison, a view of
 * another type, passing it to a function) is refused at its location by laddr. */
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
