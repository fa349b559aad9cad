/* host_inline.c: copies the body of one function (a raised kernel's @main) into a block
 * of another function, the callee's arguments replaced by given values. Consumes a TFunc
 * whose body ends in func.return; produces the copied ops (regions included, attributes
 * shared with the callee's module, which must outlive the result) and the value ids the
 * return would have given. Used by host.c to compose the kernels an entry launches. */
#include "raise_int.h"

#include <stdlib.h>

static void copy_block(TBuilder *b, const TFunc *src, const TBlock *from, TBlock *to, int *map, int *ret);

static void copy_op(TBuilder *b, const TFunc *src, const TOp *op, TBlock *to, int *map)
{
	TOp *n = tir_op_new(b->func, to, op->kind, op->loc);
	for (int i = 0; i < op->noperands; i++) {
		ASSERT(map[op->operands[i]] >= 0);
		tir_op_add_operand(b->func, n, map[op->operands[i]]);
	}
	for (int i = 0; i < op->nresults; i++)
		map[op->results[i]] = tir_op_add_result(b->func, n, *tir_value_type(src, op->results[i]));
	n->attrs = op->attrs;
	n->nattrs = n->capattrs = op->nattrs;
	for (int i = 0; i < op->nregions; i++) {
		TBlock *r = tir_op_add_region(b->func, n);
		const TBlock *from = op->regions[i];
		for (int j = 0; j < from->nargs; j++)
			map[from->args[j]] = tir_block_add_arg(b->func, r, *tir_value_type(src, from->args[j]));
		copy_block(b, src, from, r, map, NULL);
	}
}

/* Copies from's ops into to; with ret set, a final func.return is not copied and its
 * operands (mapped) go to ret. */
static void copy_block(TBuilder *b, const TFunc *src, const TBlock *from, TBlock *to, int *map, int *ret)
{
	for (int i = 0; i < from->nops; i++) {
		const TOp *op = from->ops[i];
		if (ret && op->kind == TOP_RETURN && i == from->nops - 1) {
			for (int j = 0; j < op->noperands; j++)
				ret[j] = map[op->operands[j]];
			return;
		}
		copy_op(b, src, op, to, map);
	}
}

int raise_inline_func(TBuilder *b, const TFunc *callee, const int *args, int *results)
{
	int *map = xmalloc(sizeof(int) * (size_t)(callee->nvalues + 1));
	for (int i = 0; i < callee->nvalues; i++)
		map[i] = -1;
	for (int i = 0; i < callee->nargs; i++)
		map[callee->args[i].value] = args[i];
	for (int i = 0; i < callee->body->nops; i++)
		if (callee->body->ops[i]->kind == TOP_CALL) {
			free(map);
			return -1;
		}
	copy_block(b, callee, callee->body, b->block, map, results);
	free(map);
	return 0;
}
