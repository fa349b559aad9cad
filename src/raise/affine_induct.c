/* affine_induct.c: induction variables of a loop that becomes a loop dimension. A variable
 * declared outside the body whose every assignment in the body is `v++`, `v--`, `v += C`,
 * `v -= C` or `v = v + C` (C a thread-invariant constant that reads nothing the body
 * sets), each a statement the body runs exactly once per iteration (at its top level, no
 * break, continue or exit out of it), takes on iteration l the value init + S*l, S the
 * sum of its steps: `p++` walking a row pointer in a grid-stride loop is then an index
 * like the loop variable's, not a value carried from one iteration to the next. Only
 * signed 32- and 64-bit integers (pointer offsets are i64), whose wrap the facts refuse. */
#include "affine_int.h"

#include <stdlib.h>

typedef struct IvScan {
	const char *decl;         /* per variable: declared in the body */
	int *nasg;                /* per variable: its assignments in the body */
	int *labels, nlabels, cap;
	int exits_out;            /* a break, continue, return or exit leaves the body */
} IvScan;

static void iv_count(void *ctx, KirExpr *e)
{
	IvScan *s = ctx;
	int v = e->kind == KE_ASSIGN ? e->u.assign.lv.var : e->kind == KE_INCDEC ? e->u.incdec.lv.var : -1;
	if (v >= 0 && !s->decl[v])
		s->nasg[v]++;
}

static void iv_labels(void *ctx, KirStmt *st)
{
	IvScan *s = ctx;
	if (st->kind == KS_BLOCK && st->u.block.label) {
		if (s->nlabels == s->cap) {
			s->cap = s->cap ? 2 * s->cap : 8;
			s->labels = xrealloc(s->labels, sizeof(int) * s->cap);
		}
		s->labels[s->nlabels++] = st->u.block.label;
	}
}

static void iv_exits(void *ctx, KirStmt *st)
{
	IvScan *s = ctx;
	int inside = 0;
	if (st->kind == KS_RETURN)
		s->exits_out = 1;
	if (st->kind != KS_EXIT)
		return;
	for (int i = 0; i < s->nlabels && !inside; i++)
		inside = s->labels[i] == st->u.label;
	s->exits_out |= !inside;
}

/* Does e read a variable the body declares or assigns? */
static int reads_body_var(const Aff *a, const IvScan *s, const KirExpr *e)
{
	for (size_t v = 0; v < a->r->k->nvars; v++)
		if ((s->decl[v] || s->nasg[v]) && aff_uses_var(e, (int)v))
			return 1;
	return 0;
}

/* e as `v += C` (or its other spellings): the variable, its step in *step; else -1. */
static int iv_step(Aff *a, const IvScan *s, const KirExpr *e, int64_t *step)
{
	const KirKernel *k = a->r->k;
	const KirExpr *x;
	int v, neg = 0;
	if (e->kind == KE_INCDEC) {
		*step = e->u.incdec.inc ? 1 : -1;
		return e->u.incdec.lv.var;
	}
	if (e->kind != KE_ASSIGN || (v = e->u.assign.lv.var) < 0)
		return -1;
	x = e->u.assign.value;
	if (e->u.assign.op == KB_NONE && x->kind == KE_BINARY && x->type == k->vars[v].type &&
	    (x->u.bin.op == KB_ADD || x->u.bin.op == KB_SUB)) {
		const KirExpr *l = x->u.bin.l;
		while (l->kind == KE_CAST && l->type == k->vars[v].type)
			l = l->u.x;
		if (l->kind != KE_VAR || l->u.var != v)
			return -1;
		neg = x->u.bin.op == KB_SUB;
		x = x->u.bin.r;
	} else if ((e->u.assign.op == KB_ADD || e->u.assign.op == KB_SUB) &&
	           e->u.assign.optype == k->vars[v].type) {
		neg = e->u.assign.op == KB_SUB;
	} else {
		return -1;
	}
	if (reads_body_var(a, s, x) || !aff_const_of(a, x, step))
		return -1;
	if (neg)
		*step = -*step;
	return v;
}

/* The statements the body runs once per iteration (through blocks without a label). */
static void iv_top(Aff *a, IvScan *s, const KirStmt *st, int *nstep, int64_t *sum)
{
	int64_t step;
	int v;
	if (st->kind == KS_BLOCK && !st->u.block.label) {
		for (size_t i = 0; i < st->u.block.nstmts; i++)
			iv_top(a, s, st->u.block.stmts[i], nstep, sum);
		return;
	}
	if (st->kind != KS_EXPR || (v = iv_step(a, s, st->u.expr, &step)) < 0 || !s->nasg[v])
		return;
	nstep[v]++;
	sum[v] += step;
}

static void iv_decl(void *ctx, KirStmt *st)
{
	if (st->kind == KS_DECL)
		((char *)ctx)[st->u.decl.var] = 1;
}

int aff_induction_vars(Aff *a, const KirStmt *body, int loopvar, Induct *iv)
{
	const KirKernel *k = a->r->k;
	char *decl = xcalloc(k->nvars + 1, 1);
	IvScan s = {decl, xcalloc(k->nvars + 1, sizeof(int)), NULL, 0, 0, 0};
	int *nstep = xcalloc(k->nvars + 1, sizeof(int)), ok = 1;
	int64_t *sum = xcalloc(k->nvars + 1, sizeof(int64_t));

	iv->n = 0;
	loopify_stmt_visit((KirStmt *)body, NULL, iv_decl, decl);
	loopify_stmt_visit((KirStmt *)body, iv_count, iv_labels, &s);
	loopify_stmt_visit((KirStmt *)body, NULL, iv_exits, &s);
	if (s.exits_out || aff_has_exit(body, LOOP_EXITS) || s.nasg[loopvar])
		ok = 0;
	if (ok)
		iv_top(a, &s, body, nstep, sum);
	for (size_t v = 0; v < k->nvars && ok; v++) {
		if (!s.nasg[v])
			continue;
		if (s.nasg[v] != nstep[v] || !a->def[v] || iv->n == MAX_IV ||
		    (k->vars[v].type != KT_I32 && k->vars[v].type != KT_I64)) {
			ok = 0;
			break;
		}
		iv->var[iv->n] = (int)v;
		iv->step[iv->n] = sum[v];
		iv->init[iv->n] = a->def[v];
		iv->epoch[iv->n] = a->def_epoch[v];
		iv->n++;
	}
	free(decl);
	free(s.nasg);
	free(s.labels);
	free(nstep);
	free(sum);
	if (!ok)
		iv->n = 0;
	return ok;
}

/* init + step * x, in v's type */
static KirExpr *iv_value(Aff *a, const Induct *iv, int i, KirExpr *x, SrcLoc loc)
{
	KirDType t = a->r->k->vars[iv->var[i]].type;
	KirExpr *c = frontend_new_expr(a->ar, KE_CONST, t, loc);
	c->u.c = frontend_const_convert((KirConst){KT_I64, iv->step[i], (double)iv->step[i]}, t);
	return frontend_new_binary(a->ar, KB_ADD, t, (KirExpr *)iv->init[i],
	                           frontend_new_binary(a->ar, KB_MUL, t, c, frontend_new_cast(a->ar, t, x, loc), loc),
	                           loc);
}

static void iv_set(Aff *a, const Induct *iv, int i, KirExpr *val, SrcLoc loc)
{
	int v = iv->var[i];
	a->def[v] = iv->init[i];  /* the value where the path that holds the loop is not taken */
	aff_set_var(a, v, val, loc);
	a->def_epoch[v] = iv->epoch[i];  /* its loads are as fresh as init's */
}

void aff_induction_enter(Aff *a, const Induct *iv, int level, SrcLoc loc)
{
	for (int i = 0; i < iv->n; i++) {
		KirExpr *l = frontend_new_expr(a->ar, KE_VAR, a->r->k->vars[iv->var[i]].type, loc);
		l->u.var = LOOPVAR(a, level);
		iv_set(a, iv, i, iv_value(a, iv, i, l, loc), loc);
	}
}

void aff_induction_leave(Aff *a, const Induct *iv, int64_t trips, SrcLoc loc)
{
	for (int i = 0; i < iv->n; i++) {
		KirExpr *n;
		if (trips < 0) {  /* its value after the loop depends on the thread */
			a->def[iv->var[i]] = NULL;
			a->ienv[iv->var[i]] = NULL;
			continue;
		}
		n = frontend_new_expr(a->ar, KE_CONST, KT_I64, loc);
		n->u.c = (KirConst){KT_I64, trips, (double)trips};
		iv_set(a, iv, i, iv_value(a, iv, i, n, loc), loc);
	}
}
