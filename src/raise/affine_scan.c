/* affine_scan.c: what a loop's body does, for the strategies that take a loop whole
 * (affine_while.c's data-dependent loops, affine_column.c's column loops). Consumes the
 * body (and the step); produces the variables it declares and assigns, the buffers it
 * reads and stores, whether it breaks or continues, and whether it holds a construct
 * neither strategy takes (`bad`: a barrier, exits of two blocks outside the body, an
 * atomic, shuffle, vote or comma; a read or store of a local array is `locals`, a nested
 * loop `loops`, an exit of one block outside it, or the kernel's own `return`
 * (RETURN_EXITS), `outer`: these three are taken by affine_while.c only). An exit that
 * leaves a labelled block of the body (an inlined device function's early `return`) is
 * allowed: aff_walk restructures the block as anywhere else. Each strategy adds its own
 * refusals (stores, exits) to `bad`. */
#include "affine_int.h"

#include <stdlib.h>

/* Is label that of a block met so far in the body (the visit is pre-order, so an exit's
 * own block comes before it)? */
static int label_inside(const LoopScan *ls, int label)
{
	for (int i = 0; i < ls->nlabels; i++)
		if (ls->labels[i] == label)
			return 1;
	return 0;
}

static void scan_stmt(void *ctx, KirStmt *s)
{
	LoopScan *ls = ctx;
	switch (s->kind) {
	case KS_DECL: ls->decl[s->u.decl.var] = 1; return;
	case KS_BLOCK:
		if (s->u.block.label > 0) {
			if (ls->nlabels == MAX_SCAN_LABELS)
				ls->bad = 1;
			else
				ls->labels[ls->nlabels++] = s->u.block.label;
		}
		return;
	case KS_EXIT:         /* one block outside it: an exit scope's (affine_while.c) */
		if (!label_inside(ls, s->u.label)) {
			ls->bad |= ls->outer && ls->outer != s->u.label;
			ls->outer = s->u.label;
		}
		return;
	case KS_RETURN:       /* the kernel's own return: an exit of its whole body */
		ls->bad |= ls->outer && ls->outer != RETURN_EXITS;
		ls->outer = RETURN_EXITS;
		return;
	case KS_BREAK: case KS_CONTINUE: ls->exits = 1; return;
	case KS_FOR: case KS_WHILE: case KS_DO: ls->loops = 1; return;
	case KS_SYNC: ls->bad = 1; return;
	default: return;
	}
}

static void scan_expr(void *ctx, KirExpr *e)
{
	LoopScan *ls = ctx;
	const KirLval *lv = e->kind == KE_ASSIGN ? &e->u.assign.lv :
	                    e->kind == KE_INCDEC ? &e->u.incdec.lv : NULL;
	if (e->kind == KE_LOAD) {
		ls->read[e->u.load.buffer] = 1;
		ls->locals |= ls->k->bufs[e->u.load.buffer].space == KSP_LOCAL;
	}
	if (e->kind == KE_ATOMIC || e->kind == KE_SHFL || e->kind == KE_VOTE || e->kind == KE_COMMA)
		ls->bad = 1;
	if (!lv)
		return;
	if (lv->var >= 0) {
		ls->assigned[lv->var] = 1;
		return;
	}
	ls->nstore[lv->buffer]++;
	if (ls->k->bufs[lv->buffer].space == KSP_LOCAL) {
		ls->locals = 1;
		return;
	}
	ls->stores = 1;
	ls->odd_store |= e->kind == KE_INCDEC || ls->k->bufs[lv->buffer].space != KSP_GLOBAL;
}

void aff_scan_body(LoopScan *ls, const KirKernel *k, const KirStmt *body)
{
	*ls = (LoopScan){.k = k};
	ls->decl = xcalloc(k->nvars + 1, 1);
	ls->assigned = xcalloc(k->nvars + 1, 1);
	ls->nstore = xcalloc(k->nbufs + 1, sizeof(int));
	ls->read = xcalloc(k->nbufs + 1, 1);
	loopify_stmt_visit((KirStmt *)body, NULL, scan_stmt, ls);
	loopify_stmt_visit((KirStmt *)body, scan_expr, NULL, ls);
}

void aff_scan_expr(LoopScan *ls, const KirExpr *e)
{
	loopify_expr_visit((KirExpr *)e, scan_expr, ls);
}

int aff_scan_carried(Aff *a, LoopScan *ls, int skip, int *var, int *nc)
{
	*nc = 0;
	for (size_t i = 0; i < ls->k->nvars && !ls->bad; i++)
		if (ls->assigned[i] && !ls->decl[i] && (int)i != skip) {
			if (*nc == MAX_CARRY || !a->def[i])
				ls->bad = 1;
			else
				var[(*nc)++] = (int)i;
		}
	return !ls->bad;
}

void aff_scan_free(LoopScan *ls)
{
	free(ls->decl);
	free(ls->assigned);
	free(ls->nstore);
	free(ls->read);
}
