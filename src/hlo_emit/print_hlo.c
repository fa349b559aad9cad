/* print_hlo.c: tensor IR -> classic HLO text (`--emit hlo`), the format of XLA's
 * HloModule::ToString, which jaxlib._hlo.hlo_module_from_text parses.
 * Consumes a verified TModule whose @main is the entry; produces
 *   HloModule main, entry_computation_layout={(f32[1000]{0})->(f32[1000]{0})}
 *   region_0 { ... }             one computation per region and per private function
 *   ENTRY main { p0 = ... parameter(0) ... ROOT t = (...) tuple(...) }
 * Instruction names are i<N> with N counted over the whole module, so the output is
 * deterministic. StableHLO forms with no direct HLO spelling are lowered: splat
 * constants become a scalar constant and a broadcast, a scalar select predicate is
 * broadcast, and while loops carry their operands as one tuple. Regions that use values
 * from outside (if, case, or while bodies that capture) are reported as unsupported. */
#include "hlo_emit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct HPrinter {
	StrBuf *out;      /* the whole module */
	StrBuf comps;     /* computations printed before ENTRY */
	const TModule *m;
	const TFunc *f;
	int *name;        /* value id -> instruction number; -1 undefined */
	int next, nregions, nerr;
} HPrinter;

static const char *hlo_dtype(DType t)
{
	switch (t) {
	case DT_I1: return "pred";
	case DT_I2: return "s2";
	case DT_I4: return "s4";
	case DT_I8: return "s8";
	case DT_I16: return "s16";
	case DT_I32: return "s32";
	case DT_I64: return "s64";
	case DT_UI2: return "u2";
	case DT_UI4: return "u4";
	case DT_UI8: return "u8";
	case DT_UI16: return "u16";
	case DT_UI32: return "u32";
	case DT_UI64: return "u64";
	case DT_C64: return "c64";
	case DT_C128: return "c128";
	case DT_F8E4M3FN: return "f8e4m3fn";
	case DT_F8E5M2: return "f8e5m2";
	case DT_F8E4M3FNUZ: return "f8e4m3fnuz";
	case DT_F8E5M2FNUZ: return "f8e5m2fnuz";
	case DT_F8E4M3B11FNUZ: return "f8e4m3b11fnuz";
	case DT_F8E3M4: return "f8e3m4";
	case DT_F8E4M3: return "f8e4m3";
	case DT_F8E8M0FNU: return "f8e8m0fnu";
	case DT_F6E2M3FN: return "f6e2m3fn";
	case DT_F6E3M2FN: return "f6e3m2fn";
	case DT_F4E2M1FN: return "f4e2m1fn";
	default: return dtype_name(t);
	}
}

/* f32[4,3]{1,0} */
static void hshape(StrBuf *out, const TType *t)
{
	if (t->kind == TY_TUPLE) {
		sb_putc(out, '(');
		for (int i = 0; i < t->nelems; i++) {
			if (i)
				sb_append(out, ", ");
			hshape(out, &t->elems[i]);
		}
		sb_putc(out, ')');
		return;
	}
	if (t->kind == TY_TOKEN) {
		sb_append(out, "token[]");
		return;
	}
	sb_printf(out, "%s[", hlo_dtype(t->dt));
	for (int i = 0; i < t->rank; i++)
		sb_printf(out, "%s%lld", i ? "," : "", (long long)t->dims[i]);
	sb_putc(out, ']');
	if (t->rank) {
		sb_putc(out, '{');
		for (int i = t->rank - 1; i >= 0; i--)
			sb_printf(out, "%d%s", i, i ? "," : "");
		sb_putc(out, '}');
	}
}

static void hlist(StrBuf *out, TInts x)
{
	sb_putc(out, '{');
	for (int i = 0; i < x.n; i++)
		sb_printf(out, "%s%lld", i ? "," : "", (long long)x.v[i]);
	sb_putc(out, '}');
}

/* One element in HLO literal syntax: true, 3, 1.5, nan, -inf */
static void helem(StrBuf *out, DType t, const void *p)
{
	if (dtype_is_complex(t)) {     /* (re, im) */
		DType pt = dtype_complex_part(t);
		sb_putc(out, '(');
		helem(out, pt, p);
		sb_append(out, ", ");
		helem(out, pt, (const char *)p + dtype_size(pt));
		sb_putc(out, ')');
		return;
	}
	if (!dtype_is_float(t)) {
		if (t == DT_I1) {
			sb_append(out, tir_elem_get_i(t, p) ? "true" : "false");
			return;
		}
		tir_elem_print(out, t, p);
		return;
	}
	double d = tir_elem_get_f(t, p);
	if (isnan(d)) {
		sb_append(out, "nan");
		return;
	}
	if (isinf(d)) {
		sb_append(out, d < 0 ? "-inf" : "inf");
		return;
	}
	char buf[64];
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(buf, sizeof buf, "%.*g", prec, d);
		unsigned char back[8];
		tir_elem_set_f(t, back, t == DT_F32 ? (double)strtof(buf, NULL) : strtod(buf, NULL));
		if (memcmp(back, p, (size_t)dtype_size(t)) == 0)
			break;
	}
	sb_append(out, buf);
}

static void hliteral(StrBuf *out, const TType *t, const unsigned char *data, int dim, int64_t *off)
{
	if (dim == t->rank) {
		helem(out, t->dt, data + *off * dtype_size(t->dt));
		(*off)++;
		return;
	}
	sb_append(out, "{ ");
	for (int64_t i = 0; i < t->dims[dim]; i++) {
		if (i)
			sb_append(out, ", ");
		hliteral(out, t, data, dim + 1, off);
	}
	sb_append(out, " }");
}

/* ---- instructions ---- */

static void uname(HPrinter *h, StrBuf *out, int v)
{
	sb_printf(out, "i%d", h->name[v]);
}

/* "  iN = SHAPE " for a new instruction defining value v (v < 0: a fresh helper) */
static int begin(HPrinter *h, StrBuf *out, int v, const TType *t, int root)
{
	int n = h->next++;
	if (v >= 0)
		h->name[v] = n;
	sb_printf(out, "  %si%d = ", root ? "ROOT " : "", n);
	hshape(out, t);
	sb_putc(out, ' ');
	return n;
}

static void operands(HPrinter *h, StrBuf *out, const TOp *op, int from, int to)
{
	sb_putc(out, '(');
	for (int i = from; i < to; i++) {
		if (i > from)
			sb_append(out, ", ");
		uname(h, out, op->operands[i]);
	}
	sb_putc(out, ')');
}

static const char *hlo_opcode(TOpKind k)
{
	switch (k) {
	case TOP_SHIFT_LEFT: return "shift-left";
	case TOP_SHIFT_RIGHT_ARITHMETIC: return "shift-right-arithmetic";
	case TOP_SHIFT_RIGHT_LOGICAL: return "shift-right-logical";
	case TOP_COUNT_LEADING_ZEROS: return "count-leading-zeros";
	case TOP_ROUND_NEAREST_AFZ: return "round-nearest-afz";
	case TOP_ROUND_NEAREST_EVEN: return "round-nearest-even";
	case TOP_EXPONENTIAL_MINUS_ONE: return "exponential-minus-one";
	case TOP_LOG_PLUS_ONE: return "log-plus-one";
	case TOP_IS_FINITE: return "is-finite";
	case TOP_BITCAST_CONVERT: return "bitcast-convert";
	case TOP_DYNAMIC_SLICE: return "dynamic-slice";
	case TOP_DYNAMIC_UPDATE_SLICE: return "dynamic-update-slice";
	case TOP_BROADCAST_IN_DIM: return "broadcast";
	case TOP_DOT_GENERAL: return "dot";
	case TOP_GET_TUPLE_ELEMENT: return "get-tuple-element";
	case TOP_REDUCE_WINDOW: return "reduce-window";
	case TOP_REDUCE_PRECISION: return "reduce-precision";
	case TOP_SELECT_AND_SCATTER: return "select-and-scatter";
	case TOP_OPTIMIZATION_BARRIER: return "opt-barrier";
	default: return tir_op_short_name(k);
	}
}

static int print_computation(HPrinter *h, const TBlock *b, const TType *params, int nparams,
                             int tupled, int tuple_result);

/* A region as a computation; returns its number. */
static int region(HPrinter *h, const TBlock *b)
{
	return print_computation(h, b, NULL, 0, 0, 0);
}

static void pad_config(StrBuf *out, const TOp *op)
{
	TInts lo = tir_op_get_ints(op, "edge_padding_low"), hi = tir_op_get_ints(op, "edge_padding_high");
	TInts in = tir_op_get_ints(op, "interior_padding");
	sb_append(out, ", padding=");
	for (int i = 0; i < lo.n; i++)
		sb_printf(out, "%s%lld_%lld_%lld", i ? "x" : "", (long long)lo.v[i], (long long)hi.v[i],
		          (long long)in.v[i]);
}

static void window_config(StrBuf *out, const TOp *op)
{
	static const char *const names[] = {"window_dimensions", "window_strides", "base_dilations",
	                                    "window_dilations"};
	static const char *const keys[] = {"size", "stride", "lhs_dilate", "rhs_dilate"};
	sb_append(out, ", window={");
	for (int k = 0; k < 4; k++) {
		TInts x = tir_op_get_ints(op, names[k]);
		if (!x.n)
			continue;
		sb_printf(out, "%s%s=", k ? " " : "", keys[k]);
		for (int i = 0; i < x.n; i++)
			sb_printf(out, "%s%lld", i ? "x" : "", (long long)x.v[i]);
	}
	TAttr *pd = tir_op_attr(op, "padding");
	if (pd && pd->kind == TA_INTS2D) {
		sb_append(out, " pad=");
		for (int r = 0; r < pd->u.ints2d.rows; r++)
			sb_printf(out, "%s%lld_%lld", r ? "x" : "", (long long)pd->u.ints2d.v[2 * r],
			          (long long)pd->u.ints2d.v[2 * r + 1]);
	}
	sb_putc(out, '}');
}

static void dot_dims(StrBuf *out, const TOp *op)
{
	const TDotDims *d = &tir_op_attr(op, "dot_dimension_numbers")->u.dot;
	if (d->lhs_batch.n) {
		sb_append(out, ", lhs_batch_dims=");
		hlist(out, d->lhs_batch);
	}
	sb_append(out, ", lhs_contracting_dims=");
	hlist(out, d->lhs_contract);
	if (d->rhs_batch.n) {
		sb_append(out, ", rhs_batch_dims=");
		hlist(out, d->rhs_batch);
	}
	sb_append(out, ", rhs_contracting_dims=");
	hlist(out, d->rhs_contract);
}

static void gather_dims(StrBuf *out, const TOp *op)
{
	const TGatherDims *g = &tir_op_attr(op, "dimension_numbers")->u.gather;
	sb_append(out, ", offset_dims=");
	hlist(out, g->offset_dims);
	sb_append(out, ", collapsed_slice_dims=");
	hlist(out, g->collapsed_slice_dims);
	if (g->operand_batching_dims.n) {
		sb_append(out, ", operand_batching_dims=");
		hlist(out, g->operand_batching_dims);
		sb_append(out, ", start_indices_batching_dims=");
		hlist(out, g->start_indices_batching_dims);
	}
	sb_append(out, ", start_index_map=");
	hlist(out, g->start_index_map);
	sb_printf(out, ", index_vector_dim=%lld, slice_sizes=", (long long)g->index_vector_dim);
	hlist(out, tir_op_get_ints(op, "slice_sizes"));
}

static void scatter_dims(StrBuf *out, const TOp *op)
{
	const TScatterDims *s = &tir_op_attr(op, "scatter_dimension_numbers")->u.scatter;
	sb_append(out, ", update_window_dims=");
	hlist(out, s->update_window_dims);
	sb_append(out, ", inserted_window_dims=");
	hlist(out, s->inserted_window_dims);
	if (s->input_batching_dims.n) {
		sb_append(out, ", input_batching_dims=");
		hlist(out, s->input_batching_dims);
		sb_append(out, ", scatter_indices_batching_dims=");
		hlist(out, s->scatter_indices_batching_dims);
	}
	sb_append(out, ", scatter_dims_to_operand_dims=");
	hlist(out, s->scatter_dims_to_operand_dims);
	sb_printf(out, ", index_vector_dim=%lld", (long long)s->index_vector_dim);
}

static void print_constant(HPrinter *h, StrBuf *out, const TOp *op, int root)
{
	TAttr *a = tir_op_attr(op, "value");
	const TType *t = &a->u.dense.type;
	if (a->u.dense.splat && t->rank > 0) {
		TType s = tir_type_scalar(t->dt);
		int c = begin(h, out, -1, &s, 0);
		sb_append(out, "constant(");
		helem(out, t->dt, a->u.dense.data);
		sb_append(out, ")\n");
		begin(h, out, op->results[0], t, root);
		sb_printf(out, "broadcast(i%d), dimensions={}", c);
		return;
	}
	int64_t off = 0;
	begin(h, out, op->results[0], t, root);
	sb_append(out, "constant(");
	if (t->rank && tir_type_numel(t) == 0)
		sb_append(out, "{}");
	else
		hliteral(out, t, a->u.dense.data, 0, &off);
	sb_putc(out, ')');
}

/* select with a scalar predicate: broadcast it first (HLO wants equal shapes). */
static void print_select(HPrinter *h, StrBuf *out, const TOp *op, int root)
{
	const TType *p = tir_value_type(h->f, op->operands[0]), *r = tir_value_type(h->f, op->results[0]);
	int pn = h->name[op->operands[0]];
	if (p->rank == 0 && r->rank > 0) {
		TType pb = tir_type_with_dtype(*r, DT_I1);
		pn = begin(h, out, -1, &pb, 0);
		sb_printf(out, "broadcast(i%d), dimensions={}\n", h->name[op->operands[0]]);
	}
	begin(h, out, op->results[0], r, root);
	sb_printf(out, "select(i%d, ", pn);
	uname(h, out, op->operands[1]);
	sb_append(out, ", ");
	uname(h, out, op->operands[2]);
	sb_putc(out, ')');
}

/* while: operands packed into a tuple; cond and body take and give that tuple. */
static void print_while(HPrinter *h, StrBuf *out, const TOp *op, int root)
{
	TType tt;
	memset(&tt, 0, sizeof tt);
	tt.kind = TY_TUPLE;
	TType *el = xcalloc((size_t)op->noperands + 1, sizeof(TType));
	for (int i = 0; i < op->noperands; i++)
		el[i] = *tir_value_type(h->f, op->operands[i]);
	tt.elems = el;
	tt.nelems = op->noperands;
	int cond = print_computation(h, op->regions[0], el, op->noperands, 1, 0);
	int body = print_computation(h, op->regions[1], el, op->noperands, 1, 1);
	int t = begin(h, out, -1, &tt, 0);
	sb_append(out, "tuple");
	operands(h, out, op, 0, op->noperands);
	sb_putc(out, '\n');
	int w = begin(h, out, -1, &tt, root && op->nresults != 1);
	sb_printf(out, "while(i%d), condition=region_%d, body=region_%d", t, cond, body);
	for (int i = 0; i < op->nresults; i++) {
		sb_putc(out, '\n');
		begin(h, out, op->results[i], &el[i], 0);
		sb_printf(out, "get-tuple-element(i%d), index=%d", w, i);
	}
	free(el);
}

/* Attributes after the operand list, per opcode. */
static void print_tail(StrBuf *out, const TOp *op)
{
	switch (op->kind) {
	case TOP_IOTA:
		sb_printf(out, ", iota_dimension=%lld", (long long)tir_op_get_int(op, "iota_dimension", 0));
		break;
	case TOP_BROADCAST_IN_DIM:
		sb_append(out, ", dimensions=");
		hlist(out, tir_op_get_ints(op, "broadcast_dimensions"));
		break;
	case TOP_TRANSPOSE:
		sb_append(out, ", dimensions=");
		hlist(out, tir_op_get_ints(op, "permutation"));
		break;
	case TOP_REVERSE:
	case TOP_MAP:
		sb_append(out, ", dimensions=");
		hlist(out, tir_op_get_ints(op, "dimensions"));
		break;
	case TOP_CONCATENATE:
		sb_printf(out, ", dimensions={%lld}", (long long)tir_op_get_int(op, "dimension", 0));
		break;
	case TOP_SLICE: {
		TInts s = tir_op_get_ints(op, "start_indices"), l = tir_op_get_ints(op, "limit_indices");
		TInts st = tir_op_get_ints(op, "strides");
		sb_append(out, ", slice={");
		for (int i = 0; i < s.n; i++)
			sb_printf(out, "%s[%lld:%lld:%lld]", i ? ", " : "", (long long)s.v[i], (long long)l.v[i],
			          (long long)st.v[i]);
		sb_putc(out, '}');
		break;
	}
	case TOP_DYNAMIC_SLICE:
		sb_append(out, ", dynamic_slice_sizes=");
		hlist(out, tir_op_get_ints(op, "slice_sizes"));
		break;
	case TOP_PAD: pad_config(out, op); break;
	case TOP_COMPARE: {
		TAttr *d = tir_op_attr(op, "comparison_direction"), *t = tir_op_attr(op, "compare_type");
		sb_printf(out, ", direction=%s", tir_cmp_dir_name(d->u.cmp_dir));
		if (t && t->u.cmp_type == CT_TOTALORDER)
			sb_append(out, ", type=TOTALORDER");
		break;
	}
	case TOP_DOT_GENERAL: dot_dims(out, op); break;
	case TOP_GATHER: gather_dims(out, op); break;
	case TOP_GET_TUPLE_ELEMENT:
		sb_printf(out, ", index=%lld", (long long)tir_op_get_int(op, "index", 0));
		break;
	case TOP_REDUCE_PRECISION:
		sb_printf(out, ", exponent_bits=%lld, mantissa_bits=%lld",
		          (long long)tir_op_get_int(op, "exponent_bits", 0),
		          (long long)tir_op_get_int(op, "mantissa_bits", 0));
		break;
	case TOP_CALL:
		sb_printf(out, ", to_apply=%s", tir_op_attr(op, "callee")->u.s);
		break;
	default: break;
	}
}

/* Ops with a to_apply region (reduce, reduce_window, sort, scatter, map). */
static void print_applied(HPrinter *h, StrBuf *out, const TOp *op, int root)
{
	int r = region(h, op->regions[0]);
	const TType *t0 = tir_value_type(h->f, op->results[0]);
	TType tt;
	TType *el = NULL;
	if (op->nresults > 1) {
		memset(&tt, 0, sizeof tt);
		tt.kind = TY_TUPLE;
		el = xcalloc((size_t)op->nresults, sizeof(TType));
		for (int i = 0; i < op->nresults; i++)
			el[i] = *tir_value_type(h->f, op->results[i]);
		tt.elems = el;
		tt.nelems = op->nresults;
		t0 = &tt;
	}
	int n = begin(h, out, op->nresults > 1 ? -1 : op->results[0], t0, root && op->nresults == 1);
	sb_append(out, hlo_opcode(op->kind));
	operands(h, out, op, 0, op->noperands);
	if (op->kind == TOP_REDUCE || op->kind == TOP_MAP) {
		sb_append(out, ", dimensions=");
		hlist(out, tir_op_get_ints(op, "dimensions"));
	} else if (op->kind == TOP_REDUCE_WINDOW) {
		window_config(out, op);
	} else if (op->kind == TOP_SORT) {
		sb_printf(out, ", dimensions={%lld}", (long long)tir_op_get_int(op, "dimension", 0));
		if (tir_op_get_int(op, "is_stable", 0))
			sb_append(out, ", is_stable=true");
	} else if (op->kind == TOP_SCATTER) {
		scatter_dims(out, op);
	}
	sb_printf(out, ", to_apply=region_%d", r);
	for (int i = 0; op->nresults > 1 && i < op->nresults; i++) {
		sb_putc(out, '\n');
		begin(h, out, op->results[i], &el[i], 0);
		sb_printf(out, "get-tuple-element(i%d), index=%d", n, i);
	}
	free(el);
}

static void print_hop(HPrinter *h, StrBuf *out, const TOp *op, int root)
{
	switch (op->kind) {
	case TOP_CONSTANT: print_constant(h, out, op, root); break;
	case TOP_SELECT: print_select(h, out, op, root); break;
	case TOP_WHILE: print_while(h, out, op, root); break;
	case TOP_REDUCE:
	case TOP_REDUCE_WINDOW:
	case TOP_SORT:
	case TOP_SCATTER:
	case TOP_MAP: print_applied(h, out, op, root); break;
	default:
		begin(h, out, op->results[0], tir_value_type(h->f, op->results[0]), root);
		sb_append(out, hlo_opcode(op->kind));
		operands(h, out, op, 0, op->noperands);
		print_tail(out, op);
		break;
	}
	sb_putc(out, '\n');
}

static int hlo_supported(HPrinter *h, const TOp *op)
{
	switch (op->kind) {   /* ops whose HLO attribute syntax this emitter does not write */
	case TOP_FFT: case TOP_CHOLESKY: case TOP_CONVOLUTION: case TOP_DYNAMIC_BROADCAST_IN_DIM:
	case TOP_DYNAMIC_IOTA: case TOP_DYNAMIC_PAD: case TOP_DYNAMIC_RESHAPE:
	case TOP_DYNAMIC_GATHER: case TOP_DYNAMIC_CONV: case TOP_GET_DIMENSION_SIZE:
	case TOP_COMPOSITE: case TOP_TRIANGULAR_SOLVE:
		diag_error(op->loc, "'%s' has no classic HLO form in this emitter", tir_op_name(op->kind));
		h->nerr++;
		return 0;
	default:
		break;
	}
	if (op->kind == TOP_IF || op->kind == TOP_CASE || op->kind == TOP_SELECT_AND_SCATTER ||
	    (tir_op_flags(op->kind) & OF_CHECK) || op->kind == TOP_OPTIMIZATION_BARRIER) {
		diag_error(op->loc, "'%s' has no classic HLO form in this emitter", tir_op_name(op->kind));
		h->nerr++;
		return 0;
	}
	for (int i = 0; i < op->noperands; i++) {
		if (h->name[op->operands[i]] < 0) {
			diag_error(op->loc, "'%s' uses a value from outside its region; the HLO emitter "
			           "does not pass captured values", tir_op_name(op->kind));
			h->nerr++;
			return 0;
		}
	}
	return 1;
}

/* Prints block b as a computation: its arguments (or one tuple parameter when tupled,
 * unpacked with get-tuple-element), its ops, and a ROOT (a tuple for several values).
 * Region computations go to h->comps; returns the computation's number. The names of
 * values outside b are hidden while b prints, so a capture is detected. */
static int print_computation(HPrinter *h, const TBlock *b, const TType *params, int nparams,
                             int tupled, int tuple_result)
{
	int num = h->nregions++;
	StrBuf body = {0};
	int *saved = xmalloc(sizeof(int) * (size_t)h->f->nvalues);
	memcpy(saved, h->name, sizeof(int) * (size_t)h->f->nvalues);
	for (int i = 0; i < h->f->nvalues; i++)
		h->name[i] = -1;
	if (tupled) {
		TType tt;
		memset(&tt, 0, sizeof tt);
		tt.kind = TY_TUPLE;
		tt.elems = params;
		tt.nelems = nparams;
		int p = begin(h, &body, -1, &tt, 0);
		sb_append(&body, "parameter(0)\n");
		for (int i = 0; i < b->nargs; i++) {
			begin(h, &body, b->args[i], &params[i], 0);
			sb_printf(&body, "get-tuple-element(i%d), index=%d\n", p, i);
		}
	} else if (b == h->f->body) {
		for (int i = 0; i < h->f->nargs; i++) {
			begin(h, &body, h->f->args[i].value, &h->f->args[i].type, 0);
			sb_printf(&body, "parameter(%d)\n", i);
		}
	} else {
		for (int i = 0; i < b->nargs; i++) {
			begin(h, &body, b->args[i], tir_value_type(h->f, b->args[i]), 0);
			sb_printf(&body, "parameter(%d)\n", i);
		}
	}
	const TOp *ret = b->nops ? b->ops[b->nops - 1] : NULL;
	for (int i = 0; i + 1 < b->nops; i++) {
		const TOp *op = b->ops[i];
		if (!hlo_supported(h, op))
			continue;
		int is_root = ret && ret->noperands == 1 && !tuple_result && op->nresults == 1 &&
		              op->results[0] == ret->operands[0] && op->kind != TOP_WHILE;
		print_hop(h, &body, op, is_root);
		if (is_root)
			ret = NULL;
	}
	if (ret && hlo_supported(h, ret)) {
		TType *el = xcalloc((size_t)ret->noperands + 1, sizeof(TType));
		TType tt;
		memset(&tt, 0, sizeof tt);
		for (int i = 0; i < ret->noperands; i++)
			el[i] = *tir_value_type(h->f, ret->operands[i]);
		tt.kind = TY_TUPLE;
		tt.elems = el;
		tt.nelems = ret->noperands;
		if (ret->noperands == 1 && !tuple_result) {
			/* the returned value is an argument or a multi-result op's part: copy it */
			begin(h, &body, -1, &el[0], 1);
			sb_append(&body, "copy");
		} else {
			begin(h, &body, -1, &tt, 1);
			sb_append(&body, "tuple");
		}
		operands(h, &body, ret, 0, ret->noperands);
		sb_putc(&body, '\n');
		free(el);
	}
	memcpy(h->name, saved, sizeof(int) * (size_t)h->f->nvalues);
	free(saved);
	if (b == h->f->body) {
		sb_printf(&h->comps, "ENTRY %s {\n%s}\n", h->f->name, sb_str(&body));
	} else {
		sb_printf(&h->comps, "region_%d {\n%s}\n\n", num, sb_str(&body));
	}
	sb_free(&body);
	return num;
}

static void entry_layout(StrBuf *out, const TFunc *f)
{
	sb_append(out, "entry_computation_layout={(");
	for (int i = 0; i < f->nargs; i++) {
		if (i)
			sb_append(out, ", ");
		hshape(out, &f->args[i].type);
	}
	sb_append(out, ")->");
	if (f->nresults != 1)
		sb_putc(out, '(');
	for (int i = 0; i < f->nresults; i++) {
		if (i)
			sb_append(out, ", ");
		hshape(out, &f->results[i].type);
	}
	if (f->nresults != 1)
		sb_putc(out, ')');
	sb_putc(out, '}');
}

int hlo_emit_hlo(StrBuf *out, const TModule *m)
{
	const TFunc *f = tir_module_main(m);
	if (!f) {
		diag_error(NOLOC, "HLO emitter: the module has no @main");
		return 1;
	}
	HPrinter h;
	memset(&h, 0, sizeof h);
	h.out = out;
	h.m = m;
	h.f = f;
	h.name = xmalloc(sizeof(int) * ((size_t)f->nvalues + 1));
	for (int i = 0; i < m->nfuncs; i++) {
		if (m->funcs[i] != f) {
			diag_error(m->funcs[i]->loc, "HLO emitter: function calls are not supported");
			h.nerr++;
		}
	}
	print_computation(&h, f->body, NULL, 0, 0, f->nresults != 1);
	sb_printf(out, "HloModule %s, ", m->name ? m->name : "main");
	entry_layout(out, f);
	sb_append(out, "\n\n");
	sb_append(out, sb_str(&h.comps));
	sb_free(&h.comps);
	free(h.name);
	return h.nerr;
}
