/* expr.c: integer kernel-IR expressions as isl piecewise quasi-affine functions.
 * Consumes a KirExpr, the current domain and the caller's variable environment;
 * produces a PolyExpr equal to the C value of the expression on every point of the
 * domain, or NULL with a reason. Exactness rules (C17 6.3.1.3, 6.5): the mathematical
 * value equals the C value only while no intermediate result wraps, so every
 * non-constant intermediate of an integer type is checked to stay in its type's range
 * on the domain; where it may leave it the expression is "not affine". Division and
 * remainder truncate toward zero (isl's tdiv_q/tdiv_r) and need a positive constant
 * divisor; multiplication needs one constant factor. Comparisons and logic give 0/1
 * (isl indicator functions), so i1 values are expressions too. A conversion visits each
 * node of a DAG once (values substituted into each other share their subtrees, and a
 * warp shuffle's copies share the lanes' values): a node's function is kept by address. */
#include "poly_int.h"

#include <stdint.h>
#include <stdlib.h>

typedef struct Conv {
	PolyCtx *c;
	isl_set *dom;        /* owned copy */
	char *domstr;        /* dom printed, for fits' fact keys (made on first use) */
	PolyVarFn fn;
	PolyFailFn failed;   /* told of each node whose conversion failed (may be NULL) */
	void *env;
	const char *why;
	struct ConvSlot { const KirExpr *k; isl_pw_aff *v; } *memo;   /* open addressing */
	size_t cap, n;
} Conv;

/* A function of more pieces than this is not analysed, nor a sum, minimum or choice of
 * two functions whose pieces multiply past it: isl's time grows faster than the number
 * of pieces (a warp shuffle's maximum over 32 lanes of a guarded index doubles them at
 * each level, 2, 5, 9, 16, 35, 65, and its conversion took 33 s, the last step 8). The
 * test corpus needs at most 12 (its output is the same with the limit); a value over it
 * is taken as not affine, and the raise builds it from its operands, as it does a value
 * loaded from memory. */
#define EXPR_MAX_PIECES 32

static isl_pw_aff *conv(Conv *cv, const KirExpr *e);

static isl_pw_aff *fail(Conv *cv, const char *why)
{
	if (!cv->why)
		cv->why = why;
	return NULL;
}

static isl_pw_aff *pa_val(PolyCtx *c, isl_val *v)
{
	isl_local_space *ls = isl_local_space_from_space(poly_space(c));
	isl_aff *a = isl_aff_zero_on_domain(ls);
	return isl_pw_aff_from_aff(isl_aff_add_constant_val(a, v));
}

static isl_pw_aff *pa_const(PolyCtx *c, int64_t v)
{
	return pa_val(c, isl_val_int_from_si(c->ctx, v));
}

static isl_pw_aff *pa_dim(PolyCtx *c, int d)
{
	isl_local_space *ls = isl_local_space_from_space(poly_space(c));
	return isl_pw_aff_from_aff(isl_aff_var_on_domain(ls, isl_dim_set, (unsigned)d));
}

static isl_pw_aff *pa_param(PolyCtx *c, int pos)
{
	isl_local_space *ls = isl_local_space_from_space(poly_space(c));
	return isl_pw_aff_from_aff(isl_aff_var_on_domain(ls, isl_dim_param, (unsigned)pos));
}

/* Constant value of pa when it is one constant everywhere. */
static int pa_const_val(isl_pw_aff *pa, int64_t *v)
{
	isl_val *lo, *hi;
	int ok;
	if (!pa || isl_pw_aff_is_cst(pa) != isl_bool_true)
		return 0;
	if (isl_pw_aff_involves_dims(pa, isl_dim_param, 0,
	                             isl_pw_aff_dim(pa, isl_dim_param)) == isl_bool_true)
		return 0;
	lo = isl_pw_aff_min_val(isl_pw_aff_copy(pa));
	hi = isl_pw_aff_max_val(isl_pw_aff_copy(pa));
	ok = lo && hi && isl_val_eq(lo, hi) == isl_bool_true;
	isl_val_free(hi);
	if (!ok) {
		isl_val_free(lo);
		return 0;
	}
	return poly_val_get(lo, v);
}

/* The range of values of type t (mathematical integers). */
static void type_range(KirDType t, isl_ctx *ctx, isl_val **lo, isl_val **hi)
{
	int bits = 8 * frontend_dtype_bytes(t);
	if (t == KT_I1) {
		*lo = isl_val_zero(ctx);
		*hi = isl_val_one(ctx);
	} else if (frontend_dtype_is_signed(t)) {
		*lo = isl_val_neg(isl_val_2exp(isl_val_int_from_si(ctx, bits - 1)));
		*hi = isl_val_sub_ui(isl_val_2exp(isl_val_int_from_si(ctx, bits - 1)), 1);
	} else {
		*lo = isl_val_zero(ctx);
		*hi = isl_val_sub_ui(isl_val_2exp(isl_val_int_from_si(ctx, bits)), 1);
	}
}

/* Does pa stay in t's range on the domain? (A fact: kept under pa, t and dom printed.) */
static int fits(Conv *cv, isl_pw_aff *pa, KirDType t)
{
	isl_val *lo, *hi;
	isl_set *bad;
	int ok;
	char *pas;
	StrBuf key = {0};
	if (!cv->domstr)
		cv->domstr = isl_set_to_str(cv->dom);
	pas = isl_pw_aff_to_str(pa);
	sb_printf(&key, "fits %d %s | %s", (int)t, pas ? pas : "", cv->domstr ? cv->domstr : "");
	free(pas);
	ok = poly_fact_get(cv->c, sb_str(&key));
	if (ok >= 0) {
		sb_free(&key);
		return ok;
	}
	type_range(t, cv->c->ctx, &lo, &hi);
	bad = isl_set_union(isl_pw_aff_lt_set(isl_pw_aff_copy(pa), pa_val(cv->c, lo)),
	                    isl_pw_aff_gt_set(isl_pw_aff_copy(pa), pa_val(cv->c, hi)));
	bad = isl_set_intersect(bad, isl_set_copy(cv->dom));
	if (cv->c->assume)       /* --symbolic: the values assumed (assume.c) */
		bad = isl_set_intersect_params(bad, isl_set_copy(cv->c->assume));
	if (cv->c->assume || cv->c->sym)   /* --symbolic: each symbol within its type */
		bad = poly_isl_param_ranges(cv->c, bad);
	ok = isl_set_is_empty(bad) == isl_bool_true;
	if (!ok && cv->c->sym)   /* overflow for some symbolic values: those are excluded */
		ok = poly_assume_not(cv->c, bad);
	else
		isl_set_free(bad);
	poly_fact_put(cv->c, sb_str(&key), ok);
	sb_free(&key);
	return ok;
}

/* pa as a value of type t, or NULL when it may wrap on the domain. */
static isl_pw_aff *checked(Conv *cv, isl_pw_aff *pa, KirDType t)
{
	if (!pa)
		return NULL;
	if (!fits(cv, pa, t)) {
		isl_pw_aff_free(pa);
		return fail(cv, frontend_dtype_is_signed(t) ? "may overflow" : "may wrap around");
	}
	return pa;
}

/* Would combining a and b (a sum, a minimum, a choice: one piece per pair of pieces that
 * meet) make more pieces than are analysed? Then fails (the caller frees a and b). */
static int too_many(Conv *cv, isl_pw_aff *a, isl_pw_aff *b)
{
	if ((int64_t)isl_pw_aff_n_piece(a) * isl_pw_aff_n_piece(b) <= EXPR_MAX_PIECES)
		return 0;
	fail(cv, "too many cases to analyse");
	return 1;
}

static isl_pw_aff *from_set(isl_set *s)
{
	return s ? isl_set_indicator_function(s) : NULL;
}

static isl_pw_aff *cmp(KirBinOp op, isl_pw_aff *a, isl_pw_aff *b)
{
	switch (op) {
	case KB_LT: return from_set(isl_pw_aff_lt_set(a, b));
	case KB_LE: return from_set(isl_pw_aff_le_set(a, b));
	case KB_GT: return from_set(isl_pw_aff_gt_set(a, b));
	case KB_GE: return from_set(isl_pw_aff_ge_set(a, b));
	case KB_EQ: return from_set(isl_pw_aff_eq_set(a, b));
	case KB_NE: return from_set(isl_pw_aff_ne_set(a, b));
	default: die("not a comparison");
	}
}

static isl_pw_aff *mul(Conv *cv, isl_pw_aff *a, isl_pw_aff *b)
{
	int64_t v;
	if (!pa_const_val(a, &v) && !pa_const_val(b, &v)) {
		isl_pw_aff_free(a);
		isl_pw_aff_free(b);
		return fail(cv, "product of two non-constant values");
	}
	return isl_pw_aff_mul(a, b);
}

static isl_pw_aff *divrem(Conv *cv, KirBinOp op, isl_pw_aff *a, isl_pw_aff *b)
{
	int64_t v;
	if (!pa_const_val(b, &v) || v <= 0) {
		isl_pw_aff_free(a);
		isl_pw_aff_free(b);
		return fail(cv, "division by a non-constant or non-positive value");
	}
	return op == KB_DIV ? isl_pw_aff_tdiv_q(a, b) : isl_pw_aff_tdiv_r(a, b);
}

static isl_pw_aff *shift_left(Conv *cv, isl_pw_aff *a, isl_pw_aff *b)
{
	int64_t v;
	if (!pa_const_val(b, &v) || v < 0 || v > 62) {
		isl_pw_aff_free(a);
		isl_pw_aff_free(b);
		return fail(cv, "shift by a non-constant amount");
	}
	isl_pw_aff_free(b);
	return isl_pw_aff_scale_val(a, isl_val_int_from_si(cv->c->ctx, (int64_t)1 << v));
}

/* Arithmetic right shift of a value known to be non-negative on the domain is a
 * floor division by a power of two. */
static isl_pw_aff *shift_right(Conv *cv, isl_pw_aff *a, isl_pw_aff *b)
{
	int64_t v;
	if (!pa_const_val(b, &v) || v < 0 || v > 62 || !fits(cv, a, KT_U64)) {
		isl_pw_aff_free(a);
		isl_pw_aff_free(b);
		return fail(cv, "shift by a non-constant amount or of a negative value");
	}
	isl_pw_aff_free(b);
	return isl_pw_aff_floor(isl_pw_aff_scale_down_val(a,
		isl_val_int_from_si(cv->c->ctx, (int64_t)1 << v)));
}

/* x & (2^k - 1) of a value known to be non-negative on the domain is x mod 2^k. */
static isl_pw_aff *and_mask(Conv *cv, isl_pw_aff *a, isl_pw_aff *b)
{
	int64_t m;
	if (!pa_const_val(b, &m) || m <= 0 || m > INT32_MAX || (m & (m + 1)) ||
	    !fits(cv, a, KT_U64)) {
		isl_pw_aff_free(a);
		isl_pw_aff_free(b);
		return fail(cv, "bitwise operation");
	}
	isl_pw_aff_free(b);
	return isl_pw_aff_mod_val(a, isl_val_int_from_si(cv->c->ctx, m + 1));
}

static isl_pw_aff *binary(Conv *cv, const KirExpr *e)
{
	KirBinOp op = e->u.bin.op;
	isl_pw_aff *a = conv(cv, e->u.bin.l), *b, *r;
	if (!a)
		return NULL;
	b = conv(cv, e->u.bin.r);
	if (!b) {
		isl_pw_aff_free(a);
		return NULL;
	}
	if (too_many(cv, a, b)) {
		isl_pw_aff_free(a);
		isl_pw_aff_free(b);
		return NULL;
	}
	switch (op) {
	case KB_ADD: r = isl_pw_aff_add(a, b); break;
	case KB_SUB: r = isl_pw_aff_sub(a, b); break;
	case KB_MUL: r = mul(cv, a, b); break;
	case KB_DIV: case KB_REM: r = divrem(cv, op, a, b); break;
	case KB_SHL: r = shift_left(cv, a, b); break;
	case KB_SHR: r = shift_right(cv, a, b); break;
	case KB_AND: r = and_mask(cv, a, b); break;
	case KB_LT: case KB_LE: case KB_GT: case KB_GE: case KB_EQ: case KB_NE:
		return cmp(op, a, b);
	default:
		isl_pw_aff_free(a);
		isl_pw_aff_free(b);
		return fail(cv, "bitwise operation");
	}
	return checked(cv, r, e->type);
}

static isl_pw_aff *logic(Conv *cv, const KirExpr *e)
{
	isl_pw_aff *a = conv(cv, e->u.bin.l), *b;
	isl_set *sa, *sb;
	if (!a)
		return NULL;
	b = conv(cv, e->u.bin.r);
	if (!b) {
		isl_pw_aff_free(a);
		return NULL;
	}
	sa = isl_pw_aff_non_zero_set(a);
	sb = isl_pw_aff_non_zero_set(b);
	return from_set(e->kind == KE_LOGAND ? isl_set_intersect(sa, sb) : isl_set_union(sa, sb));
}

static isl_pw_aff *unary(Conv *cv, const KirExpr *e)
{
	isl_pw_aff *a = conv(cv, e->u.un.x);
	if (!a)
		return NULL;
	switch (e->u.un.op) {
	case KU_NEG: return checked(cv, isl_pw_aff_neg(a), e->type);
	case KU_NOT: return from_set(isl_pw_aff_zero_set(a));
	default:
		isl_pw_aff_free(a);
		return fail(cv, "bitwise operation");
	}
}

static isl_pw_aff *ternary(Conv *cv, const KirExpr *e)
{
	isl_pw_aff *c = conv(cv, e->u.cond.c), *t, *f;
	if (!c)
		return NULL;
	t = conv(cv, e->u.cond.t);
	f = t ? conv(cv, e->u.cond.f) : NULL;
	if (!f) {
		isl_pw_aff_free(c);
		isl_pw_aff_free(t);
		return NULL;
	}
	if (too_many(cv, t, f)) {
		isl_pw_aff_free(c);
		isl_pw_aff_free(t);
		isl_pw_aff_free(f);
		return NULL;
	}
	return isl_pw_aff_cond(c, t, f);
}

static isl_pw_aff *math(Conv *cv, const KirExpr *e)
{
	isl_pw_aff *a, *b;
	KirMathOp op = e->u.math.op;
	if (op != KM_MIN && op != KM_MAX && op != KM_ABS)
		return fail(cv, "math function");
	a = conv(cv, e->u.math.args[0]);
	if (!a)
		return NULL;
	if (op == KM_ABS) {
		/* Copy before negating: isl_pw_aff_neg takes its argument and may negate it
		 * in place, and C leaves the order of a call's arguments unspecified. */
		b = isl_pw_aff_neg(isl_pw_aff_copy(a));
		return checked(cv, isl_pw_aff_max(a, b), e->type);
	}
	b = conv(cv, e->u.math.args[1]);
	if (!b) {
		isl_pw_aff_free(a);
		return NULL;
	}
	if (too_many(cv, a, b)) {
		isl_pw_aff_free(a);
		isl_pw_aff_free(b);
		return NULL;
	}
	return op == KM_MIN ? isl_pw_aff_min(a, b) : isl_pw_aff_max(a, b);
}

static isl_pw_aff *builtin(Conv *cv, KirBuiltin b)
{
	PolyCtx *c = cv->c;
	switch (b) {
	case KBI_TID_X: return pa_dim(c, POLY_TX);
	case KBI_TID_Y: return pa_dim(c, POLY_TY);
	case KBI_TID_Z: return pa_dim(c, POLY_TZ);
	case KBI_BID_X: return pa_dim(c, POLY_BX);
	case KBI_BID_Y: return pa_dim(c, POLY_BY);
	case KBI_BID_Z: return pa_dim(c, POLY_BZ);
	case KBI_BDIM_X: return pa_const(c, c->block[0]);
	case KBI_BDIM_Y: return pa_const(c, c->block[1]);
	case KBI_BDIM_Z: return pa_const(c, c->block[2]);
	case KBI_GDIM_X: return pa_const(c, c->grid[0]);
	case KBI_GDIM_Y: return pa_const(c, c->grid[1]);
	case KBI_GDIM_Z: return pa_const(c, c->grid[2]);
	case KBI_WARPSIZE: return pa_const(c, 32);
	default: return fail(cv, "builtin");
	}
}

static isl_pw_aff *variable(Conv *cv, int var)
{
	const char *why = NULL;
	const PolyExpr *v = cv->fn ? cv->fn(cv->env, var, &why) : NULL;
	if (!v)
		return fail(cv, why ? why : "variable without an affine value");
	return isl_pw_aff_copy(v->pa);
}

static isl_pw_aff *conv_node(Conv *cv, const KirExpr *e);

static struct ConvSlot *memo_slot(struct ConvSlot *t, size_t cap, const KirExpr *e)
{
	size_t i = (size_t)(((uintptr_t)e >> 4) * 0x9E3779B97F4A7C15ull) & (cap - 1);
	while (t[i].k && t[i].k != e)
		i = (i + 1) & (cap - 1);
	return &t[i];
}

static void memo_put(Conv *cv, const KirExpr *e, isl_pw_aff *v)
{
	if (2 * (cv->n + 1) > cv->cap) {
		struct ConvSlot *old = cv->memo;
		size_t oc = cv->cap;
		cv->cap = oc ? 2 * oc : 256;
		cv->memo = xcalloc(cv->cap, sizeof(*cv->memo));
		for (size_t i = 0; i < oc; i++)
			if (old[i].k)
				*memo_slot(cv->memo, cv->cap, old[i].k) = old[i];
		free(old);
	}
	*memo_slot(cv->memo, cv->cap, e) = (struct ConvSlot){e, v};
	cv->n++;
}

/* e's function, each node converted once (leaves are cheap: not kept). */
static isl_pw_aff *conv(Conv *cv, const KirExpr *e)
{
	struct ConvSlot *s;
	isl_pw_aff *r;
	if (e->kind == KE_CONST || e->kind == KE_PARAM || e->kind == KE_VAR || e->kind == KE_BUILTIN)
		return conv_node(cv, e);
	s = cv->cap ? memo_slot(cv->memo, cv->cap, e) : NULL;
	if (s && s->k)
		return isl_pw_aff_copy(s->v);
	r = conv_node(cv, e);
	if (r && isl_pw_aff_n_piece(r) > EXPR_MAX_PIECES) {
		isl_pw_aff_free(r);
		r = fail(cv, "too many cases to analyse");
	}
	if (!r && cv->failed)
		cv->failed(cv->env, e);
	if (r)
		memo_put(cv, e, isl_pw_aff_copy(r));
	return r;
}

static isl_pw_aff *conv_node(Conv *cv, const KirExpr *e)
{
	if (!frontend_dtype_is_int(e->type))
		return fail(cv, "not an integer");
	switch (e->kind) {
	case KE_CONST: return pa_const(cv->c, e->u.c.i);
	case KE_PARAM:
		if (cv->c->param_pos[e->u.param] < 0)
			return fail(cv, "parameter");
		return pa_param(cv->c, cv->c->param_pos[e->u.param]);
	case KE_VAR: return variable(cv, e->u.var);
	case KE_BUILTIN: return builtin(cv, e->u.builtin);
	case KE_BINARY: return binary(cv, e);
	case KE_LOGAND: case KE_LOGOR: return logic(cv, e);
	case KE_UNARY: return unary(cv, e);
	case KE_COND: return ternary(cv, e);
	case KE_MATH: return math(cv, e);
	case KE_CAST:
		if (!frontend_dtype_is_int(e->u.x->type))
			return fail(cv, "conversion from floating point");
		if (e->type == KT_I1)
			return from_set(isl_pw_aff_non_zero_set(conv(cv, e->u.x)));
		return checked(cv, conv(cv, e->u.x), e->type);
	case KE_LOAD: return fail(cv, "value loaded from memory");
	default: return fail(cv, "not a pure integer expression");
	}
}

PolyExpr *poly_expr_from_kir(PolyCtx *c, const KirExpr *e, const PolySet *dom,
                             PolyVarFn fn, void *env, const char **why)
{
	return poly_expr_from_kir_marking(c, e, dom, fn, NULL, env, why);
}

PolyExpr *poly_expr_from_kir_marking(PolyCtx *c, const KirExpr *e, const PolySet *dom,
                                     PolyVarFn fn, PolyFailFn failed, void *env,
                                     const char **why)
{
	Conv cv = {c, NULL, NULL, fn, failed, env, NULL, NULL, 0, 0};
	isl_pw_aff *pa;
	cv.dom = dom ? isl_set_copy(dom->s) : isl_set_copy(poly_launch_box(c)->s);
	pa = conv(&cv, e);
	isl_set_free(cv.dom);
	for (size_t i = 0; i < cv.cap; i++)
		isl_pw_aff_free(cv.memo[i].v);
	free(cv.memo);
	free(cv.domstr);
	if (!pa && why)
		*why = cv.why ? cv.why : "not affine";
	return pa ? poly_wrap_expr(c, isl_pw_aff_coalesce(pa)) : NULL;
}

PolyExpr *poly_expr_const(PolyCtx *c, int64_t v)
{
	return poly_wrap_expr(c, pa_const(c, v));
}

PolyExpr *poly_expr_dim(PolyCtx *c, int dim)
{
	return poly_wrap_expr(c, pa_dim(c, dim));
}

PolyExpr *poly_expr_linear(PolyCtx *c, const int64_t coef[POLY_NDIMS], int64_t cst)
{
	isl_pw_aff *pa = pa_const(c, cst);
	for (int d = 0; d < POLY_NDIMS; d++)
		if (coef[d])
			pa = isl_pw_aff_add(pa, isl_pw_aff_mul(pa_const(c, coef[d]), pa_dim(c, d)));
	return poly_wrap_expr(c, pa);
}

int poly_expr_is_const(const PolyExpr *e, int64_t *v)
{
	return pa_const_val(e->pa, v);
}

int poly_expr_involves_dim(const PolyExpr *e, int d)
{
	return isl_pw_aff_involves_dims(e->pa, isl_dim_in, (unsigned)d, 1) == isl_bool_true;
}

int poly_expr_involves_params(const PolyExpr *e)
{
	return isl_pw_aff_involves_dims(e->pa, isl_dim_param, 0,
	                                (unsigned)e->c->nparams) == isl_bool_true;
}

typedef struct LinOut {
	int64_t *coef, *cst;
	int n, ok;
} LinOut;

static isl_stat lin_piece(isl_set *s, isl_aff *a, void *user)
{
	LinOut *o = user;
	o->n++;
	o->ok = o->n == 1 && isl_set_plain_is_universe(s) == isl_bool_true &&
	        isl_aff_dim(a, isl_dim_div) == 0;
	for (int d = 0; o->ok && d < POLY_NDIMS; d++)
		o->ok = poly_val_get(isl_aff_get_coefficient_val(a, isl_dim_in, d), &o->coef[d]);
	if (o->ok)
		o->ok = poly_val_get(isl_aff_get_constant_val(a), o->cst);
	isl_set_free(s);
	isl_aff_free(a);
	return isl_stat_ok;
}

int poly_expr_get_linear(const PolyExpr *e, int64_t coef[POLY_NDIMS], int64_t *cst)
{
	LinOut o = {coef, cst, 0, 0};
	if (poly_expr_involves_params(e))
		return 0;
	isl_pw_aff_foreach_piece(e->pa, lin_piece, &o);
	return o.n == 1 && o.ok;
}

void poly_expr_print(StrBuf *out, const PolyExpr *e)
{
	char *s = isl_pw_aff_to_str(e->pa);
	sb_append(out, s ? s : "(null)");
	free(s);
}

PolyExpr *poly_expr_select(const PolySet *c, const PolyExpr *t, const PolyExpr *f)
{
	return poly_wrap_expr(t->c, isl_pw_aff_coalesce(isl_pw_aff_cond(
		isl_set_indicator_function(isl_set_copy(c->s)), isl_pw_aff_copy(t->pa),
		isl_pw_aff_copy(f->pa))));
}
