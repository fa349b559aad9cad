/* budget.c: the memory a module plans to use, known before it runs (--max-memory,
 * c2h_session_set_limit; docs/reliability.md).
 *
 * Consumes a verified function; produces its planned peak in bytes and the op where it
 * is reached. Walking a block's ops in order, a value is live from its definition to
 * its last use in the block (a use inside a nested region counts as a use at the op
 * that holds the region); arguments are live throughout. At an op with regions (while,
 * if, reduce, ...) or a call, the peak of the body comes on top of what is live there.
 * Backends share storage (reshape, bitcast) and release dead values, so they stay
 * within this figure, up to small per-op scratch; sums saturate at INT64_MAX. A callee's
 * peak is computed once (memoized), and a call back into a function being computed (a
 * recursion, which the backends bound by depth) counts nothing more. */
#include "runtime.h"

#include <stdlib.h>
#include <string.h>

static int64_t sat_add(int64_t a, int64_t b) { return a > INT64_MAX - b ? INT64_MAX : a + b; }

static int64_t type_bytes(const TType *t)
{
	if (t->kind == TY_TENSOR)
		return tir_type_bytes(t);   /* fits: the parser bounds every tensor type */
	int64_t n = 0;
	for (int i = 0; t->kind == TY_TUPLE && i < t->nelems; i++)
		n = sat_add(n, type_bytes(&t->elems[i]));
	return n;
}

static int64_t value_bytes(const TFunc *f, int v) { return type_bytes(tir_value_type(f, v)); }

/* Marks every value used in b (and regions inside it) as last used at op index i. */
static void mark_uses(const TBlock *b, int i, int *last)
{
	for (int k = 0; k < b->nops; k++) {
		const TOp *op = b->ops[k];
		for (int j = 0; j < op->noperands; j++)
			last[op->operands[j]] = i;
		for (int r = 0; r < op->nregions; r++)
			mark_uses(op->regions[r], i, last);
	}
}

typedef struct Peak {
	int64_t bytes;
	SrcLoc at;
} Peak;

typedef struct Memo {
	const TModule *m;
	Peak *peak;             /* per function index in m->funcs */
	char *state;            /* 0 not started, 1 in progress, 2 done */
} Memo;

static Peak block_peak(Memo *mo, const TFunc *f, const TBlock *b);

static Peak func_peak(Memo *mo, const TFunc *g)
{
	int i = 0;
	while (i < mo->m->nfuncs && mo->m->funcs[i] != g)
		i++;
	if (i == mo->m->nfuncs || mo->state[i] == 1)
		return (Peak){0, g->loc};
	if (mo->state[i] == 0) {
		mo->state[i] = 1;
		mo->peak[i] = block_peak(mo, g, g->body);
		mo->state[i] = 2;
	}
	return mo->peak[i];
}

/* The extra bytes op needs while it runs: its regions' or its callee's peak. */
static Peak inner_peak(Memo *mo, const TFunc *f, const TOp *op)
{
	Peak in = {0, op->loc};
	for (int r = 0; r < op->nregions; r++) {
		Peak p = block_peak(mo, f, op->regions[r]);
		if (p.bytes > in.bytes)
			in = p;
	}
	TAttr *c = op->kind == TOP_CALL || op->kind == TOP_COMPOSITE
	                   ? tir_op_attr(op, op->kind == TOP_CALL ? "callee" : "decomposition") : NULL;
	const TFunc *g = c && c->kind == TA_STRING ? tir_module_find_func(f->module, c->u.s) : NULL;
	if (g) {
		Peak p = func_peak(mo, g);
		if (p.bytes > in.bytes)
			in = p;
	}
	return in;
}

static Peak block_peak(Memo *mo, const TFunc *f, const TBlock *b)
{
	int *last = xmalloc(sizeof(int) * ((size_t)f->nvalues + 1));
	for (int v = 0; v <= f->nvalues; v++)
		last[v] = -1;
	for (int i = 0; i < b->nops; i++) {
		const TOp *op = b->ops[i];
		for (int j = 0; j < op->noperands; j++)
			last[op->operands[j]] = i;
		for (int r = 0; r < op->nregions; r++)
			mark_uses(op->regions[r], i, last);
	}
	int64_t live = 0;
	for (int a = 0; a < b->nargs; a++)
		live = sat_add(live, value_bytes(f, b->args[a]));
	Peak best = {live, b->nops ? b->ops[0]->loc : f->loc};
	for (int i = 0; i < b->nops; i++) {
		const TOp *op = b->ops[i];
		for (int r = 0; r < op->nresults; r++)
			live = sat_add(live, value_bytes(f, op->results[r]));
		Peak in = inner_peak(mo, f, op);
		if (sat_add(live, in.bytes) > best.bytes)
			best = (Peak){sat_add(live, in.bytes), in.bytes ? in.at : op->loc};
		for (int j = 0; j < op->noperands; j++) {   /* values whose last use this was die */
			int v = op->operands[j];
			if (last[v] == i && f->values[v].def) {
				live -= value_bytes(f, v);
				last[v] = -2;
			}
		}
		for (int r = 0; r < op->nresults; r++)
			if (last[op->results[r]] == -1)   /* never used */
				live -= value_bytes(f, op->results[r]);
	}
	free(last);
	return best;
}

int64_t rt_planned_peak(const TFunc *f, SrcLoc *at)
{
	int64_t args = 0;
	for (int i = 0; i < f->nargs; i++)
		args = sat_add(args, type_bytes(&f->args[i].type));
	Memo mo = {f->module, xcalloc((size_t)f->module->nfuncs + 1, sizeof(Peak)),
	           xcalloc((size_t)f->module->nfuncs + 1, 1)};
	Peak p = func_peak(&mo, f);
	free(mo.peak);
	free(mo.state);
	if (at)
		*at = p.at;
	return sat_add(args, p.bytes);
}
