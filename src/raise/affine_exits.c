/* affine_exits.c: block exits (a device function's early `return`). Consumes a block whose
 * statements exit it; produces the same statements without the exits: an `if` with an
 * exit inside becomes an if whose branches each hold what follows it, so every path
 * ends at the block's end. An exit inside a loop is not handled (aff_afail), except a
 * kernel's return under a data-dependent guard inside an unrolled loop: the lanes that
 * take it are an "exited" mask (the guards on its path, ORed over every such return)
 * that every later store's select takes (aff_guard_mask); the rest of the body, the
 * loop's later iterations and what follows the loop are walked as before. */
#include "affine_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- block exits (a device function's early `return`) ---- */

int aff_has_exit(const KirStmt *s, int label)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case KS_EXIT: return s->u.label == label;
	case KS_RETURN: return label == RETURN_EXITS;
	case KS_BREAK: case KS_CONTINUE: return label == LOOP_EXITS;
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			if (aff_has_exit(s->u.block.stmts[i], label))
				return 1;
		return 0;
	case KS_IF: return aff_has_exit(s->u.if_.then, label) || aff_has_exit(s->u.if_.els, label);
	case KS_FOR: return label != LOOP_EXITS && aff_has_exit(s->u.for_.body, label);
	case KS_WHILE: case KS_DO: return label != LOOP_EXITS && aff_has_exit(s->u.loop.body, label);
	default: return 0;
	}
}

#define MAX_RESTRUCTURED 4096 /* statements a kernel's exits may expand into */

static void sl_push(Aff *a, SList *l, KirStmt *s)
{
	if (l->n == l->cap) {
		KirStmt **nv = arena_alloc(a->ar, sizeof(*nv) * (l->cap ? 2 * l->cap : 8));
		if (l->n)
			memcpy(nv, l->v, sizeof(*nv) * l->n);
		l->v = nv;
		l->cap = l->cap ? 2 * l->cap : 8;
	}
	if (++a->restructured > MAX_RESTRUCTURED)
		aff_afail(a, s->loc, "block exits that expand into too many statements");
	l->v[l->n++] = s;
}

KirStmt *aff_sl_block(Aff *a, SList *l, SrcLoc loc)
{
	KirStmt *b = frontend_new_stmt(a->ar, KS_BLOCK, loc);
	b->u.block.stmts = l->v;
	b->u.block.nstmts = l->n;
	return b;
}

/* The statements of `seg` (and the segments after it) up to the block's end without
 * the exits of `label`: an `if` with an exit inside becomes an if whose branches each
 * hold what follows it (the rest of the block after a branch that exits is dropped),
 * so every path ends at the block's end. An exit inside a loop is not handled. */
void aff_restructure(Aff *a, const Seg *seg, int label, SList *out)
{
	for (; seg; seg = seg->next) {
		for (size_t i = 0; i < seg->n; i++) {
			const KirStmt *s = seg->st[i];
			Seg rest = {seg->st + i + 1, seg->n - i - 1, seg->next};
			if ((s->kind == KS_EXIT && s->u.label == label) ||
			    (s->kind == KS_RETURN && label == RETURN_EXITS))
				return;
			if (label == LOOP_EXITS && (s->kind == KS_BREAK || s->kind == KS_CONTINUE)) {
				if (s->kind == KS_BREAK)
					sl_push(a, out, (KirStmt *)s);
				return;
			}
			if (!aff_has_exit(s, label)) {
				sl_push(a, out, (KirStmt *)s);
				continue;
			}
			if (s->kind == KS_BLOCK && !s->u.block.label) {
				Seg in = {s->u.block.stmts, s->u.block.nstmts, &rest};
				aff_restructure(a, &in, label, out);
				return;
			}
			if (s->kind == KS_IF) {
				SList t = {0}, e = {0};
				KirStmt *ifs = frontend_new_stmt(a->ar, KS_IF, s->loc);
				Seg ts = {(KirStmt *const *)&s->u.if_.then, 1, &rest};
				Seg es = {(KirStmt *const *)&s->u.if_.els, s->u.if_.els ? 1 : 0, &rest};
				aff_restructure(a, &ts, label, &t);
				aff_restructure(a, &es, label, &e);
				ifs->u.if_.cond = s->u.if_.cond;
				ifs->u.if_.then = aff_sl_block(a, &t, s->loc);
				ifs->u.if_.els = aff_sl_block(a, &e, s->loc);
				sl_push(a, out, ifs);
				return;
			}
			aff_afail(a, s->loc, "a block exit or return inside a loop or an inlined call");
		}
	}
}

/* A return under a data-dependent guard inside an unrolled loop: its lanes (the path's
 * guards) join a->exited, 1; 0 where it is not taken so (not in an unrolled loop, or in
 * a loop whose body is walked once for all iterations: a while, a column, a reduction or
 * a grid-stride loop, where the path's guards are not one iteration's values). */
int aff_exit_lanes(Aff *a, const KirStmt *ret)
{
	KirExpr *pc;
	if (!a->unrolling || a->dwalk || a->col || a->col_dry || a->stride || a->loopvar >= 0 ||
	    a->opt.returns_as_exits)
		return 0;
	pc = aff_path_cond(a, 0, ret->loc);
	if (!pc)
		return 0;
	if (a->exited) {
		KirExpr *n = frontend_new_expr(a->ar, KE_LOGOR, KT_I1, ret->loc);
		n->u.bin.l = (KirExpr *)a->exited;
		n->u.bin.r = pc;
		pc = n;
	}
	a->exited = aff_bounded(a, pc, ret->loc);
	sb_printf(&a->r->st->notes, "  return at %d:%d in an unrolled loop: its lanes as a mask on the "
	          "stores after it\n", ret->loc.line, ret->loc.col);
	return 1;
}
