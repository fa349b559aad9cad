/* simt_batch.c: a large SIMT launch runs in batches of whole blocks (issue 20). Consumes
 * the raise state after the arguments and buffers are set up and the affine strategy
 * declined; when the launch has more than BATCH_LANES lanes, produces a stablehlo.while
 * over the batches whose body the SIMT strategy then fills for one batch of r->nb
 * blocks (r->nl lanes): afterwards the global buffers written are the while's results.
 *
 * Batch j runs blocks [j*B, j*B + B) (linear block number, blockIdx.x fastest): its
 * lanes get blockIdx from r->first + lane / threads-per-block (simt.c,
 * raise_setup_lanes), gridDim stays the grid's; lanes past the grid in the last batch
 * start outside the running mask (they store, update, print and check nothing, like a
 * lane that returned). __shared__ and local arrays are per batch (made in the body:
 * raise_setup_private); global buffers and __device__ symbols the kernel writes are
 * carried by the while, so a batch sees every earlier batch's stores and atomics; the
 * others, the scalars and __constant__ memory are read from outside the loop. Running
 * the blocks a batch at a time, in order, is a schedule a GPU may choose too (the CUDA
 * Programming Guide, "Thread Hierarchy": blocks run in any order, in parallel or in
 * series), so what the SIMT strategy computes exactly stays exact; atomics still take
 * lane order, which is the launch's linear order across batches.
 *
 * What needs every block at once keeps the whole-launch module (whole_launch below): a
 * grid-wide sync is refused by the frontend (builtin.c); barriers, votes and shuffles
 * stay within a block; but the lockstep module also runs every block to each barrier
 * before any goes on, an order some kernels rely on across blocks, which a batch does
 * not give. A buffer whose pattern looks like such reliance still runs in batches when
 * the race walk proves that no block touches an element another block writes
 * (race_blocks.c, Raise.blocks; its header has the exactness argument). The memory
 * budget (runtime/budget.c) of a batched module is that of one batch plus the carried
 * buffers. */
#include "raise_int.h"
#include "loopify.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Lanes per batch at most (whole blocks; a block larger than this is a batch of its
 * own). Chosen by measurement (docs/benchmarks.md, "SIMT batches"). */
#define BATCH_LANES ((int64_t)1 << 17)

/* Removes the ops that made the __shared__ and local arrays for the whole launch: the
 * batches make their own. Nothing used them yet (the affine try left nothing behind). */
static void drop_private(Raise *r)
{
	TBlock *b = r->f->body;
	int n = 0;
	for (int i = 0; i < b->nops; i++) {
		TOp *op = b->ops[i];
		int priv = 0;
		for (size_t j = 0; j < r->k->nbufs && op->nresults == 1; j++) {
			KirSpace sp = r->k->bufs[j].space;
			priv |= (sp == KSP_SHARED || sp == KSP_LOCAL) && r->buf[j] == op->results[0];
		}
		if (!priv)
			b->ops[n++] = op;
	}
	b->nops = n;
}

/* The buffers the while carries: the global ones the kernel writes. */
static int carried(const Raise *r, size_t i)
{
	return r->k->bufs[i].space == KSP_GLOBAL && r->written[i] && r->buf[i] >= 0;
}

/* Per global buffer, the phases that access it: top-level statements between block
 * barriers are phase 0, 1, ...; a top-level statement with a barrier inside (a loop or
 * an if around one) is several phases at once (MULTI). */
#define MULTI (-1)
typedef struct Uses {
	const KirKernel *k;
	int phase;                       /* of the statement being walked */
	int *wlo, *whi, *rlo, *rhi;      /* phases of the writes and reads; lo > hi: none */
	char *mw, *mr;                   /* written, read in a MULTI statement */
	char *atomic, *plain;            /* updated atomically; loaded or stored plainly */
} Uses;

/* Buffer b accessed (write: stored or updated) by the statement walked; how, in *how
 * (plain or atomic). Only global memory is shared between blocks. */
static void use(Uses *u, int b, int write, char *how)
{
	int *lo = write ? u->wlo : u->rlo, *hi = write ? u->whi : u->rhi;
	if (b < 0 || u->k->bufs[b].space != KSP_GLOBAL)
		return;
	how[b] = 1;
	if (u->phase == MULTI)
		(write ? u->mw : u->mr)[b] = 1;
	else {
		lo[b] = u->phase < lo[b] ? u->phase : lo[b];
		hi[b] = u->phase > hi[b] ? u->phase : hi[b];
	}
}

static void count_use(void *ctx, KirExpr *e)
{
	Uses *u = ctx;
	const KirLval *lv = e->kind == KE_ASSIGN ? &e->u.assign.lv : e->kind == KE_INCDEC ? &e->u.incdec.lv : NULL;
	if (e->kind == KE_LOAD)
		use(u, e->u.load.buffer, 0, u->plain);
	else if (e->kind == KE_ATOMIC)
		use(u, e->u.atomic.buffer, 1, u->atomic);
	else if (lv && lv->var < 0) {
		use(u, lv->buffer, 1, u->plain);
		if (e->kind == KE_INCDEC || e->u.assign.op != KB_NONE)
			use(u, lv->buffer, 0, u->plain);      /* a read-modify-write reads too */
	}
}

/* Why the polyhedral test did not clear buffer b (race_blocks.c). */
static const char *not_apart(const Raise *r, size_t b)
{
	return r->blocks[b] == RACE_MEET ? "a block may access an element another block writes" :
	       "not every access of it is an affine function of the thread (or an atomic)";
}

/* Why the launch must run whole (NULL: it may run in batches). The lockstep module runs
 * every block to a barrier before any block goes past it, and every lane's atomic of a
 * statement before the next statement: a kernel that reads (or writes again) after a
 * barrier what other blocks wrote before it, or reads plainly what other blocks update
 * atomically, gets from the whole-launch module the result of a grid-wide order that
 * batches do not give (a race in CUDA, which the race check does not see across phases:
 * HeCBench particlefilter's kernel_normalize_weights divides every weight by the sum,
 * then thread 0 adds them all up after a __syncthreads()). Without the facts to tell the
 * blocks apart, any such pattern keeps the whole launch: a global buffer accessed
 * plainly, written in one phase and accessed in another (or under a barrier inside a loop
 * or an if), and a global buffer updated atomically and also loaded or stored plainly. A
 * buffer that the race walk proves the blocks apart on (RACE_APART) needs none of this,
 * nor one that only atomics update (the checks' records of --oob-check): for it the
 * blocks one after another are an order CUDA may run too. */
static const char *whole_launch(Raise *r)
{
	size_t n = r->k->nbufs + 1;
	const KirStmt *body = r->k->body;
	size_t ns = body->kind == KS_BLOCK ? body->u.block.nstmts : 1;
	Uses u = {r->k, 0, xcalloc(n, sizeof(int)), xcalloc(n, sizeof(int)), xcalloc(n, sizeof(int)),
	          xcalloc(n, sizeof(int)), xcalloc(n, 1), xcalloc(n, 1), xcalloc(n, 1), xcalloc(n, 1)};
	const char *why = NULL;
	for (size_t b = 0; b < r->k->nbufs; b++)
		u.wlo[b] = u.rlo[b] = INT_MAX, u.whi[b] = u.rhi[b] = -1;
	for (size_t i = 0; i < ns; i++) {
		KirStmt *t = body->kind == KS_BLOCK ? body->u.block.stmts[i] : (KirStmt *)body;
		int sync = loopify_stmt_sync(t), phase = u.phase;
		if (t->kind == KS_SYNC && sync == 2) {
			u.phase++;
			continue;
		}
		u.phase = sync == 2 ? MULTI : phase;
		loopify_stmt_visit(t, count_use, NULL, &u);
		u.phase = phase;
	}
	for (size_t b = 0; b < r->k->nbufs && !why; b++) {
		if (u.atomic[b] && u.plain[b])
			why = "a global buffer updated atomically is also loaded or stored";
		else if (!u.plain[b])
			continue;    /* atomics alone: blocks one after another is a CUDA order too */
		else if (u.mw[b] || (u.mr[b] && u.whi[b] >= 0))
			why = "a global buffer is accessed under a block barrier inside a loop or an if, and written";
		else if (u.whi[b] >= 0 && (u.wlo[b] != u.whi[b] ||
		         (u.rhi[b] >= 0 && (u.rlo[b] != u.wlo[b] || u.rhi[b] != u.whi[b]))))
			why = "a global buffer written in one phase is accessed in another (a block barrier between)";
		if (why && r->blocks && r->blocks[b] == RACE_APART) {
			sb_printf(&r->st->notes, "  batches: '%s' would keep the launch whole (%s), but no "
			          "block accesses an element another block writes\n", r->k->bufs[b].name, why);
			why = NULL;
		} else if (why) {
			sb_printf(&r->st->notes, "  batches: none, the launch runs whole: %s ('%s'); %s\n", why,
			          r->k->bufs[b].name, r->blocks ? not_apart(r, b) : "the blocks were not compared");
		}
	}
	free(u.wlo);
	free(u.whi);
	free(u.rlo);
	free(u.rhi);
	free(u.mw);
	free(u.mr);
	free(u.atomic);
	free(u.plain);
	return why;
}

/* Blocks per batch at most, for nt threads per block. */
static int64_t per_batch(int64_t nt)
{
	return BATCH_LANES / nt > 1 ? BATCH_LANES / nt : 1;
}

int raise_batch_wanted(const int64_t grid[3], const int64_t block[3])
{
	int64_t nt = block[0] * block[1] * block[2], nb = grid[0] * grid[1] * grid[2];
	return nt * nb > BATCH_LANES && nb > per_batch(nt);
}

int raise_batch_begin(Raise *r, Batch *bt)
{
	int64_t per = per_batch(r->nt);
	int n = 1, in, cnt, bound;
	TBlock *cb;
	memset(bt, 0, sizeof(*bt));
	if (r->nl <= BATCH_LANES || r->nb <= per || whole_launch(r))
		return 0;
	bt->nbatch = (r->nb + per - 1) / per;
	bt->per = (r->nb + bt->nbatch - 1) / bt->nbatch;     /* even batches, the last the shortest */
	bt->nb = r->nb;
	bt->nl = r->nl;
	drop_private(r);
	bt->outer = r->b;
	in = tir_build_splat_int(&r->b, tir_type_scalar(DT_I32), 0);
	bt->w = tir_build_op(&r->b, TOP_WHILE, &in, 1);
	for (size_t i = 0; i < r->k->nbufs; i++)
		if (carried(r, i))
			tir_op_add_operand(r->f, bt->w, r->buf[i]), n++;
	for (int i = 0; i < n; i++)
		tir_op_add_result(r->f, bt->w, *tir_value_type(r->f, bt->w->operands[i]));
	r->st->ops[TOP_WHILE]++;
	cb = tir_op_add_region(r->f, bt->w);
	bt->body = tir_op_add_region(r->f, bt->w);
	for (int i = 0; i < n; i++)     /* cond: the batch counter below the batches */
		tir_block_add_arg(r->f, cb, *tir_value_type(r->f, bt->w->operands[i]));
	r->b = tir_builder(r->f, cb, bt->outer.loc);
	bound = tir_build_splat_int(&r->b, tir_type_scalar(DT_I32), bt->nbatch);
	cnt = tir_build_compare(&r->b, CMP_LT, cb->args[0], bound);
	tir_build_return(&r->b, &cnt, 1);
	tir_block_add_arg(r->f, bt->body, tir_type_scalar(DT_I32));
	for (size_t i = 0; i < r->k->nbufs; i++)
		if (carried(r, i))
			r->buf[i] = tir_block_add_arg(r->f, bt->body, *tir_value_type(r->f, r->buf[i]));
	r->b = tir_builder(r->f, bt->body, bt->outer.loc);
	r->first = raise_bin(r, TOP_MULTIPLY, bt->body->args[0],
	                     tir_build_splat_int(&r->b, tir_type_scalar(DT_I32), bt->per));
	r->nb = bt->per;
	r->nl = r->nt * r->nb;
	sb_printf(&r->st->notes, "  batches %lld of %lld blocks (%lld lanes) in a while; the last "
	          "holds %lld\n", (long long)bt->nbatch, (long long)bt->per, (long long)r->nl,
	          (long long)(bt->nb - (bt->nbatch - 1) * bt->per));
	return 1;
}

int raise_batch_mask(Raise *r, const Batch *bt)
{
	static const int64_t none[1] = {0};
	int b;
	if (bt->nb % bt->per == 0)
		return -1;
	b = raise_bin(r, TOP_ADD, r->blk, tir_build_broadcast_in_dim(&r->b, r->first,
	              raise_lanes_of(r, DT_I32), none));
	r->st->ops[TOP_COMPARE]++;
	return tir_build_compare(&r->b, CMP_LT, b, raise_isplat(r, DT_I32, bt->nb));
}

void raise_batch_end(Raise *r, Batch *bt)
{
	int n = bt->w->nresults, *out = xmalloc(sizeof(int) * (size_t)n), k = 1;
	out[0] = raise_bin(r, TOP_ADD, bt->body->args[0], tir_build_splat_int(&r->b, tir_type_scalar(DT_I32), 1));
	for (size_t i = 0; i < r->k->nbufs; i++)
		if (carried(r, i))
			out[k++] = r->buf[i];
	if (k != n)
		die("raise_batch_end: %d buffers carried out, %d in", k, n);
	tir_build_return(&r->b, out, n);
	free(out);
	r->b = bt->outer;
	k = 1;
	for (size_t i = 0; i < r->k->nbufs; i++)
		if (carried(r, i))
			r->buf[i] = bt->w->results[k++];
	r->nb = bt->nb;
	r->nl = bt->nl;
	r->first = -1;
}
