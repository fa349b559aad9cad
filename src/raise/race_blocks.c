/* race_blocks.c: whether the blocks of a launch touch one another's global elements
 * (issue 20: may a large SIMT launch run in batches of blocks? simt_batch.c).
 * Consumes the accesses of global buffers that the race walk (race.c) meets, in every
 * phase: each with its exact relation from the running threads (and the open loop
 * dimensions of a loop walked exactly) to the element, or as unknown (an index or guard
 * that is not quasi-affine, threads not known, an atomic, a loop followed on its first
 * two iterations only). Produces, per global buffer, RACE_APART when no element that one
 * block writes is read or written by another block, in any phase, for any admissible
 * value of the unbound scalars; else why not.
 *
 * Why that makes batches exact. The whole-launch (lockstep) module runs every block to
 * each statement before any block goes on; a batched one runs batch 0's blocks through
 * the whole kernel, then batch 1's, and so on. Both are orders a GPU may choose (CUDA C++
 * Programming Guide, "Thread Hierarchy": blocks run in any order, in parallel or in
 * series; __syncthreads orders a block only). The two can differ only where a value
 * flows between blocks: an element written by block A and read (or written again) by
 * block B in another batch. When every buffer is RACE_APART no such element exists: the
 * blocks of two batches read and write disjoint sets of written elements (elements only
 * read are the same in both orders), so each block computes the same values in either
 * order and the final memory is the same, bit for bit. The test covers pairs in one phase
 * too, where a conflict would be a data race the race check reports, so the argument does
 * not lean on that check. Atomics are left to simt_batch.c's rule (their order is the
 * lanes' in both modules only within one statement). */
#include "race_int.h"

#include <stdlib.h>

static int global(const Race *r, int b)
{
	return b >= 0 && r->k->bufs[b].space == KSP_GLOBAL;
}

void race_blocks_record(Race *r, int b, PolyExpr *i, int write)
{
	Access a = {b, write, NULL, {0}, 0, 0};
	if (!r->blocks || !global(r, b) || r->followed)
		return;
	if (!r->dom || !i) {
		r->blocks[b] = RACE_UNKNOWN;
		return;
	}
	a.map = poly_access(r->dom, &i, 1);
	VEC_PUSH(r->glob, a);
}

static void unknown_use(void *ctx, KirExpr *e)
{
	Race *r = ctx;
	const KirLval *lv = e->kind == KE_ASSIGN ? &e->u.assign.lv :
	                    e->kind == KE_INCDEC ? &e->u.incdec.lv : NULL;
	int b = lv && lv->var < 0 ? lv->buffer : e->kind == KE_ATOMIC ? e->u.atomic.buffer :
	        e->kind == KE_LOAD ? e->u.load.buffer : -1;
	if (global(r, b))
		r->blocks[b] = RACE_UNKNOWN;
}

void race_blocks_forget(Race *r, KirStmt *body, const KirExpr *cond, const KirExpr *step)
{
	if (!r->blocks)
		return;
	loopify_stmt_visit(body, unknown_use, NULL, r);
	if (cond)
		loopify_expr_visit((KirExpr *)cond, unknown_use, r);
	if (step)
		loopify_expr_visit((KirExpr *)step, unknown_use, r);
}

void race_blocks_atomic(Race *r, int b)
{
	if (r->blocks && global(r, b))
		r->blocks[b] = RACE_UNKNOWN;
}

void race_blocks_answer(Race *r)
{
	size_t n = r->glob.len;
	PolyMap **w = xmalloc(sizeof(*w) * (n + 1)), **a = xmalloc(sizeof(*a) * (n + 1));
	for (size_t b = 0; r->blocks && b < r->k->nbufs; b++) {
		int nw = 0, na = 0, m;
		if (!global(r, b) || r->blocks[b] == RACE_UNKNOWN)
			continue;
		for (size_t i = 0; i < n; i++)
			if (r->glob.data[i].buffer == (int)b) {
				a[na++] = r->glob.data[i].map;
				if (r->glob.data[i].write)
					w[nw++] = r->glob.data[i].map;
			}
		m = poly_maps_meet_across_blocks(w, nw, a, na);
		r->blocks[b] = m == 0 ? RACE_APART : m > 0 ? RACE_MEET : RACE_UNKNOWN;
	}
	free(w);
	free(a);
}
