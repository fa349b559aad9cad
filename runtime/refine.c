/* refine.c: a shape-polymorphic module made static for one call (docs/symbolic.md).
 * Consumes a module runtime_parse read with `?` dimensions (TIR_DYN; m->dynamic) and the
 * types and values of one call's arguments. Gives @main's arguments those types, then
 * walks every op in order (callees at their call, while bodies with the loop's types):
 * infers each TIR_DYN result dimension from the operands' (now static) shapes and from
 * the folded values of shape operands, folds the integer arithmetic on shapes
 * (get_dimension_size becomes a constant), and evaluates each
 * `custom_call @shape_assertion(%ok, %v...)` as jax.export writes it: a false one is an
 * error whose message is the assertion's, `{i}` replaced by the value of operand i+1.
 * The assertions are then dropped. What holds afterwards: no TIR_DYN anywhere, and the
 * module passed tir_verify; the dynamic ops (dynamic_broadcast_in_dim, dynamic_iota,
 * dynamic_reshape, dynamic_pad) keep their shape operands, which equal their now static
 * result shapes (the interpreter checks it when it runs them). */
#include "runtime.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { FOLD_MAX = 64 };   /* shape tensors folded: at most this many elements */

typedef struct Known {
	int n;                 /* elements; 0: not known */
	int64_t v[FOLD_MAX];
} Known;

typedef struct Refine {
	TModule *m;
	char *msg;
	size_t msglen;
	int failed;
	int depth;
} Refine;

typedef struct FCtx {
	Refine *r;
	TFunc *f;
	Known *k;              /* per value id */
} FCtx;

C2H_PRINTF(3, 4) static int fail(Refine *r, const TOp *op, const char *fmt, ...)
{
	va_list ap;
	int n = 0;
	if (r->failed)
		return -1;
	r->failed = 1;
	if (op && op->loc.file)
		n = snprintf(r->msg, r->msglen, "%s:%d:%d: error: ", op->loc.file, op->loc.line, op->loc.col);
	else
		n = snprintf(r->msg, r->msglen, "error: ");
	if (n < 0 || (size_t)n >= r->msglen)
		n = 0;
	va_start(ap, fmt);
	vsnprintf(r->msg + n, r->msglen - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

static TType *vty(FCtx *c, int v) { return &c->f->values[v].type; }

static int is_dyn(const TType *t)
{
	return t->kind == TY_TENSOR && tir_dims_dynamic(t->rank, t->dims);
}

/* Gives value v (declared with `?` dims) the static type t: same rank, element type and
 * static dims. */
static int set_type(FCtx *c, const TOp *op, int v, const TType *t)
{
	TType *d = vty(c, v);
	if (d->kind != TY_TENSOR || t->kind != TY_TENSOR) {
		*d = *t;
		return 0;
	}
	if (d->rank != t->rank || d->dt != t->dt)
		return fail(c->r, op, "refining %s: rank or element type differs (%d x %s, want %d x %s)",
		            op ? tir_op_name(op->kind) : "an argument", t->rank, dtype_name(t->dt),
		            d->rank, dtype_name(d->dt));
	for (int i = 0; i < t->rank; i++)
		if (t->dims[i] < 0 || (d->dims[i] != TIR_DYN && d->dims[i] != t->dims[i]))
			return fail(c->r, op, "refining %s: dimension %d is %lld, the module says %lld",
			            op ? tir_op_name(op->kind) : "an argument", i, (long long)t->dims[i],
			            (long long)d->dims[i]);
	*d = *t;
	return 0;
}

static int set_dims(FCtx *c, const TOp *op, int res, int rank, const int64_t *dims)
{
	TType t;
	if (rank < 0 || rank > TIR_MAX_RANK || res >= op->nresults)
		return fail(c->r, op, "refining %s: a result of rank %d", tir_op_name(op->kind), rank);
	t = tir_type_tensor(vty(c, op->results[res])->dt, rank, dims);
	return set_type(c, op, op->results[res], &t);
}

/* ---- folding of integer shape arithmetic ---- */

static int known_all(FCtx *c, const TOp *op)
{
	for (int i = 0; i < op->noperands; i++)
		if (!c->k[op->operands[i]].n)
			return 0;
	return op->nresults == 1;
}

static int64_t bin(TOpKind k, int64_t a, int64_t b, int *ok)
{
	switch (k) {
	case TOP_ADD: return (int64_t)((uint64_t)a + (uint64_t)b);
	case TOP_SUBTRACT: return (int64_t)((uint64_t)a - (uint64_t)b);
	case TOP_MULTIPLY: return (int64_t)((uint64_t)a * (uint64_t)b);
	case TOP_DIVIDE: if (!b || (a == INT64_MIN && b == -1)) break; return a / b;
	case TOP_REMAINDER: if (!b || (a == INT64_MIN && b == -1)) break; return a % b;
	case TOP_MAXIMUM: return a > b ? a : b;
	case TOP_MINIMUM: return a < b ? a : b;
	case TOP_AND: return a & b;
	case TOP_OR: return a | b;
	case TOP_XOR: return a ^ b;
	default: break;
	}
	*ok = 0;
	return 0;
}

static int64_t cmp(TCmpDir d, int64_t a, int64_t b)
{
	switch (d) {
	case CMP_EQ: return a == b;
	case CMP_NE: return a != b;
	case CMP_GE: return a >= b;
	case CMP_GT: return a > b;
	case CMP_LE: return a <= b;
	case CMP_LT: return a < b;
	}
	return 0;
}

/* Element i of operand o, broadcasting a one-element value. */
static int64_t el(const Known *o, int i) { return o->v[o->n == 1 ? 0 : i]; }

static void fold_elementwise(FCtx *c, const TOp *op, Known *out)
{
	const Known *a = &c->k[op->operands[0]];
	const Known *b = op->noperands > 1 ? &c->k[op->operands[1]] : a;
	TAttr *dir = tir_op_attr(op, "comparison_direction");
	int ok = 1;
	out->n = a->n > b->n ? a->n : b->n;
	for (int i = 0; i < out->n && ok; i++) {
		if (op->kind == TOP_COMPARE)
			out->v[i] = dir ? cmp(dir->u.cmp_dir, el(a, i), el(b, i)) : (ok = 0);
		else if (op->kind == TOP_NEGATE)
			out->v[i] = (int64_t)(0 - (uint64_t)el(a, i));
		else if (op->kind == TOP_SIGN)
			out->v[i] = (el(a, i) > 0) - (el(a, i) < 0);
		else if (op->kind == TOP_ABS)
			out->v[i] = el(a, i) < 0 ? (int64_t)(0 - (uint64_t)el(a, i)) : el(a, i);
		else if (op->kind == TOP_NOT)
			out->v[i] = vty(c, op->results[0])->dt == DT_I1 ? !el(a, i) : ~el(a, i);
		else if (op->kind == TOP_SELECT)
			out->v[i] = el(a, i) ? el(b, i) : el(&c->k[op->operands[2]], i);
		else
			out->v[i] = bin(op->kind, el(a, i), el(b, i), &ok);
	}
	if (!ok)
		out->n = 0;
}

/* Wraps each element to the result's integer type, as the op would compute it. */
static void wrap(const TType *t, Known *k)
{
	unsigned char buf[8];
	for (int i = 0; i < k->n; i++) {
		tir_elem_set_i(t->dt, buf, k->v[i]);
		k->v[i] = tir_elem_get_i(t->dt, buf);
	}
}

static void fold_constant(FCtx *c, const TOp *op, Known *out)
{
	TAttr *a = tir_op_attr(op, "value");
	const TType *t = vty(c, op->results[0]);
	int64_t n = tir_type_numel(t);
	if (!a || a->kind != TA_DENSE || n > FOLD_MAX)
		return;
	for (int64_t i = 0; i < n; i++)
		out->v[i] = tir_elem_get_i(t->dt, (const char *)a->u.dense.data +
		                                  (a->u.dense.splat ? 0 : i) * dtype_size(t->dt));
	out->n = (int)n;
}

static void fold_concatenate(FCtx *c, const TOp *op, Known *out)
{
	for (int i = 0; i < op->noperands; i++) {
		const Known *x = &c->k[op->operands[i]];
		if (out->n + x->n > FOLD_MAX || vty(c, op->operands[i])->rank != 1) {
			out->n = 0;
			return;
		}
		memcpy(out->v + out->n, x->v, sizeof(int64_t) * (size_t)x->n);
		out->n += x->n;
	}
}

/* Folds op's result when it is an integer value of at most FOLD_MAX elements computed
 * from folded operands. */
static void fold(FCtx *c, const TOp *op)
{
	const TType *t = op->nresults == 1 ? vty(c, op->results[0]) : NULL;
	Known out = {0};
	if (!t || t->kind != TY_TENSOR || !(dtype_is_int(t->dt) || t->dt == DT_I1) ||
	    is_dyn(t) || tir_type_numel(t) > FOLD_MAX)
		return;
	if (op->kind == TOP_CONSTANT)
		fold_constant(c, op, &out);
	else if (op->kind == TOP_GET_DIMENSION_SIZE) {
		const TType *x = vty(c, op->operands[0]);
		int64_t d = tir_op_get_int(op, "dimension", -1);
		if (d < 0 || d >= x->rank || x->kind != TY_TENSOR)
			return;        /* tir_verify reports it */
		out.n = 1, out.v[0] = x->dims[d];
	}
	else if (!known_all(c, op))
		return;
	else if (op->kind == TOP_CONVERT || op->kind == TOP_RESHAPE)
		out = c->k[op->operands[0]];
	else if (op->kind == TOP_BROADCAST_IN_DIM && c->k[op->operands[0]].n == 1) {
		out.n = (int)tir_type_numel(t);
		for (int i = 0; i < out.n; i++)
			out.v[i] = c->k[op->operands[0]].v[0];
	} else if (op->kind == TOP_CONCATENATE)
		fold_concatenate(c, op, &out);
	else if ((tir_op_flags(op->kind) & OF_EW) || op->kind == TOP_SELECT)
		fold_elementwise(c, op, &out);
	if (!out.n || out.n != tir_type_numel(t))
		return;           /* not folded (a call's results were set by infer_call) */
	wrap(t, &out);
	c->k[op->results[0]] = out;
}

/* ---- shape inference ---- */

static const Known *shape_operand(FCtx *c, const TOp *op, int i, int rank)
{
	const Known *k = &c->k[op->operands[i]];
	if (k->n != rank) {
		fail(c->r, op, "the shape operand %d of %s is not a constant after refinement", i,
		     tir_op_name(op->kind));
		return NULL;
	}
	return k;
}

static int infer_pad(FCtx *c, const TOp *op)
{
	const TType *x = vty(c, op->operands[0]);
	int64_t d[TIR_MAX_RANK];
	const Known *lo, *hi, *in;
	if (!(lo = shape_operand(c, op, 2, x->rank)) || !(hi = shape_operand(c, op, 3, x->rank)) ||
	    !(in = shape_operand(c, op, 4, x->rank)))
		return -1;
	for (int i = 0; i < x->rank; i++)
		d[i] = lo->v[i] + hi->v[i] + x->dims[i] + (x->dims[i] ? (x->dims[i] - 1) * in->v[i] : 0);
	return set_dims(c, op, 0, x->rank, d);
}

/* real_dynamic_slice: ceil((limit - start) / stride) per dimension. */
static int infer_real_slice(FCtx *c, const TOp *op)
{
	const TType *x = vty(c, op->operands[0]);
	const Known *s, *l, *st;
	int64_t d[TIR_MAX_RANK];
	if (!(s = shape_operand(c, op, 1, x->rank)) || !(l = shape_operand(c, op, 2, x->rank)) ||
	    !(st = shape_operand(c, op, 3, x->rank)))
		return -1;
	for (int i = 0; i < x->rank; i++) {
		if (s->v[i] < 0 || l->v[i] > x->dims[i] || s->v[i] > l->v[i] || st->v[i] <= 0)
			return fail(c->r, op, "real_dynamic_slice [%lld:%lld:%lld] of a dimension of %lld",
			            (long long)s->v[i], (long long)l->v[i], (long long)st->v[i],
			            (long long)x->dims[i]);
		d[i] = (l->v[i] - s->v[i] + st->v[i] - 1) / st->v[i];
	}
	return set_dims(c, op, 0, x->rank, d);
}

static int infer_slice(FCtx *c, const TOp *op)
{
	TInts s = tir_op_get_ints(op, "start_indices"), l = tir_op_get_ints(op, "limit_indices");
	TInts st = tir_op_get_ints(op, "strides");
	int64_t d[TIR_MAX_RANK];
	for (int i = 0; i < s.n && i < l.n && i < TIR_MAX_RANK; i++) {
		int64_t step = i < st.n && st.v[i] > 0 ? st.v[i] : 1;
		d[i] = l.v[i] > s.v[i] ? (l.v[i] - s.v[i] + step - 1) / step : 0;
	}
	return set_dims(c, op, 0, s.n, d);
}

static int infer_static_pad(FCtx *c, const TOp *op)
{
	const TType *x = vty(c, op->operands[0]);
	TInts lo = tir_op_get_ints(op, "edge_padding_low"), hi = tir_op_get_ints(op, "edge_padding_high");
	TInts in = tir_op_get_ints(op, "interior_padding");
	int64_t d[TIR_MAX_RANK];
	if (lo.n != x->rank || hi.n != x->rank)
		return fail(c->r, op, "pad without its paddings");
	for (int i = 0; i < x->rank; i++)
		d[i] = lo.v[i] + hi.v[i] + x->dims[i] +
		       (in.n == x->rank && x->dims[i] ? (x->dims[i] - 1) * in.v[i] : 0);
	return set_dims(c, op, 0, x->rank, d);
}

static int infer_concatenate(FCtx *c, const TOp *op)
{
	const TType *x = vty(c, op->operands[0]);
	int64_t dim = tir_op_get_int(op, "dimension", 0), d[TIR_MAX_RANK];
	if (dim < 0 || dim >= x->rank)
		return fail(c->r, op, "concatenate along dimension %lld of rank %d", (long long)dim, x->rank);
	memcpy(d, x->dims, sizeof(d));
	for (int i = 1; i < op->noperands; i++)
		d[dim] += vty(c, op->operands[i])->dims[dim];
	return set_dims(c, op, 0, x->rank, d);
}

static int infer_transpose(FCtx *c, const TOp *op)
{
	const TType *x = vty(c, op->operands[0]);
	TInts p = tir_op_get_ints(op, "permutation");
	int64_t d[TIR_MAX_RANK];
	for (int i = 0; i < p.n && i < TIR_MAX_RANK; i++) {
		if (p.v[i] < 0 || p.v[i] >= x->rank)
			return fail(c->r, op, "transpose: permutation entry %lld of rank %d", (long long)p.v[i], x->rank);
		d[i] = x->dims[p.v[i]];
	}
	return set_dims(c, op, 0, p.n, d);
}

/* reduce: each result is its operand without the reduced dimensions. */
static int infer_reduce(FCtx *c, const TOp *op)
{
	TInts rd = tir_op_get_ints(op, "dimensions");
	int n = op->nresults;
	for (int r = 0; r < n; r++) {
		const TType *x = vty(c, op->operands[r]);
		int64_t d[TIR_MAX_RANK];
		int k = 0;
		for (int i = 0; i < x->rank; i++) {
			int gone = 0;
			for (int j = 0; j < rd.n; j++)
				gone |= rd.v[j] == i;
			if (!gone)
				d[k++] = x->dims[i];
		}
		if (set_dims(c, op, r, k, d))
			return -1;
	}
	return 0;
}

static int in_list(TInts l, int64_t v)
{
	for (int i = 0; i < l.n; i++)
		if (l.v[i] == v)
			return 1;
	return 0;
}

static int infer_dot(FCtx *c, const TOp *op)
{
	const TType *a = vty(c, op->operands[0]), *b = vty(c, op->operands[1]);
	TAttr *at = tir_op_attr(op, "dot_dimension_numbers");
	int64_t d[TIR_MAX_RANK];
	int k = 0;
	if (!at || at->kind != TA_DOT_DIMS)
		return fail(c->r, op, "dot_general without dimension numbers");
	for (int i = 0; i < at->u.dot.lhs_batch.n && k < TIR_MAX_RANK; i++) {
		int64_t j = at->u.dot.lhs_batch.v[i];
		if (j < 0 || j >= a->rank)
			return fail(c->r, op, "dot_general: batch dimension %lld of rank %d", (long long)j, a->rank);
		d[k++] = a->dims[j];
	}
	for (int i = 0; i < a->rank && k < TIR_MAX_RANK; i++)
		if (!in_list(at->u.dot.lhs_batch, i) && !in_list(at->u.dot.lhs_contract, i))
			d[k++] = a->dims[i];
	for (int i = 0; i < b->rank && k < TIR_MAX_RANK; i++)
		if (!in_list(at->u.dot.rhs_batch, i) && !in_list(at->u.dot.rhs_contract, i))
			d[k++] = b->dims[i];
	return set_dims(c, op, 0, k, d);
}

/* Element-wise ops, select, clamp: the shape of the operand of the result's rank. */
static int infer_same(FCtx *c, const TOp *op)
{
	const TType *r = vty(c, op->results[0]);
	for (int i = 0; i < op->noperands; i++) {
		const TType *x = vty(c, op->operands[i]);
		if (x->kind == TY_TENSOR && x->rank == r->rank)
			return set_dims(c, op, 0, x->rank, x->dims);
	}
	return fail(c->r, op, "no operand of %s has the result's rank", tir_op_name(op->kind));
}

/* dynamic_gather: the batch dimensions of the indices around the offset dimensions, whose
 * extents are the slice sizes of the operand's dimensions that are neither collapsed nor
 * batching (StableHLO spec, gather). */
static int infer_gather(FCtx *c, const TOp *op)
{
	const TType *x = vty(c, op->operands[0]), *ix = vty(c, op->operands[1]);
	const TType *r = vty(c, op->results[0]);
	TAttr *at = tir_op_attr(op, "dimension_numbers");
	const Known *sz = shape_operand(c, op, 2, x->rank);
	int64_t d[TIR_MAX_RANK], off[TIR_MAX_RANK], bat[TIR_MAX_RANK];
	int no = 0, nb = 0, io = 0, ib = 0;
	if (!sz)
		return -1;
	if (!at || at->kind != TA_GATHER_DIMS)
		return fail(c->r, op, "gather without dimension numbers");
	for (int i = 0; i < x->rank; i++)
		if (!in_list(at->u.gather.collapsed_slice_dims, i) &&
		    !in_list(at->u.gather.operand_batching_dims, i))
			off[no++] = sz->v[i];
	for (int i = 0; i < ix->rank; i++)
		if (i != at->u.gather.index_vector_dim)
			bat[nb++] = ix->dims[i];
	if (no + nb != r->rank || no != at->u.gather.offset_dims.n)
		return fail(c->r, op, "gather whose result rank does not match its dimension numbers");
	for (int i = 0; i < r->rank; i++)
		d[i] = in_list(at->u.gather.offset_dims, i) ? off[io++] : bat[ib++];
	return set_dims(c, op, 0, r->rank, d);
}

static int refine_func(Refine *r, TFunc *f, const TType *types, const Known *vals, int n,
                       Known *rets);
static int refine_block(FCtx *c, TBlock *b);

static int infer_call(FCtx *c, const TOp *op)
{
	TAttr *callee = tir_op_attr(op, "callee");
	TFunc *g = callee && callee->kind == TA_STRING ? tir_module_find_func(c->r->m, callee->u.s) : NULL;
	TType ts[64];
	Known *ks, *rets;
	int rc;
	if (!g || op->noperands > 64 || g->nresults != op->nresults)
		return fail(c->r, op, "call of an unknown function or of too many arguments");
	ks = xcalloc((size_t)op->noperands + 1, sizeof(Known));
	rets = xcalloc((size_t)op->nresults + 1, sizeof(Known));
	for (int i = 0; i < op->noperands; i++) {
		ts[i] = *vty(c, op->operands[i]);
		ks[i] = c->k[op->operands[i]];
	}
	rc = refine_func(c->r, g, ts, ks, op->noperands, rets);
	for (int i = 0; !rc && i < op->nresults; i++) {
		rc = set_type(c, op, op->results[i], &g->results[i].type);
		c->k[op->results[i]] = rets[i];
	}
	free(ks);
	free(rets);
	return rc;
}

static int loop_invariant(const TFunc *f, const TOp *op, int i);

/* Is v the block argument a, or the result of a loop nested in a's block that carries a
 * through unchanged (a time loop inside a time loop, both passing n along)? */
static int same_value(const TFunc *f, int v, int a)
{
	const TOp *d;
	if (v == a)
		return 1;
	d = v >= 0 && v < f->nvalues ? f->values[v].def : NULL;
	if (!d || d->kind != TOP_WHILE)
		return 0;
	for (int j = 0; j < d->nresults && j < d->noperands; j++)
		if (d->results[j] == v)
			return loop_invariant(f, d, j) && same_value(f, d->operands[j], a);
	return 0;
}

/* Is loop value i one the body returns unchanged (its own block argument, also through
 * nested loops)? Then every iteration, and the loop's result, see the operand's value:
 * folded values carry over (a scalar a time loop passes to each launch, checked by a
 * shape assertion inside). */
static int loop_invariant(const TFunc *f, const TOp *op, int i)
{
	const TBlock *body = op->nregions == 2 ? op->regions[1] : NULL;
	const TOp *ret = body && body->nops ? body->ops[body->nops - 1] : NULL;
	return ret && ret->kind == TOP_RETURN && i < ret->noperands && i < body->nargs &&
	       same_value(f, ret->operands[i], body->args[i]);
}

/* while: the loop's values keep the types of its operands; cond and body see them. */
static int infer_while(FCtx *c, TOp *op)
{
	for (int r = 0; r < op->nregions; r++) {
		TBlock *b = op->regions[r];
		for (int i = 0; i < b->nargs && i < op->noperands; i++) {
			if (set_type(c, op, b->args[i], vty(c, op->operands[i])))
				return -1;
			if (loop_invariant(c->f, op, i))
				c->k[b->args[i]] = c->k[op->operands[i]];
		}
		if (refine_block(c, b))
			return -1;
	}
	for (int i = 0; i < op->nresults; i++) {
		if (set_type(c, op, op->results[i], vty(c, op->operands[i])))
			return -1;
		if (loop_invariant(c->f, op, i))
			c->k[op->results[i]] = c->k[op->operands[i]];
	}
	return 0;
}

/* if / case: the results have the types the first branch returns. */
static int infer_branches(FCtx *c, TOp *op)
{
	for (int r = 0; r < op->nregions; r++)
		if (refine_block(c, op->regions[r]))
			return -1;
	if (op->nregions) {
		TBlock *b = op->regions[0];
		const TOp *ret = b->nops ? b->ops[b->nops - 1] : NULL;
		for (int i = 0; ret && i < op->nresults && i < ret->noperands; i++)
			if (set_type(c, op, op->results[i], vty(c, ret->operands[i])))
				return -1;
	}
	return 0;
}

static int infer_dynamic_result(FCtx *c, const TOp *op)
{
	const TType *r = vty(c, op->results[0]);
	const Known *s;
	switch (op->kind) {
	case TOP_DYNAMIC_BROADCAST_IN_DIM: case TOP_DYNAMIC_RESHAPE:
		return (s = shape_operand(c, op, 1, r->rank)) ? set_dims(c, op, 0, r->rank, s->v) : -1;
	case TOP_DYNAMIC_IOTA:
		return (s = shape_operand(c, op, 0, r->rank)) ? set_dims(c, op, 0, r->rank, s->v) : -1;
	case TOP_DYNAMIC_PAD: return infer_pad(c, op);
	case TOP_DYNAMIC_GATHER: return infer_gather(c, op);
	case TOP_REAL_DYNAMIC_SLICE: return infer_real_slice(c, op);
	case TOP_SCATTER:
		for (int i = 0; i < op->nresults; i++)
			if (set_type(c, op, op->results[i], vty(c, op->operands[i])))
				return -1;
		return 0;
	case TOP_SLICE: return infer_slice(c, op);
	case TOP_PAD: return infer_static_pad(c, op);
	case TOP_CONCATENATE: return infer_concatenate(c, op);
	case TOP_TRANSPOSE: return infer_transpose(c, op);
	case TOP_REDUCE: return infer_reduce(c, op);
	case TOP_DOT_GENERAL: return infer_dot(c, op);
	case TOP_DYNAMIC_SLICE: {
		TInts sz = tir_op_get_ints(op, "slice_sizes");
		return set_dims(c, op, 0, sz.n, sz.v);
	}
	case TOP_DYNAMIC_UPDATE_SLICE: case TOP_REVERSE: case TOP_BITCAST_CONVERT:
		return set_type(c, op, op->results[0], vty(c, op->operands[0]));
	default:
		if ((tir_op_flags(op->kind) & OF_EW) || op->kind == TOP_SELECT || op->kind == TOP_CLAMP)
			return infer_same(c, op);
		return fail(c->r, op, "cannot refine the shape of '%s'", tir_op_name(op->kind));
	}
}

/* The operand and result counts refine relies on (the module is verified only after
 * refinement: a malformed one must fail here, not read past an op's operands). */
static int arity_ok(const TOp *op)
{
	int no = tir_op_noperands(op->kind), nr = tir_op_nresults(op->kind);
	if ((no >= 0 && op->noperands != no) || (nr >= 0 && op->nresults != nr))
		return 0;
	if (op->kind == TOP_SCATTER)
		return op->noperands >= op->nresults;
	return op->kind == TOP_CALL || op->kind == TOP_RETURN || op->kind == TOP_WHILE ||
	       op->kind == TOP_IF || op->kind == TOP_CASE || op->nresults == 0 || op->noperands >= 1 ||
	       op->kind == TOP_CONSTANT || op->kind == TOP_IOTA || op->kind == TOP_AFTER_ALL;
}

static int infer(FCtx *c, TOp *op)
{
	int dyn = 0;
	if (!arity_ok(op))
		return fail(c->r, op, "'%s' with %d operands and %d results", tir_op_name(op->kind),
		            op->noperands, op->nresults);
	if (op->kind == TOP_CALL)
		return infer_call(c, op);
	if (op->kind == TOP_WHILE)
		return infer_while(c, op);
	if (op->kind == TOP_IF || op->kind == TOP_CASE)
		return infer_branches(c, op);
	for (int r = 0; r < op->nregions; r++)   /* reduce, sort, map, scatter: scalar bodies */
		if (refine_block(c, op->regions[r]))
			return -1;
	for (int i = 0; i < op->nresults; i++)
		dyn |= is_dyn(vty(c, op->results[i]));
	return dyn ? infer_dynamic_result(c, op) : 0;
}

/* ---- dynamic ops as static ones (the cpu backend and XLA take the static forms) ---- */

/* Their shape operands are constants now: they become attributes, the op its static form. */
static void to_static(FCtx *c, TOp *op)
{
	const Known *lo, *hi, *in;
	switch (op->kind) {
	case TOP_DYNAMIC_BROADCAST_IN_DIM: op->kind = TOP_BROADCAST_IN_DIM; op->noperands = 1; break;
	case TOP_DYNAMIC_RESHAPE: op->kind = TOP_RESHAPE; op->noperands = 1; break;
	case TOP_DYNAMIC_IOTA: op->kind = TOP_IOTA; op->noperands = 0; break;
	case TOP_REAL_DYNAMIC_SLICE:
		lo = &c->k[op->operands[1]], hi = &c->k[op->operands[2]], in = &c->k[op->operands[3]];
		tir_op_set_ints(c->f, op, "start_indices", lo->v, lo->n);
		tir_op_set_ints(c->f, op, "limit_indices", hi->v, hi->n);
		tir_op_set_ints(c->f, op, "strides", in->v, in->n);
		op->kind = TOP_SLICE;
		op->noperands = 1;
		break;
	case TOP_DYNAMIC_GATHER:
		in = &c->k[op->operands[2]];
		tir_op_set_ints(c->f, op, "slice_sizes", in->v, in->n);
		op->kind = TOP_GATHER;
		op->noperands = 2;
		break;
	case TOP_DYNAMIC_PAD:
		lo = &c->k[op->operands[2]], hi = &c->k[op->operands[3]], in = &c->k[op->operands[4]];
		tir_op_set_ints(c->f, op, "edge_padding_low", lo->v, lo->n);
		tir_op_set_ints(c->f, op, "edge_padding_high", hi->v, hi->n);
		tir_op_set_ints(c->f, op, "interior_padding", in->v, in->n);
		op->kind = TOP_PAD;
		op->noperands = 2;
		break;
	default: break;
	}
}

/* ---- shape assertions ---- */

static int is_assertion(const TOp *op)
{
	TAttr *t = op->kind == TOP_CUSTOM_CALL ? tir_op_attr(op, "call_target_name") : NULL;
	return t && t->kind == TA_STRING && strcmp(t->u.s, "shape_assertion") == 0;
}

/* The message with {i} replaced by the value of operand i + 1. */
static void format_message(FCtx *c, const TOp *op, const char *m, StrBuf *out)
{
	for (const char *s = m; *s; s++) {
		char *end;
		long i = *s == '{' ? strtol(s + 1, &end, 10) : -1;
		if (i >= 0 && *end == '}' && i + 1 < op->noperands && c->k[op->operands[i + 1]].n == 1) {
			sb_printf(out, "%lld", (long long)c->k[op->operands[i + 1]].v[0]);
			s = end;
		} else {
			sb_printf(out, "%c", *s);
		}
	}
}

static int check_assertion(FCtx *c, const TOp *op)
{
	TAttr *m = tir_op_attr(op, "error_message");
	const Known *ok = op->noperands ? &c->k[op->operands[0]] : NULL;
	StrBuf msg = {0};
	if (!ok || ok->n != 1)
		return fail(c->r, op, "shape assertion whose condition is not a constant after refinement");
	if (ok->v[0])
		return 0;
	format_message(c, op, m && m->kind == TA_STRING ? m->u.s : "shape assertion failed", &msg);
	fail(c->r, op, "shape assertion failed: %s", sb_str(&msg));
	sb_free(&msg);
	return -1;
}

/* ---- blocks and functions ---- */

/* get_dimension_size of a static operand: the constant (fold found its value). */
static void fold_dimension_size(FCtx *c, TOp *op)
{
	const Known *k = &c->k[op->results[0]];
	const TType *t = vty(c, op->results[0]);
	unsigned char buf[8];
	if (k->n != 1 || t->rank != 0 || !dtype_is_int(t->dt))
		return;                /* tir_verify reports a malformed one */
	tir_elem_set_i(t->dt, buf, k->v[0]);
	tir_op_set_dense(c->f, op, "value", *t, buf, 1);
	op->kind = TOP_CONSTANT;
	op->noperands = 0;
}

static int refine_block(FCtx *c, TBlock *b)
{
	int n = 0;
	for (int i = 0; i < b->nops; i++) {
		TOp *op = b->ops[i];
		if (is_assertion(op)) {
			if (check_assertion(c, op))
				return -1;
			continue;          /* dropped */
		}
		if (infer(c, op))
			return -1;
		fold(c, op);
		to_static(c, op);
		if (op->kind == TOP_GET_DIMENSION_SIZE)
			fold_dimension_size(c, op);
		b->ops[n++] = op;
	}
	b->nops = n;
	return 0;
}

/* f at a call (every call: the values folded may differ); a second call whose shapes
 * differ from the first's fails in set_type (one static body serves every call). rets
 * (may be NULL) gets the folded values f returns. */
static int refine_func(Refine *r, TFunc *f, const TType *types, const Known *vals, int n,
                       Known *rets)
{
	int rc = 0;
	FCtx c = {r, f, NULL};
	if (n != f->nargs)
		return fail(r, NULL, "@%s takes %d arguments, given %d", f->name, f->nargs, n);
	if (++r->depth > RT_MAX_CALL_DEPTH)
		return fail(r, NULL, "calls nested deeper than %d", RT_MAX_CALL_DEPTH);
	c.k = xcalloc((size_t)f->nvalues + 1, sizeof(Known));
	for (int i = 0; i < n && !rc; i++) {
		rc = set_type(&c, NULL, f->args[i].value, &types[i]);
		f->args[i].type = types[i];
		if (vals)
			c.k[f->args[i].value] = vals[i];
	}
	if (!rc)
		rc = refine_block(&c, f->body);
	if (!rc && f->body->nops) {
		const TOp *ret = f->body->ops[f->body->nops - 1];
		for (int i = 0; i < f->nresults && i < ret->noperands; i++) {
			f->results[i].type = *vty(&c, ret->operands[i]);
			if (rets)
				rets[i] = c.k[ret->operands[i]];
		}
	}
	free(c.k);
	r->depth--;
	return rc;
}

/* Integer 0-d arguments are folded too (a size passed as a scalar input). */
static void arg_values(const RtValue *args, int nargs, Known *ks)
{
	for (int i = 0; i < nargs; i++) {
		const RtValue *a = &args[i];
		if (a->type.kind == TY_TENSOR && (dtype_is_int(a->type.dt) || a->type.dt == DT_I1) &&
		    rt_numel(a) <= FOLD_MAX && rt_data(a)) {
			ks[i].n = (int)rt_numel(a);
			for (int j = 0; j < ks[i].n; j++)
				ks[i].v[j] = rt_get_i64(a->type.dt, rt_data(a), j);
		}
	}
}

int runtime_refine(TModule *m, const RtValue *args, int nargs, char *msg, size_t msglen)
{
	Refine r = {m, msg, msglen, 0, 0};
	TFunc *main_fn = tir_module_main(m);
	TType ts[256];
	Known *ks;
	int rc;
	if (!main_fn || nargs > 256)
		return fail(&r, NULL, "no @main, or more than 256 arguments");
	ks = xcalloc((size_t)nargs + 1, sizeof(Known));
	for (int i = 0; i < nargs; i++)
		ts[i] = args[i].type;
	arg_values(args, nargs, ks);
	rc = refine_func(&r, main_fn, ts, ks, nargs, NULL);
	free(ks);
	if (rc)
		return -1;
	for (int i = 0; i < m->nfuncs; i++)
		for (int v = 0; v < m->funcs[i]->nvalues; v++)
			if (is_dyn(&m->funcs[i]->values[v].type))
				return fail(&r, NULL, "@%s keeps a value of dynamic shape after refinement (a function "
				            "no call reaches, or an op refine does not know)", m->funcs[i]->name);
	m->dynamic = 0;
	if (tir_verify_report(m, 1, NULL, msg, msglen))
		return -1;
	return 0;
}
