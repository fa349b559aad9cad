/* print_stablehlo.c: tensor IR -> StableHLO text.
 * Consumes a TModule (verified or not); produces MLIR text that jaxlib's parser
 * (jax 0.10.2) and runtime/parse.c both read. Element-wise ops, constants and the shape
 * ops print in their pretty forms (the spellings jaxlib itself prints, checked with
 * jaxlib); ops whose pretty form is awkward (if, case, sort, gather, scatter, reduce,
 * reduce_window, map, select_and_scatter, check.*) print in generic form
 * "name"(operands) ({regions}) {attributes} : (types) -> types.
 * Names are deterministic: %argN for function arguments, %N for every other value in
 * order of definition within a function; an op with several results is %N:k, used as
 * %N#i. The same module always gives the same bytes. */
#include "hlo_emit.h"

#include <stdlib.h>
#include <string.h>

typedef struct Names {
	int *num;     /* value id -> printed number (arguments: arg index) */
	int *idx;     /* result index for %N#i, -1 when the op has one result */
	char *isarg;
	int next;
} Names;

typedef struct Printer {
	StrBuf *out;
	const TFunc *f;
	Names n;
} Printer;

static void print_block_ops(Printer *p, const TBlock *b, int indent, int in_region);

static void name_value(Printer *p, int v)
{
	if (p->n.isarg[v])
		sb_printf(p->out, "%%arg%d", p->n.num[v]);
	else if (p->n.idx[v] >= 0)
		sb_printf(p->out, "%%%d#%d", p->n.num[v], p->n.idx[v]);
	else
		sb_printf(p->out, "%%%d", p->n.num[v]);
}

static void type_of(Printer *p, int v)
{
	tir_type_print(p->out, tir_value_type(p->f, v));
}

static void value_list(Printer *p, const int *vs, int n)
{
	for (int i = 0; i < n; i++) {
		if (i)
			sb_append(p->out, ", ");
		name_value(p, vs[i]);
	}
}

static void type_list(Printer *p, const int *vs, int n)
{
	for (int i = 0; i < n; i++) {
		if (i)
			sb_append(p->out, ", ");
		type_of(p, vs[i]);
	}
}

static void ints_list(StrBuf *out, TInts x)
{
	sb_putc(out, '[');
	for (int i = 0; i < x.n; i++)
		sb_printf(out, "%s%lld", i ? ", " : "", (long long)x.v[i]);
	sb_putc(out, ']');
}

/* ---- attributes ---- */

static void dense_rec(StrBuf *out, const TType *t, const unsigned char *data, int dim,
                      int64_t *off)
{
	if (dim == t->rank) {
		tir_elem_print(out, t->dt, data + *off * dtype_size(t->dt));
		(*off)++;
		return;
	}
	sb_putc(out, '[');
	for (int64_t i = 0; i < t->dims[dim]; i++) {
		if (i)
			sb_append(out, ", ");
		dense_rec(out, t, data, dim + 1, off);
	}
	sb_putc(out, ']');
}

/* dense<...> : tensor<...> */
static void print_dense(StrBuf *out, const TAttr *a)
{
	const TType *t = &a->u.dense.type;
	int64_t off = 0;
	sb_append(out, "dense<");
	if (a->u.dense.splat)
		tir_elem_print(out, t->dt, a->u.dense.data);
	else if (tir_type_numel(t) > 0)
		dense_rec(out, t, a->u.dense.data, 0, &off);
	sb_append(out, "> : ");
	tir_type_print(out, t);
}

static void print_string(StrBuf *out, const char *s)
{
	sb_putc(out, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			sb_printf(out, "\\%c", c);
		else if (c < 32 || c >= 127)
			sb_printf(out, "\\%02X", c);
		else
			sb_putc(out, (char)c);
	}
	sb_putc(out, '"');
}

static void dims_field(StrBuf *out, int *first, const char *name, TInts x, int always)
{
	if (!x.n && !always)
		return;
	sb_printf(out, "%s%s = ", *first ? "" : ", ", name);
	ints_list(out, x);
	*first = 0;
}

static void print_dims_attr(StrBuf *out, const TAttr *a)
{
	int first = 1;
	if (a->kind == TA_DOT_DIMS) {
		const TDotDims *d = &a->u.dot;
		sb_append(out, "#stablehlo.dot<");
		dims_field(out, &first, "lhs_batching_dimensions", d->lhs_batch, 0);
		dims_field(out, &first, "rhs_batching_dimensions", d->rhs_batch, 0);
		dims_field(out, &first, "lhs_contracting_dimensions", d->lhs_contract, 0);
		dims_field(out, &first, "rhs_contracting_dimensions", d->rhs_contract, 0);
	} else if (a->kind == TA_GATHER_DIMS) {
		const TGatherDims *g = &a->u.gather;
		sb_append(out, "#stablehlo.gather<");
		dims_field(out, &first, "offset_dims", g->offset_dims, 0);
		dims_field(out, &first, "collapsed_slice_dims", g->collapsed_slice_dims, 0);
		dims_field(out, &first, "operand_batching_dims", g->operand_batching_dims, 0);
		dims_field(out, &first, "start_indices_batching_dims",
		           g->start_indices_batching_dims, 0);
		dims_field(out, &first, "start_index_map", g->start_index_map, 0);
		sb_printf(out, "%sindex_vector_dim = %lld", first ? "" : ", ",
		          (long long)g->index_vector_dim);
	} else {
		const TScatterDims *s = &a->u.scatter;
		sb_append(out, "#stablehlo.scatter<");
		dims_field(out, &first, "update_window_dims", s->update_window_dims, 0);
		dims_field(out, &first, "inserted_window_dims", s->inserted_window_dims, 0);
		dims_field(out, &first, "input_batching_dims", s->input_batching_dims, 0);
		dims_field(out, &first, "scatter_indices_batching_dims",
		           s->scatter_indices_batching_dims, 0);
		dims_field(out, &first, "scatter_dims_to_operand_dims",
		           s->scatter_dims_to_operand_dims, 0);
		sb_printf(out, "%sindex_vector_dim = %lld", first ? "" : ", ",
		          (long long)s->index_vector_dim);
	}
	sb_putc(out, '>');
}

/* One side of #stablehlo.conv<...>: [b, 0, 1, f] from the two named dimensions and the
 * spatial ones. */
static void conv_side(StrBuf *out, int64_t d0, char c0, int64_t d1, char c1, TInts sp)
{
	int rank = sp.n + 2;
	sb_putc(out, '[');
	for (int i = 0; i < rank; i++) {
		if (i)
			sb_append(out, ", ");
		if (i == d0)
			sb_putc(out, c0);
		else if (i == d1)
			sb_putc(out, c1);
		for (int j = 0; j < sp.n; j++)
			if (sp.v[j] == i)
				sb_printf(out, "%d", j);
	}
	sb_putc(out, ']');
}

static void print_conv_dims(StrBuf *out, const TConvDims *d)
{
	sb_append(out, "#stablehlo.conv<");
	conv_side(out, d->in_batch, 'b', d->in_feature, 'f', d->in_spatial);
	sb_putc(out, 'x');
	conv_side(out, d->k_in_feature, 'i', d->k_out_feature, 'o', d->k_spatial);
	sb_append(out, "->");
	conv_side(out, d->out_batch, 'b', d->out_feature, 'f', d->out_spatial);
	sb_putc(out, '>');
}

static void print_float_attr(StrBuf *out, const TAttr *a)
{
	unsigned char buf[8];
	tir_elem_set_f(a->int_type, buf, a->u.f);
	tir_elem_print(out, a->int_type, buf);
	sb_printf(out, " : %s", dtype_name(a->int_type));
}

/* Appends an attribute value in MLIR syntax (generic form). */
void hlo_emit_attr_value(StrBuf *out, const TAttr *a)
{
	switch (a->kind) {
	case TA_INT:
		sb_printf(out, "%lld : %s", (long long)a->u.i, dtype_name(a->int_type));
		break;
	case TA_FLOAT: print_float_attr(out, a); break;
	case TA_BOOL: sb_append(out, a->u.b ? "true" : "false"); break;
	case TA_STRING:
		if (strcmp(a->name, "callee") == 0 || strcmp(a->name, "decomposition") == 0)
			sb_printf(out, "@%s", a->u.s);
		else
			print_string(out, a->u.s);
		break;
	case TA_RAW: sb_append(out, a->u.s); break;
	case TA_INTS:
		if (strcmp(a->name, "window_reversal") == 0) {   /* the spec's one array<i1> */
			sb_append(out, "array<i1");
			for (int i = 0; i < a->u.ints.n; i++)
				sb_printf(out, "%s%s", i ? ", " : ": ", a->u.ints.v[i] ? "true" : "false");
			sb_putc(out, '>');
			break;
		}
		sb_append(out, "array<i64");
		for (int i = 0; i < a->u.ints.n; i++)
			sb_printf(out, "%s%lld", i ? ", " : ": ", (long long)a->u.ints.v[i]);
		sb_putc(out, '>');
		break;
	case TA_INTS2D:
		sb_append(out, "dense<");
		for (int r = 0; r < a->u.ints2d.rows; r++) {
			TInts row = {a->u.ints2d.v + r * a->u.ints2d.cols, a->u.ints2d.cols};
			sb_append(out, r ? ", " : "[");
			ints_list(out, row);
		}
		sb_printf(out, "%s> : tensor<%dx%dxi64>", a->u.ints2d.rows ? "]" : "",
		          a->u.ints2d.rows, a->u.ints2d.cols);
		break;
	case TA_DENSE: print_dense(out, a); break;
	case TA_CMP_DIR:
		sb_printf(out, "#stablehlo<comparison_direction %s>", tir_cmp_dir_name(a->u.cmp_dir));
		break;
	case TA_CMP_TYPE:
		sb_printf(out, "#stablehlo<comparison_type %s>", tir_cmp_type_name(a->u.cmp_type));
		break;
	case TA_DOT_DIMS:
	case TA_GATHER_DIMS:
	case TA_SCATTER_DIMS: print_dims_attr(out, a); break;
	case TA_CONV_DIMS: print_conv_dims(out, &a->u.conv); break;
	}
}

/* {name = value, ...} of every attribute except `skip` (NULL: none); nothing if empty. */
static void attr_dict(StrBuf *out, const TAttr *attrs, int n, const char *skip)
{
	int first = 1;
	for (int i = 0; i < n; i++) {
		if (skip && strcmp(attrs[i].name, skip) == 0)
			continue;
		sb_append(out, first ? " {" : ", ");
		first = 0;
		sb_printf(out, "%s = ", attrs[i].name);
		hlo_emit_attr_value(out, &attrs[i]);
	}
	if (!first)
		sb_putc(out, '}');
}

/* ---- op forms ---- */

static void results_prefix(Printer *p, const TOp *op)
{
	if (op->nresults == 0)
		return;
	int num = p->n.next++;
	for (int i = 0; i < op->nresults; i++) {
		p->n.num[op->results[i]] = num;
		p->n.idx[op->results[i]] = op->nresults > 1 ? i : -1;
	}
	if (op->nresults > 1)
		sb_printf(p->out, "%%%d:%d = ", num, op->nresults);
	else
		sb_printf(p->out, "%%%d = ", num);
}

/* (T, T) -> R  or  (T, T) -> (R, R) */
static void fn_type(Printer *p, const TOp *op)
{
	sb_append(p->out, " : (");
	type_list(p, op->operands, op->noperands);
	sb_append(p->out, ") -> ");
	if (op->nresults == 1) {
		type_of(p, op->results[0]);
	} else {
		sb_putc(p->out, '(');
		type_list(p, op->results, op->nresults);
		sb_putc(p->out, ')');
	}
}

static void print_region(Printer *p, const TBlock *b, int indent)
{
	sb_append(p->out, "{\n");
	if (b->nargs) {
		sb_indent(p->out, indent);
		sb_append(p->out, "^bb0(");
		for (int i = 0; i < b->nargs; i++) {
			int v = b->args[i];
			p->n.num[v] = p->n.next++;
			p->n.idx[v] = -1;
			if (i)
				sb_append(p->out, ", ");
			name_value(p, v);
			sb_append(p->out, ": ");
			type_of(p, v);
		}
		sb_append(p->out, "):\n");
	}
	print_block_ops(p, b, indent + 1, 1);
	sb_indent(p->out, indent);
	sb_putc(p->out, '}');
}

static void print_generic(Printer *p, const TOp *op, int indent)
{
	sb_printf(p->out, "\"%s\"(", tir_op_name(op->kind));
	value_list(p, op->operands, op->noperands);
	sb_putc(p->out, ')');
	if (op->nregions) {
		sb_append(p->out, " (");
		for (int i = 0; i < op->nregions; i++) {
			if (i)
				sb_append(p->out, ", ");
			print_region(p, op->regions[i], indent);
		}
		sb_putc(p->out, ')');
	}
	attr_dict(p->out, op->attrs, op->nattrs, NULL);
	if (op->nresults == 0) {
		sb_append(p->out, " : (");
		type_list(p, op->operands, op->noperands);
		sb_append(p->out, ") -> ()");
	} else {
		fn_type(p, op);
	}
}

/* Attribute `name` as an int list after `label` for a pretty form (", dims = [1, 0]"). */
static void ints_attr(Printer *p, const TOp *op, const char *label, const char *name)
{
	sb_append(p->out, label);
	ints_list(p->out, tir_op_get_ints(op, name));
}

/* The op's name and its operands, as most pretty forms begin ("stablehlo.add %0, %1"). */
static void name_operands(Printer *p, const char *name, const TOp *op)
{
	sb_printf(p->out, "%s ", name);
	value_list(p, op->operands, op->noperands);
}

/* " : T", the type of the op's one result, as a pretty form with all types alike ends. */
static void result_type(Printer *p, const TOp *op)
{
	sb_append(p->out, " : ");
	type_of(p, op->results[0]);
}

static int same_types(const Printer *p, const TOp *op)
{
	const TType *r = tir_value_type(p->f, op->results[0]);
	for (int i = 0; i < op->noperands; i++)
		if (!tir_type_equal(tir_value_type(p->f, op->operands[i]), r))
			return 0;
	return 1;
}

static void print_slice(Printer *p, const TOp *op)
{
	TInts s = tir_op_get_ints(op, "start_indices"), l = tir_op_get_ints(op, "limit_indices");
	TInts st = tir_op_get_ints(op, "strides");
	sb_printf(p->out, " [");
	for (int i = 0; i < s.n; i++) {
		sb_printf(p->out, "%s%lld:%lld", i ? ", " : "", (long long)s.v[i],
		          (long long)(i < l.n ? l.v[i] : 0));
		if (i < st.n && st.v[i] != 1)
			sb_printf(p->out, ":%lld", (long long)st.v[i]);
	}
	sb_putc(p->out, ']');
}

static void print_dot(Printer *p, const TOp *op)
{
	TAttr *a = tir_op_attr(op, "dot_dimension_numbers");
	if (a->u.dot.lhs_batch.n || a->u.dot.rhs_batch.n) {
		sb_append(p->out, ", batching_dims = ");
		ints_list(p->out, a->u.dot.lhs_batch);
		sb_append(p->out, " x ");
		ints_list(p->out, a->u.dot.rhs_batch);
	}
	sb_append(p->out, ", contracting_dims = ");
	ints_list(p->out, a->u.dot.lhs_contract);
	sb_append(p->out, " x ");
	ints_list(p->out, a->u.dot.rhs_contract);
}

static void print_compare(Printer *p, const TOp *op)
{
	TAttr *d = tir_op_attr(op, "comparison_direction");
	TAttr *t = tir_op_attr(op, "compare_type");
	sb_printf(p->out, " %s, ", tir_cmp_dir_name(d ? d->u.cmp_dir : CMP_EQ));
	value_list(p, op->operands, op->noperands);
	if (t && t->u.cmp_type != CT_NOTYPE)
		sb_printf(p->out, ", %s", tir_cmp_type_name(t->u.cmp_type));
}

/* The pretty forms jaxlib prints; returns 0 when op has none here (print generic). */
static int print_pretty(Printer *p, const TOp *op)
{
	const char *name = tir_op_name(op->kind);
	unsigned fl = tir_op_flags(op->kind);
	StrBuf *out = p->out;
	if (op->nattrs && (fl & OF_EW) && op->kind != TOP_COMPARE)
		return 0;
	switch (op->kind) {
	case TOP_CONSTANT: {
		TAttr *v = tir_op_attr(op, "value");
		if (!v || v->kind != TA_DENSE || op->nattrs != 1)
			return 0;
		sb_printf(out, "%s ", name);
		print_dense(out, v);
		return 1;
	}
	case TOP_IOTA:
		sb_printf(out, "%s dim = %lld : ", name, (long long)tir_op_get_int(op, "iota_dimension", 0));
		type_of(p, op->results[0]);
		return 1;
	case TOP_COMPARE:
		sb_append(out, name);
		print_compare(p, op);
		fn_type(p, op);
		return 1;
	case TOP_SELECT:
		name_operands(p, name, op);
		sb_append(out, " : ");
		type_of(p, op->operands[0]);
		sb_append(out, ", ");
		type_of(p, op->results[0]);
		return 1;
	case TOP_SLICE:
		sb_printf(out, "%s ", name);
		name_value(p, op->operands[0]);
		print_slice(p, op);
		fn_type(p, op);
		return 1;
	case TOP_BROADCAST_IN_DIM:
	case TOP_TRANSPOSE:
	case TOP_REVERSE: {
		const char *an = op->kind == TOP_BROADCAST_IN_DIM ? "broadcast_dimensions"
		                 : op->kind == TOP_TRANSPOSE ? "permutation" : "dimensions";
		sb_printf(out, "%s ", name);
		name_value(p, op->operands[0]);
		ints_attr(p, op, ", dims = ", an);
		if (op->kind == TOP_REVERSE) {
			result_type(p, op);
		} else {
			fn_type(p, op);
		}
		return 1;
	}
	case TOP_DYNAMIC_SLICE:
		name_operands(p, name, op);
		ints_attr(p, op, ", sizes = ", "slice_sizes");
		fn_type(p, op);
		return 1;
	case TOP_PAD:
		name_operands(p, name, op);
		ints_attr(p, op, ", low = ", "edge_padding_low");
		ints_attr(p, op, ", high = ", "edge_padding_high");
		ints_attr(p, op, ", interior = ", "interior_padding");
		fn_type(p, op);
		return 1;
	case TOP_CONCATENATE:
		name_operands(p, name, op);
		sb_printf(out, ", dim = %lld", (long long)tir_op_get_int(op, "dimension", 0));
		fn_type(p, op);
		return 1;
	case TOP_DOT_GENERAL:
		/* precision_config and algorithm: generic form */
		if (op->nattrs != 1 || !tir_op_attr(op, "dot_dimension_numbers"))
			return 0;
		name_operands(p, name, op);
		print_dot(p, op);
		fn_type(p, op);
		return 1;
	case TOP_GET_TUPLE_ELEMENT:
		sb_printf(out, "%s ", name);
		name_value(p, op->operands[0]);
		sb_printf(out, "[%lld]", (long long)tir_op_get_int(op, "index", 0));
		fn_type(p, op);
		return 1;
	case TOP_TUPLE:
		name_operands(p, name, op);
		result_type(p, op);
		return 1;
	case TOP_CALL: {
		TAttr *c = tir_op_attr(op, "callee");
		if (!c || op->nattrs != 1)
			return 0;
		sb_printf(out, "func.call @%s(", c->u.s);
		value_list(p, op->operands, op->noperands);
		sb_putc(out, ')');
		fn_type(p, op);
		return 1;
	}
	case TOP_RESHAPE:
	case TOP_CONVERT:
	case TOP_BITCAST_CONVERT:
	case TOP_DYNAMIC_UPDATE_SLICE:
	case TOP_CLAMP:
		if (op->nattrs)
			return 0;
		name_operands(p, name, op);
		fn_type(p, op);
		return 1;
	default:
		break;
	}
	if (!(fl & OF_EW) || op->nresults != 1)
		return 0;
	name_operands(p, name, op);
	if (same_types(p, op)) {
		result_type(p, op);
	} else {
		fn_type(p, op);
	}
	return 1;
}

static void print_return(Printer *p, const TOp *op, int in_region)
{
	sb_append(p->out, in_region ? "stablehlo.return" : "func.return");
	if (op->noperands) {
		sb_putc(p->out, ' ');
		value_list(p, op->operands, op->noperands);
		sb_append(p->out, " : ");
		type_list(p, op->operands, op->noperands);
	}
}

static void print_op(Printer *p, const TOp *op, int indent, int in_region)
{
	sb_indent(p->out, indent);
	if (op->kind == TOP_RETURN) {
		print_return(p, op, in_region);
	} else {
		results_prefix(p, op);
		if (!print_pretty(p, op))
			print_generic(p, op, indent);
	}
	sb_putc(p->out, '\n');
}

static void print_block_ops(Printer *p, const TBlock *b, int indent, int in_region)
{
	for (int i = 0; i < b->nops; i++)
		print_op(p, b->ops[i], indent, in_region);
}

static void print_param(Printer *p, const TParam *prm)
{
	tir_type_print(p->out, &prm->type);
	if (prm->nattrs) {
		sb_append(p->out, " {");
		for (int i = 0; i < prm->nattrs; i++) {
			if (i)
				sb_append(p->out, ", ");
			sb_printf(p->out, "%s = ", prm->attrs[i].name);
			hlo_emit_attr_value(p->out, &prm->attrs[i]);
		}
		sb_putc(p->out, '}');
	}
}

static void print_func(StrBuf *out, const TFunc *f)
{
	Printer p = {out, f, {0}};
	p.n.num = xcalloc((size_t)f->nvalues + 1, sizeof(int));
	p.n.idx = xcalloc((size_t)f->nvalues + 1, sizeof(int));
	p.n.isarg = xcalloc((size_t)f->nvalues + 1, 1);
	sb_printf(out, "  func.func %s @%s(", f->is_public ? "public" : "private", f->name);
	for (int i = 0; i < f->nargs; i++) {
		int v = f->args[i].value;
		p.n.num[v] = i;
		p.n.isarg[v] = 1;
		sb_printf(out, "%s%%arg%d: ", i ? ", " : "", i);
		print_param(&p, &f->args[i]);
	}
	sb_putc(out, ')');
	if (f->nresults) {
		sb_append(out, " -> (");
		for (int i = 0; i < f->nresults; i++) {
			if (i)
				sb_append(out, ", ");
			print_param(&p, &f->results[i]);
		}
		sb_putc(out, ')');
	}
	sb_append(out, " {\n");
	print_block_ops(&p, f->body, 2, 0);
	sb_append(out, "  }\n");
	free(p.n.num);
	free(p.n.idx);
	free(p.n.isarg);
}

void hlo_emit_stablehlo(StrBuf *out, const TModule *m)
{
	sb_append(out, "module");
	if (m->name)
		sb_printf(out, " @%s", m->name);
	if (m->nattrs) {
		sb_append(out, " attributes");
		attr_dict(out, m->attrs, m->nattrs, NULL);
	}
	sb_append(out, " {\n");
	for (int i = 0; i < m->nmeshes; i++)
		sb_printf(out, "  sdy.mesh @%s = %s\n", m->meshes[i].name, m->meshes[i].axes);
	for (int i = 0; i < m->nfuncs; i++)
		print_func(out, m->funcs[i]);
	sb_append(out, "}\n");
}
