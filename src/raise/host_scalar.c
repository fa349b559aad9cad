/* host_scalar.c: the host function's scalars. Consumes a host-side expression of the
 * kernel IR (literals, host variables, arithmetic, casts, math calls); produces its value:
 * a constant, folded by the frontend's constant folding, when every operand is known,
 * else ops on 0-d tensors in the module (a runtime scalar). */
#include "host_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

HVal host_const(KirConst c)
{
	HVal v = {1, 0, c, -1, c.type};
	return v;
}

HVal host_dyn(int v, KirDType t)
{
	HVal r = {1, 1, {t, 0, 0}, v, t};
	return r;
}

int host_mat(Hr *h, HVal v)
{
	TType t;
	if (v.dyn)
		return v.v;
	t = tir_type_scalar(raise_dtype(v.t));
	if (frontend_dtype_is_float(v.t))
		return tir_build_splat_float(&h->b, t, v.c.f);
	return tir_build_splat_int(&h->b, t, v.c.i);
}

HVal host_convert(Hr *h, HVal v, KirDType t)
{
	if (v.t == t)
		return v;
	if (!v.dyn)
		return host_const(frontend_const_convert(v.c, t));
	if (t == KT_I1) {
		int z = host_mat(h, host_const(frontend_const_convert((KirConst){KT_I32, 0, 0}, v.t)));
		return host_dyn(tir_build_compare(&h->b, CMP_NE, v.v, z), KT_I1);
	}
	return host_dyn(tir_build_convert(&h->b, v.v, raise_dtype(t)), t);
}

static HVal ev_binary(Hr *h, const KirExpr *e)
{
	HVal l = host_eval(h, e->u.bin.l), r = host_eval(h, e->u.bin.r);
	KirBinOp op = e->u.bin.op;
	int lv, rv;
	if (!l.dyn && !r.dyn) {
		KirExpr *f = frontend_new_binary(h->a, op, e->type, frontend_new_const(h->a, l.c, e->loc),
		                                 frontend_new_const(h->a, r.c, e->loc), e->loc);
		if (f->kind == KE_CONST)
			return host_const(f->u.c);
	}
	if (r.t != l.t)
		r = host_convert(h, r, l.t);
	lv = host_mat(h, l);
	rv = host_mat(h, r);
	switch (op) {
	case KB_ADD: return host_dyn(tir_build_binary(&h->b, TOP_ADD, lv, rv), e->type);
	case KB_SUB: return host_dyn(tir_build_binary(&h->b, TOP_SUBTRACT, lv, rv), e->type);
	case KB_MUL: return host_dyn(tir_build_binary(&h->b, TOP_MULTIPLY, lv, rv), e->type);
	case KB_DIV: return host_dyn(tir_build_binary(&h->b, TOP_DIVIDE, lv, rv), e->type);
	case KB_REM: return host_dyn(tir_build_binary(&h->b, TOP_REMAINDER, lv, rv), e->type);
	case KB_AND: return host_dyn(tir_build_binary(&h->b, TOP_AND, lv, rv), e->type);
	case KB_OR: return host_dyn(tir_build_binary(&h->b, TOP_OR, lv, rv), e->type);
	case KB_XOR: return host_dyn(tir_build_binary(&h->b, TOP_XOR, lv, rv), e->type);
	case KB_SHL: return host_dyn(tir_build_binary(&h->b, TOP_SHIFT_LEFT, lv, rv), e->type);
	case KB_SHR:
		return host_dyn(tir_build_binary(&h->b, frontend_dtype_is_signed(l.t) ? TOP_SHIFT_RIGHT_ARITHMETIC :
		                                 TOP_SHIFT_RIGHT_LOGICAL, lv, rv), e->type);
	case KB_LT: return host_dyn(tir_build_compare(&h->b, CMP_LT, lv, rv), KT_I1);
	case KB_LE: return host_dyn(tir_build_compare(&h->b, CMP_LE, lv, rv), KT_I1);
	case KB_GT: return host_dyn(tir_build_compare(&h->b, CMP_GT, lv, rv), KT_I1);
	case KB_GE: return host_dyn(tir_build_compare(&h->b, CMP_GE, lv, rv), KT_I1);
	case KB_EQ: return host_dyn(tir_build_compare(&h->b, CMP_EQ, lv, rv), KT_I1);
	case KB_NE: return host_dyn(tir_build_compare(&h->b, CMP_NE, lv, rv), KT_I1);
	default: host_error(h, e->loc, "host operator '%s' is not supported", frontend_binop_name(op));
	}
}

static HVal ev_unary(Hr *h, const KirExpr *e)
{
	HVal x = host_eval(h, e->u.un.x);
	if (!x.dyn) {
		KirExpr *f = frontend_new_unary(h->a, e->u.un.op, e->type, frontend_new_const(h->a, x.c, e->loc), e->loc);
		if (f->kind == KE_CONST)
			return host_const(f->u.c);
	}
	x = host_convert(h, x, e->type);
	if (e->u.un.op == KU_NEG)
		return host_dyn(tir_build_unary(&h->b, TOP_NEGATE, host_mat(h, x)), e->type);
	return host_dyn(tir_build_unary(&h->b, TOP_NOT, host_mat(h, x)), e->type);
}

static double fold_math(KirMathOp op, const double *x)
{
	switch (op) {
	case KM_FMIN: case KM_MIN: return fmin(x[0], x[1]);
	case KM_FMAX: case KM_MAX: return fmax(x[0], x[1]);
	case KM_SQRT: return sqrt(x[0]);
	case KM_ABS: return fabs(x[0]);
	case KM_FLOOR: return floor(x[0]);
	case KM_CEIL: return ceil(x[0]);
	case KM_EXP: return exp(x[0]);
	case KM_LOG: return log(x[0]);
	case KM_POW: return pow(x[0], x[1]);
	case KM_SIN: return sin(x[0]);
	case KM_COS: return cos(x[0]);
	default: return NAN;
	}
}

static HVal ev_math(Hr *h, const KirExpr *e)
{
	static const struct { KirMathOp op; TOpKind k; } ops[] = {
		{KM_FMIN, TOP_MINIMUM}, {KM_MIN, TOP_MINIMUM}, {KM_FMAX, TOP_MAXIMUM}, {KM_MAX, TOP_MAXIMUM},
		{KM_SQRT, TOP_SQRT}, {KM_ABS, TOP_ABS}, {KM_FLOOR, TOP_FLOOR}, {KM_CEIL, TOP_CEIL},
		{KM_EXP, TOP_EXPONENTIAL}, {KM_LOG, TOP_LOG}, {KM_POW, TOP_POWER}, {KM_SIN, TOP_SINE},
		{KM_COS, TOP_COSINE}};
	HVal a[3];
	int dyn = 0, k = -1;
	for (int i = 0; i < e->u.math.nargs; i++) {
		a[i] = host_convert(h, host_eval(h, e->u.math.args[i]), e->type);
		dyn |= a[i].dyn;
	}
	for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
		if (ops[i].op == e->u.math.op)
			k = (int)ops[i].k;
	if (k < 0)
		host_error(h, e->loc, "host math function '%s' is not supported", frontend_math_name(e->u.math.op));
	if (!dyn) {
		double x[3];
		KirConst c = {KT_F64, 0, 0};
		for (int i = 0; i < e->u.math.nargs; i++)
			x[i] = frontend_dtype_is_float(a[i].t) ? a[i].c.f : (double)a[i].c.i;
		c.f = fold_math(e->u.math.op, x);
		return host_const(frontend_const_convert(c, e->type));
	}
	if (e->u.math.nargs == 1)
		return host_dyn(tir_build_unary(&h->b, (TOpKind)k, host_mat(h, a[0])), e->type);
	{
		int l = host_mat(h, a[0]), r = host_mat(h, a[1]);
		return host_dyn(tir_build_binary(&h->b, (TOpKind)k, l, r), e->type);
	}
}

HVal host_eval(Hr *h, const KirExpr *e)
{
	switch (e->kind) {
	case KE_CONST: return host_const(e->u.c);
	case KE_VAR: {
		HVal v = h->sv[e->u.var];
		if (!v.set)
			host_error(h, e->loc, "host variable '%s' is used before it is set", h->hf->vars[e->u.var].name);
		return host_convert(h, v, e->type);
	}
	case KE_CAST: return host_convert(h, host_eval(h, e->u.x), e->type);
	case KE_BINARY: return ev_binary(h, e);
	case KE_UNARY: return ev_unary(h, e);
	case KE_MATH: return ev_math(h, e);
	case KE_LOGAND: case KE_LOGOR: {
		HVal l = host_eval(h, e->u.bin.l), r = host_eval(h, e->u.bin.r);
		int and = e->kind == KE_LOGAND;
		if (!l.dyn)
			return frontend_const_is_true(l.c) == and ? r : l;
		if (!r.dyn)
			return frontend_const_is_true(r.c) == and ? l : r;
		return host_dyn(tir_build_binary(&h->b, and ? TOP_AND : TOP_OR, l.v, r.v), KT_I1);
	}
	case KE_COND: {
		HVal c = host_eval(h, e->u.cond.c), t = host_convert(h, host_eval(h, e->u.cond.t), e->type),
		     f = host_convert(h, host_eval(h, e->u.cond.f), e->type);
		if (!c.dyn)
			return frontend_const_is_true(c.c) ? t : f;
		return host_dyn(tir_build_select(&h->b, c.v, host_mat(h, t), host_mat(h, f)), e->type);
	}
	default:
		host_error(h, e->loc, "this host expression (%s) cannot be converted", "kind");
	}
}

int64_t host_eval_const(Hr *h, const KirExpr *e, const char *what)
{
	HVal v = host_eval(h, e);
	if (v.dyn)
		host_error(h, e->loc, "%s depends on a runtime value (a parameter not bound by --set, or "
		         "the counter of a loop kept as a while): bind it with --set or unroll with --unroll",
		         what);
	return frontend_dtype_is_float(v.t) ? (int64_t)v.c.f : v.c.i;
}
