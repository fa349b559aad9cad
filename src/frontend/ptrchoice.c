/* ptrchoice.c: a local pointer that is assigned addresses in different buffers
 * (`float *p; if (c) p = a; else p = b; p += off; x = *p;`), or that is never assigned
 * and initialised with `c ? a + i : b + j` or with an address through such a pointer
 * (`q = p + k`: a copy of p's choice). The candidates are the union over the assignments
 * of the function's local pointers, so pointers swapped through a third (`t = s; s = sn;
 * sn = t;`, `float *r = a, *w = b;` swapped each step) choose between the same buffers,
 * and `s = sn` copies the choice. It is kept as (which buffer,
 * offset): an i32 variable NAME.buf holding the index of the buffer among the candidates,
 * beside the pointer's offset variable. A load through it is a select over the candidates'
 * loads, a conditional expression whose arm that is not taken is never read (the C and
 * interp backends evaluate one arm; the raise selects between gathers, which clamp).
 * A store (`p[i] = v;`, `p[i] op= v;`, a statement of its own) is one guarded store per
 * candidate, `if (p.buf == 0) a[i] = v; else b[i] = v;`, with the offset and the value
 * computed once before them. Passed to a device function, it makes the parameter choose
 * between the same buffers by a copy of the choice (call.c bind_params). Anything else
 * done with such a pointer (an increment of an element, an atomic, a comparison, a view
 * of another type) is refused at its location by laddr. */
#include "parse.h"

/* The buffers a pointer variable may point into, read from the syntax alone (nothing
 * is lowered): the union over the assignment graph of the function's local pointer
 * variables, from the variable (its initialiser and each `v = expr`, an address rooted
 * in a parameter, a global, or another local pointer, whose own graph is then taken;
 * each variable once). */
typedef struct Scan {
	Lower *L;
	CXCursor fn;
	KirDType elem;           /* the element type every candidate must have; void: any */
	CXCursor seen[16];
	int nseen, nalt, alt[4];
	int bad;
} Scan;

static void scan_var_into(Scan *s, CXCursor v);

static void add_alt(Scan *s, int buf, KirDType view, int per)
{
	int i;

	if (buf < 0 || view != KT_VOID || per || (s->elem != KT_VOID && s->L->bufs.data[buf].elem != s->elem)) {
		s->bad = 1;
		return;
	}
	for (i = 0; i < s->nalt && s->alt[i] != buf; i++)
		;
	if (i == s->nalt) {
		if (i == 4)
			s->bad = 1;
		else
			s->alt[s->nalt++] = buf;
	}
}

/* The buffers pointer bind bd points into: its candidates, or its one buffer. */
static void add_bind(Scan *s, const Bind *bd)
{
	if (bd && bd->kind == BK_PTR && choosing(bd))
		for (int k = 0; k < bd->nalt; k++)
			add_alt(s, bd->alt[k], KT_VOID, 0);
	else if (bd && bd->kind == BK_PTR)
		add_alt(s, bd->buffer, bd->view, bd->per);
	else
		s->bad = 1;
}

/* Whether d is a pointer variable local to the function scanned (not __shared__: one
 * held in shared memory stays in the buffer its first assignment names, sharedvar.c). */
static int local_ptr(Scan *s, CXCursor d)
{
	return clang_getCursorKind(d) == CXCursor_VarDecl &&
	       clang_getCanonicalType(clang_getCursorType(d)).kind == CXType_Pointer &&
	       clang_equalCursors(clang_getCursorSemanticParent(d), s->fn) && !has_attr(d, CXCursor_CUDASharedAttr);
}

/* The type t points to, or for an array (a __shared__ array decaying to a pointer) the
 * type of its elements. */
static CXType pointee_or_elem(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ? clang_getArrayElementType(t) :
	       clang_getPointeeType(t);
}

/* The buffers address expression c is rooted in, through casts, + and -, & and [] (a
 * cast that reinterprets the elements is no candidate), `?:` both arms. */
static void scan_roots(Scan *s, CXCursor c)
{
	Bind *bd;

	for (;;) {
		switch (clang_getCursorKind(c)) {
		case CXCursor_ParenExpr: case CXCursor_UnexposedExpr: case CXCursor_CStyleCastExpr:
		case CXCursor_CXXStaticCastExpr: case CXCursor_CXXConstCastExpr: {
			CXCursor x = last_expr(c);
			if (clang_Cursor_isNull(x) || dt_of(clang_getPointeeType(clang_getCursorType(c))) !=
			    dt_of(pointee_or_elem(clang_getCursorType(x)))) {
				s->bad = 1;
				return;
			}
			c = x;
			continue;
		}
		case CXCursor_UnaryOperator:
			if ((bd = ptr_addr_target(s->L, c))) {     /* `*p`, p bound to `&r` (call.c) */
				add_bind(s, bd);
				return;
			}
			if (clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_AddrOf) {
				s->bad = 1;
				return;
			}
			c = kid(c, 0);
			continue;
		case CXCursor_ConditionalOperator:
			if (nkids(c) != 3 || is_null_ptr(kid(c, 1)) || is_null_ptr(kid(c, 2))) {
				s->bad = 1;
				return;
			}
			scan_roots(s, kid(c, 1));
			c = kid(c, 2);
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
			if (!ok) {
				s->bad = 1;
				return;
			}
			continue;
		}
		case CXCursor_DeclRefExpr:
			bd = lookup(s->L, clang_getCursorReferenced(c));
			if (local_ptr(s, clang_getCursorReferenced(c)) && (!bd || (bd->kind == BK_PTR && bd->buffer < 0 &&
			    bd->offvar >= 0 && !choosing(bd)))) {
				/* declared later, or a moving pointer whose first assignment is
				 * still ahead: its own graph */
				scan_var_into(s, clang_getCursorReferenced(c));
				return;
			}
			add_bind(s, bd);
			return;
		default:
			s->bad = 1;
			return;
		}
	}
}

typedef struct ScanVisit {
	Scan *s;
	CXCursor v;
} ScanVisit;

/* A call that takes the variable's address and another pointer's (`swap(&r, &w)`): the
 * callee may assign either to the other (call.c ptr_addr_alias), so each is an
 * assignment of the variable. */
static void scan_call(ScanVisit *sv, CXCursor c)
{
	int n = clang_Cursor_getNumArguments(c), mine = 0;
	CXCursor x;

	for (int i = 0; i < n; i++) {
		x = addr_of_var(clang_Cursor_getArgument(c, (unsigned)i));
		mine |= !clang_Cursor_isNull(x) && clang_equalCursors(clang_getCursorReferenced(x), sv->v);
	}
	for (int i = 0; i < n && mine; i++) {
		x = addr_of_var(clang_Cursor_getArgument(c, (unsigned)i));
		if (!clang_Cursor_isNull(x) && !clang_equalCursors(clang_getCursorReferenced(x), sv->v))
			scan_roots(sv->s, x);
	}
}

static enum CXChildVisitResult scan_assign(CXCursor c, CXCursor parent, CXClientData data)
{
	ScanVisit *sv = data;
	CursorVec v;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		scan_call(sv, c);
		return CXChildVisit_Recurse;
	}
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator ||
	    clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign)
		return CXChildVisit_Recurse;
	v = kids(c);
	if (v.len == 2 && clang_getCursorKind(strip(v.data[0])) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(strip(v.data[0])), sv->v))
		scan_roots(sv->s, v.data[1]);
	VEC_FREE(v);
	return CXChildVisit_Recurse;
}

/* Local pointer variable v's part of the graph: its initialiser and assignments. */
static void scan_var_into(Scan *s, CXCursor v)
{
	ScanVisit sv = {s, v};
	CXCursor init = clang_Cursor_getVarDeclInitializer(v);

	for (int i = 0; i < s->nseen; i++)
		if (clang_equalCursors(s->seen[i], v))
			return;
	if (s->nseen == 16) {
		s->bad = 1;
		return;
	}
	s->seen[s->nseen++] = v;
	if (!clang_Cursor_isNull(init))
		scan_roots(s, init);
	clang_visitChildren(s->fn, scan_assign, &sv);
}

/* The distinct buffers pointer d may point into (its initialiser, if any, first), into
 * alt; -1 if one cannot be told from the syntax or there are more than 4. */
static int scan_var(Lower *L, CXCursor d, int *alt)
{
	Scan s = {L, clang_getCursorSemanticParent(d), dt_of(clang_getPointeeType(clang_getCursorType(d))),
	          {{0}}, 0, 0, {0}, 0};

	if (clang_Cursor_isNull(s.fn))
		return -1;
	scan_var_into(&s, d);
	if (s.bad)
		return -1;
	memcpy(alt, s.alt, sizeof s.alt);
	return s.nalt;
}

/* A pointer that is assigned: the buffers its initialiser and assignments name, through
 * other local pointers (scan_var). With two or more (each a buffer of the pointer's
 * element type, read without a view), it chooses between them: b gets the candidates
 * and its choice variable, 0 until an assignment (the initialiser's, decl.c moving_ptr)
 * sets it. */
void choice_candidates(Lower *L, CXCursor d, Bind *b)
{
	b->nalt = scan_var(L, d, b->alt);
	if (b->nalt < 2) {
		b->nalt = 0;
		return;
	}
	b->choicevar = new_var(L, arena_printf(L->a, "%s.buf", spell(L->a, d)), KT_I32, KVK_LOCAL, cloc(L, d));
	emit_pending(L, decl_stmt(L, b->choicevar, frontend_new_int(L->a, KT_I32, 0, cloc(L, d)), cloc(L, d)));
}

/* Whether pointer bind b chooses between buffers (a local's choice in a variable, a
 * __shared__ one's in shared memory). */
int choosing(const Bind *b)
{
	return b->choicevar >= 0 || b->choicebuf >= 0;
}

/* The choice of choosing pointer b, as read now: its variable, or the element of its
 * shared buffer (every thread of the block reads the one choice, sharedvar.c). */
KirExpr *choice_ref(Lower *L, const Bind *b, SrcLoc l)
{
	KirExpr *e;

	if (b->choicebuf < 0)
		return var_ref(L, b->choicevar, l);
	e = frontend_new_expr(L->a, KE_LOAD, KT_I32, l);
	e->u.load.buffer = b->choicebuf;
	e->u.load.index = frontend_new_int(L->a, KT_I32, 0, l);
	return e;
}

/* A __shared__ pointer d (bind b, its offset in shared memory already, sharedvar.c)
 * assigned addresses in two or more buffers (HeCBench quicksort's `__shared__ T *s, *sn;`
 * set to `mys`/`mysn` by direction): the candidates as for a local pointer, its choice
 * an i32 in a shared buffer `NAME.buf` of one element beside `NAME.off`, set where the
 * pointer is assigned and read by every thread with the barrier rules and race checks
 * of any shared buffer. Nothing is set before the first assignment (CUDA leaves a
 * __shared__ variable undefined; the raise refuses a read of unset shared memory). */
void shared_choice_candidates(Lower *L, CXCursor d, Bind *b, const char *name)
{
	b->nalt = scan_var(L, d, b->alt);
	if (b->nalt < 2) {
		b->nalt = 0;
		return;
	}
	b->choicebuf = shared_scalar_buffer(L, arena_printf(L->a, "%s.buf", name), KT_I32, cloc(L, d));
}

/* `p = q` with q choosing too: p's choice is q's mapped to p's order of the candidates
 * (q.buf itself when the orders agree, else q.buf == 0 ? k0 : q.buf == 1 ? k1 : ... ). */
static KirExpr *choice_map(Lower *L, CXCursor c, const Bind *b, const Bind *q)
{
	SrcLoc l = cloc(L, c);
	KirExpr *e = NULL;
	int same = 1, map[4];

	for (int j = 0; j < q->nalt; j++) {
		for (map[j] = 0; map[j] < b->nalt && b->alt[map[j]] != q->alt[j]; map[j]++)
			;
		if (map[j] == b->nalt) {
			error_at(L, c, "the pointer is assigned one that may point into '%s', not one of the buffers it chooses between",
			    L->bufs.data[q->alt[j]].name);
			return NULL;
		}
		same &= map[j] == j;
	}
	if (same)
		return choice_ref(L, q, l);
	for (int j = q->nalt - 1; j >= 0; j--) {
		KirExpr *k = frontend_new_int(L->a, KT_I32, map[j], l), *x;
		if (!e) {
			e = k;
			continue;
		}
		x = frontend_new_expr(L->a, KE_COND, KT_I32, l);
		x->u.cond.c = frontend_new_binary(L->a, KB_EQ, KT_I1, choice_ref(L, q, l), frontend_new_int(L->a, KT_I32, j, l), l);
		x->u.cond.t = k;
		x->u.cond.f = e;
		e = x;
	}
	return e;
}

/* `p = address` of a choosing pointer: which buffer, then the offset assignment. The
 * address may be through another choosing pointer (`s = sn;` of a swap): a copy of its
 * choice. */
KirExpr *choice_assign(Lower *L, CXCursor c, Bind *b, Addr a, KirExpr *offassign)
{
	KirExpr *which;
	int k;

	for (k = 0; k < b->nalt && b->alt[k] != a.buffer; k++)
		;
	if (a.choice && a.buffer >= 0 && a.view == KT_VOID && !a.per) {
		if (!(which = choice_map(L, c, b, a.choice)))
			return poison(L, c);
	} else if (k == b->nalt || a.view != KT_VOID || a.per) {
		error_at(L, c, "the pointer is assigned an address in '%s', not one of the buffers it chooses between",
		    L->bufs.data[a.buffer].name);
		return poison(L, c);
	} else
		which = frontend_new_int(L->a, KT_I32, k, cloc(L, c));
	/* a statement of its own before the offset's (the affine strategy takes
	 * assignments, not a comma of two) */
	emit_pending(L, expr_stmt(L, b->choicebuf >= 0 ?
	    assign_elem(L, b->choicebuf, frontend_new_int(L->a, KT_I32, 0, cloc(L, c)), which, cloc(L, c)) :
	    assign_var(L, b->choicevar, which, cloc(L, c))));
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
		x = frontend_new_binary(L->a, KB_EQ, KT_I1, choice_ref(L, b, l), frontend_new_int(L->a, KT_I32, k, l), l);
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
			i->u.if_.cond = frontend_new_binary(L->a, KB_EQ, KT_I1, choice_ref(L, b, l),
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
	emit_pending(L, decl_stmt(L, b->choicevar, choice_ref(L, a.choice, l), l));
	b->offvar = new_var(L, arena_printf(L->a, "%s.off", name), KT_I64, KVK_OFFSET, l);
	emit_pending(L, decl_stmt(L, b->offvar, offset_of(L, &a, l), l));
	return b;
}
