/* phase_fixed.c: loads whose element no thread of the block writes in the load's phase.
 * The threads of a block between two of its barriers (a phase) may run in any order, but
 * a write in another phase is either complete before the load (an earlier phase: the
 * barrier orders it) or starts after it (a later one); so when nothing in the load's
 * phase may write its element, every thread of the block reads the same value at a
 * uniform address (fsm's `do { ... } while (same[blockIdx.x] < CUTOFF)`, the element set
 * by one thread two barriers before). Other blocks do not write it while the block reads
 * it: that would be a race between blocks, whose outcome CUDA leaves undefined.
 *
 * A phase is a connected part of the kernel's control flow once the block barriers
 * (__syncthreads and its _count/_and/_or forms; not __syncwarp) are taken out: program
 * points are joined (union-find) along every barrier-free edge, both ways: an `if` joins
 * its branches' ends, a loop its head, its body's end (the back edge), its exit and the
 * points its break and continue statements leave from, a labelled block its exits, and a
 * return the kernel's end. A load is phase-fixed when no store, ++/-- or atomic in its
 * part may write the buffer at its index (another constant index is another element;
 * anything else may be it). Consumed by the levels pass (loopify.c elevel).
 *
 * A load that is not phase-fixed may still read one value in every thread: when every
 * write of its element in its phase is a store of one constant (multinomial's `found =
 * false` before `for (...; chunk < chunks && !found; ...)`, whose `found = true` is in
 * another phase) and no barrier-free path leads from the load to any of those stores. A
 * run of the phase (from one barrier to the next) then either runs a store, and each
 * thread ran it before its load (no path leads from the load to it), or runs none, and
 * each thread reads what the barrier left. loopify.c completes the rule: each store must
 * run in every thread of the block or in none (block-level control) at a block-level
 * index; then every thread reads the constant or every thread reads the old value.
 * For the paths, the joins are also kept as directed edges between points: the flow of
 * control (a loop's test to its exit, its body's end and a continue to its step, the
 * step to the test; a branch's end to the code after the `if`; a jump to its target).
 * Within a point, accesses go in the order of their expressions (all of one expression
 * may follow each other: its nodes are visited pre-order). */
#include "loopify.h"

#include <stdlib.h>
#include <string.h>

typedef struct Acc {
	const KirExpr *e;      /* the load (NULL for a write) */
	const KirExpr *w;      /* the write (an assignment, ++/--, an atomic) */
	int buffer, point;
	int has_c;
	int64_t c;             /* constant index when has_c */
	int ex;                /* the expression it is in, in program order */
} Acc;

typedef VEC(LoopStorePair) PairVec;

typedef struct Edge {
	int from, to;
} Edge;

typedef struct Jump {
	int label;             /* -1: a loop */
	int brk, cont;         /* points break / continue (or an exit) join */
} Jump;

typedef struct Pf {
	VEC(int) parent;
	VEC(Acc) acc;
	VEC(Jump) open;
	VEC(Edge) edge;        /* control flow between points (no edge crosses a barrier) */
	int end;               /* the kernel's end */
	int cur;
	int ex;                /* expressions visited */
} Pf;

static int fresh(Pf *p)
{
	int n = (int)p->parent.len;
	VEC_PUSH(p->parent, n);
	return n;
}

static int root(Pf *p, int x)
{
	while (p->parent.data[x] != x)
		x = p->parent.data[x] = p->parent.data[p->parent.data[x]];
	return x;
}

static void join(Pf *p, int a, int b)
{
	a = root(p, a);
	b = root(p, b);
	if (a != b)
		p->parent.data[a] = b;
}

/* Control flows from point a to point b (joined: no barrier between them). */
static void flow(Pf *p, int a, int b)
{
	join(p, a, b);
	if (a != b)
		VEC_PUSH(p->edge, ((Edge){a, b}));
}

static int const_index(const KirExpr *e, int64_t *c)
{
	while (e->kind == KE_CAST)
		e = e->u.x;
	if (e->kind != KE_CONST || !frontend_dtype_is_int(e->type))
		return 0;
	*c = e->u.c.i;
	return 1;
}

static void note(Pf *p, const KirExpr *load, const KirExpr *w, int b, const KirExpr *index)
{
	Acc a = {load, w, b, p->cur, 0, 0, p->ex};
	a.has_c = index ? const_index(index, &a.c) : 0;
	VEC_PUSH(p->acc, a);
}

static void access(void *ctx, KirExpr *e)
{
	Pf *p = ctx;

	if (e->kind == KE_LOAD)
		note(p, e, NULL, e->u.load.buffer, e->u.load.index);
	else if (e->kind == KE_ASSIGN && e->u.assign.lv.var < 0)
		note(p, NULL, e, e->u.assign.lv.buffer, e->u.assign.lv.index);
	else if (e->kind == KE_INCDEC && e->u.incdec.lv.var < 0)
		note(p, NULL, e, e->u.incdec.lv.buffer, e->u.incdec.lv.index);
	else if (e->kind == KE_ATOMIC)      /* its unit spans several elements: any */
		note(p, NULL, e, e->u.atomic.buffer, e->u.atomic.per > 1 ? NULL : e->u.atomic.index);
}

static void expr(Pf *p, KirExpr *e)
{
	if (e) {
		p->ex++;
		loopify_expr_visit(e, access, p);
	}
}

/* The point after leaving the construct a jump ends at. */
static Jump *target(Pf *p, int label)
{
	for (size_t i = p->open.len; i-- > 0;)
		if (p->open.data[i].label == label)
			return &p->open.data[i];
	return NULL;
}

static void stmt(Pf *p, KirStmt *s);

static void loop(Pf *p, KirStmt *s)
{
	KirExpr *cond = s->kind == KS_FOR ? s->u.for_.cond : s->u.loop.cond;
	KirStmt *body = s->kind == KS_FOR ? s->u.for_.body : s->u.loop.body;
	int head, exit, step;
	Jump j;

	if (s->kind == KS_FOR)
		stmt(p, s->u.for_.init);
	head = p->cur;
	exit = fresh(p);
	step = fresh(p);         /* a for's step, a do's test: where continue goes */
	j = (Jump){-1, exit, step};
	VEC_PUSH(p->open, j);
	if (s->kind != KS_DO)
		expr(p, cond);
	stmt(p, body);
	(void)VEC_POP(p->open);
	flow(p, p->cur, step);
	p->cur = step;
	if (s->kind == KS_FOR)
		expr(p, s->u.for_.step);
	if (s->kind == KS_DO)
		expr(p, cond);
	flow(p, step, head);     /* the back edge */
	/* a for/while leaves from its test at the head, a do from its test after the body */
	flow(p, s->kind == KS_DO ? step : head, exit);
	join(p, exit, head);
	p->cur = exit;
}

static void stmt(Pf *p, KirStmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case KS_BLOCK: {
		int end = s->u.block.label > 0 ? fresh(p) : -1;
		if (end >= 0)
			VEC_PUSH(p->open, ((Jump){s->u.block.label, end, end}));
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			stmt(p, s->u.block.stmts[i]);
		if (end >= 0) {
			(void)VEC_POP(p->open);
			flow(p, p->cur, end);
			p->cur = end;
		}
		return;
	}
	case KS_DECL:
		expr(p, s->u.decl.init);
		return;
	case KS_EXPR:
		expr(p, s->u.expr);
		return;
	case KS_IF: {
		int start, then_end;
		expr(p, s->u.if_.cond);
		start = p->cur;
		stmt(p, s->u.if_.then);
		then_end = p->cur;
		p->cur = start;
		stmt(p, s->u.if_.els);
		flow(p, then_end, p->cur);
		return;
	}
	case KS_FOR: case KS_WHILE: case KS_DO:
		loop(p, s);
		return;
	case KS_BREAK: case KS_CONTINUE: case KS_EXIT: case KS_RETURN: {
		Jump *t = s->kind == KS_RETURN ? NULL : target(p, s->kind == KS_EXIT ? s->u.label : -1);
		flow(p, p->cur, !t ? p->end : s->kind == KS_CONTINUE ? t->cont : t->brk);
		p->cur = fresh(p);       /* unreachable until something joins it */
		return;
	}
	case KS_SYNC:
		expr(p, s->u.sync.arg);
		if (s->u.sync.op != KSY_WARP)
			p->cur = fresh(p);
		return;
	default:
		return;
	}
}

static int cmp_ptr(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)*(const KirExpr *const *)a, y = (uintptr_t)*(const KirExpr *const *)b;
	return x < y ? -1 : x > y;
}

/* The constant an assignment stores, or NULL. */
static const KirConst *stored_const(const KirExpr *w)
{
	const KirExpr *v;
	if (w->kind != KE_ASSIGN || w->u.assign.op != KB_NONE)
		return NULL;
	for (v = w->u.assign.value; v->kind == KE_CAST; v = v->u.x)
		;
	return v->kind == KE_CONST ? &v->u.c : NULL;
}

/* Whether a barrier-free path leads from access l to access w. */
static int reaches(Pf *p, const Acc *l, const Acc *w, unsigned char *seen, int *stack)
{
	int n = 0, found = 0;
	if (w->point == l->point && w->ex >= l->ex)
		return 1;
	memset(seen, 0, p->parent.len);
	stack[n++] = l->point;
	while (n && !found) {
		int x = stack[--n];
		for (size_t i = 0; i < p->edge.len && !found; i++) {
			const Edge *e = &p->edge.data[i];
			if (e->from != x || seen[e->to])
				continue;
			seen[e->to] = 1;
			stack[n++] = e->to;
			found = e->to == w->point;
		}
	}
	return found;
}

/* The writes that may write l's element in its phase: 1 when there is none, 0 when
 * one is; with pairs, -1 when each stores the same constant and none follows l (each
 * added to *pairs as (l, write)). */
static int writers(Pf *p, const Acc *l, PairVec *pairs, unsigned char *seen, int *stack)
{
	const KirConst *c0 = NULL;
	size_t mark = pairs->len;
	int any = 0;
	for (size_t j = 0; j < p->acc.len; j++) {
		const Acc *w = &p->acc.data[j];
		const KirConst *c;
		if (w->e || w->buffer != l->buffer || root(p, w->point) != root(p, l->point) ||
		    (w->has_c && l->has_c && w->c != l->c))
			continue;
		any = 1;
		c = stored_const(w->w);
		if (!c || (c0 && (c->i != c0->i || c->f != c0->f)) || reaches(p, l, w, seen, stack)) {
			pairs->len = mark;
			return 0;
		}
		c0 = c;
		VEC_PUSH(*pairs, ((LoopStorePair){l->e, w->w, 0}));
	}
	return any ? -1 : 1;
}

static int cmp_pair(const void *a, const void *b)
{
	const LoopStorePair *x = a, *y = b;
	return cmp_ptr(&x->load, &y->load);
}

/* The phase-fixed loads of body, sorted by address (for loopify_phase_fixed_has);
 * *n their number. *pairs: the loads whose phase's writes of their element all store
 * one constant that none follows, each with each such write, sorted by load. */
const KirExpr **loopify_phase_fixed(KirStmt *body, size_t *n, LoopStorePair **pairs, size_t *npairs)
{
	Pf p = {0};
	PairVec pv = {0};
	const KirExpr **out;
	unsigned char *seen;
	int *stack;
	size_t k = 0;

	p.end = fresh(&p);
	p.cur = fresh(&p);
	stmt(&p, body);
	flow(&p, p.cur, p.end);
	out = xcalloc(p.acc.len + 1, sizeof *out);
	seen = xcalloc(p.parent.len + 1, 1);
	stack = xcalloc(p.parent.len + 1, sizeof *stack);
	for (size_t i = 0; i < p.acc.len; i++) {
		const Acc *l = &p.acc.data[i];
		if (l->e && writers(&p, l, &pv, seen, stack) == 1)
			out[k++] = l->e;
	}
	qsort(out, k, sizeof *out, cmp_ptr);
	if (pv.len)
		qsort(pv.data, pv.len, sizeof *pv.data, cmp_pair);
	*pairs = pv.data;
	*npairs = pv.len;
	free(seen);
	free(stack);
	VEC_FREE(p.parent);
	VEC_FREE(p.acc);
	VEC_FREE(p.open);
	VEC_FREE(p.edge);
	*n = k;
	return out;
}

int loopify_phase_fixed_has(const KirExpr **v, size_t n, const KirExpr *e)
{
	return n && bsearch(&e, v, n, sizeof *v, cmp_ptr) != NULL;
}
