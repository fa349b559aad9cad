/* print.c: the text form of the kernel IR (--emit kir). Consumes a KirProgram, produces
 * deterministic text: one node per line, children indented two spaces, each node's
 * location as @line:col (@file:line:col when it lies outside the kernel's file, e.g. in
 * an included header). Floats print in the shortest form that reads back exactly. */
#include "frontend.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct Printer {
	StrBuf *out;
	const KirKernel *k;
	const char *file;    /* the kernel's file: its locations print without a name */
} Printer;

static void loc(Printer *p, SrcLoc l)
{
	const char *f = l.file;

	if (!f) {
		sb_append(p->out, " @?\n");
		return;
	}
	if (p->file && strcmp(f, p->file) != 0) {
		const char *slash = strrchr(f, '/');
		sb_printf(p->out, " @%s:%d:%d\n", slash ? slash + 1 : f, l.line, l.col);
	} else {
		sb_printf(p->out, " @%d:%d\n", l.line, l.col);
	}
}

static void print_float(StrBuf *b, double v, int is_f32)
{
	char tmp[64];

	if (isnan(v)) {
		sb_append(b, "nan");
		return;
	}
	if (isinf(v)) {
		sb_append(b, v < 0 ? "-inf" : "inf");
		return;
	}
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(tmp, sizeof tmp, "%.*g", prec, v);
		if (is_f32 ? strtof(tmp, NULL) == (float)v : strtod(tmp, NULL) == v)
			break;
	}
	sb_append(b, tmp);
	if (!strpbrk(tmp, ".en"))
		sb_append(b, ".0");
}

void frontend_print_const(StrBuf *b, KirConst c)
{
	if (frontend_dtype_is_float(c.type))
		print_float(b, c.f, c.type != KT_F64);
	else if (frontend_dtype_is_signed(c.type))
		sb_printf(b, "%lld", (long long)c.i);
	else
		sb_printf(b, "%llu", (unsigned long long)c.i);
}

static void expr(Printer *p, const KirExpr *e, int depth);
static void stmt(Printer *p, const KirStmt *s, int depth);

static void head(Printer *p, int depth, const char *what, KirDType t)
{
	sb_indent(p->out, depth);
	sb_append(p->out, what);
	if (t != KT_VOID)
		sb_printf(p->out, " %s", frontend_dtype_name(t));
}

static void label(Printer *p, int depth, const char *what)
{
	sb_indent(p->out, depth);
	sb_printf(p->out, "%s\n", what);
}

static void lval(Printer *p, const KirLval *lv)
{
	if (lv->var >= 0)
		sb_printf(p->out, " var %s", p->k->vars[lv->var].name);
	else
		sb_printf(p->out, " mem %s", p->k->bufs[lv->buffer].name);
}

static void lval_index(Printer *p, const KirLval *lv, int depth)
{
	if (lv->var < 0)
		expr(p, lv->index, depth);
}

static void expr_leaf(Printer *p, const KirExpr *e, int depth)
{
	StrBuf *b = p->out;

	switch (e->kind) {
	case KE_CONST:
		head(p, depth, "const", e->type);
		sb_putc(b, ' ');
		frontend_print_const(b, e->u.c);
		break;
	case KE_PARAM:
		head(p, depth, "param", e->type);
		sb_printf(b, " %s", p->k->params[e->u.param].name);
		break;
	case KE_VAR:
		head(p, depth, "var", e->type);
		sb_printf(b, " %s", p->k->vars[e->u.var].name);
		break;
	case KE_BUILTIN:
		head(p, depth, "builtin", e->type);
		sb_printf(b, " %s", frontend_builtin_name(e->u.builtin));
		break;
	default:
		die("not a leaf: %d", e->kind);
	}
	loc(p, e->loc);
}

static void expr_assign(Printer *p, const KirExpr *e, int depth)
{
	head(p, depth, "assign", e->type);
	if (e->u.assign.op != KB_NONE)
		sb_printf(p->out, " %s.%s", frontend_binop_name(e->u.assign.op),
		          frontend_dtype_name(e->u.assign.optype));
	lval(p, &e->u.assign.lv);
	loc(p, e->loc);
	lval_index(p, &e->u.assign.lv, depth + 1);
	expr(p, e->u.assign.value, depth + 1);
}

static void expr_incdec(Printer *p, const KirExpr *e, int depth)
{
	static const char *const names[2][2] = {{"predec", "postdec"}, {"preinc", "postinc"}};

	head(p, depth, names[e->u.incdec.inc != 0][e->u.incdec.post != 0], e->type);
	lval(p, &e->u.incdec.lv);
	loc(p, e->loc);
	lval_index(p, &e->u.incdec.lv, depth + 1);
}

static void expr_warp(Printer *p, const KirExpr *e, int depth)
{
	if (e->kind == KE_SHFL) {
		head(p, depth, frontend_shfl_name(e->u.shfl.op), e->type);
		sb_printf(p->out, " width %d", e->u.shfl.width);
		loc(p, e->loc);
		expr(p, e->u.shfl.mask, depth + 1);
		expr(p, e->u.shfl.value, depth + 1);
		expr(p, e->u.shfl.lane, depth + 1);
		return;
	}
	head(p, depth, "vote", e->type);
	sb_printf(p->out, " %s", frontend_vote_name(e->u.vote.op));
	loc(p, e->loc);
	if (e->u.vote.mask)
		expr(p, e->u.vote.mask, depth + 1);
	if (e->u.vote.pred)
		expr(p, e->u.vote.pred, depth + 1);
}

static void expr(Printer *p, const KirExpr *e, int depth)
{
	switch (e->kind) {
	case KE_CONST: case KE_PARAM: case KE_VAR: case KE_BUILTIN:
		expr_leaf(p, e, depth);
		return;
	case KE_UNARY:
		head(p, depth, frontend_unop_name(e->u.un.op), e->type);
		loc(p, e->loc);
		expr(p, e->u.un.x, depth + 1);
		return;
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		head(p, depth, e->kind == KE_BINARY ? frontend_binop_name(e->u.bin.op) :
		     e->kind == KE_LOGAND ? "logand" : "logor", e->type);
		loc(p, e->loc);
		expr(p, e->u.bin.l, depth + 1);
		expr(p, e->u.bin.r, depth + 1);
		return;
	case KE_COND:
		head(p, depth, "cond", e->type);
		loc(p, e->loc);
		expr(p, e->u.cond.c, depth + 1);
		expr(p, e->u.cond.t, depth + 1);
		expr(p, e->u.cond.f, depth + 1);
		return;
	case KE_CAST: case KE_BITCAST:
		head(p, depth, e->kind == KE_CAST ? "cast" : "bitcast", e->type);
		loc(p, e->loc);
		expr(p, e->u.x, depth + 1);
		return;
	case KE_LOAD:
		head(p, depth, "load", e->type);
		sb_printf(p->out, " %s", p->k->bufs[e->u.load.buffer].name);
		loc(p, e->loc);
		expr(p, e->u.load.index, depth + 1);
		return;
	case KE_ASSIGN:
		expr_assign(p, e, depth);
		return;
	case KE_INCDEC:
		expr_incdec(p, e, depth);
		return;
	case KE_COMMA:
		head(p, depth, "comma", e->type);
		loc(p, e->loc);
		expr(p, e->u.comma.l, depth + 1);
		expr(p, e->u.comma.r, depth + 1);
		return;
	case KE_MATH:
		head(p, depth, "math", e->type);
		sb_printf(p->out, " %s", frontend_math_name(e->u.math.op));
		loc(p, e->loc);
		for (int i = 0; i < e->u.math.nargs; i++)
			expr(p, e->u.math.args[i], depth + 1);
		return;
	case KE_SHFL: case KE_VOTE:
		expr_warp(p, e, depth);
		return;
	case KE_ATOMIC:
		head(p, depth, "atomic", e->type);
		sb_printf(p->out, " %s %s", frontend_atomic_name(e->u.atomic.op),
		          p->k->bufs[e->u.atomic.buffer].name);
		if (e->u.atomic.per > 0)
			sb_printf(p->out, " per %d", e->u.atomic.per);
		loc(p, e->loc);
		expr(p, e->u.atomic.index, depth + 1);
		for (int i = 0; i < e->u.atomic.nargs; i++)
			expr(p, e->u.atomic.args[i], depth + 1);
		return;
	case KE_COUNT:
		break;
	}
	die("bad expression kind %d", e->kind);
}

static void stmt_for(Printer *p, const KirStmt *s, int depth)
{
	sb_indent(p->out, depth);
	sb_append(p->out, "for");
	if (s->u.for_.unroll)
		sb_printf(p->out, " unroll %d", s->u.for_.unroll);
	loc(p, s->loc);
	if (s->u.for_.init) {
		label(p, depth + 1, "init");
		stmt(p, s->u.for_.init, depth + 2);
	}
	if (s->u.for_.cond) {
		label(p, depth + 1, "cond");
		expr(p, s->u.for_.cond, depth + 2);
	}
	if (s->u.for_.step) {
		label(p, depth + 1, "step");
		expr(p, s->u.for_.step, depth + 2);
	}
	label(p, depth + 1, "body");
	stmt(p, s->u.for_.body, depth + 2);
}

static void stmt_block(Printer *p, const KirStmt *s, int depth)
{
	sb_indent(p->out, depth);
	sb_append(p->out, "block");
	if (s->u.block.label)
		sb_printf(p->out, " L%d", s->u.block.label);
	if (s->u.block.inlined)
		sb_printf(p->out, " inline %s", s->u.block.inlined);
	loc(p, s->loc);
	for (size_t i = 0; i < s->u.block.nstmts; i++)
		stmt(p, s->u.block.stmts[i], depth + 1);
}

static void stmt_misc(Printer *p, const KirStmt *s, int depth)
{
	sb_indent(p->out, depth);
	switch (s->kind) {
	case KS_BREAK: sb_append(p->out, "break"); break;
	case KS_CONTINUE: sb_append(p->out, "continue"); break;
	case KS_RETURN: sb_append(p->out, "return"); break;
	case KS_EXIT: sb_printf(p->out, "exit L%d", s->u.label); break;
	case KS_SYNC:
		sb_printf(p->out, "sync %s", frontend_sync_name(s->u.sync.op));
		if (s->u.sync.result >= 0)
			sb_printf(p->out, " -> %s", p->k->vars[s->u.sync.result].name);
		break;
	default:
		die("bad statement kind %d", s->kind);
	}
	loc(p, s->loc);
	if (s->kind == KS_SYNC && s->u.sync.arg)
		expr(p, s->u.sync.arg, depth + 1);
}

static void stmt(Printer *p, const KirStmt *s, int depth)
{
	switch (s->kind) {
	case KS_BLOCK:
		stmt_block(p, s, depth);
		return;
	case KS_DECL:
		sb_indent(p->out, depth);
		sb_printf(p->out, "decl %s", p->k->vars[s->u.decl.var].name);
		loc(p, s->loc);
		if (s->u.decl.init)
			expr(p, s->u.decl.init, depth + 1);
		return;
	case KS_EXPR:
		sb_indent(p->out, depth);
		sb_append(p->out, "expr");
		loc(p, s->loc);
		expr(p, s->u.expr, depth + 1);
		return;
	case KS_IF:
		sb_indent(p->out, depth);
		sb_append(p->out, "if");
		loc(p, s->loc);
		expr(p, s->u.if_.cond, depth + 1);
		label(p, depth + 1, "then");
		stmt(p, s->u.if_.then, depth + 2);
		if (s->u.if_.els) {
			label(p, depth + 1, "else");
			stmt(p, s->u.if_.els, depth + 2);
		}
		return;
	case KS_FOR:
		stmt_for(p, s, depth);
		return;
	case KS_WHILE: case KS_DO:
		sb_indent(p->out, depth);
		sb_append(p->out, s->kind == KS_WHILE ? "while" : "do");
		loc(p, s->loc);
		label(p, depth + 1, "cond");
		expr(p, s->u.loop.cond, depth + 2);
		label(p, depth + 1, "body");
		stmt(p, s->u.loop.body, depth + 2);
		return;
	default:
		stmt_misc(p, s, depth);
	}
}

static const char *const spaces[] = {"global", "shared", "constant", "local"};
static const char *const var_kinds[] = {"local", "arg", "result", "offset", "temp", "param"};

static void print_buffer(Printer *p, const KirBuffer *b)
{
	StrBuf *o = p->out;

	sb_printf(o, "  buffer %s %s%s%s%s%s %s", b->name, spaces[b->space],
	          b->is_const ? " const" : "", b->is_restrict ? " restrict" : "",
	          b->is_extern ? " extern" : "", b->in_arg ? " in_arg" : "", frontend_dtype_name(b->elem));
	for (int d = 0; d < b->ndims; d++)
		sb_printf(o, "[%lld]", (long long)b->dims[d]);
	if (b->count)
		sb_printf(o, " count %lld", (long long)b->count);
	else
		sb_append(o, " count ?");
	loc(p, b->loc);
	if (b->init) {
		sb_append(o, "    init");
		for (size_t i = 0; i < b->ninit; i++) {
			sb_putc(o, ' ');
			frontend_print_const(o, b->init[i]);
		}
		sb_putc(o, '\n');
	}
}

static void print_dims(StrBuf *o, const char *what, const int d[3], int have)
{
	if (have)
		sb_printf(o, " %s %d,%d,%d", what, d[0], d[1], d[2]);
	else
		sb_printf(o, " %s ?", what);
}

void frontend_print_kernel(StrBuf *out, const KirKernel *k)
{
	Printer p = {out, k, k->loc.file};

	sb_printf(out, "kernel %s", k->name);
	loc(&p, k->loc);
	sb_append(out, "  launch");
	print_dims(out, "grid", k->grid, k->have_grid);
	print_dims(out, "block", k->block, k->have_block);
	sb_printf(out, " shmem %lld\n", (long long)k->shmem);
	for (size_t i = 0; i < k->nparams; i++) {
		const KirParam *pa = &k->params[i];
		sb_printf(out, "  param %s %s%s", pa->name, frontend_dtype_name(pa->type), pa->indirect ? " indirect" : "");
		if (pa->bound) {
			sb_append(out, " = ");
			frontend_print_const(out, pa->value);
		}
		loc(&p, pa->loc);
	}
	for (size_t i = 0; i < k->nbufs; i++)
		print_buffer(&p, &k->bufs[i]);
	for (size_t i = 0; i < k->nvars; i++) {
		sb_printf(out, "  var %s %s %s", k->vars[i].name,
		          frontend_dtype_name(k->vars[i].type), var_kinds[k->vars[i].kind]);
		loc(&p, k->vars[i].loc);
	}
	stmt(&p, k->body, 1);
}

void frontend_print_kir(StrBuf *out, const KirProgram *prog)
{
	for (size_t i = 0; i < prog->nkernels; i++) {
		if (i)
			sb_putc(out, '\n');
		frontend_print_kernel(out, &prog->kernels[i]);
	}
}
