/* affine_expr.c: expressions over the box. Consumes a substituted expression of the kernel
 * IR; produces its dense value over the current box (memoized per node): integer
 * quasi-affine values as iotas, constants and parameters broadcast, loads as slices,
 * reductions as reduce or dot_general, ?: as a select whose branches read only where
 * they are taken, arithmetic and math as element-wise ops. */
#include "affine_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- expressions over the box ---- */

/* The operator mapping is simt.c's (raise_binop_kind). */
int aff_binop(Aff *a, KirBinOp op, KirDType t, int x, int y, SrcLoc loc)
{
	TCmpDir dir = CMP_NE;
	int shift;
	TOpKind k = raise_binop_kind(op, t, &dir, &shift);
	if (k == TOP_COUNT)
		aff_afail(a, loc, "unsupported operator");
	if (k == TOP_COMPARE) {
		a->r->st->ops[TOP_COMPARE]++;
		return tir_build_compare(B(a), dir, x, y);
	}
	return aff_bin(a, k, x, shift ? aff_convert(a, y, aff_dt_of(a, x)) : y);
}

/* A branch of c ? t : f over the box. Its loads need to be in bounds only on the threads
 * that take it (the select drops the others), so a read at the edge of a buffer
 * (`i < n ? u[i] : 0`) reads a padded buffer; its values are not shared with the rest
 * of the box's memo. A branch no thread takes (`scheme == 0` with scheme bound to 1) is
 * not built: the select, whose condition is exact, never picks its value, so any value
 * of its type will do (and its reads have no thread to be proven in bounds on). The box
 * is not changed inside (reduction() would, so a branch around a reduction is evaluated
 * without live). */
static int branch(Aff *a, const KirExpr *c, int neg, const KirExpr *e)
{
	const char *why;
	PolySet *saved = a->at.live, *outer = a->at.live ? a->at.live : a->at.dom, *cs;
	int v;
	cs = poly_set_from_cond(a->c, c, outer, aff_lookup, a, &why);
	if (!cs || poly_set_involves_params(cs) || a->nred)
		return aff_dense(a, e);
	a->at.live = neg ? poly_set_subtract(outer, cs) : poly_set_intersect(outer, cs);
	if (poly_set_is_empty(a->at.live)) {
		a->at.live = saved;
		return aff_splat(a, raise_dtype(e->type), 0, 0);
	}
	aff_memo_reset(&a->lmemo);
	v = aff_dense(a, e);
	aff_memo_reset(&a->lmemo);
	a->at.live = saved;
	return v;
}

static int structural(Aff *a, const KirExpr *e)
{
	DType dt = raise_dtype(e->type);
	int args[3], x, y;
	switch (e->kind) {
	case KE_CONST:
		return aff_splat(a, dt, e->u.c.f, e->u.c.i);
	case KE_PARAM: {
		static const int64_t nodims[1] = {0};
		int p = a->r->param[e->u.param];
		if (p < 0)
			aff_afail(a, e->loc, "a parameter has no value");
		a->r->st->ops[TOP_BROADCAST_IN_DIM]++;
		return tir_build_broadcast_in_dim(B(a), p, aff_box_type(&a->at.box, dt), nodims);
	}
	case KE_VAR: {
		const KirExpr *d;
		if (e->u.var >= LOOPVAR(a, 0))
			aff_afail(a, e->loc, "a grid-stride loop variable that is not quasi-affine");
		if (e->u.var >= (int)a->r->k->nvars && a->red[e->u.var - (int)a->r->k->nvars].body &&
		    a->red[e->u.var - (int)a->r->k->nvars].body->kind == KE_ATOMIC)
			return aff_atomic_old(a, e->u.var - (int)a->r->k->nvars, e);
		if (e->u.var >= (int)a->r->k->nvars && a->red[e->u.var - (int)a->r->k->nvars].col < 0)
			return aff_while_value(a, e->u.var - (int)a->r->k->nvars, e);
		if (e->u.var >= (int)a->r->k->nvars && a->red[e->u.var - (int)a->r->k->nvars].col)
			return aff_column_value(a, e->u.var - (int)a->r->k->nvars, e);
		if (e->u.var >= (int)a->r->k->nvars)
			return aff_reduction(a, e->u.var - (int)a->r->k->nvars, e);
		d = a->def[e->u.var];
		if (!d)
			aff_afail(a, e->loc, "a variable without a single initialiser");
		aff_check_fresh(a, d, a->def_epoch[e->u.var]);
		return aff_dense(a, d);
	}
	case KE_UNARY:
		x = aff_dense(a, e->u.un.x);
		switch (e->u.un.op) {
		case KU_NEG:
			if (frontend_dtype_is_signed(e->type) || frontend_dtype_is_float(e->type)) {
				a->r->st->ops[TOP_NEGATE]++;
				return tir_build_unary(B(a), TOP_NEGATE, x);
			}
			return aff_bin(a, TOP_SUBTRACT, aff_splat(a, dt, 0, 0), x);
		case KU_NOT: return tir_build_unary(B(a), TOP_NOT, aff_convert(a, x, DT_I1));
		default: return tir_build_unary(B(a), TOP_NOT, x);
		}
	case KE_BINARY: {
		KirDType t = e->u.bin.l->type;
		x = aff_dense(a, e->u.bin.l);
		y = aff_dense(a, e->u.bin.r);
		if (e->u.bin.op == KB_SHL || e->u.bin.op == KB_SHR)
			t = e->type;
		return aff_binop(a, e->u.bin.op, t, x, y, e->loc);
	}
	case KE_LOGAND: case KE_LOGOR:
		/* both sides are pure and in bounds on the whole domain: eager is exact */
		x = aff_convert(a, aff_dense(a, e->u.bin.l), DT_I1);
		y = aff_convert(a, aff_dense(a, e->u.bin.r), DT_I1);
		return aff_bin(a, e->kind == KE_LOGAND ? TOP_AND : TOP_OR, x, y);
	case KE_COND:
		x = aff_convert(a, aff_dense(a, e->u.cond.c), DT_I1);
		args[0] = branch(a, e->u.cond.c, 0, e->u.cond.t);
		args[1] = branch(a, e->u.cond.c, 1, e->u.cond.f);
		a->r->st->ops[TOP_SELECT]++;
		return tir_build_select(B(a), x, args[0], args[1]);
	case KE_CAST: return aff_convert(a, aff_dense(a, e->u.x), dt);
	case KE_BITCAST: return tir_build_bitcast_convert(B(a), aff_dense(a, e->u.x), dt);
	case KE_LOAD: return aff_load(a, e);
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			args[i] = aff_dense(a, e->u.math.args[i]);
		return raise_math(a->r, e, args);
	default: aff_afail(a, e->loc, "an expression with effects or warp/atomic operations");
	}
}

static int dense_node(Aff *a, const KirExpr *e);

/* e as a tensor over the current box; a node shared by several parents is built once
 * per box (the memo is reset whenever the box, domain or loop changes). */
int aff_dense(Aff *a, const KirExpr *e)
{
	int found, v, *slot;
	struct Memo *m = a->at.live ? &a->lmemo : &a->memo;
	if (e->kind == KE_CONST || e->kind == KE_PARAM)
		return dense_node(a, e);
	slot = aff_memo_slot(m, e, &found);
	if (found)
		return *slot;
	v = dense_node(a, e);
	slot = aff_memo_slot(m, e, &found);   /* the table may have grown */
	*slot = v;
	return v;
}

/* The nodes isl could not give a function of (on this box's domain and variable
 * values) are marked in the box's memo under the node's address plus one (nodes are
 * aligned: no node has that address), so that a node built from its operands does not
 * ask again for each operand's operands: asked at every level, a deep expression
 * costs time quadratic in its depth. */
static const void *no_function_key(const KirExpr *e)
{
	return (const char *)e + 1;
}

static void mark_no_function(void *env, const KirExpr *e)
{
	Aff *a = env;
	int found;
	*aff_memo_slot(&a->memo, no_function_key(e), &found) = -1;
}

static int dense_node(Aff *a, const KirExpr *e)
{
	if (frontend_dtype_is_int(e->type) && e->type != KT_I1 && e->kind != KE_LOAD &&
	    e->kind != KE_CONST && !aff_memo_find(&a->memo, no_function_key(e))) {
		const char *why;
		PolyExpr *pe = poly_expr_from_kir_marking(a->c, e, a->at.dom, aff_lookup,
		                                          mark_no_function, a, &why);
		/* a value isl cannot give as pieces on boxes (max(i % 7, 3): its pieces lie on
		 * periodic sets) is data here, not an address: with opt.index_values (a later
		 * strategy: another shape of the store may give it pieces on boxes) its
		 * operators over the operands' tensors, as for any other value */
		if (pe && !poly_expr_involves_params(pe)) {
			int v = a->opt.index_values ? aff_value_try(a, pe, raise_dtype(e->type))
			                            : aff_value(a, pe, raise_dtype(e->type), e->loc);
			if (v >= 0)
				return v;
		}
	}
	return structural(a, e);
}
