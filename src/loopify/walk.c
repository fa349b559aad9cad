/* walk.c: generic traversal of kernel IR nodes for the loopify passes. Consumes KIR
 * expressions and statements; produces the list of an expression's children (slots that a
 * pass may read or, on a copy, replace), shallow copies, and the common queries: does a
 * subtree contain a barrier or a warp operation, which variables and buffers it reads or
 * writes. Nothing here allocates except the copy functions (in the arena). */
#include "loopify.h"

#include <string.h>

int loopify_expr_kids(KirExpr *e, KirExpr **s[8])
{
	int n = 0;

	switch (e->kind) {
	case KE_CONST: case KE_PARAM: case KE_VAR: case KE_BUILTIN:
		break;
	case KE_UNARY: s[n++] = &e->u.un.x; break;
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		s[n++] = &e->u.bin.l;
		s[n++] = &e->u.bin.r;
		break;
	case KE_COND:
		s[n++] = &e->u.cond.c;
		s[n++] = &e->u.cond.t;
		s[n++] = &e->u.cond.f;
		break;
	case KE_CAST: case KE_BITCAST: s[n++] = &e->u.x; break;
	case KE_LOAD: s[n++] = &e->u.load.index; break;
	case KE_ASSIGN:
		if (e->u.assign.lv.var < 0)
			s[n++] = &e->u.assign.lv.index;
		s[n++] = &e->u.assign.value;
		break;
	case KE_INCDEC:
		if (e->u.incdec.lv.var < 0)
			s[n++] = &e->u.incdec.lv.index;
		break;
	case KE_COMMA:
		s[n++] = &e->u.comma.l;
		s[n++] = &e->u.comma.r;
		break;
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			s[n++] = &e->u.math.args[i];
		break;
	case KE_SHFL:
		s[n++] = &e->u.shfl.mask;
		s[n++] = &e->u.shfl.value;
		s[n++] = &e->u.shfl.lane;
		break;
	case KE_VOTE:
		if (e->u.vote.mask)
			s[n++] = &e->u.vote.mask;
		if (e->u.vote.pred)
			s[n++] = &e->u.vote.pred;
		break;
	case KE_ATOMIC:
		s[n++] = &e->u.atomic.index;
		for (int i = 0; i < e->u.atomic.nargs; i++)
			s[n++] = &e->u.atomic.args[i];
		break;
	case KE_COUNT:
		die("bad expression kind");
	}
	return n;
}

/* Every node of e, pre-order. */
void loopify_expr_visit(KirExpr *e, void (*f)(void *, KirExpr *), void *ctx)
{
	KirExpr **slots[8];
	KirExpr *kids[8];
	int n;

	if (!e)
		return;
	f(ctx, e);
	n = loopify_expr_kids(e, slots);
	for (int i = 0; i < n; i++)
		kids[i] = *slots[i];
	for (int i = 0; i < n; i++)
		loopify_expr_visit(kids[i], f, ctx);
}

/* Every statement of s (fs) and every expression node in it (fe), pre-order. */
void loopify_stmt_visit(KirStmt *s, void (*fe)(void *, KirExpr *), void (*fs)(void *, KirStmt *),
                        void *ctx)
{
	if (!s)
		return;
	if (fs)
		fs(ctx, s);
	switch (s->kind) {
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			loopify_stmt_visit(s->u.block.stmts[i], fe, fs, ctx);
		break;
	case KS_DECL:
		if (s->u.decl.init && fe)
			loopify_expr_visit(s->u.decl.init, fe, ctx);
		break;
	case KS_EXPR:
		if (fe)
			loopify_expr_visit(s->u.expr, fe, ctx);
		break;
	case KS_IF:
		if (fe)
			loopify_expr_visit(s->u.if_.cond, fe, ctx);
		loopify_stmt_visit(s->u.if_.then, fe, fs, ctx);
		loopify_stmt_visit(s->u.if_.els, fe, fs, ctx);
		break;
	case KS_FOR:
		loopify_stmt_visit(s->u.for_.init, fe, fs, ctx);
		if (s->u.for_.cond && fe)
			loopify_expr_visit(s->u.for_.cond, fe, ctx);
		if (s->u.for_.step && fe)
			loopify_expr_visit(s->u.for_.step, fe, ctx);
		loopify_stmt_visit(s->u.for_.body, fe, fs, ctx);
		break;
	case KS_WHILE: case KS_DO:
		if (fe)
			loopify_expr_visit(s->u.loop.cond, fe, ctx);
		loopify_stmt_visit(s->u.loop.body, fe, fs, ctx);
		break;
	case KS_SYNC:
		if (s->u.sync.arg && fe)
			loopify_expr_visit(s->u.sync.arg, fe, ctx);
		break;
	default:
		break;
	}
}

static void find_warp(void *ctx, KirExpr *e)
{
	if (e->kind == KE_SHFL || e->kind == KE_VOTE)
		*(int *)ctx = 1;
}

int loopify_expr_has_warp(KirExpr *e)
{
	int found = 0;

	loopify_expr_visit(e, find_warp, &found);
	return found;
}

typedef struct SyncFind {
	int any, block;
} SyncFind;

static void sync_stmt(void *ctx, KirStmt *s)
{
	SyncFind *f = ctx;

	if (s->kind == KS_SYNC) {
		f->any = 1;
		if (s->u.sync.op != KSY_WARP)
			f->block = 1;
	}
}

static void sync_expr(void *ctx, KirExpr *e)
{
	SyncFind *f = ctx;

	if (e->kind == KE_SHFL || e->kind == KE_VOTE)
		f->any = 1;
}

/* 1 when s holds a barrier or a warp operation; 2 when it holds a block barrier. */
int loopify_stmt_sync(KirStmt *s)
{
	SyncFind f = {0, 0};

	loopify_stmt_visit(s, sync_expr, sync_stmt, &f);
	return f.block ? 2 : f.any;
}

KirExpr *loopify_copy_expr(Arena *a, const KirExpr *e)
{
	KirExpr *c = ARENA_NEW(a, KirExpr);

	*c = *e;
	return c;
}

KirStmt *loopify_copy_stmt(Arena *a, const KirStmt *s)
{
	KirStmt *c = ARENA_NEW(a, KirStmt);

	*c = *s;
	return c;
}
