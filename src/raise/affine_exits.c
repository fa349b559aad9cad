/* affine_exits.c: early exits. Consumes a block whose statements exit it (a device
 * function's early `return`); produces the same statements without the exits: an `if`
 * with an exit inside becomes an if whose branches each hold what follows it, so every
 * path ends at the block's end. A kernel's return under a data-dependent guard inside an
 * unrolled loop is an "exited" mask (the guards on its path, ORed over every such
 * return) that every later store's select takes (aff_guard_mask). An exit restructuring
 * cannot take (a break out of an unrolled loop, a block exit from inside a loop or a
 * switch) makes its loop or block an exit scope: the lanes that leave are a "done" mask
 * on the scope's later stores, and each variable after the scope takes its value at the
 * lane's exit (the second half of this file). */
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
	case KS_BREAK: return label == LOOP_EXITS;
	case KS_CONTINUE: return label == LOOP_EXITS || label == CONTINUE_EXITS;
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			if (aff_has_exit(s->u.block.stmts[i], label))
				return 1;
		return 0;
	case KS_IF: return aff_has_exit(s->u.if_.then, label) || aff_has_exit(s->u.if_.els, label);
	case KS_FOR: return label >= RETURN_EXITS && aff_has_exit(s->u.for_.body, label);
	case KS_WHILE: case KS_DO: return label >= RETURN_EXITS && aff_has_exit(s->u.loop.body, label);
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
			    (s->kind == KS_RETURN && label == RETURN_EXITS)) {
				if ((s->kind == KS_EXIT && aff_scope_of(a, label) >= 0) ||
				    (s->kind == KS_RETURN && a->dwalk))
					sl_push(a, out, (KirStmt *)s);  /* a while's exit: walked */
				return;
			}
			if (label == LOOP_EXITS && (s->kind == KS_BREAK || s->kind == KS_CONTINUE)) {
				if (s->kind == KS_BREAK)
					sl_push(a, out, (KirStmt *)s);
				return;
			}
			if (label == CONTINUE_EXITS && s->kind == KS_CONTINUE)
				return;
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
	if (!(a->unrolling || a->done) || a->dwalk || a->col || a->col_dry || a->stride || a->loopvar >= 0 ||
	    (a->opt.returns_as_exits && !a->done))
		return 0;
	pc = aff_live_cond(a, ret->loc);   /* in an exit scope: only the lanes still in it return */
	if (!pc)
		return 0;
	if (a->exited) {
		KirExpr *n = frontend_new_expr(a->ar, KE_LOGOR, KT_I1, ret->loc);
		n->u.bin.l = (KirExpr *)a->exited;
		n->u.bin.r = pc;
		pc = n;
	}
	a->exited = aff_bounded(a, pc, ret->loc);
	sb_printf(&a->r->st->notes, "  return at %d:%d %s: its lanes as a mask on the stores after it\n",
	          ret->loc.line, ret->loc.col, a->done ? "after an early exit" : "in an unrolled loop");
	return 1;
}

/* ---- exit scopes: an exit inside a loop as lanes that are done ----
 * A loop the affine strategy unrolls whose body breaks, and a labelled block (an inlined
 * device function) whose exits sit inside a loop of it, are exit scopes. Walking one, an
 * exit (break, block exit) adds its lanes (the guards on its path inside the scope) to the
 * scope's `taken`; Aff.done, the OR of the open scopes' taken, is a mask that every later
 * store takes (aff_guard_mask), so the lanes that left do nothing more in the scope: in
 * the rest of the iteration, in the later iterations and, for a block exit, in the rest of
 * the block. Variables are not guarded inside the scope (the running lanes' values stay
 * affine: a loop index stays a constant); at each exit every variable's value is kept, and
 * when the scope closes each variable takes, per lane, its value at the lane's first exit
 * (a select over the exits in the order they were walked, which is each lane's program
 * order), or its value at the scope's end where the lane never left. */

typedef struct Snap {
	const KirExpr *pc;        /* the exit's lanes */
	const KirExpr **def;      /* every variable's value then */
	int *epoch;
} Snap;

/* Does s break its own loop (a break not inside a nested loop)? */
int aff_has_break(const KirStmt *s)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case KS_BREAK: return 1;
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			if (aff_has_break(s->u.block.stmts[i]))
				return 1;
		return 0;
	case KS_IF: return aff_has_break(s->u.if_.then) || aff_has_break(s->u.if_.els);
	default: return 0;
	}
}

/* Does loop s's body break it, or exit an open scope's block (walked only unrolled)? */
int aff_leaves(Aff *a, const KirStmt *loop)
{
	const KirStmt *body = loop->kind == KS_FOR ? loop->u.for_.body : loop->u.loop.body;
	if (aff_has_break(body))
		return 1;
	for (int i = 0; i < a->nscopes; i++)
		if (a->scopes[i].label > 0 && aff_has_exit(body, a->scopes[i].label))
			return 1;
	return 0;
}

/* Is an exit of block `label` inside a loop of s, or inside a labelled block of s (a
 * switch, another inlined call), where restructuring cannot take it? */
int aff_exits_in_loop(const KirStmt *s, int label)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case KS_BLOCK:
		if (s->u.block.label > 0 && s->u.block.label != label)
			return aff_has_exit(s, label);
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			if (aff_exits_in_loop(s->u.block.stmts[i], label))
				return 1;
		return 0;
	case KS_IF: return aff_exits_in_loop(s->u.if_.then, label) || aff_exits_in_loop(s->u.if_.els, label);
	case KS_FOR: return aff_has_exit(s->u.for_.body, label);
	case KS_WHILE: case KS_DO: return aff_has_exit(s->u.loop.body, label);
	default: return 0;
	}
}

static void scope_ctx(Aff *a, int *ctx)
{
	ctx[0] = a->unrolling;
	ctx[1] = a->stride;
	ctx[2] = a->col;
	ctx[3] = a->loopvar;
	ctx[4] = a->col_dry || a->dwalk;
}

void aff_scope_open(Aff *a, int label, SrcLoc loc)
{
	struct Scope *sc;
	if (a->nscopes == MAX_SCOPES)
		aff_afail(a, loc, "too many nested loops or calls with early exits");
	sc = &a->scopes[a->nscopes++];
	memset(sc, 0, sizeof(*sc));
	sc->label = label;
	sc->depth = a->npath;
	scope_ctx(a, sc->ctx);
	if (label == LOOP_EXITS)
		sc->ctx[0]++;         /* its body is walked one unrolled level in */
}

static KirExpr *logor(Aff *a, const KirExpr *l, KirExpr *r, SrcLoc loc)
{
	KirExpr *n;
	if (!l)
		return r;
	n = frontend_new_expr(a->ar, KE_LOGOR, KT_I1, loc);
	n->u.bin.l = (KirExpr *)l;
	n->u.bin.r = r;
	return n;
}

static void set_done(Aff *a, SrcLoc loc)
{
	KirExpr *d = NULL;
	for (int i = 0; i < a->nscopes; i++)
		if (a->scopes[i].taken)
			d = logor(a, d, (KirExpr *)a->scopes[i].taken, loc);
	a->done = d ? aff_bounded(a, d, loc) : NULL;
}

/* The innermost open scope of block `label`, or -1. */
int aff_scope_of(Aff *a, int label)
{
	for (int i = a->nscopes - 1; i >= 0; i--)
		if (a->scopes[i].label == label)
			return i;
	return -1;
}

/* Scope i takes lanes pc (every variable's value now is theirs after the scope). */
static void record(Aff *a, int i, KirExpr *pc, SrcLoc loc)
{
	struct Scope *sc = &a->scopes[i];
	size_t nv = a->r->k->nvars + 1;
	Snap *sn;
	pc = aff_bounded(a, pc, loc);
	if (sc->nsnaps == sc->cap) {
		Snap *n = arena_alloc(a->ar, sizeof(*n) * (sc->cap ? 2 * sc->cap : 8));
		if (sc->nsnaps)
			memcpy(n, sc->snaps, sizeof(*n) * sc->nsnaps);
		sc->snaps = n;
		sc->cap = sc->cap ? 2 * sc->cap : 8;
	}
	sn = &sc->snaps[sc->nsnaps++];
	sn->pc = pc;
	sn->def = arena_alloc(a->ar, nv * sizeof(*sn->def));
	sn->epoch = arena_alloc(a->ar, nv * sizeof(int));
	memcpy(sn->def, a->def, nv * sizeof(*sn->def));
	memcpy(sn->epoch, a->def_epoch, nv * sizeof(int));
	sc->taken = aff_bounded(a, logor(a, sc->taken, pc, loc), loc);
	set_done(a, loc);
}

/* Is scope i one whose exits can be walked here: no loop between that walks its body
 * once for every iteration (a column, grid-stride or reduction loop: the path's guards
 * are no one iteration's), no data-dependent loop's body (dwalk: aff_while_exit)? */
static int walkable(Aff *a, int i, int label)
{
	int ctx[5];
	scope_ctx(a, ctx);
	return i >= 0 && a->scopes[i].label == label && ctx[1] == a->scopes[i].ctx[1] &&
	       ctx[2] == a->scopes[i].ctx[2] && ctx[3] == a->scopes[i].ctx[3] && !ctx[4] &&
	       !a->scopes[i].ctx[4] && (label != LOOP_EXITS || ctx[0] == a->scopes[i].ctx[0]);
}

/* A break or a block exit: its scope (the innermost loop's, or the block's) takes its
 * lanes, the guards on its path inside the scope. Refused where the scope is not one
 * this file opened or cannot be walked here. */
void aff_scope_exit(Aff *a, const KirStmt *s)
{
	int label = s->kind == KS_EXIT ? s->u.label : LOOP_EXITS;
	int i = label == LOOP_EXITS ? a->nscopes - 1 : aff_scope_of(a, label);
	KirExpr *pc;
	if (!walkable(a, i, label))
		aff_afail(a, s->loc, "break, continue or a block exit");
	pc = aff_path_cond(a, a->scopes[i].depth, s->loc);
	if (!pc) {
		pc = frontend_new_expr(a->ar, KE_CONST, KT_I1, s->loc);
		pc->u.c = frontend_const_convert((KirConst){KT_I32, 1, 1.0}, KT_I1);
		a->scopes[i].all = 1;
	}
	record(a, i, pc, s->loc);
}

/* Lanes pc left block `label` (RETURN_EXITS: the kernel) inside a data-dependent loop
 * just walked (the loop's carried flag after it, affine_while.c). */
void aff_scope_lanes(Aff *a, int label, KirExpr *pc, SrcLoc loc)
{
	int i = aff_scope_of(a, label);
	if (label == RETURN_EXITS) {  /* the kernel's return: they store nothing more */
		a->exited = aff_bounded(a, logor(a, a->exited, pc, loc), loc);
		sb_printf(&a->r->st->notes, "  return in the data-dependent loop at %d:%d: its lanes as a "
		          "mask on the stores after it\n", loc.line, loc.col);
		return;
	}
	if (!walkable(a, i, label))
		aff_afail(a, loc, "break, continue or a block exit");
	record(a, i, pc, loc);
}

/* The innermost scope closes: each variable its value at the lane's first exit. */
void aff_scope_close(Aff *a, SrcLoc loc)
{
	struct Scope *sc = &a->scopes[a->nscopes - 1];
	const KirKernel *k = a->r->k;
	for (size_t v = 0; v < k->nvars; v++) {
		KirExpr *val = (KirExpr *)a->def[v];
		int epoch = a->def_epoch[v], diff = 0;
		const char *why;
		for (int j = 0; j < sc->nsnaps; j++)
			diff |= sc->snaps[j].def[v] != a->def[v];
		if (!diff)
			continue;
		for (int j = sc->nsnaps - 1; j >= 0 && val; j--) {
			const Snap *sn = &sc->snaps[j];
			KirExpr *n;
			if (sn->def[v] == val)
				continue;
			if (!sn->def[v]) {    /* declared after this exit: unknown on its lanes (an
			                         * inlined call's result is declared before its exits) */
				val = NULL;
				break;
			}
			n = frontend_new_expr(a->ar, KE_COND, k->vars[v].type, loc);
			n->u.cond.c = (KirExpr *)sn->pc;
			n->u.cond.t = (KirExpr *)sn->def[v];
			n->u.cond.f = val;
			val = n;
			epoch = sn->epoch[v] < epoch ? sn->epoch[v] : epoch;
		}
		a->def[v] = val;      /* its size is checked where it is used (aff_bounded) */
		a->def_epoch[v] = epoch;
		a->ienv[v] = NULL;
		if (val && frontend_dtype_is_int(val->type) && val->type != KT_I1)
			a->ienv[v] = poly_expr_from_kir(a->c, val, a->at.dom, aff_lookup, a, &why);
	}
	a->nscopes--;
	set_done(a, loc);
}
