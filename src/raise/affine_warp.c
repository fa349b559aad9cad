/* affine_warp.c: warp shuffles in the affine strategy ("Warp Shuffle Functions" of the
 * CUDA Programming Guide). Consumes a substituted KE_SHFL: its value V is an expression of
 * the inputs and the thread's coordinates (affine_subst.c), so the value another lane
 * holds is V with threadIdx.x replaced by that lane's (lane = threadIdx.x % width):
 * shfl_down(V, d) is `lane + d < width ? V[tx := tx + d] : V`, shfl_up
 * `lane >= d ? V[tx := tx - d] : V` (the copy only runs where it reads a lane of the
 * segment), shfl_xor bit by bit of the mask, `tx & b ? V[tx := tx - b] : V[tx := tx + b]`
 * (a mask of k bits makes 2^k copies, each a shift), shfl(V, s)
 * `V[tx := tx - lane + (s & (width - 1))]` with s quasi-affine. Reads in the copies are
 * reads at those threads' indices, so they become slices like any other, and the result
 * is the same expression the GPU evaluates (no reassociation). Only where the raise sees
 * the lane mapping: the threads that run the shuffle are whole warps (a box whose
 * threadIdx.x range starts and ends on a warp, no data-dependent guard), blocks are whole
 * warps along x alone (blockDim.y = blockDim.z = 1, blockDim.x a multiple of 32), the mask
 * is all lanes, the offset a constant, an xor mask inside the segment. Else it fails
 * (afail) and the kernel keeps the SIMT strategy's shuffles (simt.c). Votes (aff_vote) the
 * same way: the predicate at each of the warp's 32 lanes, as bits of the ballot. */
#include "affine_int.h"

#include <stdint.h>
#include <stdlib.h>

typedef struct Copy {
	Aff *a;
	KirExpr *tx;              /* what threadIdx.x becomes */
	int shift;                /* tx is max(threadIdx.x, m) + s: copies shared (LaneCopies) */
	int64_t m, s;
	struct Memo done;         /* node -> index in out: the copies (a DAG stays one) */
	VEC(KirExpr *) out;
	const KirExpr *bad;       /* the first node that cannot be copied (at_thread fails on it
	                           * after freeing the tables: aff_afail does not return) */
} Copy;

static KirExpr *copy(Copy *c, const KirExpr *e);
static KirExpr *copy_node(Copy *c, const KirExpr *e);
static void mark_copied_load(Aff *a, const KirExpr *n);

/* A load's copy reads the version and runs on the threads the original did. */
static void copy_load_facts(Copy *c, const KirExpr *from, const KirExpr *to)
{
	struct Memo *ms[2] = {&c->a->ldver, &c->a->lddom};
	for (int i = 0; i < 2; i++) {
		int found, v = *aff_memo_slot(ms[i], from, &found);
		if (found)
			*aff_memo_slot(ms[i], to, &found) = v;
	}
}

static KirExpr *copy_node(Copy *c, const KirExpr *e)
{
	KirExpr *n;
	if (e->kind == KE_BUILTIN && e->u.builtin == KBI_TID_X)
		return c->tx;
	if (e->kind == KE_CONST || e->kind == KE_PARAM || e->kind == KE_BUILTIN)
		return (KirExpr *)e;
	n = frontend_new_expr(c->a->ar, e->kind, e->type, e->loc);
	n->u = e->u;
	switch (e->kind) {
	case KE_UNARY: n->u.un.x = copy(c, e->u.un.x); break;
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		n->u.bin.l = copy(c, e->u.bin.l);
		n->u.bin.r = copy(c, e->u.bin.r);
		break;
	case KE_COND:
		n->u.cond.c = copy(c, e->u.cond.c);
		n->u.cond.t = copy(c, e->u.cond.t);
		n->u.cond.f = copy(c, e->u.cond.f);
		break;
	case KE_CAST: case KE_BITCAST: n->u.x = copy(c, e->u.x); break;
	case KE_LOAD:
		n->u.load.index = copy(c, e->u.load.index);
		copy_load_facts(c, e, n);
		mark_copied_load(c->a, n);
		break;
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			n->u.math.args[i] = copy(c, e->u.math.args[i]);
		break;
	default:
		if (!c->bad)
			c->bad = e;
	}
	return n;
}

/* ---- copies at a shift, shared by the whole try ----
 * A copy at a lane shift replaces threadIdx.x by max(threadIdx.x, m) + s (m >= 0,
 * m + s >= 0: at_lane). Each level of a shuffle reduction copies the value of the level
 * before, which holds copies itself; a copy of a copy is one copy of the original at the
 * composed shift (Y[tx := max(tx, m1) + s1][tx := max(tx, m2) + s2] is
 * Y[tx := max(tx, m2, m1 - s2) + s1 + s2]), and the copies of the try are kept by
 * (original, m, s), so a value has one copy per distinct shift (at most 63 in a warp)
 * instead of one per path through the levels (2^levels, 3^levels for an xor butterfly). */
struct LaneCopies {
	struct LaneCopy {
		const KirExpr *orig;  /* NULL: threadIdx.x itself (the shifted index) */
		int64_t m, s;
		KirExpr *copy;
	} *e;
	int *slot;                /* open addressing over (orig, m, s): index in e + 1, or 0 */
	size_t cap, n;
	struct Memo of;           /* copy -> index in e: what a node is a copy of */
	struct Memo loads;        /* the loads copied to another lane (any copy) */
	struct Memo gathered;     /* source position of a copied load -> its gathers */
};

static struct LaneCopies *lanes_of(Aff *a)
{
	if (!a->lanes) {
		a->lanes = xcalloc(1, sizeof(*a->lanes));
		a->lanes->of.cur = a->lanes->loads.cur = a->lanes->gathered.cur = 1;
	}
	return a->lanes;
}

static size_t lane_hash(const KirExpr *orig, int64_t m, int64_t s, size_t cap)
{
	uint64_t h = ((uint64_t)(uintptr_t)orig >> 4) * 0x9E3779B97F4A7C15ull;
	h ^= ((uint64_t)m * 0xC2B2AE3D27D4EB4Full) ^ ((uint64_t)s * 0x165667B19E3779F9ull);
	return (size_t)(h ^ (h >> 29)) & (cap - 1);
}

static int *lane_slot(struct LaneCopies *l, const KirExpr *orig, int64_t m, int64_t s)
{
	size_t i = lane_hash(orig, m, s, l->cap);
	while (l->slot[i]) {
		const struct LaneCopy *c = &l->e[l->slot[i] - 1];
		if (c->orig == orig && c->m == m && c->s == s)
			break;
		i = (i + 1) & (l->cap - 1);
	}
	return &l->slot[i];
}

static KirExpr *lane_get(Aff *a, const KirExpr *orig, int64_t m, int64_t s)
{
	struct LaneCopies *l = a->lanes;
	int *sl;
	if (!l || !l->n)
		return NULL;
	sl = lane_slot(l, orig, m, s);
	return *sl ? l->e[*sl - 1].copy : NULL;
}

static void lane_put(Aff *a, const KirExpr *orig, int64_t m, int64_t s, KirExpr *copy)
{
	struct LaneCopies *l = lanes_of(a);
	int found;
	if (2 * (l->n + 1) > l->cap) {
		free(l->slot);
		l->cap = l->cap ? 2 * l->cap : 256;
		l->slot = xcalloc(l->cap, sizeof(*l->slot));
		for (size_t i = 0; i < l->n; i++)
			*lane_slot(l, l->e[i].orig, l->e[i].m, l->e[i].s) = (int)i + 1;
	}
	l->e = xrealloc(l->e, (l->n + 1) * sizeof(*l->e));
	l->e[l->n] = (struct LaneCopy){orig, m, s, copy};
	*lane_slot(l, orig, m, s) = (int)l->n + 1;
	*aff_memo_slot(&l->of, copy, &found) = (int)l->n;
	l->n++;
}

void aff_lanes_free(Aff *a)
{
	if (!a->lanes)
		return;
	free(a->lanes->e);
	free(a->lanes->slot);
	aff_memo_free(&a->lanes->of);
	aff_memo_free(&a->lanes->loads);
	aff_memo_free(&a->lanes->gathered);
	free(a->lanes);
	a->lanes = NULL;
}

static void mark_copied_load(Aff *a, const KirExpr *n)
{
	int found;
	*aff_memo_slot(&lanes_of(a)->loads, n, &found) = 1;
}

/* A gather for load e: when e is a copy at another lane and a copy of the same load was
 * gathered before, fails (a shuffle's or vote's copies of one read, one gather each,
 * 32 for a ballot: the SIMT strategy's shuffles do better). One such gather is kept
 * (__shfl_sync(k[i], 2, 4): the read at lane 2 of each group of 4). */
void aff_lane_gather(Aff *a, const KirExpr *e)
{
	int found, *n;
	uintptr_t key = ((uintptr_t)(unsigned)e->loc.line << 16 | (uintptr_t)(unsigned)e->loc.col) + 1;
	if (!aff_lane_copy(a, e))
		return;
	n = aff_memo_slot(&a->lanes->gathered, (const void *)(key << 4), &found);
	if (found && *n >= 1)
		aff_afail(a, e->loc, "reads at other lanes (a warp shuffle's or vote's copies) that are "
		          "no slices: a gather for each copy");
	*n = 1;
}

/* Is load e a copy of a load at another lane (a shuffle's or a vote's)? */
int aff_lane_copy(Aff *a, const KirExpr *e)
{
	int found, *p;
	if (!a->lanes)
		return 0;
	p = aff_memo_slot(&a->lanes->loads, e, &found);
	if (!found)
		*p = 0;           /* (the slot is taken now: marked as no copy) */
	return *p;
}

/* threadIdx.x shifted: max(threadIdx.x, m) + s as u32 (one node per (m, s)). */
static KirExpr *shifted_tx(Aff *a, int64_t m, int64_t s, SrcLoc loc)
{
	KirExpr *tx = lane_get(a, NULL, m, s), *x;
	if (tx)
		return tx;
	x = tx = frontend_new_expr(a->ar, KE_BUILTIN, KT_U32, loc);
	tx->u.builtin = KBI_TID_X;
	if (m > 0) {
		x = frontend_new_expr(a->ar, KE_MATH, KT_U32, loc);
		x->u.math.op = KM_MAX;
		x->u.math.nargs = 2;
		x->u.math.args[0] = tx;
		x->u.math.args[1] = frontend_new_int(a->ar, KT_U32, m, loc);
	}
	if (s)
		x = frontend_new_binary(a->ar, s > 0 ? KB_ADD : KB_SUB, KT_U32, x,
		                        frontend_new_int(a->ar, KT_U32, s > 0 ? s : -s, loc), loc);
	lane_put(a, NULL, m, s, x);
	return x;
}

/* e at shift (m, s), c in shift mode (its tx, m, s are set here and put back). */
static KirExpr *shifted(Copy *c, const KirExpr *e, int64_t m, int64_t s)
{
	struct LaneCopies *l = c->a->lanes;
	KirExpr *n, *tx = c->tx;
	int64_t om = c->m, os = c->s;
	if (l && l->n) {
		int found, *p = aff_memo_slot(&l->of, e, &found);
		if (!found)
			*p = -1;      /* (the slot is taken now: marked as no copy) */
		if (*p >= 0 && l->e[*p].orig) {   /* a copy of a copy: the original, composed */
			const struct LaneCopy *q = &l->e[*p];
			m = m > q->m - s ? m : q->m - s;
			s += q->s;
			e = q->orig;
		}
	}
	if (m < 0)
		m = 0;
	if (!m && !s)
		return (KirExpr *)e;
	if ((n = lane_get(c->a, e, m, s)))
		return n;
	c->tx = shifted_tx(c->a, m, s, e->loc);
	c->m = m;
	c->s = s;
	n = copy_node(c, e);
	c->tx = tx;
	c->m = om;
	c->s = os;
	if (!c->bad)              /* a copy with a node it could not copy is not kept */
		lane_put(c->a, e, m, s, n);
	return n;
}

/* e with threadIdx.x replaced by c->tx. */
static KirExpr *copy(Copy *c, const KirExpr *e)
{
	int found, *slot, i;
	KirExpr *n;
	if (c->shift && e->kind == KE_BUILTIN && e->u.builtin == KBI_TID_X)
		return c->tx;
	if (c->shift && (e->kind == KE_CONST || e->kind == KE_PARAM || e->kind == KE_BUILTIN))
		return (KirExpr *)e;
	if (c->shift)
		return shifted(c, e, c->m, c->s);
	slot = aff_memo_slot(&c->done, e, &found);
	if (found)
		return c->out.data[*slot];
	n = copy_node(c, e);
	i = (int)c->out.len;
	VEC_PUSH(c->out, n);
	*aff_memo_slot(&c->done, e, &found) = i;   /* (the table may have grown) */
	return n;
}

/* v with threadIdx.x replaced by tx (a u32 expression, as the builtin). */
static KirExpr *at_thread(Aff *a, const KirExpr *v, KirExpr *tx)
{
	Copy c = {a, tx, 0, 0, 0, {0}, {0}, NULL};
	KirExpr *r;
	c.done.cur = 1;
	r = copy(&c, v);
	aff_memo_free(&c.done);
	VEC_FREE(c.out);
	if (c.bad)
		aff_afail(a, c.bad->loc, "a shuffled value the raise cannot move to another lane");
	return r;
}

static KirExpr *tid_x(Aff *a, SrcLoc loc)
{
	KirExpr *tx = frontend_new_expr(a->ar, KE_BUILTIN, KT_U32, loc);
	tx->u.builtin = KBI_TID_X;
	return tx;
}

/* v with threadIdx.x replaced by threadIdx.x + d. A copy to a lower lane is taken at
 * max(tx, -d) + d: the same thread where the copy is used (tx >= -d there), and an index
 * that stays in u32's range on every thread (the facts check each intermediate). */
static KirExpr *at_lane(Aff *a, const KirExpr *v, int64_t d, SrcLoc loc)
{
	Copy c = {a, NULL, 1, 0, 0, {0}, {0}, NULL};
	KirExpr *r;
	(void)loc;
	r = shifted(&c, v, d < 0 ? -d : 0, d);
	if (c.bad)
		aff_afail(a, c.bad->loc, "a shuffled value the raise cannot move to another lane");
	return r;
}

/* (int)threadIdx.x / den % w: the lane in a segment of w (den 1), or a bit of it. */
static KirExpr *lane(Aff *a, int64_t den, int64_t w, SrcLoc loc)
{
	KirExpr *tx = frontend_new_expr(a->ar, KE_BUILTIN, KT_U32, loc), *x;
	tx->u.builtin = KBI_TID_X;
	x = frontend_new_cast(a->ar, KT_I32, tx, loc);
	if (den > 1)
		x = frontend_new_binary(a->ar, KB_DIV, KT_I32, x, frontend_new_int(a->ar, KT_I32, den, loc), loc);
	return frontend_new_binary(a->ar, KB_REM, KT_I32, x, frontend_new_int(a->ar, KT_I32, w, loc), loc);
}

static KirExpr *cmp(Aff *a, KirBinOp op, KirExpr *x, int64_t k, SrcLoc loc)
{
	return frontend_new_binary(a->ar, op, KT_I1, x, frontend_new_int(a->ar, KT_I32, k, loc), loc);
}

static KirExpr *cond(Aff *a, KirExpr *c, KirExpr *t, KirExpr *f, const KirExpr *e)
{
	KirExpr *n = frontend_new_expr(a->ar, KE_COND, e->type, e->loc);
	n->u.cond.c = c;
	n->u.cond.t = t;
	n->u.cond.f = f;
	return n;
}

/* The constant value of substituted integer e, or fails with why. */
static int64_t constant(Aff *a, const KirExpr *e, const char *why)
{
	const char *w;
	int64_t v;
	PolyExpr *pe = poly_expr_from_kir(a->c, e, a->at.dom, aff_lookup, a, &w);
	if (!pe || !poly_expr_is_const(pe, &v))
		aff_afail(a, e->loc, why);
	return v;
}

/* Do the running threads make whole warps along x (blocks of whole warps along x alone,
 * the threads a box whose threadIdx.x range starts and ends on a warp), with no
 * data-dependent guard? */
static int whole_warps(Aff *a)
{
	int64_t lo[POLY_NDIMS], hi[POLY_NDIMS];
	if (a->ndc > 0 || AFF_LEFT(a) || a->loopvar >= 0 || a->stride || a->col || a->r->block[1] != 1 ||
	    a->r->block[2] != 1 || a->r->block[0] % 32 != 0 || !poly_set_is_box(a->at.dom) ||
	    !poly_set_box_hull(a->at.dom, lo, hi))
		return 0;
	return lo[POLY_TX] % 32 == 0 && hi[POLY_TX] % 32 == 0;
}

/* The value at lane tx ^ m (0 <= m < w, so the same segment), the bits of m from bit:
 * each bit b is a shift by -b where the lane has it, by +b where not, so every copy is a
 * shift (its reads slices) and m with k bits makes 2^k copies. */
static KirExpr *xor_lanes(Aff *a, const KirExpr *v, int64_t m, int64_t shift, const KirExpr *e)
{
	int64_t b = m & -m;
	if (!m)
		return shift ? at_lane(a, v, shift, e->loc) : (KirExpr *)v;
	return cond(a, cmp(a, KB_NE, lane(a, b, 2, e->loc), 0, e->loc),
	            xor_lanes(a, v, m & ~b, shift - b, e), xor_lanes(a, v, m & ~b, shift + b, e), e);
}

/* threadIdx.x of the source of shfl(V, src, w): the first thread of the segment plus
 * src & (w - 1), with src quasi-affine (a constant, or the lane's own index plus one). */
static KirExpr *idx_thread(Aff *a, const KirExpr *src, int64_t w, SrcLoc loc)
{
	const char *why;
	KirExpr *first, *s;
	if (!poly_expr_from_kir(a->c, src, a->at.dom, aff_lookup, a, &why))
		aff_afail(a, src->loc, "a warp shuffle whose source lane is not quasi-affine");
	first = frontend_new_binary(a->ar, KB_MUL, KT_U32,
	                            frontend_new_binary(a->ar, KB_DIV, KT_U32, tid_x(a, loc),
	                                                frontend_new_int(a->ar, KT_U32, w, loc), loc),
	                            frontend_new_int(a->ar, KT_U32, w, loc), loc);
	s = frontend_new_binary(a->ar, KB_AND, KT_I32, frontend_new_cast(a->ar, KT_I32, (KirExpr *)src, loc),
	                        frontend_new_int(a->ar, KT_I32, w - 1, loc), loc);
	return frontend_new_binary(a->ar, KB_ADD, KT_U32, first, frontend_new_cast(a->ar, KT_U32, s, loc), loc);
}

/* The constant (src - lane) mod w of a source lane src (lane + k: a rotation of the
 * segment), or -1. */
static int64_t rotation(Aff *a, const KirExpr *src, int64_t w, SrcLoc loc)
{
	const char *why;
	int64_t k;
	KirExpr *x = frontend_new_binary(a->ar, KB_SUB, KT_I32, frontend_new_cast(a->ar, KT_I32, (KirExpr *)src, loc),
	                                 lane(a, 1, w, loc), loc);
	PolyExpr *pe;
	x = frontend_new_binary(a->ar, KB_ADD, KT_I32, x, frontend_new_int(a->ar, KT_I32, w << 20, loc), loc);
	x = frontend_new_binary(a->ar, KB_AND, KT_I32, x, frontend_new_int(a->ar, KT_I32, w - 1, loc), loc);
	pe = poly_expr_from_kir(a->c, x, a->at.dom, aff_lookup, a, &why);
	return pe && poly_expr_is_const(pe, &k) ? k : -1;
}

/* shfl(V, src, w): a constant src is one lane's copy (a broadcast over the segment); a
 * rotation by k the copy k lanes up where lane + k stays in the segment and w - k lanes
 * down elsewhere (each a shift); any other quasi-affine src the copy at its thread. */
static KirExpr *idx(Aff *a, const KirExpr *v, const KirExpr *e, int64_t w)
{
	const KirExpr *src = e->u.shfl.lane;
	int64_t k;
	if (src->kind != KE_CONST && (k = rotation(a, src, w, e->loc)) >= 0) {
		if (!k)
			return (KirExpr *)v;
		return cond(a, cmp(a, KB_LT, lane(a, 1, w, e->loc), w - k, e->loc),
		            at_lane(a, v, k, e->loc), at_lane(a, v, k - w, e->loc), e);
	}
	return at_thread(a, v, idx_thread(a, src, w, e->loc));
}

KirExpr *aff_shuffle(Aff *a, const KirExpr *e)
{
	const KirExpr *v = e->u.shfl.value;
	int64_t w = e->u.shfl.width, d, mask;
	if (!whole_warps(a))
		aff_afail(a, e->loc, "a warp shuffle that not every thread of whole warps runs");
	mask = constant(a, e->u.shfl.mask, "a warp shuffle whose mask is not a constant");
	if ((mask & 0xffffffff) != 0xffffffff || w <= 0 || w > 32 || (w & (w - 1)))
		aff_afail(a, e->loc, "a warp shuffle over a part of the warp");
	d = e->u.shfl.op == KSH_IDX ? 0 :
	    constant(a, e->u.shfl.lane, "a warp shuffle whose offset or lane mask is not a constant");
	switch (e->u.shfl.op) {
	case KSH_DOWN:   /* delta is unsigned: past the segment, the lane's own value */
		if (d <= 0 || d >= w)
			return (KirExpr *)v;
		return cond(a, cmp(a, KB_LT, lane(a, 1, w, e->loc), w - d, e->loc),
		            at_lane(a, v, d, e->loc), (KirExpr *)v, e);
	case KSH_UP:     /* the copy runs only where lane >= d: it reads no lane below 0 */
		if (d <= 0 || d >= w)
			return (KirExpr *)v;
		return cond(a, cmp(a, KB_GE, lane(a, 1, w, e->loc), d, e->loc),
		            at_lane(a, v, -d, e->loc), (KirExpr *)v, e);
	case KSH_XOR:
		if (d < 0 || d >= w)
			aff_afail(a, e->loc, "a shfl_xor whose lane mask leaves the segment");
		return xor_lanes(a, v, d, 0, e);
	default:         /* shfl: lane src mod w of the segment */
		return idx(a, v, e, w);
	}
}

/* Votes ("Warp Vote Functions") where every lane of the warp runs (whole_warps): the
 * warp's ballot is sum_j (u32)p_j << j over its 32 lanes, p_j the predicate's copy at lane
 * j (threadIdx.x := (threadIdx.x / 32) * 32 + j), each lane then keeping the bits of the
 * lanes its mask names: ballot = b & mask, any = (b & mask) != 0, all = (b & mask) == mask
 * (every lane is active), activemask all 32 lanes: simt.c's vote with every lane on;
 * match_any the same with p_j = (v_j == v), v this lane's value. A tile's mask
 * (cooperative groups) names its own lanes. */
KirExpr *aff_vote(Aff *a, const KirExpr *e)
{
	SrcLoc l = e->loc;
	KirExpr *b = NULL, *first, *m;
	if (!whole_warps(a))
		aff_afail(a, l, "a warp vote that not every thread of whole warps runs");
	if (e->u.vote.op == KV_ACTIVEMASK)
		return frontend_new_cast(a->ar, e->type, frontend_new_int(a->ar, KT_U32, 0xffffffff, l), l);
	first = frontend_new_binary(a->ar, KB_MUL, KT_U32,
	                            frontend_new_binary(a->ar, KB_DIV, KT_U32, tid_x(a, l),
	                                                frontend_new_int(a->ar, KT_U32, 32, l), l),
	                            frontend_new_int(a->ar, KT_U32, 32, l), l);
	for (int j = 0; j < 32; j++) {
		KirExpr *tx = j ? frontend_new_binary(a->ar, KB_ADD, KT_U32, first,
		                                      frontend_new_int(a->ar, KT_U32, j, l), l) : first;
		KirExpr *p = at_thread(a, e->u.vote.pred, tx), *bit;
		if (e->u.vote.op == KV_MATCH_ANY)     /* lane j's value equals this lane's */
			p = frontend_new_binary(a->ar, KB_EQ, KT_I1, p, e->u.vote.pred, l);
		bit = frontend_new_cast(a->ar, KT_U32, p, l);
		if (j)
			bit = frontend_new_binary(a->ar, KB_SHL, KT_U32, bit, frontend_new_int(a->ar, KT_U32, j, l), l);
		b = b ? frontend_new_binary(a->ar, KB_OR, KT_U32, b, bit, l) : bit;
	}
	m = frontend_new_cast(a->ar, KT_U32, e->u.vote.mask, l);
	b = frontend_new_binary(a->ar, KB_AND, KT_U32, b, m, l);
	switch (e->u.vote.op) {
	case KV_ANY:
		return frontend_new_cast(a->ar, e->type, frontend_new_binary(a->ar, KB_NE, KT_I1, b,
		                         frontend_new_int(a->ar, KT_U32, 0, l), l), l);
	case KV_ALL:
		return frontend_new_cast(a->ar, e->type, frontend_new_binary(a->ar, KB_EQ, KT_I1, b, m, l), l);
	default:
		return frontend_new_cast(a->ar, e->type, b, l);
	}
}
