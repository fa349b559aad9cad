/* oobguard.c: run-time checks of the accesses the bounds walk could not prove in bounds
 * (issue 20, "never silently wrong"; docs/bounds.md, "--oob-check").
 *
 * Consumes a kernel and the source locations (`FILE:LINE:COL`) of its accesses whose index
 * isl could not decide (data-dependent `x[idx[i]]`, `i * j`, an index that may overflow);
 * produces a copy in which each such access is checked where it runs: a launch in which
 * some thread's index leaves its buffer fails with a located message, like a device
 * assert's (printf.c), from one record per site: `o BUFFER - HEXMESSAGE` in the kernel's
 * printf description, BUFFER one i64 holding the launch's thread count minus the linear
 * id of the first thread whose index left the buffer (0: none); runtime/printf.c prints
 * the message for that thread, the runtime and libcuda2hlo_cudart fail the launch. One
 * element per site, not one per thread as an assert's: a launch of millions of threads
 * copies out 8 bytes per site. An access whose index cannot be evaluated again before
 * its statement (an effect other than one `v++`, or it reads what the statement changes
 * before it) is captured in an expression statement or a declaration (`x[tmp = index]`,
 * checked after it: captured()), refused with a located error elsewhere (*errors);
 * NULL when no access is checked.
 *
 * Outside loops, before the statement holding the access, an atomicMax of `(index < 0 ||
 * index >= count) * (threads - thread)` into the record (a reduction for the affine
 * strategy), under the conditions of `&&`, `||` and `?:` that evaluate the access. Inside
 * loops, a flag per site for the outermost loop: 0 before it, `flag |= ...` before the
 * statement, the atomicMax of `flag * (threads - thread)` after the loop and before each
 * return or exit leaving it (outer_loop): a store or an atomic in a data-dependent loop
 * would keep the affine strategy from raising the kernel, a carried flag does not. The
 * index is evaluated again by the check, so it must have no effect (`v++`: v). A loop's
 * test or step is checked where it has just been or is about to be evaluated (lower):
 * a for's test at the body's start and after the loop (not after a break: a variable the
 * breaks set), a while's test before the loop, at the body's end and before each
 * continue, a do's test and a for's step at the body's end and before each continue. */
#include "frontend.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef VEC(KirStmt *) SVec;
typedef VEC(int) IVec;

typedef struct Og {
	const KirKernel *k;
	Arena *a;
	const Map *sites;        /* keys: FILE:LINE:COL of the accesses to check */
	Map *made;               /* key -> 1 + the site's index in flag/rec */
	VEC(char) enc;           /* per site: its record carries the index too ('i' an int,
	                            'u' an unsigned one; 0 not: record()) */
	VEC(int) flag, rec;      /* per site: its flag variable in the loop being lowered (-1:
	                            none yet), its record buffer */
	VEC(int) live;           /* the sites with a flag in the outermost loop being lowered */
	VEC(KirStmt *) exits;    /* in that loop, before each return or exit: an empty block
	                            for the records */
	IVec inner;              /* the labels of the blocks inside that loop */
	int depth;               /* loops around the statement being lowered */
	VEC(KirVar) vars;
	VEC(KirBuffer) bufs;
	VEC(KirParam) params;
	int64_t grid[3], block[3];
	int nextrec;             /* the next cuda2hlo_printfN */
	StrBuf *skipped;         /* --report lines: accesses left unchecked */
	StrBuf desc;
	int *dirty;              /* per variable of k, then per buffer: the effects of the
	                            statement being checked on it (NULL: none counted) */
	const KirExpr *tail[2];  /* what the innermost loop evaluates after an iteration or a
	                            continue (its step, a while's or do's test): checked there */
	int capture;             /* 1 while checking a KS_EXPR or KS_DECL: an access whose index
	                            cannot be evaluated again before it is captured instead */
	VEC(const KirExpr *) capnode;   /* the captured accesses of that statement */
	VEC(int) capvar, capsite;       /* per captured access: the variable its index goes
	                                   into (`x[tmp = index]`), its site */
	int brk;                 /* the variable the innermost loop's breaks set (-1: none):
	                            its test is checked after it where no break left it */
	int errors;              /* accesses that cannot be checked: refused */
} Og;

static KirExpr *var_ref(Og *z, int v, SrcLoc l)
{
	KirExpr *e = frontend_new_expr(z->a, KE_VAR, z->vars.data[v].type, l);
	e->u.var = v;
	return e;
}

static KirExpr *logic(Og *z, KirExprKind k, KirExpr *x, KirExpr *y, SrcLoc l)
{
	KirExpr *e;
	if (!x || !y)
		return x ? x : y;
	e = frontend_new_expr(z->a, k, KT_I1, l);
	e->u.bin.l = x;
	e->u.bin.r = y;
	return e;
}

/* The linear id of the thread (blockIdx x fastest, then threadIdx: printf.c's order), i64. */
static KirExpr *thread_id(Og *z, SrcLoc l)
{
	static const KirBuiltin bid[3] = {KBI_BID_X, KBI_BID_Y, KBI_BID_Z};
	static const KirBuiltin tid[3] = {KBI_TID_X, KBI_TID_Y, KBI_TID_Z};
	KirExpr *b = frontend_new_int(z->a, KT_I64, 0, l), *t = frontend_new_int(z->a, KT_I64, 0, l);
	int64_t nt = z->block[0] * z->block[1] * z->block[2];

	for (int d = 2; d >= 0; d--) {   /* a dimension of extent 1 adds nothing (its index is 0) */
		KirExpr *bi = frontend_new_expr(z->a, KE_BUILTIN, KT_U32, l), *ti = frontend_new_expr(z->a, KE_BUILTIN, KT_U32, l);
		bi->u.builtin = bid[d];
		ti->u.builtin = tid[d];
		if (z->grid[d] > 1)
			b = frontend_new_binary(z->a, KB_ADD, KT_I64, frontend_new_binary(z->a, KB_MUL, KT_I64, b,
			        frontend_new_int(z->a, KT_I64, z->grid[d], l), l), frontend_new_cast(z->a, KT_I64, bi, l), l);
		if (z->block[d] > 1)
			t = frontend_new_binary(z->a, KB_ADD, KT_I64, frontend_new_binary(z->a, KB_MUL, KT_I64, t,
			        frontend_new_int(z->a, KT_I64, z->block[d], l), l), frontend_new_cast(z->a, KT_I64, ti, l), l);
	}
	return frontend_new_binary(z->a, KB_ADD, KT_I64, frontend_new_binary(z->a, KB_MUL, KT_I64, b,
	           frontend_new_int(z->a, KT_I64, nt, l), l), t, l);
}

static KirStmt *expr_stmt(Og *z, KirExpr *e)
{
	KirStmt *s = frontend_new_stmt(z->a, KS_EXPR, e->loc);
	s->u.expr = e;
	return s;
}

/* The operands of e into k (at most 4); their number. */
static int kids(const KirExpr *e, const KirExpr **k)
{
	switch (e->kind) {
	case KE_LOAD: k[0] = e->u.load.index; return 1;
	case KE_UNARY: k[0] = e->u.un.x; return 1;
	case KE_CAST: case KE_BITCAST: k[0] = e->u.x; return 1;
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR: k[0] = e->u.bin.l; k[1] = e->u.bin.r; return 2;
	case KE_COND: k[0] = e->u.cond.c; k[1] = e->u.cond.t; k[2] = e->u.cond.f; return 3;
	case KE_COMMA: k[0] = e->u.comma.l; k[1] = e->u.comma.r; return 2;
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			k[i] = e->u.math.args[i];
		return e->u.math.nargs;
	case KE_ASSIGN: k[0] = e->u.assign.lv.var < 0 ? e->u.assign.lv.index : NULL; k[1] = e->u.assign.value; return 2;
	case KE_INCDEC: k[0] = e->u.incdec.lv.var < 0 ? e->u.incdec.lv.index : NULL; return 1;
	case KE_SHFL: k[0] = e->u.shfl.mask; k[1] = e->u.shfl.value; k[2] = e->u.shfl.lane; return 3;
	case KE_VOTE: k[0] = e->u.vote.mask; k[1] = e->u.vote.pred; return 2;
	case KE_ATOMIC:
		k[0] = e->u.atomic.index;
		for (int i = 0; i < e->u.atomic.nargs; i++)
			k[1 + i] = e->u.atomic.args[i];
		return 1 + e->u.atomic.nargs;
	default: return 0;
	}
}

/* The variable (>= 0) or buffer (nvars + b) e writes, or -1. */
static int writes(const Og *z, const KirExpr *e)
{
	const KirLval *lv = e->kind == KE_ASSIGN ? &e->u.assign.lv : e->kind == KE_INCDEC ? &e->u.incdec.lv : NULL;
	if (lv)
		return lv->var >= 0 ? lv->var : (int)z->k->nvars + lv->buffer;
	return e->kind == KE_ATOMIC ? (int)z->k->nvars + e->u.atomic.buffer : -1;
}

/* Counts into z->dirty the writes e makes (by: +1 or -1). */
static void effects(Og *z, const KirExpr *e, int by)
{
	const KirExpr *k[4];
	int n, w;
	if (!e)
		return;
	if ((w = writes(z, e)) >= 0)
		z->dirty[w] += by;
	n = kids(e, k);
	for (int i = 0; i < n; i++)
		effects(z, k[i], by);
}

/* Whether e (pure) reads a variable or buffer the statement being checked writes, own
 * (a variable, or -1) once less. */
static int reads_dirty(const Og *z, const KirExpr *e, int own)
{
	const KirExpr *k[4];
	int n;
	if (!e || !z->dirty)
		return 0;
	if (e->kind == KE_VAR && e->u.var < (int)z->k->nvars && z->dirty[e->u.var] - (e->u.var == own) > 0)
		return 1;
	if (e->kind == KE_LOAD && z->dirty[z->k->nvars + e->u.load.buffer] > 0)
		return 1;
	n = kids(e, k);
	for (int i = 0; i < n; i++)
		if (reads_dirty(z, k[i], own))
			return 1;
	return 0;
}

/* The value of index ix without its effect (`v++`: v, `++v`: v + 1; own: v), or NULL. */
static KirExpr *index_value(Og *z, const KirExpr *ix, int *own)
{
	*own = -1;
	if (frontend_expr_pure(ix))
		return (KirExpr *)ix;
	if (ix->kind != KE_INCDEC || ix->u.incdec.lv.var < 0)
		return NULL;
	*own = ix->u.incdec.lv.var;
	if (ix->u.incdec.post)
		return var_ref(z, *own, ix->loc);
	return frontend_new_binary(z->a, ix->u.incdec.inc ? KB_ADD : KB_SUB, ix->type, var_ref(z, *own, ix->loc),
	                           frontend_new_int(z->a, ix->type, 1, ix->loc), ix->loc);
}

/* An access that cannot be checked where it runs: refused (never silently unchecked). */
static void refuse(Og *z, SrcLoc l, const char *why)
{
	diag_error(l, "this access is not proven in bounds and cannot be checked at run time "
	           "(%s): --oob-check refuses the kernel", why);
	diag_note(z->k->loc, "in kernel '%s'", z->k->name);
	z->errors++;
}

static void key_of(StrBuf *b, SrcLoc l)
{
	sb_printf(b, "%s:%d:%d", l.file ? l.file : "<input>", l.line, l.col);
}

/* Whether a site's record can carry the index besides the thread: one i64 holds
 * (threads - thread) << 32 | the index's 32 bits when the launch has under 2^31 threads
 * and the check compares the index as a 32-bit integer (emit()); 'i' or 'u' as it is
 * signed, else 0 (the message then names the thread only). */
static char encodes(const Og *z, int buf, KirDType ixtype)
{
	int64_t nt = 1;
	for (int d = 0; d < 3; d++)
		nt *= z->grid[d] * z->block[d];
	if (nt >= INT32_MAX || z->k->bufs[buf].count > INT32_MAX || (ixtype != KT_I32 && ixtype != KT_U32))
		return 0;
	return ixtype == KT_I32 ? 'i' : 'u';
}

/* The site of the access to buffer buf at l (made at its first use): its index in
 * flag/rec, or -1 when l is not to be checked. */
static int site(Og *z, int buf, int write, KirDType ixtype, SrcLoc l)
{
	StrBuf key = {0}, msg = {0};
	const KirBuffer *kb = &z->k->bufs[buf];
	KirBuffer b = {0};
	KirParam p = {0};
	intptr_t i;

	key_of(&key, l);
	if (!map_get(z->sites, sb_str(&key)) || kb->count <= 0) {
		sb_free(&key);
		return -1;
	}
	if ((i = (intptr_t)map_get(z->made, sb_str(&key)))) {
		sb_free(&key);
		return (int)i - 1;
	}
	VEC_PUSH(z->flag, -1);
	VEC_PUSH(z->enc, encodes(z, buf, ixtype));
	b.name = arena_printf(z->a, "cuda2hlo_printf%d", z->nextrec++);
	b.space = KSP_GLOBAL;
	b.elem = KT_I64;
	b.count = 1;
	b.param = (int)z->params.len;
	b.loc = l;
	VEC_PUSH(z->rec, (int)z->bufs.len);
	VEC_PUSH(z->bufs, b);
	p.name = b.name;
	p.type = KT_PTR;
	p.buffer = (int)z->bufs.len - 1;
	p.value.type = KT_PTR;
	p.loc = l;
	VEC_PUSH(z->params, p);
	for (const char *f = sb_str(&key); *f; f++)
		sb_printf(&msg, *f == '%' ? "%%%%" : "%c", *f);
	sb_printf(&msg, ": block: [%%u,%%u,%%u], thread: [%%u,%%u,%%u] '%s' is %s out of bounds "
	          "%s(%lld elements%s): an index not proven in bounds, checked at run time "
	          "(--oob-check)\n", kb->name, write ? "written" : "read",
	          !z->enc.data[z->enc.len - 1] ? "" : z->enc.data[z->enc.len - 1] == 'i' ? "at index %d " : "at index %u ",
	          (long long)kb->count, kb->space == KSP_SHARED ? ", one copy per block" :
	          kb->space == KSP_LOCAL ? ", one copy per thread" : "");
	sb_printf(&z->desc, "o %s %s ", b.name, !z->enc.data[z->enc.len - 1] ? "-" :
	          z->enc.data[z->enc.len - 1] == 'i' ? "i" : "u");
	for (const char *c = sb_str(&msg); *c; c++)
		sb_printf(&z->desc, "%02x", (unsigned char)*c);
	sb_putc(&z->desc, ';');
	map_put(z->made, sb_str(&key), (void *)(intptr_t)z->flag.len);
	sb_free(&msg);
	sb_free(&key);
	return (int)z->flag.len - 1;
}

/* atomicMax(&cuda2hlo_printfN[0], fails * (threads - thread)) for site s: the lowest
 * thread whose index left the buffer wins. A site that carries the index (z->enc):
 * fails * ((threads - thread) << 32 | ix), ix the index's 32 bits zero-extended, so the
 * lowest thread still wins and its index comes with it. */
static KirStmt *record(Og *z, int s, KirExpr *fails, KirExpr *ix, SrcLoc l)
{
	KirExpr *e = frontend_new_expr(z->a, KE_ATOMIC, KT_I64, l), *who;
	int64_t nt = 1;
	for (int d = 0; d < 3; d++)
		nt *= z->grid[d] * z->block[d];
	e->u.atomic.op = KA_MAX;
	e->u.atomic.buffer = z->rec.data[s];
	e->u.atomic.index = frontend_new_int(z->a, KT_I64, 0, l);
	e->u.atomic.nargs = 1;
	who = frontend_new_binary(z->a, KB_SUB, KT_I64, frontend_new_int(z->a, KT_I64, nt, l), thread_id(z, l), l);
	if (ix)
		who = frontend_new_binary(z->a, KB_OR, KT_I64, frontend_new_binary(z->a, KB_SHL, KT_I64, who,
		        frontend_new_int(z->a, KT_I64, 32, l), l), ix, l);
	e->u.atomic.args[0] = frontend_new_binary(z->a, KB_MUL, KT_I64, fails, who, l);
	return expr_stmt(z, e);
}

/* A flag variable for site s in the outermost loop being lowered. */
static int new_flag(Og *z, int s, SrcLoc l)
{
	KirVar v = {0};
	v.name = arena_printf(z->a, "cuda2hlo_oob%zu", z->vars.len);
	v.type = KT_I64;
	v.kind = KVK_TEMP;
	v.loc = l;
	VEC_PUSH(z->vars, v);
	VEC_PUSH(z->live, s);
	return (int)z->vars.len - 1;
}

/* A new variable of type t declared with init (its declaration into out). */
static int temp_var(Og *z, SVec *out, KirDType t, KirExpr *init, SrcLoc l)
{
	KirVar v = {0};
	KirStmt *d = frontend_new_stmt(z->a, KS_DECL, l);
	v.name = arena_printf(z->a, "cuda2hlo_ix%zu", z->vars.len);
	v.type = t;
	v.kind = KVK_TEMP;
	v.loc = l;
	VEC_PUSH(z->vars, v);
	d->u.decl.var = (int)z->vars.len - 1;
	d->u.decl.init = init;
	VEC_PUSH(*out, d);
	return d->u.decl.var;
}

/* Inside a loop, `flag |= guard && (index < 0 || index >= count)` for the access at l
 * (the record is set after the loop: records()); outside, the record at once. */
/* `flag |= guard && (index < 0 || index >= count)` for site s of buffer buf inside a
 * loop (the record is set after the loop: records()); outside, the record at once. */
static void emit(Og *z, SVec *out, int s, KirExpr *guard, int buf, const KirExpr *index, SrcLoc l)
{
	int64_t n = z->k->bufs[buf].count;
	KirDType t = (index->type == KT_I32 || index->type == KT_U32) && n <= INT32_MAX ? index->type : KT_I64;
	KirExpr *i = frontend_new_cast(z->a, t, (KirExpr *)index, l), *ix = NULL;   /* an int index: int compares */
	KirExpr *fails;
	int f;
	if (z->enc.data[s]) {
		/* the index is used twice, by the test and the record: one variable, so that
		 * the raise computes it once (a load in it is one gather); `guard ? index : 0`
		 * (0 is in bounds) keeps it evaluated where the access is only */
		ASSERT(t == KT_I32 || t == KT_U32);    /* site() saw the same index type */
		if (guard) {
			KirExpr *c = frontend_new_expr(z->a, KE_COND, t, l);
			c->u.cond.c = guard;
			c->u.cond.t = i;
			c->u.cond.f = frontend_new_int(z->a, t, 0, l);
			i = c;
			guard = NULL;
		}
		i = var_ref(z, temp_var(z, out, t, i, l), l);
		ix = frontend_new_cast(z->a, KT_I64, frontend_new_cast(z->a, KT_U32, i, l), l);  /* 32 bits, zero-extended */
	}
	fails = frontend_new_binary(z->a, KB_GE, KT_I1, i, frontend_new_int(z->a, t, n, l), l);
	if (t != KT_U32)
		fails = logic(z, KE_LOGOR, frontend_new_binary(z->a, KB_LT, KT_I1, i, frontend_new_int(z->a, t, 0, l), l),
		              fails, l);
	fails = frontend_new_cast(z->a, KT_I64, logic(z, KE_LOGAND, guard, fails, l), l);
	if (!z->depth) {         /* outside loops: the record at once */
		VEC_PUSH(*out, record(z, s, fails, ix, l));
		return;
	}
	if ((f = z->flag.data[s]) < 0)
		f = z->flag.data[s] = new_flag(z, s, l);
	if (ix)                  /* the first failing index, with bit 32 set: records() */
		fails = frontend_new_binary(z->a, KB_MUL, KT_I64, frontend_new_binary(z->a, KB_MUL, KT_I64, fails,
		        frontend_new_cast(z->a, KT_I64, frontend_new_binary(z->a, KB_EQ, KT_I1, var_ref(z, f, l),
		        frontend_new_int(z->a, KT_I64, 0, l), l), l), l), frontend_new_binary(z->a, KB_OR, KT_I64,
		        frontend_new_int(z->a, KT_I64, (int64_t)1 << 32, l), ix, l), l);
	VEC_PUSH(*out, expr_stmt(z, frontend_new_assign(z->a, f, -1, NULL, frontend_new_binary(z->a, KB_OR, KT_I64,
	         var_ref(z, f, l), fails, l), l)));
}

/* The check of access acc (buffer buf, index) before its statement, under guard. An
 * index that cannot be evaluated again there (an effect, or it reads what the statement
 * changes before it) is captured in a KS_EXPR or KS_DECL (`x[tmp = index]`, checked
 * after the statement: lower()), refused elsewhere. */
static void check(Og *z, SVec *out, KirExpr *guard, const KirExpr *acc, int buf, const KirExpr *index,
                  int write, SrcLoc l)
{
	int s = site(z, buf, write, index->type, l), own;
	const KirExpr *v;
	KirVar t = {0};

	if (s < 0)
		return;
	v = index_value(z, index, &own);
	if (v && !reads_dirty(z, v, own) && !reads_dirty(z, guard, -1)) {
		emit(z, out, s, guard, buf, v, l);
		return;
	}
	if (!z->capture) {
		refuse(z, l, !v ? "its index has an effect, in a loop's test or step, an if's test "
		       "or a barrier's argument" : "its statement changes what its index reads before it");
		return;
	}
	t.name = arena_printf(z->a, "cuda2hlo_oobidx%zu", z->vars.len);
	t.type = index->type;
	t.kind = KVK_TEMP;
	t.loc = l;
	VEC_PUSH(z->vars, t);
	VEC_PUSH(z->capnode, acc);
	VEC_PUSH(z->capvar, (int)z->vars.len - 1);
	VEC_PUSH(z->capsite, s);
}

/* e with the indices of its captured accesses assigned to their variables. */
static KirExpr *subst(Og *z, const KirExpr *e)
{
	KirExpr *n, **ix = NULL;
	if (!e)
		return NULL;
	n = frontend_new_expr(z->a, e->kind, e->type, e->loc);
	*n = *e;
	switch (e->kind) {
	case KE_LOAD: ix = &n->u.load.index; break;
	case KE_UNARY: n->u.un.x = subst(z, e->u.un.x); break;
	case KE_CAST: case KE_BITCAST: n->u.x = subst(z, e->u.x); break;
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		n->u.bin.l = subst(z, e->u.bin.l);
		n->u.bin.r = subst(z, e->u.bin.r);
		break;
	case KE_COND:
		n->u.cond.c = subst(z, e->u.cond.c);
		n->u.cond.t = subst(z, e->u.cond.t);
		n->u.cond.f = subst(z, e->u.cond.f);
		break;
	case KE_COMMA:
		n->u.comma.l = subst(z, e->u.comma.l);
		n->u.comma.r = subst(z, e->u.comma.r);
		break;
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			n->u.math.args[i] = subst(z, e->u.math.args[i]);
		break;
	case KE_ASSIGN:
		n->u.assign.value = subst(z, e->u.assign.value);
		if (e->u.assign.lv.var < 0)
			ix = &n->u.assign.lv.index;
		break;
	case KE_INCDEC:
		if (e->u.incdec.lv.var < 0)
			ix = &n->u.incdec.lv.index;
		break;
	case KE_SHFL:
		n->u.shfl.mask = subst(z, e->u.shfl.mask);
		n->u.shfl.value = subst(z, e->u.shfl.value);
		n->u.shfl.lane = subst(z, e->u.shfl.lane);
		break;
	case KE_VOTE:
		n->u.vote.mask = subst(z, e->u.vote.mask);
		n->u.vote.pred = subst(z, e->u.vote.pred);
		break;
	case KE_ATOMIC:
		ix = &n->u.atomic.index;
		for (int i = 0; i < e->u.atomic.nargs; i++)
			n->u.atomic.args[i] = subst(z, e->u.atomic.args[i]);
		break;
	default: break;
	}
	if (!ix)
		return n;
	*ix = subst(z, *ix);
	for (size_t i = 0; i < z->capnode.len; i++)
		if (z->capnode.data[i] == e)
			*ix = frontend_new_assign(z->a, z->capvar.data[i], -1, NULL, *ix, e->loc);
	return n;
}

static void checks(Og *z, SVec *out, KirExpr *guard, const KirExpr *e);

/* The checks of e, evaluated only where cond holds (neg: does not). */
static void lazy(Og *z, SVec *out, KirExpr *guard, const KirExpr *cond, int neg, const KirExpr *e)
{
	KirExpr *c = frontend_truth(z->a, (KirExpr *)cond);
	if (neg)
		c = frontend_new_unary(z->a, KU_NOT, KT_I1, c, e->loc);
	checks(z, out, logic(z, KE_LOGAND, guard, c, e->loc), e);
}

/* The checks of the accesses evaluating e makes, under guard (NULL: always). */
static void checks(Og *z, SVec *out, KirExpr *guard, const KirExpr *e)
{
	if (!e)
		return;
	switch (e->kind) {
	case KE_LOAD:
		checks(z, out, guard, e->u.load.index);
		check(z, out, guard, e, e->u.load.buffer, e->u.load.index, 0, e->loc);
		return;
	case KE_UNARY: checks(z, out, guard, e->u.un.x); return;
	case KE_CAST: case KE_BITCAST: checks(z, out, guard, e->u.x); return;
	case KE_BINARY: checks(z, out, guard, e->u.bin.l); checks(z, out, guard, e->u.bin.r); return;
	case KE_LOGAND: case KE_LOGOR:
		checks(z, out, guard, e->u.bin.l);
		lazy(z, out, guard, e->u.bin.l, e->kind == KE_LOGOR, e->u.bin.r);
		return;
	case KE_COND:
		checks(z, out, guard, e->u.cond.c);
		lazy(z, out, guard, e->u.cond.c, 0, e->u.cond.t);
		lazy(z, out, guard, e->u.cond.c, 1, e->u.cond.f);
		return;
	case KE_COMMA: checks(z, out, guard, e->u.comma.l); checks(z, out, guard, e->u.comma.r); return;
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			checks(z, out, guard, e->u.math.args[i]);
		return;
	case KE_ASSIGN:
		if (e->u.assign.lv.var < 0) {
			checks(z, out, guard, e->u.assign.lv.index);
			check(z, out, guard, e, e->u.assign.lv.buffer, e->u.assign.lv.index, 1, e->loc);
		}
		checks(z, out, guard, e->u.assign.value);
		return;
	case KE_INCDEC:
		if (e->u.incdec.lv.var < 0) {
			checks(z, out, guard, e->u.incdec.lv.index);
			check(z, out, guard, e, e->u.incdec.lv.buffer, e->u.incdec.lv.index, 1, e->loc);
		}
		return;
	case KE_SHFL:
		checks(z, out, guard, e->u.shfl.mask);
		checks(z, out, guard, e->u.shfl.value);
		checks(z, out, guard, e->u.shfl.lane);
		return;
	case KE_VOTE:
		checks(z, out, guard, e->u.vote.mask);
		checks(z, out, guard, e->u.vote.pred);
		return;
	case KE_ATOMIC:
		checks(z, out, guard, e->u.atomic.index);
		for (int i = 0; i < e->u.atomic.nargs; i++)
			checks(z, out, guard, e->u.atomic.args[i]);
		if (e->u.atomic.per > 1 && site(z, e->u.atomic.buffer, 1, KT_VOID, e->loc) >= 0)
			sb_printf(z->skipped, "  bounds: the access at %d:%d is not checked at run time "
			          "(a wide atomic)\n", e->loc.line, e->loc.col);
		else
			check(z, out, guard, e, e->u.atomic.buffer, e->u.atomic.index, 1, e->loc);
		return;
	default: return;
	}
}

/* The checks of e into out under guard (NULL: always), before the statement that
 * evaluates e: an access whose index reads what the statement changes before it is
 * refused. */
static void checks_under(Og *z, SVec *out, KirExpr *guard, const KirExpr *e)
{
	int w;
	if (!e)
		return;
	effects(z, e, 1);
	if ((w = writes(z, e)) >= 0)    /* e's own write: after all it reads */
		z->dirty[w]--;
	checks(z, out, guard, e);
	effects(z, e, -1);
	if (w >= 0)
		z->dirty[w]++;
}

static void stmt_checks(Og *z, SVec *out, const KirExpr *e)
{
	checks_under(z, out, NULL, e);
}

/* A for-loop's init of several statements: each checked before the first, what the
 * earlier ones write counting as the statement's effects. */
static void init_checks(Og *z, SVec *out, const KirStmt *init)
{
	size_t n = init->kind == KS_BLOCK ? init->u.block.nstmts : 0;
	for (int by = 1; by >= -1; by -= 2)
		for (size_t i = 0; i < n; i++) {
			const KirStmt *d = init->u.block.stmts[i];
			const KirExpr *e = d->kind == KS_DECL ? d->u.decl.init : d->kind == KS_EXPR ? d->u.expr : NULL;
			if (by > 0)
				stmt_checks(z, out, e);
			effects(z, e, by);
			if (d->kind == KS_DECL)
				z->dirty[d->u.decl.var] += by;
		}
}

/* Whether an access of e is to be checked. */
static int has_site(const Og *z, const KirExpr *e)
{
	const KirExpr *k[4];
	int n, b = -1;
	StrBuf key = {0};
	if (!e)
		return 0;
	b = e->kind == KE_LOAD ? e->u.load.buffer : e->kind == KE_ATOMIC ? e->u.atomic.buffer :
	    e->kind == KE_ASSIGN && e->u.assign.lv.var < 0 ? e->u.assign.lv.buffer :
	    e->kind == KE_INCDEC && e->u.incdec.lv.var < 0 ? e->u.incdec.lv.buffer : -1;
	if (b >= 0) {
		key_of(&key, e->loc);
		b = map_get(z->sites, sb_str(&key)) != NULL;
		sb_free(&key);
		if (b)
			return 1;
	}
	n = kids(e, k);
	for (int i = 0; i < n; i++)
		if (has_site(z, k[i]))
			return 1;
	return 0;
}

/* Whether s breaks out of the loop whose body it is (not an inner loop's break). */
static int breaks(const KirStmt *s)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case KS_BREAK: return 1;
	case KS_IF: return breaks(s->u.if_.then) || breaks(s->u.if_.els);
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			if (breaks(s->u.block.stmts[i]))
				return 1;
		return 0;
	default: return 0;
	}
}

/* After the outermost loop (and at each exit from inside it): the record of every site
 * flagged in it. */
static void records(Og *z, SVec *out, SrcLoc l)
{
	for (size_t i = 0; i < z->live.len; i++) {
		int s = z->live.data[i];
		KirExpr *f = var_ref(z, z->flag.data[s], l);
		if (!z->enc.data[s]) {
			VEC_PUSH(*out, record(z, s, f, NULL, l));
			continue;
		}
		VEC_PUSH(*out, record(z, s, frontend_new_binary(z->a, KB_SHR, KT_I64, f, frontend_new_int(z->a, KT_I64, 32, l), l),
		                      frontend_new_binary(z->a, KB_AND, KT_I64, var_ref(z, z->flag.data[s], l),
		                      frontend_new_int(z->a, KT_I64, 0xffffffffll, l), l), l));
	}
}

static void fill(Og *z, KirStmt *b, SrcLoc l)
{
	SVec r = {0};
	records(z, &r, l);
	b->u.block.stmts = ARENA_ARRAY(z->a, KirStmt *, r.len + 1);
	if (r.len)
		memcpy(b->u.block.stmts, r.data, sizeof(KirStmt *) * r.len);
	b->u.block.nstmts = r.len;
	VEC_FREE(r);
}

static KirStmt *rewrite(Og *z, const KirStmt *s);
static void outer_loop(Og *z, SVec *out, const KirStmt *s);
static int has(const IVec *v, int x);

static KirStmt *block_of(Og *z, const KirStmt *s, SVec *v)
{
	KirStmt *b = frontend_new_stmt(z->a, KS_BLOCK, s->loc);
	if (s->kind == KS_BLOCK)
		b->u.block = s->u.block;
	b->u.block.stmts = ARENA_ARRAY(z->a, KirStmt *, v->len + 1);
	if (v->len)
		memcpy(b->u.block.stmts, v->data, sizeof(KirStmt *) * v->len);
	b->u.block.nstmts = v->len;
	VEC_FREE(*v);
	return b;
}

/* An outermost loop s, rewritten: its sites' flags set to 0 before it, their records after
 * it and at each return or exit inside it. The flags are carried by the loop as any
 * variable it updates (a store or an atomic in a data-dependent loop would keep the
 * affine strategy from raising the kernel), and read after it by the threads that reach
 * the loop (a flag read at the kernel's end by threads that skipped the loop did too). */
static void outer_loop(Og *z, SVec *out, const KirStmt *s)
{
	KirStmt *t = rewrite(z, s);
	for (size_t i = 0; i < z->live.len; i++) {
		KirStmt *d = frontend_new_stmt(z->a, KS_DECL, s->loc);
		d->u.decl.var = z->flag.data[z->live.data[i]];
		d->u.decl.init = frontend_new_int(z->a, KT_I64, 0, s->loc);
		VEC_PUSH(*out, d);
	}
	VEC_PUSH(*out, t);
	records(z, out, s->loc);
	for (size_t i = 0; i < z->exits.len; i++)
		fill(z, z->exits.data[i], z->exits.data[i]->loc);
	for (size_t i = 0; i < z->live.len; i++)
		z->flag.data[z->live.data[i]] = -1;
	z->live.len = 0;
	z->exits.len = 0;
	z->inner.len = 0;
}

static int has(const IVec *v, int x)
{
	for (size_t i = 0; i < v->len; i++)
		if (v->data[i] == x)
			return 1;
	return 0;
}

/* A KS_EXPR or KS_DECL s with the checks of its accesses into out: before it, or for an
 * index captured into a variable (0 before s: in bounds where the access does not run),
 * after it. */
static void captured(Og *z, SVec *out, const KirStmt *s)
{
	KirStmt *t;
	z->capture = 1;
	stmt_checks(z, out, s->kind == KS_EXPR ? s->u.expr : s->u.decl.init);
	z->capture = 0;
	if (!z->capnode.len) {
		VEC_PUSH(*out, (KirStmt *)s);
		return;
	}
	for (size_t i = 0; i < z->capvar.len; i++) {
		KirStmt *d = frontend_new_stmt(z->a, KS_DECL, s->loc);
		d->u.decl.var = z->capvar.data[i];
		d->u.decl.init = frontend_new_int(z->a, z->vars.data[z->capvar.data[i]].type, 0, s->loc);
		VEC_PUSH(*out, d);
	}
	t = frontend_new_stmt(z->a, s->kind, s->loc);
	*t = *s;
	if (s->kind == KS_EXPR)
		t->u.expr = subst(z, s->u.expr);
	else
		t->u.decl.init = subst(z, s->u.decl.init);
	VEC_PUSH(*out, t);
	for (size_t i = 0; i < z->capnode.len; i++) {
		const KirExpr *a = z->capnode.data[i];
		int buf = a->kind == KE_LOAD ? a->u.load.buffer : a->kind == KE_ATOMIC ? a->u.atomic.buffer :
		          a->kind == KE_ASSIGN ? a->u.assign.lv.buffer : a->u.incdec.lv.buffer;
		emit(z, out, z->capsite.data[i], NULL, buf, var_ref(z, z->capvar.data[i], a->loc), a->loc);
	}
	z->capnode.len = z->capvar.len = z->capsite.len = 0;
}

/* A new i64 variable set to 0 (its declaration into out). */
static int zero_var(Og *z, SVec *out, const char *what, SrcLoc l)
{
	KirVar v = {0};
	KirStmt *d = frontend_new_stmt(z->a, KS_DECL, l);
	v.name = arena_printf(z->a, "cuda2hlo_%s%zu", what, z->vars.len);
	v.type = KT_I64;
	v.kind = KVK_TEMP;
	v.loc = l;
	VEC_PUSH(z->vars, v);
	d->u.decl.var = (int)z->vars.len - 1;
	d->u.decl.init = frontend_new_int(z->a, KT_I64, 0, l);
	VEC_PUSH(*out, d);
	return d->u.decl.var;
}

/* The statements that replace s: the checks of what it evaluates first, then s. A
 * loop's test or step is checked where it was just evaluated or is about to be: a for's
 * test at the body's start and after the loop (where no break left it), a while's
 * before the loop, at the body's end and before each continue, a do's and a for's step
 * at the body's end and before each continue (rewrite). */
static void lower(Og *z, SVec *out, const KirStmt *s)
{
	int brk = -1;
	switch (s->kind) {
	case KS_EXPR: case KS_DECL:
		captured(z, out, s);
		return;
	case KS_IF: stmt_checks(z, out, s->u.if_.cond); break;
	case KS_FOR:
		if (s->u.for_.init && s->u.for_.init->kind == KS_EXPR)
			stmt_checks(z, out, s->u.for_.init->u.expr);
		else if (s->u.for_.init && s->u.for_.init->kind == KS_DECL)
			stmt_checks(z, out, s->u.for_.init->u.decl.init);
		else if (s->u.for_.init)   /* several declarations: a later one may read an earlier */
			init_checks(z, out, s->u.for_.init);
		if (has_site(z, s->u.for_.cond) && breaks(s->u.for_.body))
			brk = zero_var(z, out, "oobbreak", s->loc);
		break;
	case KS_WHILE: stmt_checks(z, out, s->u.loop.cond); break;   /* the first test */
	case KS_SYNC: stmt_checks(z, out, s->u.sync.arg); break;
	case KS_BREAK:
		if (z->brk >= 0)
			VEC_PUSH(*out, expr_stmt(z, frontend_new_assign(z->a, z->brk, -1, NULL,
			         frontend_new_int(z->a, KT_I64, 1, s->loc), s->loc)));
		break;
	case KS_CONTINUE:
		for (int i = 0; i < 2; i++)
			stmt_checks(z, out, z->tail[i]);
		break;
	case KS_RETURN: case KS_EXIT:
		if (z->depth && !(s->kind == KS_EXIT && has(&z->inner, s->u.label))) {
			/* leaving the outermost loop: its records, filled in after it */
			KirStmt *b = frontend_new_stmt(z->a, KS_BLOCK, s->loc);
			VEC_PUSH(z->exits, b);
			VEC_PUSH(*out, b);
		}
		break;
	default: break;
	}
	if (s->kind == KS_FOR || s->kind == KS_WHILE || s->kind == KS_DO) {
		int outer = z->brk;
		z->brk = brk;
		if (!z->depth)
			outer_loop(z, out, s);
		else
			VEC_PUSH(*out, rewrite(z, s));
		z->brk = outer;
		if (s->kind == KS_FOR)   /* the test that ended the loop */
			checks_under(z, out, brk < 0 ? NULL : frontend_new_binary(z->a, KB_EQ, KT_I1,
			             var_ref(z, brk, s->loc), frontend_new_int(z->a, KT_I64, 0, s->loc), s->loc),
			             s->u.for_.cond);
		return;
	}
	VEC_PUSH(*out, rewrite(z, s));
}

/* The body of loop s: first what checks the test that let it run, then body, then what
 * checks the test or step that follows it (tail, also before each continue). */
static KirStmt *loop_body(Og *z, const KirStmt *s, const KirExpr *first, const KirStmt *body,
                          const KirExpr *tail)
{
	SVec v = {0};
	const KirExpr *t0 = z->tail[0], *t1 = z->tail[1];
	z->tail[0] = tail;
	z->tail[1] = NULL;
	z->depth++;
	stmt_checks(z, &v, first);
	VEC_PUSH(v, rewrite(z, body));
	stmt_checks(z, &v, tail);
	z->depth--;
	z->tail[0] = t0;
	z->tail[1] = t1;
	if (v.len == 1) {
		KirStmt *b = v.data[0];
		VEC_FREE(v);
		return b;
	}
	return block_of(z, s, &v);   /* s is no block: a new block without label */
}

/* s with its inner statements lowered. */
static KirStmt *rewrite(Og *z, const KirStmt *s)
{
	KirStmt *t;
	SVec v = {0};

	if (!s)
		return NULL;
	if (s->kind == KS_BLOCK) {
		if (z->depth && s->u.block.label > 0)
			VEC_PUSH(z->inner, s->u.block.label);
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			lower(z, &v, s->u.block.stmts[i]);
		return block_of(z, s, &v);
	}
	t = frontend_new_stmt(z->a, s->kind, s->loc);
	*t = *s;
	switch (s->kind) {
	case KS_IF:
		t->u.if_.then = rewrite(z, s->u.if_.then);
		t->u.if_.els = rewrite(z, s->u.if_.els);
		return t;
	case KS_FOR:
		t->u.for_.body = loop_body(z, s, s->u.for_.cond, s->u.for_.body, s->u.for_.step);
		return t;
	case KS_WHILE:
		t->u.loop.body = loop_body(z, s, NULL, s->u.loop.body, s->u.loop.cond);
		return t;
	case KS_DO:
		t->u.loop.body = loop_body(z, s, NULL, s->u.loop.body, s->u.loop.cond);
		return t;
	default: return t;
	}
}

static KirKernel *copy(Og *z, KirStmt *body)
{
	KirKernel *o = ARENA_NEW(z->a, KirKernel);
	Arena *a = z->a;

	*o = *z->k;
	o->body = body;
	o->vars = ARENA_ARRAY(a, KirVar, z->vars.len + 1);
	memcpy(o->vars, z->vars.data, sizeof(KirVar) * z->vars.len);
	o->nvars = z->vars.len;
	o->bufs = ARENA_ARRAY(a, KirBuffer, z->bufs.len + 1);
	memcpy(o->bufs, z->bufs.data, sizeof(KirBuffer) * z->bufs.len);
	o->nbufs = z->bufs.len;
	o->params = ARENA_ARRAY(a, KirParam, z->params.len + 1);
	if (z->params.len)
		memcpy(o->params, z->params.data, sizeof(KirParam) * z->params.len);
	o->nparams = z->params.len;
	o->printf = z->k->printf ? arena_printf(a, "%s%s", z->k->printf, sb_str(&z->desc)) :
	            arena_printf(a, "%lld %lld %lld %lld %lld %lld;%s", (long long)z->grid[0],
	                         (long long)z->grid[1], (long long)z->grid[2], (long long)z->block[0],
	                         (long long)z->block[1], (long long)z->block[2], sb_str(&z->desc));
	return o;
}

KirKernel *frontend_oob_guard(Arena *a, const KirKernel *k, const Map *sites,
                              const int64_t grid[3], const int64_t block[3], StrBuf *skipped,
                              int *errors)
{
	Og z = {0};
	KirKernel *o = NULL;

	z.k = k;
	z.a = a;
	z.sites = sites;
	z.skipped = skipped;
	z.brk = -1;
	*errors = 0;
	if (!frontend_launch_of(k, grid, block, z.grid, z.block))
		return NULL;
	z.dirty = xcalloc(k->nvars + k->nbufs + 1, sizeof(int));
	z.made = map_create();
	for (size_t i = 0; i < k->nvars; i++)
		VEC_PUSH(z.vars, k->vars[i]);
	for (size_t i = 0; i < k->nbufs; i++)
		VEC_PUSH(z.bufs, k->bufs[i]);
	for (size_t i = 0; i < k->nparams; i++) {
		VEC_PUSH(z.params, k->params[i]);
		if (!strncmp(k->params[i].name, "cuda2hlo_printf", 15))
			z.nextrec++;
	}
	{
		KirStmt *b = rewrite(&z, k->body);
		if (z.flag.len && !z.errors)
			o = copy(&z, b);
		*errors = z.errors;
	}
	free(z.dirty);
	VEC_FREE(z.capnode);
	VEC_FREE(z.capvar);
	VEC_FREE(z.capsite);
	map_destroy(z.made);
	VEC_FREE(z.live);
	VEC_FREE(z.inner);
	VEC_FREE(z.exits);
	VEC_FREE(z.flag);
	VEC_FREE(z.enc);
	VEC_FREE(z.rec);
	VEC_FREE(z.vars);
	VEC_FREE(z.bufs);
	VEC_FREE(z.params);
	sb_free(&z.desc);
	return o;
}
