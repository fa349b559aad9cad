/* shard_dus.c: a dynamic_update_slice with constant starts as a select, for partitioning.
 * Consumes a TModule (raised; called by hlo_shard when a --mesh is given); produces the
 * same module where every `dynamic_update_slice(x, u, c0, ..)` whose start indices are
 * constants is `select(box, pad(u, 0), x)`: the update padded to x's shape at its
 * (clamped, as the op clamps them) offsets, chosen inside the box (iota compares). Both
 * forms give the same elements bit for bit. XLA's SPMD partitioner splits the select and
 * the pads along a sharded dimension (a pad is a shift: a halo exchange), while it
 * gathers the whole operand for an update that does not line up with the shards
 * (docs/sharding.md, measured). */
#include "hlo_emit.h"

#include <stdlib.h>
#include <string.h>

/* The constant integer a 0-d value holds; 0 when it is not a constant. */
static int const_int(const TFunc *f, int v, int64_t *out)
{
	const TOp *d = f->values[v].def;
	const TAttr *a = d && d->kind == TOP_CONSTANT ? tir_op_attr(d, "value") : NULL;

	if (!a || a->kind != TA_DENSE || a->u.dense.type.rank != 0 || !dtype_is_int(a->u.dense.type.dt))
		return 0;
	*out = tir_elem_get_i(a->u.dense.type.dt, a->u.dense.data);
	return 1;
}

/* The starts of a DUS as constants clamped into range; 0 when one is not constant. */
static int dus_starts(const TFunc *f, const TOp *op, int64_t *lo, int64_t *hi)
{
	const TType *x = tir_value_type(f, op->operands[0]), *u = tir_value_type(f, op->operands[1]);

	if (op->noperands != 2 + x->rank)
		return 0;
	for (int d = 0; d < x->rank; d++) {
		int64_t s;
		if (!const_int(f, op->operands[2 + d], &s))
			return 0;
		s = s < 0 ? 0 : s > x->dims[d] - u->dims[d] ? x->dims[d] - u->dims[d] : s;
		lo[d] = s;
		hi[d] = x->dims[d] - u->dims[d] - s;
	}
	return 1;
}

/* i1 tensor of type t's shape: true inside the box [lo, dims - hi). Built from iotas, which
 * XLA partitions without communication (a padded constant mask gets permuted). */
static int box_mask(TBuilder *bd, const TType *t, const int64_t *lo, const int64_t *hi)
{
	TType it = tir_type_with_dtype(*t, DT_I32), bt = tir_type_with_dtype(*t, DT_I1);
	int mask = -1;

	for (int d = 0; d < t->rank; d++) {
		if (!lo[d] && !hi[d])
			continue;
		int i = tir_build_iota(bd, it, d);
		int in = tir_build_binary(bd, TOP_AND,
		                          tir_build_compare(bd, CMP_GE, i, tir_build_splat_int(bd, it, lo[d])),
		                          tir_build_compare(bd, CMP_LT, i, tir_build_splat_int(bd, it, t->dims[d] - hi[d])));
		mask = mask < 0 ? in : tir_build_binary(bd, TOP_AND, mask, in);
	}
	return mask >= 0 ? mask : tir_build_splat_int(bd, bt, 1);
}

/* Appends the mask and the padded update to b and turns op into the select using them. */
static void dus_to_select(TFunc *f, TBlock *b, TOp *op, const int64_t *lo, const int64_t *hi)
{
	TBuilder bd = tir_builder(f, b, op->loc);
	int x = op->operands[0], u = op->operands[1];
	const TType xt = *tir_value_type(f, x), ut = *tir_value_type(f, u);
	int mask = box_mask(&bd, &xt, lo, hi);
	int zero = dtype_is_float(ut.dt) ? tir_build_splat_float(&bd, tir_type_scalar(ut.dt), 0)
	           : tir_build_splat_int(&bd, tir_type_scalar(ut.dt), 0);
	int padded = tir_build_pad(&bd, u, zero, lo, hi, NULL);

	op->kind = TOP_SELECT;
	op->noperands = 0;
	tir_op_add_operand(f, op, mask);
	tir_op_add_operand(f, op, padded);
	tir_op_add_operand(f, op, x);
}

static int rewrite_block(TFunc *f, TBlock *b)
{
	int nops = b->nops, n = 0;
	TOp **ops = xmalloc(sizeof *ops * (size_t)(nops ? nops : 1));

	memcpy(ops, b->ops, sizeof *ops * (size_t)nops);
	b->nops = 0;                       /* the ops go back in order, new ones before a DUS */
	for (int i = 0; i < nops; i++) {
		TOp *op = ops[i];
		int64_t lo[TIR_MAX_RANK], hi[TIR_MAX_RANK];
		for (int r = 0; r < op->nregions; r++)
			n += rewrite_block(f, op->regions[r]);
		const TType *t = op->kind == TOP_DYNAMIC_UPDATE_SLICE ? tir_value_type(f, op->operands[0]) : NULL;
		if (t && dtype_kind(t->dt) != DK_COMPLEX && dus_starts(f, op, lo, hi)) {
			dus_to_select(f, b, op, lo, hi);
			n++;
		}
		tir_block_append(f, b, op);
	}
	free(ops);
	return n;
}

int hlo_shard_dus_to_select(TModule *m)
{
	int n = 0;

	for (int i = 0; i < m->nfuncs; i++)
		n += rewrite_block(m->funcs[i], m->funcs[i]->body);
	return n;
}
