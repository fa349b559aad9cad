/* affine_subst.c: values over the kernel's inputs. Consumes the statements' assignments;
 * keeps per variable its current value as an expression over the inputs only (every
 * variable substituted when met, under the conditions of the enclosing guards), checks
 * that a value's loads still see the buffer version they read, bounds the size of
 * substituted values, and holds local arrays as per-element values (scalar replacement). */
#include "affine_int.h"

#include <stdlib.h>
#include <string.h>

/* Loads inside a variable's initialiser must still see the buffers as they were. */
static void check_fresh_dag(Aff *a, const KirExpr *e, int epoch);

void aff_check_fresh(Aff *a, const KirExpr *e, int epoch)
{
	aff_memo_reset(&a->seen);
	check_fresh_dag(a, e, epoch);
}

static void check_fresh_dag(Aff *a, const KirExpr *e, int epoch)
{
	if (!e || aff_visited(a, e))
		return;
	switch (e->kind) {
	case KE_LOAD: {
		int found;
		aff_memo_slot(&a->ldver, e, &found);   /* reads its own version: always fresh */
		if (!found && a->last_store[e->u.load.buffer] > epoch)
			aff_afail(a, e->loc, "a variable reads a buffer stored to after its declaration");
		check_fresh_dag(a, e->u.load.index, epoch);
		return;
	}
	case KE_VAR:
		if (e->u.var >= LOOPVAR(a, 0))
			return;
		if (e->u.var >= (int)a->r->k->nvars)
			check_fresh_dag(a, a->red[e->u.var - (int)a->r->k->nvars].body, epoch);
		else if (e->u.var != a->loopvar && a->def[e->u.var])
			check_fresh_dag(a, a->def[e->u.var], epoch);
		return;
	case KE_UNARY: check_fresh_dag(a, e->u.un.x, epoch); return;
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		check_fresh_dag(a, e->u.bin.l, epoch);
		check_fresh_dag(a, e->u.bin.r, epoch);
		return;
	case KE_COND:
		check_fresh_dag(a, e->u.cond.c, epoch);
		check_fresh_dag(a, e->u.cond.t, epoch);
		check_fresh_dag(a, e->u.cond.f, epoch);
		return;
	case KE_CAST: case KE_BITCAST: check_fresh_dag(a, e->u.x, epoch); return;
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			check_fresh_dag(a, e->u.math.args[i], epoch);
		return;
	default: return;
	}
}

/* ---- substitution: expressions over the kernel's inputs only ----
 * Every variable is replaced by its current value when an expression is met, so that
 * later assignments cannot change what an earlier statement saw. A value whose loads
 * would now see a newer version of a buffer is not substituted (the kernel falls back). */
/* ---- local arrays: every index a constant (after unrolling), so each element is a
 * per-thread value like a variable (scalar replacement) ---- */

/* index: substituted already */
void aff_scan_local_store(void *ctx, KirExpr *e)
{
	Aff *a = ctx;
	if (e->kind == KE_ASSIGN && e->u.assign.lv.var < 0 && a->r->k->bufs[e->u.assign.lv.buffer].init)
		a->loc_base[e->u.assign.lv.buffer] = -1;
}

static int local_slot(Aff *a, int b, const KirExpr *index, SrcLoc loc)
{
	int64_t k;
	const char *why;
	PolyExpr *pe = frontend_dtype_is_int(index->type) ?
		poly_expr_from_kir(a->c, index, a->at.dom, aff_lookup, a, &why) : NULL;
	if (a->loc_base[b] < 0 || !pe || !poly_expr_is_const(pe, &k))
		aff_afail(a, loc, "shared or local memory");
	if (k < 0 || k >= a->r->k->bufs[b].count)
		aff_afail(a, loc, "a local array index out of bounds");
	return a->loc_base[b] + (int)k;
}


/* buf[index]: the element's value; at an index that is no constant but quasi-affine with
 * at most MAX_LOCAL_PICK values, all in bounds (t[i % 8]), a chain of ?: over them. */
#define MAX_LOCAL_PICK 32
static KirExpr *local_read(Aff *a, int b, KirExpr *index, SrcLoc loc)
{
	int64_t k, lo, hi;
	const char *why;
	KirExpr *v = NULL;
	PolyExpr *pe = frontend_dtype_is_int(index->type) ?
		poly_expr_from_kir(a->c, index, a->at.dom, aff_lookup, a, &why) : NULL;
	if (a->loc_base[b] < 0 || !pe)
		aff_afail(a, loc, "shared or local memory");
	if (poly_expr_is_const(pe, &k)) {
		const KirExpr *d = a->local[local_slot(a, b, index, loc)];
		if (!d)
			aff_afail(a, loc, "a local array element read before it is set");
		return (KirExpr *)d;
	}
	if (!poly_expr_bounds(pe, a->at.dom, &lo, &hi) || hi - lo >= MAX_LOCAL_PICK)
		aff_afail(a, loc, "shared or local memory");
	if (lo < 0 || hi >= a->r->k->bufs[b].count)
		aff_afail(a, loc, "a local array index out of bounds");
	for (k = hi; k >= lo; k--) {
		const KirExpr *d = a->local[a->loc_base[b] + k];
		KirExpr *c;
		if (!d)
			aff_afail(a, loc, "a local array element read before it is set");
		if (!v) {
			v = (KirExpr *)d;
			continue;
		}
		c = frontend_new_expr(a->ar, KE_COND, d->type, loc);
		c->u.cond.c = frontend_new_binary(a->ar, KB_EQ, KT_I1, index,
		                                  frontend_new_int(a->ar, index->type, k, loc), loc);
		c->u.cond.t = (KirExpr *)d;
		c->u.cond.f = v;
		v = c;
	}
	return v;
}

/* buf[k] = v, buf[k] op= v: the element's new value, under the enclosing guards */
void aff_local_store(Aff *a, const KirExpr *e)
{
	const KirLval *lv = &e->u.assign.lv;
	KirDType t = a->r->k->bufs[lv->buffer].elem;
	int slot = local_slot(a, lv->buffer, aff_subst(a, lv->index), e->loc);
	KirExpr *val = aff_subst(a, e->u.assign.value), *c;
	const KirExpr *old = a->local[slot];
	if (e->u.assign.op != KB_NONE) {
		KirDType ot = e->u.assign.optype;
		if (!old)
			aff_afail(a, e->loc, "a local array element read before it is set");
		val = frontend_new_binary(a->ar, e->u.assign.op, ot,
		                          frontend_new_cast(a->ar, ot, (KirExpr *)old, e->loc), val, e->loc);
	}
	val = frontend_new_cast(a->ar, t, val, e->loc);
	c = aff_live_cond(a, e->loc);      /* lanes that left an exit scope keep the element */
	if (c && old) {
		KirExpr *n = frontend_new_expr(a->ar, KE_COND, t, e->loc);
		n->u.cond.c = c;
		n->u.cond.t = val;
		n->u.cond.f = (KirExpr *)old;
		val = n;
	}
	a->local[slot] = val;
}

/* (i32) of a u32 add/sub/mul tree (blockIdx.x * blockDim.x + threadIdx.x - H) as the
 * same tree in i32: both are the value modulo 2^32, so the C value is unchanged, and the
 * facts then check that no signed intermediate overflows on the domain (the u32 form
 * wraps below zero and is not quasi-affine). Same for u64 under i64. */
static KirExpr *signed_view(Aff *a, KirDType t, KirDType ut, KirExpr *x)
{
	if (x->kind == KE_BINARY && x->type == ut &&
	    (x->u.bin.op == KB_ADD || x->u.bin.op == KB_SUB || x->u.bin.op == KB_MUL))
		return frontend_new_binary(a->ar, x->u.bin.op, t, signed_view(a, t, ut, x->u.bin.l),
		                           signed_view(a, t, ut, x->u.bin.r), x->loc);
	return frontend_new_cast(a->ar, t, x, x->loc);
}

/* Does e (not substituted) read a local array? */
static int reads_local(Aff *a, const KirExpr *e)
{
	if (!e)
		return 0;
	switch (e->kind) {
	case KE_LOAD:
		return a->r->k->bufs[e->u.load.buffer].space == KSP_LOCAL || reads_local(a, e->u.load.index);
	case KE_UNARY: return reads_local(a, e->u.un.x);
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		return reads_local(a, e->u.bin.l) || reads_local(a, e->u.bin.r);
	case KE_COND:
		return reads_local(a, e->u.cond.c) || reads_local(a, e->u.cond.t) || reads_local(a, e->u.cond.f);
	case KE_CAST: case KE_BITCAST: return reads_local(a, e->u.x);
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			if (reads_local(a, e->u.math.args[i]))
				return 1;
		return 0;
	default: return 0;
	}
}

/* The arm of ?: e that every running thread takes (1 the true arm, 0 the false one),
 * when an arm reads a local array (its index may be in bounds only where the arm is
 * taken, as z[k - 3] under k < 3 ? ... : ... in an unrolled loop); else -1. c: e's
 * condition, substituted. */
static int taken_arm(Aff *a, const KirExpr *e, const KirExpr *c)
{
	const char *why;
	PolySet *s;
	if (!reads_local(a, e->u.cond.t) && !reads_local(a, e->u.cond.f))
		return -1;
	s = poly_set_from_cond(a->c, c, a->at.dom, aff_lookup, a, &why);
	if (!s)
		return -1;
	if (poly_set_is_subset(a->at.dom, s))
		return 1;
	if (poly_set_is_empty(poly_set_intersect(a->at.dom, s)))
		return 0;
	return -1;
}

KirExpr *aff_subst(Aff *a, const KirExpr *e)
{
	KirExpr *n;
	if (!e)
		return NULL;
	if (e->kind == KE_VAR && e->u.var == a->loopvar)
		return (KirExpr *)e;
	if (e->kind == KE_VAR) {
		const KirExpr *d = a->def[e->u.var];
		if (!d)
			aff_afail(a, e->loc, "a variable read before it is set");
		aff_check_fresh(a, d, a->def_epoch[e->u.var]);
		return (KirExpr *)d;
	}
	n = frontend_new_expr(a->ar, e->kind, e->type, e->loc);
	n->u = e->u;
	switch (e->kind) {
	case KE_UNARY: n->u.un.x = aff_subst(a, e->u.un.x); break;
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		n->u.bin.l = aff_subst(a, e->u.bin.l);
		n->u.bin.r = aff_subst(a, e->u.bin.r);
		break;
	case KE_COND: {
		int arm;
		n->u.cond.c = aff_subst(a, e->u.cond.c);
		if ((arm = taken_arm(a, e, n->u.cond.c)) >= 0)   /* k < 3 ? acc[k] : z[k - 3] */
			return aff_subst(a, arm ? e->u.cond.t : e->u.cond.f);
		n->u.cond.t = aff_subst(a, e->u.cond.t);
		n->u.cond.f = aff_subst(a, e->u.cond.f);
		break;
	}
	case KE_CAST: case KE_BITCAST:
		n->u.x = aff_subst(a, e->u.x);
		if (e->kind == KE_CAST && n->u.x->kind == KE_BINARY &&
		    ((e->type == KT_I32 && n->u.x->type == KT_U32) ||
		     (e->type == KT_I64 && n->u.x->type == KT_U64)))
			return signed_view(a, e->type, n->u.x->type, n->u.x);
		break;
	case KE_LOAD: {
		int found, *slot;
		n->u.load.index = aff_subst(a, e->u.load.index);
		if (a->r->k->bufs[e->u.load.buffer].space == KSP_LOCAL)
			return local_read(a, e->u.load.buffer, n->u.load.index, e->loc);
		slot = aff_memo_slot(&a->ldver, n, &found);
		*slot = a->r->buf[e->u.load.buffer];
		slot = aff_memo_slot(&a->lddom, n, &found);
		*slot = a->stride || a->col ? LD_IN_STRIDE : -1;
		if (a->loopvar < 0 && !a->stride && !a->col) {   /* a domain without open loop dimensions */
			*slot = (int)a->lddoms.len;
			VEC_PUSH(a->lddoms, a->at.dom);
		}
		break;
	}
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			n->u.math.args[i] = aff_subst(a, e->u.math.args[i]);
		break;
	case KE_ASSIGN:
		/* a variable assigned inside an expression (`x[k = idx[i]]`) would keep its old
		 * value here (aff_assign_var sets statements' only), and its lv has no index */
		if (e->u.assign.lv.var >= 0)
			aff_afail(a, e->loc, "an assignment to a variable inside an expression");
		n->u.assign.lv.index = aff_subst(a, e->u.assign.lv.index);
		n->u.assign.value = aff_subst(a, e->u.assign.value);
		break;
	case KE_CONST: case KE_PARAM: case KE_BUILTIN: break;
	case KE_SHFL:
		n->u.shfl.mask = aff_subst(a, e->u.shfl.mask);
		n->u.shfl.value = aff_subst(a, e->u.shfl.value);
		n->u.shfl.lane = aff_subst(a, e->u.shfl.lane);
		return aff_shuffle(a, n);
	case KE_VOTE:
		n->u.vote.mask = aff_subst(a, e->u.vote.mask);
		n->u.vote.pred = aff_subst(a, e->u.vote.pred);
		return aff_vote(a, n);
	case KE_ATOMIC:   /* its old values are those of lane order (simt_atomic.c) */
		n->u.atomic.index = aff_subst(a, e->u.atomic.index);
		for (int i = 0; i < e->u.atomic.nargs; i++)
			n->u.atomic.args[i] = aff_subst(a, e->u.atomic.args[i]);
		return aff_atomic_value(a, e, n);
	default: aff_afail(a, e->loc, "an expression with effects or warp/atomic operations");
	}
	return n;
}

/* Substituted values are DAGs: they share their subtrees (a variable read twice, a warp
 * shuffle's copies of the lanes' values). Every walk over them (the poly facts, the dense
 * memo, the other walkers) visits each distinct node once, so a value is bounded by the
 * number of its distinct nodes. */
#define MAX_DAG 4000

/* Distinct nodes of e, counting up to budget. For a value that is not an integer, an
 * integer node other than a load is not counted: its index values are bounded where
 * they are set (aff_set_var), and a load index is one (IX(i, j, k) in every iteration of
 * an unrolled column loop); the loads and the values are counted. ints: count them. */
static int64_t dag_size(Aff *a, const KirExpr *e, int ints, int64_t budget)
{
	int64_t n;
	if (!e || aff_visited(a, e))
		return 0;
	n = !ints && frontend_dtype_is_int(e->type) && e->type != KT_I1 && e->kind != KE_LOAD ? 0 : 1;
	switch (e->kind) {
	case KE_UNARY: return n + dag_size(a, e->u.un.x, ints, budget - n);
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		n += dag_size(a, e->u.bin.l, ints, budget - n);
		return n > budget ? n : n + dag_size(a, e->u.bin.r, ints, budget - n);
	case KE_COND:
		n += dag_size(a, e->u.cond.c, ints, budget - n);
		n += n > budget ? 0 : dag_size(a, e->u.cond.t, ints, budget - n);
		return n > budget ? n : n + dag_size(a, e->u.cond.f, ints, budget - n);
	case KE_CAST: case KE_BITCAST: return n + dag_size(a, e->u.x, ints, budget - n);
	case KE_LOAD: return n + dag_size(a, e->u.load.index, ints, budget - n);
	case KE_ASSIGN:   /* a variable's lv has no index */
		n += e->u.assign.lv.var < 0 ? dag_size(a, e->u.assign.lv.index, ints, budget - n) : 0;
		return n > budget ? n : n + dag_size(a, e->u.assign.value, ints, budget - n);
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs && n <= budget; i++)
			n += dag_size(a, e->u.math.args[i], ints, budget - n);
		return n;
	default: return n;
	}
}

/* e, failing when its DAG is too large: an integer value counts every distinct node (the
 * facts convert it once per node, poly/expr.c), another value its own and its loads. */
KirExpr *aff_bounded(Aff *a, KirExpr *e, SrcLoc loc)
{
	aff_memo_reset(&a->seen);
	if (dag_size(a, e, frontend_dtype_is_int(e->type) && e->type != KT_I1, MAX_DAG) > MAX_DAG)
		aff_afail(a, loc, "a value too large to substitute (a long chain of assignments)");
	return e;
}

/* The conjunction of the path conditions from depth `from` on, or NULL (true). */
/* The lanes on the current path that are still running: the path's condition and, in an
 * exit scope (affine_exits.c), not done; NULL when that is every lane. */
KirExpr *aff_live_cond(Aff *a, SrcLoc loc)
{
	KirExpr *c = aff_path_cond(a, 0, loc), *nd, *n;

	if (!a->done)
		return c;
	nd = frontend_new_unary(a->ar, KU_NOT, KT_I1, (KirExpr *)a->done, loc);
	if (!c)
		return nd;
	n = frontend_new_expr(a->ar, KE_LOGAND, KT_I1, loc);
	n->u.bin.l = c;
	n->u.bin.r = nd;
	return n;
}

KirExpr *aff_path_cond(Aff *a, int from, SrcLoc loc)
{
	KirExpr *c = NULL;
	for (int i = from; i < a->npath; i++) {
		KirExpr *t = (KirExpr *)a->path[i];
		if (t->type != KT_I1) {
			KirExpr *z = frontend_new_expr(a->ar, KE_CONST, t->type, loc);
			z->u.c = frontend_const_convert((KirConst){KT_I32, 0, 0}, t->type);
			t = frontend_new_binary(a->ar, KB_NE, KT_I1, t, z, loc);
		}
		if (a->pathneg[i])
			t = frontend_new_unary(a->ar, KU_NOT, KT_I1, t, loc);
		if (c) {
			KirExpr *n = frontend_new_expr(a->ar, KE_LOGAND, KT_I1, loc);
			n->u.bin.l = c;
			n->u.bin.r = t;
			t = n;
		}
		c = t;
	}
	return c;
}

/* A value set under guards, for a variable with no known value before (a loop left it
 * thread-dependent: affine_loop.c), is known on the current path only: it is a
 * definition made at this depth, forgotten when the walk leaves the branch
 * (aff_forget_deeper), so a lane off the path never reads it. */
void aff_set_var(Aff *a, int v, KirExpr *val, SrcLoc loc)
{
	const char *why;
	KirExpr *c;
	if (!a->def[v])
		a->decl_depth[v] = a->npath;
	c = aff_path_cond(a, a->decl_depth[v], loc);
	if (c) {
		KirExpr *n = frontend_new_expr(a->ar, KE_COND, val->type, loc);
		n->u.cond.c = c;
		n->u.cond.t = val;
		n->u.cond.f = (KirExpr *)a->def[v];
		val = n;
	}
	a->def[v] = aff_bounded(a, val, loc);
	a->def_epoch[v] = a->epoch;
	a->ienv[v] = NULL;
	if (frontend_dtype_is_int(val->type) && val->type != KT_I1)
		a->ienv[v] = poly_expr_from_kir(a->c, val, a->at.dom, aff_lookup, a, &why);
}

/* A statement-level assignment or ++/-- of a variable. */
void aff_assign_var(Aff *a, const KirExpr *e)
{
	int v;
	KirExpr *val, *old;
	if (e->kind == KE_INCDEC) {
		KirDType t = e->type;
		KirExpr *one;
		v = e->u.incdec.lv.var;
		old = aff_subst(a, &(KirExpr){.kind = KE_VAR, .type = t, .loc = e->loc, .u.var = v});
		one = frontend_new_expr(a->ar, KE_CONST, t, e->loc);
		one->u.c = frontend_const_convert((KirConst){KT_I32, 1, 1.0}, t);
		val = frontend_new_binary(a->ar, e->u.incdec.inc ? KB_ADD : KB_SUB, t, old, one, e->loc);
		aff_set_var(a, v, val, e->loc);
		return;
	}
	v = e->u.assign.lv.var;
	val = aff_subst(a, e->u.assign.value);
	if (e->u.assign.op != KB_NONE) {
		KirDType ot = e->u.assign.optype, t = a->r->k->vars[v].type;
		old = aff_subst(a, &(KirExpr){.kind = KE_VAR, .type = t, .loc = e->loc, .u.var = v});
		val = frontend_new_binary(a->ar, e->u.assign.op, ot, frontend_new_cast(a->ar, ot, old, e->loc),
		                          val, e->loc);
		val = frontend_new_cast(a->ar, t, val, e->loc);
	}
	aff_set_var(a, v, val, e->loc);
}

/* Leaving a branch back to path depth `depth`: definitions made deeper (declarations in
 * the branch, values first set there: aff_set_var) are not known on the other lanes. */
void aff_forget_deeper(Aff *a, int depth)
{
	for (size_t v = 0; v < a->r->k->nvars; v++)
		if (a->decl_depth[v] > depth) {
			a->def[v] = NULL;
			a->ienv[v] = NULL;
		}
}
