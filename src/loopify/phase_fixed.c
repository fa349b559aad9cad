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
 * anything else may be it). Consumed by the levels pass (loopify.c elevel). */
#include "loopify.h"

#include <stdlib.h>

typedef struct Acc {
	const KirExpr *e;      /* the load (NULL for a write) */
	int buffer, point;
	int has_c;
	int64_t c;             /* constant index when has_c */
} Acc;

typedef struct Jump {
	int label;             /* -1: a loop */
	int brk, cont;         /* points break / continue (or an exit) join */
} Jump;

typedef struct Pf {
	VEC(int) parent;
	VEC(Acc) acc;
	VEC(Jump) open;
	int end;               /* the kernel's end */
	int cur;
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

static int const_index(const KirExpr *e, int64_t *c)
{
	while (e->kind == KE_CAST)
		e = e->u.x;
	if (e->kind != KE_CONST || !frontend_dtype_is_int(e->type))
		return 0;
	*c = e->u.c.i;
	return 1;
}

static void note(Pf *p, const KirExpr *load, int b, const KirExpr *index)
{
	Acc a = {load, b, p->cur, 0, 0};
	a.has_c = index ? const_index(index, &a.c) : 0;
	VEC_PUSH(p->acc, a);
}

static void access(void *ctx, KirExpr *e)
{
	Pf *p = ctx;

	if (e->kind == KE_LOAD)
		note(p, e, e->u.load.buffer, e->u.load.index);
	else if (e->kind == KE_ASSIGN && e->u.assign.lv.var < 0)
		note(p, NULL, e->u.assign.lv.buffer, e->u.assign.lv.index);
	else if (e->kind == KE_INCDEC && e->u.incdec.lv.var < 0)
		note(p, NULL, e->u.incdec.lv.buffer, e->u.incdec.lv.index);
	else if (e->kind == KE_ATOMIC)      /* its unit spans several elements: any */
		note(p, NULL, e->u.atomic.buffer, e->u.atomic.per > 1 ? NULL : e->u.atomic.index);
}

static void expr(Pf *p, KirExpr *e)
{
	if (e)
		loopify_expr_visit(e, access, p);
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
	int head, exit;
	Jump j;

	if (s->kind == KS_FOR)
		stmt(p, s->u.for_.init);
	head = p->cur;
	exit = fresh(p);
	j = (Jump){-1, exit, head};
	VEC_PUSH(p->open, j);
	if (s->kind != KS_DO)
		expr(p, cond);
	stmt(p, body);
	(void)VEC_POP(p->open);
	if (s->kind == KS_FOR)
		expr(p, s->u.for_.step);
	if (s->kind == KS_DO)
		expr(p, cond);
	join(p, p->cur, head);   /* the back edge (and the test before it) */
	join(p, exit, head);     /* a for/while leaves from its test at the head */
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
			join(p, p->cur, end);
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
		join(p, p->cur, then_end);
		return;
	}
	case KS_FOR: case KS_WHILE: case KS_DO:
		loop(p, s);
		return;
	case KS_BREAK: case KS_CONTINUE: case KS_EXIT: case KS_RETURN: {
		Jump *t = s->kind == KS_RETURN ? NULL : target(p, s->kind == KS_EXIT ? s->u.label : -1);
		join(p, p->cur, !t ? p->end : s->kind == KS_CONTINUE ? t->cont : t->brk);
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

/* The phase-fixed loads of body, sorted by address (for loopify_phase_fixed_has);
 * *n their number. */
const KirExpr **loopify_phase_fixed(KirStmt *body, size_t *n)
{
	Pf p = {0};
	const KirExpr **out;
	size_t k = 0;

	p.end = fresh(&p);
	p.cur = fresh(&p);
	stmt(&p, body);
	join(&p, p.cur, p.end);
	out = xcalloc(p.acc.len + 1, sizeof *out);
	for (size_t i = 0; i < p.acc.len; i++) {
		const Acc *l = &p.acc.data[i];
		int ok = 1;
		if (!l->e)
			continue;
		for (size_t j = 0; j < p.acc.len && ok; j++) {
			const Acc *w = &p.acc.data[j];
			if (!w->e && w->buffer == l->buffer && root(&p, w->point) == root(&p, l->point) &&
			    !(w->has_c && l->has_c && w->c != l->c))
				ok = 0;
		}
		if (ok)
			out[k++] = l->e;
	}
	qsort(out, k, sizeof *out, cmp_ptr);
	VEC_FREE(p.parent);
	VEC_FREE(p.acc);
	VEC_FREE(p.open);
	*n = k;
	return out;
}

int loopify_phase_fixed_has(const KirExpr **v, size_t n, const KirExpr *e)
{
	return n && bsearch(&e, v, n, sizeof *v, cmp_ptr) != NULL;
}
