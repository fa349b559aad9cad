/* print.c: the two text forms of the loop IR. Consumes a LoopProgram; produces
 *   --emit loops: the tree (phases, hoisted control, variable and buffer storage) with
 *     phase bodies as C-like statements, each line ending in its source location;
 *   --emit c: C11 that cc -std=c11 compiles: one function per kernel with the module ABI
 *     parameters (pointer parameters in CUDA order, then unbound scalars, then the
 *     __constant__ arrays the host fills), the launch loops
 *     explicit, shared memory and spilled values as arrays over blocks and threads.
 * C semantics follow CUDA's: signed add/sub/mul/shl/neg wrap (computed unsigned), f32 math
 * calls the f-suffixed libm functions, float-to-integer conversions saturate and map NaN
 * to 0 (PTX cvt.rzi), atomics are sequential read-modify-writes. Output is deterministic:
 * names come from the IR tables, renamed with a counter on collision. */
#include "loopify.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct Pr {
	StrBuf *o;
	const LoopKernel *lk;
	const KirKernel *k;
	int c;                   /* 1: C, 0: loops */
	const char **vname, **bname, **pname;
	int phase;               /* id of the phase being printed (C: its end label) */
	int in_blocks;
	int polly;               /* C for Polly: pure conditions without short circuit */
	const KirExpr *held;     /* C: an index printed as the temporary c2h_ixN (assign) */
	int nheld;               /* N + 1 of the innermost such temporary */
} Pr;

static const char *const ctypes[] = {
	"void", "_Bool", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t",
	"uint32_t", "uint64_t", "_Float16", "__bf16", "float", "double", "void *"
};
static const char *const utypes[] = {
	"void", "_Bool", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "uint8_t", "uint16_t",
	"uint32_t", "uint64_t", "_Float16", "__bf16", "float", "double", "void *"
};

static void loc(Pr *p, SrcLoc l)
{
	if (p->c)
		sb_putc(p->o, '\n');
	else if (l.file)
		sb_printf(p->o, "  @%d:%d\n", l.line, l.col);
	else
		sb_append(p->o, "\n");
}

/* ---- names ---- */

static const char *const reserved[] = {
	"auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
	"enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",
	"restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch",
	"typedef", "union", "unsigned", "void", "volatile", "while", "bx", "by", "bz", "tx",
	"ty", "tz", "main", "free", "calloc", "malloc", "memcpy", "NAN", "INFINITY", NULL
};

static int taken(Map *m, const char *s)
{
	for (int i = 0; reserved[i]; i++)
		if (!strcmp(reserved[i], s))
			return 1;
	return map_has(m, s) || !strncmp(s, "c2h_", 4) || s[0] == '_';
}

static const char *cname(Arena *a, Map *m, const char *name)
{
	const char *base = loopify_c_name(a, name), *s = base;

	/* A leading digit is not C, and a leading '_' is reserved (taken() refuses it, so
	 * appending _N alone would never end): both get a prefix. */
	if (!*base || isdigit((unsigned char)base[0]) || base[0] == '_')
		base = s = arena_printf(a, "v_%s", base);
	for (int n = 1; taken(m, s); n++)
		s = arena_printf(a, "%s_%d", base, n);
	map_put(m, s, (void *)s);
	return s;
}

static void make_names(Pr *p, Arena *a)
{
	const KirKernel *k = p->k;
	Map *m = map_create();

	p->vname = ARENA_ARRAY(a, const char *, k->nvars + 1);
	p->bname = ARENA_ARRAY(a, const char *, k->nbufs + 1);
	p->pname = ARENA_ARRAY(a, const char *, k->nparams + 1);
	for (size_t i = 0; i < k->nbufs; i++)
		p->bname[i] = p->c ? cname(a, m, k->bufs[i].name) : k->bufs[i].name;
	for (size_t i = 0; i < k->nparams; i++)
		p->pname[i] = k->params[i].buffer >= 0 ? p->bname[k->params[i].buffer] :
		              p->c ? cname(a, m, k->params[i].name) : k->params[i].name;
	for (size_t i = 0; i < k->nvars; i++)
		p->vname[i] = p->c ? cname(a, m, k->vars[i].name) : k->vars[i].name;
	map_destroy(m);
}

/* ---- expressions ---- */

static void expr(Pr *p, const KirExpr *e);

static void print_float(StrBuf *b, double v, int f32, int c)
{
	char tmp[64];

	if (isnan(v)) {
		sb_append(b, c ? (f32 ? "((float)NAN)" : "((double)NAN)") : "nan");
		return;
	}
	if (isinf(v)) {
		sb_append(b, c ? (v < 0 ? (f32 ? "(-(float)INFINITY)" : "(-(double)INFINITY)") :
		                  (f32 ? "((float)INFINITY)" : "((double)INFINITY)")) :
		          v < 0 ? "-inf" : "inf");
		return;
	}
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(tmp, sizeof tmp, "%.*g", prec, v);
		if (f32 ? strtof(tmp, NULL) == (float)v : strtod(tmp, NULL) == v)
			break;
	}
	if (v < 0 && c)
		sb_putc(b, '(');
	sb_append(b, tmp);
	if (!strpbrk(tmp, ".en"))
		sb_append(b, ".0");
	if (f32)
		sb_putc(b, 'f');
	if (v < 0 && c)
		sb_putc(b, ')');
}

static void print_const(Pr *p, KirConst c)
{
	StrBuf *b = p->o;
	long long v = (long long)c.i;

	if (frontend_dtype_is_float(c.type)) {
		print_float(b, c.f, c.type != KT_F64, p->c);
		return;
	}
	if (!p->c) {
		frontend_print_const(b, c);
		return;
	}
	switch (c.type) {
	case KT_I1: sb_printf(b, "%d", c.i != 0); break;
	case KT_I32:
		if (v == INT32_MIN)
			sb_append(b, "(-2147483647 - 1)");
		else
			sb_printf(b, v < 0 ? "(%lld)" : "%lld", v);
		break;
	case KT_U32: sb_printf(b, "%lluu", (unsigned long long)(uint32_t)c.i); break;
	case KT_I64:
		if (v == INT64_MIN)
			sb_append(b, "INT64_MIN");
		else
			sb_printf(b, "INT64_C(%lld)", v);
		break;
	case KT_U64: sb_printf(b, "UINT64_C(%llu)", (unsigned long long)c.i); break;
	default:
		sb_printf(b, "((%s)%lld)", ctypes[c.type], v);
	}
}

static int is_signed_int(KirDType t)
{
	return frontend_dtype_is_int(t) && frontend_dtype_is_signed(t);
}

static int64_t launch_dim(const Pr *p, KirBuiltin b)
{
	const LoopLaunch *L = &p->lk->launch;

	switch (b) {
	case KBI_BDIM_X: return L->block[0];
	case KBI_BDIM_Y: return L->block[1];
	case KBI_BDIM_Z: return L->block[2];
	case KBI_GDIM_X: return L->grid[0];
	case KBI_GDIM_Y: return L->grid[1];
	case KBI_GDIM_Z: return L->grid[2];
	default: return 32;
	}
}

static void builtin(Pr *p, KirBuiltin b)
{
	static const char *const idx[] = {"tx", "ty", "tz", "bx", "by", "bz"};

	if (!p->c)
		sb_append(p->o, frontend_builtin_name(b));
	else if (b <= KBI_BID_Z)
		sb_append(p->o, idx[b]);
	else
		sb_printf(p->o, "%lldu", (long long)launch_dim(p, b));
}

static void var(Pr *p, int v)
{
	sb_append(p->o, p->vname[v]);
	if (p->c && p->lk->vinfo[v].storage == LVS_SPILL)
		sb_append(p->o, "[_bt]");
}

/* name[index] with the implicit block / thread replication made explicit in C. */
static void mem(Pr *p, int buf, const KirExpr *index)
{
	const KirBuffer *b = &p->k->bufs[buf];
	const char *rep = NULL;

	sb_printf(p->o, "%s[", p->bname[buf]);
	if (p->c && b->space == KSP_SHARED)
		rep = "_b";
	else if (p->c && b->space == KSP_LOCAL && p->lk->binfo[buf].spill)
		rep = "_bt";
	if (rep)
		sb_printf(p->o, "%s * %lld + ", rep, (long long)b->count);
	expr(p, index);
	sb_putc(p->o, ']');
}

static void lval(Pr *p, const KirLval *lv)
{
	if (lv->var >= 0)
		var(p, lv->var);
	else
		mem(p, lv->buffer, lv->index);
}

static void binop(Pr *p, KirBinOp op, KirDType t, const KirExpr *l, const KirExpr *r)
{
	static const char *const cs[] = {
		"=",
#define X(n, s, c) c,
		KIR_BINOPS(X)
#undef X
	};
	int wrap = p->c && is_signed_int(t) && (op == KB_ADD || op == KB_SUB || op == KB_MUL ||
	                                        op == KB_SHL);
	/* C computes narrow integers in int and _Float16 in float (excess precision): the
	 * cast rounds back, as CUDA rounds each operation to the operand type */
	int narrow = p->c && op < KB_LT &&
	             ((frontend_dtype_is_int(t) && frontend_dtype_bytes(t) < 4) || t == KT_F16 || t == KT_BF16);

	if (wrap) {
		sb_printf(p->o, "(%s)((%s)", ctypes[t], utypes[t]);
		expr(p, l);
		sb_printf(p->o, " %s ", cs[op]);
		if (op != KB_SHL)
			sb_printf(p->o, "(%s)", utypes[t]);
		expr(p, r);
		sb_putc(p->o, ')');
		return;
	}
	if (narrow)
		sb_printf(p->o, "(%s)", ctypes[t]);
	sb_putc(p->o, '(');
	expr(p, l);
	sb_printf(p->o, " %s ", cs[op]);
	expr(p, r);
	sb_putc(p->o, ')');
}

static void args(Pr *p, const KirExpr *const *a, int n)
{
	sb_putc(p->o, '(');
	for (int i = 0; i < n; i++) {
		if (i)
			sb_append(p->o, ", ");
		expr(p, a[i]);
	}
	sb_putc(p->o, ')');
}

/* The libm name of a float op, or NULL when a c2h_ helper implements it. */
static const char *libm(KirMathOp op)
{
	switch (op) {
	case KM_SQRT: return "sqrt"; case KM_CBRT: return "cbrt"; case KM_EXP: return "exp";
	case KM_EXP2: return "exp2"; case KM_EXP10: return "exp10"; case KM_EXPM1: return "expm1";
	case KM_LOG: return "log"; case KM_LOG2: return "log2"; case KM_LOG10: return "log10";
	case KM_LOG1P: return "log1p"; case KM_POW: return "pow"; case KM_SIN: return "sin";
	case KM_COS: return "cos"; case KM_TAN: return "tan"; case KM_ASIN: return "asin";
	case KM_ACOS: return "acos"; case KM_ATAN: return "atan"; case KM_ATAN2: return "atan2";
	case KM_SINH: return "sinh"; case KM_COSH: return "cosh"; case KM_TANH: return "tanh";
	case KM_ASINH: return "asinh"; case KM_ACOSH: return "acosh"; case KM_ATANH: return "atanh";
	case KM_ERF: return "erf"; case KM_ERFC: return "erfc"; case KM_ABS: return "fabs";
	case KM_FMIN: return "fmin"; case KM_FMAX: return "fmax"; case KM_FLOOR: return "floor";
	case KM_CEIL: return "ceil"; case KM_TRUNC: return "trunc"; case KM_ROUND: return "round";
	case KM_RINT: return "rint"; case KM_FMA: return "fma"; case KM_COPYSIGN: return "copysign";
	case KM_HYPOT: return "hypot"; case KM_FMOD: return "fmod"; case KM_REMAINDER: return "remainder";
	case KM_FDIM: return "fdim";
	case KM_FEXP: return "exp"; case KM_FEXP10: return "exp10"; case KM_FLOG: return "log";
	case KM_FLOG2: return "log2"; case KM_FLOG10: return "log10"; case KM_FPOW: return "pow";
	case KM_FSIN: return "sin"; case KM_FCOS: return "cos"; case KM_FTAN: return "tan";
	default: return NULL;
	}
}

static void math(Pr *p, const KirExpr *e)
{
	KirMathOp op = e->u.math.op;
	KirDType at = e->u.math.args[0]->type;
	const KirExpr *const *a = (const KirExpr *const *)e->u.math.args;
	int n = e->u.math.nargs;
	const char *m = frontend_dtype_is_float(at) ? libm(op) : NULL;

	if (!p->c) {
		sb_printf(p->o, "%s.%s", frontend_math_name(op), frontend_dtype_name(at));
		args(p, a, n);
		return;
	}
	if (m) {
		sb_printf(p->o, "%s%s", m, at == KT_F32 ? "f" : "");
		args(p, a, n);
		return;
	}
	if (op == KM_ISNAN || op == KM_ISINF || op == KM_ISFINITE || op == KM_SIGNBIT) {
		sb_printf(p->o, "(%s", op == KM_ISNAN ? "isnan" : op == KM_ISINF ? "isinf" :
		          op == KM_ISFINITE ? "isfinite" : "signbit");
		args(p, a, n);
		sb_append(p->o, " != 0)");
		return;
	}
	sb_printf(p->o, "c2h_%s_%s", frontend_math_name(op), frontend_dtype_name(at));
	args(p, a, n);
}

static void cast(Pr *p, const KirExpr *e)
{
	KirDType from = e->u.x->type, to = e->type;

	if (!p->c) {
		sb_printf(p->o, "(%s)", frontend_dtype_name(to));
		expr(p, e->u.x);
		return;
	}
	if (frontend_dtype_is_float(from) && frontend_dtype_is_int(to) && to != KT_I1) {
		sb_printf(p->o, "c2h_%s_%s(", frontend_dtype_name(from), frontend_dtype_name(to));
		expr(p, e->u.x);
		sb_putc(p->o, ')');
		return;
	}
	sb_printf(p->o, "((%s)", ctypes[to]);
	expr(p, e->u.x);
	sb_putc(p->o, ')');
}

static void note_effect(void *ctx, KirExpr *e)
{
	if (e->kind == KE_ASSIGN || e->kind == KE_INCDEC || e->kind == KE_ATOMIC)
		*(int *)ctx = 1;
}

/* Whether evaluating e changes a variable or memory. */
static int has_effects(const KirExpr *e)
{
	int found = 0;

	loopify_expr_visit((KirExpr *)e, note_effect, &found);
	return found;
}

/* C: lv = value, or lv = (T)((optype)lv op value). An index with effects (`a[j++ & 3] +=
 * v`) is evaluated once, as in C++: the statement expression (GNU C) `({ int64_t c2h_ixN
 * = index; a[c2h_ixN] = a[c2h_ixN] + v; })`, p->held making both uses print the
 * temporary. */
static void assign(Pr *p, const KirExpr *e)
{
	const KirLval *lv = &e->u.assign.lv;
	KirDType t = e->type, ot = e->u.assign.optype;
	KirExpr cur = {0}, conv = {0};

	if (p->c && e->u.assign.op != KB_NONE && lv->var < 0 && lv->index != p->held &&
	    has_effects(lv->index)) {
		const KirExpr *outer = p->held;
		sb_printf(p->o, "({ int64_t c2h_ix%d = ", p->nheld);
		expr(p, lv->index);
		sb_append(p->o, "; ");
		p->held = lv->index, p->nheld++;
		assign(p, e);
		p->held = outer, p->nheld--;
		sb_append(p->o, "; })");
		return;
	}
	sb_putc(p->o, '(');
	lval(p, lv);
	sb_append(p->o, " = ");
	if (e->u.assign.op == KB_NONE) {
		expr(p, e->u.assign.value);
		sb_putc(p->o, ')');
		return;
	}
	/* lv = (T)((optype)lv op value): rebuild the read of lv as an expression */
	cur.type = t;
	if (lv->var >= 0) {
		cur.kind = KE_VAR;
		cur.u.var = lv->var;
	} else {
		cur.kind = KE_LOAD;
		cur.u.load.buffer = lv->buffer;
		cur.u.load.index = lv->index;
	}
	conv.kind = KE_CAST;
	conv.type = ot;
	conv.u.x = &cur;
	if (p->c && t != ot)
		sb_printf(p->o, "(%s)", ctypes[t]);
	binop(p, e->u.assign.op, ot, ot != t ? &conv : &cur, e->u.assign.value);
	sb_putc(p->o, ')');
}

static void atomic(Pr *p, const KirExpr *e)
{
	const KirBuffer *b = &p->k->bufs[e->u.atomic.buffer];
	int per = e->u.atomic.per;

	if (per > 1) {
		/* `per` elements from index * per as one value of the node's type (wide.c): read
		 * and written back whole by bytes (no type punning), the atomic on a copy */
		if (p->c)
			sb_printf(p->o, "C2H_WIDE_ATOMIC(c2h_atomic_%s_%s, %s, &%s[%d * (",
			          frontend_atomic_name(e->u.atomic.op), frontend_dtype_name(e->type),
			          ctypes[e->type], p->bname[e->u.atomic.buffer], per);
		else
			sb_printf(p->o, "atomic_%s((%s *)&%s[%d * (", frontend_atomic_name(e->u.atomic.op),
			          frontend_dtype_name(e->type), p->bname[e->u.atomic.buffer], per);
		expr(p, e->u.atomic.index);
		sb_append(p->o, ")]");
	} else if (per == 1) {
		/* one element read as another type of its size (`atomicCAS((unsigned *)floats,
		 * ...)`): the same copy by bytes, so a CAS compares bits as the GPU does */
		if (p->c)
			sb_printf(p->o, "C2H_WIDE_ATOMIC(c2h_atomic_%s_%s, %s, &", frontend_atomic_name(e->u.atomic.op),
			          frontend_dtype_name(e->type), ctypes[e->type]);
		else
			sb_printf(p->o, "atomic_%s((%s *)&", frontend_atomic_name(e->u.atomic.op), frontend_dtype_name(e->type));
		mem(p, e->u.atomic.buffer, e->u.atomic.index);
	} else {
		sb_printf(p->o, "%satomic_%s%s%s(&", p->c ? "c2h_" : "", frontend_atomic_name(e->u.atomic.op),
		          p->c ? "_" : "", p->c ? frontend_dtype_name(b->elem) : "");
		mem(p, e->u.atomic.buffer, e->u.atomic.index);
	}
	for (int i = 0; i < e->u.atomic.nargs; i++) {
		sb_append(p->o, ", ");
		expr(p, e->u.atomic.args[i]);
	}
	sb_putc(p->o, ')');
}

/* Can an i1 condition be evaluated unconditionally (no memory, no call, no UB)? */
static int pure_cond(const KirExpr *e)
{
	switch (e->kind) {
	case KE_CONST: case KE_PARAM: case KE_VAR: case KE_BUILTIN: return 1;
	case KE_UNARY: return pure_cond(e->u.un.x);
	case KE_CAST: return frontend_dtype_is_int(e->u.x->type) && pure_cond(e->u.x);
	case KE_BINARY:
		return e->u.bin.op != KB_DIV && e->u.bin.op != KB_REM && e->u.bin.op != KB_SHL &&
		       e->u.bin.op != KB_SHR && pure_cond(e->u.bin.l) && pure_cond(e->u.bin.r);
	case KE_LOGAND: case KE_LOGOR: return pure_cond(e->u.bin.l) && pure_cond(e->u.bin.r);
	default: return 0;
	}
}

/* Polly models `a & b` as an intersection but `a && b` (a branch LLVM folds into a
 * select) as a non-affine condition; both are 0/1 and equal when b is pure. */
static const char *logic_op(const Pr *p, const KirExpr *e)
{
	int bit = p->polly && e->u.bin.l->type == KT_I1 && e->u.bin.r->type == KT_I1 &&
	          pure_cond(e->u.bin.r);
	if (e->kind == KE_LOGAND)
		return bit ? " & " : " && ";
	return bit ? " | " : " || ";
}

static void expr(Pr *p, const KirExpr *e)
{
	StrBuf *o = p->o;

	if (e == p->held) {
		sb_printf(o, "c2h_ix%d", p->nheld - 1);
		return;
	}
	switch (e->kind) {
	case KE_CONST: print_const(p, e->u.c); return;
	case KE_PARAM: sb_append(o, p->pname[e->u.param]); return;
	case KE_VAR: var(p, e->u.var); return;
	case KE_BUILTIN: builtin(p, e->u.builtin); return;
	case KE_UNARY:
		if (p->c && e->u.un.op == KU_NEG && is_signed_int(e->type)) {
			sb_printf(o, "(%s)(0u - (%s)", ctypes[e->type], utypes[e->type]);
		} else {
			if (p->c && e->u.un.op == KU_BITNOT)
				sb_printf(o, "(%s)", ctypes[e->type]);
			sb_printf(o, "(%s", e->u.un.op == KU_NEG ? "-" : e->u.un.op == KU_NOT ? "!" : "~");
		}
		expr(p, e->u.un.x);
		sb_putc(o, ')');
		return;
	case KE_BINARY: binop(p, e->u.bin.op, e->u.bin.l->type, e->u.bin.l, e->u.bin.r); return;
	case KE_LOGAND: case KE_LOGOR:
		sb_putc(o, '(');
		expr(p, e->u.bin.l);
		sb_append(o, logic_op(p, e));
		expr(p, e->u.bin.r);
		sb_putc(o, ')');
		return;
	case KE_COND:
		sb_putc(o, '(');
		expr(p, e->u.cond.c);
		sb_append(o, " ? ");
		expr(p, e->u.cond.t);
		sb_append(o, " : ");
		expr(p, e->u.cond.f);
		sb_putc(o, ')');
		return;
	case KE_CAST: cast(p, e); return;
	case KE_BITCAST:
		if (p->c)
			sb_printf(o, "((union { %s a; %s b; }){ .a = ", ctypes[e->u.x->type], ctypes[e->type]);
		else
			sb_printf(o, "bitcast.%s(", frontend_dtype_name(e->type));
		expr(p, e->u.x);
		sb_append(o, p->c ? " }).b" : ")");
		return;
	case KE_LOAD: mem(p, e->u.load.buffer, e->u.load.index); return;
	case KE_ASSIGN: assign(p, e); return;
	case KE_INCDEC:
		sb_append(o, e->u.incdec.post ? "(" : e->u.incdec.inc ? "(++" : "(--");
		lval(p, &e->u.incdec.lv);
		sb_append(o, !e->u.incdec.post ? ")" : e->u.incdec.inc ? "++)" : "--)");
		return;
	case KE_COMMA:
		sb_putc(o, '(');
		expr(p, e->u.comma.l);
		sb_append(o, ", ");
		expr(p, e->u.comma.r);
		sb_putc(o, ')');
		return;
	case KE_MATH: math(p, e); return;
	case KE_ATOMIC: atomic(p, e); return;
	case KE_SHFL: case KE_VOTE: case KE_COUNT: break;
	}
	die("loop IR expression kind %d cannot be printed", e->kind);
}

/* ---- statements ---- */

static void stmt(Pr *p, const KirStmt *s, int d);

typedef struct KindFind {
	KirStmtKind kind;
	int label, found;
} KindFind;

static void find_kind(void *ctx, KirStmt *s)
{
	KindFind *f = ctx;

	if (s->kind == f->kind && (f->kind != KS_EXIT || s->u.label == f->label))
		f->found = 1;
}

/* Does s hold a statement of kind k (for KS_EXIT: one leaving block `label`)? */
static int has_kind(const KirStmt *s, KirStmtKind k, int label)
{
	KindFind f = {k, label, 0};

	loopify_stmt_visit((KirStmt *)s, NULL, find_kind, &f);
	return f.found;
}

static void body(Pr *p, const KirStmt *s, int d)
{
	if (s->kind == KS_BLOCK && !s->u.block.label) {
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			stmt(p, s->u.block.stmts[i], d);
	} else {
		stmt(p, s, d);
	}
}

static void stmt_decl(Pr *p, const KirStmt *s, int d)
{
	int v = s->u.decl.var;

	if (p->c && !s->u.decl.init)
		return;
	sb_indent(p->o, d);
	if (!p->c)
		sb_printf(p->o, "%s ", frontend_dtype_name(p->k->vars[v].type));
	var(p, v);
	if (s->u.decl.init) {
		sb_append(p->o, " = ");
		expr(p, s->u.decl.init);
	}
	sb_putc(p->o, ';');
	loc(p, s->loc);
}

/* The header line of a for loop; returns the depth of its body's closing brace. In C the
 * init runs first, in an enclosing block: every variable is declared elsewhere. */
static int for_head(Pr *p, const KirStmt *init, const KirExpr *cond, const KirExpr *step,
                    SrcLoc l, int d)
{
	if (init && p->c) {
		sb_indent(p->o, d);
		sb_append(p->o, "{\n");
		stmt(p, init, d + 1);
		init = NULL;
		d++;
	}
	sb_indent(p->o, d);
	sb_append(p->o, "for (");
	if (init && init->kind == KS_DECL) {
		sb_printf(p->o, "%s ", frontend_dtype_name(p->k->vars[init->u.decl.var].type));
		var(p, init->u.decl.var);
		if (init->u.decl.init) {
			sb_append(p->o, " = ");
			expr(p, init->u.decl.init);
		}
	} else if (init && init->kind == KS_EXPR) {
		expr(p, init->u.expr);
	} else if (init) {
		sb_append(p->o, "<init below>");
	}
	sb_append(p->o, "; ");
	if (cond)
		expr(p, cond);
	sb_append(p->o, "; ");
	if (step)
		expr(p, step);
	sb_append(p->o, ") {");
	loc(p, l);
	if (init && init->kind == KS_BLOCK)
		stmt(p, init, d + 1);
	return d;
}

static void for_tail(Pr *p, int opened, int d)
{
	sb_indent(p->o, d);
	sb_append(p->o, "}\n");
	if (opened) {
		sb_indent(p->o, d - 1);
		sb_append(p->o, "}\n");
	}
}

static void stmt_for(Pr *p, const KirStmt *s, int d)
{
	int bd = for_head(p, s->u.for_.init, s->u.for_.cond, s->u.for_.step, s->loc, d);

	body(p, s->u.for_.body, bd + 1);
	for_tail(p, bd != d, bd);
}

static void stmt_if(Pr *p, const KirStmt *s, int d)
{
	sb_indent(p->o, d);
	sb_append(p->o, "if (");
	expr(p, s->u.if_.cond);
	sb_append(p->o, ") {");
	loc(p, s->loc);
	body(p, s->u.if_.then, d + 1);
	if (s->u.if_.els) {
		sb_indent(p->o, d);
		sb_append(p->o, "} else {\n");
		body(p, s->u.if_.els, d + 1);
	}
	sb_indent(p->o, d);
	sb_append(p->o, "}\n");
}

static void stmt_loop(Pr *p, const KirStmt *s, int d)
{
	sb_indent(p->o, d);
	if (s->kind == KS_WHILE) {
		sb_append(p->o, "while (");
		expr(p, s->u.loop.cond);
		sb_append(p->o, ") {");
		loc(p, s->loc);
		body(p, s->u.loop.body, d + 1);
		sb_indent(p->o, d);
		sb_append(p->o, "}\n");
		return;
	}
	sb_append(p->o, "do {");
	loc(p, s->loc);
	body(p, s->u.loop.body, d + 1);
	sb_indent(p->o, d);
	sb_append(p->o, "} while (");
	expr(p, s->u.loop.cond);
	sb_append(p->o, ");\n");
}

static void stmt_block(Pr *p, const KirStmt *s, int d)
{
	sb_indent(p->o, d);
	if (s->u.block.label && !p->c)
		sb_printf(p->o, "L%d: ", s->u.block.label);
	sb_putc(p->o, '{');
	if (s->u.block.inlined)
		sb_printf(p->o, p->c ? " /* %s */" : " inline %s", s->u.block.inlined);
	loc(p, s->loc);
	for (size_t i = 0; i < s->u.block.nstmts; i++)
		stmt(p, s->u.block.stmts[i], d + 1);
	sb_indent(p->o, d);
	if (s->u.block.label && p->c && has_kind(s, KS_EXIT, s->u.block.label))
		sb_printf(p->o, "L%d_end:;\n", s->u.block.label);
	sb_append(p->o, "}\n");
}

static void stmt_return(Pr *p, const KirStmt *s, int d)
{
	sb_indent(p->o, d);
	if (!p->c)
		sb_append(p->o, "return;");
	else if (p->lk->exited >= 0)
		sb_printf(p->o, "{ %s[_bt] = 1; goto P%d_end; }", p->bname[p->lk->exited], p->phase);
	else
		sb_printf(p->o, "goto P%d_end;", p->phase);
	loc(p, s->loc);
}

static void stmt(Pr *p, const KirStmt *s, int d)
{
	switch (s->kind) {
	case KS_BLOCK: stmt_block(p, s, d); return;
	case KS_DECL: stmt_decl(p, s, d); return;
	case KS_EXPR:
		sb_indent(p->o, d);
		expr(p, s->u.expr);
		sb_putc(p->o, ';');
		loc(p, s->loc);
		return;
	case KS_IF: stmt_if(p, s, d); return;
	case KS_FOR: stmt_for(p, s, d); return;
	case KS_WHILE: case KS_DO: stmt_loop(p, s, d); return;
	case KS_BREAK: case KS_CONTINUE:
		sb_indent(p->o, d);
		sb_append(p->o, s->kind == KS_BREAK ? "break;" : "continue;");
		loc(p, s->loc);
		return;
	case KS_EXIT:
		sb_indent(p->o, d);
		sb_printf(p->o, p->c ? "goto L%d_end;" : "exit L%d;", s->u.label);
		loc(p, s->loc);
		return;
	case KS_RETURN: stmt_return(p, s, d); return;
	case KS_SYNC: case KS_COUNT: break;
	}
	die("loop IR statement kind %d cannot be printed", s->kind);
}

/* ---- the tree, --emit loops ---- */

static void node(Pr *p, const LoopNode *n, int d);

static void seq(Pr *p, const LoopNode *n, int d)
{
	for (size_t i = 0; i < n->u.seq.nnodes; i++)
		node(p, n->u.seq.nodes[i], d);
}

static void phase_head(Pr *p, const LoopNode *n, int d)
{
	const LoopPhase *ph = &n->u.phase;

	sb_indent(p->o, d);
	sb_printf(p->o, "phase %d over %s%s", ph->id, ph->in_blocks ? "(tz, ty, tx)" :
	          "(bz, by, bx, tz, ty, tx)", ph->skip_exited ? " skip-exited" : "");
	if (ph->end.file)
		sb_printf(p->o, " until @%d:%d", ph->end.line, ph->end.col);
	loc(p, n->loc);
}

static void node_phase(Pr *p, const LoopNode *n, int d);

static void node(Pr *p, const LoopNode *n, int d)
{
	switch (n->kind) {
	case LN_PHASE: node_phase(p, n, d); return;
	case LN_SEQ: seq(p, n, d); return;
	case LN_STMT: stmt(p, n->u.stmt, d); return;
	case LN_BREAK: case LN_CONTINUE:
		sb_indent(p->o, d);
		sb_append(p->o, n->kind == LN_BREAK ? "break;" : "continue;");
		loc(p, n->loc);
		return;
	case LN_IF:
		sb_indent(p->o, d);
		sb_append(p->o, p->c ? "if (" : "uniform if (");
		expr(p, n->u.if_.cond);
		sb_append(p->o, ") {");
		loc(p, n->loc);
		node(p, n->u.if_.then, d + 1);
		if (n->u.if_.els) {
			sb_indent(p->o, d);
			sb_append(p->o, "} else {\n");
			node(p, n->u.if_.els, d + 1);
		}
		sb_indent(p->o, d);
		sb_append(p->o, "}\n");
		return;
	case LN_FOR: {
		int bd;
		if (n->u.for_.do_while) {
			sb_indent(p->o, d);
			sb_append(p->o, p->c ? "do {" : "uniform do {");
			loc(p, n->loc);
			node(p, n->u.for_.body, d + 1);
			sb_indent(p->o, d);
			sb_append(p->o, "} while (");
			expr(p, n->u.for_.cond);
			sb_append(p->o, ");\n");
			return;
		}
		if (!p->c) {
			sb_indent(p->o, d);
			sb_append(p->o, "uniform\n");
		}
		bd = for_head(p, n->u.for_.init, n->u.for_.cond, n->u.for_.step, n->loc, d);
		node(p, n->u.for_.body, bd + 1);
		for_tail(p, bd != d, bd);
		return;
	}
	case LN_BLOCKS:
		if (p->c) {
			const LoopLaunch *L = &p->lk->launch;
			sb_indent(p->o, d);
			sb_printf(p->o, "for (uint32_t bz = 0; bz < %lldu; bz++)\n", (long long)L->grid[2]);
			sb_indent(p->o, d);
			sb_printf(p->o, "for (uint32_t by = 0; by < %lldu; by++)\n", (long long)L->grid[1]);
			sb_indent(p->o, d);
			sb_printf(p->o, "for (uint32_t bx = 0; bx < %lldu; bx++) {\n", (long long)L->grid[0]);
			sb_indent(p->o, d + 1);
			sb_printf(p->o, "const size_t _b = ((size_t)bz * %lld + by) * %lld + bx;\n",
			          (long long)L->grid[1], (long long)L->grid[0]);
			sb_indent(p->o, d + 1);
			sb_append(p->o, "(void)_b;\n");
		} else {
			sb_indent(p->o, d);
			sb_append(p->o, "blocks (bz, by, bx) {");
			loc(p, n->loc);
		}
		seq(p, n, d + 1);
		sb_indent(p->o, d);
		sb_append(p->o, "}\n");
		return;
	case LN_COUNT: break;
	}
	die("bad loop node %d", n->kind);
}

/* ---- phases in C ---- */

static void c_loop(Pr *p, int d, const char *v, int64_t n)
{
	sb_indent(p->o, d);
	if (n == 1)
		sb_printf(p->o, "for (uint32_t %s = 0; %s < 1u; %s++)\n", v, v, v);
	else
		sb_printf(p->o, "for (uint32_t %s = 0; %s < %lldu; %s++)\n", v, v, (long long)n, v);
}

static void c_locals(Pr *p, int id, int d)
{
	const KirKernel *k = p->k;

	for (size_t v = 0; v < k->nvars; v++) {
		if (p->lk->vinfo[v].storage != LVS_PRIVATE || p->lk->vinfo[v].first_phase != id)
			continue;
		sb_indent(p->o, d);
		sb_printf(p->o, "%s %s = 0;\n", ctypes[k->vars[v].type], p->vname[v]);
	}
}

static void c_local_arrays(Pr *p, int id, const KirStmt *body, int d);

static void node_phase(Pr *p, const LoopNode *n, int d)
{
	const LoopPhase *ph = &n->u.phase;
	const LoopLaunch *L = &p->lk->launch;

	if (!p->c) {
		phase_head(p, n, d);
		body(p, ph->body, d + 1);
		return;
	}
	sb_indent(p->o, d);
	sb_printf(p->o, "/* phase %d */\n", ph->id);
	if (!ph->in_blocks) {
		c_loop(p, d, "bz", L->grid[2]);
		c_loop(p, d, "by", L->grid[1]);
		c_loop(p, d, "bx", L->grid[0]);
	}
	c_loop(p, d, "tz", L->block[2]);
	c_loop(p, d, "ty", L->block[1]);
	c_loop(p, d, "tx", L->block[0]);
	sb_indent(p->o, d);
	sb_append(p->o, "{\n");
	if (!ph->in_blocks) {
		sb_indent(p->o, d + 1);
		sb_printf(p->o, "const size_t _b = ((size_t)bz * %lld + by) * %lld + bx;\n",
		          (long long)L->grid[1], (long long)L->grid[0]);
	}
	sb_indent(p->o, d + 1);
	sb_printf(p->o, "const size_t _t = ((size_t)tz * %lld + ty) * %lld + tx, _bt = _b * %lld + _t;\n",
	          (long long)L->block[1], (long long)L->block[0], (long long)L->nthreads);
	sb_indent(p->o, d + 1);
	sb_append(p->o, "(void)_b; (void)_t; (void)_bt;\n");
	if (ph->skip_exited) {
		sb_indent(p->o, d + 1);
		sb_printf(p->o, "if (%s[_bt]) continue;\n", p->bname[p->lk->exited]);
	}
	c_locals(p, ph->id, d + 1);
	c_local_arrays(p, ph->id, ph->body, d + 1);
	p->phase = ph->id;
	body(p, ph->body, d + 1);
	if (has_kind(ph->body, KS_RETURN, 0)) {
		sb_indent(p->o, d);
		sb_printf(p->o, "P%d_end:;\n", ph->id);
	}
	sb_indent(p->o, d);
	sb_append(p->o, "}\n");
}

/* ---- buffers in C ---- */

typedef struct BufUse {
	int buf, found;
} BufUse;

static void find_buf(void *ctx, KirExpr *e)
{
	BufUse *u = ctx;
	int b = e->kind == KE_LOAD ? e->u.load.buffer : e->kind == KE_ATOMIC ? e->u.atomic.buffer :
	        e->kind == KE_ASSIGN && e->u.assign.lv.var < 0 ? e->u.assign.lv.buffer :
	        e->kind == KE_INCDEC && e->u.incdec.lv.var < 0 ? e->u.incdec.lv.buffer : -1;

	if (b == u->buf)
		u->found = 1;
}

static void init_list(Pr *p, const KirBuffer *b)
{
	sb_append(p->o, " = {");
	for (size_t i = 0; i < b->ninit; i++) {
		KirConst c = frontend_const_convert(b->init[i], b->elem);
		if (i)
			sb_append(p->o, i % 8 ? ", " : ",\n\t\t");
		print_const(p, c);
	}
	sb_append(p->o, "}");
}

static void c_local_arrays(Pr *p, int id, const KirStmt *body, int d)
{
	const KirKernel *k = p->k;

	(void)id;
	for (size_t i = 0; i < k->nbufs; i++) {
		const KirBuffer *b = &k->bufs[i];
		BufUse u = {(int)i, 0};
		if (b->space != KSP_LOCAL || p->lk->binfo[i].spill)
			continue;
		loopify_stmt_visit((KirStmt *)body, find_buf, NULL, &u);
		if (!u.found)
			continue;
		sb_indent(p->o, d);
		sb_printf(p->o, "%s %s[%lld]", ctypes[b->elem], p->bname[i], (long long)b->count);
		if (b->init)
			init_list(p, b);
		else
			sb_append(p->o, " = {0}");
		sb_append(p->o, ";\n");
	}
}

static void c_params(Pr *p)
{
	const KirKernel *k = p->k;
	int n = 0;

	for (size_t i = 0; i < k->nparams; i++) {
		const KirParam *pa = &k->params[i];
		if (pa->type != KT_PTR)
			continue;
		sb_printf(p->o, "%s%s%s *%s", n++ ? ", " : "", k->bufs[pa->buffer].is_const ? "const " : "",
		          ctypes[k->bufs[pa->buffer].elem], p->pname[i]);
	}
	for (size_t i = 0; i < k->nparams; i++) {
		const KirParam *pa = &k->params[i];
		if (pa->type == KT_PTR || pa->bound)
			continue;
		sb_printf(p->o, "%s%s %s", n++ ? ", " : "", ctypes[pa->type], p->pname[i]);
	}
	for (size_t i = 0; i < k->nbufs; i++)     /* __constant__ memory the host fills */
		if (k->bufs[i].space == KSP_CONSTANT && !k->bufs[i].init)
			sb_printf(p->o, "%sconst %s *%s", n++ ? ", " : "", ctypes[k->bufs[i].elem], p->bname[i]);
	for (size_t i = 0; i < k->nbufs; i++)     /* __device__ symbols, the host's memory */
		if (k->bufs[i].space == KSP_GLOBAL && k->bufs[i].param < 0)
			sb_printf(p->o, "%s%s *%s", n++ ? ", " : "", ctypes[k->bufs[i].elem], p->bname[i]);
	if (!n)
		sb_append(p->o, "void");
}

static void c_storage(Pr *p)
{
	const KirKernel *k = p->k;
	const LoopLaunch *L = &p->lk->launch;

	for (size_t i = 0; i < k->nbufs; i++) {
		const KirBuffer *b = &k->bufs[i];
		const char *t = ctypes[b->elem];
		if (b->space == KSP_CONSTANT && b->init) {
			sb_printf(p->o, "  static const %s %s[%lld]", t, p->bname[i], (long long)b->count);
			init_list(p, b);
			sb_append(p->o, ";\n");
		} else if (b->space == KSP_SHARED) {
			sb_printf(p->o, "  %s *%s = calloc((size_t)%lld * %lld, sizeof(%s));\n", t, p->bname[i],
			          (long long)L->nblocks, (long long)b->count, t);
		} else if (b->space == KSP_LOCAL && p->lk->binfo[i].spill) {
			sb_printf(p->o, "  %s *%s = calloc((size_t)%lld * %lld, sizeof(%s));\n", t, p->bname[i],
			          (long long)(L->nblocks * L->nthreads), (long long)b->count, t);
		}
	}
	for (size_t v = 0; v < k->nvars; v++) {
		const char *t = ctypes[k->vars[v].type];
		if (p->lk->vinfo[v].storage == LVS_SPILL)
			sb_printf(p->o, "  %s *%s = calloc((size_t)%lld, sizeof(%s));\n", t, p->vname[v],
			          (long long)(L->nblocks * L->nthreads), t);
		else if (p->lk->vinfo[v].storage == LVS_UNIFORM)
			sb_printf(p->o, "  %s %s = 0;\n", t, p->vname[v]);
	}
}

static void c_free(Pr *p)
{
	const KirKernel *k = p->k;

	for (size_t i = 0; i < k->nbufs; i++)
		if (k->bufs[i].space == KSP_SHARED ||
		    (k->bufs[i].space == KSP_LOCAL && p->lk->binfo[i].spill))
			sb_printf(p->o, "  free(%s);\n", p->bname[i]);
	for (size_t v = 0; v < k->nvars; v++)
		if (p->lk->vinfo[v].storage == LVS_SPILL)
			sb_printf(p->o, "  free(%s);\n", p->vname[v]);
}

static const char *const prelude[] = {
#include "prelude.inc"
	, NULL
};

/* Returns the number of kernels with a construct C cannot hold (each diagnosed). */
static int print_c(StrBuf *out, const LoopProgram *prog, int polly)
{
	Arena *a = arena_new();
	int refused = 0;

	sb_printf(out, "/* cuda2hlo --emit c: %s */\n", prog->file ? prog->file : "");
	for (int i = 0; prelude[i]; i++)
		sb_append(out, prelude[i]);
	for (size_t i = 0; i < prog->nkernels; i++) {
		const LoopKernel *lk = &prog->kernels[i];
		Pr p = {out, lk, lk->k, 1, NULL, NULL, NULL, 0, 0, polly, NULL, 0};
		make_names(&p, a);
		sb_printf(out, "\n/* kernel %s: grid %lld,%lld,%lld block %lld,%lld,%lld, %d phase(s) */\n",
		          lk->name, (long long)lk->launch.grid[0], (long long)lk->launch.grid[1],
		          (long long)lk->launch.grid[2], (long long)lk->launch.block[0],
		          (long long)lk->launch.block[1], (long long)lk->launch.block[2], lk->nphases);
		if (lk->k->printf)     /* device printf sites (frontend printf.c): the host formats them */
			sb_printf(out, "/* cuda2hlo.printf: %s */\n", lk->k->printf);
		sb_printf(out, "void %s(", lk->c_name);
		c_params(&p);
		sb_append(out, ")\n{\n");
		c_storage(&p);
		seq(&p, lk->root, 1);
		c_free(&p);
		sb_append(out, "}\n");
		if (lk->no_c.file) {
			diag_error(lk->no_c, "--emit c: __activemask() inside a branch or a loop, or after an "
			           "early exit, cannot be translated (the C loop nest does not keep which "
			           "lanes run it; --emit stablehlo does)");
			refused++;
		}
	}
	arena_free(a);
	return refused;
}

/* C11 and gcc before 13 have no bf16 arithmetic (`__bf16` is clang's and gcc 13's): a
 * program with bf16 values is refused here (0) rather than printed as C that cc rejects. */
int loopify_print_c(StrBuf *out, const LoopProgram *prog)
{
	size_t at = out->len;
	int refused = print_c(out, prog, 0);

	if (!refused && !strstr(sb_str(out) + at, "__bf16"))
		return 1;
	out->len = at;
	out->s[at] = 0;
	if (refused)
		return 0;
	diag_error(NOLOC, "--emit c: '%s' holds bf16 (__nv_bfloat16) values, which C11 has no type for; "
	           "--emit stablehlo translates them", prog->file ? prog->file : "");
	return 0;
}

void loopify_print_c_polly(StrBuf *out, const LoopProgram *prog)
{
	(void)print_c(out, prog, 1);
}

/* ---- --emit loops ---- */

static const char *const spaces[] = {"global", "shared", "constant", "local"};
static const char *const storages[] = {"unused", "private", "spill", "uniform"};
static const char *const origins[] = {"", " lane", " exited"};

static void print_tables(Pr *p)
{
	const KirKernel *k = p->k;
	const LoopLaunch *L = &p->lk->launch;

	sb_printf(p->o, "  launch grid %lld,%lld,%lld block %lld,%lld,%lld shmem %lld\n",
	          (long long)L->grid[0], (long long)L->grid[1], (long long)L->grid[2],
	          (long long)L->block[0], (long long)L->block[1], (long long)L->block[2],
	          (long long)L->shmem);
	for (size_t i = 0; i < k->nparams; i++) {
		const KirParam *pa = &k->params[i];
		sb_printf(p->o, "  param %s %s", pa->name, frontend_dtype_name(pa->type));
		if (pa->bound) {
			sb_append(p->o, " = ");
			frontend_print_const(p->o, pa->value);
		}
		sb_putc(p->o, '\n');
	}
	for (size_t i = 0; i < k->nbufs; i++) {
		const KirBuffer *b = &k->bufs[i];
		const char *rep = b->space == KSP_SHARED ? " per-block" :
		                  b->space == KSP_LOCAL ? (p->lk->binfo[i].spill ? " per-thread spill" :
		                  " per-thread") : "";
		sb_printf(p->o, "  buffer %s %s%s %s count %lld%s\n", b->name, spaces[b->space],
		          origins[p->lk->binfo[i].origin], frontend_dtype_name(b->elem),
		          (long long)b->count, rep);
	}
	for (size_t v = 0; v < k->nvars; v++)
		if (p->lk->vinfo[v].storage != LVS_UNUSED)
			sb_printf(p->o, "  var %s %s %s\n", k->vars[v].name,
			          frontend_dtype_name(k->vars[v].type), storages[p->lk->vinfo[v].storage]);
}

void loopify_print(StrBuf *out, const LoopProgram *prog)
{
	Arena *a = arena_new();

	for (size_t i = 0; i < prog->nkernels; i++) {
		const LoopKernel *lk = &prog->kernels[i];
		Pr p = {out, lk, lk->k, 0, NULL, NULL, NULL, 0, 0, 0, NULL, 0};
		if (i)
			sb_putc(out, '\n');
		make_names(&p, a);
		sb_printf(out, "kernel %s phases %d", lk->name, lk->nphases);
		loc(&p, lk->loc);
		print_tables(&p);
		seq(&p, lk->root, 1);
	}
	arena_free(a);
}
