/* host_inline.c: copies the body of one function (a raised kernel's @main) into a block
 * of another function, the callee's arguments replaced by given values. Consumes a TFunc
 * whose body ends in func.return; produces the copied ops (regions included, attributes
 * shared with the callee's module, which must outlive the result) and the value ids the
 * return would have given. Used by host.c to compose the kernels an entry launches.
 * Also specialises a kernel's IR to constant scalar arguments (raise_kernel_bind). */
#include "raise_int.h"

#include <stdlib.h>
#include <string.h>

static void copy_block(TBuilder *b, const TFunc *src, const TBlock *from, TBlock *to, int *map, int *ret);

static void copy_op(TBuilder *b, const TFunc *src, const TOp *op, TBlock *to, int *map)
{
	TOp *n = tir_op_new(b->func, to, op->kind, op->loc);
	for (int i = 0; i < op->noperands; i++) {
		ASSERT(map[op->operands[i]] >= 0);
		tir_op_add_operand(b->func, n, map[op->operands[i]]);
	}
	for (int i = 0; i < op->nresults; i++)
		map[op->results[i]] = tir_op_add_result(b->func, n, *tir_value_type(src, op->results[i]));
	n->attrs = op->attrs;
	n->nattrs = n->capattrs = op->nattrs;
	for (int i = 0; i < op->nregions; i++) {
		TBlock *r = tir_op_add_region(b->func, n);
		const TBlock *from = op->regions[i];
		for (int j = 0; j < from->nargs; j++)
			map[from->args[j]] = tir_block_add_arg(b->func, r, *tir_value_type(src, from->args[j]));
		copy_block(b, src, from, r, map, NULL);
	}
}

/* Copies from's ops into to; with ret set, a final func.return is not copied and its
 * operands (mapped) go to ret. */
static void copy_block(TBuilder *b, const TFunc *src, const TBlock *from, TBlock *to, int *map, int *ret)
{
	for (int i = 0; i < from->nops; i++) {
		const TOp *op = from->ops[i];
		if (ret && op->kind == TOP_RETURN && i == from->nops - 1) {
			for (int j = 0; j < op->noperands; j++)
				ret[j] = map[op->operands[j]];
			return;
		}
		copy_op(b, src, op, to, map);
	}
}

int raise_inline_func(TBuilder *b, const TFunc *callee, const int *args, int *results)
{
	int *map = xmalloc(sizeof(int) * (size_t)(callee->nvalues + 1));
	for (int i = 0; i < callee->nvalues; i++)
		map[i] = -1;
	for (int i = 0; i < callee->nargs; i++)
		map[callee->args[i].value] = args[i];
	for (int i = 0; i < callee->body->nops; i++)
		if (callee->body->ops[i]->kind == TOP_CALL) {
			free(map);
			return -1;
		}
	copy_block(b, callee, callee->body, b->block, map, results);
	free(map);
	return 0;
}

/* ---- kernels specialised to a launch's constant scalar arguments ---- */

typedef struct Bind {
	Arena *a;
	const KirKernel *k;
	const char *bind;        /* per parameter: substituted (NULL: none) */
	const KirConst *vals;
	int gdim_x;              /* gridDim.x becomes this parameter, -1: stays */
} Bind;

static KirExpr *bind_expr(Bind *b, KirExpr *e);

static KirExpr *bind_lv(Bind *b, KirLval *lv)
{
	return lv->var < 0 ? bind_expr(b, lv->index) : lv->index;
}

/* e with every substituted parameter a constant; e itself when nothing below changes
 * (copy on write, so launches share the kernel's unchanged subtrees). */
static KirExpr *bind_expr(Bind *b, KirExpr *e)
{
	KirExpr n;
	int changed = 0;
	if (!e)
		return NULL;
	if (e->kind == KE_PARAM && b->bind && b->bind[e->u.param])
		return frontend_new_const(b->a, frontend_const_convert(b->vals[e->u.param], e->type), e->loc);
	if (e->kind == KE_BUILTIN && e->u.builtin == KBI_GDIM_X && b->gdim_x >= 0) {
		KirExpr *p = frontend_new_expr(b->a, KE_PARAM, e->type, e->loc);
		p->u.param = b->gdim_x;
		return p;
	}
	n = *e;
#define SUB(f) do { KirExpr *x_ = bind_expr(b, n.f); changed |= x_ != n.f; n.f = x_; } while (0)
	switch (e->kind) {
	case KE_UNARY: SUB(u.un.x); break;
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR: SUB(u.bin.l); SUB(u.bin.r); break;
	case KE_COND: SUB(u.cond.c); SUB(u.cond.t); SUB(u.cond.f); break;
	case KE_CAST: case KE_BITCAST: SUB(u.x); break;
	case KE_LOAD: SUB(u.load.index); break;
	case KE_ASSIGN: {
		KirExpr *x = bind_lv(b, &n.u.assign.lv);
		changed |= x != n.u.assign.lv.index;
		n.u.assign.lv.index = x;
		SUB(u.assign.value);
		break;
	}
	case KE_INCDEC: {
		KirExpr *x = bind_lv(b, &n.u.incdec.lv);
		changed |= x != n.u.incdec.lv.index;
		n.u.incdec.lv.index = x;
		break;
	}
	case KE_COMMA: SUB(u.comma.l); SUB(u.comma.r); break;
	case KE_MATH: for (int i = 0; i < n.u.math.nargs; i++) SUB(u.math.args[i]); break;
	case KE_SHFL: SUB(u.shfl.mask); SUB(u.shfl.value); SUB(u.shfl.lane); break;
	case KE_VOTE: SUB(u.vote.mask); SUB(u.vote.pred); break;
	case KE_ATOMIC: SUB(u.atomic.index); for (int i = 0; i < n.u.atomic.nargs; i++) SUB(u.atomic.args[i]); break;
	default: break;
	}
#undef SUB
	if (!changed)
		return e;
	{
		KirExpr *r = ARENA_NEW(b->a, KirExpr);
		*r = n;
		return r;
	}
}

static KirStmt *bind_stmt(Bind *b, KirStmt *s)
{
	KirStmt n;
	int changed = 0;
	if (!s)
		return NULL;
	n = *s;
#define SUBE(f) do { KirExpr *x_ = bind_expr(b, n.f); changed |= x_ != n.f; n.f = x_; } while (0)
#define SUBS(f) do { KirStmt *x_ = bind_stmt(b, n.f); changed |= x_ != n.f; n.f = x_; } while (0)
	switch (s->kind) {
	case KS_BLOCK: {
		KirStmt **v = NULL;
		for (size_t i = 0; i < n.u.block.nstmts; i++) {
			KirStmt *x = bind_stmt(b, n.u.block.stmts[i]);
			if (x != n.u.block.stmts[i] && !v) {
				v = ARENA_ARRAY(b->a, KirStmt *, n.u.block.nstmts);
				memcpy(v, n.u.block.stmts, n.u.block.nstmts * sizeof *v);
			}
			if (v)
				v[i] = x;
		}
		if (v) {
			n.u.block.stmts = v;
			changed = 1;
		}
		break;
	}
	case KS_DECL: SUBE(u.decl.init); break;
	case KS_EXPR: SUBE(u.expr); break;
	case KS_IF: SUBE(u.if_.cond); SUBS(u.if_.then); SUBS(u.if_.els); break;
	case KS_FOR: SUBS(u.for_.init); SUBE(u.for_.cond); SUBE(u.for_.step); SUBS(u.for_.body); break;
	case KS_WHILE: case KS_DO: SUBE(u.loop.cond); SUBS(u.loop.body); break;
	case KS_SYNC: SUBE(u.sync.arg); break;
	default: break;
	}
#undef SUBE
#undef SUBS
	if (!changed)
		return s;
	{
		KirStmt *r = ARENA_NEW(b->a, KirStmt);
		*r = n;
		return r;
	}
}

KirKernel *raise_kernel_bind(Arena *a, const KirKernel *k, const char *bind, const KirConst *vals)
{
	KirKernel *c = ARENA_NEW(a, KirKernel);
	Bind b = {a, k, bind, vals, -1};
	*c = *k;
	c->params = ARENA_ARRAY(a, KirParam, k->nparams + 1);
	memcpy(c->params, k->params, k->nparams * sizeof *k->params);
	for (size_t i = 0; i < k->nparams; i++)
		if (bind[i]) {
			c->params[i].bound = 1;
			c->params[i].value = frontend_const_convert(vals[i], k->params[i].type);
		}
	c->body = bind_stmt(&b, k->body);
	return c;
}

KirKernel *raise_kernel_grid_param(Arena *a, const KirKernel *k, SrcLoc loc)
{
	KirKernel *c = ARENA_NEW(a, KirKernel);
	Bind b = {a, k, NULL, NULL, (int)k->nparams};
	KirParam *g;
	KirExpr *bid, *gp;
	KirStmt *guard, *blk;
	*c = *k;
	c->params = ARENA_ARRAY(a, KirParam, k->nparams + 1);
	memcpy(c->params, k->params, k->nparams * sizeof *k->params);
	g = &c->params[c->nparams++];
	memset(g, 0, sizeof *g);
	g->name = "gridDim_x";   /* an isl parameter: an identifier */
	g->type = KT_U32;
	g->buffer = -1;
	g->loc = loc;
	g->sym = 1;
	bid = frontend_new_expr(a, KE_BUILTIN, KT_U32, loc);
	bid->u.builtin = KBI_BID_X;
	gp = frontend_new_expr(a, KE_PARAM, KT_U32, loc);
	gp->u.param = b.gdim_x;
	guard = frontend_new_stmt(a, KS_IF, loc);
	guard->u.if_.cond = frontend_new_binary(a, KB_LT, KT_I1, bid, gp, loc);
	guard->u.if_.then = bind_stmt(&b, k->body);
	blk = frontend_new_stmt(a, KS_BLOCK, loc);
	blk->u.block.stmts = ARENA_ARRAY(a, KirStmt *, 1);
	blk->u.block.stmts[0] = guard;
	blk->u.block.nstmts = 1;
	c->body = blk;
	return c;
}
