/* symbolic_report.c: which unbound scalars a kernel's shapes depend on (docs/symbolic.md).
 * Consumes the kernel IR and the module raise built for it; when a store fell back to a
 * scatter or a read to a gather, appends to the --report notes one line naming the
 * unbound integer scalars that reach an index, a condition or a loop bound (directly, or
 * through variables assigned from them), and the --set that binds each. Those are the
 * scalars that can keep an access from being a constant-offset affine function of the
 * thread: binding them is what lets the dense strategy apply (with --entry the host
 * program passes them, and the line says so instead). For each the line suggests the
 * flag that avoids the fallback: --set for a scalar in an index, --symbolic (or --set)
 * for one only in guards and loop bounds. Nothing else changes. */
#include "raise_int.h"

#include <stdlib.h>
#include <string.h>

typedef struct Taint {
	const KirKernel *k;
	size_t np;
	char *var;               /* var * np + param: the variable's value may depend on it */
	char *used;              /* param: reaches an index, condition or loop bound */
	char *acc;               /* scratch: the params of the expression being walked */
	int changed;
	SrcLoc *at;              /* param: the first index (else condition) it reaches */
	char *at_index;          /* param: at is an index */
} Taint;

/* Adds e's params (and those of the variables it reads) to t->acc. */
static void gather_params(void *ctx, KirExpr *e)
{
	Taint *t = ctx;
	if (e->kind == KE_PARAM && frontend_dtype_is_int(e->type))
		t->acc[e->u.param] = 1;
	else if (e->kind == KE_VAR && e->u.var >= 0 && (size_t)e->u.var < t->k->nvars)
		for (size_t p = 0; p < t->np; p++)
			t->acc[p] |= t->var[(size_t)e->u.var * t->np + p];
}

static const char *expr_params(Taint *t, KirExpr *e)
{
	memset(t->acc, 0, t->np);
	loopify_expr_visit(e, gather_params, t);
	return t->acc;
}

static void taint_var(Taint *t, int var, KirExpr *value)
{
	const char *acc;
	if (var < 0 || (size_t)var >= t->k->nvars || !value)
		return;
	acc = expr_params(t, value);
	for (size_t p = 0; p < t->np; p++)
		if (acc[p] && !t->var[(size_t)var * t->np + p]) {
			t->var[(size_t)var * t->np + p] = 1;
			t->changed = 1;
		}
}

/* Propagation into variables: assignments and declarations. */
static void assign_expr(void *ctx, KirExpr *e)
{
	if (e->kind == KE_ASSIGN)
		taint_var(ctx, e->u.assign.lv.var, e->u.assign.value);
}

static void assign_stmt(void *ctx, KirStmt *s)
{
	if (s->kind == KS_DECL)
		taint_var(ctx, s->u.decl.var, s->u.decl.init);
}

static void use_as(Taint *t, KirExpr *e, int index)
{
	const char *acc;
	if (!e)
		return;
	acc = expr_params(t, e);
	for (size_t p = 0; p < t->np; p++) {
		if (acc[p] && t->at && (!t->used[p] || (index && !t->at_index[p]))) {
			t->at[p] = e->loc;
			t->at_index[p] = (char)index;
		}
		t->used[p] |= acc[p];
	}
}

static void use(Taint *t, KirExpr *e)
{
	use_as(t, e, 0);
}

/* Indices of memory accesses and the conditions inside expressions. */
static void use_expr(void *ctx, KirExpr *e)
{
	switch (e->kind) {
	case KE_LOAD: use_as(ctx, e->u.load.index, 1); break;
	case KE_ASSIGN:
		if (e->u.assign.lv.var < 0)
			use_as(ctx, e->u.assign.lv.index, 1);
		break;
	case KE_INCDEC:
		if (e->u.incdec.lv.var < 0)
			use_as(ctx, e->u.incdec.lv.index, 1);
		break;
	case KE_ATOMIC: use_as(ctx, e->u.atomic.index, 1); break;
	case KE_COND: use(ctx, e->u.cond.c); break;
	default: break;
	}
}

/* Conditions of statements and loop bounds. */
static void use_stmt(void *ctx, KirStmt *s)
{
	switch (s->kind) {
	case KS_IF: use(ctx, s->u.if_.cond); break;
	case KS_FOR:
		use(ctx, s->u.for_.cond);
		use(ctx, s->u.for_.step);
		break;
	case KS_WHILE: case KS_DO: use(ctx, s->u.loop.cond); break;
	default: break;
	}
}

static int count_kind(const TBlock *b, TOpKind k)
{
	int n = 0;
	for (int i = 0; i < b->nops; i++) {
		n += b->ops[i]->kind == k;
		for (int j = 0; j < b->ops[i]->nregions; j++)
			n += count_kind(b->ops[i]->regions[j], k);
	}
	return n;
}

static void print_names(StrBuf *out, const Taint *t)
{
	const char *sep = "";
	for (size_t p = 0; p < t->np; p++)
		if (t->used[p]) {
			sb_printf(out, "%s%s", sep, t->k->params[p].name);
			sep = ", ";
		}
}

/* What makes the raise dense (docs/symbolic.md): a scalar in an index must be a
 * constant (--set: `j*nx + i` with nx a symbol is not affine in the threads); one only in
 * guards and loop bounds may stay an input under --symbolic (a guard on a symbol is a
 * mask over its shadow, a loop bound a masked reduction), checked by a shape assertion. */
static void print_fixes(StrBuf *out, const Taint *t, int entry)
{
	const char *sep = "";
	/* with --entry the values come from the host program: --set binds an entry's
	 * parameter, not the kernel's, so the line names the host as the source */
	sb_printf(out, entry ? " (values the host program passes; for a dense raise: " : " (for a dense raise: ");
	for (size_t p = 0; p < t->np; p++) {
		const char *name = t->k->params[p].name;
		if (!t->used[p])
			continue;
		if (t->at_index[p] && entry)
			sb_printf(out, "%s%s constant (in the index at %d:%d: --set the entry's parameter it "
			          "comes from)", sep, name, t->at[p].line, t->at[p].col);
		else if (t->at_index[p])
			sb_printf(out, "%s--set %s=VALUE (in the index at %d:%d)", sep, name, t->at[p].line,
			          t->at[p].col);
		else if (entry)
			sb_printf(out, "%s--symbolic %s (only in guards and loop bounds)", sep, name);
		else
			sb_printf(out, "%s--symbolic %s or --set %s=VALUE (only in guards and loop bounds)", sep,
			          name, name);
		sep = ", ";
	}
	sb_printf(out, ")\n");
}

/* Which params reach an index, a condition or a loop bound (t->used). */
static void taint_walk(Taint *t, const KirKernel *k)
{
	t->var = xcalloc(k->nvars * t->np + 1, 1);
	t->used = xcalloc(t->np, 1);
	t->acc = xcalloc(t->np, 1);
	t->at = xcalloc(t->np, sizeof(SrcLoc));
	t->at_index = xcalloc(t->np, 1);
	for (size_t round = 0; t->changed && round <= k->nvars; round++) {
		t->changed = 0;
		loopify_stmt_visit(k->body, assign_expr, assign_stmt, t);
	}
	loopify_stmt_visit(k->body, use_expr, use_stmt, t);
}

static void taint_free(Taint *t)
{
	free(t->var);
	free(t->used);
	free(t->acc);
	free(t->at);
	free(t->at_index);
}

/* A gather, a scatter (an atomic's too) or a store that fell back. */
static int falls_back(Raise *r)
{
	return r->st->stores_scatter || count_kind(r->f->body, TOP_GATHER) ||
	       count_kind(r->f->body, TOP_SCATTER);
}

void raise_note_unbound(Raise *r)
{
	Taint t = {r->k, r->k->nparams, NULL, NULL, NULL, 1, NULL, NULL};
	int any = 0;
	if (!t.np || (!r->st->stores_scatter && !count_kind(r->f->body, TOP_GATHER)))
		return;
	taint_walk(&t, r->k);
	for (size_t p = 0; p < t.np; p++)
		any |= t.used[p];
	if (any) {
		sb_printf(&r->st->notes, "  unbound scalars in indices, guards or loop bounds: ");
		print_names(&r->st->notes, &t);
		print_fixes(&r->st->notes, &t, r->o->entry != NULL);
	}
	taint_free(&t);
}

void raise_check_symbolic(Raise *r)
{
	Taint t = {r->k, r->k->nparams, NULL, NULL, NULL, 1, NULL, NULL};
	char *sym = raise_symbolic_mask(r->o, r->k);
	int bad = -1;
	if (!sym || !falls_back(r)) {
		free(sym);
		return;
	}
	taint_walk(&t, r->k);
	for (size_t p = 0; p < t.np && bad < 0; p++)
		if (sym[p] && t.used[p])
			bad = (int)p;
	if (bad >= 0) {
		SrcLoc at = t.at[bad];
		const char *name = r->k->params[bad].name, *what = t.at_index[bad] ? "index" : "condition";
		taint_free(&t);
		free(sym);
		raise_error(r, at, "--symbolic %s: '%s' cannot stay symbolic: with it this %s is not "
		            "a constant-offset affine function of the threads, and the kernel "
		            "would raise to gathers or scatters (bind it with --set %s=VALUE)",
		            name, name, what, name);
	}
	taint_free(&t);
	free(sym);
}
