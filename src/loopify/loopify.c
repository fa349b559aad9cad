/* loopify.c: kernel IR to loop IR (DESIGN.md, "Loop IR (loopify)"; the MCUDA/Polygeist
 * recipe). Consumes a KirProgram whose kernels have a known launch; produces a
 * LoopProgram: per kernel a tree of uniform control around phases (loopify.h).
 *
 * Passes, per kernel:
 * 1. levels: every variable gets the widest level its value may vary over: GRID (the
 *    same everywhere: constants, scalar parameters, blockDim, gridDim), BLOCK (reads
 *    blockIdx) or THREAD (reads threadIdx, memory, a warp value, or is assigned under
 *    thread-dependent control). A fixpoint over the body.
 * 2. warp lowering: a shuffle or vote becomes a write of the lane's value to a per-lane
 *    array, a warp barrier, and a read (shuffle) or a loop over the warp's lanes (vote) in
 *    the statement after; __syncthreads_count/_and/_or likewise over the block.
 * 3. control variables: the variables read by a hoisted condition (a loop or `if` holding
 *    a barrier), closed over the stream-level assignments that feed them.
 * 4. fission: barriers split the statement stream into phases; a loop or `if` holding a
 *    barrier whose condition is uniform (level <= the region's) becomes a control node
 *    with phases inside; one whose condition depends on the thread is refused when it
 *    holds a block barrier (CUDA Programming Guide, "__syncthreads() is allowed in
 *    conditional code but only if the conditional evaluates identically across the
 *    entire thread block") and predicated when it holds warp operations only.
 * 5. storage: a variable read or written in several phases is spilled to an array
 *    indexed by (block, thread); a control variable is a uniform scalar; an early
 *    return before a later phase sets a per-thread exited flag.
 * Afterwards every phase body is barrier-free and warp-operation-free. */
#include "loopify.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

enum { LV_GRID, LV_BLOCK, LV_THREAD };

typedef VEC(KirStmt *) StmtVec;
typedef VEC(LoopNode *) NodeVec;

/* A construct that jumps may leave: a loop (label -1: break and continue end there) or
 * a labelled block (an inlined call, a switch); leave is the widest control level under
 * which a jump inside leaves it. */
typedef struct Open {
	int label, leave;
} Open;

typedef struct Lz {
	Arena *a;
	KirKernel *k;                  /* the copy; vars/bufs live in the VECs until the end */
	VEC(KirVar) vars;
	VEC(KirBuffer) bufs;
	VEC(LoopBuf) binfo;
	VEC(unsigned char) level;      /* per variable */
	VEC(unsigned char) control;    /* per variable: read by hoisted control */
	VEC(unsigned char) fixed;      /* per buffer of the source: global or constant memory
	                                  that no store or atomic of the kernel writes */
	const KirExpr **pfixed;        /* loads no thread writes in their phase (phase_fixed.c) */
	size_t npfixed;
	LoopStorePair *pstore;         /* loads whose phase's writes store one constant (same) */
	size_t npstore;
	int changed;
	int root_blocks;               /* a hoisted condition reads blockIdx */
	LoopLaunch L;
	VEC(struct Open) open;         /* levels: the loops and labelled blocks being visited */
	StmtVec cur;                   /* statements of the phase being built */
	SrcLoc no_c;                   /* LoopKernel.no_c */
	NodeVec phases;
	int errors;
} Lz;

typedef struct Region {
	NodeVec *out;
	KirExpr *guard;                /* predicate of a divergent warp region, or NULL */
	int uniform;                   /* the widest level a hoisted condition may have */
	int in_loop;                   /* stream of a hoisted loop's body */
	int in_blocks;
	int tail;                      /* nothing of the kernel runs after this statement */
} Region;

static int max2(int a, int b) { return a > b ? a : b; }

/* ---- tables ---- */

static int new_var(Lz *z, const char *name, KirDType t, SrcLoc loc)
{
	KirVar v = {arena_printf(z->a, "%s.%zu", name, z->vars.len), t, KVK_TEMP, loc, 0};

	VEC_PUSH(z->vars, v);
	VEC_PUSH(z->level, LV_THREAD);
	VEC_PUSH(z->control, 0);
	return (int)z->vars.len - 1;
}

static int new_buf(Lz *z, const char *name, KirDType t, int64_t count, LoopBufOrigin o, SrcLoc loc)
{
	KirBuffer b = {0};
	LoopBuf bi = {o, 0};

	b.name = arena_printf(z->a, "%s.%zu", name, z->bufs.len);
	b.space = KSP_SHARED;
	b.elem = t;
	b.count = count;
	b.param = -1;
	b.loc = loc;
	VEC_PUSH(z->bufs, b);
	VEC_PUSH(z->binfo, bi);
	return (int)z->bufs.len - 1;
}

/* ---- node construction ---- */

static KirExpr *ic(Lz *z, int64_t v) { return frontend_new_int(z->a, KT_I32, v, NOLOC); }
static KirExpr *uc(Lz *z, int64_t v) { return frontend_new_int(z->a, KT_U32, v, NOLOC); }

static KirExpr *bin(Lz *z, KirBinOp op, KirExpr *l, KirExpr *r)
{
	KirDType t = op >= KB_LT ? KT_I1 : l->type;

	return frontend_new_binary(z->a, op, t, l, r, l->loc);
}

static KirExpr *cast(Lz *z, KirDType t, KirExpr *x) { return frontend_new_cast(z->a, t, x, x->loc); }

static KirExpr *var_ref(Lz *z, int v, SrcLoc loc)
{
	KirExpr *e = frontend_new_expr(z->a, KE_VAR, z->vars.data[v].type, loc);

	e->u.var = v;
	return e;
}

static KirExpr *builtin(Lz *z, KirBuiltin b)
{
	KirExpr *e = frontend_new_expr(z->a, KE_BUILTIN, KT_U32, NOLOC);

	e->u.builtin = b;
	return e;
}

static KirExpr *load(Lz *z, int buf, KirExpr *idx)
{
	KirExpr *e = frontend_new_expr(z->a, KE_LOAD, z->bufs.data[buf].elem, idx->loc);

	e->u.load.buffer = buf;
	e->u.load.index = idx;
	return e;
}

static KirExpr *assign(Lz *z, int var, int buf, KirExpr *idx, KirBinOp op, KirExpr *value)
{
	KirExpr *e = frontend_new_expr(z->a, KE_ASSIGN, var >= 0 ? z->vars.data[var].type :
	                               z->bufs.data[buf].elem, value->loc);

	e->u.assign.lv.var = var;
	e->u.assign.lv.buffer = var >= 0 ? -1 : buf;
	e->u.assign.lv.index = idx;
	e->u.assign.op = op;
	e->u.assign.optype = e->type;
	e->u.assign.value = value;
	return e;
}

static KirStmt *expr_stmt(Lz *z, KirExpr *e)
{
	KirStmt *s = frontend_new_stmt(z->a, KS_EXPR, e->loc);

	s->u.expr = e;
	return s;
}

static KirStmt *decl(Lz *z, int var, KirExpr *init)
{
	KirStmt *s = frontend_new_stmt(z->a, KS_DECL, init ? init->loc : NOLOC);

	s->u.decl.var = var;
	s->u.decl.init = init;
	return s;
}

static KirStmt *block_of(Lz *z, KirStmt **ss, size_t n, SrcLoc loc)
{
	KirStmt *s = frontend_new_stmt(z->a, KS_BLOCK, loc);

	s->u.block.stmts = ARENA_ARRAY(z->a, KirStmt *, n ? n : 1);
	memcpy(s->u.block.stmts, ss, n * sizeof *ss);
	s->u.block.nstmts = n;
	return s;
}

static KirStmt *if_stmt(Lz *z, KirExpr *c, KirStmt *then)
{
	KirStmt *s = frontend_new_stmt(z->a, KS_IF, c->loc);

	s->u.if_.cond = c;
	s->u.if_.then = then;
	return s;
}

/* for (int j = 0; j < n; j++) body */
static KirStmt *count_loop(Lz *z, int j, int64_t n, KirStmt *body)
{
	KirStmt *s = frontend_new_stmt(z->a, KS_FOR, NOLOC);
	KirExpr *inc = frontend_new_expr(z->a, KE_INCDEC, KT_I32, NOLOC);

	inc->u.incdec.lv.var = j;
	inc->u.incdec.lv.buffer = -1;
	inc->u.incdec.inc = 1;
	s->u.for_.init = decl(z, j, ic(z, 0));
	s->u.for_.cond = bin(z, KB_LT, var_ref(z, j, NOLOC), ic(z, n));
	s->u.for_.step = inc;
	s->u.for_.body = body;
	return s;
}

static LoopNode *new_node(Lz *z, LoopNodeKind k, SrcLoc loc)
{
	LoopNode *n = ARENA_NEW(z->a, LoopNode);

	n->kind = k;
	n->loc = loc;
	return n;
}

static LoopNode *seq_of(Lz *z, NodeVec *v, SrcLoc loc)
{
	LoopNode *n = new_node(z, LN_SEQ, loc);

	n->u.seq.nodes = ARENA_ARRAY(z->a, LoopNode *, v->len ? v->len : 1);
	if (v->len)
		memcpy(n->u.seq.nodes, v->data, v->len * sizeof *v->data);
	n->u.seq.nnodes = v->len;
	VEC_FREE(*v);
	return n;
}

static KirExpr *guard_and(Lz *z, KirExpr *g, KirExpr *p)
{
	KirExpr *e;

	if (!g)
		return p;
	e = frontend_new_expr(z->a, KE_LOGAND, KT_I1, p->loc);
	e->u.bin.l = g;
	e->u.bin.r = p;
	return e;
}

/* ---- 1. levels ---- */

static int elevel(Lz *z, KirExpr *e);

/* A load whose phase's writes of its element each store the same constant, none after
 * it (phase_fixed.c), reads one value in every thread when each write runs in every
 * thread of the block or in none, at one element: block-level control and index. */
static int stored_uniform(Lz *z, const KirExpr *e)
{
	size_t lo = 0, hi = z->npstore;
	int any = 0;
	while (lo < hi) {              /* the first pair of e (sorted by load) */
		size_t mid = (lo + hi) / 2;
		if ((uintptr_t)z->pstore[mid].load < (uintptr_t)e)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < z->npstore && z->pstore[lo].load == e; lo++) {
		const LoopStorePair *p = &z->pstore[lo];
		if (p->ctx > LV_BLOCK ||
		    (p->store->u.assign.lv.index && elevel(z, p->store->u.assign.lv.index) > LV_BLOCK))
			return 0;
		any = 1;
	}
	return any;
}

/* The levels pass reached a store under control level ctx: its pairs record the widest. */
static void note_store_ctx(Lz *z, const KirExpr *e, int ctx)
{
	for (size_t i = 0; i < z->npstore; i++)
		if (z->pstore[i].store == e && z->pstore[i].ctx < ctx) {
			z->pstore[i].ctx = ctx;
			z->changed = 1;
		}
}

static int elevel(Lz *z, KirExpr *e)
{
	KirExpr **s[8];
	int n, lv = LV_GRID;

	switch (e->kind) {
	case KE_CONST: case KE_PARAM: return LV_GRID;
	case KE_VAR: return z->level.data[e->u.var];
	case KE_BUILTIN:
		if (e->u.builtin <= KBI_TID_Z)
			return LV_THREAD;
		return e->u.builtin <= KBI_BID_Z ? LV_BLOCK : LV_GRID;
	case KE_LOAD:
		/* memory that nothing in the kernel writes holds the same value for every thread
		 * during the launch (distinct pointer parameters do not alias, DESIGN.md): the
		 * load varies as its address does (logprob's `step < lengths[blockIdx.y] - 1`
		 * around barriers) */
		if ((size_t)e->u.load.buffer < z->fixed.len && z->fixed.data[e->u.load.buffer])
			return elevel(z, e->u.load.index);
		/* nor in the load's phase (global or shared memory: a local array is each
		 * thread's own): fsm's `while (same[blockIdx.x] < CUTOFF)` */
		if ((size_t)e->u.load.buffer < z->bufs.len && z->bufs.data[e->u.load.buffer].space != KSP_LOCAL &&
		    (loopify_phase_fixed_has(z->pfixed, z->npfixed, e) || stored_uniform(z, e)))
			/* (__shared__ memory is the block's own: its element varies by block) */
			return max2(elevel(z, e->u.load.index),
			            z->bufs.data[e->u.load.buffer].space == KSP_SHARED ? LV_BLOCK : LV_GRID);
		return LV_THREAD;
	case KE_ATOMIC: case KE_SHFL: case KE_VOTE: return LV_THREAD;
	case KE_ASSIGN:
		if (e->u.assign.lv.var < 0)
			return LV_THREAD;
		lv = z->level.data[e->u.assign.lv.var];
		break;
	case KE_INCDEC:
		return e->u.incdec.lv.var < 0 ? LV_THREAD : z->level.data[e->u.incdec.lv.var];
	default:
		break;
	}
	n = loopify_expr_kids(e, s);
	for (int i = 0; i < n; i++)
		lv = max2(lv, elevel(z, *s[i]));
	return lv;
}

static void raise_var(Lz *z, int v, int lv)
{
	if (z->level.data[v] < lv) {
		z->level.data[v] = (unsigned char)lv;
		z->changed = 1;
	}
}

static void lev_expr(Lz *z, KirExpr *e, int ctx)
{
	KirExpr **s[8];
	int n;

	if (!e)
		return;
	if (e->kind == KE_COND) {
		lev_expr(z, e->u.cond.c, ctx);
		ctx = max2(ctx, elevel(z, e->u.cond.c));
		lev_expr(z, e->u.cond.t, ctx);
		lev_expr(z, e->u.cond.f, ctx);
		return;
	}
	if (e->kind == KE_LOGAND || e->kind == KE_LOGOR) {
		lev_expr(z, e->u.bin.l, ctx);
		lev_expr(z, e->u.bin.r, max2(ctx, elevel(z, e->u.bin.l)));
		return;
	}
	if (e->kind == KE_ASSIGN && e->u.assign.lv.var >= 0)
		raise_var(z, e->u.assign.lv.var, max2(ctx, elevel(z, e->u.assign.value)));
	if (e->kind == KE_ASSIGN && e->u.assign.lv.var < 0 && z->npstore)
		note_store_ctx(z, e, ctx);
	if (e->kind == KE_INCDEC && e->u.incdec.lv.var >= 0)
		raise_var(z, e->u.incdec.lv.var, ctx);
	n = loopify_expr_kids(e, s);
	for (int i = 0; i < n; i++)
		lev_expr(z, *s[i], ctx);
}

static int lev_stmt(Lz *z, KirStmt *s, int ctx);
static int lev_predicated(Lz *z, KirStmt *s, int ctx);

/* A jump under control level lv to the loop (label -1) or labelled block it ends at:
 * every construct it leaves on the way is left at lv. */
static int lev_jump(Lz *z, int label, int lv)
{
	for (size_t i = z->open.len; i-- > 0;) {
		if (z->open.data[i].label == label)
			break;
		z->open.data[i].leave = max2(z->open.data[i].leave, lv);
	}
	return lv;
}

/* A loop's trip count varies as widely as its test, its step and the control under
 * which its body breaks, continues or leaves it; after the loop, control is as wide as
 * the jumps that left it (a return from an inlined function inside the loop). */
static int lev_loop(Lz *z, KirStmt *s, int ctx)
{
	KirExpr *cond = s->kind == KS_FOR ? s->u.for_.cond : s->u.loop.cond;
	KirExpr *step = s->kind == KS_FOR ? s->u.for_.step : NULL;
	KirStmt *body = s->kind == KS_FOR ? s->u.for_.body : s->u.loop.body;
	Open o = {-1, LV_GRID};
	int lc, esc;

	if (s->kind == KS_FOR)
		lev_stmt(z, s->u.for_.init, ctx);
	lc = max2(ctx, max2(cond ? elevel(z, cond) : 0, step ? elevel(z, step) : 0));
	VEC_PUSH(z->open, o);
	esc = lev_stmt(z, body, lc);
	if (esc > lc) {
		lc = esc;
		lev_stmt(z, body, lc);
	}
	lev_expr(z, cond, lc);
	lev_expr(z, step, lc);
	return VEC_POP(z->open).leave;
}

typedef struct Assigned {
	Lz *z;
	unsigned char *set, *declared;
} Assigned;

static void note_assign(void *ctx, KirExpr *e)
{
	Assigned *as = ctx;

	if (e->kind == KE_ASSIGN && e->u.assign.lv.var >= 0)
		as->set[e->u.assign.lv.var] = 1;
	if (e->kind == KE_INCDEC && e->u.incdec.lv.var >= 0)
		as->set[e->u.incdec.lv.var] = 1;
}

static void note_decl(void *ctx, KirStmt *s)
{
	Assigned *as = ctx;

	if (s->kind == KS_DECL) {
		as->declared[s->u.decl.var] = 1;
		if (s->u.decl.init)
			as->set[s->u.decl.var] = 1;
	}
}

/* An `if` on a thread-dependent condition holding warp operations only becomes predicated
 * phases: inside, uniformity is among the threads that take the branch, so the branches'
 * own variables (declared inside, hence dead outside) get the levels of their values;
 * variables declared outside and assigned inside vary by thread. */
static int lev_predicated(Lz *z, KirStmt *s, int ctx)
{
	Assigned as = {z, xcalloc(z->vars.len + 1, 1), xcalloc(z->vars.len + 1, 1)};
	int esc = max2(lev_stmt(z, s->u.if_.then, ctx), lev_stmt(z, s->u.if_.els, ctx));

	loopify_stmt_visit(s, note_assign, note_decl, &as);
	for (size_t v = 0; v < z->vars.len; v++)
		if (as.set[v] && !as.declared[v])
			raise_var(z, (int)v, LV_THREAD);
	free(as.set);
	free(as.declared);
	return esc > ctx ? LV_THREAD : esc;
}

/* Returns the widest control level under which s leaves its enclosing construct
 * (break, continue, exit to a block outside s): the statements after it run under
 * that level. */
static int lev_stmt(Lz *z, KirStmt *s, int ctx)
{
	int esc = LV_GRID, c = ctx;

	if (!s)
		return LV_GRID;
	switch (s->kind) {
	case KS_BLOCK:
		if (s->u.block.label > 0)
			VEC_PUSH(z->open, ((Open){s->u.block.label, LV_GRID}));
		for (size_t i = 0; i < s->u.block.nstmts; i++) {
			int e = lev_stmt(z, s->u.block.stmts[i], c);
			esc = max2(esc, e);
			c = max2(c, e);
		}
		/* a labelled block ends the exits to its label: after it, control is as
		 * wide as the jumps that left it */
		return s->u.block.label > 0 ? VEC_POP(z->open).leave : esc;
	case KS_DECL:
		if (s->u.decl.init) {
			lev_expr(z, s->u.decl.init, ctx);
			raise_var(z, s->u.decl.var, max2(ctx, elevel(z, s->u.decl.init)));
		}
		return LV_GRID;
	case KS_EXPR:
		lev_expr(z, s->u.expr, ctx);
		return LV_GRID;
	case KS_IF:
		lev_expr(z, s->u.if_.cond, ctx);
		c = max2(ctx, elevel(z, s->u.if_.cond));
		if (c == LV_THREAD && ctx < LV_THREAD && loopify_stmt_sync(s) == 1)
			return lev_predicated(z, s, ctx);
		return max2(lev_stmt(z, s->u.if_.then, c), lev_stmt(z, s->u.if_.els, c));
	case KS_FOR: case KS_WHILE: case KS_DO:
		return lev_loop(z, s, ctx);
	case KS_BREAK: case KS_CONTINUE:
		return lev_jump(z, -1, ctx);
	case KS_EXIT:
		return lev_jump(z, s->u.label, ctx);
	case KS_SYNC:
		lev_expr(z, s->u.sync.arg, ctx);
		if (s->u.sync.result >= 0)
			raise_var(z, s->u.sync.result, max2(ctx, LV_BLOCK));
		return LV_GRID;
	default:
		return LV_GRID;
	}
}

static void note_write(void *ctx, KirExpr *e)
{
	Lz *z = ctx;
	int b = e->kind == KE_ASSIGN && e->u.assign.lv.var < 0 ? e->u.assign.lv.buffer :
	        e->kind == KE_INCDEC && e->u.incdec.lv.var < 0 ? e->u.incdec.lv.buffer :
	        e->kind == KE_ATOMIC ? e->u.atomic.buffer : -1;

	if (b >= 0 && (size_t)b < z->fixed.len)
		z->fixed.data[b] = 0;
}

static void compute_levels(Lz *z)
{
	for (size_t b = 0; b < z->bufs.len; b++)
		VEC_PUSH(z->fixed, z->bufs.data[b].space == KSP_GLOBAL ||
		                   z->bufs.data[b].space == KSP_CONSTANT);
	loopify_stmt_visit(z->k->body, note_write, NULL, z);
	z->pfixed = loopify_phase_fixed(z->k->body, &z->npfixed, &z->pstore, &z->npstore);
	do {
		z->changed = 0;
		lev_stmt(z, z->k->body, LV_GRID);
	} while (z->changed);
}

/* ---- 2. warp lowering ---- */

static int64_t round32(int64_t n) { return (n + 31) / 32 * 32; }

/* The thread's linear index in its block, i32 (CUDA Programming Guide, "Thread
 * Hierarchy": x + y Dx + z Dx Dy; warps are consecutive linear indices). */
static KirExpr *linear_tid(Lz *z)
{
	KirExpr *t = builtin(z, KBI_TID_X);

	if (z->L.block[1] > 1 || z->L.block[2] > 1) {
		KirExpr *yz = builtin(z, KBI_TID_Y);
		if (z->L.block[2] > 1)
			yz = bin(z, KB_ADD, yz, bin(z, KB_MUL, builtin(z, KBI_TID_Z), uc(z, z->L.block[1])));
		t = bin(z, KB_ADD, t, bin(z, KB_MUL, yz, uc(z, z->L.block[0])));
	}
	return cast(z, KT_I32, t);
}

static void push(StmtVec *v, KirStmt *s) { VEC_PUSH(*v, s); }

static KirStmt *warp_sync(Lz *z, SrcLoc loc)
{
	KirStmt *s = frontend_new_stmt(z->a, KS_SYNC, loc);

	s->u.sync.op = KSY_WARP;
	s->u.sync.result = -1;
	return s;
}

/* __shfl*_sync(mask, value, lane, width): the source lane as in the Programming Guide,
 * "Warp Shuffle Functions"; a source outside the segment (or the block) keeps the
 * lane's own value. */
static KirExpr *lower_shfl(Lz *z, KirExpr *e, StmtVec *pre)
{
	int w = e->u.shfl.width ? e->u.shfl.width : 32;
	int val = new_var(z, "shfl", e->type, e->loc);
	int lb = new_buf(z, "lane", e->type, round32(z->L.nthreads), LB_LANE, e->loc);
	KirExpr *tl = linear_tid(z), *ln, *segb, *sl, *a, *src, *ok;

	push(pre, decl(z, val, e->u.shfl.value));
	push(pre, expr_stmt(z, assign(z, -1, lb, linear_tid(z), KB_NONE, var_ref(z, val, e->loc))));
	push(pre, warp_sync(z, e->loc));
	ln = bin(z, KB_AND, tl, ic(z, 31));
	segb = bin(z, KB_AND, ln, ic(z, 31 & ~(w - 1)));
	sl = bin(z, KB_AND, ln, ic(z, w - 1));
	a = cast(z, KT_I32, e->u.shfl.lane);
	switch (e->u.shfl.op) {
	case KSH_DOWN:
		ok = bin(z, KB_LT, bin(z, KB_ADD, sl, a), ic(z, w));
		src = bin(z, KB_ADD, tl, a);
		break;
	case KSH_UP:
		ok = bin(z, KB_GE, bin(z, KB_SUB, sl, a), ic(z, 0));
		src = bin(z, KB_SUB, tl, a);
		break;
	case KSH_XOR: {
		KirExpr *x = bin(z, KB_XOR, ln, a);
		ok = guard_and(z, bin(z, KB_GE, x, ic(z, 0)),
		               bin(z, KB_LT, x, bin(z, KB_ADD, segb, ic(z, w))));
		src = bin(z, KB_ADD, bin(z, KB_SUB, tl, ln), x);
		break;
	}
	default:
		ok = frontend_new_int(z->a, KT_I1, 1, e->loc);
		src = bin(z, KB_ADD, bin(z, KB_SUB, tl, sl), bin(z, KB_AND, a, ic(z, w - 1)));
		break;
	}
	{
		KirExpr *in = bin(z, KB_LT, src, ic(z, z->L.nthreads));
		KirExpr *both = frontend_new_expr(z->a, KE_LOGAND, KT_I1, e->loc);
		KirExpr *c = frontend_new_expr(z->a, KE_COND, e->type, e->loc);
		both->u.bin.l = ok;
		both->u.bin.r = in;
		c->u.cond.c = both;
		c->u.cond.t = load(z, lb, src);
		c->u.cond.f = var_ref(z, val, e->loc);
		return c;
	}
}

/* __ballot_sync / __any_sync / __all_sync ("Warp Vote Functions") over the lanes of the
 * warp named by the mask that exist in the block; __match_any_sync ("Warp Match
 * Functions") the same over the lanes whose value equals this lane's. under: the vote
 * sits in a branch or a loop, or after an exit some lanes may have taken. */
static KirExpr *lower_vote(Lz *z, KirExpr *e, StmtVec *pre, int under)
{
	int lb, r, part, j, match;
	KirExpr *tl, *wb, *src, *bit, *cond, *res;
	KirStmt *body[2];

	if (e->u.vote.op == KV_ACTIVEMASK && under && !z->no_c.file)
		z->no_c = e->loc;   /* the lanes whose path got here: the loop nest does not keep
		                       them (the raise does: simt.c, affine_warp.c) */
	if (e->u.vote.op == KV_ACTIVEMASK) {
		/* lanes of this warp inside the block: all 32 unless it is the last, partial one */
		KirExpr *left = bin(z, KB_SUB, ic(z, z->L.nthreads), bin(z, KB_AND, linear_tid(z), ic(z, ~31)));
		KirExpr *c = frontend_new_expr(z->a, KE_COND, KT_U32, e->loc);
		c->u.cond.c = bin(z, KB_GE, left, ic(z, 32));
		c->u.cond.t = uc(z, 0xffffffffu);
		c->u.cond.f = bin(z, KB_SUB, bin(z, KB_SHL, uc(z, 1), left), uc(z, 1));
		return c;
	}
	match = e->u.vote.op == KV_MATCH_ANY;
	lb = new_buf(z, "lane", match ? e->u.vote.pred->type : KT_U32, round32(z->L.nthreads), LB_LANE, e->loc);
	r = new_var(z, "ballot", KT_U32, e->loc);
	part = new_var(z, "part", KT_U32, e->loc);
	j = new_var(z, "lane", KT_I32, e->loc);
	push(pre, expr_stmt(z, assign(z, -1, lb, linear_tid(z), KB_NONE,
	                              match ? e->u.vote.pred : cast(z, KT_U32, e->u.vote.pred))));
	push(pre, warp_sync(z, e->loc));
	push(pre, decl(z, r, uc(z, 0)));
	push(pre, decl(z, part, uc(z, 0)));
	tl = linear_tid(z);
	wb = bin(z, KB_AND, tl, ic(z, ~31));
	src = bin(z, KB_ADD, wb, var_ref(z, j, e->loc));
	bit = bin(z, KB_SHL, uc(z, 1), var_ref(z, j, e->loc));
	cond = frontend_new_expr(z->a, KE_LOGAND, KT_I1, e->loc);
	cond->u.bin.l = bin(z, KB_LT, src, ic(z, z->L.nthreads));
	cond->u.bin.r = bin(z, KB_NE, bin(z, KB_AND, e->u.vote.mask, bit), uc(z, 0));
	body[0] = expr_stmt(z, assign(z, part, -1, NULL, KB_OR, bit));
	body[1] = if_stmt(z, match ? bin(z, KB_EQ, load(z, lb, src), load(z, lb, linear_tid(z)))
	                        : bin(z, KB_NE, load(z, lb, src), uc(z, 0)),
	                  expr_stmt(z, assign(z, r, -1, NULL, KB_OR, bit)));
	push(pre, count_loop(z, j, 32, if_stmt(z, cond, block_of(z, body, 2, e->loc))));
	res = var_ref(z, r, e->loc);
	if (e->u.vote.op == KV_ANY)
		res = cast(z, KT_I32, bin(z, KB_NE, res, uc(z, 0)));
	else if (e->u.vote.op == KV_ALL)
		res = cast(z, KT_I32, bin(z, KB_EQ, res, var_ref(z, part, e->loc)));
	return cast(z, e->type, res);
}

/* Copies e with every shuffle and vote replaced; the exchanges go to pre. under: as
 * lower_vote's. */
static KirExpr *lower_warp_expr(Lz *z, KirExpr *e, StmtVec *pre, int lazy, int under)
{
	KirExpr **s[8];
	KirExpr *kid[8];
	int n, changed = 0;

	if (!e || !loopify_expr_has_warp(e))
		return e;
	n = loopify_expr_kids(e, s);
	for (int i = 0; i < n; i++) {
		int lz = lazy || (e->kind == KE_COND && i > 0) ||
		         ((e->kind == KE_LOGAND || e->kind == KE_LOGOR) && i > 0);
		kid[i] = lower_warp_expr(z, *s[i], pre, lz, under);
		changed |= kid[i] != *s[i];
	}
	if (changed) {
		e = loopify_copy_expr(z->a, e);
		n = loopify_expr_kids(e, s);
		for (int i = 0; i < n; i++)
			*s[i] = kid[i];
	}
	if (e->kind != KE_SHFL && e->kind != KE_VOTE)
		return e;
	if (lazy) {
		diag_error(e->loc, "warp operation under a conditional operator is not supported");
		z->errors++;
		return e;
	}
	return e->kind == KE_SHFL ? lower_shfl(z, e, pre) : lower_vote(z, e, pre, under);
}

/* __syncthreads_count/_and/_or ("Synchronization Functions"): each thread writes 1 (true)
 * or 2 (false) to a per-thread array before the barrier, and counts after it. */
static KirStmt *lower_sync_pred(Lz *z, KirStmt *s, StmtVec *out)
{
	int lb = new_buf(z, "pred", KT_I32, round32(z->L.nthreads), LB_LANE, s->loc);
	int c1 = new_var(z, "count", KT_I32, s->loc), c2 = new_var(z, "count", KT_I32, s->loc);
	int j = new_var(z, "thread", KT_I32, s->loc);
	KirExpr *v = frontend_new_expr(z->a, KE_COND, KT_I32, s->loc), *res;
	KirStmt *plain = loopify_copy_stmt(z->a, s), *body[2];

	v->u.cond.c = s->u.sync.arg;
	v->u.cond.t = ic(z, 1);
	v->u.cond.f = ic(z, 2);
	push(out, expr_stmt(z, assign(z, -1, lb, linear_tid(z), KB_NONE, v)));
	plain->u.sync.op = KSY_THREADS;
	plain->u.sync.arg = NULL;
	plain->u.sync.result = -1;
	push(out, plain);
	push(out, decl(z, c1, ic(z, 0)));
	push(out, decl(z, c2, ic(z, 0)));
	body[0] = expr_stmt(z, assign(z, c1, -1, NULL, KB_ADD,
	                    cast(z, KT_I32, bin(z, KB_EQ, load(z, lb, var_ref(z, j, s->loc)), ic(z, 1)))));
	body[1] = expr_stmt(z, assign(z, c2, -1, NULL, KB_ADD,
	                    cast(z, KT_I32, bin(z, KB_EQ, load(z, lb, var_ref(z, j, s->loc)), ic(z, 2)))));
	push(out, count_loop(z, j, z->L.nthreads, block_of(z, body, 2, s->loc)));
	res = s->u.sync.op == KSY_THREADS_COUNT ? var_ref(z, c1, s->loc) :
	      s->u.sync.op == KSY_THREADS_AND ? cast(z, KT_I32, bin(z, KB_EQ, var_ref(z, c2, s->loc), ic(z, 0))) :
	      cast(z, KT_I32, bin(z, KB_NE, var_ref(z, c1, s->loc), ic(z, 0)));
	if (s->u.sync.result >= 0)
		res = assign(z, s->u.sync.result, -1, NULL, KB_NONE,
		             cast(z, z->vars.data[s->u.sync.result].type, res));
	return expr_stmt(z, res);
}

static KirStmt *lower_warp(Lz *z, KirStmt *s, int under);

/* Whether some lane may leave s early: a return, a break or continue, or an exit of a
 * labelled block (an inlined call's return, a switch's break) anywhere inside. */
static int may_leave(const KirStmt *s)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case KS_RETURN: case KS_BREAK: case KS_CONTINUE: case KS_EXIT:
		return 1;
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			if (may_leave(s->u.block.stmts[i]))
				return 1;
		return 0;
	case KS_IF:
		return may_leave(s->u.if_.then) || may_leave(s->u.if_.els);
	case KS_FOR:
		return may_leave(s->u.for_.init) || may_leave(s->u.for_.body);
	case KS_WHILE: case KS_DO:
		return may_leave(s->u.loop.body);
	default:
		return 0;
	}
}

static KirStmt *with_pre(Lz *z, StmtVec *pre, KirStmt *s)
{
	KirStmt *b;

	if (!pre->len) {
		VEC_FREE(*pre);
		return s;
	}
	VEC_PUSH(*pre, s);
	b = block_of(z, pre->data, pre->len, s->loc);
	VEC_FREE(*pre);
	return b;
}

static void no_warp_in(Lz *z, KirExpr *e, const char *where)
{
	if (e && loopify_expr_has_warp(e)) {
		diag_error(e->loc, "warp operation in %s is not supported", where);
		z->errors++;
	}
}

static KirStmt *lower_warp(Lz *z, KirStmt *s, int under)
{
	StmtVec pre = {0};
	KirStmt *c;

	if (!s || !loopify_stmt_sync(s))
		return s;
	c = loopify_copy_stmt(z->a, s);
	switch (s->kind) {
	case KS_BLOCK:
		c->u.block.stmts = ARENA_ARRAY(z->a, KirStmt *, s->u.block.nstmts + 1);
		for (size_t i = 0; i < s->u.block.nstmts; i++) {
			c->u.block.stmts[i] = lower_warp(z, s->u.block.stmts[i], under);
			under |= may_leave(s->u.block.stmts[i]);
		}
		return c;
	case KS_DECL:
		c->u.decl.init = lower_warp_expr(z, s->u.decl.init, &pre, 0, under);
		return with_pre(z, &pre, c);
	case KS_EXPR:
		c->u.expr = lower_warp_expr(z, s->u.expr, &pre, 0, under);
		return with_pre(z, &pre, c);
	case KS_IF:
		c->u.if_.cond = lower_warp_expr(z, s->u.if_.cond, &pre, 0, under);
		c->u.if_.then = lower_warp(z, s->u.if_.then, 1);
		c->u.if_.els = lower_warp(z, s->u.if_.els, 1);
		return with_pre(z, &pre, c);
	case KS_FOR:
		no_warp_in(z, s->u.for_.cond, "a loop condition");
		no_warp_in(z, s->u.for_.step, "a loop step");
		c->u.for_.init = lower_warp(z, s->u.for_.init, under);
		c->u.for_.body = lower_warp(z, s->u.for_.body, 1);
		return c;
	case KS_WHILE: case KS_DO:
		no_warp_in(z, s->u.loop.cond, "a loop condition");
		c->u.loop.body = lower_warp(z, s->u.loop.body, 1);
		return c;
	case KS_SYNC:
		if (s->u.sync.op == KSY_THREADS || s->u.sync.op == KSY_WARP)
			return c;
		c = lower_sync_pred(z, s, &pre);
		return with_pre(z, &pre, c);
	default:
		return c;
	}
}

/* ---- 3. control variables ---- */

static int has_escape(KirStmt *s)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case KS_BREAK: case KS_CONTINUE: return 1;
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			if (has_escape(s->u.block.stmts[i]))
				return 1;
		return 0;
	case KS_IF: return has_escape(s->u.if_.then) || has_escape(s->u.if_.els);
	default: return 0;
	}
}

static int structural(KirStmt *s, int in_loop)
{
	return loopify_stmt_sync(s) || (in_loop && has_escape(s));
}

static void mark_var(void *ctx, KirExpr *e)
{
	Lz *z = ctx;
	int v = e->kind == KE_VAR ? e->u.var : e->kind == KE_ASSIGN ? e->u.assign.lv.var :
	        e->kind == KE_INCDEC ? e->u.incdec.lv.var : -1;

	if (v >= 0 && !z->control.data[v]) {
		z->control.data[v] = 1;
		z->changed = 1;
	}
}

static void mark_decl(void *ctx, KirStmt *s)
{
	Lz *z = ctx;

	if (s->kind == KS_DECL && !z->control.data[s->u.decl.var]) {
		z->control.data[s->u.decl.var] = 1;
		z->changed = 1;
	}
}

/* The control variable a stream-level statement assigns, or -1. */
static int ctl_assigned(Lz *z, KirStmt *s)
{
	KirExpr *e;

	if (s->kind == KS_DECL)
		return z->control.data[s->u.decl.var] ? s->u.decl.var : -1;
	if (s->kind != KS_EXPR)
		return -1;
	e = s->u.expr;
	if (e->kind == KE_ASSIGN && e->u.assign.lv.var >= 0 && z->control.data[e->u.assign.lv.var])
		return e->u.assign.lv.var;
	if (e->kind == KE_INCDEC && e->u.incdec.lv.var >= 0 && z->control.data[e->u.incdec.lv.var])
		return e->u.incdec.lv.var;
	return -1;
}

static void ctl_hoisted(Lz *z, KirExpr *cond)
{
	if (cond && elevel(z, cond) == LV_BLOCK)
		z->root_blocks = 1;
	loopify_expr_visit(cond, mark_var, z);
}

static void ctl_collect(Lz *z, KirStmt *s, int in_loop)
{
	if (!s)
		return;
	if (ctl_assigned(z, s) >= 0) {
		loopify_stmt_visit(s, mark_var, NULL, z);
		return;
	}
	if (!structural(s, in_loop))
		return;
	switch (s->kind) {
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			ctl_collect(z, s->u.block.stmts[i], in_loop);
		return;
	case KS_IF:
		if (elevel(z, s->u.if_.cond) < LV_THREAD)
			ctl_hoisted(z, s->u.if_.cond);
		ctl_collect(z, s->u.if_.then, in_loop);
		ctl_collect(z, s->u.if_.els, in_loop);
		return;
	case KS_FOR:
		if (s->u.for_.init)
			loopify_stmt_visit(s->u.for_.init, mark_var, mark_decl, z);
		ctl_hoisted(z, s->u.for_.cond);
		ctl_hoisted(z, s->u.for_.step);
		ctl_collect(z, s->u.for_.body, 1);
		return;
	case KS_WHILE: case KS_DO:
		ctl_hoisted(z, s->u.loop.cond);
		ctl_collect(z, s->u.loop.body, 1);
		return;
	default:
		return;
	}
}

/* ---- 4. fission ---- */

typedef struct RefFind {
	int var, found;
} RefFind;

static void find_ref(void *ctx, KirExpr *e)
{
	RefFind *f = ctx;

	if ((e->kind == KE_VAR && e->u.var == f->var) ||
	    (e->kind == KE_ASSIGN && e->u.assign.lv.var == f->var) ||
	    (e->kind == KE_INCDEC && e->u.incdec.lv.var == f->var))
		f->found = 1;
}

static void find_decl(void *ctx, KirStmt *s)
{
	RefFind *f = ctx;

	if (s->kind == KS_DECL && s->u.decl.var == f->var)
		f->found = 1;
	if (s->kind == KS_EXIT && s->u.label == f->var)
		f->found = 1;
}

static int stmts_ref_var(StmtVec *v, int var)
{
	RefFind f = {var, 0};

	for (size_t i = 0; i < v->len; i++)
		loopify_stmt_visit(v->data[i], find_ref, find_decl, &f);
	return f.found;
}

static void find_exit(void *ctx, KirStmt *s)
{
	RefFind *f = ctx;

	if (s->kind == KS_EXIT && s->u.label == f->var)
		f->found = 1;
}

/* A labelled block split into phases: an exit to its label would cross phases. (Only
 * exits: find_decl also takes a declaration of the variable numbered like the label.) */
static int exits_to(KirStmt *s, int label)
{
	RefFind f = {label, 0};

	loopify_stmt_visit(s, NULL, find_exit, &f);
	return f.found;
}

static void flush(Lz *z, Region *r, SrcLoc end)
{
	LoopNode *n;
	KirStmt *body;

	if (!z->cur.len)
		return;
	body = block_of(z, z->cur.data, z->cur.len, z->cur.data[0]->loc);
	if (r->guard)
		body = block_of(z, (KirStmt *[]){if_stmt(z, r->guard, body)}, 1, body->loc);
	n = new_node(z, LN_PHASE, body->loc);
	n->u.phase.id = (int)z->phases.len;
	n->u.phase.body = body;
	n->u.phase.in_blocks = r->in_blocks;
	n->u.phase.end = end;
	VEC_PUSH(*r->out, n);
	VEC_PUSH(z->phases, n);
	z->cur.len = 0;
}

static SrcLoc first_barrier(KirStmt *s)
{
	SrcLoc l = NOLOC;

	if (!s)
		return l;
	switch (s->kind) {
	case KS_SYNC:
		return s->u.sync.op != KSY_WARP ? s->loc : l;
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts && !l.file; i++)
			l = first_barrier(s->u.block.stmts[i]);
		return l;
	case KS_IF:
		l = first_barrier(s->u.if_.then);
		return l.file ? l : first_barrier(s->u.if_.els);
	case KS_FOR: return first_barrier(s->u.for_.body);
	case KS_WHILE: case KS_DO: return first_barrier(s->u.loop.body);
	default: return l;
	}
}

static void divergent(Lz *z, KirStmt *s, KirExpr *cond, const char *what)
{
	SrcLoc b = first_barrier(s);

	diag_error(b.file ? b : s->loc, "__syncthreads() inside %s that is not uniform across the "
	           "thread block", what);
	diag_note(cond ? cond->loc : s->loc, "this condition may differ between the threads of a "
	          "block (it depends on threadIdx, on loaded data or on a thread's earlier "
	          "control flow)");
	z->errors++;
}


static void fis_stmt(Lz *z, KirStmt *s, Region *r);

static void sync_value_stmt(void *ctx, KirStmt *s)
{
	if (s->kind == KS_SYNC && (s->u.sync.op == KSY_THREADS_COUNT || s->u.sync.op == KSY_THREADS_AND ||
	                           s->u.sync.op == KSY_THREADS_OR))
		*(int *)ctx = 1;
}

/* Whether s holds a barrier that gives a value (__syncthreads_count/_and/_or: a
 * reduction over the block, which threads that are done would not take part in). */
static int has_sync_value(KirStmt *s)
{
	int found = 0;

	loopify_stmt_visit(s, NULL, sync_value_stmt, &found);
	return found;
}

/* Whether the statements of block b from i on do nothing but end the kernel (returns,
 * empty blocks). */
int loopify_rest_is_exit(const KirStmt *b, size_t i)
{
	for (; i < b->u.block.nstmts; i++) {
		const KirStmt *t = b->u.block.stmts[i];
		if (t->kind == KS_RETURN || (t->kind == KS_BLOCK && loopify_rest_is_exit(t, 0)))
			continue;
		return 0;
	}
	return 1;
}

static LoopNode *fis_sub(Lz *z, KirStmt *s, Region *r, KirExpr *guard, int in_loop)
{
	NodeVec v = {0};
	Region sub = *r;

	sub.out = &v;
	sub.guard = guard;
	sub.in_loop = in_loop;
	sub.tail = r->tail && !in_loop;
	if (s)
		fis_stmt(z, s, &sub);
	flush(z, &sub, NOLOC);
	return seq_of(z, &v, s ? s->loc : NOLOC);
}

static void fis_if(Lz *z, KirStmt *s, Region *r)
{
	KirExpr *c = s->u.if_.cond;
	LoopNode *n;
	int p;

	if (elevel(z, c) <= r->uniform) {
		flush(z, r, s->loc);
		n = new_node(z, LN_IF, s->loc);
		n->u.if_.cond = c;
		n->u.if_.then = fis_sub(z, s->u.if_.then, r, r->guard, r->in_loop);
		n->u.if_.els = s->u.if_.els ? fis_sub(z, s->u.if_.els, r, r->guard, r->in_loop) : NULL;
		VEC_PUSH(*r->out, n);
		return;
	}
	/* A barrier under a thread-dependent if with nothing of the kernel after it (`if (i <
	 * n) { ...; __syncthreads(); ... }` as the kernel's last statement): the threads that
	 * do not enter are done, as if they had returned, and exited threads do not take part
	 * in barriers (an early `if (i >= n) return;` already means that). The phases of the
	 * branch run under the condition, like a divergent warp region's. */
	if (loopify_stmt_sync(s) == 2 && !(r->tail && !r->in_loop && !s->u.if_.els && !has_sync_value(s))) {
		divergent(z, s, c, "an if");
		return;
	}
	if (r->in_loop && has_escape(s)) {
		diag_error(s->loc, "break or continue out of a loop holding a barrier under a "
		           "condition that differs between threads");
		z->errors++;
		return;
	}
	/* warp operations under a thread-dependent condition: predicate the phases */
	p = new_var(z, "pred", KT_I1, c->loc);
	VEC_PUSH(z->cur, decl(z, p, c));
	flush(z, r, s->loc);
	n = fis_sub(z, s->u.if_.then, r, guard_and(z, r->guard, var_ref(z, p, c->loc)), r->in_loop);
	VEC_PUSH(*r->out, n);
	if (s->u.if_.els) {
		KirExpr *np = frontend_new_unary(z->a, KU_NOT, KT_I1, var_ref(z, p, c->loc), c->loc);
		VEC_PUSH(*r->out, fis_sub(z, s->u.if_.els, r, guard_and(z, r->guard, np), r->in_loop));
	}
}

static void fis_loop(Lz *z, KirStmt *s, Region *r)
{
	int isfor = s->kind == KS_FOR;
	KirExpr *cond = isfor ? s->u.for_.cond : s->u.loop.cond;
	KirExpr *step = isfor ? s->u.for_.step : NULL;
	int lv = max2(cond ? elevel(z, cond) : 0, step ? elevel(z, step) : 0);
	LoopNode *n;

	if (isfor && s->u.for_.init && s->u.for_.init->kind == KS_DECL)
		lv = max2(lv, z->level.data[s->u.for_.init->u.decl.var]);
	if (lv > r->uniform) {
		if (loopify_stmt_sync(s) == 2) {
			divergent(z, s, cond, "a loop");
		} else {
			diag_error(s->loc, "warp operation in a loop whose trip count may differ "
			           "between threads is not supported");
			z->errors++;
		}
		return;
	}
	flush(z, r, s->loc);
	n = new_node(z, LN_FOR, s->loc);
	n->u.for_.init = isfor ? s->u.for_.init : NULL;
	n->u.for_.cond = cond;
	n->u.for_.step = step;
	n->u.for_.do_while = s->kind == KS_DO;
	n->u.for_.body = fis_sub(z, isfor ? s->u.for_.body : s->u.loop.body, r, r->guard, 1);
	VEC_PUSH(*r->out, n);
}

static void fis_stmt(Lz *z, KirStmt *s, Region *r)
{
	int cv = ctl_assigned(z, s);

	if (cv >= 0) {
		if (r->guard) {
			diag_error(s->loc, "'%s' controls a loop or if holding a barrier but is assigned "
			           "under a condition that differs between threads", z->vars.data[cv].name);
			z->errors++;
			return;
		}
		if (stmts_ref_var(&z->cur, cv))
			flush(z, r, s->loc);
		LoopNode *n = new_node(z, LN_STMT, s->loc);
		n->u.stmt = s;
		VEC_PUSH(*r->out, n);
		return;
	}
	if (!structural(s, r->in_loop)) {
		VEC_PUSH(z->cur, s);
		return;
	}
	switch (s->kind) {
	case KS_SYNC:
		flush(z, r, s->loc);
		return;
	case KS_BLOCK:
		if (s->u.block.label > 0 && exits_to(s, s->u.block.label)) {
			diag_error(s->loc, "an early return from '%s' before a barrier is not supported",
			           s->u.block.inlined ? s->u.block.inlined : "a switch");
			z->errors++;
			return;
		}
		for (size_t i = 0, tail = (size_t)r->tail; i < s->u.block.nstmts; i++) {
			r->tail = tail && loopify_rest_is_exit(s, i + 1);
			fis_stmt(z, s->u.block.stmts[i], r);
			r->tail = (int)tail;
		}
		return;
	case KS_IF:
		fis_if(z, s, r);
		return;
	case KS_FOR: case KS_WHILE: case KS_DO:
		fis_loop(z, s, r);
		return;
	case KS_BREAK: case KS_CONTINUE:
		if (r->guard) {
			diag_error(s->loc, "break or continue out of a loop holding a barrier under a "
			           "condition that differs between threads");
			z->errors++;
			return;
		}
		flush(z, r, s->loc);
		VEC_PUSH(*r->out, new_node(z, s->kind == KS_BREAK ? LN_BREAK : LN_CONTINUE, s->loc));
		return;
	default:
		die("unexpected structural statement %d", s->kind);
	}
}

/* ---- 5. storage ---- */

typedef struct Use {
	Lz *z;
	int phase;
	int *vfirst, *bfirst;
	unsigned char *vmulti, *bmulti;
	int returns;
} Use;

static void use_var(Use *u, int v)
{
	if (u->vfirst[v] < 0)
		u->vfirst[v] = u->phase;
	else if (u->vfirst[v] != u->phase)
		u->vmulti[v] = 1;
}

static void use_buf(Use *u, int b)
{
	if (u->bfirst[b] < 0)
		u->bfirst[b] = u->phase;
	else if (u->bfirst[b] != u->phase)
		u->bmulti[b] = 1;
}

static void use_lval(Use *u, const KirLval *lv)
{
	if (lv->var >= 0) {
		use_var(u, lv->var);
		if (u->z->control.data[lv->var]) {
			diag_error(u->z->vars.data[lv->var].loc, "'%s' controls a loop or if holding a "
			           "barrier but is assigned inside a phase", u->z->vars.data[lv->var].name);
			u->z->errors++;
		}
	} else {
		use_buf(u, lv->buffer);
	}
}

static void use_expr(void *ctx, KirExpr *e)
{
	Use *u = ctx;

	switch (e->kind) {
	case KE_VAR: use_var(u, e->u.var); break;
	case KE_LOAD: use_buf(u, e->u.load.buffer); break;
	case KE_ATOMIC: use_buf(u, e->u.atomic.buffer); break;
	case KE_ASSIGN: use_lval(u, &e->u.assign.lv); break;
	case KE_INCDEC: use_lval(u, &e->u.incdec.lv); break;
	default: break;
	}
}

static void use_stmt(void *ctx, KirStmt *s)
{
	Use *u = ctx;

	if (s->kind == KS_DECL)
		use_var(u, s->u.decl.var);
	if (s->kind == KS_RETURN)
		u->returns = 1;
}

static void storage(Lz *z, LoopKernel *lk)
{
	size_t nv = z->vars.len, nb = z->bufs.len;
	Use u = {z, 0, xmalloc(nv * sizeof(int) + 1), xmalloc(nb * sizeof(int) + 1),
	         xcalloc(nv + 1, 1), xcalloc(nb + 1, 1), 0};

	memset(u.vfirst, 0xff, nv * sizeof(int));
	memset(u.bfirst, 0xff, nb * sizeof(int));
	for (size_t i = 0; i < z->phases.len; i++) {
		u.phase = (int)i;
		loopify_stmt_visit(z->phases.data[i]->u.phase.body, use_expr, use_stmt, &u);
	}
	lk->exited = -1;
	if (u.returns && z->phases.len > 1) {
		lk->exited = new_buf(z, "exited", KT_U8, z->L.nthreads, LB_EXITED, lk->loc);
		for (size_t i = 0; i < z->phases.len; i++)
			z->phases.data[i]->u.phase.skip_exited = 1;
	}
	lk->vinfo = ARENA_ARRAY(z->a, LoopVar, nv ? nv : 1);
	for (size_t v = 0; v < nv; v++) {
		lk->vinfo[v].first_phase = u.vfirst[v];
		lk->vinfo[v].storage = z->control.data[v] ? LVS_UNIFORM : u.vmulti[v] ? LVS_SPILL :
		                       u.vfirst[v] >= 0 ? LVS_PRIVATE : LVS_UNUSED;
	}
	for (size_t b = 0; b < nb; b++)
		if (z->bufs.data[b].space == KSP_LOCAL && u.bmulti[b])
			z->binfo.data[b].spill = 1;
	free(u.vfirst);
	free(u.bfirst);
	free(u.vmulti);
	free(u.bmulti);
}

/* ---- kernels ---- */

const char *loopify_c_name(Arena *a, const char *kernel)
{
	size_t n = strlen(kernel), j = 0;
	char *s = arena_alloc(a, n + 1);

	for (size_t i = 0; i < n; i++) {
		int ok = isalnum((unsigned char)kernel[i]) || kernel[i] == '_';
		if (ok)
			s[j++] = kernel[i];
		else if (j && s[j - 1] != '_')
			s[j++] = '_';
	}
	while (j && s[j - 1] == '_')
		j--;
	s[j] = 0;
	return s;
}

/* A kernel without a launch configuration: at its launch in host code when there is
 * one, naming the host variable the configuration follows from (frontend launch.c) and
 * the --set that supplies it; else at the kernel. */
static void no_launch(const KirKernel *k, const KirLaunch *l)
{
	if (!l || !l->why) {
		diag_error(l ? l->loc : k->loc, "kernel '%s' has no launch configuration: give --grid "
		           "and --block, or launch it in the file's host code", k->name);
	} else if (l->set_var) {
		diag_error(l->loc, "kernel '%s' has no launch configuration: %s: give --set %s=VALUE "
		           "(or --grid and --block)", k->name, l->why, l->set_var);
	} else {
		diag_error(l->loc, "kernel '%s' has no launch configuration: %s: give --grid and "
		           "--block", k->name, l->why);
	}
}

static int check_launch(Lz *z, const KirKernel *k, const KirLaunch *l, LoopLaunch *L)
{
	if (!k->have_grid || !k->have_block) {
		no_launch(k, l);
		return 0;
	}
	for (int d = 0; d < 3; d++) {
		L->grid[d] = k->grid[d];
		L->block[d] = k->block[d];
	}
	L->shmem = k->shmem;
	L->nblocks = L->grid[0] * L->grid[1] * L->grid[2];
	L->nthreads = L->block[0] * L->block[1] * L->block[2];
	for (size_t i = 0; i < k->nbufs; i++) {
		const KirBuffer *b = &k->bufs[i];
		if (b->count == 0 && (b->is_extern || b->space != KSP_GLOBAL)) {
			diag_error(b->loc, "the size of '%s' is unknown (dynamic shared memory: give "
			           "the launch's shared memory bytes)", b->name);
			z->errors++;
		}
	}
	return z->errors == 0;
}

static void init_tables(Lz *z, const KirKernel *k)
{
	for (size_t i = 0; i < k->nvars; i++) {
		VEC_PUSH(z->vars, k->vars[i]);
		VEC_PUSH(z->level, LV_GRID);
		VEC_PUSH(z->control, 0);
	}
	for (size_t i = 0; i < k->nbufs; i++) {
		LoopBuf bi = {LB_USER, 0};
		VEC_PUSH(z->bufs, k->bufs[i]);
		VEC_PUSH(z->binfo, bi);
	}
}

static void finish_tables(Lz *z, LoopKernel *lk)
{
	KirKernel *k = z->k;

	/* (the vectors may be empty with a NULL data pointer: memcpy of NULL is undefined) */
	k->vars = ARENA_ARRAY(z->a, KirVar, z->vars.len + 1);
	if (z->vars.len)
		memcpy(k->vars, z->vars.data, z->vars.len * sizeof(KirVar));
	k->nvars = z->vars.len;
	k->bufs = ARENA_ARRAY(z->a, KirBuffer, z->bufs.len + 1);
	lk->binfo = ARENA_ARRAY(z->a, LoopBuf, z->bufs.len + 1);
	if (z->bufs.len) {
		memcpy(k->bufs, z->bufs.data, z->bufs.len * sizeof(KirBuffer));
		memcpy(lk->binfo, z->binfo.data, z->bufs.len * sizeof(LoopBuf));
	}
	k->nbufs = z->bufs.len;
}

static void free_tables(Lz *z)
{
	VEC_FREE(z->vars);
	VEC_FREE(z->bufs);
	VEC_FREE(z->binfo);
	VEC_FREE(z->level);
	VEC_FREE(z->control);
	VEC_FREE(z->fixed);
	free(z->pfixed);
	free(z->pstore);
	VEC_FREE(z->cur);
	VEC_FREE(z->phases);
	VEC_FREE(z->open);
}

static int loopify_kernel(Arena *a, const KirKernel *src, const KirLaunch *l, LoopKernel *lk)
{
	Lz z = {0};
	KirStmt *body;
	NodeVec top = {0};
	Region r = {0};

	z.a = a;
	z.k = ARENA_NEW(a, KirKernel);
	*z.k = *src;
	lk->name = src->name;
	lk->c_name = loopify_c_name(a, src->name);
	lk->loc = src->loc;
	lk->k = z.k;
	if (!check_launch(&z, src, l, &z.L)) {
		free_tables(&z);
		return 0;
	}
	lk->launch = z.L;
	loopify_tail_exits(a, z.k);
	loopify_forward_conditions(a, z.k);
	init_tables(&z, z.k);
	compute_levels(&z);
	body = lower_warp(&z, z.k->body, 0);
	lk->no_c = z.no_c;
	if (z.errors) {            /* a warp operation left in place: phases cannot hold it */
		free_tables(&z);
		return 0;
	}
	do {
		z.changed = 0;
		ctl_collect(&z, body, 0);
	} while (z.changed);
	r.out = &top;
	r.tail = 1;
	r.uniform = z.root_blocks ? LV_BLOCK : LV_GRID;
	r.in_blocks = z.root_blocks;
	fis_stmt(&z, body, &r);
	flush(&z, &r, NOLOC);
	lk->root = seq_of(&z, &top, src->loc);
	if (z.root_blocks) {
		LoopNode *b = new_node(&z, LN_BLOCKS, src->loc);
		b->u.seq = lk->root->u.seq;
		lk->root->u.seq.nodes = ARENA_ARRAY(a, LoopNode *, 1);
		lk->root->u.seq.nodes[0] = b;
		lk->root->u.seq.nnodes = 1;
	}
	lk->nphases = (int)z.phases.len;
	storage(&z, lk);
	finish_tables(&z, lk);
	free_tables(&z);
	return z.errors == 0;
}

LoopProgram *loopify_program(Arena *a, const Options *o, const KirProgram *k)
{
	LoopProgram *p = ARENA_NEW(a, LoopProgram);
	int ok = 1;

	(void)o;
	p->file = k->file;
	p->kernels = ARENA_ARRAY(a, LoopKernel, k->nkernels + 1);
	p->nkernels = k->nkernels;
	for (size_t i = 0; i < k->nkernels; i++) {
		const KirKernel *ki = &k->kernels[i];
		const KirLaunch *l = ki->launch >= 0 ? &k->launches[ki->launch] : NULL;
		if (!loopify_kernel(a, ki, l, &p->kernels[i])) {
			diag_note(k->kernels[i].loc, "in kernel '%s'", k->kernels[i].name);
			ok = 0;
		}
	}
	return ok ? p : NULL;
}
