/* plan.c: fusion decisions and step lists for the cpu backend (cpu.h, "plan.c").
 *
 * Consumes a verified TModule; produces a CpuProgram: per block a list of steps, and the
 * fusions (loop nests) that emit.c compiles. The rule is XLA's loop fusion: an op whose
 * every output element is a function of a few input elements (element-wise arithmetic,
 * compare, select, clamp, convert, broadcast_in_dim, iota, slice, dynamic_slice,
 * reshape, transpose, reverse, pad, concatenate, splat constants) is computed inside the
 * loop nest of its consumer, as an expression over the consumer's indices. A value is
 * materialized (it becomes the root of its own loop nest) when
 *   - something other than a fusible op reads it (a return, reduce, dot_general, while,
 *     a nested region, an op on types the compiled loops do not handle),
 *   - several fusible ops read it and recomputing it per consumer is not cheap (a
 *     value whose expression tree has more than CHEAP_COST ops, or a call into the C
 *     library, or an integer division by a non-constant, is computed once), unless
 *     every read is at one index of one loop nest (element-wise readers all inlined into
 *     the same root): emit.c then computes it once per element anyway (post_inline),
 *   - its one consumer would recompute it per copy (an expanding broadcast) or in a
 *     sequential loop (a scatter's updates and indices), and it is not cheap,
 *   - it is computed from a buffer that a later concatenate extends (appends to), is
 *     smaller than it and is read after that concatenate: then the buffer dies at the
 *     concatenate, which writes only its tail in the buffer's storage (exec.c),
 *   - it is a dynamic_update_slice (the root's loop nest writes the update box; when
 *     the operand is a buffer, exec.c first copies it into the output unless it updates
 *     it in place, else the nest also computes the operand around the box),
 *   - it is a point scatter (the SIMT form of a store: one element per update, replacing
 *     or combined with one op): the executor hands it the operand's storage (in place
 *     when the operand dies there and nobody else holds it), the loop runs over the
 *     updates in order, so duplicate indices resolve as in the interpreter,
 *   - it is a reduce (a reduce with a one-op body is the root of a loop nest whose
 *     innermost loops run over the reduced dimensions: XLA's reduction fusion, so the
 *     reduced expression is never materialized).
 * Steps hold what is run in order; each step lists the values that die after it. A
 * function with an op the executor cannot dispatch (tuples, check ops) is marked to run
 * whole in the interpreter, so every module runs. */
#include "cpu.h"

#include <stdlib.h>
#include <string.h>

int cpu_dtype_ok(DType t)
{
	switch (t) {
	case DT_I1: case DT_I8: case DT_I16: case DT_I32: case DT_I64:
	case DT_UI8: case DT_UI16: case DT_UI32: case DT_UI64: case DT_F32: case DT_F64:
	case DT_F16: case DT_BF16:
		return 1;
	default:
		return 0;
	}
}

static int tensor_ok(const TType *t)
{
	return t->kind == TY_TENSOR && cpu_dtype_ok(t->dt) && tir_type_numel(t) > 0;
}

/* Element-wise ops emit.c implements, by element type (kept in step with emit.c). */
static int ew_ok(TOpKind k, DType t)
{
	if (dtype_is_float(t)) {   /* f16 / bf16 too (small.c) */
		switch (k) {
		case TOP_SHIFT_LEFT: case TOP_SHIFT_RIGHT_ARITHMETIC: case TOP_SHIFT_RIGHT_LOGICAL:
		case TOP_AND: case TOP_OR: case TOP_XOR: case TOP_NOT: case TOP_POPCNT:
		case TOP_COUNT_LEADING_ZEROS: case TOP_REDUCE_PRECISION:
			return 0;
		default:
			return 1;
		}
	}
	if (t == DT_I1) {
		switch (k) {
		case TOP_AND: case TOP_OR: case TOP_XOR: case TOP_NOT: case TOP_ADD: case TOP_MULTIPLY:
		case TOP_MAXIMUM: case TOP_MINIMUM:
			return 1;
		default:
			return 0;
		}
	}
	switch (k) {
	case TOP_ADD: case TOP_SUBTRACT: case TOP_MULTIPLY: case TOP_DIVIDE: case TOP_REMAINDER:
	case TOP_MAXIMUM: case TOP_MINIMUM: case TOP_AND: case TOP_OR: case TOP_XOR:
	case TOP_SHIFT_LEFT: case TOP_SHIFT_RIGHT_ARITHMETIC: case TOP_SHIFT_RIGHT_LOGICAL:
	case TOP_NEGATE: case TOP_ABS: case TOP_SIGN: case TOP_NOT: case TOP_POPCNT:
	case TOP_COUNT_LEADING_ZEROS:
		return 1;
	default:
		return 0;
	}
}

static const TType *vtype(const TFunc *f, int v) { return tir_value_type(f, v); }

enum { PARTIAL_MIN = 1 << 16 };   /* input elements for a split reduction to one value */

static int interior_zero(const TOp *op)
{
	TInts in = tir_op_get_ints(op, "interior_padding");
	for (int i = 0; i < in.n; i++)
		if (in.v[i] != 0)
			return 0;
	return 1;
}

int cpu_region_combiner(const TBlock *b)
{
	if (b->nargs != 2)
		return -1;
	if (b->nops == 1 && b->ops[0]->kind == TOP_RETURN && b->ops[0]->noperands == 1 &&
	    b->ops[0]->operands[0] == b->args[1])
		return CPU_REPLACE;
	if (b->nops != 2)
		return -1;
	const TOp *bin = b->ops[0], *ret = b->ops[1];
	if (ret->kind != TOP_RETURN || ret->noperands != 1 || bin->nresults != 1 || bin->noperands != 2 ||
	    ret->operands[0] != bin->results[0])
		return -1;
	int x = bin->operands[0], y = bin->operands[1];
	if (!((x == b->args[0] && y == b->args[1]) || (x == b->args[1] && y == b->args[0])))
		return -1;
	switch (bin->kind) {
	case TOP_ADD: case TOP_MULTIPLY: case TOP_MAXIMUM: case TOP_MINIMUM:
	case TOP_AND: case TOP_OR: case TOP_XOR:
		return (int)bin->kind;
	default:
		return -1;
	}
}

int cpu_reduce_combiner(const TOp *op)
{
	if (op->kind != TOP_REDUCE || op->noperands != 2 || op->nresults != 1 || op->nregions != 1)
		return -1;
	int k = cpu_region_combiner(op->regions[0]);
	return k == CPU_REPLACE ? -1 : k;
}

int cpu_reduce_absorbing(const TOp *op)
{
	int k = cpu_reduce_combiner(op);
	return k == TOP_OR || k == TOP_AND;   /* integer and boolean types only (StableHLO) */
}

static int all_ones(TInts v)
{
	for (int i = 0; i < v.n; i++)
		if (v.v[i] != 1)
			return 0;
	return 1;
}

/* Number of index components of an indices tensor with index_vector_dim ivd. */
static int64_t index_components(const TType *ind, int64_t ivd)
{
	return ivd < ind->rank ? ind->dims[ivd] : 1;
}

/* gather reading one element per result element: every operand dimension collapsed,
 * slice sizes 1, no offset or batching dimensions (the SIMT form of a load). */
static int point_gather(const TFunc *f, const TOp *op)
{
	TAttr *a = tir_op_attr(op, "dimension_numbers");
	if (!a || a->kind != TA_GATHER_DIMS)
		return 0;
	const TGatherDims *g = &a->u.gather;
	const TType *x = vtype(f, op->operands[0]), *ind = vtype(f, op->operands[1]);
	TInts sizes = tir_op_get_ints(op, "slice_sizes");
	return g->offset_dims.n == 0 && g->operand_batching_dims.n == 0 && g->start_indices_batching_dims.n == 0 &&
	       g->collapsed_slice_dims.n == x->rank && sizes.n == x->rank && all_ones(sizes) &&
	       dtype_is_int(ind->dt) && g->index_vector_dim <= ind->rank &&
	       index_components(ind, g->index_vector_dim) == g->start_index_map.n && g->start_index_map.n <= x->rank;
}

/* A convert to f16 / bf16 from an integer goes through double (emit.c): exact up to 53
 * bits; a wider one must not round there, unless f16 overflows anyway (at 65520). */
static int convert_ok(DType from, DType to)
{
	return !(to == DT_BF16 && dtype_is_int(from) && dtype_bits(from) > 53);
}

/* scatter writing one element per update element (the SIMT form of a store), with a
 * replacing or one-op combiner. */
static int point_scatter(const TFunc *f, const TOp *op)
{
	TAttr *a = tir_op_attr(op, "scatter_dimension_numbers");
	if (op->noperands != 3 || op->nresults != 1 || op->nregions != 1 || !a || a->kind != TA_SCATTER_DIMS)
		return 0;
	const TScatterDims *s = &a->u.scatter;
	const TType *x = vtype(f, op->operands[0]), *ind = vtype(f, op->operands[1]), *u = vtype(f, op->operands[2]);
	int k = cpu_region_combiner(op->regions[0]);
	for (int i = 0; i < 3; i++)
		if (vtype(f, op->operands[i])->kind != TY_TENSOR || !cpu_dtype_ok(vtype(f, op->operands[i])->dt))
			return 0;
	return s->update_window_dims.n == 0 && s->input_batching_dims.n == 0 &&
	       s->scatter_indices_batching_dims.n == 0 && s->inserted_window_dims.n == x->rank &&
	       dtype_is_int(ind->dt) && s->index_vector_dim <= ind->rank &&
	       index_components(ind, s->index_vector_dim) == s->scatter_dims_to_operand_dims.n &&
	       s->scatter_dims_to_operand_dims.n <= x->rank && u->dt == x->dt && tensor_ok(x) &&
	       (k == CPU_REPLACE || (k >= 0 && ew_ok((TOpKind)k, x->dt)));
}

/* Can op be computed inside a loop nest? */
static int fusible(const TFunc *f, const TOp *op)
{
	if (op->kind == TOP_REDUCE) {
		int k = cpu_reduce_combiner(op);
		const TType *it = vtype(f, op->operands[0]), *init = vtype(f, op->operands[1]);
		const TType *rt = vtype(f, op->results[0]);
		return k >= 0 && tensor_ok(it) && tensor_ok(init) && tensor_ok(rt) && init->rank == 0 &&
		       init->dt == it->dt && rt->dt == it->dt && ew_ok((TOpKind)k, it->dt);
	}
	if (op->kind == TOP_SCATTER)
		return point_scatter(f, op);
	if (op->nresults != 1 || op->nregions)
		return 0;
	for (int i = 0; i < op->noperands; i++)
		if (!tensor_ok(vtype(f, op->operands[i])))
			return 0;
	const TType *rt = vtype(f, op->results[0]);
	if (!tensor_ok(rt))
		return 0;
	unsigned fl = tir_op_flags(op->kind);
	switch (op->kind) {
	case TOP_CONSTANT: {
		TAttr *a = tir_op_attr(op, "value");
		return a && a->kind == TA_DENSE && (a->u.dense.splat || tir_type_numel(rt) == 1);
	}
	case TOP_GATHER:
		return point_gather(f, op);
	case TOP_IOTA:
		return rt->dt != DT_I1;
	case TOP_CONVERT:
		return convert_ok(vtype(f, op->operands[0])->dt, rt->dt);
	case TOP_COMPARE: {
		TAttr *ta = tir_op_attr(op, "compare_type");
		return (!ta || ta->u.cmp_type != CT_TOTALORDER) && tir_op_attr(op, "comparison_direction");
	}
	case TOP_PAD:
		return interior_zero(op);
	case TOP_CONCATENATE:
		return op->noperands <= 64;
	case TOP_SELECT: case TOP_CLAMP: case TOP_BROADCAST_IN_DIM:
	case TOP_RESHAPE: case TOP_TRANSPOSE: case TOP_REVERSE: case TOP_SLICE:
	case TOP_DYNAMIC_SLICE: case TOP_DYNAMIC_UPDATE_SLICE:
		return 1;
	case TOP_REDUCE_PRECISION:
		return 0;
	default:
		return (fl & (OF_UN | OF_BIN)) && ew_ok(op->kind, vtype(f, op->operands[0])->dt);
	}
}

/* Ops that only move indices: recomputing them per consumer costs address arithmetic. */
static int index_only(TOpKind k)
{
	return k == TOP_BROADCAST_IN_DIM || k == TOP_RESHAPE || k == TOP_SLICE ||
	       k == TOP_TRANSPOSE || k == TOP_REVERSE;
}

/* A reduce to one element of a large input: split across threads as partial sums
 * (its init value is then materialized: exec.c combines it with the partials); not an
 * or / and reduce, which stops at its first absorbing element on one thread. */
static int partial_reduce(const TFunc *f, const TOp *op)
{
	if (op->kind != TOP_REDUCE || tir_type_numel(vtype(f, op->results[0])) != 1 || cpu_reduce_absorbing(op))
		return 0;
	const TType *in = vtype(f, op->operands[0]);
	return in->rank >= 1 && in->dims[0] >= 2 && tir_type_numel(in) >= PARTIAL_MIN;
}

/* A slice whose result is a prefix of its operand's memory (starts 0, strides 1, the
 * dimensions before the first cut of extent 1, those after it whole): the SIMT store
 * form `slice(scatter(concatenate(x, c)), [0:n])` drops the extra element so; the
 * result shares the operand's storage (alias_operand). */
static int prefix_slice(const TFunc *f, const TOp *op)
{
	if (op->kind != TOP_SLICE)
		return 0;
	const TType *xt = vtype(f, op->operands[0]);
	TInts st = tir_op_get_ints(op, "start_indices"), lim = tir_op_get_ints(op, "limit_indices");
	TInts str = tir_op_get_ints(op, "strides");
	if (st.n != xt->rank || lim.n != xt->rank)
		return 0;
	int cut = xt->rank;   /* the first dimension not taken whole */
	for (int d = 0; d < xt->rank; d++) {
		if (st.v[d] != 0 || (d < str.n && str.v[d] != 1))
			return 0;
		if (lim.v[d] != xt->dims[d]) {
			if (cut < xt->rank)
				return 0;   /* a second cut */
			cut = d;
		}
	}
	for (int d = 0; d < cut && cut < xt->rank; d++)
		if (xt->dims[d] != 1)
			return 0;   /* rows of a whole dimension, each cut: strided */
	return 1;
}

/* A concatenate whose operand 0 is a prefix of its result's memory (the dimensions
 * before the concatenated one of extent 1): the split index where the other operands
 * start (exec.c may compute only those, in operand 0's storage); else -1. */
static int64_t concat_tail(const TFunc *f, const TOp *op)
{
	if (op->kind != TOP_CONCATENATE)
		return -1;
	int64_t c = tir_op_get_int(op, "dimension", -1);
	const TType *rt = vtype(f, op->results[0]), *xt = vtype(f, op->operands[0]);
	if (c < 0 || c >= rt->rank || rt->dims[c] < 2)
		return -1;
	for (int d = 0; d < c; d++)
		if (rt->dims[d] != 1)
			return -1;
	return xt->dims[c];
}

/* ---- marks: per function, which values are computed inside their consumers ---- */

typedef struct Builder {
	Arena *arena;
	CpuProgram *prog;
	const TFunc *f;
	uint8_t *inl, *cheap, *fus;   /* per value id */
	uint8_t *cost;                /* ops to recompute the value inside a consumer */
	int *uses;                    /* reads by fusible ops of the block */
	uint8_t *hard;                /* read by anything else */
	const TBlock **owner;         /* block whose op defines the value */
	int *root;                    /* per value: its read class (post_inline), -1 mixed */
	int *seen;                    /* per value: 1 + id of the fusion that last visited it */
	int *canon;                   /* per value: the first equal value of its block (cse.c) */
	int *first;                   /* per canon: its first materialized value, -1 none */
	int *same;                    /* per value: the earlier materialized equal value whose
	                                 storage it shares (a CS_SAME step), -1 none */
	int stamp;                    /* the last seen[] stamp taken outside fusions (negative) */
	int interpret;
} Builder;

/* Values of block outer read inside nested block b (at any depth) must be in memory. */
static void mark_nested(Builder *bd, const TBlock *outer, const TBlock *b)
{
	for (int i = 0; i < b->nops; i++) {
		const TOp *op = b->ops[i];
		for (int k = 0; k < op->noperands; k++)
			if (bd->owner[op->operands[k]] == outer)
				bd->hard[op->operands[k]] = 1;
		for (int r = 0; r < op->nregions; r++)
			mark_nested(bd, outer, op->regions[r]);
	}
}

/* Would v's one consumer evaluate it many times per value (a broadcast that expands
 * it) or in a sequential loop (the updates and indices of a scatter)? */
static int consumer_repeats(const Builder *bd, const TBlock *b, int v)
{
	for (int i = 0; i < b->nops; i++) {
		const TOp *op = b->ops[i];
		if (op->kind == TOP_SCATTER && (op->operands[1] == v || op->operands[2] == v))
			return 1;
		if (op->kind != TOP_BROADCAST_IN_DIM || op->operands[0] != v)
			continue;
		return tir_type_numel(vtype(bd->f, op->results[0])) > tir_type_numel(vtype(bd->f, v)) &&
		       tir_type_numel(vtype(bd->f, v)) > 1;
	}
	return 0;
}

/* Ops worth computing once: calls into the C library (exp, log, pow, ...), and integer
 * division by a non-constant (no vector instruction divides integers). */
static int expensive(const Builder *bd, const TOp *op)
{
	DType t = op->noperands ? vtype(bd->f, op->operands[0])->dt : DT_F32;
	switch (op->kind) {
	case TOP_ADD: case TOP_SUBTRACT: case TOP_MULTIPLY: case TOP_MAXIMUM: case TOP_MINIMUM:
	case TOP_NEGATE: case TOP_ABS: case TOP_SIGN: case TOP_FLOOR: case TOP_CEIL:
	case TOP_ROUND_NEAREST_AFZ: case TOP_ROUND_NEAREST_EVEN: case TOP_SQRT: case TOP_IS_FINITE:
	case TOP_COMPARE: case TOP_SELECT: case TOP_CLAMP: case TOP_CONVERT:
		return 0;
	case TOP_DIVIDE: case TOP_REMAINDER: {
		if (dtype_is_float(t))
			return op->kind == TOP_REMAINDER;
		const TOp *d = bd->f->values[op->operands[1]].def;
		return !(d && d->kind == TOP_CONSTANT);
	}
	default:
		return (tir_op_flags(op->kind) & (OF_UN | OF_BIN)) && dtype_is_float(t) && op->kind != TOP_NOT;
	}
}

static void post_inline(Builder *bd, const TBlock *b);
static void materialize_self_reads(Builder *bd, const TBlock *b);
static void share_equal(Builder *bd, const TBlock *b);

enum { CHEAP_COST = 8 };   /* ops a value may cost to be recomputed per consumer */

static void decide_marks(Builder *bd, const TBlock *b)
{
	cpu_cse_block(bd->f, b, bd->canon);
	for (int i = 0; i < b->nops; i++)
		for (int k = 0; k < b->ops[i]->nresults; k++)
			bd->owner[b->ops[i]->results[k]] = b;
	for (int i = 0; i < b->nops; i++) {
		const TOp *op = b->ops[i];
		int fz = fusible(bd->f, op);
		for (int k = 0; k < op->nresults; k++)
			bd->fus[op->results[k]] = (uint8_t)fz;
		for (int k = 0; k < op->noperands; k++) {
			if (fz && !(op->kind == TOP_SCATTER && k == 0) && !(k == 1 && partial_reduce(bd->f, op)))
				bd->uses[op->operands[k]]++;
			else
				bd->hard[op->operands[k]] = 1;
		}
		for (int r = 0; r < op->nregions; r++)
			mark_nested(bd, b, op->regions[r]);
	}
	for (int i = 0; i < b->nops; i++) {
		const TOp *op = b->ops[i];
		if (op->nresults != 1 || !bd->fus[op->results[0]])
			continue;
		int v = op->results[0];
		/* cost: ops of v's expression tree with its inlined operands (index-only ops
		 * are address arithmetic and count nothing); cheap: no expensive op in it */
		int cost = index_only(op->kind) || op->kind == TOP_CONSTANT ? 0 : 1;
		int cheap = !expensive(bd, op);
		for (int k = 0; k < op->noperands; k++) {
			int w = op->operands[k];
			if (bd->inl[w])
				cost += bd->cost[w], cheap &= bd->cheap[w];
		}
		cheap &= cost <= CHEAP_COST;
		bd->cost[v] = (uint8_t)(cost < 255 ? cost : 255);
		bd->cheap[v] = (uint8_t)cheap;
		if (bd->hard[v] || op->kind == TOP_DYNAMIC_UPDATE_SLICE || op->kind == TOP_REDUCE ||
		    op->kind == TOP_SCATTER || bd->uses[v] == 0)
			continue;
		if (op->kind == TOP_SLICE && !bd->inl[op->operands[0]] && prefix_slice(bd->f, op))
			continue;   /* shares its operand's storage: no copy, no recomputation */
		if (bd->uses[v] == 1)
			bd->inl[v] = (uint8_t)(cheap || !consumer_repeats(bd, b, v));
		else
			bd->inl[v] = (uint8_t)cheap;
	}
	post_inline(bd, b);
	materialize_self_reads(bd, b);
	share_equal(bd, b);
}

/* Does op read each operand of its own shape at its own result index (element-wise
 * arithmetic, compare, select, clamp, convert)? */
static int same_index_op(const TOp *op)
{
	switch (op->kind) {
	case TOP_COMPARE: case TOP_SELECT: case TOP_CLAMP: case TOP_CONVERT:
		return 1;
	default:
		return (tir_op_flags(op->kind) & (OF_UN | OF_BIN)) != 0;
	}
}

/* The read class through which user reads v: a materialized user's id (times 2, plus 1
 * for a dynamic_update_slice's update, read at the box's index), an inlined same-index
 * user's class; -1 when v is read at an index of its own (slice, broadcast, ...). */
static int read_class(const Builder *bd, const TOp *user, int k)
{
	int r = user->nresults == 1 ? user->results[0] : -1;
	if (r < 0 || !bd->fus[r])
		return -1;
	const TType *vt_ = vtype(bd->f, user->operands[k]), *rt = vtype(bd->f, r);
	if (user->kind == TOP_DYNAMIC_UPDATE_SLICE)
		return k == 1 && !bd->inl[r] ? 2 * r + 1 : -1;
	if (!same_index_op(user) || !tir_type_equal(vt_, rt) || user->kind == TOP_REDUCE)
		return -1;
	if (!bd->inl[r])
		return bd->hard[r] || bd->uses[r] ? 2 * r : -1;
	return bd->root[r] < 0 ? -1 : bd->root[r];
}

/* A value several ops read, all of which end up in one loop nest at one index, is
 * computed there once (emit.c caches a value per index), so it needs no buffer of its
 * own: inline it, however costly (XLA fuses a producer whose users all sit in one
 * fusion). Runs over the block backwards: when an op is reached, every read of its
 * result has been classed (root[v]: -2 none yet, -1 mixed, else the one class). */
static void post_inline(Builder *bd, const TBlock *b)
{
	for (int i = 0; i < b->nops; i++)
		for (int k = 0; k < b->ops[i]->nresults; k++)
			bd->root[b->ops[i]->results[k]] = -2;
	for (int i = b->nops - 1; i >= 0; i--) {
		const TOp *op = b->ops[i];
		int v = op->nresults == 1 ? op->results[0] : -1;
		if (v >= 0 && bd->fus[v] && !bd->inl[v] && bd->root[v] >= 0 && !bd->hard[v] && bd->uses[v] >= 2 &&
		    op->kind != TOP_DYNAMIC_UPDATE_SLICE && op->kind != TOP_REDUCE && op->kind != TOP_SCATTER)
			bd->inl[v] = 1;
		for (int k = 0; k < op->noperands; k++) {
			int w = op->operands[k];
			if (bd->owner[w] != b)
				continue;
			int c = read_class(bd, op, k);
			bd->root[w] = bd->root[w] == -2 || bd->root[w] == c ? c : -1;
		}
	}
}

/* ---- fusions ---- */

typedef VEC(int) IntVec;

static void add_input(IntVec *ins, int v)
{
	for (size_t i = 0; i < ins->len; i++)
		if (ins->data[i] == v)
			return;
	VEC_PUSH(*ins, v);
}

/* The inputs and op count of op's expression; an inlined value read twice is visited
 * once (seen[v] == stamp), as emit.c computes it once. */
static void collect(const Builder *bd, const TOp *op, int stamp, IntVec *ins, int *nops)
{
	(*nops)++;
	for (int k = 0; k < op->noperands; k++) {
		int w = op->operands[k];
		if (!bd->inl[w])
			add_input(ins, w);
		else if (bd->seen[w] != stamp)
			bd->seen[w] = stamp, collect(bd, bd->f->values[w].def, stamp, ins, nops);
	}
}

/* Does the expression of op's operands from k on (through inlined values) read x?
 * Each inlined value is visited once per question (seen[v] == stamp). */
static int reads_value(const Builder *bd, const TOp *op, int k, int x, int stamp)
{
	for (; k < op->noperands; k++) {
		int w = op->operands[k];
		if (w == x)
			return 1;
		if (bd->inl[w] && bd->seen[w] != stamp) {
			bd->seen[w] = stamp;
			if (reads_value(bd, bd->f->values[w].def, 0, x, stamp))
				return 1;
		}
	}
	return 0;
}

/* Does an op of b after op i (at any depth, the terminator included) read x? */
static int read_after(const TBlock *b, int i, int x)
{
	for (int j = i + 1; j < b->nops; j++) {
		const TOp *o = b->ops[j];
		for (int k = 0; k < o->noperands; k++)
			if (o->operands[k] == x)
				return 1;
		for (int r = 0; r < o->nregions; r++)
			if (read_after(o->regions[r], -1, x))
				return 1;
	}
	return 0;
}

static int alias_operand(const TFunc *f, const uint8_t *inl, const TOp *op);

/* Does materialized value v share x's storage (x itself, or a CS_ALIAS step's result:
 * a reshape or prefix slice of x, at any depth)? */
static int shares_storage(const Builder *bd, int v, int x)
{
	for (;;) {
		const TOp *d = bd->f->values[v].def;
		int a;
		if (v == x)
			return 1;
		if (!d || bd->inl[v] || d->nresults != 1 || !bd->fus[v] || (a = alias_operand(bd->f, bd->inl, d)) < 0)
			return 0;
		v = d->operands[a];
	}
}

/* Does the expression of op (through inlined values) read x's storage? */
static int reads_storage(const Builder *bd, const TOp *op, int x, int stamp)
{
	for (int k = 0; k < op->noperands; k++) {
		int w = op->operands[k];
		if (!bd->inl[w] ? shares_storage(bd, w, x)
		                : bd->seen[w] != stamp && (bd->seen[w] = stamp, reads_storage(bd, bd->f->values[w].def, x, stamp)))
			return 1;
	}
	return 0;
}

/* Is u read, through inlined values, by an op of b after op i? */
static int inlined_read_after(Builder *bd, const TBlock *b, int i, int u)
{
	int stamp = --bd->stamp;
	for (int j = i + 1; j < b->nops; j++)
		if (reads_value(bd, b->ops[j], 0, u, stamp))
			return 1;
	return 0;
}

/* A concatenate that appends to its operand 0 (w: a buffer) writes only the tail, in w's
 * storage, when w dies there (exec.c run_fusion). A value computed from w before op i
 * but inlined into a later op's loop nest (the SIMT form: an index gathered from a
 * buffer, then the buffer extended for a masked scatter that uses the index) keeps w
 * alive past i, so the whole of w would be copied: such a value, smaller than w, is
 * materialized at its own place instead. */
static void materialize_tail_reads(Builder *bd, const TBlock *b, int i)
{
	int w = b->ops[i]->operands[0];
	if (bd->inl[w] || read_after(b, i, w))
		return;
	int64_t n = tir_type_numel(vtype(bd->f, w));
	IntVec made = {0};
	for (int j = 0; j < i; j++) {
		const TOp *op = b->ops[j];
		if (op->nresults != 1 || !bd->inl[op->results[0]] || tir_type_numel(vtype(bd->f, op->results[0])) >= n)
			continue;
		int reads = 0;
		for (int k = 0; k < op->noperands; k++)
			reads |= op->operands[k] == w;
		if (reads && inlined_read_after(bd, b, i, op->results[0])) {
			bd->inl[op->results[0]] = 0;
			VEC_PUSH(made, op->results[0]);
		}
	}
	if (made.len && inlined_read_after(bd, b, i, w))   /* w is read after i anyway: no gain */
		for (size_t k = 0; k < made.len; k++)
			bd->inl[made.data[k]] = 1;
	VEC_FREE(made);
}

/* A scatter or dynamic_update_slice updates its operand's storage in place (exec.c)
 * only when its other operands' loop nest does not read that operand: an update computed
 * from the operand itself or a view of its storage (u[i] += s; a row from the row before:
 * a kernel's read-modify-write of a buffer) would read elements the nest has overwritten. Such an update (or
 * start index, scatter index) smaller than the operand is materialized first instead of
 * computed inside the nest, when no later op reads the operand (else it cannot die
 * there): the cost of a buffer of the update's size instead of a copy of the operand. */
static void materialize_self_reads(Builder *bd, const TBlock *b)
{
	for (int i = 0; i < b->nops; i++) {
		const TOp *op = b->ops[i];
		if (op->nresults == 1 && bd->fus[op->results[0]] && concat_tail(bd->f, op) >= 0)
			materialize_tail_reads(bd, b, i);
		if ((op->kind != TOP_SCATTER && op->kind != TOP_DYNAMIC_UPDATE_SLICE) || !bd->fus[op->results[0]])
			continue;
		int w = op->operands[0];   /* through reshapes, as new_fusion */
		while (bd->inl[w] && bd->f->values[w].def->kind == TOP_RESHAPE)
			w = bd->f->values[w].def->operands[0];
		if (bd->inl[w] || read_after(b, i, w))
			continue;
		int64_t n = tir_type_numel(vtype(bd->f, w));
		for (int k = 1; k < op->noperands; k++) {
			int u = op->operands[k];
			if (bd->inl[u] && tir_type_numel(vtype(bd->f, u)) < n &&
			    reads_storage(bd, bd->f->values[u].def, w, --bd->stamp))
				bd->inl[u] = 0;
		}
	}
}

/* A value equal to an earlier materialized one (cse.c) shares its storage (a CS_SAME
 * step) instead of being computed again: when it is materialized itself (the raise's
 * second guard and index chain, for a store), or inlined but not cheap (a division per
 * element). A cheap inlined copy stays inlined: an index computed in the nest lets LLVM
 * see contiguous addresses, one loaded from a buffer does not. Values that share their
 * operand's storage anyway (CS_ALIAS), constants, and roots that update in place
 * (scatter, dynamic_update_slice, reduce: not pure in cse.c) are left alone. */
static void share_equal(Builder *bd, const TBlock *b)
{
	for (int i = 0; i < b->nops; i++) {
		const TOp *op = b->ops[i];
		if (op->nresults != 1 || !bd->fus[op->results[0]] || op->kind == TOP_CONSTANT)
			continue;
		int v = op->results[0], c = bd->canon[v];
		int made = !bd->inl[v] && (bd->hard[v] || bd->uses[v] > 0);
		if (c == v && !made)
			continue;
		if (!bd->inl[v] && alias_operand(bd->f, bd->inl, op) >= 0)
			continue;
		if (bd->first[c] >= 0 && (made || (bd->inl[v] && !bd->cheap[v]))) {
			bd->same[v] = bd->first[c];
			bd->inl[v] = 0;
		} else if (made && bd->first[c] < 0)
			bd->first[c] = v;
	}
}

static CpuFusion *new_fusion(Builder *bd, const TOp *op)
{
	CpuFusion *fu = ARENA_NEW(bd->arena, CpuFusion);
	fu->id = (int)bd->prog->fusions.len;
	fu->f = bd->f;
	fu->inlined = bd->inl;
	fu->root = op->results[0];
	IntVec ins = {0};
	collect(bd, op, fu->id + 1, &ins, &fu->nops);
	fu->ninputs = (int)ins.len;
	fu->inputs = ARENA_ARRAY(bd->arena, int, ins.len + 1);
	if (ins.len)
		memcpy(fu->inputs, ins.data, ins.len * sizeof(int));
	VEC_FREE(ins);
	const TType *t = vtype(bd->f, fu->root);
	fu->numel = tir_type_numel(t);
	fu->split_dim = t->rank ? 0 : -1;
	for (int d = 0; d < t->rank; d++)
		if (t->dims[d] > 1) {
			fu->split_dim = d;
			break;
		}
	fu->split_extent = t->rank ? t->dims[fu->split_dim] : 1;
	if (op->kind == TOP_SCATTER)   /* updates apply in order: one thread, no split */
		fu->split_dim = -1, fu->split_extent = 1;
	fu->inplace = fu->base = -1;
	if (op->kind == TOP_SCATTER || op->kind == TOP_DYNAMIC_UPDATE_SLICE) {
		int w = op->operands[0];   /* a reshape keeps the linear layout: look through it */
		while (bd->inl[w] && bd->f->values[w].def->kind == TOP_RESHAPE)
			w = bd->f->values[w].def->operands[0];
		if (!bd->inl[w] && !reads_value(bd, op, 1, w, -fu->id - 1))
			fu->inplace = w;
		if (!bd->inl[w] && op->kind == TOP_DYNAMIC_UPDATE_SLICE)
			fu->base = w;
	}
	fu->tail = concat_tail(bd->f, op);
	if (fu->tail >= 0 && !bd->inl[op->operands[0]] && fu->split_dim == tir_op_get_int(op, "dimension", -1))
		fu->inplace = op->operands[0];
	else
		fu->tail = -1;
	if (partial_reduce(bd->f, op)) {
		fu->partial = 1;
		fu->split_dim = 0;
		fu->split_extent = vtype(bd->f, op->operands[0])->dims[0];
	}
	VEC_PUSH(bd->prog->fusions, fu);
	bd->prog->nfused_ops += fu->nops;
	bd->prog->nkernels++;
	return fu;
}

/* ---- steps ---- */

static CpuPlan *plan_block(Builder *bd, const TBlock *b);

static int undispatchable(TOpKind k)
{
	return k == TOP_TUPLE || k == TOP_GET_TUPLE_ELEMENT || k == TOP_OPTIMIZATION_BARRIER ||
	       k == TOP_BROADCAST || (tir_op_flags(k) & OF_CHECK);
}

RtValue cpu_constant_make(const TFunc *f, const TOp *op)
{
	const TType *t = vtype(f, op->results[0]);
	RtValue v = rt_tensor_new(NULL, t);
	TAttr *a = tir_op_attr(op, "value");
	size_t esz = (size_t)dtype_size(t->dt);
	int64_t n = tir_type_numel(t);
	if (a->u.dense.splat && n) {
		/* one element, then the filled prefix doubled (a call per element took seconds
		 * for the 8M-lane constants of a big SIMT module) */
		unsigned char *d = rt_data(&v);
		size_t done = esz, total = (size_t)n * esz;
		memcpy(d, a->u.dense.data, esz);
		for (; done < total; done *= 2)
			memcpy(d + done, d, done < total - done ? done : total - done);
	} else if (n)
		memcpy(rt_data(&v), a->u.dense.data, (size_t)n * esz);
	return v;
}

/* The operand whose storage op's result may share: a reshape or no-op convert of a
 * materialized value (operand 0), a prefix slice of one (operand 0), a dynamic_update_slice whose materialized update is
 * as large as its operand (its start indices clamp to 0: the result is the update,
 * operand 1); else -1. */
static int alias_operand(const TFunc *f, const uint8_t *inl, const TOp *op)
{
	const TType *rt = op->nresults == 1 ? vtype(f, op->results[0]) : NULL;
	if (op->kind == TOP_DYNAMIC_UPDATE_SLICE && !inl[op->operands[1]]) {
		const TType *ut = vtype(f, op->operands[1]);
		if (ut->rank != rt->rank || ut->dt != rt->dt)
			return -1;
		for (int d = 0; d < ut->rank; d++)
			if (ut->dims[d] != rt->dims[d])
				return -1;
		return 1;
	}
	if (op->kind == TOP_SLICE && !inl[op->operands[0]] && prefix_slice(f, op))
		return 0;
	if ((op->kind != TOP_RESHAPE && op->kind != TOP_CONVERT) || inl[op->operands[0]])
		return -1;
	return op->kind == TOP_RESHAPE || vtype(f, op->operands[0])->dt == rt->dt ? 0 : -1;
}

/* Fills st for op; returns 0 when the op needs no step (fused into a consumer, dead). */
static int make_step(Builder *bd, const TOp *op, CpuStep *st)
{
	memset(st, 0, sizeof *st);
	st->op = op;
	if (undispatchable(op->kind)) {
		bd->interpret = 1;
		st->kind = CS_INTERP;
		return 1;
	}
	int v = op->nresults == 1 ? op->results[0] : -1;
	if (op->kind == TOP_CONSTANT) {
		TAttr *a = tir_op_attr(op, "value");
		if (v < 0 || bd->inl[v] || !a || a->kind != TA_DENSE || vtype(bd->f, v)->kind != TY_TENSOR) {
			st->kind = CS_INTERP;
			return v < 0 || !bd->inl[v];
		}
		st->kind = CS_CONST;
		st->constant = cpu_constant_make(bd->f, op);
		return 1;
	}
	if (v >= 0 && bd->same[v] >= 0) {
		st->kind = CS_SAME;
		st->same = bd->same[v];
		return 1;
	}
	if (v >= 0 && bd->fus[v]) {
		if (bd->inl[v] || (!bd->hard[v] && bd->uses[v] == 0))
			return 0;
		if ((st->alias = alias_operand(bd->f, bd->inl, op)) >= 0) {
			st->kind = CS_ALIAS;
			return 1;
		}
		st->kind = CS_FUSION;
		st->fusion = new_fusion(bd, op);
		return 1;
	}
	switch (op->kind) {
	case TOP_WHILE: case TOP_IF: case TOP_CASE:
		st->kind = op->kind == TOP_WHILE ? CS_WHILE : op->kind == TOP_IF ? CS_IF : CS_CASE;
		st->nsubs = op->nregions;
		st->subs = ARENA_ARRAY(bd->arena, CpuPlan *, op->nregions + 1);
		for (int r = 0; r < op->nregions; r++)
			st->subs[r] = plan_block(bd, op->regions[r]);
		return 1;
	case TOP_CALL: st->kind = CS_CALL; return 1;
	case TOP_DOT_GENERAL: st->kind = CS_DOT; return 1;
	default: st->kind = CS_INTERP; return 1;
	}
}

/* Values read by step st (inputs of a fusion, operands, captures of nested regions). */
static void step_reads(const TBlock *b, const CpuStep *st, void (*fn)(void *, int), void *ctx)
{
	(void)b;
	if (st->kind == CS_FUSION) {
		for (int i = 0; i < st->fusion->ninputs; i++)
			fn(ctx, st->fusion->inputs[i]);
		return;
	}
	if (st->kind == CS_CONST)
		return;
	if (st->kind == CS_SAME) {
		fn(ctx, st->same);
		return;
	}
	for (int k = 0; k < st->op->noperands; k++)
		fn(ctx, st->op->operands[k]);
	VEC(const TBlock *) todo = {0};
	for (int r = 0; r < st->op->nregions; r++)
		VEC_PUSH(todo, st->op->regions[r]);
	while (todo.len) {
		const TBlock *nb = VEC_POP(todo);
		for (int i = 0; i < nb->nops; i++) {
			const TOp *op = nb->ops[i];
			for (int k = 0; k < op->noperands; k++)
				fn(ctx, op->operands[k]);
			for (int r = 0; r < op->nregions; r++)
				VEC_PUSH(todo, op->regions[r]);
		}
	}
	VEC_FREE(todo);
}

typedef struct LastUse {
	int *last;      /* per value id: step index of its last read, -1 none */
	int step;
} LastUse;

static void note_read(void *ctx, int v)
{
	LastUse *lu = ctx;
	lu->last[v] = lu->step;
}

static void plan_releases(Builder *bd, CpuPlan *p)
{
	int nv = bd->f->nvalues;
	LastUse lu = {xmalloc(sizeof(int) * (size_t)(nv + 1)), 0};
	int *def = xmalloc(sizeof(int) * (size_t)(nv + 1));
	for (int v = 0; v < nv; v++)
		lu.last[v] = -1, def[v] = -1;
	for (int i = 0; i < p->nsteps; i++) {
		const CpuStep *st = &p->steps[i];
		lu.step = i;
		step_reads(p->b, st, note_read, &lu);
		for (int k = 0; k < st->op->nresults; k++)
			def[st->op->results[k]] = i;
	}
	/* Block arguments (a loop body's carried values) and, in a function's body, the
	 * function's arguments (TFunc.args, not the block's) die at their last read too, so a
	 * loop body can update a carried buffer in place and an entry argument donated to the
	 * run (exec.c run_func) can be updated in its own storage. */
	for (int k = 0; k < p->b->nargs; k++)
		def[p->b->args[k]] = 0;
	for (int k = 0; p->b == bd->f->body && k < bd->f->nargs; k++)
		def[bd->f->args[k].value] = 0;
	if (p->ret)
		for (int k = 0; k < p->ret->noperands; k++)
			lu.last[p->ret->operands[k]] = p->nsteps;   /* returned: never released */
	int *at = xmalloc(sizeof(int) * (size_t)(nv + 1));
	for (int v = 0; v < nv; v++) {
		at[v] = -1;
		if (def[v] < 0)
			continue;   /* defined elsewhere, or fused */
		int a = lu.last[v] < 0 ? def[v] : lu.last[v];
		if (a < p->nsteps && a >= def[v])
			at[v] = a, p->steps[a].nrelease++;
	}
	for (int i = 0; i < p->nsteps; i++) {
		p->steps[i].release = ARENA_ARRAY(bd->arena, int, p->steps[i].nrelease + 1);
		p->steps[i].nrelease = 0;
	}
	for (int v = 0; v < nv; v++)
		if (at[v] >= 0)
			p->steps[at[v]].release[p->steps[at[v]].nrelease++] = v;
	free(at);
	free(lu.last);
	free(def);
}

static CpuPlan *plan_block(Builder *bd, const TBlock *b)
{
	decide_marks(bd, b);
	CpuPlan *p = ARENA_NEW(bd->arena, CpuPlan);
	p->f = bd->f;
	p->b = b;
	p->steps = ARENA_ARRAY(bd->arena, CpuStep, b->nops + 1);
	for (int i = 0; i < b->nops; i++) {
		const TOp *op = b->ops[i];
		if (op->kind == TOP_RETURN) {
			p->ret = op;
			continue;
		}
		if (make_step(bd, op, &p->steps[p->nsteps]))
			p->nsteps++;
	}
	plan_releases(bd, p);
	VEC_PUSH(bd->prog->all_plans, p);
	return p;
}

/* ---- program ---- */

CpuProgram *cpu_program_create(const TModule *m)
{
	CpuProgram *p = xcalloc(1, sizeof *p);
	Arena *arena = p->arena = arena_new();
	p->m = m;
	p->plans = ARENA_ARRAY(arena, CpuPlan *, m->nfuncs + 1);
	for (int i = 0; i < m->nfuncs; i++) {
		const TFunc *f = m->funcs[i];
		Builder bd = {0};
		bd.arena = arena, bd.prog = p, bd.f = f;
		size_t nv = (size_t)f->nvalues + 1;
		bd.inl = ARENA_ARRAY(arena, uint8_t, nv);
		bd.cheap = ARENA_ARRAY(arena, uint8_t, nv);
		bd.fus = ARENA_ARRAY(arena, uint8_t, nv);
		bd.cost = ARENA_ARRAY(arena, uint8_t, nv);
		bd.hard = ARENA_ARRAY(arena, uint8_t, nv);
		bd.uses = ARENA_ARRAY(arena, int, nv);
		bd.owner = ARENA_ARRAY(arena, const TBlock *, nv);
		bd.root = ARENA_ARRAY(arena, int, nv);
		bd.seen = ARENA_ARRAY(arena, int, nv);
		bd.canon = ARENA_ARRAY(arena, int, nv);
		bd.first = ARENA_ARRAY(arena, int, nv);
		bd.same = ARENA_ARRAY(arena, int, nv);
		for (size_t v = 0; v < nv; v++)
			bd.canon[v] = (int)v, bd.first[v] = bd.same[v] = -1;
		bd.stamp = -(1 << 30);   /* below every fusion's stamp (+-(id + 1)) */
		p->plans[i] = plan_block(&bd, f->body);
		p->plans[i]->interpret = bd.interpret;
	}
	return p;
}

void cpu_program_destroy(CpuProgram *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->all_plans.len; i++) {
		CpuPlan *pl = p->all_plans.data[i];
		for (int k = 0; k < pl->nsteps; k++)
			if (pl->steps[k].kind == CS_CONST)
				rt_value_release(NULL, &pl->steps[k].constant);
	}
	VEC_FREE(p->all_plans);
	VEC_FREE(p->fusions);
	arena_free(p->arena);
	free(p);
}

size_t cpu_program_constants(CpuProgram *p, size_t min_bytes, int drop)
{
	size_t n = 0;
	for (size_t i = 0; i < p->all_plans.len; i++) {
		CpuPlan *pl = p->all_plans.data[i];
		for (int k = 0; k < pl->nsteps; k++) {
			RtValue *c = &pl->steps[k].constant;
			if (pl->steps[k].kind != CS_CONST || !c->buf || c->buf->refs != 1 || c->buf->cap < min_bytes)
				continue;
			n += c->buf->cap;
			if (drop)
				rt_value_release(NULL, c);   /* buf NULL: made again by its next step (exec.c) */
		}
	}
	return n;
}

CpuPlan *cpu_program_plan(const CpuProgram *p, const TFunc *f)
{
	for (int i = 0; i < p->m->nfuncs; i++)
		if (p->m->funcs[i] == f)
			return p->plans[i];
	return NULL;
}

void cpu_program_dump(const CpuProgram *p, FILE *out)
{
	static const char *kinds[] = {"fusion", "alias", "same", "const", "dot", "while", "if", "case", "call", "interp"};
	fprintf(out, "cpu: %d loop nests, %d ops fused\n", p->nkernels, p->nfused_ops);
	for (size_t i = 0; i < p->all_plans.len; i++) {
		const CpuPlan *pl = p->all_plans.data[i];
		fprintf(out, "cpu: block of @%s:%s", pl->f->name, pl->interpret ? " (interpreted)" : "");
		for (int k = 0; k < pl->nsteps; k++) {
			const CpuStep *s = &pl->steps[k];
			fprintf(out, " %s", kinds[s->kind]);
			if (s->kind == CS_FUSION)
				fprintf(out, "(%s, %d ops)", tir_op_short_name(s->op->kind), s->fusion->nops);
			else if (s->kind == CS_INTERP || s->kind == CS_DOT)
				fprintf(out, "(%s)", tir_op_short_name(s->op->kind));
		}
		fprintf(out, "\n");
	}
}
