/* cse.c: equal values of a block (common subexpressions) for the cpu plan (cpu.h, "cse.c").
 *
 * Consumes one block of a verified TFunc; produces canon[v] for each result v of its ops:
 * the first value of the block (in op order) that an op of the same kind, result type
 * and attributes computes from operands that are themselves equal (canon[] of the
 * operands: values of enclosing blocks keep the canon their own block gave them), else v.
 * Only ops without regions or side effects take part (`pure`): two such values are then
 * equal element for element, so a reader of one may read the other. The raise emits a
 * kernel's guard and index chain once per access (a load's, then the store's); the plan
 * (plan.c decide_marks) computes such a chain once instead of once per copy. The module
 * is not changed: it is const and shared between backends. */
#include "cpu.h"

#include <stdlib.h>
#include <string.h>

/* Ops that compute a tensor from their operands alone: the element-wise ops and the
 * index ops the loop nests fuse, constants, iota, gathers. */
static int pure(const TOp *op)
{
	if (op->nresults != 1 || op->nregions)
		return 0;
	switch (op->kind) {
	case TOP_CONSTANT: case TOP_IOTA: case TOP_COMPARE: case TOP_SELECT: case TOP_CLAMP:
	case TOP_CONVERT: case TOP_BROADCAST_IN_DIM: case TOP_RESHAPE: case TOP_TRANSPOSE:
	case TOP_REVERSE: case TOP_SLICE: case TOP_DYNAMIC_SLICE: case TOP_PAD:
	case TOP_CONCATENATE: case TOP_GATHER:
		return 1;
	default:
		return (tir_op_flags(op->kind) & (OF_UN | OF_BIN)) && !(tir_op_flags(op->kind) & OF_CHECK);
	}
}

static int ints_equal(TInts a, TInts b)
{
	return a.n == b.n && (a.n == 0 || memcmp(a.v, b.v, sizeof(int64_t) * (size_t)a.n) == 0);
}

static int dense_equal(const TAttr *a, const TAttr *b)
{
	const TType *t = &a->u.dense.type;
	if (!tir_type_equal(t, &b->u.dense.type) || a->u.dense.splat != b->u.dense.splat)
		return 0;
	size_t n = a->u.dense.splat ? 1 : (size_t)tir_type_numel(t);
	return memcmp(a->u.dense.data, b->u.dense.data, n * (size_t)dtype_size(t->dt)) == 0;
}

/* Equal attributes, by kind; kinds that no pure op carries compare unequal. */
static int attr_equal(const TAttr *a, const TAttr *b)
{
	if (a->kind != b->kind || strcmp(a->name, b->name) != 0)
		return 0;
	switch (a->kind) {
	case TA_INT: return a->u.i == b->u.i && a->int_type == b->int_type;
	case TA_BOOL: return a->u.b == b->u.b;
	case TA_STRING: case TA_RAW: return strcmp(a->u.s, b->u.s) == 0;
	case TA_INTS: return ints_equal(a->u.ints, b->u.ints);
	case TA_DENSE: return dense_equal(a, b);
	case TA_CMP_DIR: return a->u.cmp_dir == b->u.cmp_dir;
	case TA_CMP_TYPE: return a->u.cmp_type == b->u.cmp_type;
	case TA_GATHER_DIMS: {
		const TGatherDims *x = &a->u.gather, *y = &b->u.gather;
		return ints_equal(x->offset_dims, y->offset_dims) &&
		       ints_equal(x->collapsed_slice_dims, y->collapsed_slice_dims) &&
		       ints_equal(x->operand_batching_dims, y->operand_batching_dims) &&
		       ints_equal(x->start_indices_batching_dims, y->start_indices_batching_dims) &&
		       ints_equal(x->start_index_map, y->start_index_map) && x->index_vector_dim == y->index_vector_dim;
	}
	default:
		return 0;
	}
}

static int attrs_equal(const TOp *a, const TOp *b)
{
	if (a->nattrs != b->nattrs)
		return 0;
	for (int i = 0; i < a->nattrs; i++) {
		const TAttr *y = tir_op_attr(b, a->attrs[i].name);
		if (!y || !attr_equal(&a->attrs[i], y))
			return 0;
	}
	return 1;
}

static int same_op(const TFunc *f, const int *canon, const TOp *a, const TOp *b)
{
	if (a->kind != b->kind || a->noperands != b->noperands ||
	    !tir_type_equal(tir_value_type(f, a->results[0]), tir_value_type(f, b->results[0])))
		return 0;
	for (int k = 0; k < a->noperands; k++)
		if (canon[a->operands[k]] != canon[b->operands[k]])
			return 0;
	return attrs_equal(a, b);
}

static uint64_t mix(uint64_t h, uint64_t x) { return (h ^ x) * 1099511628211ull; }

/* A hash of what same_op compares (FNV-1a over words): kind, result type, operands'
 * canons, and of the attributes those that tell many ops on one operand apart (slice
 * bounds, constants' first bytes), so that a block of thousands of them stays linear. */
static uint64_t op_hash(const TFunc *f, const int *canon, const TOp *op)
{
	const TType *t = tir_value_type(f, op->results[0]);
	uint64_t h = mix(mix(1469598103934665603ull, (uint64_t)op->kind), (uint64_t)t->dt);
	for (int d = 0; d < t->rank; d++)
		h = mix(h, (uint64_t)t->dims[d]);
	for (int k = 0; k < op->noperands; k++)
		h = mix(h, (uint64_t)(unsigned)canon[op->operands[k]]);
	for (int i = 0; i < op->nattrs; i++) {
		const TAttr *a = &op->attrs[i];
		if (a->kind == TA_INT)
			h = mix(h, (uint64_t)a->u.i);
		else if (a->kind == TA_INTS)
			for (int k = 0; k < a->u.ints.n; k++)
				h = mix(h, (uint64_t)a->u.ints.v[k]);
		else if (a->kind == TA_DENSE) {
			const unsigned char *d = a->u.dense.data;
			size_t n = (size_t)dtype_size(a->u.dense.type.dt);
			if (!a->u.dense.splat && tir_type_numel(&a->u.dense.type) > 1)
				n *= 2;   /* (a non-splat constant has at least two elements) */
			for (size_t k = 0; k < n && k < 16; k++)
				h = mix(h, d[k]);
		}
	}
	return h ^ (h >> 29);
}

void cpu_cse_block(const TFunc *f, const TBlock *b, int *canon)
{
	size_t cap = 16;
	while (cap < 2 * (size_t)b->nops)
		cap *= 2;
	const TOp **table = xcalloc(cap, sizeof *table);   /* open addressing, linear probe */
	for (int i = 0; i < b->nops; i++) {
		const TOp *op = b->ops[i];
		for (int k = 0; k < op->nresults; k++)
			canon[op->results[k]] = op->results[k];
		if (!pure(op))
			continue;
		size_t s = (size_t)op_hash(f, canon, op) & (cap - 1);
		for (; table[s]; s = (s + 1) & (cap - 1))
			if (same_op(f, canon, table[s], op))
				break;
		if (table[s])
			canon[op->results[0]] = canon[table[s]->results[0]];
		else
			table[s] = op;
	}
	free(table);
}
