/* loopify_test.c: cmocka table for src/loopify on hand-made kernel IR (no parser).
 * Each row builds a kernel body over one shared array s[64] and one global x[64], launched
 * as 2 blocks of 64 threads, and states the tree loopify must make (node kinds in
 * pre-order, phases as P), the number of phases, and the storage of variable `i`; a NULL
 * tree means the kernel must be refused with a diagnostic. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "loopify.h"

typedef struct Kb {
	Arena *a;
	KirKernel *k;
} Kb;

static SrcLoc L(int line) { return srcloc("t.cu", line, 1); }

static KirExpr *tid(Kb *b)
{
	KirExpr *e = frontend_new_expr(b->a, KE_BUILTIN, KT_U32, L(1));
	e->u.builtin = KBI_TID_X;
	return e;
}

static KirExpr *vi(Kb *b)
{
	KirExpr *e = frontend_new_expr(b->a, KE_VAR, KT_I32, L(1));
	e->u.var = 0;
	return e;
}

static KirStmt *store(Kb *b, int buf, KirExpr *idx, KirExpr *v)
{
	KirExpr *e = frontend_new_expr(b->a, KE_ASSIGN, KT_I32, L(2));
	KirStmt *s = frontend_new_stmt(b->a, KS_EXPR, L(2));
	e->u.assign.lv.var = -1;
	e->u.assign.lv.buffer = buf;
	e->u.assign.lv.index = idx;
	e->u.assign.value = v;
	s->u.expr = e;
	return s;
}

static KirStmt *sync_(Kb *b, int line)
{
	KirStmt *s = frontend_new_stmt(b->a, KS_SYNC, L(line));
	s->u.sync.op = KSY_THREADS;
	s->u.sync.result = -1;
	return s;
}

static KirStmt *blk(Kb *b, int n, KirStmt **ss)
{
	KirStmt *s = frontend_new_stmt(b->a, KS_BLOCK, L(1));
	s->u.block.stmts = ss;
	s->u.block.nstmts = (size_t)n;
	return s;
}

static KirStmt *decl_i(Kb *b)
{
	KirStmt *s = frontend_new_stmt(b->a, KS_DECL, L(1));
	s->u.decl.var = 0;
	s->u.decl.init = frontend_new_cast(b->a, KT_I32, tid(b), L(1));
	return s;
}

/* for (int t = 0; t < 4; t++) body */
static KirStmt *loop4(Kb *b, KirStmt *body)
{
	KirStmt *s = frontend_new_stmt(b->a, KS_FOR, L(3));
	KirExpr *tv = frontend_new_expr(b->a, KE_VAR, KT_I32, L(3)), *inc;
	tv->u.var = 1;
	s->u.for_.init = frontend_new_stmt(b->a, KS_DECL, L(3));
	s->u.for_.init->u.decl.var = 1;
	s->u.for_.init->u.decl.init = frontend_new_int(b->a, KT_I32, 0, L(3));
	s->u.for_.cond = frontend_new_binary(b->a, KB_LT, KT_I1, tv, frontend_new_int(b->a, KT_I32, 4, L(3)), L(3));
	inc = frontend_new_expr(b->a, KE_INCDEC, KT_I32, L(3));
	inc->u.incdec.lv.var = 1;
	inc->u.incdec.lv.buffer = -1;
	inc->u.incdec.inc = 1;
	s->u.for_.step = inc;
	s->u.for_.body = body;
	return s;
}

static KirStmt *if_(Kb *b, KirExpr *c, KirStmt *then)
{
	KirStmt *s = frontend_new_stmt(b->a, KS_IF, L(4));
	s->u.if_.cond = c;
	s->u.if_.then = then;
	return s;
}

static KirExpr *load_s(Kb *b, KirExpr *idx)
{
	KirExpr *e = frontend_new_expr(b->a, KE_LOAD, KT_I32, L(2));
	e->u.load.buffer = 1;
	e->u.load.index = idx;
	return e;
}

/* s[i] = i; sync; x[i] = s[i] */
static KirStmt *body_top(Kb *b)
{
	KirStmt **ss = ARENA_ARRAY(b->a, KirStmt *, 4);
	ss[0] = decl_i(b);
	ss[1] = store(b, 1, vi(b), vi(b));
	ss[2] = sync_(b, 5);
	ss[3] = store(b, 0, vi(b), load_s(b, vi(b)));
	return blk(b, 4, ss);
}

/* i = tid; for t < 4 { s[i] = i; sync; x[i] = s[i]; sync } */
static KirStmt *body_loop(Kb *b)
{
	KirStmt **in = ARENA_ARRAY(b->a, KirStmt *, 4), **ss = ARENA_ARRAY(b->a, KirStmt *, 2);
	in[0] = store(b, 1, vi(b), vi(b));
	in[1] = sync_(b, 5);
	in[2] = store(b, 0, vi(b), load_s(b, vi(b)));
	in[3] = sync_(b, 6);
	ss[0] = decl_i(b);
	ss[1] = loop4(b, blk(b, 4, in));
	return blk(b, 2, ss);
}

/* i = tid; if (tid < 16) sync; x[i] = i: refused (the if is not the last statement) */
static KirStmt *body_divergent(Kb *b)
{
	KirStmt **ss = ARENA_ARRAY(b->a, KirStmt *, 3);
	KirExpr *c = frontend_new_binary(b->a, KB_LT, KT_I1, tid(b), frontend_new_int(b->a, KT_U32, 16, L(4)), L(4));
	ss[0] = decl_i(b);
	ss[1] = if_(b, c, sync_(b, 4));
	ss[2] = store(b, 0, vi(b), vi(b));    /* after the if: the threads that skipped it go on */
	return blk(b, 3, ss);
}

/* i = tid; x[i] = i: no barrier, one phase, i private */
static KirStmt *body_plain(Kb *b)
{
	KirStmt **ss = ARENA_ARRAY(b->a, KirStmt *, 2);
	ss[0] = decl_i(b);
	ss[1] = store(b, 0, vi(b), vi(b));
	return blk(b, 2, ss);
}

typedef struct Row {
	const char *name;
	KirStmt *(*body)(Kb *);
	const char *tree;        /* pre-order kinds: P phase, F for, I if, S seq; NULL refused */
	int nphases;
	LoopVarStorage i_storage;
} Row;

static const Row rows[] = {
	{"top-level barrier", body_top, "SPP", 2, LVS_SPILL},
	{"barrier in a uniform loop", body_loop, "SPFSPP", 3, LVS_SPILL},
	{"barrier under threadIdx", body_divergent, NULL, 0, LVS_UNUSED},
	{"no barrier", body_plain, "SP", 1, LVS_PRIVATE},
};

static void tree(StrBuf *o, const LoopNode *n)
{
	static const char kinds[] = "PFISTBbc";

	sb_putc(o, kinds[n->kind]);
	switch (n->kind) {
	case LN_SEQ: case LN_BLOCKS:
		for (size_t i = 0; i < n->u.seq.nnodes; i++)
			tree(o, n->u.seq.nodes[i]);
		break;
	case LN_FOR: tree(o, n->u.for_.body); break;
	case LN_IF:
		tree(o, n->u.if_.then);
		if (n->u.if_.els)
			tree(o, n->u.if_.els);
		break;
	default: break;
	}
}

static KirProgram *make(Kb *b, const Row *r)
{
	KirProgram *p = ARENA_NEW(b->a, KirProgram);
	KirKernel *k = ARENA_NEW(b->a, KirKernel);
	KirBuffer *bufs = ARENA_ARRAY(b->a, KirBuffer, 2);
	KirVar *vars = ARENA_ARRAY(b->a, KirVar, 2);
	KirParam *par = ARENA_NEW(b->a, KirParam);

	b->k = k;
	*par = (KirParam){"x", KT_PTR, 0, 0, {KT_I32, 0, 0}, L(1), 0, 0, 0};
	bufs[0] = (KirBuffer){.name = "x", .space = KSP_GLOBAL, .elem = KT_I32, .count = 64, .param = 0, .loc = L(1)};
	bufs[1] = (KirBuffer){.name = "s", .space = KSP_SHARED, .elem = KT_I32, .ndims = 1,
	                      .dims = {64}, .count = 64, .param = -1, .loc = L(1)};
	vars[0] = (KirVar){"i", KT_I32, KVK_LOCAL, L(1), 0};
	vars[1] = (KirVar){"t", KT_I32, KVK_LOCAL, L(3), 0};
	*k = (KirKernel){.name = "k", .loc = L(1), .params = par, .nparams = 1, .bufs = bufs,
	                 .nbufs = 2, .vars = vars, .nvars = 2, .grid = {2, 1, 1},
	                 .block = {64, 1, 1}, .have_grid = 1, .have_block = 1, .launch = -1};
	k->body = r->body(b);
	p->file = "t.cu";
	p->kernels = k;
	p->nkernels = 1;
	return p;
}

static void test_rows(void **state)
{
	(void)state;
	diag_add_source("t.cu", "l1\nl2\nl3\nl4\nl5\nl6\n");
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const Row *r = &rows[i];
		Kb b = {arena_new(), NULL};
		Options o;
		LoopProgram *lp;
		memset(&o, 0, sizeof o);
		diag_reset();
		diag_add_source("t.cu", "l1\nl2\nl3\nl4\nl5\nl6\n");
		lp = loopify_program(b.a, &o, make(&b, r));
		printf("row: %s\n", r->name);
		if (!r->tree) {
			assert_null(lp);
			assert_true(diag_error_count() > 0);
		} else {
			StrBuf t = {0}, p1 = {0}, p2 = {0};
			assert_non_null(lp);
			tree(&t, lp->kernels[0].root);
			assert_string_equal(sb_str(&t), r->tree);
			assert_int_equal(lp->kernels[0].nphases, r->nphases);
			assert_int_equal(lp->kernels[0].vinfo[0].storage, r->i_storage);
			loopify_print(&p1, lp);
			loopify_print(&p2, lp);
			assert_string_equal(sb_str(&p1), sb_str(&p2));
			sb_free(&t);
			sb_free(&p1);
			sb_free(&p2);
		}
		arena_free(b.a);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_rows)};
	int failed;

	diag_init(stderr, 0);
	failed = cmocka_run_group_tests(tests, NULL, NULL);
	printf("%d passed, %d failed\n", failed ? 0 : 1, failed ? 1 : 0);
	return failed ? 1 : 0;
}
