/* narrow_store.c: stores through a narrow view (narrow.c) of a bounded object, a row of a
 * buffer that one thread owns: `int8_t (&pos)[16] = *(int8_t (*)[16])&rows[threadIdx.x * 2]`
 * then `pos[m] = k`, `pos[j] += d`. The GPU writes only the field's bytes; the kernel IR
 * writes whole elements, so such a store is the element's read-modify-write: the element
 * off / per is loaded, its bytes at 8 * sizeof view * (off % per) replaced by the value's
 * (little-endian, as the GPU lays them out) and stored back. That is exact only when no
 * other thread writes another byte of the element in the same phase, which is proven
 * here, at the cast that makes the view, from three facts:
 *   - the object (an array of the narrow type; C++ [expr.add]: an index outside it is
 *     undefined) covers m = ceil(sizeof / sizeof elem) elements from its base element B;
 *   - B is T * s + c with constants 0 <= c, c + m <= s and T an index that differs for any
 *     two threads that share the buffer: threadIdx.x for __shared__ memory with a block of
 *     one dimension, blockIdx.x * blockDim.x + threadIdx.x for global memory with a grid
 *     and block of one dimension (the launch is known before the body is lowered, as for
 *     a shuffle's width); a local array is the thread's own. So thread T's narrow stores
 *     stay in elements [T * s, T * s + s), and every view stored through into one buffer
 *     must have the same s;
 *   - nothing else writes the buffer: after the body is lowered, a store, ++/--, atomic or
 *     copy into it that is not one of these read-modify-writes is refused at its location.
 * A plain pointer's view (`((unsigned char *)w)[4 * i + 1] = v`, no bounded object: a.row
 * 0) of global or shared memory is a part store: the same read-modify-write, its KIR
 * store marked (assign.bytes 1) for the raise's race walk, which accepts it only where it
 * proves that no other thread writes or reads the element in the same phase (race.c
 * part_store). Anything else stays refused (narrow.c narrow_refused, or the reason here). */
#include "parse.h"

/* e without widening integer casts, a variable that keeps its declaration's value (`int
 * t = threadIdx.x;`) as that value. */
static const KirExpr *strip_casts(Lower *L, const KirExpr *e)
{
	while (e && ((e->kind == KE_CAST && frontend_dtype_is_int(e->type) && frontend_dtype_bytes(e->type) >= 4) ||
	             (e->kind == KE_VAR && L->vinit.data[e->u.var])))
		e = e->kind == KE_CAST ? e->u.x : L->vinit.data[e->u.var];
	return e;
}

static int is_builtin(Lower *L, const KirExpr *e, KirBuiltin b)
{
	e = strip_casts(L, e);
	return e && e->kind == KE_BUILTIN && e->u.builtin == b;
}

static int is_const(Lower *L, const KirExpr *e, int64_t *v)
{
	e = strip_casts(L, e);
	if (!e || e->kind != KE_CONST || !frontend_dtype_is_int(e->type))
		return 0;
	*v = e->u.c.i;
	return 1;
}

/* l * r (either order) with one factor b, the other returned (NULL when e is no such
 * product). */
static const KirExpr *factor(Lower *L, const KirExpr *e, KirBuiltin b)
{
	e = strip_casts(L, e);
	if (!e || e->kind != KE_BINARY || e->u.bin.op != KB_MUL)
		return NULL;
	return is_builtin(L, e->u.bin.l, b) ? e->u.bin.r : is_builtin(L, e->u.bin.r, b) ? e->u.bin.l : NULL;
}

/* Whether e is blockIdx.x * blockDim.x + threadIdx.x (blockDim.x also as its value). */
static int global_index(Lower *L, const KirExpr *e)
{
	const KirExpr *x;
	int64_t v;

	e = strip_casts(L, e);
	if (!e || e->kind != KE_BINARY || e->u.bin.op != KB_ADD)
		return 0;
	x = is_builtin(L, e->u.bin.r, KBI_TID_X) ? e->u.bin.l : is_builtin(L, e->u.bin.l, KBI_TID_X) ? e->u.bin.r : NULL;
	if (!x || !(x = factor(L, x, KBI_BID_X)))
		return 0;
	return is_builtin(L, x, KBI_BDIM_X) || (is_const(L, x, &v) && v == L->k->block[0]);
}

/* Whether t is an index that differs for any two threads sharing buffer b's memory. */
static int thread_index(Lower *L, const KirBuffer *b, const KirExpr *t)
{
	const KirKernel *k = L->k;

	if (!k->have_block || k->block[1] != 1 || k->block[2] != 1)
		return 0;
	if (b->space == KSP_SHARED)
		return is_builtin(L, t, KBI_TID_X);
	if (!k->have_grid || k->grid[1] != 1 || k->grid[2] != 1)
		return 0;
	return global_index(L, t) || (k->grid[0] == 1 && is_builtin(L, t, KBI_TID_X));
}

/* The row of a narrow view of an object of `bytes` bytes whose base element is `base`
 * (NULL: 0) in buffer: its stride s (> 0) when the thread-own rows are proven, -1 for a
 * local array, -2 when not proven. */
int64_t narrow_row(Lower *L, const KirExpr *base, int buffer, int64_t bytes)
{
	const KirBuffer *b = &L->bufs.data[buffer];
	int64_t eb = frontend_dtype_bytes(b->elem), m = (bytes + eb - 1) / eb, s = 1, c = 0, v;
	const KirExpr *t = strip_casts(L, base);

	if (b->space == KSP_LOCAL)
		return -1;
	if (!t || (b->space != KSP_SHARED && b->space != KSP_GLOBAL))
		return -2;
	if (t->kind == KE_BINARY && t->u.bin.op == KB_ADD && is_const(L, t->u.bin.r, &c))
		t = strip_casts(L, t->u.bin.l);
	else if (t->kind == KE_BINARY && t->u.bin.op == KB_ADD && is_const(L, t->u.bin.l, &c))
		t = strip_casts(L, t->u.bin.r);
	if (t->kind == KE_BINARY && t->u.bin.op == KB_MUL && is_const(L, t->u.bin.r, &v))
		s = v, t = t->u.bin.l;
	else if (t->kind == KE_BINARY && t->u.bin.op == KB_MUL && is_const(L, t->u.bin.l, &v))
		s = v, t = t->u.bin.r;
	if (!thread_index(L, b, t) || c < 0 || s <= 0 || c + m > s)
		return -2;
	return s;
}

/* Whether a store through a (a narrow view) is proven exact; else refused at c. */
int narrow_store_ok(Lower *L, CXCursor c, Addr a)
{
	const KirBuffer *b = &L->bufs.data[a.buffer];

	if (a.row == 0)       /* a part store: the raise proves it (race.c) */
		return b->space == KSP_GLOBAL || b->space == KSP_SHARED || b->space == KSP_LOCAL ||
		       !narrow_refused(L, c, a, "a store");
	if (a.row == -2) {
		error_at(L, c, "a store through a pointer that views the %s elements of %s '%s' as %s cannot be translated: only when each thread's object is its own row, `threadIdx.x * s + c` elements in (global memory: `blockIdx.x * blockDim.x + threadIdx.x`) with a launch of one dimension, as other threads may write the other bytes of its elements",
		         frontend_dtype_name(b->elem), b->space == KSP_SHARED ? "shared" : "global", b->name,
		         frontend_dtype_name(a.view));
		return 0;
	}
	for (size_t i = 0; a.row > 0 && i < L->rows.len; i++) {
		if (L->rows.data[i].buffer == a.buffer && L->rows.data[i].stride != a.row) {
			error_at(L, c, "a store through a pointer that views rows of %lld elements of '%s' as %s, after one through rows of %lld, cannot be translated: the rows of two threads would overlap",
			         (long long)a.row, b->name, frontend_dtype_name(a.view), (long long)L->rows.data[i].stride);
			return 0;
		}
	}
	return 1;
}

/* `lhs op= val` (op KB_NONE: `lhs = val`) at c through the narrow view a whose store
 * narrow_store_ok proved: the element's read-modify-write; the value is the field's new
 * contents. */
KirExpr *narrow_assign(Lower *L, CXCursor c, Addr a, KirBinOp op, KirExpr *val)
{
	const KirBuffer *b = &L->bufs.data[a.buffer];
	SrcLoc l = cloc(L, c);
	int vb = frontend_dtype_bytes(a.view), eb = frontend_dtype_bytes(b->elem);
	KirDType wu = uint_of(eb);
	int at = new_var(L, "narrow.at", KT_I64, KVK_TEMP, l), v, el;
	KirExpr *idx, *sh, *old, *keep, *put, *st, *mask;
	int nbits;
	NarrowRow r = {a.buffer, a.row};
	unsigned full = eb >= 8 ? 0xff : (1u << eb) - 1, set, kept;

	/* the bytes the store changes (every byte when not known) and the bytes its load of
	 * the element keeps (all but those it overwrites whole), for the race check */
	if (a.bitw) {
		set = bytes_touched(a.bitoff, a.bitw);
		kept = full & ~(bytes_touched(a.bitoff, a.bitw) & ~bytes_touched(a.bitoff - a.bitoff % 8, a.bitoff % 8) &
		                ~bytes_touched(a.bitoff + a.bitw, 8 - (a.bitoff + a.bitw) % 8));
	} else {
		set = a.per ? narrow_bytes(L, a) : 0;
		kept = set ? full & ~set : full;
		set = set ? set : full;
	}
	emit_pending(L, decl_stmt(L, at, a.off ? conv(L, a.off, KT_I64) : frontend_new_int(L->a, KT_I64, 0, l), l));
	a.off = var_ref(L, at, l);
	if (op != KB_NONE) {
		/* as lassign_parts: clang has converted val to the computation type; a shift
		 * computes in the promoted type of the field */
		KirExpr *cur = a.bitw ? bitfield_load(L, c, a) : narrow_load(L, c, a);
		KirDType ot = op == KB_SHL || op == KB_SHR ? a.view : val->type;
		if (frontend_dtype_is_int(ot) && frontend_dtype_bytes(ot) < 4)
			ot = KT_I32;
		val = frontend_new_binary(L->a, op, ot, conv(L, cur, ot), op == KB_SHL || op == KB_SHR ? val : conv(L, val, ot), l);
	}
	v = new_var(L, "narrow.v", a.view, KVK_TEMP, l);
	/* a bit-field (bitfield.c): the value cut to its width, its bits at bitoff of element off */
	emit_pending(L, decl_stmt(L, v, a.bitw ? bitfield_fit(L, val, a.view, a.bitw, l) : conv(L, val, a.view), l));
	el = new_var(L, "narrow.el", KT_I64, KVK_TEMP, l);
	emit_pending(L, decl_stmt(L, el, a.bitw ? var_ref(L, at, l) :
	             frontend_new_binary(L->a, KB_DIV, KT_I64, var_ref(L, at, l), frontend_new_int(L->a, KT_I64, a.per, l), l), l));
	idx = var_ref(L, el, l);
	if (a.bitw) {
		sh = frontend_new_int(L->a, wu, a.bitoff, l);
		nbits = a.bitw;
	} else {
		sh = frontend_new_binary(L->a, KB_REM, KT_I64, var_ref(L, at, l), frontend_new_int(L->a, KT_I64, a.per, l), l);
		sh = frontend_new_binary(L->a, KB_MUL, wu, frontend_new_cast(L->a, wu, sh, l), frontend_new_int(L->a, wu, 8 * vb, l), l);
		nbits = 8 * vb;
	}
	mask = frontend_new_int(L->a, wu, nbits >= 64 ? -1 : (int64_t)((1ull << nbits) - 1), l);
	old = frontend_new_expr(L->a, KE_LOAD, b->elem, l);
	old->u.load.buffer = a.buffer;
	old->u.load.index = idx;
	old->u.load.bytes = kept == full ? 0 : kept;
	keep = frontend_new_binary(L->a, KB_SHL, wu, mask, sh, l);
	keep = frontend_new_binary(L->a, KB_AND, wu, bitcast_to(L, wu, old, l), frontend_new_unary(L->a, KU_BITNOT, wu, keep, l), l);
	put = frontend_new_cast(L->a, wu, a.view == KT_I1 ? var_ref(L, v, l) :     /* a bool: 0 or 1 */
	                        bitcast_to(L, uint_of(vb), var_ref(L, v, l), l), l);
	if (a.bitw)     /* a negative signed value: its bits above the width dropped */
		put = frontend_new_binary(L->a, KB_AND, wu, put, frontend_new_int(L->a, wu, mask->u.c.i, l), l);
	put = frontend_new_binary(L->a, KB_OR, wu, keep, frontend_new_binary(L->a, KB_SHL, wu, put, sh, l), l);
	st = assign_elem(L, a.buffer, var_ref(L, el, l), bitcast_to(L, b->elem, put, l), l);
	if (a.row == 0 && b->space != KSP_LOCAL)
		st->u.assign.bytes = set;   /* a part store: the raise proves its element single-writer */
	emit_pending(L, expr_stmt(L, st));
	if (a.row > 0)
		VEC_PUSH(L->rows, r);
	if (a.row != 0)             /* a part store into a row buffer is another write */
		VEC_PUSH(L->nstores, st);
	return var_ref(L, v, l);
}

/* lval_of(init) for a reference of type t (*ok its result), except that a narrow view of
 * an array object, `int8_t (&pos)[16] = *(int8_t (*)[16])&rows[k]` or such an argument
 * of a reference parameter, is returned as a pointer bind that does not move (its
 * offset to be fixed by the caller); NULL otherwise. */
Bind *ref_lval(Lower *L, CXType t, CXCursor init, KirLval *lv, KirDType *lt, int *ok)
{
	Addr na = {.buffer = -1, .var = -1};
	Bind *b;

	if (clang_getCanonicalType(clang_getPointeeType(t)).kind == CXType_ConstantArray) {
		L->allow_narrow = 2;
		L->lv_narrow = &na;
	}
	*ok = lval_of(L, init, lv, lt);
	L->allow_narrow = 0;
	if (!*ok || !na.per)
		return NULL;
	b = new_bind(L, BK_PTR);
	b->buffer = na.buffer;
	b->view = na.view;
	b->per = na.per;
	b->row = na.row;
	b->off = na.off;
	return b;
}

typedef struct Check {
	Lower *L;
	int found;
} Check;

/* Whether buffer b takes narrow row stores (their stride in L->rows). */
static int row_buffer(Lower *L, int b)
{
	for (size_t i = 0; i < L->rows.len; i++)
		if (L->rows.data[i].buffer == b)
			return 1;
	return 0;
}

static int own_store(Lower *L, const KirExpr *e)
{
	for (size_t i = 0; i < L->nstores.len; i++)
		if (L->nstores.data[i] == e)
			return 1;
	return 0;
}

static void check_expr(Check *k, const KirExpr *e);

static void other_write(Check *k, const KirExpr *e, int b)
{
	if (b < 0 || !row_buffer(k->L, b) || own_store(k->L, e))
		return;
	diag_report(DIAG_ERROR, e->loc, "this write into '%s', whose elements threads also write a byte at a time through a view of their own rows, cannot be translated: only the narrow stores may write it (another write could share an element with another thread's)",
	            k->L->bufs.data[b].name);
	diag_note(NOLOC, "in kernel '%s'", k->L->k->name);
	k->found = 1;
}

static void check_kids(Check *k, const KirExpr *e)
{
	switch (e->kind) {
	case KE_UNARY: check_expr(k, e->u.un.x); break;
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR: check_expr(k, e->u.bin.l); check_expr(k, e->u.bin.r); break;
	case KE_COND: check_expr(k, e->u.cond.c); check_expr(k, e->u.cond.t); check_expr(k, e->u.cond.f); break;
	case KE_CAST: case KE_BITCAST: check_expr(k, e->u.x); break;
	case KE_LOAD: check_expr(k, e->u.load.index); break;
	case KE_ASSIGN:      /* (an lvalue's index is set only for memory: lv.var < 0) */
		if (e->u.assign.lv.var < 0)
			check_expr(k, e->u.assign.lv.index);
		check_expr(k, e->u.assign.value);
		break;
	case KE_INCDEC:
		if (e->u.incdec.lv.var < 0)
			check_expr(k, e->u.incdec.lv.index);
		break;
	case KE_COMMA: check_expr(k, e->u.comma.l); check_expr(k, e->u.comma.r); break;
	case KE_MATH: for (int i = 0; i < e->u.math.nargs; i++) check_expr(k, e->u.math.args[i]); break;
	case KE_SHFL: check_expr(k, e->u.shfl.mask); check_expr(k, e->u.shfl.value); check_expr(k, e->u.shfl.lane); break;
	case KE_VOTE: check_expr(k, e->u.vote.mask); check_expr(k, e->u.vote.pred); break;
	case KE_ATOMIC:
		check_expr(k, e->u.atomic.index);
		for (int i = 0; i < e->u.atomic.nargs; i++) check_expr(k, e->u.atomic.args[i]);
		break;
	default: break;
	}
}

static void check_expr(Check *k, const KirExpr *e)
{
	if (!e)
		return;
	if (e->kind == KE_ASSIGN && e->u.assign.lv.var < 0)
		other_write(k, e, e->u.assign.lv.buffer);
	else if (e->kind == KE_INCDEC && e->u.incdec.lv.var < 0)
		other_write(k, e, e->u.incdec.lv.buffer);
	else if (e->kind == KE_ATOMIC)
		other_write(k, e, e->u.atomic.buffer);
	check_kids(k, e);
}

static void check_stmt(Check *k, const KirStmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			check_stmt(k, s->u.block.stmts[i]);
		break;
	case KS_DECL: check_expr(k, s->u.decl.init); break;
	case KS_EXPR: check_expr(k, s->u.expr); break;
	case KS_IF: check_expr(k, s->u.if_.cond); check_stmt(k, s->u.if_.then); check_stmt(k, s->u.if_.els); break;
	case KS_FOR:
		check_stmt(k, s->u.for_.init);
		check_expr(k, s->u.for_.cond);
		check_expr(k, s->u.for_.step);
		check_stmt(k, s->u.for_.body);
		break;
	case KS_WHILE: case KS_DO: check_expr(k, s->u.loop.cond); check_stmt(k, s->u.loop.body); break;
	case KS_SYNC: check_expr(k, s->u.sync.arg); break;
	default: break;
	}
}

/* After the body is lowered: 1 (reported) when a buffer that takes narrow row stores is
 * written otherwise too. */
int narrow_rows_check(Lower *L, const KirStmt *body)
{
	Check k = {L, 0};

	if (!L->rows.len)
		return 0;
	check_stmt(&k, body);
	if (k.found)
		L->failed = 1;
	return k.found;
}
