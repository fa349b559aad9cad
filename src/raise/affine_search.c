/* affine_search.c: a search loop's leap. A data-dependent loop (affine_while.c) of the
 * shape
 *
 *     for (...; x < E; x++)          (or x <= E, ++x, x += 1; x a signed int or long)
 *         if (A[x] >= v) { assignments; break; }
 *
 * with E and v not reading x, A a global or constant buffer (the body stores nothing, so
 * A does not change while it runs) and the comparison one of < <= > >=, is a while whose
 * lanes run until the first x at which the loop stops (x >= E or the test holds): with n
 * lanes and trip counts up to size(A) that while is n * size(A) steps (particlefilter's
 * kernel_find_index: 400,000 lanes over a 400,000-element CDF). Every iteration before
 * that x only steps x (the assignments are under the break), so starting the while at
 * that x leaves every carried value as the loop would.
 *
 * Where A is sorted (checked when the module runs: A[i] <= A[i + 1] for every i, or >=
 * for the other direction; a NaN fails it), "the loop stops at x" is false then true
 * along x, for each lane: x < E is, and A[x] >= v is because A[x] only grows (the
 * comparisons of sorted floats without NaN are transitive). A binary search over
 * [x0, size(A)] then finds the first x where it stops, in log2(size(A)) steps of a
 * gather, evaluating the while's own condition and break (the same clamped gather of A).
 * The while starts there and runs the last iteration (the assignments, the break) or
 * none. Lanes whose start x0 is outside [0, size(A)], that do not run the loop, or any
 * lane when A is not sorted start at x0 as before: the result is the loop's in every
 * case, only faster where A is sorted. The search reads only A[0..size(A)), so where the
 * loop would read past the end it runs up to size(A) as before. */
#include "affine_int.h"

/* e has no side effect and reads no variable x (x < 0: any). */
static int pure_without(const KirExpr *e, int x)
{
	KirExpr **kids[8];
	if (!e)
		return 1;
	switch (e->kind) {
	case KE_VAR:
		return e->u.var != x;
	case KE_ASSIGN: case KE_INCDEC: case KE_ATOMIC: case KE_SHFL: case KE_VOTE:
		return 0;
	default:
		break;
	}
	for (int i = 0, n = loopify_expr_kids((KirExpr *)e, kids); i < n; i++)
		if (!pure_without(*kids[i], x))
			return 0;
	return 1;
}

/* Is e x, or x widened to a long? */
static int is_x(const Aff *a, const KirExpr *e, int x)
{
	if (e->kind == KE_CAST && e->type == KT_I64 && e->u.x->kind == KE_VAR)
		e = e->u.x;
	return e->kind == KE_VAR && e->u.var == x && (a->r->k->vars[x].type == KT_I32 ||
	                                             a->r->k->vars[x].type == KT_I64);
}

/* The statement the body is (a block of one statement is that statement). */
static const KirStmt *only(const KirStmt *s)
{
	while (s && s->kind == KS_BLOCK && s->u.block.nstmts == 1 && !s->u.block.label)
		s = s->u.block.stmts[0];
	return s;
}

int aff_search_shape(const Aff *a, const KirStmt *s, int *x, int *dir)
{
	const KirExpr *st, *c, *p, *l, *r;
	const KirStmt *ifs, *then;
	int lx, rx;
	if (s->kind != KS_FOR || !(st = s->u.for_.step) || !(c = s->u.for_.cond))
		return -1;
	if (st->kind == KE_INCDEC && st->u.incdec.inc && st->u.incdec.lv.var >= 0)
		*x = st->u.incdec.lv.var;
	else if (st->kind == KE_ASSIGN && st->u.assign.op == KB_ADD && st->u.assign.lv.var >= 0 &&
	         st->u.assign.value->kind == KE_CONST && st->u.assign.value->u.c.i == 1 &&
	         st->u.assign.value->type != KT_F32 && st->u.assign.value->type != KT_F64)
		*x = st->u.assign.lv.var;
	else
		return -1;
	if (c->kind != KE_BINARY || (c->u.bin.op != KB_LT && c->u.bin.op != KB_LE) ||
	    c->u.bin.l->kind != KE_VAR || !is_x(a, c->u.bin.l, *x) || !pure_without(c->u.bin.r, *x))
		return -1;
	ifs = only(s->u.for_.body);
	if (!ifs || ifs->kind != KS_IF || ifs->u.if_.els || !(then = ifs->u.if_.then))
		return -1;
	if (then->kind == KS_BLOCK) {   /* declarations and expressions, then the break */
		size_t n = then->u.block.nstmts;
		if (!n || then->u.block.stmts[n - 1]->kind != KS_BREAK)
			return -1;
		for (size_t i = 0; i + 1 < n; i++)
			if (then->u.block.stmts[i]->kind != KS_EXPR && then->u.block.stmts[i]->kind != KS_DECL)
				return -1;
	} else if (then->kind != KS_BREAK) {
		return -1;
	}
	p = ifs->u.if_.cond;
	if (p->kind != KE_BINARY || p->u.bin.op < KB_LT || p->u.bin.op > KB_GE)
		return -1;
	l = p->u.bin.l;
	r = p->u.bin.r;
	lx = l->kind == KE_LOAD && is_x(a, l->u.load.index, *x) && pure_without(r, *x);
	rx = r->kind == KE_LOAD && is_x(a, r->u.load.index, *x) && pure_without(l, *x);
	if (lx == rx)
		return -1;
	{
		const KirExpr *ld = lx ? l : r;
		KirSpace sp = a->r->k->bufs[ld->u.load.buffer].space;
		int grows = p->u.bin.op == KB_GE || p->u.bin.op == KB_GT;   /* A[x] >= v: A grows */
		if (sp != KSP_GLOBAL && sp != KSP_CONSTANT)
			return -1;
		*dir = grows == lx ? 1 : -1;
		return ld->u.load.buffer;
	}
}

/* A load of buffer b in e, or NULL. */
static const KirExpr *load_of(const KirExpr *e, int b)
{
	KirExpr **kids[8];
	const KirExpr *f;
	if (!e)
		return NULL;
	if (e->kind == KE_LOAD && e->u.load.buffer == b)
		return e;
	for (int i = 0, n = loopify_expr_kids((KirExpr *)e, kids); i < n; i++)
		if ((f = load_of(*kids[i], b)))
			return f;
	return NULL;
}

/* i1 over the box: the loop stops at this iteration (its condition fails or it breaks),
 * with the counter at `at` and every other carried value its start. */
static int stops(Aff *a, int wi, const int *ops, int at, const struct Inputs *in)
{
	struct Dw *w = &a->dws[wi];
	int c, b;
	for (int j = 0; j < w->nc; j++)
		w->plane[j] = j == w->sj ? at : ops[j];
	aff_while_memo(a, in);
	c = aff_convert(a, aff_dense(a, w->cond), DT_I1);
	b = aff_convert(a, aff_dense(a, w->brk), DT_I1);
	return aff_bin(a, TOP_OR, tir_build_unary(B(a), TOP_NOT, c), b);
}

/* A[i] <= A[i + 1] for every i (dir 1; >= for -1): a 0-d i1. */
static int sorted(Aff *a, int v, int64_t n, int dir)
{
	int64_t lo0[1] = {0}, hi0[1] = {n - 1}, lo1[1] = {1}, hi1[1] = {n}, dims[1] = {0};
	int x = tir_build_slice(B(a), v, lo0, hi0, NULL), y = tir_build_slice(B(a), v, lo1, hi1, NULL);
	int le = tir_build_compare(B(a), dir > 0 ? CMP_LE : CMP_GE, x, y);
	a->r->st->ops[TOP_REDUCE]++;
	return tir_build_reduce(B(a), le, tir_build_splat_int(B(a), tir_type_scalar(DT_I1), 1), dims, 1, TOP_AND);
}

int aff_search_leap(Aff *a, int wi, const int *ops, int mask, const struct Inputs *in)
{
	struct Dw *w = &a->dws[wi];
	const KirExpr *ld = load_of(w->brk, w->sbuf - 1);
	TBuilder outer = *B(a);
	DType dt = raise_dtype(a->r->k->vars[w->var[w->sj]].type);
	TType lanes = aff_box_type(&a->at.box, dt), pt = aff_box_type(&a->at.box, DT_I1);
	int64_t n = a->r->bufsize[w->sbuf - 1], dims[POLY_MAX_RANK];
	int x0 = ops[w->sj], res[2], arg[2], lo, hi, ok, v, m, q, mid, run;
	TOp *wh;
	TBlock *cb, *bb;
	if (!ld || n < 1 || (dt == DT_I32 && n >= INT32_MAX))
		return x0;
	v = aff_load_version(a, ld);
	if (tir_value_type(a->r->f, v)->rank != 1 || tir_value_type(a->r->f, v)->dims[0] != n)
		return x0;
	lo = x0;
	hi = tir_build_splat_int(B(a), lanes, n);
	wh = tir_build_op(B(a), TOP_WHILE, NULL, 0);
	tir_op_add_operand(a->r->f, wh, lo);
	tir_op_add_operand(a->r->f, wh, hi);
	res[0] = tir_op_add_result(a->r->f, wh, lanes);
	res[1] = tir_op_add_result(a->r->f, wh, lanes);
	a->r->st->ops[TOP_WHILE]++;
	cb = tir_op_add_region(a->r->f, wh);
	bb = tir_op_add_region(a->r->f, wh);
	arg[0] = tir_block_add_arg(a->r->f, cb, lanes);
	arg[1] = tir_block_add_arg(a->r->f, cb, lanes);
	*B(a) = tir_builder(a->r->f, cb, outer.loc);
	for (int k = 0; k < a->at.box.rank; k++)
		dims[k] = k;
	m = tir_build_compare(B(a), CMP_LT, arg[0], arg[1]);
	m = tir_build_reduce(B(a), m, tir_build_splat_int(B(a), tir_type_scalar(DT_I1), 0), dims,
	                     a->at.box.rank, TOP_OR);
	tir_build_return(B(a), &m, 1);
	arg[0] = tir_block_add_arg(a->r->f, bb, lanes);
	arg[1] = tir_block_add_arg(a->r->f, bb, lanes);
	*B(a) = tir_builder(a->r->f, bb, outer.loc);
	run = tir_build_compare(B(a), CMP_LT, arg[0], arg[1]);
	mid = tir_build_binary(B(a), TOP_SHIFT_RIGHT_LOGICAL, tir_build_binary(B(a), TOP_SUBTRACT, arg[1], arg[0]),
	                       tir_build_splat_int(B(a), lanes, 1));
	mid = tir_build_select(B(a), run, tir_build_binary(B(a), TOP_ADD, arg[0], mid), arg[0]);
	q = stops(a, wi, ops, mid, in);
	{
		int out[2];
		int yes = aff_bin(a, TOP_AND, run, q), no = aff_bin(a, TOP_AND, run, tir_build_unary(B(a), TOP_NOT, q));
		out[0] = tir_build_select(B(a), no, tir_build_binary(B(a), TOP_ADD, mid, tir_build_splat_int(B(a), lanes, 1)),
		                          arg[0]);
		out[1] = tir_build_select(B(a), yes, mid, arg[1]);
		a->r->st->ops[TOP_SELECT] += 3;
		tir_build_return(B(a), out, 2);
	}
	*B(a) = outer;
	for (int j = 0; j < w->nc; j++)
		w->plane[j] = -1;
	aff_while_memo(a, in);
	/* the lanes that leap: running, 0 <= x0 <= size(A), and A sorted */
	ok = aff_bin(a, TOP_AND, tir_build_compare(B(a), CMP_GE, x0, tir_build_splat_int(B(a), lanes, 0)),
	             tir_build_compare(B(a), CMP_LE, x0, tir_build_splat_int(B(a), lanes, n)));
	if (mask >= 0)
		ok = aff_bin(a, TOP_AND, ok, mask);
	ok = aff_bin(a, TOP_AND, ok, tir_build_broadcast_in_dim(B(a), sorted(a, v, n, w->sdir), pt, NULL));
	a->r->st->ops[TOP_SELECT]++;
	sb_printf(&a->r->st->notes, "  data-dependent loop: a search over %s, which starts at the first "
	          "iteration that stops where %s is sorted (a binary search)\n",
	          a->r->k->bufs[w->sbuf - 1].name, a->r->k->bufs[w->sbuf - 1].name);
	return tir_build_select(B(a), ok, res[0], x0);
}
