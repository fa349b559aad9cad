/* stmt.c: statements. Consumes a libclang statement cursor; appends KirStmt nodes to
 * the current block (hoisted statements first): blocks, declarations, expressions, if,
 * for (with `#pragma unroll` and its header kept stable), while and do, switch (cases
 * as ifs over segments), break and continue, return (a label out of an inlined call). */
#include "parse.h"

KirStmt *lsub(Lower *L, CXCursor c)
{
	StmtVec v = {0}, *save = L->pending;
	int hs = L->hoist_ok;

	L->pending = &v;
	L->hoist_ok = 1;
	ls(L, c);
	L->pending = save;
	L->hoist_ok = hs;
	if (v.len == 1 && v.data[0]->kind == KS_BLOCK && clang_getCursorKind(c) == CXCursor_CompoundStmt) {
		KirStmt *s = v.data[0];
		VEC_FREE(v);
		return s;
	}
	return block_of(L, &v, cloc(L, c));
}

static void push(Lower *L, KirStmt *s)
{
	emit_pending(L, s);
}

/* A statement `if (!cond) break;`. */
static KirStmt *break_unless(Lower *L, KirExpr *cond)
{
	KirStmt *s = frontend_new_stmt(L->a, KS_IF, cond->loc);

	s->u.if_.cond = frontend_new_unary(L->a, KU_NOT, KT_I1, cond, cond->loc);
	s->u.if_.then = frontend_new_stmt(L->a, KS_BREAK, cond->loc);
	return s;
}

/* Every `continue` of this loop's body (not of loops inside it) becomes an exit of the
 * labelled block the body is wrapped in, so that what follows the body in the new loop
 * body (a test or step that hoists statements) still runs. Returns how many. */
static int continue_to_exit(KirStmt *s, int label)
{
	int n = 0;

	if (!s)
		return 0;
	switch (s->kind) {
	case KS_CONTINUE:
		s->kind = KS_EXIT;
		s->u.label = label;
		return 1;
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			n += continue_to_exit(s->u.block.stmts[i], label);
		return n;
	case KS_IF:
		return continue_to_exit(s->u.if_.then, label) + continue_to_exit(s->u.if_.els, label);
	default:
		return 0;
	}
}

/* The loop body as a block that a `continue` leaves (see continue_to_exit). */
static KirStmt *continue_block(Lower *L, KirStmt *body)
{
	StmtVec one = {0};
	KirStmt *b;
	int label = ++L->nlabels;

	VEC_PUSH(one, body);
	b = block_of(L, &one, body->loc);
	if (continue_to_exit(body, label))
		b->u.block.label = label;
	else
		L->nlabels--;
	return b;
}

/* A loop whose test (cpre) or step (spre) hoists statements (a call of a device function
 * with several statements) evaluates them on every trip, where C++ does: the test moves
 * into the body as `cpre; if (!test) break;` (first, or after the body of a do loop),
 * and a step that hoists moves to the end of the body. s becomes `for (init; ; step)`. */
static void test_in_body(Lower *L, KirStmt *s, int is_do, StmtVec *cpre, KirExpr *cond, StmtVec *spre)
{
	StmtVec nb = {0};
	KirStmt *body = s->u.for_.body;
	KirExpr *step = s->u.for_.step;

	if (is_do || spre->len)
		body = continue_block(L, body);
	if (is_do)
		VEC_PUSH(nb, body);
	for (size_t i = 0; i < cpre->len; i++)
		VEC_PUSH(nb, cpre->data[i]);
	if (cond)
		VEC_PUSH(nb, break_unless(L, cond));
	if (!is_do)
		VEC_PUSH(nb, body);
	if (spre->len) {
		for (size_t i = 0; i < spre->len; i++)
			VEC_PUSH(nb, spre->data[i]);
		if (step)
			VEC_PUSH(nb, expr_stmt(L, step));
		s->u.for_.step = NULL;
	}
	s->u.for_.cond = NULL;
	s->u.for_.body = block_of(L, &nb, body->loc);
	VEC_FREE(nb);
}

static KirStmt *loop_body(Lower *L, CXCursor c)
{
	int sb = L->brk, sl = L->in_loop;
	KirStmt *s;

	L->brk = 0;
	L->in_loop = 1;
	L->loops++;
	s = lsub(L, c);
	L->loops--;
	L->brk = sb;
	L->in_loop = sl;
	return s;
}

static unsigned offset_of(CXSourceLocation l)
{
	unsigned off;

	clang_getSpellingLocation(l, NULL, NULL, NULL, &off);
	return off;
}

/* Variables changed only in this for statement's header (the counter) keep their
 * value while its body runs, so a pointer made in the body may use them in a
 * substituted offset; they are stable for the body, and `held` lists them. */
static void header_stable(Lower *L, CXCursor loop, IntVec *h)
{
	const char *fk = dkey(L->a, loop), *k;
	void *v;

	for (size_t it = 0; map_next(L->cx->headvars, &it, &k, &v);) {
		Bind *b;
		if (strcmp(v, fk) || !(b = find_bind(L, k)) || b->kind != BK_VAR || L->stable.data[b->idx])
			continue;
		L->stable.data[b->idx] = 1;
		VEC_PUSH(*h, b->idx);
	}
}

/* A loop-private counter (is_loop_private: `int i; for (i = 0; ...)` where i is used
 * only inside such loops) gets a variable of its own for this loop, so that loops in
 * different barrier phases do not share one: a loop in a phase is the thread's own, a
 * loop around barriers the block's. Returns the bind to restore after the loop. */
static Bind *own_counter(Lower *L, CXCursor loop)
{
	CXCursor ctr = for_counter(loop);
	Bind *outer, *own;

	if (clang_Cursor_isNull(ctr) || !is_loop_private(L->cx, ctr) || !(outer = lookup(L, ctr)) ||
	    outer->kind != BK_VAR)
		return NULL;
	own = new_bind(L, BK_VAR);
	own->idx = new_var(L, spell(L->a, ctr), L->vars.data[outer->idx].type, KVK_LOCAL, cloc(L, ctr));
	push(L, decl_stmt(L, own->idx, NULL, cloc(L, loop)));
	put_bind(L, dkey(L->a, ctr), own);
	return outer;
}

/* libclang lists only the present parts of `for (init; cond; inc)`: the semicolons
 * of the header tell which child is which. */
static int is_comma(CXCursor c)
{
	return clang_getCursorKind(c) == CXCursor_BinaryOperator &&
	       clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Comma && nkids(c) == 2;
}

/* A comma expression with a barrier among its operands (`nt /= 2, __syncthreads()` in a
 * for header): used as a statement, it is lowered as its operands' statements in order
 * (a barrier is a statement, never a value). */
static int comma_with_barrier(Lower *L, CXCursor c)
{
	c = strip(c);
	if (!is_comma(c))
		return 0;
	for (int i = 0; i < 2; i++) {
		CXCursor x = strip(kid(c, i));
		if (comma_with_barrier(L, x))
			return 1;
		if (clang_getCursorKind(x) == CXCursor_CallExpr) {
			const char *n = spell(L->a, clang_getCursorReferenced(x));
			if (n && (!strcmp(n, "__syncthreads") || !strcmp(n, "__syncwarp") || !strcmp(n, "sync")))
				return 1;
		}
	}
	return 0;
}

static void lcomma_stmt(Lower *L, CXCursor c)
{
	c = strip(c);
	if (!is_comma(c)) {
		ls(L, c);
		return;
	}
	lcomma_stmt(L, kid(c, 0));
	lcomma_stmt(L, kid(c, 1));
}

/* The expression reads and writes only the thread's own variables (locals and by-value
 * parameters: no memory access, no call), so a barrier may move across it. */
static int own_vars_only(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	int n = nkids(c);

	switch (k) {
	case CXCursor_IntegerLiteral: case CXCursor_FloatingLiteral: case CXCursor_CharacterLiteral:
	case CXCursor_CXXBoolLiteralExpr:
		return 1;
	case CXCursor_DeclRefExpr: {
		CXCursor d = clang_getCursorReferenced(c);
		enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(d));
		if (clang_getCursorKind(d) == CXCursor_ParmDecl)
			return 1;
		return clang_getCursorKind(d) == CXCursor_VarDecl && !has_attr(d, CXCursor_CUDASharedAttr) &&
		       clang_Cursor_getStorageClass(d) != CX_SC_Static &&
		       (pk == CXCursor_FunctionDecl || pk == CXCursor_FunctionTemplate || pk == CXCursor_CXXMethod);
	}
	case CXCursor_UnaryOperator:
		if (clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref ||
		    clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf)
			return 0;
		/* fall through */
	case CXCursor_BinaryOperator: case CXCursor_CompoundAssignOperator: case CXCursor_ParenExpr:
	case CXCursor_UnexposedExpr: case CXCursor_CStyleCastExpr: case CXCursor_ConditionalOperator:
		for (int i = 0; i < n; i++)
			if (!own_vars_only(kid(c, i)))
				return 0;
		return n > 0;
	default:
		return 0;
	}
}

/* The operands of a comma step other than its barriers, which all touch only the thread's
 * own variables (then `for (...; ...; nt /= 2, __syncthreads()) body` is `for (...; ...;
 * nt /= 2) { body; __syncthreads(); }`: a barrier orders memory, and no operand moved
 * across it reads or writes memory). Returns 0 when some operand does more. */
static int split_step(Lower *L, CXCursor c, CursorVec *ops, int *nbar)
{
	c = strip(c);
	if (is_comma(c))
		return split_step(L, kid(c, 0), ops, nbar) && split_step(L, kid(c, 1), ops, nbar);
	if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		const char *n = spell(L->a, clang_getCursorReferenced(c));
		if (strcmp(n, "__syncthreads"))
			return 0;
		(*nbar)++;
		return 1;
	}
	if (!own_vars_only(c))
		return 0;
	VEC_PUSH(*ops, c);
	return 1;
}

static void lfor(Lower *L, CXCursor c)
{
	CursorVec v = kids(c);
	CXToken *toks;
	unsigned nt, semi[2] = {0, 0}, ns = 0;
	int depth = 0;
	KirStmt *s = frontend_new_stmt(L->a, KS_FOR, cloc(L, c));
	StmtVec initv = {0}, cpre = {0}, spre = {0}, *save = L->pending;
	Bind *outer = own_counter(L, c);
	int step_barriers = 0;
	CXCursor step_loc = c;

	s->u.for_.unroll = L->unroll;
	L->unroll = 0;

	clang_tokenize(L->cx->tu, clang_getCursorExtent(c), &toks, &nt);
	for (unsigned i = 0; i < nt && ns < 2; i++) {
		CXString sp = clang_getTokenSpelling(L->cx->tu, toks[i]);
		const char *t = clang_getCString(sp);
		if (!strcmp(t, "(")) depth++;
		else if (!strcmp(t, ")")) depth--;
		else if (!strcmp(t, ";") && depth == 1)
			semi[ns++] = offset_of(clang_getTokenLocation(L->cx->tu, toks[i]));
		clang_disposeString(sp);
	}
	clang_disposeTokens(L->cx->tu, toks, nt);
	for (size_t i = 0; i + 1 < v.len; i++) {
		unsigned off = offset_of(clang_getRangeStart(clang_getCursorExtent(v.data[i])));
		if (off < semi[0] && comma_with_barrier(L, v.data[i])) {
			lcomma_stmt(L, v.data[i]);     /* before the loop: a barrier is no loop init */
		} else if (off < semi[0]) {
			L->pending = &initv;
			ls(L, v.data[i]);
			L->pending = save;
		} else if (off < semi[1]) {
			s->u.for_.cond = lower_apart(L, cond_of, v.data[i], &cpre);
		} else if (comma_with_barrier(L, v.data[i])) {
			CursorVec ops = {0};
			if (split_step(L, v.data[i], &ops, &step_barriers)) {
				KirExpr *e = NULL;
				for (size_t j = 0; j < ops.len; j++) {
					KirExpr *x = lower_apart(L, lx, ops.data[j], &spre);
					if (e) {
						KirExpr *cm = frontend_new_expr(L->a, KE_COMMA, x->type, x->loc);
						cm->u.comma.l = e;
						cm->u.comma.r = x;
						x = cm;
					}
					e = x;
				}
				s->u.for_.step = e;
				step_loc = v.data[i];
			} else {
				step_barriers = 0;
				L->pending = &spre;
				lcomma_stmt(L, v.data[i]);
				L->pending = save;
			}
			VEC_FREE(ops);
		} else {
			s->u.for_.step = lower_apart(L, lx, v.data[i], &spre);
		}
	}
	if (initv.len)
		s->u.for_.init = initv.len == 1 ? initv.data[0] : block_of(L, &initv, cloc(L, c));
	VEC_FREE(initv);
	if (v.len) {
		IntVec held = {0};
		Bind *marks[8];    /* pointers `E ? A : nullptr` with E the bound (ptrnull.c) */
		int nm = 0;
		CXCursor bound = ptr_loop_bound(c);
		header_stable(L, c, &held);
		if (!clang_Cursor_isNull(bound))
			ptr_cond_enter(L, bound, PN_LOOP, marks, &nm, 8);
		s->u.for_.body = loop_body(L, v.data[v.len - 1]);
		while (nm > 0)
			marks[--nm]->nonnull--;
		if (step_barriers) {     /* the step's barriers end each trip, after a continue too */
			StmtVec nb = {0};
			KirStmt *b = continue_block(L, s->u.for_.body);
			if (b->u.block.label)
				VEC_PUSH(nb, b);
			else if (s->u.for_.body->kind == KS_BLOCK && !s->u.for_.body->u.block.label)
				for (size_t j = 0; j < s->u.for_.body->u.block.nstmts; j++)     /* no continue: one flat body */
					VEC_PUSH(nb, s->u.for_.body->u.block.stmts[j]);
			else
				VEC_PUSH(nb, s->u.for_.body);
			for (int j = 0; j < step_barriers; j++)
				VEC_PUSH(nb, sync_stmt(L, step_loc, KSY_THREADS, NULL, -1));
			s->u.for_.body = block_of(L, &nb, s->u.for_.body->loc);
			VEC_FREE(nb);
		}
		for (size_t i = 0; i < held.len; i++)
			L->stable.data[held.data[i]] = 0;
		VEC_FREE(held);
	}
	VEC_FREE(v);
	if (cpre.len || spre.len)
		test_in_body(L, s, 0, &cpre, s->u.for_.cond, &spre);
	VEC_FREE(cpre);
	VEC_FREE(spre);
	push(L, s);
	if (outer)
		put_bind(L, dkey(L->a, for_counter(c)), outer);
}

typedef struct Segment {
	CursorVec vals;          /* case values; empty for default */
	int is_default;
	CursorVec stmts;
} Segment;

/* The statement never completes normally: it ends in a break, continue, exit or return
 * on every path (a `{ ...; break; }` case body). */
static int always_leaves(const KirStmt *s)
{
	switch (s->kind) {
	case KS_EXIT: case KS_RETURN: case KS_BREAK: case KS_CONTINUE:
		return 1;
	case KS_BLOCK:
		return !s->u.block.label && s->u.block.nstmts && always_leaves(s->u.block.stmts[s->u.block.nstmts - 1]);
	case KS_IF:
		return s->u.if_.els && always_leaves(s->u.if_.then) && always_leaves(s->u.if_.els);
	default:
		return 0;
	}
}

/* switch: a labelled block holding an if-chain; each case body runs on into the
 * following ones (fall-through), and `break` leaves the block. */
static void lswitch(Lower *L, CXCursor c)
{
	CursorVec v = kids(c), body;
	VEC(Segment) segs = {0};
	KirExpr *x;
	int tmp, label = ++L->nlabels, sb = L->brk;
	StmtVec outer = {0}, *save = L->pending;
	KirStmt *chain = NULL, **tail = &chain;

	if (v.len != 2) {
		VEC_FREE(v);
		error_at(L, c, "unsupported switch statement");
		return;
	}
	x = lx(L, v.data[0]);
	tmp = new_var(L, "switch", x->type, KVK_TEMP, cloc(L, c));
	push(L, decl_stmt(L, tmp, x, cloc(L, c)));
	body = kids(v.data[1]);
	for (size_t i = 0; i < body.len; i++) {
		CXCursor s = body.data[i];
		enum CXCursorKind k = clang_getCursorKind(s);
		if (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt) {
			Segment sg = {{0}, 0, {0}};
			while (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt) {
				if (k == CXCursor_DefaultStmt) {
					sg.is_default = 1;
					s = kid(s, 0);
				} else {
					VEC_PUSH(sg.vals, kid(s, 0));
					s = kid(s, 1);
				}
				k = clang_getCursorKind(s);
			}
			VEC_PUSH(sg.stmts, s);
			VEC_PUSH(segs, sg);
		} else if (segs.len) {
			VEC_PUSH(VEC_LAST(segs).stmts, s);
		}
	}
	L->brk = label;
	for (size_t i = 0; i < segs.len; i++) {
		StmtVec bv = {0};
		KirExpr *cond = NULL;
		KirStmt *blk, *ifs;
		L->pending = &bv;
		for (size_t j = i; j < segs.len; j++) {
			for (size_t s = 0; s < segs.data[j].stmts.len; s++)
				ls(L, segs.data[j].stmts.data[s]);
			if (bv.len && always_leaves(VEC_LAST(bv)))
				break;      /* no fall-through past a break */
		}
		L->pending = save;
		blk = block_of(L, &bv, cloc(L, c));
		if (segs.data[i].is_default) {
			segs.data[i].stmts.len = 0;     /* handled as the final else */
			VEC_PUSH(outer, blk);
			continue;
		}
		for (size_t j = 0; j < segs.data[i].vals.len; j++) {
			KirExpr *cv = conv(L, lx(L, segs.data[i].vals.data[j]), x->type);
			KirExpr *eq = frontend_new_binary(L->a, KB_EQ, KT_I1, var_ref(L, tmp, cloc(L, c)), cv, cv->loc);
			if (!cond) {
				cond = eq;
			} else {
				KirExpr *o = frontend_new_expr(L->a, KE_LOGOR, KT_I1, cv->loc);
				o->u.bin.l = cond;
				o->u.bin.r = eq;
				cond = o;
			}
		}
		ifs = frontend_new_stmt(L->a, KS_IF, cloc(L, segs.data[i].vals.data[0]));
		ifs->u.if_.cond = cond;
		ifs->u.if_.then = blk;
		*tail = ifs;
		tail = &ifs->u.if_.els;
	}
	L->brk = sb;
	if (outer.len)
		*tail = outer.data[0];
	VEC_FREE(outer);
	{
		StmtVec one = {0};
		KirStmt *b;
		if (chain)
			VEC_PUSH(one, chain);
		b = block_of(L, &one, cloc(L, c));
		b->u.block.label = label;
		push(L, b);
	}
	for (size_t i = 0; i < segs.len; i++) {
		VEC_FREE(segs.data[i].vals);
		VEC_FREE(segs.data[i].stmts);
	}
	VEC_FREE(segs);
	VEC_FREE(body);
	VEC_FREE(v);
}

static void lreturn(Lower *L, CXCursor c)
{
	CXCursor x = kid(c, 0);
	KirStmt *s;

	if (!L->fr->fn) {
		push(L, frontend_new_stmt(L->a, KS_RETURN, cloc(L, c)));
		return;
	}
	if (!clang_Cursor_isNull(x) && L->fr->self_ref) {
		CXCursor y = strip(x);
		if (clang_getCursorKind(y) != CXCursor_UnaryOperator || clang_getCursorUnaryOperatorKind(y) != CXUnaryOperator_Deref ||
		    clang_getCursorKind(strip(kid(y, 0))) != CXCursor_CXXThisExpr) {
			error_at(L, x, "'%s' returns a reference to its class; only `return *this;` can be translated", L->fr->fn);
			return;
		}
	} else if (!clang_Cursor_isNull(x) && L->fr->rkey) {
		const char *src = struct_src(L, x);
		if (src)
			struct_copy(L, x, clang_getCursorType(x), L->fr->rkey, L->fr->up->binds, src);
	} else if (!clang_Cursor_isNull(x) && L->fr->pret) {
		ptr_result_return(L, x, L->fr->pret, L->fr->fn);
	} else if (!clang_Cursor_isNull(x) && L->fr->result >= 0) {
		KirExpr *e = frontend_new_expr(L->a, KE_ASSIGN, L->vars.data[L->fr->result].type, cloc(L, c));
		e->u.assign.lv.var = L->fr->result;
		e->u.assign.lv.buffer = -1;
		e->u.assign.op = KB_NONE;
		e->u.assign.optype = e->type;
		e->u.assign.value = conv(L, lx(L, x), e->type);
		push(L, expr_stmt(L, e));
	} else if (!clang_Cursor_isNull(x)) {
		KirExpr *e = lx(L, x);
		if (e)
			push(L, expr_stmt(L, e));
	}
	s = frontend_new_stmt(L->a, KS_EXIT, cloc(L, c));
	s->u.label = L->fr->label;
	push(L, s);
}

/* g.sync() or cg::sync(g) on a thread_block_tile g */
static int tile_sync(CXCursor c, CXCursor fn)
{
	CXType t;

	if (clang_getCursorKind(fn) == CXCursor_CXXMethod)
		return cg_object_type(c, &t) && cg_tile_size(t) > 0;
	return clang_Cursor_getNumArguments(c) == 1 && cg_tile_size(clang_getCursorType(clang_Cursor_getArgument(c, 0))) > 0;
}

/* Statement c is `__builtin_unreachable();`. */
static int is_unreachable_call(Lower *L, CXCursor c)
{
	c = strip(c);
	return clang_getCursorKind(c) == CXCursor_CallExpr && !clang_Cursor_getNumArguments(c) &&
	       !strcmp(spell(L->a, clang_getCursorReferenced(c)), "__builtin_unreachable");
}

/* Whether expression c may change something: an assignment, ++/--, a call (which a
 * __builtin_assume argument would make, though clang never evaluates it). */
static int has_effects(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CursorVec v;
	int r = 0;

	if (k == CXCursor_CallExpr || k == CXCursor_CompoundAssignOperator ||
	    (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign))
		return 1;
	if (k == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);
		if (u >= CXUnaryOperator_PostInc && u <= CXUnaryOperator_PreDec)
			return 1;
	}
	v = kids(c);
	for (size_t i = 0; i < v.len && !r; i++)
		r = has_effects(v.data[i]);
	VEC_FREE(v);
	return r;
}

/* `__builtin_assume(e);`: e false is undefined behaviour (clang's documentation,
 * "__builtin_assume"), so it is checked as a device assert of e would be (printf.c);
 * clang never evaluates e, so one that would change something is refused. */
static void lassume_stmt(Lower *L, CXCursor c)
{
	CXCursor e = clang_Cursor_getArgument(c, 0);
	SrcLoc l = cloc(L, c);

	if (has_effects(e)) {
		error_at(L, c, "__builtin_assume with an argument that has side effects cannot be translated (clang "
		    "does not evaluate it; checking it would)");
		return;
	}
	lub_site(L, frontend_new_unary(L->a, KU_NOT, KT_I1, cond_of(L, e), l), "__builtin_assume does not hold", l);
}

/* A call as a statement: barriers are statements; other calls are expressions. */
static void lcall_stmt(Lower *L, CXCursor c)
{
	CXCursor fn = clang_getCursorReferenced(c);
	const char *n = spell(L->a, fn);
	CXCursor save;
	KirExpr *e;

	if (!strcmp(n, "__builtin_unreachable") && !clang_Cursor_getNumArguments(c)) {
		/* reaching it is undefined behaviour: a device assert that always fails there,
		 * then the thread stops, as at a trap (after a return it is not lowered: ls) */
		lub_site(L, NULL, "reached __builtin_unreachable()", cloc(L, c));
		push(L, frontend_new_stmt(L->a, KS_RETURN, cloc(L, c)));
		return;
	}
	if (!strcmp(n, "__builtin_assume") && clang_Cursor_getNumArguments(c) == 1) {
		lassume_stmt(L, c);
		return;
	}
	if (!strcmp(n, "__syncthreads") || (!strcmp(n, "sync") && (clang_getCursorKind(fn) == CXCursor_CXXMethod ||
	                                                          clang_Cursor_getNumArguments(c) == 1))) {
		if (clang_getCursorKind(fn) == CXCursor_CXXMethod &&
		    is_cg_type(clang_getCursorType(clang_getCursorSemanticParent(fn)), "grid_group")) {
			error_at(L, c, "grid-wide cooperative synchronisation cannot be translated (grid_group::sync)");
			return;
		}
		if (clang_getCursorKind(fn) != CXCursor_CXXMethod && clang_Cursor_getNumArguments(c) == 1 &&
		    is_cg_type(clang_getCursorType(clang_Cursor_getArgument(c, 0)), "grid_group")) {
			error_at(L, c, "grid-wide cooperative synchronisation cannot be translated (grid_group)");
			return;
		}
		if (tile_sync(c, fn)) {     /* a thread_block_tile's sync is a warp barrier */
			push(L, sync_stmt(L, c, KSY_WARP, NULL, -1));
			return;
		}
		push(L, sync_stmt(L, c, KSY_THREADS, NULL, -1));
		return;
	}
	if (lower_memfn(L, c, n) || lprintf_stmt(L, c) || lprintf_out(L, c))
		return;
	if (!strcmp(n, "__syncwarp")) {
		push(L, sync_stmt(L, c, KSY_WARP, clang_Cursor_getNumArguments(c) ? arg(L, c, 0) : NULL, -1));
		return;
	}
	if (!strncmp(n, "__threadfence", 13))
		return;     /* a fence orders memory; the lockstep model is sequentially consistent */
	save = L->stmt;
	L->stmt = c;       /* the statement a pointer increment in it runs before: `v = *k++;` of a struct */
	e = lcall(L, c);
	L->stmt = save;
	if (e && e->kind != KE_VAR && e->kind != KE_CONST)
		push(L, expr_stmt(L, e));
}

static void lif(Lower *L, CXCursor c)
{
	CursorVec v = kids(c);
	KirStmt *s = frontend_new_stmt(L->a, KS_IF, cloc(L, c));
	size_t b = 0;
	int known, truth;

	while (b < v.len && clang_getCursorKind(v.data[b]) == CXCursor_DeclStmt)
		ls(L, v.data[b++]);
	if (v.len < b + 2) {
		VEC_FREE(v);
		error_at(L, c, "unsupported if statement");
		return;
	}
	s->u.if_.cond = cond_of(L, v.data[b]);
	/* `if constexpr` and folded tests: only the arm taken is lowered, so code that never
	 * runs (a use of a parameter bound to nullptr, call.c) is not translated */
	known = s->u.if_.cond->kind == KE_CONST;
	truth = known && frontend_const_is_true(s->u.if_.cond->u.c);
	if (!known || truth) {
		Bind *marks[8];    /* pointers the condition says are not null (ptrresult.c) */
		int n = ptr_nonnull_enter(L, v.data[b], v.data[b + 1], marks, 8);
		s->u.if_.then = lsub(L, v.data[b + 1]);
		while (n > 0)
			marks[--n]->nonnull--;
	}
	if (v.len > b + 2 && (!known || !truth)) {
		Bind *marks[8];    /* `if (!p) ... else *p` (ptrresult.c) */
		int n = ptr_null_enter(L, v.data[b], v.data[b + 2], marks, 8);
		s->u.if_.els = lsub(L, v.data[b + 2]);
		while (n > 0)
			marks[--n]->nonnull--;
	}
	VEC_FREE(v);
	if (known) {
		KirStmt *taken = truth ? s->u.if_.then : s->u.if_.els;
		if (taken)
			push(L, taken);
		return;
	}
	push(L, s);
}

static void lloop(Lower *L, CXCursor c, KirStmtKind k)
{
	CursorVec v = kids(c);
	KirStmt *s = frontend_new_stmt(L->a, k, cloc(L, c));
	StmtVec pre = {0}, none = {0};
	KirExpr *cond;
	KirStmt *body;

	if (v.len != 2) {
		VEC_FREE(v);
		error_at(L, c, "unsupported loop (a declaration in the condition?)");
		return;
	}
	if (k == KS_WHILE) {
		cond = lower_apart(L, cond_of, v.data[0], &pre);
		body = loop_body(L, v.data[1]);
	} else {
		body = loop_body(L, v.data[0]);
		cond = lower_apart(L, cond_of, v.data[1], &pre);
	}
	VEC_FREE(v);
	if (pre.len) {
		s->kind = KS_FOR;
		s->u.for_.body = body;
		test_in_body(L, s, k == KS_DO, &pre, cond, &none);
		VEC_FREE(pre);
	} else {
		s->u.loop.cond = cond;
		s->u.loop.body = body;
	}
	push(L, s);
}

/* `#pragma unroll` (-1), `#pragma unroll N` or `(N)` (N; 1 disables), `#pragma nounroll`
 * (1) at the start of an attributed statement, read from its tokens (libclang does not
 * expose the loop hint). A count that is not a literal is recorded as -1. */
static int pragma_unroll(Lower *L, CXCursor c)
{
	CXToken *toks;
	unsigned nt;
	const char *t[5] = {"", "", "", "", ""};
	int r = 0;

	clang_tokenize(L->cx->tu, clang_getCursorExtent(c), &toks, &nt);
	for (unsigned i = 0; i < nt && i < 5; i++)
		t[i] = str(L->a, clang_getTokenSpelling(L->cx->tu, toks[i]));
	clang_disposeTokens(L->cx->tu, toks, nt);
	if (strcmp(t[0], "#") || strcmp(t[1], "pragma"))
		return 0;
	if (!strcmp(t[2], "nounroll"))
		return 1;
	if (strcmp(t[2], "unroll"))
		return 0;
	{
		const char *n = !strcmp(t[3], "(") ? t[4] : t[3];
		char *end;
		long v = strtol(n, &end, 0);
		r = *n && !*end && v > 0 && v < 1 << 30 ? (int)v : -1;
	}
	return r;
}

void ls(Lower *L, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CursorVec v;
	KirStmt *s;

	switch (k) {
	case CXCursor_CompoundStmt: {
		StmtVec b = {0}, *save = L->pending;
		Bind *marks[8];    /* pointers an early exit says are not null (ptrresult.c) */
		int nm = 0;
		L->pending = &b;
		v = kids(c);
		for (size_t i = 0; i < v.len; i++) {
			if (i && clang_getCursorKind(v.data[i - 1]) == CXCursor_ReturnStmt && is_unreachable_call(L, v.data[i]))
				continue;    /* `return x; __builtin_unreachable();`: dead, and says so */
			ls(L, v.data[i]);
			nm += ptr_exit_enter(L, &v, i, marks + nm, 8 - nm);
		}
		while (nm > 0)
			marks[--nm]->nonnull--;
		VEC_FREE(v);
		L->pending = save;
		push(L, block_of(L, &b, cloc(L, c)));
		return;
	}
	case CXCursor_DeclStmt: {
		CXCursor save = L->stmt;
		v = kids(c);
		for (size_t i = 0; i < v.len; i++) {
			L->stmt = v.data[i];
			local_var(L, v.data[i]);
		}
		L->stmt = save;
		VEC_FREE(v);
		return;
	}
	case CXCursor_IfStmt: lif(L, c); return;
	case CXCursor_ForStmt: lfor(L, c); return;
	case CXCursor_WhileStmt: lloop(L, c, KS_WHILE); return;
	case CXCursor_DoStmt: lloop(L, c, KS_DO); return;
	case CXCursor_SwitchStmt: lswitch(L, c); return;
	case CXCursor_BreakStmt:
		s = frontend_new_stmt(L->a, L->brk ? KS_EXIT : KS_BREAK, cloc(L, c));
		s->u.label = L->brk;
		push(L, s);
		return;
	case CXCursor_ContinueStmt:
		push(L, frontend_new_stmt(L->a, KS_CONTINUE, cloc(L, c)));
		return;
	case CXCursor_ReturnStmt: lreturn(L, c); return;
	case CXCursor_NullStmt: return;
	case CXCursor_GCCAsmStmt: case CXCursor_MSAsmStmt:
		error_at(L, c, "inline assembly (PTX) cannot be translated");
		return;
	case CXCursor_GotoStmt: case CXCursor_IndirectGotoStmt: case CXCursor_LabelStmt:
		error_at(L, c, "goto and labels are not supported");
		return;
	case CXCursor_CallExpr:
		lcall_stmt(L, c);
		return;
	case CXCursor_UnexposedStmt:     /* an attributed statement: `#pragma unroll` */
		v = kids(c);
		for (size_t i = 0; i < v.len; i++) {
			L->unroll = v.len == 1 ? pragma_unroll(L, c) : 0;
			ls(L, v.data[i]);
		}
		L->unroll = 0;
		VEC_FREE(v);
		return;
	default:
		if (clang_isExpression(k)) {
			CXCursor x = c;
			while ((clang_getCursorKind(x) == CXCursor_UnexposedExpr || clang_getCursorKind(x) == CXCursor_ParenExpr) && nkids(x) == 1)
				x = kid(x, 0);
			if (clang_getCursorKind(x) == CXCursor_CallExpr) {
				lcall_stmt(L, x);
				return;
			}
			if (clang_getCursorKind(x) == CXCursor_ConditionalOperator && lassert_stmt(L, x))
				return;
			if ((clang_getCursorKind(x) == CXCursor_CStyleCastExpr || clang_getCursorKind(x) == CXCursor_CXXStaticCastExpr ||
			     clang_getCursorKind(x) == CXCursor_CXXFunctionalCastExpr) &&
			    clang_getCanonicalType(clang_getCursorType(x)).kind == CXType_Void && nkids(x) > 0) {
				ls(L, kid(x, nkids(x) - 1));      /* `(void)memcpy(...);`: the statement it discards */
				return;
			}
			if (comma_with_barrier(L, x)) {
				lcomma_stmt(L, x);
				return;
			}
			CXCursor save = L->stmt;
			L->stmt = c;
			KirExpr *e = lx(L, c);
			L->stmt = save;
			if (e)
				push(L, expr_stmt(L, e));
			return;
		}
		error_at(L, c, "unsupported statement (%s)", str(L->a, clang_getCursorKindSpelling(k)));
	}
}
