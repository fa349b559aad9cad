/* race_same.c: stores of one value that every writer in a block shares (race.c's
 * exemption). Consumes the race walk's accesses of a phase; decides which pairs of them
 * are no race although two threads touch one element.
 *
 * HeCBench nms: `*flag = __syncthreads_and(cond);` by every thread of the block, then
 * `__syncthreads_and(*flag && ...)` in the next round. Every writer stores the same value
 * (the block's vote, CUDA Programming Guide, "Synchronization Functions": the result is
 * the same for all threads of the block), so whichever write lands last the element
 * holds that value; a thread that reads the element after its own store in the phase
 * reads its own value or a later store of the same one (a thread observes its own
 * writes in order; CUDA's memory model, coherence), the same value again. So, in one
 * phase:
 * - a store is no race with itself (its other threads) when its value is the same for
 *   the whole block and no two blocks may store to one element (their values differ);
 * - a read after such a store is no race with it when each reading thread reads only
 *   the element it stored itself.
 * A block-uniform value: constants, scalar parameters, blockIdx/blockDim/gridDim, a
 * variable whose every assignment is the result of __syncthreads_and/_or/_count (a
 * barrier CUDA requires under uniform control, loopify.c) or a copy of such a variable
 * (`int all = __syncthreads_or(c);`), an integer whose value in the
 * walk does not involve the thread, and arithmetic and casts of these. Still races: two
 * different stores, a store at two iterations of a loop, a read before the store, a
 * read of an element another thread stored, a part store, a compound or atomic one. */
#include "race_int.h"

#include <stdlib.h>

typedef struct Votes {
	unsigned char *vote, *set;   /* per variable: still a vote; given some value */
	int changed;
} Votes;

/* A vote's variable, or a cast of one. */
static int is_vote(Votes *s, const KirExpr *e)
{
	while (e->kind == KE_CAST)
		e = e->u.x;
	return e->kind == KE_VAR && s->vote[e->u.var];
}

static void not_vote(Votes *s, int v)
{
	s->set[v] = 1;
	if (s->vote[v]) {
		s->vote[v] = 0;
		s->changed = 1;
	}
}

static void vote_expr(void *ctx, KirExpr *e)
{
	Votes *s = ctx;

	if (e->kind == KE_ASSIGN && e->u.assign.lv.var >= 0) {
		if (e->u.assign.op != KB_NONE || !is_vote(s, e->u.assign.value))
			not_vote(s, e->u.assign.lv.var);
		s->set[e->u.assign.lv.var] = 1;
	}
	if (e->kind == KE_INCDEC && e->u.incdec.lv.var >= 0)
		not_vote(s, e->u.incdec.lv.var);
}

static void vote_stmt(void *ctx, KirStmt *st)
{
	Votes *s = ctx;

	if (st->kind == KS_DECL && st->u.decl.init) {
		if (!is_vote(s, st->u.decl.init))
			not_vote(s, st->u.decl.var);
		s->set[st->u.decl.var] = 1;
	}
	if (st->kind == KS_SYNC && st->u.sync.result >= 0) {
		if (st->u.sync.op == KSY_WARP)
			not_vote(s, st->u.sync.result);
		s->set[st->u.sync.result] = 1;
	}
}

/* Fills r->vote: the variables that only block votes and copies of them set (from all
 * variables down to a fixed point; a variable nothing sets is none). */
void race_find_votes(Race *r)
{
	Votes s = {r->vote, xcalloc(r->k->nvars + 1, 1), 1};

	for (size_t v = 0; v < r->k->nvars; v++)
		r->vote[v] = 1;
	while (s.changed) {
		s.changed = 0;
		loopify_stmt_visit(r->k->body, vote_expr, vote_stmt, &s);
	}
	for (size_t v = 0; v < r->k->nvars; v++)
		r->vote[v] = r->vote[v] && s.set[v];
	free(s.set);
}

static int thread_free(const PolyExpr *v)
{
	return !poly_expr_involves_dim(v, POLY_TX) && !poly_expr_involves_dim(v, POLY_TY) &&
	       !poly_expr_involves_dim(v, POLY_TZ);
}

int race_block_value(Race *r, const KirExpr *e)
{
	switch (e->kind) {
	case KE_CONST: case KE_PARAM: return 1;
	case KE_BUILTIN: return e->u.builtin > KBI_TID_Z;
	case KE_VAR:
		if (r->vote[e->u.var])
			return 1;
		return frontend_dtype_is_int(e->type) && r->env[e->u.var] && thread_free(r->env[e->u.var]);
	case KE_CAST: return race_block_value(r, e->u.x);
	case KE_UNARY: return race_block_value(r, e->u.un.x);
	case KE_BINARY: return race_block_value(r, e->u.bin.l) && race_block_value(r, e->u.bin.r);
	default: return 0;
	}
}

/* Whether accesses i <= j of the phase, which meet, are no race (the header's rules). */
int race_same_apart(Race *r, size_t i, size_t j)
{
	const Access *a = &r->acc.data[i], *b = &r->acc.data[j];

	if (!a->same || poly_map_meets_across_blocks(a->map))
		return 0;
	if (i == j)
		return 1;
	return !b->write && poly_map_rank(a->map) == poly_map_rank(b->map) &&
	       poly_map_is_subset(b->map, a->map);
}
