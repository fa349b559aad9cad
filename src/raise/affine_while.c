/* affine_while.c: data-dependent loops. Consumes a loop whose trip count depends on the
 * thread or on data (a CSR row `for (k = row_ptr[r]; k < row_ptr[r + 1]; k++)`, a while
 * or do-while exiting on a loaded value, gcd, a binary search) whose body only assigns
 * variables and local array elements (no store to memory or atomic; a break or continue,
 * the return of an inlined call around it, an exit scope's, the kernel's own return and
 * nested loops are taken); produces one stablehlo.while over the largest trip count among
 * the threads, built where a value the loop leaves is needed (a store after it), over
 * that store's box: the while carries each carried value (a variable, or an element of a
 * local array the body stores at a constant index that has a value before the loop:
 * W_ELEM) as a tensor over the box (one lane per thread) and a mask of the
 * lanes still running; its condition is any(mask); its body is the loop body dense over
 * the box (reads whose index is affine in the threads are slices, reads at an index that
 * depends on a carried value are gathers) with each lane's new value where it is still
 * running and its old one elsewhere, then mask &= the loop condition. The rest of the
 * kernel stays in the affine strategy (its stores dense).
 *
 * The loop is first unrolled as before (a loop whose condition is the same on every
 * thread); only when that fails on the loop's own condition ("not quasi-affine", "depends
 * on the thread") is the unrolling undone and the loop taken as a while. Its body is then
 * walked once with each carried variable bound to an "old" reference (an Aff.red slot,
 * col < 0), which gives each variable's update and the condition over the values at the
 * start of an iteration; after the loop the variables are "final" references, whose value
 * over a box runs the while. Lanes run the loop only where the thread reaches it: the
 * data-dependent guards around the loop are the mask's start, and the box's threads must
 * be threads that ran the loop (no hull box of a masked store), so that no lane runs a
 * loop its thread would not run. Values that do not involve a carried value (the row's
 * end row_ptr[r + 1]) are built once before the while and read inside it. A return of
 * the inlined call around the loop (a block exit of an open exit scope, affine_exits.c)
 * breaks the iteration and sets one more carried value, a flag without a variable (the
 * last slot, var -1); after the loop its final value is the lanes that left the call. A
 * kernel `return` in the body is such an exit of the kernel's body: after the loop its
 * flag joins Aff.exited, the lanes that store nothing more (affine_exits.c).
 *
 * A loop nested in the body is walked there (aff_loop): unrolled, or a data-dependent
 * loop of its own whose parent is this one. Its results are values of one iteration of
 * the loop around, so its while is built in the body of that loop's while (an input of
 * the outer while's body, not of the outer while): there the outer carried values are the
 * iteration's, its lanes start as the outer loop's running lanes (Dw.act), and what it
 * built is forgotten when the outer body is done (forget_nested). */
#include "affine_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- recognising a data-dependent loop ---- */

/* Can lanes leave block `label` from inside a data-dependent loop here: an open exit
 * scope's block, or the kernel (a return: the lanes that left are Aff.exited, a mask on
 * every later store) where the loop's body is walked for one execution of the loop (no
 * grid-stride, column or loop dimension around it, whose walk is once for every trip)? */
static int leavable(Aff *a, int label)
{
	if (label == RETURN_EXITS)
		return !(a->stride || a->col || a->loopvar >= 0 || a->opt.returns_as_exits);
	return aff_scope_of(a, label) >= 0;
}

/* The elements of the local arrays the body stores that have a value before the loop,
 * appended to var[0..*nc) as carried values (W_ELEM): which elements the body stores is
 * known only once it is walked (its indices are constants there), so each of them is
 * carried. 0 when such an array is not scalar-replaced (affine_subst.c) or they are too
 * many. An element without a value before the loop is the body's own (set before it is
 * read in an iteration, or the walk refuses the read). */
static int w_elems(Aff *a, const LoopScan *ls, int *var, int *nc)
{
	const KirKernel *k = a->r->k;
	for (size_t b = 0; b < k->nbufs; b++) {
		if (!ls->nstore[b] || k->bufs[b].space != KSP_LOCAL)
			continue;
		if (a->loc_base[b] < 0)
			return 0;
		for (int64_t i = 0; i < k->bufs[b].count; i++) {
			int slot = a->loc_base[b] + (int)i;
			if (!a->local[slot])
				continue;
			if (*nc == MAX_CARRY)
				return 0;
			var[(*nc)++] = W_ELEM(slot);
		}
	}
	return 1;
}

/* The carried variables (assigned in the body or the step, declared before the loop) in
 * var[0..*nc), then the carried local array elements; 0 when the body is not one this
 * file takes (a store to memory, or what affine_scan.c calls bad). *locals: it reads or
 * stores a local array. */
static int w_body(Aff *a, const KirStmt *body, const KirExpr *step, int *var, int *nc, int *exits,
                  int *outer, int *locals)
{
	LoopScan ls;
	int ok;
	aff_scan_body(&ls, a->r->k, body);
	if (step) {
		if ((step->kind == KE_ASSIGN && step->u.assign.lv.var >= 0) ||
		    (step->kind == KE_INCDEC && step->u.incdec.lv.var >= 0))
			aff_scan_expr(&ls, step);
		else
			ls.bad = 1;
	}
	/* a nested loop is walked in the body (unrolled, or a while of its own built in this
	 * one's body); an exit out of the body's block is not taken with one, nor in one */
	ls.bad |= ls.stores || (ls.outer && (ls.loops || a->dwalk));
	if (aff_scan_carried(a, &ls, -1, var, nc) && !w_elems(a, &ls, var, nc))
		ls.bad = 1;
	*locals = ls.locals;
	*exits = ls.loops ? aff_has_exit(body, LOOP_EXITS) : ls.exits;   /* its own, not a nested loop's */
	*outer = ls.outer;    /* a return of an inlined call: a carried flag (one slot more) */
	ok = !ls.bad && *nc > 0 && (!ls.outer || (leavable(a, ls.outer) && *nc < MAX_CARRY)) &&
	     a->nred + 2 * (*nc + !!ls.outer) <= MAX_RED && a->ndws < MAX_WHILES;
	aff_scan_free(&ls);
	return ok;
}

/* ---- the loop: unrolled when its condition is the same everywhere, else a while ---- */

typedef struct Saved {
	const KirExpr **def;
	int *def_epoch, *decl_depth, unrolled, ndc, npath;
	PolyExpr **ienv;
	const KirExpr *exited, *done, **local;
	struct Scope scopes[MAX_SCOPES];
	int nscopes;
} Saved;

static void save(Aff *a, Saved *sv)
{
	size_t n = a->r->k->nvars + 1;
	sv->def = xmalloc(n * sizeof(*sv->def));
	sv->def_epoch = xmalloc(n * sizeof(int));
	sv->decl_depth = xmalloc(n * sizeof(int));
	sv->ienv = xmalloc(n * sizeof(*sv->ienv));
	sv->local = xmalloc(((size_t)a->nlocal + 1) * sizeof(*sv->local));
	memcpy(sv->local, a->local, (size_t)a->nlocal * sizeof(*sv->local));
	memcpy(sv->def, a->def, n * sizeof(*sv->def));
	memcpy(sv->def_epoch, a->def_epoch, n * sizeof(int));
	memcpy(sv->decl_depth, a->decl_depth, n * sizeof(int));
	memcpy(sv->ienv, a->ienv, n * sizeof(*sv->ienv));
	sv->unrolled = a->unrolled;
	sv->exited = a->exited;
	sv->done = a->done;
	sv->nscopes = a->nscopes;
	memcpy(sv->scopes, a->scopes, sizeof(a->scopes));
	sv->ndc = a->ndc;
	sv->npath = a->npath;
}

static void restore(Aff *a, const Saved *sv)
{
	size_t n = a->r->k->nvars + 1;
	memcpy(a->def, sv->def, n * sizeof(*sv->def));
	memcpy(a->def_epoch, sv->def_epoch, n * sizeof(int));
	memcpy(a->decl_depth, sv->decl_depth, n * sizeof(int));
	memcpy(a->ienv, sv->ienv, n * sizeof(*sv->ienv));
	memcpy(a->local, sv->local, (size_t)a->nlocal * sizeof(*sv->local));
	a->unrolled = sv->unrolled;
	a->exited = sv->exited;
	a->done = sv->done;
	a->nscopes = sv->nscopes;
	memcpy(a->scopes, sv->scopes, sizeof(a->scopes));
	a->ndc = sv->ndc;
	a->npath = sv->npath;
}

static void unsave(Saved *sv)
{
	free(sv->def);
	free(sv->def_epoch);
	free(sv->decl_depth);
	free(sv->ienv);
	free(sv->local);
}

/* The loop unrolled, 1; 0 (nothing left behind) when unrolling failed on the loop's own
 * condition; another failure goes on to the caller. */
static int unrolled(Aff *a, const KirStmt *s, int in_data)
{
	jmp_buf outer;
	Saved sv;
	Try t;
	int ok;
	save(a, &sv);
	memcpy(outer, a->fail, sizeof(jmp_buf));
	aff_try_begin(a, &t);
	ok = !setjmp(a->fail);
	if (ok)
		aff_unroll(a, s, in_data);
	memcpy(a->fail, outer, sizeof(jmp_buf));
	if (!ok) {
		int mine = a->wloc.line == s->loc.line && a->wloc.col == s->loc.col &&
		           (strcmp(a->why, "a loop condition that is not quasi-affine") == 0 ||
		            strcmp(a->why, "a loop whose trip count depends on the thread") == 0 ||
		            (aff_leaves(a, s) && strcmp(a->why, AFF_TOO_LONG) == 0));
		if (!mine) {
			unsave(&sv);
			aff_afail(a, a->wloc, a->why);
		}
		aff_try_undo(a, &t);
		restore(a, &sv);
	}
	unsave(&sv);
	return ok;
}

/* The local array that holds element `slot` of Aff.local. */
static int elem_buffer(const Aff *a, int slot)
{
	for (size_t b = 0; b < a->r->k->nbufs; b++)
		if (a->loc_base[b] >= 0 && slot >= a->loc_base[b] && slot < a->loc_base[b] + a->r->k->bufs[b].count)
			return (int)b;
	die("affine_while.c: local element %d of no array", slot);
}

static KirDType carried_type(const Aff *a, int v)
{
	if (v >= 0)
		return a->r->k->vars[v].type;
	return v == W_FLAG ? KT_I1 : a->r->k->bufs[elem_buffer(a, W_SLOT(v))].elem;
}

/* Carried value j of loop w's value: before the loop, or after one iteration's walk. */
static const KirExpr *carried_value(const Aff *a, const struct Dw *w, int j)
{
	return w->var[j] >= 0 ? a->def[w->var[j]] : a->local[W_SLOT(w->var[j])];
}

/* A reference to carried value j of data loop wi: at the start of an iteration (final
 * 0) or after the loop (final 1). */
static KirExpr *w_ref(Aff *a, int wi, int j, int final, SrcLoc loc)
{
	const struct Dw *w = &a->dws[wi];
	KirExpr *ref;
	if (a->nred == MAX_RED)   /* (nested loops take slots between a loop's old and final ones) */
		aff_afail(a, loc, "data-dependent loops with too many carried values");
	ref = frontend_new_expr(a->ar, KE_VAR, carried_type(a, w->var[j]), loc);
	/* (the exit flag and an element have no variable: their slot names the first carried
	 * one, or variable 0, whose ienv a store's retry saves and restores, affine_store.c) */
	a->red[a->nred] = (struct Red){NULL, w->var[j] >= 0 ? w->var[j] : w->var[0] >= 0 ? w->var[0] : 0,
	                               0, 0, -(wi + 1), j, final};
	ref->u.var = (int)a->r->k->nvars + a->nred++;
	return ref;
}

static void w_bind(Aff *a, int wi, int final, SrcLoc loc)
{
	struct Dw *w = &a->dws[wi];
	for (int j = 0; j < w->nc && w->var[j] != W_FLAG; j++) {  /* the exit flag last */
		KirExpr *v = final ? w_ref(a, wi, j, 1, loc) : w->old[j];
		if (w->var[j] < 0) {
			a->local[W_SLOT(w->var[j])] = v;
			continue;
		}
		a->def[w->var[j]] = v;
		a->def_epoch[w->var[j]] = a->epoch;
		a->ienv[w->var[j]] = NULL;
	}
}

int aff_while_loop(Aff *a, const KirStmt *s, int in_data)
{
	const KirKernel *k = a->r->k;
	const KirExpr *cond = s->kind == KS_FOR ? s->u.for_.cond : s->u.loop.cond;
	const KirExpr *step = s->kind == KS_FOR ? s->u.for_.step : NULL;
	const KirStmt *body = s->kind == KS_FOR ? s->u.for_.body : s->u.loop.body;
	int var[MAX_CARRY], nc, wi, exits, outer, locals, first;
	const KirExpr **before;
	struct Dw *w;
	SList l = {0};
	Seg all = {(KirStmt *const *)&body, 1, NULL};
	if (!cond || a->opt.guard_masks || a->col_dry || AFF_LEFT(a) ||
	    !w_body(a, body, step, var, &nc, &exits, &outer, &locals))
		return 0;
	/* a continue alone is not unrolled (the rest of the iteration would be under its
	 * guards, a while's carried values); a break is, as an exit scope (affine_exits.c),
	 * but not in a data-dependent loop's body (it would be taken for that loop's). A body
	 * that reads or stores a local array is a while only where unrolling failed (its
	 * indices are constants in an unrolled body, carried values in a while's) */
	first = !exits || (aff_leaves(a, s) && !a->dwalk);
	if (locals && !first)
		return 0;
	if (first && unrolled(a, s, in_data))
		return 1;
	wi = a->ndws++;
	w = &a->dws[wi];
	memset(w, 0, sizeof(*w));
	{   /* a search loop (affine_search.c): its counter's carried index */
		int x, dir, b = a->dwalk || !exits || outer ? -1 : aff_search_shape(a, s, &x, &dir);
		for (int j = 0; b >= 0 && j < nc; j++)
			if (var[j] == x)
				*w = (struct Dw){.sbuf = b + 1, .sj = j, .sdir = dir};
	}
	w->nc = nc;
	w->parent = a->dwalk;  /* in a data-dependent loop's body: built in its while's body */
	w->do_while = s->kind == KS_DO;
	w->threads = a->at.dom;
	w->open = a->stride || a->col || a->loopvar >= 0;
	w->ndc = a->ndc;
	memcpy(w->dc, a->dc, sizeof(w->dc));
	memcpy(w->dcneg, a->dcneg, sizeof(w->dcneg));
	for (int j = 0; j < nc; j++) {
		w->var[j] = var[j];
		w->init[j] = carried_value(a, w, j);
		w->old[j] = w_ref(a, wi, j, 0, s->loc);
		w->plane[j] = -1;
	}
	before = ARENA_ARRAY(a->ar, const KirExpr *, a->nlocal + 1);  /* (the walk may longjmp) */
	memcpy(before, a->local, (size_t)a->nlocal * sizeof(*before));
	/* one iteration over the old values: the body (and step), then the condition */
	w_bind(a, wi, 0, s->loc);
	w->cond = aff_bounded(a, aff_subst(a, cond), s->loc);
	w->depth = a->npath;
	a->dwalk = wi + 1;    /* (aff_restructure keeps a return in it, for aff_while_exit) */
	if (outer) {          /* ... or at its block exit (kept, for aff_while_exit) */
		Seg in = {(KirStmt *const *)&body, 1, NULL};
		SList o = {0};
		aff_restructure(a, &in, outer, &o);
		body = aff_sl_block(a, &o, body->loc);
		all.st = (KirStmt *const *)&body;
	}
	if (exits) {          /* each path of the body ends at a break, a continue or its end */
		aff_restructure(a, &all, LOOP_EXITS, &l);
		body = aff_sl_block(a, &l, body->loc);
	}
	aff_walk(a, body, 1);
	a->dwalk = w->parent;
	if (step && w->brk) { /* the step runs where the iteration did not break */
		if (a->npath == MAX_DC)
			aff_afail(a, s->loc, "too many nested guards");
		a->path[a->npath] = w->brk;
		a->pathneg[a->npath++] = 1;
		aff_assign_var(a, step);
		aff_forget_deeper(a, --a->npath);
	} else if (step) {
		aff_assign_var(a, step);
	}
	for (int j = 0; j < nc; j++)
		w->f[j] = carried_value(a, w, j);
	for (int i = 0; i < a->nlocal; i++)   /* the body's own elements are not set after it */
		if (!before[i])
			a->local[i] = NULL;
	if (w->exitc) {       /* the flag of the lanes that left: carried, false at the start */
		KirExpr *no = frontend_new_expr(a->ar, KE_CONST, KT_I1, s->loc);
		KirExpr *f = frontend_new_expr(a->ar, KE_LOGOR, KT_I1, s->loc);
		no->u.c = frontend_const_convert((KirConst){KT_I32, 0, 0.0}, KT_I1);
		w->var[nc] = -1;
		w->init[nc] = no;
		w->old[nc] = w_ref(a, wi, nc, 0, s->loc);
		f->u.bin.l = w->old[nc];
		f->u.bin.r = (KirExpr *)w->exitc;
		w->f[nc] = aff_bounded(a, f, s->loc);
		w->plane[nc] = -1;
		w->nc = ++nc;
	}
	w_bind(a, wi, 1, s->loc);
	if (w->exitc)         /* the rest of the block is not theirs (affine_exits.c) */
		aff_scope_lanes(a, w->exit_label, w_ref(a, wi, nc - 1, 1, s->loc), s->loc);
	sb_printf(&a->r->st->notes, "  data-dependent loop at %d:%d: a while over the largest trip count "
	          "of the threads, carrying", s->loc.line, s->loc.col);
	for (int j = 0; j < nc; j++) {
		int b = w->var[j] < W_FLAG ? elem_buffer(a, W_SLOT(w->var[j])) : -1;
		if (b >= 0)
			sb_printf(&a->r->st->notes, " %s[%d]", k->bufs[b].name, W_SLOT(w->var[j]) - a->loc_base[b]);
		else
			sb_printf(&a->r->st->notes, " %s", w->var[j] < 0 ? "(its exit)" : k->vars[w->var[j]].name);
	}
	sb_printf(&a->r->st->notes, "\n");
	return 1;
}

static KirExpr *logor2(Aff *a, const KirExpr *l, KirExpr *r, SrcLoc loc)
{
	KirExpr *n = frontend_new_expr(a->ar, KE_LOGOR, KT_I1, loc);
	n->u.bin.l = (KirExpr *)l;
	n->u.bin.r = r;
	return n;
}

/* A break in the body (restructured: the last statement of its path): the iteration
 * breaks where the guards around it hold; returns those guards (NULL: always). */
KirExpr *aff_while_break(Aff *a, const KirStmt *s)
{
	struct Dw *w = &a->dws[a->dwalk - 1];
	KirExpr *pc = aff_path_cond(a, w->depth, s->loc);
	if (!pc) {
		pc = frontend_new_expr(a->ar, KE_CONST, KT_I1, s->loc);
		pc->u.c = frontend_const_convert((KirConst){KT_I32, 1, 1.0}, KT_I1);
	}
	if (w->brk) {
		KirExpr *n = frontend_new_expr(a->ar, KE_LOGOR, KT_I1, s->loc);
		n->u.bin.l = (KirExpr *)w->brk;
		n->u.bin.r = pc;
		pc = n;
	}
	w->brk = aff_bounded(a, pc, s->loc);
	return aff_path_cond(a, w->depth, s->loc);
}

/* A block exit in the body (restructured: the last statement of its path), out of the
 * exit scope around the loop: the iteration breaks there, and its lanes are the loop's
 * exit flag (a carried value: after the loop, the lanes that left the block). */
void aff_while_exit(Aff *a, const KirStmt *s)
{
	struct Dw *w = &a->dws[a->dwalk - 1];
	KirExpr *pc = aff_while_break(a, s);
	int label = s->kind == KS_RETURN ? RETURN_EXITS : s->u.label;
	if (w->exit_label && w->exit_label != label)
		aff_afail(a, s->loc, "break, continue or a block exit");
	w->exit_label = label;
	if (!pc) {
		pc = frontend_new_expr(a->ar, KE_CONST, KT_I1, s->loc);
		pc->u.c = frontend_const_convert((KirConst){KT_I32, 1, 1.0}, KT_I1);
	}
	w->exitc = aff_bounded(a, w->exitc ? logor2(a, w->exitc, pc, s->loc) : pc, s->loc);
}

/* ---- the while over a box ---- */

/* Is data-dependent loop i nested (at any depth) in loop wi's body? */
static int nested_in(const Aff *a, int i, int wi)
{
	for (int p = a->dws[i].parent; p; p = a->dws[p - 1].parent)
		if (p == wi + 1)
			return 1;
	return 0;
}

/* Does e involve an old reference of loop wi, or the result of a loop nested in its body
 * (memo: node -> 1 + answer)? */
static int involves(Aff *a, struct Memo *m, int wi, const KirExpr *e)
{
	int found, r = 0, *slot;
	KirExpr **kids[8];
	if (!e)
		return 0;
	slot = aff_memo_slot(m, e, &found);
	if (found)
		return *slot - 1;
	if (e->kind == KE_VAR && e->u.var >= (int)a->r->k->nvars && e->u.var < LOOPVAR(a, 0)) {
		const struct Red *rd = &a->red[e->u.var - (int)a->r->k->nvars];
		r = rd->col == -(wi + 1) || (rd->col < 0 && rd->final && nested_in(a, -rd->col - 1, wi));
	} else {
		for (int i = 0, n = loopify_expr_kids((KirExpr *)e, kids); i < n && !r; i++)
			r = involves(a, m, wi, *kids[i]);
	}
	slot = aff_memo_slot(m, e, &found);
	*slot = 1 + r;
	return r;
}

#define MAX_INPUTS 256

typedef struct Inputs {
	struct Memo inv;          /* node -> 1 + involves an old reference */
	struct Memo seen;
	const KirExpr *e[MAX_INPUTS];
	int v[MAX_INPUTS], n;
} Inputs;

/* The inputs of e: its maximal subtrees without an old reference (constants aside). */
static void inputs(Aff *a, Inputs *in, int wi, const KirExpr *e)
{
	int found;
	KirExpr **kids[8];
	if (!e || e->kind == KE_CONST)
		return;
	aff_memo_slot(&in->seen, e, &found);
	if (found)
		return;
	if (!involves(a, &in->inv, wi, e)) {
		if (in->n == MAX_INPUTS)
			aff_afail(a, e->loc, "a data-dependent loop with too many inputs");
		in->e[in->n++] = e;
		return;
	}
	for (int i = 0, n = loopify_expr_kids((KirExpr *)e, kids); i < n; i++)
		inputs(a, in, wi, *kids[i]);
}

/* The memo holds the inputs' values only (built before the while), so that what is built
 * over the old values is built again for each new binding of the references. */
void aff_while_memo(Aff *a, const Inputs *in)
{
	aff_memo_reset(&a->memo);
	aff_memo_reset(&a->lmemo);
	for (int i = 0; i < in->n; i++) {
		int found;
		*aff_memo_slot(&a->memo, in->e[i], &found) = in->v[i];
	}
}

static int lanes_mask(Aff *a, const struct Dw *w)
{
	int m = w->parent ? a->dws[w->parent - 1].act : -1;  /* the lanes running the loop around */
	for (int i = 0; i < w->ndc; i++) {
		int c = aff_convert(a, aff_dense(a, w->dc[i]), DT_I1);
		if (w->dcneg[i])
			c = tir_build_unary(B(a), TOP_NOT, c);
		m = m < 0 ? c : aff_bin(a, TOP_AND, m, c);
	}
	return m;
}

char *aff_coords_text(Aff *a)
{
	StrBuf sb = {0};
	char *t;
	for (int k = 0; k < a->wrank; k++) {
		poly_expr_print(&sb, a->widx[k]);
		sb_printf(&sb, ";");
	}
	t = xstrdup(sb_str(&sb));
	sb_free(&sb);
	return t;
}

/* The whiles built for the loops nested in loop wi's body are gone (they were in the body
 * of one of its whiles). */
static void forget_nested(Aff *a, int wi)
{
	for (int i = 0; i < a->ndws; i++)
		if (nested_in(a, i, wi))
			a->dws[i].coords = NULL;
}

/* The lanes of the current box, as a key (in the arena: run() may abandon the try before
 * a while keeps it): per coordinate, its function of the threads less the box's low end
 * (one linear piece) and the box's extent, so that two boxes whose lanes are the same
 * threads in the same order (the stores mom[i * 4 + k] for k = 0..3 after the loop) share
 * one while; a coordinate that is no linear piece as written, with the box's ends. */
static char *lanes_key(Aff *a)
{
	StrBuf sb = {0};
	char *t;
	for (int k = 0; k < a->wrank; k++) {
		int64_t coef[POLY_NDIMS], cst, lo = a->at.box.lo[k], hi = a->at.box.hi[k];
		if (poly_expr_get_linear(a->widx[k], coef, &cst)) {
			for (int d = 0; d < POLY_NDIMS; d++)
				sb_printf(&sb, "%lld,", (long long)coef[d]);
			sb_printf(&sb, "%lld+[0,%lld];", (long long)(cst - lo), (long long)(hi - lo));
		} else {
			poly_expr_print(&sb, a->widx[k]);
			sb_printf(&sb, "[%lld,%lld];", (long long)lo, (long long)hi);
		}
	}
	t = arena_strdup(a->ar, sb_str(&sb));
	sb_free(&sb);
	return t;
}

/* The while of loop wi over the current box: finals[j] each carried value after it. */
static void run(Aff *a, int wi, int *finals)
{
	struct Dw *w = &a->dws[wi];
	Inputs in = {0};
	TBuilder outer = *B(a);
	int nc = w->nc, ops[MAX_CARRY + 1], res[MAX_CARRY + 1], out[MAX_CARRY + 1], mask;
	int64_t dims[POLY_MAX_RANK];
	TOp *wh;
	TBlock *cb, *bb;
	DType dt[MAX_CARRY];
	in.inv.cur = in.seen.cur = 1;
	for (int j = 0; j < nc; j++)
		inputs(a, &in, wi, w->f[j]);
	inputs(a, &in, wi, w->cond);
	inputs(a, &in, wi, w->brk);
	aff_memo_free(&in.inv);      /* before anything that may abandon the try (longjmp) */
	aff_memo_free(&in.seen);
	if (!w->parent) {            /* (in a while's body: what it built so far is good here) */
		aff_memo_reset(&a->memo);
		aff_memo_reset(&a->lmemo);
	}
	for (int i = 0; i < in.n; i++)
		in.v[i] = aff_dense(a, in.e[i]);
	for (int j = 0; j < nc; j++) {
		dt[j] = raise_dtype(carried_type(a, w->var[j]));
		ops[j] = aff_convert(a, aff_dense(a, w->init[j]), dt[j]);
	}
	mask = lanes_mask(a, w);
	if (w->sbuf)                 /* a search (affine_search.c): from where it stops */
		ops[w->sj] = aff_search_leap(a, wi, ops, mask, &in);
	ops[nc] = mask >= 0 ? mask : tir_build_splat_int(B(a), aff_box_type(&a->at.box, DT_I1), 1);
	wh = tir_build_op(B(a), TOP_WHILE, NULL, 0);
	for (int i = 0; i <= nc; i++) {
		tir_op_add_operand(a->r->f, wh, ops[i]);
		res[i] = tir_op_add_result(a->r->f, wh, *tir_value_type(a->r->f, ops[i]));
	}
	a->r->st->ops[TOP_WHILE]++;
	cb = tir_op_add_region(a->r->f, wh);
	bb = tir_op_add_region(a->r->f, wh);
	{   /* cond: any lane still running */
		int m = -1, r;
		for (int i = 0; i <= nc; i++)
			m = tir_block_add_arg(a->r->f, cb, *tir_value_type(a->r->f, ops[i]));
		*B(a) = tir_builder(a->r->f, cb, outer.loc);
		for (int k = 0; k < a->at.box.rank; k++)
			dims[k] = k;
		r = tir_build_reduce(B(a), m, tir_build_splat_int(B(a), tir_type_scalar(DT_I1), 0), dims,
		                     a->at.box.rank, TOP_OR);
		tir_build_return(B(a), &r, 1);
	}
	{   /* body: a step of the running lanes, then mask &= the condition */
		int arg[MAX_CARRY + 1], act;
		for (int i = 0; i <= nc; i++)
			arg[i] = tir_block_add_arg(a->r->f, bb, *tir_value_type(a->r->f, ops[i]));
		*B(a) = tir_builder(a->r->f, bb, outer.loc);
		act = arg[nc];
		for (int j = 0; j < nc; j++)
			w->plane[j] = arg[j];
		aff_while_memo(a, &in);
		forget_nested(a, wi);
		if (!w->do_while)
			act = aff_bin(a, TOP_AND, act, aff_convert(a, aff_dense(a, w->cond), DT_I1));
		w->act = act;         /* for the whiles of loops nested in the body */
		w->in = &in;
		for (int j = 0; j < nc; j++) {
			int v = aff_convert(a, aff_dense(a, w->f[j]), dt[j]);
			a->r->st->ops[TOP_SELECT]++;
			out[j] = tir_build_select(B(a), act, v, arg[j]);
		}
		if (w->brk)           /* lanes that broke stop */
			act = aff_bin(a, TOP_AND, act, tir_build_unary(B(a), TOP_NOT,
			              aff_convert(a, aff_dense(a, w->brk), DT_I1)));
		if (w->do_while) {
			for (int j = 0; j < nc; j++)
				w->plane[j] = out[j];
			aff_while_memo(a, &in);
			act = aff_bin(a, TOP_AND, act, aff_convert(a, aff_dense(a, w->cond), DT_I1));
		}
		out[nc] = act;
		tir_build_return(B(a), out, nc + 1);
	}
	*B(a) = outer;
	for (int j = 0; j < nc; j++) {
		w->plane[j] = -1;
		finals[j] = res[j];
	}
	forget_nested(a, wi);     /* their whiles are in this one's body */
	w->in = NULL;
	if (w->parent) {          /* back in the body of the while around */
		aff_while_memo(a, a->dws[w->parent - 1].in);
	} else {
		aff_memo_reset(&a->memo);
		aff_memo_reset(&a->lmemo);
	}
}

int aff_while_value(Aff *a, int i, const KirExpr *e)
{
	const struct Red *rd = &a->red[i];
	struct Dw *w = &a->dws[-rd->col - 1];
	char *coords;
	if (!rd->final) {
		if (w->plane[rd->carry] < 0)
			aff_afail(a, e->loc, "a data-dependent loop's value used outside it");
		return w->plane[rd->carry];
	}
	if (a->opt.guard_masks || a->at.live || a->at.pad || !a->at.w || a->at.box.rank != a->wrank ||
	    w->open != (a->stride || a->col || a->loopvar >= 0))
		aff_afail(a, e->loc, "a data-dependent loop's result used where its lanes cannot be built");
	if (!poly_set_is_subset(a->at.dom, w->threads))
		aff_afail(a, e->loc, "a data-dependent loop's result read by threads that did not run it");
	coords = lanes_key(a);
	if (w->coords && !strcmp(w->coords, coords))
		return w->finals[rd->carry];
	w->coords = NULL;
	{
		At saved = a->at;
		int finals[MAX_CARRY];
		run(a, -rd->col - 1, finals);
		a->at = saved;
		w->coords = coords;
		memcpy(w->finals, finals, sizeof(finals));
		return finals[rd->carry];
	}
}

void aff_while_forget(Aff *a, int first_value)
{
	for (int i = 0; i < a->ndws; i++)
		if (a->dws[i].coords && a->dws[i].finals[0] >= first_value) {
			a->dws[i].coords = NULL;
		}
}
