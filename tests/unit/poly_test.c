/* poly_test.c: cmocka tables for src/poly. Each row builds kernel-IR index expressions
 * by hand (no parser), asks poly for a fact and compares with the expected answer,
 * worked out by hand from the launch in the row. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "poly.h"

static Arena *A;
static const SrcLoc L = {"t.cu", 1, 1};

static KirExpr *C(int64_t v) { return frontend_new_int(A, KT_I32, v, L); }
static KirExpr *B(KirBuiltin b) { KirExpr *e = frontend_new_expr(A, KE_BUILTIN, KT_U32, L); e->u.builtin = b; return e; }
static KirExpr *I32(KirExpr *x) { return frontend_new_cast(A, KT_I32, x, L); }
static KirExpr *bin(KirBinOp op, KirExpr *l, KirExpr *r)
{
	KirDType t = op >= KB_LT ? KT_I1 : l->type;
	KirExpr *e = frontend_new_expr(A, KE_BINARY, t, L);
	e->u.bin.op = op;
	e->u.bin.l = l;
	e->u.bin.r = r;
	return e;
}
static KirExpr *land(KirExpr *l, KirExpr *r)
{
	KirExpr *e = frontend_new_expr(A, KE_LOGAND, KT_I1, L);
	e->u.bin.l = l;
	e->u.bin.r = r;
	return e;
}
static KirExpr *lor(KirExpr *l, KirExpr *r)
{
	KirExpr *e = land(l, r);
	e->kind = KE_LOGOR;
	return e;
}
/* (int)(blockIdx.x * blockDim.x + threadIdx.x), and the same in y */
static KirExpr *gx(void) { return I32(bin(KB_ADD, bin(KB_MUL, B(KBI_BID_X), B(KBI_BDIM_X)), B(KBI_TID_X))); }
static KirExpr *gy(void) { return I32(bin(KB_ADD, bin(KB_MUL, B(KBI_BID_Y), B(KBI_BDIM_Y)), B(KBI_TID_Y))); }

static PolyCtx *ctx1(int grid, int block)
{
	int g[3] = {grid, 1, 1}, b[3] = {block, 1, 1};
	return poly_create(NULL, g, b);
}

/* ---- expressions: linear form or the reason it is not affine ---- */
typedef struct ExprRow {
	const char *name;
	KirExpr *(*make)(void);
	int affine;            /* expected: quasi-affine on the launch box */
	int64_t c_bx, c_tx, cst;   /* linear form when linear */
	int linear;
} ExprRow;

static KirExpr *e_gx(void) { return gx(); }
static KirExpr *e_gx_m1(void) { return bin(KB_SUB, gx(), C(1)); }
static KirExpr *e_tx_m1_u32(void) { return bin(KB_SUB, B(KBI_TID_X), frontend_new_int(A, KT_U32, 1, L)); }
static KirExpr *e_tx_tx(void) { return I32(bin(KB_MUL, B(KBI_TID_X), B(KBI_TID_X))); }
static KirExpr *e_mod(void) { return bin(KB_REM, bin(KB_ADD, gx(), C(1)), C(1000)); }
static KirExpr *e_div(void) { return bin(KB_DIV, gx(), C(32)); }
static KirExpr *e_shl(void) { return bin(KB_SHL, gx(), C(2)); }
static KirExpr *e_bitand(void) { return bin(KB_AND, gx(), C(7)); }
static KirExpr *e_bitand_6(void) { return bin(KB_AND, gx(), C(6)); }
static KirExpr *e_bitand_neg(void) { return bin(KB_AND, bin(KB_SUB, gx(), C(1)), C(7)); }

static const ExprRow expr_rows[] = {
	{"bx*256+tx", e_gx, 1, 256, 1, 0, 1},
	{"gx-1", e_gx_m1, 1, 256, 1, -1, 1},
	{"tx-1u wraps at tx=0", e_tx_m1_u32, 0, 0, 0, 0, 0},
	{"tx*tx", e_tx_tx, 0, 0, 0, 0, 0},
	{"(gx+1)%1000", e_mod, 1, 0, 0, 0, 0},
	{"gx/32", e_div, 1, 0, 0, 0, 0},
	{"gx<<2", e_shl, 1, 1024, 4, 0, 1},
	{"gx&7 = gx mod 8 (gx >= 0)", e_bitand, 1, 0, 0, 0, 0},
	{"gx&6 (not a low mask)", e_bitand_6, 0, 0, 0, 0, 0},
	{"(gx-1)&7 (gx-1 may be negative)", e_bitand_neg, 0, 0, 0, 0, 0},
};

static void test_exprs(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(expr_rows) / sizeof(expr_rows[0]); i++) {
		const ExprRow *r = &expr_rows[i];
		PolyCtx *c = ctx1(4, 256);
		const char *why = NULL;
		PolyExpr *e = poly_expr_from_kir(c, r->make(), NULL, NULL, NULL, &why);
		int64_t coef[POLY_NDIMS], cst;
		print_message("expr %s\n", r->name);
		assert_int_equal(e != NULL, r->affine);
		if (!e)
			assert_non_null(why);
		if (e)
			assert_int_equal(poly_expr_get_linear(e, coef, &cst), r->linear);
		if (e && r->linear) {
			assert_int_equal(coef[POLY_BX], r->c_bx);
			assert_int_equal(coef[POLY_TX], r->c_tx);
			assert_int_equal(cst, r->cst);
		}
		poly_destroy(c);
	}
}

/* ---- domains: the smooth guard, a disjunction ---- */
static void test_domains(void **state)
{
	PolyCtx *c = ctx1(4, 256);
	PolySet *box = poly_launch_box(c), *g, *u, *d;
	int64_t lo[POLY_NDIMS], hi[POLY_NDIMS];
	const char *why = NULL;
	(void)state;
	/* i > 0 && i < 999 on a 4x256 launch */
	g = poly_set_from_cond(c, land(bin(KB_GT, gx(), C(0)), bin(KB_LT, gx(), C(999))), box,
	                       NULL, NULL, &why);
	assert_non_null(g);
	d = poly_set_intersect(box, g);
	assert_true(poly_set_box_hull(d, lo, hi));
	assert_int_equal(lo[POLY_BX], 0);
	assert_int_equal(hi[POLY_BX], 4);
	assert_int_equal(hi[POLY_TX], 256);
	assert_false(poly_set_is_box(d));          /* in (bx, tx) it is not a box */
	assert_true(poly_set_is_box(box));
	/* i == 0 || i == 1023: a union of two points, not its hull */
	u = poly_set_intersect(box, poly_set_from_cond(c, lor(bin(KB_EQ, gx(), C(0)),
	                                               bin(KB_EQ, gx(), C(1023))), box, NULL, NULL, &why));
	assert_true(poly_set_box_hull(u, lo, hi));
	assert_int_equal(lo[POLY_BX], 0);
	assert_int_equal(hi[POLY_BX], 4);
	assert_false(poly_set_is_box(u));
	assert_false(poly_set_is_empty(u));
	assert_true(poly_set_is_subset(u, box));
	/* a condition on a float is not affine */
	assert_null(poly_set_from_cond(c, bin(KB_LT, frontend_new_cast(A, KT_F32, gx(), L),
	                                      frontend_new_cast(A, KT_F32, C(3), L)), box, NULL, NULL, &why));
	assert_non_null(why);
	poly_destroy(c);
}

/* ---- accesses: injectivity, races, translations, periodic wrap ---- */
static PolyMap *acc1(PolyCtx *c, PolySet *dom, KirExpr *idx)
{
	const char *why = NULL;
	PolyExpr *e = poly_expr_from_kir(c, idx, dom, NULL, NULL, &why);
	assert_non_null(e);
	return poly_access(dom, &e, 1);
}

static PolySet *guard(PolyCtx *c, PolySet *dom, KirExpr *cond)
{
	const char *why = NULL;
	PolySet *g = poly_set_from_cond(c, cond, dom, NULL, NULL, &why);
	assert_non_null(g);
	return poly_set_intersect(dom, g);
}

static void test_smooth(void **state)
{
	PolyCtx *c = ctx1(4, 256);
	PolySet *box = poly_launch_box(c), *d;
	PolyMap *w, *r;
	PolyPiece pc[POLY_MAX_PIECES];
	int64_t lo[POLY_MAX_RANK], hi[POLY_MAX_RANK];
	int64_t off[3] = {-1, 0, 1};
	(void)state;
	d = guard(c, box, land(bin(KB_GT, gx(), C(0)), bin(KB_LT, gx(), C(999))));
	w = acc1(c, d, gx());
	assert_true(poly_map_is_injective(w));
	assert_true(poly_map_range_box(w, lo, hi));
	assert_int_equal(lo[0], 1);
	assert_int_equal(hi[0], 999);
	for (int k = 0; k < 3; k++) {
		r = acc1(c, d, bin(KB_ADD, gx(), C(off[k])));
		assert_int_equal(poly_map_in_coords(r, w, pc, POLY_MAX_PIECES), 1);
		assert_int_equal(pc[0].coef[0][0], 1);
		assert_int_equal(pc[0].cst[0], off[k]);
		assert_int_equal(pc[0].lo[0], 1);
		assert_int_equal(pc[0].hi[0], 999);
	}
	poly_destroy(c);
}

static void test_races(void **state)
{
	PolyCtx *c = ctx1(4, 256);
	PolySet *box = poly_launch_box(c);
	PolyMap *w1 = acc1(c, box, I32(B(KBI_TID_X)));          /* y[threadIdx.x]: blocks collide */
	PolyMap *w2 = acc1(c, box, gx());
	PolyMap *r2 = acc1(c, box, bin(KB_ADD, gx(), C(1)));    /* reads the neighbour's write */
	PolyMap *w3 = acc1(c, guard(c, box, bin(KB_EQ, I32(B(KBI_TID_X)), C(0))),
	                   I32(B(KBI_BID_X)));                  /* one writer per block */
	int64_t pa[POLY_NDIMS], pb[POLY_NDIMS];
	(void)state;
	assert_false(poly_map_is_injective(w1));
	assert_true(poly_maps_conflict(w1, w1, pa, pb));
	assert_int_equal(pa[POLY_TX], pb[POLY_TX]);
	assert_true(pa[POLY_BX] != pb[POLY_BX]);
	assert_true(poly_map_is_injective(w2));
	assert_false(poly_maps_conflict(w2, w2, pa, pb));
	assert_true(poly_maps_conflict(r2, w2, pa, pb));
	assert_int_equal(pa[POLY_BX] * 256 + pa[POLY_TX] + 1, pb[POLY_BX] * 256 + pb[POLY_TX]);
	assert_true(poly_map_is_injective(w3));
	assert_false(poly_maps_conflict(w3, w3, pa, pb));
	poly_destroy(c);
}

/* ---- bounds: does an index leave [0, n) on the guarded launch, and where first ---- */
typedef struct LeaveRow {
	int64_t off, guard;    /* index gx() + off under gx() < guard (0: no guard) */
	int64_t n;             /* extent */
	int leaves;
	int64_t first, value;  /* first thread (global x) and its index, when it leaves */
} LeaveRow;

static const LeaveRow leave_rows[] = {
	{1, 1000, 1000, 1, 999, 1000},      /* y[i + 1] under i < n: the last thread */
	{10, 1000, 1000, 1, 990, 1000},     /* x[i + 10] */
	{0, 1000, 1000, 0, 0, 0},           /* y[i] under i < n: inside */
	{-1, 0, 1024, 1, 0, -1},            /* u[i - 1]: thread 0 reads u[-1] */
	{0, 0, 1000, 1, 1000, 1000},        /* no guard: the partial last block */
	{-1, 0, 0, 1, 0, -1},               /* an empty buffer: every access leaves */
};

static void test_leaves(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(leave_rows) / sizeof(leave_rows[0]); i++) {
		const LeaveRow *r = &leave_rows[i];
		PolyCtx *c = ctx1(4, 256);
		PolySet *d = poly_launch_box(c);
		const char *why;
		PolyExpr *e;
		PolyWitness w;
		if (r->guard)
			d = guard(c, d, bin(KB_LT, gx(), C(r->guard)));
		e = poly_expr_from_kir(c, bin(KB_ADD, gx(), C(r->off)), d, NULL, NULL, &why);
		assert_non_null(e);
		assert_int_equal(poly_expr_leaves(e, d, 0, r->n, &w), r->leaves);
		if (r->leaves) {
			assert_false(w.unknown);
			assert_int_equal(w.pt[POLY_BX] * 256 + w.pt[POLY_TX], r->first);
			assert_int_equal(w.value, r->value);
			assert_int_equal(w.params.len, 0);
		}
		sb_free(&w.params);
		poly_destroy(c);
	}
}

static void test_periodic(void **state)
{
	PolyCtx *c = ctx1(4, 256);
	PolySet *d = guard(c, poly_launch_box(c), bin(KB_LT, gx(), C(1000)));
	PolyMap *w = acc1(c, d, gx());
	PolyMap *r = acc1(c, d, bin(KB_REM, bin(KB_ADD, gx(), C(1)), C(1000)));
	PolyPiece pc[POLY_MAX_PIECES];
	int n;
	(void)state;
	n = poly_map_in_coords(r, w, pc, POLY_MAX_PIECES);
	assert_int_equal(n, 2);
	for (int k = 0; k < n; k++) {
		if (pc[k].lo[0] == 0) {        /* 0 <= i < 999: i + 1 */
			assert_int_equal(pc[k].hi[0], 999);
			assert_int_equal(pc[k].cst[0], 1);
		} else {                       /* i == 999: 0 */
			assert_int_equal(pc[k].lo[0], 999);
			assert_int_equal(pc[k].hi[0], 1000);
			assert_int_equal(pc[k].coef[0][0], 0);
			assert_int_equal(pc[k].cst[0], 0);
		}
	}
	poly_destroy(c);
}

/* 2-D: a 64x64 grid of 16x16 blocks over a 64x64 buffer, u[j*64 + i] */
static PolyCtx *ctx2(void)
{
	int g[3] = {4, 4, 1}, b[3] = {16, 16, 1};
	return poly_create(NULL, g, b);
}

static KirExpr *flat2(int dj, int di)
{
	return bin(KB_ADD, bin(KB_MUL, bin(KB_ADD, gy(), C(dj)), C(64)), bin(KB_ADD, gx(), C(di)));
}

static void test_delinearize(void **state)
{
	PolyCtx *c = ctx2();
	PolySet *box = poly_launch_box(c), *in;
	int64_t shapes[16][POLY_MAX_RANK];
	int ranks[16], n, found = -1;
	PolyExpr *idx[POLY_MAX_RANK];
	const char *why = NULL;
	PolyExpr *f = poly_expr_from_kir(c, flat2(0, 0), box, NULL, NULL, &why);
	PolyExpr *fr;
	PolyMap *w, *r;
	PolyPiece pc[POLY_MAX_PIECES];
	int64_t lo[POLY_MAX_RANK], hi[POLY_MAX_RANK];
	(void)state;
	n = poly_shape_candidates(f, 4096, shapes, ranks, 16);
	for (int k = 0; k < n; k++)
		if (ranks[k] == 2 && shapes[k][0] == 64 && shapes[k][1] == 64)
			found = k;
	assert_true(found >= 0);
	assert_true(poly_delinearize(box, f, 2, shapes[found], idx));
	/* u[j*64 + i + 1] is not [j][i+1] on the whole launch (i + 1 reaches 64) ... */
	fr = poly_expr_from_kir(c, flat2(0, 1), box, NULL, NULL, &why);
	assert_false(poly_delinearize(box, fr, 2, shapes[found], idx));
	/* ... but it is inside 1 <= i < 63, 1 <= j < 63 */
	in = guard(c, box, land(land(bin(KB_GE, gx(), C(1)), bin(KB_LT, gx(), C(63))),
	                        land(bin(KB_GE, gy(), C(1)), bin(KB_LT, gy(), C(63)))));
	assert_true(poly_delinearize(in, fr, 2, shapes[found], idx));
	r = poly_access(in, idx, 2);
	assert_true(poly_delinearize(in, f, 2, shapes[found], idx));
	w = poly_access(in, idx, 2);
	assert_true(poly_map_range_box(w, lo, hi));
	assert_int_equal(lo[0], 1);
	assert_int_equal(hi[1], 63);
	/* the read is the write translated by (0, +1) */
	assert_int_equal(poly_map_in_coords(r, w, pc, POLY_MAX_PIECES), 1);
	assert_int_equal(pc[0].coef[0][0], 1);
	assert_int_equal(pc[0].coef[0][1], 0);
	assert_int_equal(pc[0].coef[1][1], 1);
	assert_int_equal(pc[0].cst[0], 0);
	assert_int_equal(pc[0].cst[1], 1);
	/* (j-1)*64 + (i+1): the constant splits into digits (-1, +1) */
	fr = poly_expr_from_kir(c, flat2(-1, 1), in, NULL, NULL, &why);
	assert_true(poly_delinearize(in, fr, 2, shapes[found], idx));
	r = poly_access(in, idx, 2);
	assert_int_equal(poly_map_in_coords(r, w, pc, POLY_MAX_PIECES), 1);
	assert_int_equal(pc[0].cst[0], -1);
	assert_int_equal(pc[0].cst[1], 1);
	poly_destroy(c);
}

/* A grid-stride loop: for (k = i; k < 1000; k += 512) y[k] = ... on 2x256 threads. */
static const PolyExpr *loop_var(void *env, int var, const char **why)
{
	(void)var, (void)why;
	return env;
}

static void test_loop(void **state)
{
	PolyCtx *c = ctx1(2, 256);
	PolySet *box = poly_launch_box(c), *d;
	const char *why = NULL;
	PolyExpr *lo = poly_expr_from_kir(c, gx(), box, NULL, NULL, &why);
	PolyExpr *k = poly_expr_dim(c, POLY_NLAUNCH);
	KirExpr *kv = frontend_new_expr(A, KE_VAR, KT_I32, L);
	PolyMap *w;
	int64_t blo[POLY_MAX_RANK], bhi[POLY_MAX_RANK];
	(void)state;
	kv->u.var = 0;
	d = poly_set_open_loop(box, 0, lo, 512);
	d = poly_set_intersect(d, poly_set_from_cond(c, bin(KB_LT, kv, C(1000)), d, loop_var, k, &why));
	w = poly_access(d, &k, 1);
	assert_true(poly_map_range_box(w, blo, bhi));
	assert_int_equal(blo[0], 0);
	assert_int_equal(bhi[0], 1000);
	assert_true(poly_map_is_injective(w));
	d = poly_set_close_loop(d, 0);
	assert_true(poly_set_is_equal(d, box));
	poly_destroy(c);
}

static int setup(void **state)
{
	(void)state;
	A = arena_new();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	arena_free(A);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exprs),
		cmocka_unit_test(test_domains),
		cmocka_unit_test(test_smooth),
		cmocka_unit_test(test_races),
		cmocka_unit_test(test_leaves),
		cmocka_unit_test(test_periodic),
		cmocka_unit_test(test_delinearize),
		cmocka_unit_test(test_loop),
	};
	int failed = cmocka_run_group_tests(tests, setup, teardown);
	int n = (int)(sizeof(tests) / sizeof(tests[0]));
	printf("%d passed, %d failed\n", n - failed, failed);
	return failed ? 1 : 0;
}
