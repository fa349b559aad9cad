/* affine.c: strategy 2 of DESIGN.md, "Tensor IR (raise)": affine tensorization of a
 * single-phase kernel. Consumes the kernel IR (no barrier, no loop, no shared or local
 * memory, no atomics or warp ops) and the polyhedral facts of poly.h; produces, for
 * every store `buf[f(x)] = e`, the value e as a dense tensor over each box of the
 * store's range (reads that are translations or permutations of the write become slices
 * of the reshaped buffer, thread-invariant values are broadcast scalars, thread indices
 * are iotas, guards that are not affine become compare + select) and one
 * dynamic_update_slice per box into the reshaped buffer. Periodic reads (pieces) are a
 * concatenate of slices. A device function's early returns (block exits) become ifs
 * whose branches hold the rest of the function; (int) of unsigned index arithmetic is
 * read as the same arithmetic in int (equal modulo 2^32). Substituted values are DAGs:
 * each distinct node is built once per box (a memo). When any fact is missing the
 * whole kernel is left to SIMT (simt.c) and the missing fact is recorded for --report;
 * nothing is emitted then.
 * The method is spread over files by concern, behind affine_int.h: affine_memo.c (the
 * state of a try: failure, memo tables), affine_subst.c (values over the inputs, guards
 * as path conditions), affine_emit.c (values assembled over the box), affine_read.c
 * (loads as slices), affine_expr.c (expressions over the box), affine_reduce.c
 * (reductions and contractions), affine_store.c (stores), affine_loop.c (loops),
 * affine_column.c (loops that carry variables: a while over k), affine_while.c (loops
 * whose trip count depends on data: a while over the threads' largest trip count),
 * affine_exits.c (block exits). This file walks the statements (an affine guard splits
 * the running domain, another becomes a mask) and drives the tries over a kernel. */
#include "affine_int.h"

#include <stdlib.h>
#include <string.h>

/* Are the threads each branch of guard c runs (of the running ones) a box (or does a
 * branch return)? When not, the affine-masks strategy takes c as a mask: a store under it is a select over the
 * box hull of its threads (the old values where c does not hold), not pieces of a range
 * that is no union of boxes. */
static int box_guard(Aff *a, PolySet *c, const KirStmt *s)
{
	PolySet *t = poly_set_intersect(a->at.dom, c), *f;
	/* a return under a mask is not raised: a guard that returns (`if (x >= nx) return;`)
	 * only shrinks the threads */
	if (aff_has_exit(s->u.if_.then, RETURN_EXITS) || aff_has_exit(s->u.if_.els, RETURN_EXITS))
		return 1;
	if (!poly_set_is_empty(t) && !poly_set_is_box(t))
		return 0;
	if (!s->u.if_.els)
		return 1;
	f = poly_set_subtract(a->at.dom, c);
	return poly_set_is_empty(f) || poly_set_is_box(f);
}

/* Atomic e with its index and operands over the inputs. */
static KirExpr *subst_atomic(Aff *a, const KirExpr *e)
{
	KirExpr *n = frontend_new_expr(a->ar, KE_ATOMIC, e->type, e->loc);
	n->u = e->u;
	n->u.atomic.index = aff_subst(a, e->u.atomic.index);
	for (int i = 0; i < e->u.atomic.nargs; i++)
		n->u.atomic.args[i] = aff_subst(a, e->u.atomic.args[i]);
	return n;
}

/* A branch of a guard that mentions a --symbolic scalar, run by the threads `in` (the
 * guard, or its negation, on the running threads): the guard stays a mask, and the
 * threads are narrowed to the shadow of `in`, those it holds for under some assumed
 * value (poly_set_shadow). That is exact: the others never run the branch; and the
 * bounds check proved every access of the shadow's threads in bounds for the value
 * that lets each through, so the reads of the narrowed box stay inside their buffers.
 * in NULL: no narrowing. */
static void masked_branch(Aff *a, const KirStmt *branch, PolySet *in)
{
	PolySet *saved = a->at.dom, *shadow = in ? poly_set_shadow(in) : NULL;
	if (!shadow) {
		aff_walk(a, branch, 1);
		return;
	}
	a->at.dom = poly_set_intersect(saved, shadow);
	shadow = a->at.dom;
	aff_walk(a, branch, 1);
	if (a->at.dom != shadow)
		aff_afail(a, branch->loc, "the threads changed under a guard on a --symbolic scalar");
	a->at.dom = saved;
}

/* The threads of dom that pass the enclosing guards kept as masks (a->dc), each one
 * that is a quasi-affine condition: a guard on a --symbolic scalar narrows the threads
 * to its shadow, which forgets for which values of the scalar each thread runs; the
 * shadow of a guard nested in it must be taken under those values (`if (i >= n)
 * return;` then `if (i == n - 1) ... else u[i + 1]`: the else runs i <= n - 2 only).
 * A guard that is not a set is left out: the shadow is then larger, never wrong. */
static PolySet *under_masks(Aff *a, PolySet *dom)
{
	for (int j = 0; j < a->ndc; j++) {
		const char *why;
		PolySet *g = poly_set_from_cond(a->c, a->dc[j], dom, aff_lookup, a, &why);
		if (g)
			dom = a->dcneg[j] ? poly_set_subtract(dom, g) : poly_set_intersect(dom, g);
	}
	return dom;
}

void aff_walk(Aff *a, const KirStmt *s, int in_data)
{
	switch (s->kind) {
	case KS_BLOCK:
		if (s->u.block.label > 0 && aff_exits_in_loop(s, s->u.block.label)) {
			aff_scope_open(a, s->u.block.label, s->loc);
			for (size_t i = 0; i < s->u.block.nstmts; i++)
				aff_walk(a, s->u.block.stmts[i], in_data);
			aff_scope_close(a, s->loc);
			return;
		}
		if (s->u.block.label > 0 && aff_has_exit(s, s->u.block.label)) {
			SList l = {0};
			Seg all = {s->u.block.stmts, s->u.block.nstmts, NULL};
			aff_restructure(a, &all, s->u.block.label, &l);
			aff_walk(a, aff_sl_block(a, &l, s->loc), in_data);
			return;
		}
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			aff_walk(a, s->u.block.stmts[i], in_data);
		return;
	case KS_DECL: {
		int v = s->u.decl.var;
		KirExpr *init = s->u.decl.init ? aff_subst(a, s->u.decl.init) : NULL;
		if (!init) {
			init = frontend_new_expr(a->ar, KE_CONST, a->r->k->vars[v].type, s->loc);
			init->u.c = frontend_const_convert((KirConst){KT_I32, 0, 0}, init->type);
		}
		a->decl_depth[v] = a->npath;
		a->def[v] = NULL;
		aff_set_var(a, v, init, s->loc);
		return;
	}
	case KS_EXPR: {
		const KirExpr *e = s->u.expr;
		if ((e->kind == KE_ASSIGN && e->u.assign.lv.var >= 0) ||
		    (e->kind == KE_INCDEC && e->u.incdec.lv.var >= 0)) {
			aff_assign_var(a, e);
			return;
		}
		if (e->kind == KE_ATOMIC) {
			if (AFF_LEFT(a))
				aff_afail(a, s->loc, "an atomic after a return under a data-dependent guard in a loop");
			if (!a->col_dry)
				aff_atomic(a, aff_bounded(a, subst_atomic(a, e), s->loc));
			return;
		}
		if (e->kind != KE_ASSIGN)
			aff_afail(a, s->loc, "a statement other than a store or an assignment");
		if (a->r->k->bufs[e->u.assign.lv.buffer].space == KSP_LOCAL) {
			if (a->exited)
				aff_afail(a, s->loc, "a local array store after a return under a data-dependent guard in a loop");
			aff_local_store(a, e);
			return;
		}
		if (!a->col_dry)     /* a column loop's first walk: its updates only */
			aff_store(a, aff_bounded(a, aff_subst(a, e), s->loc));
		return;
	}
	case KS_IF: {
		const char *why;
		KirExpr *cond = aff_bounded(a, aff_subst(a, s->u.if_.cond), s->loc);
		/* --symbolic: the guard's arithmetic is checked on the threads that reach it */
		PolySet *outer = a->r->assume && a->ndc ? under_masks(a, a->at.dom) : a->at.dom;
		PolySet *c = poly_set_from_cond(a->c, cond, outer, aff_lookup, a, &why);
		if (a->npath == MAX_DC || a->ndc == MAX_DC)
			aff_afail(a, s->loc, "too many nested guards");
		a->path[a->npath] = cond;
		a->pathneg[a->npath++] = 0;
		if (c && !poly_set_involves_params(c) && !(a->opt.guard_masks && !box_guard(a, c, s))) {
			PolySet *saved = a->at.dom, *then_dom;
			a->at.dom = poly_set_intersect(saved, c);
			aff_walk(a, s->u.if_.then, in_data);
			aff_forget_deeper(a, a->npath - 1);
			then_dom = a->at.dom;
			a->at.dom = poly_set_subtract(saved, c);
			a->pathneg[a->npath - 1] = 1;
			if (s->u.if_.els)
				aff_walk(a, s->u.if_.els, in_data);
			aff_forget_deeper(a, a->npath - 1);
			a->at.dom = poly_set_union(then_dom, a->at.dom);
			a->npath--;
			return;
		}
		if (!c || !poly_set_involves_params(c))
			c = NULL;         /* only a guard on --symbolic scalars narrows */
		a->dc[a->ndc] = cond;
		a->dcneg[a->ndc++] = 0;
		masked_branch(a, s->u.if_.then, c ? poly_set_intersect(outer, c) : NULL);
		aff_forget_deeper(a, a->npath - 1);
		if (s->u.if_.els) {
			a->dcneg[a->ndc - 1] = 1;
			a->pathneg[a->npath - 1] = 1;
			masked_branch(a, s->u.if_.els, c ? poly_set_subtract(outer, c) : NULL);
			aff_forget_deeper(a, a->npath - 1);
		}
		a->ndc--;
		a->npath--;
		return;
	}
	case KS_RETURN:
		if (a->dwalk) {       /* out of a data-dependent loop (affine_while.c) */
			aff_while_exit(a, s);
			return;
		}
		if ((in_data || a->done) && aff_exit_lanes(a, s))
			return;
		if (in_data || a->done)
			aff_afail(a, s->loc, "a return under a data-dependent guard");
		a->at.dom = poly_set_subtract(a->at.dom, a->at.dom);
		return;
	case KS_SYNC:     /* statement at a time over every thread: earlier stores are done */
		if (s->u.sync.op != KSY_THREADS && s->u.sync.op != KSY_WARP)
			aff_afail(a, s->loc, "a barrier that returns a value (__syncthreads_count/and/or)");
		return;
	case KS_FOR: case KS_WHILE: case KS_DO: aff_loop(a, s, in_data); return;
	case KS_BREAK:
		if (a->dwalk) {
			aff_while_break(a, s);
			return;
		}
		/* fall through */
	case KS_EXIT:
		if (a->dwalk && s->kind == KS_EXIT) {   /* out of a data-dependent loop */
			aff_while_exit(a, s);
			return;
		}
		if (a->nscopes) {     /* an exit of a scope the walk opened: its lanes are done */
			aff_scope_exit(a, s);
			return;
		}
		aff_afail(a, s->loc, "break, continue or a block exit");
	default: aff_afail(a, s->loc, "break, continue or a block exit");
	}
}

/* The state of one try: the facts' context, per-variable and per-buffer tables, the
 * values of local arrays whose indices are constants (initialised ones filled in). */
static void try_init(Aff *a, Raise *r, const TryOpts *o)
{
	const KirKernel *k = r->k;
	int grid[3], block[3], nloc = 0;
	memset(a, 0, sizeof(*a));
	for (int i = 0; i < 3; i++) {
		grid[i] = (int)r->grid[i];
		block[i] = (int)r->block[i];
	}
	a->r = r;
	a->opt = *o;
	a->loc_base = xmalloc(sizeof(int) * (k->nbufs + 1));
	for (size_t i = 0; i < k->nbufs; i++) {
		a->loc_base[i] = -1;
		if (k->bufs[i].space == KSP_LOCAL && k->bufs[i].count > 0 && k->bufs[i].count <= MAX_LOCAL) {
			a->loc_base[i] = nloc;
			nloc += (int)k->bufs[i].count;
		}
	}
	a->local = xcalloc((size_t)nloc + 1, sizeof(*a->local));
	a->nlocal = nloc;
	a->c = poly_create(k, grid, block);
	poly_assume(a->c, r->assume);     /* --symbolic: facts under the asserted values */
	poly_set_balanced(a->c, o->hull_boxes);
	a->at.dom = poly_launch_box(a->c);
	a->def = xcalloc(k->nvars + 1, sizeof(*a->def));
	a->def_epoch = xcalloc(k->nvars + 1, sizeof(int));
	a->ienv = xcalloc(k->nvars + 1, sizeof(*a->ienv));
	a->last_store = xcalloc(k->nbufs + 1, sizeof(int));
	a->decl_depth = xcalloc(k->nvars + 1, sizeof(int));
	a->ar = arena_new();
	/* an initialised local array that is stored to is left out: its initialiser runs
	 * again at each execution of its declaration, which is not known here */
	loopify_stmt_visit(k->body, aff_scan_local_store, NULL, a);
	for (size_t i = 0; i < k->nbufs; i++)          /* initialised local arrays */
		for (int64_t j = 0; a->loc_base[i] >= 0 && k->bufs[i].init && j < k->bufs[i].count; j++) {
			KirExpr *c = frontend_new_expr(a->ar, KE_CONST, k->bufs[i].elem, k->bufs[i].loc);
			c->u.c = k->bufs[i].init[j];
			a->local[a->loc_base[i] + j] = c;
		}
	a->loopvar = -1;
	a->memo.cur = a->seen.cur = a->lddom.cur = a->ldver.cur = a->lmemo.cur = 1;
}

static void try_free(Aff *a)
{
	poly_destroy(a->c);
	free(a->def);
	free(a->def_epoch);
	free(a->ienv);
	free(a->last_store);
	free(a->decl_depth);
	free(a->stride_st);
	free(a->stride_w);
	free(a->local);
	free(a->loc_base);
	arena_free(a->ar);
	aff_memo_free(&a->memo);
	aff_memo_free(&a->seen);
	aff_memo_free(&a->lddom);
	aff_memo_free(&a->ldver);
	VEC_FREE(a->lddoms);
	aff_memo_free(&a->lmemo);
	aff_lanes_free(a);
	aff_column_free(a);
	aff_while_forget(a, -1);
}

/* The body a try walks: with returns as exits, restructured so that a return ends a
 * branch (the rest of the body in the other branch). */
static const KirStmt *try_body(Aff *a)
{
	const KirKernel *k = a->r->k;
	SList l = {0};
	Seg all = {(KirStmt *const *)&k->body, 1, NULL};
	if (!a->opt.returns_as_exits)
		return k->body;
	aff_restructure(a, &all, RETURN_EXITS, &l);
	return aff_sl_block(a, &l, k->body->loc);
}

/* The walk of one try, into a scratch block: 1 when every statement was raised. */
static int try_walk(Aff *a)
{
	if (setjmp(a->fail))
		return 0;
	aff_walk(a, try_body(a), 0);
	return 1;
}

/* One try over the kernel with options o: its ops are appended to the body when it
 * succeeds; when it fails nothing is left behind (the buffers' values are put back, the
 * stats cleared). *t gets what it found. */
static int try_kernel(Raise *r, const TryOpts *o, Tried *t)
{
	const KirKernel *k = r->k;
	Aff a;
	TBuilder saved = r->b;
	TBlock *scratch = tir_block_new(r->f);
	int *bsz = xmalloc(sizeof(int) * (k->nbufs + 1)), ok;
	for (size_t i = 0; i < k->nbufs; i++)
		bsz[i] = r->buf[i];
	try_init(&a, r, o);
	r->b = tir_builder(r->f, scratch, k->loc);
	a.scratch = scratch;
	ok = try_walk(&a);
	r->b = saved;
	if (ok) {
		for (int i = 0; i < scratch->nops; i++)
			tir_block_append(r->f, r->f->body, scratch->ops[i]);
	} else {
		for (size_t i = 0; i < k->nbufs; i++)
			r->buf[i] = bsz[i];
		sb_free(&r->st->notes);
		memset(r->st, 0, sizeof(*r->st));
		a.found.why = a.why;
		a.found.loc = a.wloc;
	}
	*t = a.found;
	try_free(&a);
	free(bsz);
	return ok;
}

/* ---- the strategies, in the order they are tried ----
 * The kernel as written first, with short contraction loops as dot_generals, a loop
 * of a uniform trip count whose body stores as a dimension and a loop that carries
 * variables as a column loop (a while); then, when the try took any, with short loops
 * unrolled and none of those (each may fail where the unrolled loop raises). With affine
 * guards whose threads are no box as masks only when a store's range was no union of
 * boxes. With returns as exits (the body restructured so that a return ends a branch)
 * only when a return under a data-dependent guard is what failed. Then, when what failed
 * is where a store writes (not injective, no union of boxes, no shape), with each such
 * store a scatter alone (affine_scatter.c), the rest dense. Before that, when an integer
 * value had no pieces on boxes under any shape, with such values built from their
 * operators (a value, not an address: max(i % 7, 3)). Last, when a range was no union of
 * boxes, such a store as a select over its range's hull box (affine_hull.c), as written
 * and with loops unrolled. When none raised the kernel, with a read of shared memory that
 * is no set of slices a gather of the blocks' copies, as written and unrolled. Then, when
 * a grid-stride loop read what another of its trips writes, with such loops' trips
 * unrolled in order, each dense over the threads. */

static int as_written(Raise *r, Tried *t)
{
	return try_kernel(r, &(TryOpts){.uniform = 1, .columns = 1}, t);
}

static int loops_unrolled(Raise *r, Tried *t)
{
	return try_kernel(r, &(TryOpts){.unroll_dots = 1}, t);
}

static int guards_as_masks(Raise *r, Tried *t)
{
	return try_kernel(r, &(TryOpts){.guard_masks = 1, .uniform = 1, .columns = 1}, t);
}

static int returns_as_exits(Raise *r, Tried *t)
{
	return try_kernel(r, &(TryOpts){.returns_as_exits = 1, .uniform = 1, .columns = 1}, t);
}

static int exits_loops_unrolled(Raise *r, Tried *t)
{
	return try_kernel(r, &(TryOpts){.returns_as_exits = 1, .unroll_dots = 1}, t);
}

static int index_values(Raise *r, Tried *t)
{
	return try_kernel(r, &(TryOpts){.index_values = 1, .uniform = 1, .columns = 1}, t);
}

static int stores_scattered(Raise *r, Tried *t)
{
	return try_kernel(r, &(TryOpts){.store_scatter = 1, .guard_masks = 1, .uniform = 1, .columns = 1}, t);
}

static int hull_selects(Raise *r, Tried *t)
{
	return try_kernel(r, &(TryOpts){.hull_boxes = 1, .uniform = 1, .columns = 1}, t);
}

static int hull_loops_unrolled(Raise *r, Tried *t)
{
	return try_kernel(r, &(TryOpts){.hull_boxes = 1, .unroll_dots = 1}, t);
}

static int shared_gathered(Raise *r, Tried *t)
{
	return try_kernel(r, &(TryOpts){.shared_gathers = 1, .uniform = 1, .columns = 1}, t);
}

static int shared_gathered_unrolled(Raise *r, Tried *t)
{
	return try_kernel(r, &(TryOpts){.shared_gathers = 1, .unroll_dots = 1}, t);
}

static int trips_ordered(Raise *r, Tried *t)
{
	return try_kernel(r, &(TryOpts){.ordered_trips = 1, .uniform = 1, .columns = 1}, t);
}

#define NOT_BOXES "the store's range is not a union of boxes"

typedef enum When {
	W_FIRST,                  /* always */
	W_TOOK_LOOPS,             /* the strategy before it ran and took a loop it may unroll */
	W_RETURN,                 /* the last try failed on a return under a data-dependent guard */
	W_NOT_BOXES,              /* ... on a store whose range is not a union of boxes */
	W_STORE_FACT,             /* the first try or the last failed on where a store writes */
	W_INDEX_VALUE,            /* ... on an integer value with no pieces on boxes */
	W_NOT_BOXES_ANY,          /* the first try or the last failed on a range no union of boxes */
	W_STRIDE_READ,            /* ... on a grid-stride loop that reads what another trip writes */
} When;

static const struct Strategy {
	const char *name;         /* for --report */
	int (*run)(Raise *r, Tried *t);
	When when;
} strategies[] = {
	{"affine", as_written, W_FIRST},
	{"affine-unrolled", loops_unrolled, W_TOOK_LOOPS},
	{"affine-masks", guards_as_masks, W_NOT_BOXES},
	{"affine-exits", returns_as_exits, W_RETURN},
	{"affine-exits-unrolled", exits_loops_unrolled, W_TOOK_LOOPS},
	{"affine-index-values", index_values, W_INDEX_VALUE},
	{"affine-scatter-stores", stores_scattered, W_STORE_FACT},
	{"affine-hull", hull_selects, W_NOT_BOXES_ANY},
	{"affine-hull-unrolled", hull_loops_unrolled, W_TOOK_LOOPS},
	{"affine-shared-gathers", shared_gathered, W_FIRST},
	{"affine-shared-gathers-unrolled", shared_gathered_unrolled, W_TOOK_LOOPS},
	{"affine-ordered-trips", trips_ordered, W_STRIDE_READ},
};

static int applies(When w, int ran_before, const Tried *last, const Tried *first)
{
	switch (w) {
	case W_FIRST: return 1;
	case W_TOOK_LOOPS:
		return ran_before && (last->short_dots || last->used_uniform || last->used_columns);
	case W_RETURN:
		return last->why && strcmp(last->why, "a return under a data-dependent guard") == 0;
	case W_NOT_BOXES:
		return last->why && strcmp(last->why, NOT_BOXES) == 0;
	case W_STORE_FACT:
		return (last->why && aff_store_fact(last->why)) || (first->why && aff_store_fact(first->why));
	case W_INDEX_VALUE:
		return (last->why && strcmp(last->why, AFF_NOT_QUASI) == 0) ||
		       (first->why && strcmp(first->why, AFF_NOT_QUASI) == 0);
	case W_NOT_BOXES_ANY:
		return (last->why && strcmp(last->why, NOT_BOXES) == 0) ||
		       (first->why && strcmp(first->why, NOT_BOXES) == 0);
	case W_STRIDE_READ:
		return (last->why && strcmp(last->why, AFF_STRIDE_READ) == 0) ||
		       (first->why && strcmp(first->why, AFF_STRIDE_READ) == 0);
	}
	return 0;
}

int raise_affine_try(Raise *r)
{
	Tried last = {0}, first = {0};
	StrBuf tried = {0};
	int ran = 0, ok = 0;
	for (size_t i = 0; i < sizeof(strategies) / sizeof(strategies[0]) && !ok; i++) {
		const struct Strategy *s = &strategies[i];
		ran = applies(s->when, ran, &last, &first);
		if (!ran)
			continue;
		ok = s->run(r, &last);
		if (i == 0)
			first = last;
		if (ok)
			r->st->strategy = s->name;
		else
			sb_printf(&tried, "  tried %s: not applicable at %d:%d: %s\n", s->name,
			          last.loc.line, last.loc.col, last.why);
	}
	/* the failed strategies first, then the stores of the one that raised the kernel */
	sb_printf(&tried, "%s", sb_str(&r->st->notes));
	sb_free(&r->st->notes);
	r->st->notes = tried;
	return ok;
}
