/* symbolic_assert.c: the --symbolic assumption as a shape assertion (docs/symbolic.md).
 * Consumes the assumption race.c found (the values of the --symbolic scalars for which
 * every access stays in its buffer, no two threads race and no index arithmetic
 * overflows, as a union of conjunctions of linear constraints)
 * and the module's 0-d scalar arguments; produces at the top of @main an i1 that holds
 * exactly on those values, and `stablehlo.custom_call @shape_assertion(%ok, %n, ...)`
 * in the form jax.export writes (error_message with {i} standing for the i-th scalar
 * after %ok). Every backend checks it before running (runtime/refine.c): a call with
 * other values fails with the message instead of reading or writing outside a buffer.
 * The arithmetic is exact: coefficients and constants are below 2^31 (assume.c refuses
 * larger ones), each scalar is at most 32 bits wide, so the sums fit in i64. */
#include "raise_int.h"
#include "poly.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Cond {
	Raise *r;
	int piece;              /* the piece being built */
	int conj;               /* its conjunction so far, -1: none */
	int disj;               /* the union of the finished pieces, -1: none */
	StrBuf text;            /* "n <= 1000" */
} Cond;

static int i64_const(Raise *r, int64_t v)
{
	return tir_build_splat_int(&r->b, tir_type_scalar(DT_I64), v);
}

static int join(Raise *r, TOpKind k, int acc, int v)
{
	return acc < 0 ? v : tir_build_binary(&r->b, k, acc, v);
}

static void finish_piece(Cond *c)
{
	int v = c->conj >= 0 ? c->conj : tir_build_splat_int(&c->r->b, tir_type_scalar(DT_I1), 1);
	c->disj = join(c->r, TOP_OR, c->disj, v);
	c->conj = -1;
}

/* A symbol's name in a message: "n", or "size(x)" for the size of buffer x (under
 * --entry the host's name for it: "size(u)", "min(size(u), size(un))"). */
static const char *sym_name(const KirKernel *k, size_t i, char *buf, size_t n)
{
	if (k->params[i].type != KT_PTR)
		return k->params[i].name;
	if (k->bufs[k->params[i].buffer].sym_label)
		return k->bufs[k->params[i].buffer].sym_label;
	snprintf(buf, n, "size(%s)", k->params[i].name);
	return buf;
}

/* "n <= 1000", "n >= 3", "n == 8", else "2*n - m + 3 >= 0" */
static void print_constraint(StrBuf *out, const KirKernel *k, int eq, const int64_t *coef, int64_t c0)
{
	char nb[256];
	int nz = 0, at = -1;
	const char *sep = "";
	for (size_t i = 0; i < k->nparams; i++)
		if (coef[i]) {
			nz++;
			at = (int)i;
		}
	if (nz == 2) {            /* p - q + c0 >= 0: "q <= p + c0" (a size and a scalar) */
		int pi = -1, qi = -1;
		for (size_t i = 0; i < k->nparams; i++) {
			if (coef[i] == 1)
				pi = (int)i;
			else if (coef[i] == -1)
				qi = (int)i;
		}
		if (pi >= 0 && qi >= 0) {
			char pb[256];
			sb_printf(out, "%s %s %s", sym_name(k, (size_t)qi, nb, sizeof nb), eq ? "==" : "<=",
			          sym_name(k, (size_t)pi, pb, sizeof pb));
			if (c0)
				sb_printf(out, " %s %lld", c0 > 0 ? "+" : "-", (long long)(c0 > 0 ? c0 : -c0));
			return;
		}
	}
	if (nz == 1 && (coef[at] == 1 || coef[at] == -1)) {
		/* coef*p + c0 >= 0: p >= -c0 (coef 1) or p <= c0 (coef -1) */
		sb_printf(out, "%s %s %lld", sym_name(k, (size_t)at, nb, sizeof nb), eq ? "==" : coef[at] > 0 ? ">=" : "<=",
		          (long long)(coef[at] > 0 ? -c0 : c0));
		return;
	}
	for (size_t i = 0; i < k->nparams; i++)
		if (coef[i]) {
			int64_t m = coef[i] < 0 ? -coef[i] : coef[i];
			sb_printf(out, "%s%s", *sep || coef[i] > 0 ? (coef[i] > 0 ? sep : " - ") : "-",
			          sym_name(k, i, nb, sizeof nb));
			if (m != 1)
				sb_printf(out, "*%lld", (long long)m);
			sep = " + ";
		}
	if (c0)
		sb_printf(out, " %s %lld", c0 > 0 ? "+" : "-", (long long)(c0 > 0 ? c0 : -c0));
	sb_printf(out, eq ? " == 0" : " >= 0");
}

static void constraint(void *env, int piece, int eq, const int64_t *coef, int64_t c0)
{
	Cond *c = env;
	Raise *r = c->r;
	int sum = i64_const(r, c0);
	if (piece != c->piece) {
		finish_piece(c);
		sb_printf(&c->text, " or ");
		c->piece = piece;
	} else if (c->conj >= 0) {
		sb_printf(&c->text, " and ");
	}
	print_constraint(&c->text, r->k, eq, coef, c0);
	for (size_t i = 0; i < r->k->nparams; i++)
		if (coef[i]) {
			int x = tir_value_type(r->f, r->param[i])->dt == DT_I64 ? r->param[i] :
			        tir_build_convert(&r->b, r->param[i], DT_I64);
			if (coef[i] != 1)
				x = tir_build_binary(&r->b, TOP_MULTIPLY, x, i64_const(r, coef[i]));
			sum = tir_build_binary(&r->b, TOP_ADD, sum, x);
		}
	c->conj = join(r, TOP_AND, c->conj,
	               tir_build_compare(&r->b, eq ? CMP_EQ : CMP_GE, sum, i64_const(r, 0)));
}

/* Under --entry two pointers given one host buffer's size (equal labels: one buffer, or
 * one group cut to its least size, host_symsize.c) have equal sizes at every call:
 * "[in, out] -> { : in = out }", so that the message says it once; NULL when none. */
static char *equal_sizes(const KirKernel *k)
{
	StrBuf ps = {0}, eq = {0};
	char *out = NULL;
	for (size_t i = 0; i < k->nparams; i++) {
		const KirBuffer *b = k->params[i].type == KT_PTR ? &k->bufs[k->params[i].buffer] : NULL;
		if (!b || !b->sym_size || !b->sym_label)
			continue;
		sb_printf(&ps, "%s%s", ps.len ? ", " : "", k->params[i].name);
		for (size_t q = 0; q < i; q++) {
			const KirBuffer *c = k->params[q].type == KT_PTR ? &k->bufs[k->params[q].buffer] : NULL;
			if (c && c->sym_size && c->sym_label && !strcmp(c->sym_label, b->sym_label)) {
				sb_printf(&eq, "%s%s = %s", eq.len ? " and " : "", k->params[q].name, k->params[i].name);
				break;
			}
		}
	}
	if (eq.len) {
		StrBuf t = {0};
		sb_printf(&t, "[%s] -> { : %s }", sb_str(&ps), sb_str(&eq));
		out = xstrdup(sb_str(&t));
		sb_free(&t);
	}
	sb_free(&ps);
	sb_free(&eq);
	return out;
}

/* The assumption as one condition per buffer size and one of the scalars, when it is
 * their conjunction (poly_assumption_split): "(n <= size(x) or size(x) >= 1024) and
 * (n <= size(y) or size(y) >= 1024)" instead of isl's disjunction over all sizes at once.
 * c gets the text and the i1 (c->disj); 0 when the assumption is not split. */
static int per_size(Raise *r, PolyCtx *pc, Cond *c)
{
	char *size = xcalloc(r->k->nparams + 1, 1), **parts = NULL;
	int np, ok = 1;
	for (size_t i = 0; i < r->k->nparams; i++)
		size[i] = r->k->params[i].type == KT_PTR && r->k->bufs[r->k->params[i].buffer].sym_size;
	np = poly_assumption_split(pc, r->assume, size, &parts);
	free(size);
	for (int k = 0; k < np; k++) {
		Cond ci = {r, 0, -1, -1, {0}};
		int pieces = ok ? poly_assumption_walk(pc, parts[k], NULL, constraint, &ci) : 0;
		ok &= pieces > 0;
		if (ok && ci.text.len) {
			finish_piece(&ci);
			sb_printf(&c->text, "%s%s%s%s", c->text.len ? " and " : "", pieces > 1 ? "(" : "",
			          sb_str(&ci.text), pieces > 1 ? ")" : "");
			c->disj = join(r, TOP_AND, c->disj, ci.disj);
		}
		sb_free(&ci.text);
		free(parts[k]);
	}
	free(parts);
	if (np && !ok) {           /* the whole walk says why */
		sb_free(&c->text);
		c->text = (StrBuf){0};
		c->disj = -1;
		return 0;
	}
	return np ? 1 : 0;
}

void raise_assert_assumption(Raise *r)
{
	Cond c = {r, 0, -1, -1, {0}};
	StrBuf msg = {0}, vals = {0};
	int grid[3], block[3], n, args[64], nargs = 1;
	char *given;
	PolyCtx *pc;
	TOp *op;
	if (!r->assume)
		return;
	for (int i = 0; i < 3; i++) {
		grid[i] = (int)r->grid[i];
		block[i] = (int)r->block[i];
	}
	pc = poly_create(r->k, grid, block);
	given = equal_sizes(r->k);
	n = given ? 0 : per_size(r, pc, &c);
	if (!n) {
		n = poly_assumption_walk(pc, r->assume, given, constraint, &c);
		if (n > 0 && c.text.len)
			finish_piece(&c);
	}
	free(given);
	poly_destroy(pc);
	if (n <= 0) {
		sb_free(&c.text);
		raise_error(r, r->k->loc, "--symbolic: the values for which every access stays in "
		            "bounds are not a union of linear conditions on the symbols (%s)", r->assume);
	}
	if (!c.text.len) {         /* every value: nothing to assert */
		sb_free(&c.text);
		return;
	}
	args[0] = c.disj;
	for (size_t i = 0; i < r->k->nparams && nargs < 64; i++)
		if (r->param[i] >= 0 && ((r->k->params[i].type != KT_PTR &&
		    frontend_dtype_is_int(r->k->params[i].type) && !r->k->params[i].bound) ||
		    (r->k->params[i].type == KT_PTR && r->k->bufs[r->k->params[i].buffer].sym_size))) {
			char nb[256], pb[256];
			int dup = 0;     /* two pointers to one host buffer (group): named once */
			for (size_t q = 0; q < i && r->k->params[i].type == KT_PTR; q++)
				dup |= r->param[q] >= 0 && r->k->params[q].type == KT_PTR &&
				       r->k->bufs[r->k->params[q].buffer].sym_size &&
				       !strcmp(sym_name(r->k, q, pb, sizeof pb), sym_name(r->k, i, nb, sizeof nb));
			if (dup)
				continue;
			sb_printf(&vals, "%s %s = {%d}", nargs > 1 ? "," : "",
			          sym_name(r->k, i, nb, sizeof nb), nargs - 1);
			args[nargs++] = r->param[i];
		}
	/* "... only when COND: n = {0}"; a long COND (several buffers' sizes) after the
	 * values, so that they stay in the runtime's message of 1 KB */
	if (c.text.len <= 400)
		sb_printf(&msg, "--symbolic: the conversion holds (accesses in bounds, no race, no "
		          "overflow) only when %s:%s", sb_str(&c.text), sb_str(&vals));
	else
		sb_printf(&msg, "--symbolic: the conversion holds (accesses in bounds, no race, no "
		          "overflow) only for the values assumed, not for%s; assumed: %s", sb_str(&vals),
		          sb_str(&c.text));
	sb_free(&vals);
	op = tir_build_op(&r->b, TOP_CUSTOM_CALL, args, nargs);
	tir_op_set_string(r->f, op, "call_target_name", "shape_assertion");
	tir_op_set_string(r->f, op, "error_message", sb_str(&msg));
	tir_op_set_bool(r->f, op, "has_side_effect", 1);
	sb_free(&msg);
	sb_free(&c.text);
}
