/* interp.c: the interpreter's driver: functions, blocks, regions, control flow, calls
 * and the check dialect of the StableHLO interpreter tests.
 *
 * Consumes a verified TModule (hlo_emit.h) and argument values; produces result values.
 * Every function call gets an environment: one RtValue slot per value id of the function
 * (region arguments and results included), so evaluating an op is reading its operand
 * slots and filling its result slots. Ops run in block order (StableHLO is SSA and
 * side-effect free apart from the check ops). Errors never exit: the first one is kept
 * in Interp.msg with the op's location and every caller unwinds with -1.
 * Control flow follows the StableHLO spec: while (cond region returns a 0-d i1), if
 * (two regions), case (an out-of-range index takes the last branch). */
#include "runtime.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>


static int run_block(Interp *it, const TFunc *f, RtValue *env, const TBlock *b,
                     RtValue *outs, int nouts);

void interp_init(Interp *it, const TModule *m)
{
	memset(it, 0, sizeof *it);
	it->module = m;
}

void interp_fini(Interp *it) { rt_pool_drain(&it->pool); }

int interp_fail(Interp *it, const TOp *op, const char *fmt, ...)
{
	if (it->error)
		return -1;
	it->error = 1;
	if (op)
		it->loc = op->loc;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(it->msg, sizeof it->msg, fmt, ap);
	va_end(ap);
	return -1;
}

int interp_supports(TOpKind k)
{
	switch (k) {
	case TOP_BROADCAST:
		return 0;
	default:
		return 1;
	}
}

static void set_slot(Interp *it, RtValue *env, int id, RtValue v)
{
	rt_value_release(&it->pool, &env[id]);
	env[id] = v;
}

/* ---- regions applied to scalars ---- */

void region_prepare(RegionCall *rc, Interp *it, const TFunc *f, RtValue *env, const TBlock *b)
{
	rc->it = it, rc->f = f, rc->env = env, rc->body = b;
	rc->fast = (TOpKind)-1;
	rc->fast_swapped = 0;
	if (b->nargs != 2 || b->nops != 2)
		return;
	const TOp *op = b->ops[0], *ret = b->ops[1];
	if (ret->kind != TOP_RETURN || ret->noperands != 1 || op->nresults != 1 ||
	    ret->operands[0] != op->results[0] || op->noperands != 2)
		return;
	switch (op->kind) {
	case TOP_ADD: case TOP_MULTIPLY: case TOP_MAXIMUM: case TOP_MINIMUM:
	case TOP_AND: case TOP_OR: case TOP_XOR:
		break;
	default:
		return;
	}
	int a = b->args[0], c = b->args[1];
	if (op->operands[0] == a && op->operands[1] == c)
		rc->fast = op->kind;
	else if (op->operands[0] == c && op->operands[1] == a)
		rc->fast = op->kind, rc->fast_swapped = 1;
}

int region_run(RegionCall *rc, const RtValue *args, int nargs, RtValue *outs, int nouts)
{
	if (nargs != rc->body->nargs)
		return interp_fail(rc->it, NULL, "region takes %d arguments, given %d", rc->body->nargs, nargs);
	for (int i = 0; i < nargs; i++)
		set_slot(rc->it, rc->env, rc->body->args[i], rt_value_ref(&args[i]));
	return run_block(rc->it, rc->f, rc->env, rc->body, outs, nouts);
}

/* ---- control flow ---- */

static int scalar_true(const RtValue *v) { return ((const uint8_t *)rt_data(v))[0] != 0; }

static int run_region_with(Interp *it, const TFunc *f, RtValue *env, const TBlock *b,
                           RtValue *args, int nargs, RtValue *outs, int nouts)
{
	if (b->nargs != nargs)
		return interp_fail(it, NULL, "region takes %d arguments, given %d", b->nargs, nargs);
	for (int i = 0; i < nargs; i++)
		set_slot(it, env, b->args[i], rt_value_ref(&args[i]));
	return run_block(it, f, env, b, outs, nouts);
}

int interp_check_iterations(Interp *it, const TOp *op, int64_t iter)
{
	if (it->max_iterations > 0 && iter >= it->max_iterations)
		return interp_fail(it, op, "'stablehlo.while' reached the limit of %lld iterations (--max-iterations)",
		                   (long long)it->max_iterations);
	return 0;
}

static int eval_while(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	int n = op->noperands;
	RtValue *cur = xcalloc((size_t)n + 1, sizeof(RtValue)), *next = xcalloc((size_t)n + 1, sizeof(RtValue));
	for (int i = 0; i < n; i++)
		cur[i] = rt_value_ref(&env[op->operands[i]]);
	int rc = 0;
	for (int64_t iter = 0;; iter++) {
		RtValue pred = {0};
		if ((rc = run_region_with(it, f, env, op->regions[0], cur, n, &pred, 1)) != 0)
			break;
		int go = scalar_true(&pred);
		rt_value_release(&it->pool, &pred);
		if (!go)
			break;
		if ((rc = interp_check_iterations(it, op, iter)) != 0)
			break;
		if ((rc = run_region_with(it, f, env, op->regions[1], cur, n, next, n)) != 0)
			break;
		for (int i = 0; i < n; i++) {
			rt_value_release(&it->pool, &cur[i]);
			cur[i] = next[i];
			memset(&next[i], 0, sizeof next[i]);
		}
	}
	for (int i = 0; i < n; i++) {
		if (rc == 0)
			set_slot(it, env, op->results[i], cur[i]);
		else
			rt_value_release(&it->pool, &cur[i]);
	}
	free(cur);
	free(next);
	return rc;
}

static int eval_branch(Interp *it, const TFunc *f, RtValue *env, const TOp *op, int which)
{
	int n = op->nresults;
	RtValue *outs = xcalloc((size_t)n + 1, sizeof(RtValue));
	int rc = run_block(it, f, env, op->regions[which], outs, n);
	for (int i = 0; i < n; i++) {
		if (rc == 0)
			set_slot(it, env, op->results[i], outs[i]);
		else
			rt_value_release(&it->pool, &outs[i]);
	}
	free(outs);
	return rc;
}

static int eval_case(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	const RtValue *idx = &env[op->operands[0]];
	int64_t i = rt_get_i64(idx->type.dt, rt_data(idx), 0);
	if (i < 0 || i >= op->nregions)
		i = op->nregions - 1;   /* spec: an out-of-range index selects the last branch */
	return eval_branch(it, f, env, op, (int)i);
}

static int eval_call(Interp *it, RtValue *env, const TOp *op)
{
	TAttr *a = tir_op_attr(op, "callee");
	const TFunc *callee = a ? tir_module_find_func(it->module, a->u.s) : NULL;
	if (!callee)
		return interp_fail(it, op, "'func.call': unknown callee '%s'", a ? a->u.s : "?");
	if (callee->nargs != op->noperands || callee->nresults != op->nresults)
		return interp_fail(it, op, "'func.call': @%s takes %d arguments and gives %d results",
		                   callee->name, callee->nargs, callee->nresults);
	RtValue *args = xcalloc((size_t)op->noperands + 1, sizeof(RtValue));
	RtValue *res = xcalloc((size_t)op->nresults + 1, sizeof(RtValue));
	for (int i = 0; i < op->noperands; i++)
		args[i] = env[op->operands[i]];
	int rc = interp_call(it, callee, args, res);
	for (int i = 0; i < op->nresults && rc == 0; i++)
		set_slot(it, env, op->results[i], res[i]);
	free(args);
	free(res);
	return rc;
}

static int eval_tuple(Interp *it, RtValue *env, const TOp *op, const TFunc *f)
{
	RtValue t = {0};
	t.type = *tir_value_type(f, op->results[0]);
	t.nelems = op->noperands;
	t.elems = xcalloc((size_t)op->noperands + 1, sizeof(RtValue));
	for (int i = 0; i < op->noperands; i++)
		t.elems[i] = rt_value_ref(&env[op->operands[i]]);
	set_slot(it, env, op->results[0], t);
	return 0;
}

static int eval_get_tuple_element(Interp *it, RtValue *env, const TOp *op)
{
	const RtValue *t = &env[op->operands[0]];
	int64_t i = tir_op_get_int(op, "index", 0);
	if (i < 0 || i >= t->nelems)
		return interp_fail(it, op, "'stablehlo.get_tuple_element': index %lld out of range", (long long)i);
	set_slot(it, env, op->results[0], rt_value_ref(&t->elems[i]));
	return 0;
}

static int eval_passthrough(Interp *it, RtValue *env, const TOp *op)
{
	for (int i = 0; i < op->nresults && i < op->noperands; i++)
		set_slot(it, env, op->results[i], rt_value_ref(&env[op->operands[i]]));
	return 0;
}

/* ---- the check dialect ---- */

/* A float's position on the line of representable values of type t (adjacent values
 * differ by one; -0 and +0 coincide), so ULP distance is a difference of positions. */
static int64_t ulp_position(double x, DType t)
{
	uint64_t bits;
	int width = dtype_bits(t);
	if (t == DT_F16) {
		bits = rt_f64_to_f16(x);
	} else if (t == DT_BF16) {
		bits = rt_f64_to_bf16(x);
	} else if (t == DT_F32) {
		float v = (float)x;
		uint32_t u;
		memcpy(&u, &v, 4);
		bits = u;
	} else {
		memcpy(&bits, &x, 8);
	}
	uint64_t mag = bits & ((UINT64_C(1) << (width - 1)) - 1);
	return bits >> (width - 1) & 1 ? -(int64_t)mag : (int64_t)mag;
}

static uint64_t ulp_distance(double a, double b, DType t)
{
	if (isnan(a) || isnan(b))
		return isnan(a) && isnan(b) ? 0 : UINT64_MAX;
	int64_t pa = ulp_position(a, t), pb = ulp_position(b, t);
	return pa > pb ? (uint64_t)pa - (uint64_t)pb : (uint64_t)pb - (uint64_t)pa;
}

/* The StableHLO test-suite rule for "almost equal": equal, both NaN, or same sign and
 * |a - b| <= tolerance (infinities only equal themselves). */
static int almost_equal(double a, double b, double tol)
{
	if (a == b)
		return 1;
	if (isnan(a) || isnan(b))
		return isnan(a) && isnan(b);
	if (isinf(a) || isinf(b))
		return 0;
	if (signbit(a) != signbit(b) && a != 0 && b != 0)
		return 0;
	return fabs(a - b) <= tol;
}

typedef enum { CMP_EXACT, CMP_ALMOST, CMP_ULP } CheckMode;

static int check_elems(Interp *it, const TOp *op, const RtValue *got, DType wt,
                       const void *want, int splat, CheckMode mode, double tol)
{
	DType t = got->type.dt;
	int64_t n = rt_numel(got);
	it->checks_run++;
	if (wt != t && !(dtype_is_float(wt) && dtype_is_float(t)))
		goto type_mismatch;
	for (int64_t i = 0; i < n; i++) {
		int64_t j = splat ? 0 : i;
		int ok;
		if (dtype_is_float(t)) {
			double a = rt_get_f64(t, rt_data(got), i), b = rt_get_f64(wt, want, j);
			ok = mode == CMP_EXACT ? a == b : mode == CMP_ALMOST ? almost_equal(a, b, tol)
			                                                     : ulp_distance(a, b, t) <= (uint64_t)tol;
		} else {
			ok = rt_get_i64(t, rt_data(got), i) == rt_get_i64(wt, want, j);
		}
		if (!ok) {
			StrBuf sb = {0};
			sb_printf(&sb, "element %lld: got ", (long long)i);
			rt_format_elem(&sb, t, rt_data(got), i);
			sb_append(&sb, ", want ");
			rt_format_elem(&sb, wt, want, j);
			if (!it->checks_failed++) {
				snprintf(it->check_msg, sizeof it->check_msg, "'%s' %s", tir_op_name(op->kind), sb_str(&sb));
				it->check_loc = op->loc;
			}
			sb_free(&sb);
			return 0;
		}
	}
	return 0;
type_mismatch:
	if (!it->checks_failed++) {
		snprintf(it->check_msg, sizeof it->check_msg, "'%s' element types differ: %s vs %s",
		         tir_op_name(op->kind), dtype_name(t), dtype_name(wt));
		it->check_loc = op->loc;
	}
	return 0;
}

static double attr_float(const TOp *op, const char *name, double dflt)
{
	TAttr *a = tir_op_attr(op, name);
	if (!a)
		return dflt;
	return a->kind == TA_FLOAT ? a->u.f : a->kind == TA_INT ? (double)a->u.i : dflt;
}

static int eval_check(Interp *it, RtValue *env, const TOp *op)
{
	const RtValue *got = &env[op->operands[0]];
	CheckMode mode = op->kind == TOP_EXPECT_EQ || op->kind == TOP_EXPECT_EQ_CONST ? CMP_EXACT
	                 : op->kind == TOP_EXPECT_CLOSE ? CMP_ULP : CMP_ALMOST;
	double tol = mode == CMP_ULP ? attr_float(op, "max_ulp_difference", 0)
	                             : attr_float(op, "tolerance", 0.0001);
	if (got->type.kind != TY_TENSOR)
		return interp_fail(it, op, "'%s' on a non-tensor value", tir_op_name(op->kind));
	if (op->kind == TOP_EXPECT_EQ_CONST || op->kind == TOP_EXPECT_ALMOST_EQ_CONST) {
		TAttr *a = tir_op_attr(op, "value");
		if (!a || a->kind != TA_DENSE)
			return interp_fail(it, op, "'%s' without a dense 'value'", tir_op_name(op->kind));
		if (!a->u.dense.splat && tir_type_numel(&a->u.dense.type) != rt_numel(got))
			return interp_fail(it, op, "'%s': expected value has a different shape", tir_op_name(op->kind));
		return check_elems(it, op, got, a->u.dense.type.dt, a->u.dense.data, a->u.dense.splat, mode, tol);
	}
	const RtValue *want = &env[op->operands[1]];
	if (rt_numel(want) != rt_numel(got))
		return interp_fail(it, op, "'%s': operands have different shapes", tir_op_name(op->kind));
	return check_elems(it, op, got, want->type.dt, rt_data(want), 0, mode, tol);
}

/* ---- ops ---- */

static int eval_op(Interp *it, const TFunc *f, RtValue *env, const TOp *op)
{
	for (int i = 0; i < op->noperands; i++)
		if (!env[op->operands[i]].buf && env[op->operands[i]].type.kind == TY_TENSOR &&
		    !env[op->operands[i]].nelems)
			return interp_fail(it, op, "'%s': operand %d is not computed", tir_op_name(op->kind), i);
	if (interp_cplx_wants(f, op))
		return interp_cplx_op(it, f, env, op);   /* interp_cplx.c */
	if (interp_linalg_wants(op->kind))
		return interp_linalg_op(it, f, env, op); /* interp_linalg.c */
	switch (op->kind) {
	case TOP_CALL: return eval_call(it, env, op);
	case TOP_WHILE: return eval_while(it, f, env, op);
	case TOP_IF: return eval_branch(it, f, env, op, scalar_true(&env[op->operands[0]]) ? 0 : 1);
	case TOP_CASE: return eval_case(it, f, env, op);
	case TOP_TUPLE: return eval_tuple(it, env, op, f);
	case TOP_GET_TUPLE_ELEMENT: return eval_get_tuple_element(it, env, op);
	case TOP_OPTIMIZATION_BARRIER: return eval_passthrough(it, env, op);
	case TOP_AFTER_ALL: {   /* a token is a value without data: ordering is program order here */
		RtValue tok = {.type = {.kind = TY_TOKEN}};
		set_slot(it, env, op->results[0], tok);
		return 0;
	}
	case TOP_EXPECT_EQ: case TOP_EXPECT_EQ_CONST: case TOP_EXPECT_ALMOST_EQ:
	case TOP_EXPECT_ALMOST_EQ_CONST: case TOP_EXPECT_CLOSE:
		return eval_check(it, env, op);
	case TOP_REDUCE: case TOP_REDUCE_WINDOW: case TOP_SELECT_AND_SCATTER: case TOP_MAP:
	case TOP_SORT: case TOP_DOT_GENERAL: case TOP_TRIANGULAR_SOLVE:
		return interp_reduce_op(it, f, env, op);
	case TOP_SELECT: case TOP_CLAMP: case TOP_BITCAST_CONVERT:
		return interp_elementwise(it, f, env, op);
	case TOP_BROADCAST:
		return interp_fail(it, op, "unsupported op '%s'", tir_op_name(op->kind));
	default:
		if (tir_op_flags(op->kind) & OF_EW)
			return interp_elementwise(it, f, env, op);
		return interp_shape_op(it, f, env, op);
	}
}

static int run_block(Interp *it, const TFunc *f, RtValue *env, const TBlock *b,
                     RtValue *outs, int nouts)
{
	for (int i = 0; i < b->nops; i++) {
		const TOp *op = b->ops[i];
		if (op->kind == TOP_RETURN) {
			if (op->noperands != nouts)
				return interp_fail(it, op, "'func.return' gives %d values, %d expected", op->noperands, nouts);
			for (int k = 0; k < nouts; k++)
				outs[k] = rt_value_ref(&env[op->operands[k]]);
			return 0;
		}
		if (eval_op(it, f, env, op) != 0)
			return -1;
	}
	return interp_fail(it, NULL, "block of @%s ends without a return", f->name);
}

int interp_call(Interp *it, const TFunc *f, const RtValue *args, RtValue *results)
{
	if (it->depth >= RT_MAX_CALL_DEPTH)
		return interp_fail(it, NULL, "call depth exceeds %d (recursion?) in @%s", RT_MAX_CALL_DEPTH, f->name);
	for (int i = 0; i < f->nargs; i++)
		if (!tir_type_equal(&args[i].type, &f->args[i].type)) {
			StrBuf a = {0}, b = {0};
			tir_type_print(&a, &args[i].type);
			tir_type_print(&b, &f->args[i].type);
			interp_fail(it, NULL, "@%s argument %d has type %s, %s expected", f->name, i, sb_str(&a), sb_str(&b));
			sb_free(&a);
			sb_free(&b);
			return -1;
		}
	it->depth++;
	RtValue *env = xcalloc((size_t)f->nvalues + 1, sizeof(RtValue));
	for (int i = 0; i < f->nargs; i++)
		env[f->args[i].value] = rt_value_ref(&args[i]);
	int rc = run_block(it, f, env, f->body, results, f->nresults);
	for (int i = 0; i < f->nvalues; i++)
		rt_value_release(&it->pool, &env[i]);
	free(env);
	it->depth--;
	return rc;
}
