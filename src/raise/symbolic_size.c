/* symbolic_size.c: --symbolic buffer sizes (docs/symbolic.md, "Symbolic buffer sizes").
 * With --symbolic, a pointer parameter without --size keeps its element count a symbol:
 * an isl parameter named after the pointer (KirBuffer.sym_size), so the bounds check
 * turns "the access stays below the size" into the assumption (`n <= size(x)`, checked
 * at run time by the shape assertion, symbolic_assert.c) instead of an error. The launch
 * is static, so the indices it accesses have a largest value B for every assumed value
 * of the symbols (race.c gives it, poly_range_max): the raise works on a tensor of B
 * elements exactly as with `--size x=B`, and only the module's boundary is dynamic:
 *   in:  x : tensor<?xT>, S = get_dimension_size(x); x_B = the first B elements of x
 *        padded with zeros to max(S, B) (dynamic_pad, real_dynamic_slice);
 *   out: x with its first min(S, B) elements replaced by those of the result
 *        (dynamic_pad to max(S, B), dynamic_update_slice at 0, real_dynamic_slice to S).
 * Exact: under the assumption every element accessed is below S, so the padding is never
 * read by a running thread and nothing beyond S is written; elements at or past B keep
 * their values. The dense ops inside are those of the static conversion (same slices,
 * reduces, dot_generals; no gathers); refinement (runtime/refine.c) makes the boundary
 * static per call. A buffer whose accessed indices are unbounded for some assumed value
 * (an index offset by an unbound scalar, a loop bounded by a symbol that no static size
 * limits) is refused at its parameter: give it --size. */
#include "raise_int.h"

#include <stdlib.h>
#include <string.h>

KirKernel *raise_sym_size_kernel(const Options *o, const KirKernel *k)
{
	KirKernel *ks;
	int any = 0;
	if (!o || !o->symbolic.len)
		return NULL;
	for (size_t i = 0; i < k->nparams; i++)
		any |= k->params[i].type == KT_PTR && k->bufs[k->params[i].buffer].count <= 0;
	if (!any)
		return NULL;
	ks = xmalloc(sizeof(*ks));
	*ks = *k;
	ks->bufs = xmalloc(sizeof(KirBuffer) * (k->nbufs + 1));
	memcpy(ks->bufs, k->bufs, sizeof(KirBuffer) * k->nbufs);
	for (size_t i = 0; i < k->nparams; i++)
		if (k->params[i].type == KT_PTR && k->bufs[k->params[i].buffer].count <= 0)
			ks->bufs[k->params[i].buffer].sym_size = 1;
	return ks;
}

int raise_sym_size_bounds(KirKernel *ks, const int64_t *symhi)
{
	int bad = 0;
	for (size_t i = 0; i < ks->nparams; i++) {
		const KirParam *p = &ks->params[i];
		KirBuffer *kb = p->type == KT_PTR ? &ks->bufs[p->buffer] : NULL;
		if (!kb || !kb->sym_size)
			continue;
		if (symhi[p->buffer] < 0) {
			diag_error(p->loc, "--symbolic: the size of buffer '%s' cannot stay symbolic: the "
			           "indices the launch accesses are unbounded for some assumed value of the "
			           "symbols, and the raise needs a static bound on them", p->name);
			diag_note(ks->loc, "in kernel '%s' (give --size %s=N, or bind the scalar that "
			          "offsets or bounds its indices with --set)", ks->name, p->name);
			bad = 1;
			continue;
		}
		kb->count = symhi[p->buffer] + 1;
	}
	return bad;
}

void raise_sym_size_free(KirKernel *ks, int64_t *symhi)
{
	if (ks) {
		free(ks->bufs);
		free(ks);
	}
	free(symhi);
}

static int i64_vec(Raise *r, int scalar)
{
	return tir_build_reshape(&r->b, scalar, tir_type_vector(DT_I64, 1));
}

static int i64_const(Raise *r, int64_t v, int64_t n)
{
	return tir_build_splat_int(&r->b, n ? tir_type_vector(DT_I64, n) : tir_type_scalar(DT_I64), v);
}

/* x (tensor<?xT> of S elements) padded at the end with zeros to max(S, b) elements. */
static int pad_to(Raise *r, int x, int size, int64_t b)
{
	const TType *t = tir_value_type(r->f, x);
	int hi = tir_build_binary(&r->b, TOP_MAXIMUM,
	                          tir_build_binary(&r->b, TOP_SUBTRACT, i64_const(r, b, 0), size),
	                          i64_const(r, 0, 0));
	int ops[5] = {x, dtype_is_float(t->dt) ? tir_build_splat_float(&r->b, tir_type_scalar(t->dt), 0)
	                                      : tir_build_splat_int(&r->b, tir_type_scalar(t->dt), 0),
	              i64_const(r, 0, 1), i64_vec(r, hi), i64_const(r, 0, 1)};
	TType rt = *t;
	TOp *op = tir_build_op(&r->b, TOP_DYNAMIC_PAD, ops, 5);
	return tir_op_add_result(r->f, op, rt);
}

/* The first n elements of x (n a tensor<1xi64>) as type t. */
static int prefix(Raise *r, int x, int n, TType t)
{
	int ops[4] = {x, i64_const(r, 0, 1), n, i64_const(r, 1, 1)};
	TOp *op = tir_build_op(&r->b, TOP_REAL_DYNAMIC_SLICE, ops, 4);
	return tir_op_add_result(r->f, op, t);
}

static int dim_size(Raise *r, int x)
{
	TOp *op = tir_build_op(&r->b, TOP_GET_DIMENSION_SIZE, &x, 1);
	int v;
	tir_op_set_int(r->f, op, "dimension", 0);
	v = tir_op_add_result(r->f, op, tir_type_scalar(DT_I32));
	return tir_build_convert(&r->b, v, DT_I64);
}

char *raise_assume_all(const Options *o, const KirKernel *k)
{
	char *sym = raise_symbolic_mask(o, k);
	StrBuf t = {0};
	char *out;
	if (!sym)
		return NULL;
	free(sym);
	sb_printf(&t, "[");
	for (size_t i = 0, n = 0; i < k->nparams; i++) {     /* poly_create's parameters */
		const KirParam *p = &k->params[i];
		if ((!p->bound && p->type != KT_PTR && frontend_dtype_is_int(p->type)) ||
		    (p->type == KT_PTR && k->bufs[p->buffer].sym_size))
			sb_printf(&t, "%s%s", n++ ? ", " : "", p->name);
	}
	sb_printf(&t, "] -> { : }");
	out = xstrdup(sb_str(&t));
	sb_free(&t);
	return out;
}

int raise_sym_size_in(Raise *r, int arg, int64_t bound, int *size)
{
	DType dt = tir_value_type(r->f, arg)->dt;
	*size = dim_size(r, arg);
	return prefix(r, pad_to(r, arg, *size, bound), i64_const(r, bound, 1), tir_type_vector(dt, bound));
}

int raise_sym_size_out(Raise *r, int param, int v)
{
	const char *name = r->k->params[param].name;
	int arg = -1, zero;
	for (int j = 0; j < r->f->nargs; j++) {
		TAttr *nm = tir_param_attr(&r->f->args[j], "cuda2hlo.param");
		if (nm && !strcmp(nm->u.s, name))
			arg = r->f->args[j].value;
	}
	ASSERT(arg >= 0);
	zero = tir_build_reshape(&r->b, i64_const(r, 0, 1), tir_type_scalar(DT_I64));
	v = tir_build_dynamic_update_slice(&r->b, pad_to(r, arg, r->param[param],
	                                                 r->bufsize[r->k->params[param].buffer]),
	                                   v, &zero);
	return prefix(r, v, i64_vec(r, r->param[param]), *tir_value_type(r->f, arg));
}
