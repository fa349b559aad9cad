/* affine_reduce.c: reductions and contractions. Consumes a loop `for (k = lo; k < hi; k++)
 * s += body` with thread-invariant bounds (or a thread-dependent bound, as a mask); s
 * gets a reduction variable whose value over the box is one dot_general when the body is
 * a product of two loads along the loop (contract.c), else the body over the box times
 * the loop dimension, then a reduce of that dimension. */
#include "affine_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- contractions: a reduction whose body is a product with two factors that read
 * along the loop (contract.c builds the dot_general) ---- */
#define MAX_FACTORS 8

/* The factors of a product tree of type t: how many, -1 past MAX_FACTORS. */
static int factors(const KirExpr *e, KirDType t, const KirExpr **f, int n)
{
	if (n < 0)
		return n;
	if (e->kind == KE_BINARY && e->u.bin.op == KB_MUL && e->type == t)
		return factors(e->u.bin.r, t, f, factors(e->u.bin.l, t, f, n));
	if (n == MAX_FACTORS)
		return -1;
	f[n] = e;
	return n + 1;
}

/* The load under a chain of (non-boolean) casts, or NULL. */
static const KirExpr *load_of(const KirExpr *e)
{
	while (e->kind == KE_CAST && e->type != KT_I1)
		e = e->u.x;
	return e->kind == KE_LOAD ? e : NULL;
}

/* Is body, over loop variable k, a product whose factors that involve k are exactly two
 * loads (under casts)? f[0..*nf) are its factors, f[kf[0]] and f[kf[1]] those two. */
static int contraction_of(const KirExpr *body, int k, const KirExpr **f, int *nf, int kf[2])
{
	int n = factors(body, body->type, f, 0), nk = 0;
	if (n < 2)
		return 0;
	for (int i = 0; i < n; i++)
		if (aff_uses_var(f[i], k)) {
			if (nk == 2 || !load_of(f[i]))
				return 0;
			kf[nk++] = i;
		}
	*nf = n;
	return nk == 2;
}

/* A factor as a compact dot_general operand over the extended box (labels[i]: the box
 * coordinate of its dimension i), its casts applied; -1 when the read is not one slice. */
static int operand(Aff *a, const KirExpr *e, DType dt, int64_t *labels)
{
	const KirExpr *chain[16];
	int n = 0, v;
	for (; e->kind == KE_CAST; e = e->u.x)
		if (n < 16)
			chain[n++] = e;
		else
			return -1;
	v = aff_load_at(a, e, labels);
	while (v >= 0 && n > 0)
		v = aff_convert(a, v, raise_dtype(chain[--n]->type));
	return v < 0 ? v : aff_convert(a, v, dt);
}

/* sum over the loop of x * y as a tensor over the outer box, or -1 (nothing built). */
static int contract(Aff *a, const KirExpr *x, const KirExpr *y, DType dt, const Box *outer)
{
	int64_t xl[POLY_MAX_RANK + 1], yl[POLY_MAX_RANK + 1];
	int xv, yv, v = -1;
	Try t;
	aff_try_begin(a, &t);
	xv = operand(a, x, dt, xl);
	yv = xv < 0 ? -1 : operand(a, y, dt, yl);
	if (yv >= 0)
		v = raise_contract(B(a), xv, xl, yv, yl, outer->rank, aff_box_type(outer, dt), a->r->st->ops);
	if (v < 0)
		aff_try_undo(a, &t);
	return v;
}

/* Reduction red[i] over the current box: a contraction is one dot_general (times the
 * factors that do not involve the loop); else the body over the box times [lo, hi)
 * (the loop variable is loop dimension 0 of the facts), then a reduce of that
 * dimension. */
int aff_reduction(Aff *a, int i, const KirExpr *e)
{
	const KirExpr *f[MAX_FACTORS];
	int nf = 0, kf[2], dot = -1;
	const struct Red *rd = &a->red[i];
	At saved = a->at;
	PolyExpr *saved_env = a->ienv[rd->var], *idx[POLY_MAX_RANK + 1];
	int saved_lv = a->loopvar, v, init;
	int64_t dim;
	DType dt = raise_dtype(e->type);
	if (a->wrank + 1 > POLY_MAX_RANK || !a->at.w)
		aff_afail(a, e->loc, "a reduction in a store of too many dimensions");
	a->at.dom = poly_set_open_loop(a->at.dom, 0, poly_expr_const(a->c, rd->lo), 1);
	a->at.dom = poly_set_intersect(a->at.dom, poly_set_cmp(KB_LT, poly_expr_dim(a->c, POLY_NLAUNCH),
	                                                 poly_expr_const(a->c, rd->hi)));
	memcpy(idx, a->widx, sizeof(PolyExpr *) * (size_t)a->wrank);
	idx[a->wrank] = poly_expr_dim(a->c, POLY_NLAUNCH);
	a->at.w = poly_access(a->at.dom, idx, a->wrank + 1);
	a->ienv[rd->var] = poly_expr_dim(a->c, POLY_NLAUNCH);
	a->loopvar = rd->var;
	a->at.box.lo[a->at.box.rank] = rd->lo;
	a->at.box.hi[a->at.box.rank] = rd->hi;
	a->at.box.rank++;
	aff_memo_reset(&a->memo);
	if (raise_dtype(rd->body->type) == dt && contraction_of(rd->body, rd->var, f, &nf, kf)) {
		dot = contract(a, f[kf[0]], f[kf[1]], dt, &saved.box);
		if (dot < 0 && a->strict_dots) {
			a->dots_refused = 1;
			aff_afail(a, e->loc, "a contraction whose factors are not slices under this shape");
		}
	}
	v = dot >= 0 ? dot : aff_convert(a, aff_dense(a, rd->body), dt);
	aff_memo_reset(&a->memo);
	a->at = saved;
	a->ienv[rd->var] = saved_env;
	a->loopvar = saved_lv;
	if (dot >= 0) {
		/* sum_k c * x_k * y_k = c * sum_k x_k * y_k (exact modulo 2^n for integers) */
		for (int j = 0; j < nf; j++)
			if (j != kf[0] && j != kf[1])
				v = aff_bin(a, TOP_MULTIPLY, v, aff_convert(a, aff_dense(a, f[j]), dt));
		return v;
	}
	init = dtype_is_float(dt) ? tir_build_splat_float(B(a), tir_type_scalar(dt), 0)
	                          : tir_build_splat_int(B(a), tir_type_scalar(dt), 0);
	dim = a->at.box.rank;
	a->r->st->ops[TOP_REDUCE]++;
	return tir_build_reduce(B(a), v, init, &dim, 1, TOP_ADD);
}

/* A loop whose bound depends on the thread (`for (j = 0; j <= i; j++)`) runs over
 * [lo, the bound's largest value on the domain), its condition a mask on the body:
 * s += c ? body : 0 (adding a zero leaves a sum as it is, up to the sign of a zero).
 * Its loads must be in bounds on that whole box (load checks it on the domain). */
int aff_reduction_loop(Aff *a, const KirStmt *s)
{
	const KirStmt *init = s->u.for_.init, *body = s->u.for_.body;
	const KirExpr *c = s->u.for_.cond, *st = s->u.for_.step, *acc;
	int k, sv, saved_lv = a->loopvar, masked = 0;
	int64_t lo, hi;
	KirExpr *rb, *ref, *old, *val;
	KirDType ot;
	if (s->kind != KS_FOR || !init || !c || !st || init->kind != KS_DECL || a->nred == MAX_RED)
		return 0;
	k = init->u.decl.var;
	if (!aff_const_of(a, init->u.decl.init, &lo) || c->kind != KE_BINARY ||
	    (c->u.bin.op != KB_LT && c->u.bin.op != KB_LE) || c->u.bin.l->kind != KE_VAR ||
	    c->u.bin.l->u.var != k || aff_uses_var(c->u.bin.r, k))
		return 0;
	if (!aff_const_of(a, c->u.bin.r, &hi)) {
		if (!aff_max_of(a, c->u.bin.r, &hi))
			return 0;
		masked = 1;
		if (c->u.bin.op == KB_LT)
			hi--;       /* hi is now the largest k that the condition admits */
	}
	if (c->u.bin.op == KB_LE || masked)
		hi++;
	if (!((st->kind == KE_INCDEC && st->u.incdec.inc && st->u.incdec.lv.var == k) ||
	      (st->kind == KE_ASSIGN && st->u.assign.lv.var == k && st->u.assign.op == KB_ADD &&
	       st->u.assign.value->kind == KE_CONST && st->u.assign.value->u.c.i == 1)))
		return 0;
	while (body->kind == KS_BLOCK && body->u.block.nstmts == 1 && !body->u.block.label)
		body = body->u.block.stmts[0];
	if (body->kind != KS_EXPR || hi <= lo)
		return 0;
	acc = body->u.expr;
	if (acc->kind != KE_ASSIGN || acc->u.assign.lv.var < 0 || acc->u.assign.op != KB_ADD ||
	    acc->u.assign.lv.var == k)
		return 0;
	sv = acc->u.assign.lv.var;
	ot = acc->u.assign.optype;
	if (aff_uses_var(acc->u.assign.value, sv))
		return 0;
	a->loopvar = k;
	rb = aff_subst(a, acc->u.assign.value);
	if (masked) {
		KirExpr *m = frontend_new_expr(a->ar, KE_COND, rb->type, acc->loc);
		m->u.cond.c = aff_subst(a, c);
		m->u.cond.t = rb;
		m->u.cond.f = frontend_new_cast(a->ar, rb->type, frontend_new_int(a->ar, KT_I32, 0, acc->loc),
		                                acc->loc);
		rb = m;
	}
	a->loopvar = saved_lv;
	if (!masked && hi - lo <= MAX_UNROLL && a->unrolled + (hi - lo) <= MAX_UNROLL_ALL) {
		/* short loops are unrolled (the sum keeps its order), but for contractions and
		 * integer sums of one read along the loop (a reduce; exact in any order) */
		const KirExpr *f[MAX_FACTORS];
		int nf, kf[2];
		int row = frontend_dtype_is_int(ot) && load_of(rb) && aff_uses_var(rb, k);
		if (a->opt.unroll_dots || (!row && !contraction_of(rb, k, f, &nf, kf)))
			return 0;
		a->found.short_dots++;
	}
	a->red[a->nred] = (struct Red){.body = rb, .var = k, .lo = lo, .hi = hi};
	ref = frontend_new_expr(a->ar, KE_VAR, ot, acc->loc);
	ref->u.var = (int)a->r->k->nvars + a->nred++;
	old = aff_subst(a, &(KirExpr){.kind = KE_VAR, .type = a->r->k->vars[sv].type, .loc = acc->loc,
	                              .u.var = sv});
	if (old->kind == KE_CONST && old->u.c.i == 0 && old->u.c.f == 0)
		val = ref;     /* s = 0 before the loop: s is the sum (0 + x == x, up to the sign of a zero) */
	else
		val = frontend_new_binary(a->ar, KB_ADD, ot, frontend_new_cast(a->ar, ot, old, acc->loc),
		                          ref, acc->loc);
	aff_set_var(a, sv, frontend_new_cast(a->ar, a->r->k->vars[sv].type, val, acc->loc), acc->loc);
	return 1;
}
