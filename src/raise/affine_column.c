/* affine_column.c: column loops. Consumes a loop `for (k = lo; k < hi; k++)` (or counting
 * down, `k >= lo`, `k--`) of thread-invariant bounds whose body carries variables from one
 * iteration to the next (w[k+1] = w[k] - div*dz as `wk -= dz*div; w[k+1] = wk;`), such as
 * the vertical integrals of an ocean model or a tridiagonal solve per column. Produces
 * one stablehlo.while over the iterations per value of a carried variable that a store
 * needs: the while carries each carried variable as a plane (the store's box, one layer
 * along the loop's coordinate), dynamic_slices the inputs of the iteration (everything of
 * the update that does not involve a carried value, built over the whole column at once
 * as for any store) and dynamic_update_slices the plane into the column of values the
 * variable had at the start of each iteration. The update runs in the loop's order, one
 * iteration after the other, so the values are those of the sequential loop bit for bit.
 * The module's size does not grow with the trip count.
 *
 * The body is walked twice with the loop variable a new dimension l of the domain (as a
 * grid-stride loop's): once without its stores, which gives each carried variable's
 * update f_c (over the values at the start of the iteration, "old" references, and the
 * inputs); then for real, each store a store over threads x iterations whose value may
 * read old references. After the loop a carried variable is a "final" reference (the
 * while's last plane). Both references are slots of Aff.red (col > 0); affine_expr.c
 * asks column_value for their value over the box. Not a column loop (0 returned: the
 * loop is unrolled as before): nested loops, local arrays, a buffer that the body both
 * reads and stores or stores twice, no carried variable, or no store and few iterations.
 * An inlined device function's early `return` (an exit of a block inside the body) is
 * allowed: aff_walk restructures the block as anywhere else. */
#include "affine_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- recognising a column loop ---- */

/* The body's shape: 1 and the carried variables (assigned in the body, declared outside
 * it, not the loop variable) in var[0..*nc) when it is a column loop's: none of what
 * affine_scan.c calls bad, no break or continue, stores only plain ones to global memory,
 * a buffer stored at most once and then not read. */
static int col_body(Aff *a, const KirStmt *body, int v, int64_t trips, int *var, int *nc)
{
	const KirKernel *k = a->r->k;
	LoopScan ls;
	int ok;
	aff_scan_body(&ls, k, body);
	ls.bad |= ls.exits || ls.odd_store || ls.outer || ls.loops || ls.locals;
	aff_scan_carried(a, &ls, v, var, nc);
	for (size_t b = 0; b < k->nbufs; b++)
		ls.bad |= ls.nstore[b] > 1 || (ls.nstore[b] && ls.read[b]);
	ok = !ls.bad && *nc > 0 && (ls.stores || trips > MAX_UNROLL) &&
	     a->nred + 2 * *nc <= MAX_RED && a->ncols < MAX_COLS;
	aff_scan_free(&ls);
	return ok;
}

/* `k++`, `k--`, `k += 1`, `k -= 1`: the direction (+1 or -1), 0 for another step. */
static int col_step(const KirExpr *st, int v)
{
	if (st && st->kind == KE_INCDEC && st->u.incdec.lv.var == v)
		return st->u.incdec.inc ? 1 : -1;
	if (st && st->kind == KE_ASSIGN && st->u.assign.lv.var == v &&
	    (st->u.assign.op == KB_ADD || st->u.assign.op == KB_SUB) &&
	    st->u.assign.value->kind == KE_CONST && st->u.assign.value->u.c.i == 1)
		return st->u.assign.op == KB_ADD ? 1 : -1;
	return 0;
}

/* The trip count of `k = lo; k OP e; k += dir` (e a constant), -1 when not of that form. */
static int64_t col_trips(Aff *a, const KirExpr *cond, int v, int64_t lo, int dir)
{
	int64_t e, last;
	if (!cond || cond->kind != KE_BINARY || cond->u.bin.l->kind != KE_VAR ||
	    cond->u.bin.l->u.var != v || !aff_const_of(a, cond->u.bin.r, &e))
		return -1;
	switch (cond->u.bin.op) {
	case KB_LT: if (dir < 0) return -1; last = e - 1; break;
	case KB_LE: if (dir < 0) return -1; last = e; break;
	case KB_GT: if (dir > 0) return -1; last = e + 1; break;
	case KB_GE: if (dir > 0) return -1; last = e; break;
	default: return -1;
	}
	return dir > 0 ? (last >= lo ? last - lo + 1 : 0) : (lo >= last ? lo - last + 1 : 0);
}

/* dom with column loop ci's dimension open: [0, trips) */
static PolySet *col_open(Aff *a, const PolySet *dom, int ci)
{
	const struct Col *cl = &a->cols[ci];
	PolySet *d = poly_set_open_loop(dom, cl->level, poly_expr_const(a->c, 0), 1);
	return poly_set_intersect(d, poly_set_cmp(KB_LT, poly_expr_dim(a->c, POLY_NLAUNCH + cl->level),
	                                          poly_expr_const(a->c, cl->trips)));
}

/* A reference to carried variable j of column loop ci: its value at the start of each
 * iteration (final 0), or after the loop (final 1). */
static KirExpr *col_ref(Aff *a, int ci, int j, int final, SrcLoc loc)
{
	const struct Col *cl = &a->cols[ci];
	KirExpr *ref = frontend_new_expr(a->ar, KE_VAR, a->r->k->vars[cl->var[j]].type, loc);
	a->red[a->nred] = (struct Red){NULL, cl->var[j], 0, cl->trips, ci + 1, j, final};
	ref->u.var = (int)a->r->k->nvars + a->nred++;
	return ref;
}

/* Binds the carried variables to their old references (made once), or to new final ones. */
static void col_set_refs(Aff *a, int ci, int final, SrcLoc loc)
{
	struct Col *cl = &a->cols[ci];
	for (int j = 0; j < cl->nc; j++) {
		if (!final && !cl->old[j])
			cl->old[j] = col_ref(a, ci, j, 0, loc);
		a->def[cl->var[j]] = final ? col_ref(a, ci, j, 1, loc) : cl->old[j];
		a->def_epoch[cl->var[j]] = a->epoch;
		a->ienv[cl->var[j]] = NULL;
	}
}

int aff_column_loop(Aff *a, const KirStmt *s, int in_data)
{
	const KirKernel *k = a->r->k;
	const KirExpr *init_v;
	int v, dir, var[MAX_CARRY], nc, ci;
	int64_t lo, trips;
	struct Col *cl;
	PolySet *saved = a->at.dom;
	KirExpr *lv, *def;
	const char *why;
	if (!a->opt.columns || a->stride || a->loopvar >= 0 || a->col || s->kind != KS_FOR ||
	    !s->u.for_.init || s->u.for_.init->kind != KS_DECL)
		return 0;
	v = s->u.for_.init->u.decl.var;
	init_v = a->def[v];
	dir = col_step(s->u.for_.step, v);
	if (!dir || !init_v || !frontend_dtype_is_int(k->vars[v].type) || !aff_const_of(a, init_v, &lo))
		return 0;
	trips = col_trips(a, s->u.for_.cond, v, lo, dir);
	if (trips <= 0 || !col_body(a, s->u.for_.body, v, trips, var, &nc))
		return 0;
	{                         /* induction variables only: a loop dimension (affine_induct.c) */
		Induct iv;
		int all = aff_induction_vars(a, s->u.for_.body, v, &iv);
		for (int j = 0; j < nc && all; j++) {
			all = 0;
			for (int i = 0; i < iv.n; i++)
				all |= iv.var[i] == var[j];
		}
		if (all)
			return 0;
	}
	a->found.used_columns = 1;
	ci = a->ncols++;
	cl = &a->cols[ci];
	memset(cl, 0, sizeof(*cl));
	cl->nc = nc;
	cl->trips = trips;
	cl->level = COL_LEVEL(ci);
	cl->threads = saved;
	for (int j = 0; j < nc; j++) {
		cl->var[j] = var[j];
		cl->init[j] = a->def[var[j]];
	}
	/* k = lo + dir * l, l in [0, trips) a new dimension of the domain */
	lv = frontend_new_expr(a->ar, KE_VAR, k->vars[v].type, s->loc);
	lv->u.var = LOOPVAR(a, cl->level);
	def = frontend_new_binary(a->ar, KB_ADD, k->vars[v].type, frontend_new_int(a->ar, k->vars[v].type, lo, s->loc),
	                          frontend_new_binary(a->ar, KB_MUL, k->vars[v].type,
	                                              frontend_new_int(a->ar, k->vars[v].type, dir, s->loc),
	                                              lv, s->loc), s->loc);
	cl->dom = a->at.dom = col_open(a, saved, ci);
	a->def[v] = def;
	a->def_epoch[v] = a->epoch;
	a->ienv[v] = poly_expr_from_kir(a->c, def, a->at.dom, aff_lookup, a, &why);
	if (!a->ienv[v])
		aff_afail(a, s->loc, "a column loop whose index may overflow");
	a->col = 1 << cl->level;
	/* the updates, without the stores; then the stores, over the old values */
	col_set_refs(a, ci, 0, s->loc);
	a->col_dry = 1;
	aff_walk(a, s->u.for_.body, in_data);
	a->col_dry = 0;
	for (int j = 0; j < nc; j++)
		cl->f[j] = a->def[var[j]];
	col_set_refs(a, ci, 0, s->loc);
	aff_walk(a, s->u.for_.body, in_data);
	a->col = 0;
	a->at.dom = saved;
	a->def[v] = NULL;         /* declared by the loop: not seen after it */
	a->ienv[v] = NULL;
	col_set_refs(a, ci, 1, s->loc);
	sb_printf(&a->r->st->notes, "  column loop at %d:%d: a while over %lld iterations, carrying",
	          s->loc.line, s->loc.col, (long long)trips);
	for (int j = 0; j < nc; j++)
		sb_printf(&a->r->st->notes, " %s", k->vars[var[j]].name);
	sb_printf(&a->r->st->notes, "\n");
	return 1;
}

/* ---- the scan: a while over the column ---- */

/* Does e involve a carried value of column loop ci (memo: node -> 1 + answer)? */
static int carried(Aff *a, struct Memo *m, int ci, const KirExpr *e)
{
	int found, r = 0, *slot;
	KirExpr **kids[8];
	if (!e)
		return 0;
	slot = aff_memo_slot(m, e, &found);
	if (found)
		return *slot - 1;
	if (e->kind == KE_VAR && e->u.var >= (int)a->r->k->nvars && e->u.var < LOOPVAR(a, 0))
		r = a->red[e->u.var - (int)a->r->k->nvars].col == ci + 1;
	else
		for (int i = 0, n = loopify_expr_kids((KirExpr *)e, kids); i < n && !r; i++)
			r = carried(a, m, ci, *kids[i]);
	slot = aff_memo_slot(m, e, &found);
	*slot = 1 + r;
	return r;
}

typedef struct Scan {
	int ci, d, dir;
	Box ext, plane;           /* the column's box; one layer of it */
	struct Memo inv;          /* node -> 1 + involves a carried value */
	struct Memo in;           /* input node -> index in xs */
	const KirExpr *xe[64];    /* inputs: maximal subtrees without a carried value */
	int xs[64], nx;
	struct Memo body;         /* node -> value in the while's body (inputs: their layer) */
	int p[MAX_CARRY];         /* the planes in the body */
} Scan;

/* The inputs of e: its maximal subtrees without carried values (constants aside). */
static void inputs(Aff *a, Scan *sc, const KirExpr *e)
{
	int found, *slot;
	KirExpr **kids[8];
	if (e->kind == KE_CONST)
		return;
	if (!carried(a, &sc->inv, sc->ci, e)) {
		slot = aff_memo_slot(&sc->in, e, &found);
		if (found)
			return;
		if (sc->nx == 64)
			aff_afail(a, e->loc, "a column loop with too many inputs");
		*slot = sc->nx;
		sc->xe[sc->nx++] = e;
		return;
	}
	for (int i = 0, n = loopify_expr_kids((KirExpr *)e, kids); i < n; i++)
		inputs(a, sc, *kids[i]);
}

/* e over one layer, in the while's body (the operators as in affine_expr.c). */
static int layer(Aff *a, Scan *sc, const KirExpr *e)
{
	int found, v, x, y, args[3], *slot;
	DType dt = raise_dtype(e->type);
	if (e->kind == KE_CONST)
		return aff_splat(a, dt, e->u.c.f, e->u.c.i);
	slot = aff_memo_slot(&sc->body, e, &found);   /* the inputs' layers are in it */
	if (found)
		return *slot;
	switch (e->kind) {
	case KE_VAR:
		v = sc->p[a->red[e->u.var - (int)a->r->k->nvars].carry];
		break;
	case KE_UNARY:
		x = layer(a, sc, e->u.un.x);
		if (e->u.un.op == KU_NEG && (frontend_dtype_is_signed(e->type) || frontend_dtype_is_float(e->type)))
			v = tir_build_unary(B(a), TOP_NEGATE, x);
		else if (e->u.un.op == KU_NEG)
			v = aff_bin(a, TOP_SUBTRACT, aff_splat(a, dt, 0, 0), x);
		else
			v = tir_build_unary(B(a), TOP_NOT, e->u.un.op == KU_NOT ? aff_convert(a, x, DT_I1) : x);
		break;
	case KE_BINARY:
		x = layer(a, sc, e->u.bin.l);
		y = layer(a, sc, e->u.bin.r);
		v = aff_binop(a, e->u.bin.op, e->u.bin.op == KB_SHL || e->u.bin.op == KB_SHR ? e->type : e->u.bin.l->type,
		              x, y, e->loc);
		break;
	case KE_LOGAND: case KE_LOGOR:
		x = aff_convert(a, layer(a, sc, e->u.bin.l), DT_I1);
		y = aff_convert(a, layer(a, sc, e->u.bin.r), DT_I1);
		v = aff_bin(a, e->kind == KE_LOGAND ? TOP_AND : TOP_OR, x, y);
		break;
	case KE_COND:   /* both sides are pure, their reads inputs built on the whole column */
		x = aff_convert(a, layer(a, sc, e->u.cond.c), DT_I1);
		a->r->st->ops[TOP_SELECT]++;
		v = tir_build_select(B(a), x, layer(a, sc, e->u.cond.t), layer(a, sc, e->u.cond.f));
		break;
	case KE_CAST: v = aff_convert(a, layer(a, sc, e->u.x), dt); break;
	case KE_BITCAST: v = tir_build_bitcast_convert(B(a), layer(a, sc, e->u.x), dt); break;
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			args[i] = layer(a, sc, e->u.math.args[i]);
		v = raise_math(a->r, e, args);
		break;
	case KE_LOAD: aff_afail(a, e->loc, "a column loop reads at an index that depends on a carried value");
	default: aff_afail(a, e->loc, "an expression with effects in a column loop");
	}
	slot = aff_memo_slot(&sc->body, e, &found);
	*slot = v;
	return v;
}

/* The while's body: the layer at position pos (t counting up, or down), each old value
 * written into its column, the planes updated, t + 1. */
static void scan_body(Aff *a, Scan *sc, TBlock *bb, const int *in, int n, int *out)
{
	const struct Col *cl = &a->cols[sc->ci];
	int arg[2 * MAX_CARRY + 64 + 1], starts[POLY_MAX_RANK], t, pos, nc = cl->nc;
	int64_t sizes[POLY_MAX_RANK];
	for (int i = 0; i < n; i++)
		arg[i] = tir_block_add_arg(a->r->f, bb, *tir_value_type(a->r->f, in[i]));
	t = arg[0];
	pos = sc->dir > 0 ? t : aff_bin(a, TOP_SUBTRACT, aff_scalar_i32(a, cl->trips - 1), t);
	for (int k = 0; k < sc->ext.rank; k++) {
		starts[k] = k == sc->d ? pos : aff_scalar_i32(a, 0);
		sizes[k] = sc->plane.hi[k] - sc->plane.lo[k];
	}
	for (int i = 0; i < sc->nx; i++) {
		int found, *slot = aff_memo_slot(&sc->body, sc->xe[i], &found);
		*slot = tir_build_dynamic_slice(B(a), arg[1 + 2 * nc + i], starts, sizes);
		a->r->st->ops[TOP_DYNAMIC_SLICE]++;
	}
	out[0] = aff_bin(a, TOP_ADD, t, aff_scalar_i32(a, 1));
	for (int j = 0; j < nc; j++) {
		sc->p[j] = arg[1 + j];
		out[1 + nc + j] = tir_build_dynamic_update_slice(B(a), arg[1 + nc + j], sc->p[j], starts);
		a->r->st->ops[TOP_DYNAMIC_UPDATE_SLICE]++;
	}
	for (int j = 0; j < nc; j++)
		out[1 + j] = aff_convert(a, layer(a, sc, cl->f[j]), aff_dt_of(a, sc->p[j]));
	for (int i = 0; i < sc->nx; i++)
		out[1 + 2 * nc + i] = arg[1 + 2 * nc + i];
}

/* Runs column loop ci over the box ext under write relation w on dom (coordinate d is the
 * loop's, in the loop's order when dir > 0, reversed when dir < 0): olds[j] gets carried
 * variable j at the start of each iteration over ext, finals[j] its value after the loop
 * (one layer). The while's operands: t, the planes, the columns of old values, the inputs. */
static void scan_run(Aff *a, int ci, PolySet *dom, PolyMap *w, const Box *ext, int d, int dir,
                     int *olds, int *finals)
{
	const struct Col *cl = &a->cols[ci];
	Scan sc = {.ci = ci, .d = d, .dir = dir, .ext = *ext, .plane = *ext};
	At saved = a->at;
	int col = a->col;
	TBuilder outer = *B(a);
	int in[2 * MAX_CARRY + 64 + 1], out[2 * MAX_CARRY + 64 + 1], res[2 * MAX_CARRY + 64 + 1], n, nc = cl->nc;
	int64_t first = dir > 0 ? ext->lo[d] : ext->hi[d] - 1;
	TOp *wh;
	TBlock *cb, *bb;
	sc.inv.cur = sc.in.cur = sc.body.cur = 1;
	for (int j = 0; j < nc; j++)
		inputs(a, &sc, cl->f[j]);
	a->col |= 1 << cl->level;
	a->at.dom = dom;
	a->at.live = NULL;
	a->at.pad = 0;
	a->at.w = w;
	a->at.box = *ext;
	aff_memo_reset(&a->memo);
	for (int i = 0; i < sc.nx; i++)
		sc.xs[i] = aff_dense(a, sc.xe[i]);
	/* the values before the loop: one layer, where l = 0 */
	sc.plane.lo[d] = first;
	sc.plane.hi[d] = first + 1;
	a->at.w = poly_map_restrict_range(w, sc.plane.lo, sc.plane.hi);
	a->at.box = sc.plane;
	aff_memo_reset(&a->memo);
	in[0] = aff_scalar_i32(a, 0);
	for (int j = 0; j < nc; j++) {
		DType dt = raise_dtype(a->r->k->vars[cl->var[j]].type);
		in[1 + j] = aff_convert(a, aff_dense(a, cl->init[j]), dt);
		a->at.box = *ext;
		in[1 + nc + j] = aff_splat(a, dt, 0, 0);   /* every layer is written */
		a->at.box = sc.plane;
	}
	for (int i = 0; i < sc.nx; i++)
		in[1 + 2 * nc + i] = sc.xs[i];
	n = 1 + 2 * nc + sc.nx;
	wh = tir_build_op(B(a), TOP_WHILE, NULL, 0);
	for (int i = 0; i < n; i++) {
		tir_op_add_operand(a->r->f, wh, in[i]);
		res[i] = tir_op_add_result(a->r->f, wh, *tir_value_type(a->r->f, in[i]));
	}
	a->r->st->ops[TOP_WHILE]++;
	cb = tir_op_add_region(a->r->f, wh);
	bb = tir_op_add_region(a->r->f, wh);
	{   /* cond: t < trips */
		int t = -1, c;
		for (int i = 0; i < n; i++) {
			int x = tir_block_add_arg(a->r->f, cb, *tir_value_type(a->r->f, in[i]));
			t = i == 0 ? x : t;
		}
		*B(a) = tir_builder(a->r->f, cb, outer.loc);
		c = tir_build_compare(B(a), CMP_LT, t, aff_scalar_i32(a, cl->trips));
		tir_build_return(B(a), &c, 1);
	}
	*B(a) = tir_builder(a->r->f, bb, outer.loc);
	scan_body(a, &sc, bb, in, n, out);
	tir_build_return(B(a), out, n);
	*B(a) = outer;
	for (int j = 0; j < nc; j++) {
		olds[j] = res[1 + nc + j];
		finals[j] = res[1 + j];
	}
	aff_memo_free(&sc.inv);
	aff_memo_free(&sc.in);
	aff_memo_free(&sc.body);
	aff_memo_reset(&a->memo);
	a->at = saved;
	a->col = col;
}

/* ---- whiles built before: a store of the same coordinates (cp[k] and dp[k] of one
 * sweep) reads the same columns, and a value after the loop stored at the coordinates of
 * the loop's other stores but k (eta's tendency at (j, i) after w[k][j][i]) is the last
 * plane of their while. Value numbers only grow, so a failed try forgets the runs whose
 * values it dropped. ---- */

/* The write coordinates but d (d < 0: all), printed. */
static char *coords_text(Aff *a, int d)
{
	StrBuf sb = {0};
	char *t;
	for (int k = 0; k < a->wrank; k++)
		if (k != d) {
			poly_expr_print(&sb, a->widx[k]);
			sb_printf(&sb, ";");
		}
	t = xstrdup(sb_str(&sb));
	sb_free(&sb);
	return t;
}

static void remember(Aff *a, const struct ColRun *r)
{
	if (a->nruns == MAX_RUNS) {
		free(a->runs[0].coords);
		memmove(a->runs, a->runs + 1, sizeof(a->runs[0]) * (MAX_RUNS - 1));
		a->nruns--;
	}
	a->runs[a->nruns++] = *r;
}

void aff_column_forget(Aff *a, int first_value)
{
	int n = 0;
	for (int i = 0; i < a->nruns; i++)
		if (a->runs[i].olds[0] < first_value && a->runs[i].finals[0] < first_value)
			a->runs[n++] = a->runs[i];
		else
			free(a->runs[i].coords);
	a->nruns = n;
}

void aff_column_free(Aff *a)
{
	aff_column_forget(a, -1);
}

/* A run of loop ci over ext with coordinate d moving as dir, of the same coordinates. */
static const struct ColRun *same_run(Aff *a, int ci, const Box *ext, int d, int dir, const char *coords)
{
	for (int i = 0; i < a->nruns; i++) {
		const struct ColRun *r = &a->runs[i];
		if (r->ci == ci && r->d == d && r->dir == dir && r->ext.rank == ext->rank &&
		    !memcmp(r->ext.lo, ext->lo, sizeof(int64_t) * (size_t)ext->rank) &&
		    !memcmp(r->ext.hi, ext->hi, sizeof(int64_t) * (size_t)ext->rank) &&
		    !strcmp(r->coords, coords))
			return r;
	}
	return NULL;
}

/* A run of loop ci whose coordinates but its d are the store's, over a box that holds it. */
static const struct ColRun *plane_run(Aff *a, int ci, const char *coords)
{
	for (int i = 0; i < a->nruns; i++) {
		const struct ColRun *r = &a->runs[i];
		int ok = r->ci == ci && r->ext.rank == a->at.box.rank + 1 && !strcmp(r->coords, coords);
		for (int k = 0, m = 0; k < r->ext.rank && ok; k++)
			if (k != r->d) {
				ok = r->ext.lo[k] <= a->at.box.lo[m] && a->at.box.hi[m] <= r->ext.hi[k];
				m++;
			}
		if (ok)
			return r;
	}
	return NULL;
}

/* ---- values of the references over the box ---- */

/* The store's coordinate that moves with the loop at `level`: w_d = dir * l + c, no other
 * coordinate involving l, and w_d involving nothing else. -1 when there is none. */
static int loop_coord(Aff *a, int level, int *dir)
{
	int d = -1, l = POLY_NLAUNCH + level;
	for (int k = 0; k < a->wrank; k++) {
		int64_t coef[POLY_NDIMS], cst;
		if (!poly_expr_involves_dim(a->widx[k], l))
			continue;
		if (d >= 0 || !poly_expr_get_linear(a->widx[k], coef, &cst))
			return -1;
		for (int x = 0; x < POLY_NDIMS; x++)
			if (x != l && coef[x])
				return -1;
		if (coef[l] != 1 && coef[l] != -1)
			return -1;
		*dir = (int)coef[l];
		d = k;
	}
	return d;
}

/* An old reference inside the loop's body: the column over the threads of the loop and
 * all its iterations, in the store's coordinates, then the store's box of it. */
static int old_value(Aff *a, const struct Red *rd, const KirExpr *e)
{
	const struct Col *cl = &a->cols[rd->col - 1];
	int dir = 0, d = loop_coord(a, cl->level, &dir), olds[MAX_CARRY], finals[MAX_CARRY];
	int64_t start[POLY_MAX_RANK], limit[POLY_MAX_RANK];
	PolyMap *w;
	Box ext;
	if (d < 0 || a->at.box.rank != a->wrank)
		aff_afail(a, e->loc, "a column loop's carried value stored where the loop index is not one "
		          "coordinate of the store");
	w = poly_access(cl->dom, a->widx, a->wrank);
	ext.rank = a->wrank;
	if (!poly_map_range_box(w, ext.lo, ext.hi))
		aff_afail(a, e->loc, "a column loop whose columns are not a box");
	for (int k = 0; k < ext.rank; k++) {
		if (a->at.box.lo[k] < ext.lo[k] || a->at.box.hi[k] > ext.hi[k])
			aff_afail(a, e->loc, "a store outside the column loop's columns");
		start[k] = a->at.box.lo[k] - ext.lo[k];
		limit[k] = a->at.box.hi[k] - ext.lo[k];
	}
	{
		char *coords = coords_text(a, d);   /* w_d is dir * l + c, c given by ext */
		const struct ColRun *r = same_run(a, rd->col - 1, &ext, d, dir, coords);
		if (r) {
			free(coords);
			memcpy(olds, r->olds, sizeof(olds));
		} else {
			struct ColRun nr = {rd->col - 1, d, dir, ext, coords, {0}, {0}};
			scan_run(a, rd->col - 1, cl->dom, w, &ext, d, dir, olds, finals);
			memcpy(nr.olds, olds, sizeof(olds));
			memcpy(nr.finals, finals, sizeof(finals));
			remember(a, &nr);
		}
	}
	a->r->st->ops[TOP_SLICE]++;
	return tir_build_slice(B(a), olds[rd->carry], start, limit, NULL);
}

/* The last plane of run r over the current box: r's layer without its coordinate d. */
static int last_plane(Aff *a, const struct ColRun *r, int carry)
{
	int64_t dims[POLY_MAX_RANK], start[POLY_MAX_RANK], limit[POLY_MAX_RANK];
	int v;
	for (int k = 0, m = 0; k < r->ext.rank; k++)
		if (k != r->d) {
			dims[m] = r->ext.hi[k] - r->ext.lo[k];
			start[m] = a->at.box.lo[m] - r->ext.lo[k];
			limit[m] = a->at.box.hi[m] - r->ext.lo[k];
			m++;
		}
	v = tir_build_reshape(B(a), r->finals[carry],
	                      tir_type_tensor(aff_dt_of(a, r->finals[carry]), r->ext.rank - 1, dims));
	a->r->st->ops[TOP_SLICE]++;
	return tir_build_slice(B(a), v, start, limit, NULL);
}

/* A final reference after the loop: the column over the running threads (which ran the
 * loop) and a new last coordinate l, its last layer. */
static int final_value(Aff *a, const struct Red *rd, const KirExpr *e)
{
	const struct Col *cl = &a->cols[rd->col - 1];
	PolyExpr *idx[POLY_MAX_RANK];
	PolySet *dom = a->at.live ? a->at.live : a->at.dom, *threads = dom;
	PolyMap *w;
	Box ext = a->at.box;
	int olds[MAX_CARRY], finals[MAX_CARRY];
	const struct ColRun *r;
	char *coords;
	if ((a->col & (1 << cl->level)) || a->wrank + 1 > POLY_MAX_RANK || !a->at.w ||
	    a->at.box.rank != a->wrank)
		aff_afail(a, e->loc, "a column loop's result used where its columns cannot be built");
	for (int l = 0; l < POLY_MAX_LOOPS; l++)
		if (a->col & (1 << l))
			threads = poly_set_close_loop(threads, l);
	if (!poly_set_is_subset(threads, cl->threads))
		aff_afail(a, e->loc, "a column loop's result read by threads that did not run it");
	coords = coords_text(a, -1);
	if ((r = plane_run(a, rd->col - 1, coords)) != NULL) {
		free(coords);
		return last_plane(a, r, rd->carry);
	}
	dom = col_open(a, dom, rd->col - 1);
	memcpy(idx, a->widx, sizeof(PolyExpr *) * (size_t)a->wrank);
	idx[a->wrank] = poly_expr_dim(a->c, POLY_NLAUNCH + cl->level);
	ext.lo[ext.rank] = 0;
	ext.hi[ext.rank] = cl->trips;
	ext.rank++;
	w = poly_map_restrict_range(poly_access(dom, idx, a->wrank + 1), ext.lo, ext.hi);
	scan_run(a, rd->col - 1, dom, w, &ext, ext.rank - 1, 1, olds, finals);
	{
		struct ColRun nr = {rd->col - 1, ext.rank - 1, 1, ext, coords, {0}, {0}};
		memcpy(nr.olds, olds, sizeof(olds));
		memcpy(nr.finals, finals, sizeof(finals));
		remember(a, &nr);
	}
	return tir_build_reshape(B(a), finals[rd->carry], aff_box_type(&a->at.box, aff_dt_of(a, finals[rd->carry])));
}

int aff_column_value(Aff *a, int i, const KirExpr *e)
{
	const struct Red *rd = &a->red[i];
	return rd->final ? final_value(a, rd, e) : old_value(a, rd, e);
}
