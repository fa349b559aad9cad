/* frontend_build_test.c: cmocka tables for src/frontend/build.c, the kernel IR
 * constructors and their constant folding. Each row's expected value is written as the
 * C expression that computes it in the row's type (the host compiler is the oracle), or
 * says that the fold must be left to run time (signed overflow, division by zero,
 * out-of-range shifts: undefined in C++, so not ours to decide). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "frontend.h"

typedef struct IntRow {
	KirBinOp op;
	KirDType t;
	int64_t l, r;
	int folds;               /* 1: a constant of type `rt`, value `want`; 0: a KE_BINARY */
	KirDType rt;
	int64_t want;
} IntRow;

#define U32(x) ((int64_t)(uint32_t)(x))

static const IntRow int_rows[] = {
	/* i32: wrap checks against the 32-bit range */
	{KB_ADD, KT_I32, 2, 3, 1, KT_I32, 5},
	{KB_ADD, KT_I32, INT32_MAX, 1, 0, KT_I32, 0},
	{KB_SUB, KT_I32, INT32_MIN, 1, 0, KT_I32, 0},
	{KB_MUL, KT_I32, 65536, 65536, 0, KT_I32, 0},
	{KB_MUL, KT_I32, -46341, 46340, 1, KT_I32, -46341 * 46340},
	{KB_DIV, KT_I32, -7, 2, 1, KT_I32, -7 / 2},
	{KB_REM, KT_I32, -7, 2, 1, KT_I32, -7 % 2},
	{KB_DIV, KT_I32, -5, -1, 1, KT_I32, 5},
	{KB_DIV, KT_I32, INT32_MIN, -1, 0, KT_I32, 0},
	{KB_REM, KT_I32, 5, 0, 0, KT_I32, 0},
	{KB_DIV, KT_I32, 5, 0, 0, KT_I32, 0},
	/* i64: the 64-bit range itself */
	{KB_ADD, KT_I64, INT64_MAX - 1, 1, 1, KT_I64, INT64_MAX},
	{KB_ADD, KT_I64, INT64_MAX, 1, 0, KT_I64, 0},
	{KB_ADD, KT_I64, INT64_MIN, -1, 0, KT_I64, 0},
	{KB_SUB, KT_I64, INT64_MIN, 1, 0, KT_I64, 0},
	{KB_SUB, KT_I64, 0, INT64_MIN, 0, KT_I64, 0},
	{KB_SUB, KT_I64, -1, INT64_MAX, 1, KT_I64, INT64_MIN},
	{KB_MUL, KT_I64, INT64_MIN, -1, 0, KT_I64, 0},
	{KB_MUL, KT_I64, (int64_t)1 << 32, (int64_t)1 << 31, 0, KT_I64, 0},
	{KB_MUL, KT_I64, (int64_t)1 << 32, (int64_t)1 << 30, 1, KT_I64, (int64_t)1 << 62},
	{KB_DIV, KT_I64, INT64_MIN, -1, 0, KT_I64, 0},
	{KB_REM, KT_I64, INT64_MIN, -1, 0, KT_I64, 0},
	{KB_DIV, KT_I64, INT64_MIN, 2, 1, KT_I64, INT64_MIN / 2},
	/* unsigned: arithmetic modulo 2^n */
	{KB_ADD, KT_U32, U32(0xffffffffu), 1, 1, KT_U32, 0},
	{KB_SUB, KT_U32, 0, 1, 1, KT_U32, U32(0xffffffffu)},
	{KB_MUL, KT_U32, U32(0x10000u), U32(0x10001u), 1, KT_U32, U32(0x10000u * 0x10001u)},
	{KB_ADD, KT_U64, -1, 1, 1, KT_U64, 0},
	{KB_DIV, KT_U64, -1, 2, 1, KT_U64, (int64_t)(UINT64_MAX / 2)},
	{KB_REM, KT_U32, U32(0xfffffff0u), 7, 1, KT_U32, U32(0xfffffff0u % 7u)},
	/* shifts: C++14 [expr.shift] */
	{KB_SHL, KT_I32, 1, 31, 1, KT_I32, INT32_MIN},
	{KB_SHL, KT_I32, 3, 30, 1, KT_I32, (int32_t)(3u << 30)},
	{KB_SHL, KT_I32, 5, 30, 0, KT_I32, 0},
	{KB_SHL, KT_I32, -1, 1, 0, KT_I32, 0},
	{KB_SHL, KT_I32, 1, 32, 0, KT_I32, 0},
	{KB_SHL, KT_I32, 1, -1, 0, KT_I32, 0},
	{KB_SHL, KT_I64, 1, 63, 1, KT_I64, INT64_MIN},
	{KB_SHL, KT_I64, 3, 63, 0, KT_I64, 0},
	{KB_SHL, KT_U32, U32(0x80000001u), 1, 1, KT_U32, 2},
	{KB_SHR, KT_I32, -8, 1, 1, KT_I32, -8 >> 1},
	{KB_SHR, KT_U32, U32(0x80000000u), 31, 1, KT_U32, 1},
	{KB_SHR, KT_I64, INT64_MIN, 63, 1, KT_I64, -1},
	{KB_SHR, KT_U64, INT64_MIN, 63, 1, KT_U64, 1},
	/* bitwise operators never overflow */
	{KB_AND, KT_I32, -1, 0x0f0f, 1, KT_I32, 0x0f0f},
	{KB_OR, KT_I32, INT32_MIN, 1, 1, KT_I32, INT32_MIN | 1},
	{KB_XOR, KT_I64, -1, INT64_MAX, 1, KT_I64, INT64_MIN},
	/* comparisons give i1 and respect signedness */
	{KB_LT, KT_I32, -1, 0, 1, KT_I1, 1},
	{KB_LT, KT_U32, U32(0xffffffffu), 0, 1, KT_I1, 0},
	{KB_GT, KT_U64, -1, 1, 1, KT_I1, 1},
	{KB_GE, KT_I64, INT64_MIN, INT64_MAX, 1, KT_I1, 0},
	{KB_LE, KT_I32, 3, 3, 1, KT_I1, 1},
	{KB_EQ, KT_U32, 7, 7, 1, KT_I1, 1},
	{KB_NE, KT_I32, 7, 7, 1, KT_I1, 0},
};

static void test_fold_int(void **state)
{
	(void)state;
	Arena *a = arena_new();

	for (size_t i = 0; i < sizeof int_rows / sizeof *int_rows; i++) {
		const IntRow *r = &int_rows[i];
		KirExpr *e = frontend_new_binary(a, r->op, r->rt, frontend_new_int(a, r->t, r->l, NOLOC),
		                                 frontend_new_int(a, r->t, r->r, NOLOC), NOLOC);
		if (r->folds != (e->kind == KE_CONST))
			fail_msg("row %zu (%s %s): folds %d, expected %d", i, frontend_binop_name(r->op),
			         frontend_dtype_name(r->t), e->kind == KE_CONST, r->folds);
		if (!r->folds)
			continue;
		assert_int_equal(e->type, r->rt);
		if (e->u.c.i != r->want)
			fail_msg("row %zu (%s %s): %lld, expected %lld", i, frontend_binop_name(r->op),
			         frontend_dtype_name(r->t), (long long)e->u.c.i, (long long)r->want);
	}
	arena_free(a);
}

typedef struct FloatRow {
	KirBinOp op;
	KirDType t;
	double l, r;
	int folds;
	double want;             /* for comparisons: 0 or 1 */
} FloatRow;

static const FloatRow float_rows[] = {
	{KB_ADD, KT_F32, 0.1f, 0.2f, 1, (double)(0.1f + 0.2f)},
	{KB_ADD, KT_F64, 0.1, 0.2, 1, 0.1 + 0.2},
	{KB_MUL, KT_F32, 16777217.0f, 1.0f, 1, (double)(16777217.0f * 1.0f)},
	{KB_MUL, KT_F32, FLT_MAX, 2.0f, 1, HUGE_VAL},
	{KB_DIV, KT_F32, 1.0f, 3.0f, 1, (double)(1.0f / 3.0f)},
	{KB_DIV, KT_F64, 1.0, 0.0, 1, HUGE_VAL},
	{KB_SUB, KT_F64, 1e308, -1e308, 1, HUGE_VAL},
	{KB_ADD, KT_F16, 1.0, 2.0, 0, 0},
	{KB_REM, KT_F32, 5.0, 3.0, 0, 0},
	{KB_LT, KT_F32, 1.0, 2.0, 1, 1},
	{KB_EQ, KT_F64, NAN, NAN, 1, 0},
	{KB_NE, KT_F64, NAN, NAN, 1, 1},
	{KB_GE, KT_F32, NAN, 0.0, 1, 0},
};

static void test_fold_float(void **state)
{
	(void)state;
	Arena *a = arena_new();

	for (size_t i = 0; i < sizeof float_rows / sizeof *float_rows; i++) {
		const FloatRow *r = &float_rows[i];
		int cmp = r->op >= KB_LT && r->op <= KB_NE;
		KirExpr *e = frontend_new_binary(a, r->op, cmp ? KT_I1 : r->t,
		                                 frontend_new_const(a, (KirConst){r->t, 0, r->l}, NOLOC),
		                                 frontend_new_const(a, (KirConst){r->t, 0, r->r}, NOLOC), NOLOC);
		if (r->folds != (e->kind == KE_CONST))
			fail_msg("row %zu: folds %d, expected %d", i, e->kind == KE_CONST, r->folds);
		if (!r->folds)
			continue;
		if (cmp)
			assert_int_equal(e->u.c.i, (int64_t)r->want);
		else if (memcmp(&e->u.c.f, &r->want, sizeof(double)))
			fail_msg("row %zu: %.17g, expected %.17g", i, e->u.c.f, r->want);
	}
	arena_free(a);
}

typedef struct UnRow {
	KirUnOp op;
	KirDType t;
	int64_t x;
	int folds;
	int64_t want;
} UnRow;

static const UnRow un_rows[] = {
	{KU_NEG, KT_I32, 5, 1, -5},
	{KU_NEG, KT_I32, 0, 1, 0},
	{KU_NEG, KT_I32, INT32_MIN, 0, 0},
	{KU_NEG, KT_I64, INT64_MIN, 0, 0},
	{KU_NEG, KT_I64, INT64_MAX, 1, -INT64_MAX},
	{KU_NEG, KT_U32, 1, 1, U32(0xffffffffu)},
	{KU_BITNOT, KT_I32, 0, 1, -1},
	{KU_BITNOT, KT_U32, 0, 1, U32(0xffffffffu)},
	{KU_NOT, KT_I1, 3, 1, 0},
	{KU_NOT, KT_I1, 0, 1, 1},
};

static void test_fold_unary(void **state)
{
	(void)state;
	Arena *a = arena_new();

	for (size_t i = 0; i < sizeof un_rows / sizeof *un_rows; i++) {
		const UnRow *r = &un_rows[i];
		KirDType xt = r->op == KU_NOT ? KT_I32 : r->t;
		KirExpr *e = frontend_new_unary(a, r->op, r->t, frontend_new_int(a, xt, r->x, NOLOC), NOLOC);
		if (r->folds != (e->kind == KE_CONST))
			fail_msg("row %zu (%s %lld): folds %d, expected %d", i, frontend_unop_name(r->op), (long long)r->x,
			         e->kind == KE_CONST, r->folds);
		if (r->folds && e->u.c.i != r->want)
			fail_msg("row %zu: %lld, expected %lld", i, (long long)e->u.c.i, (long long)r->want);
	}
	arena_free(a);
}

typedef struct ConvRow {
	KirConst from;
	KirDType to;
	int64_t want_i;          /* integer targets */
	double want_f;           /* float targets */
} ConvRow;

static const ConvRow conv_rows[] = {
	{{KT_F32, 0, 3.75}, KT_I32, (int32_t)3.75f, 0},
	{{KT_F32, 0, -3.75}, KT_I32, (int32_t)-3.75f, 0},
	{{KT_F64, 0, 255.9}, KT_U8, (uint8_t)255.9, 0},
	{{KT_F64, 0, 4e9}, KT_U32, U32((uint32_t)4e9), 0},
	{{KT_F64, 0, 0.5}, KT_I1, 1, 0},
	{{KT_I32, 300, 0}, KT_U8, (uint8_t)300, 0},
	{{KT_I32, -1, 0}, KT_U32, U32((uint32_t)-1), 0},
	{{KT_I32, -1, 0}, KT_U64, -1, 0},
	{{KT_U32, U32(0xffffffffu), 0}, KT_I64, 0xffffffffll, 0},
	{{KT_I64, 70000, 0}, KT_I16, (int16_t)70000, 0},
	{{KT_I32, 2, 0}, KT_I1, 1, 0},
	{{KT_U32, U32(0xffffffffu), 0}, KT_F32, 0, (double)(float)0xffffffffu},
	{{KT_I64, 16777217, 0}, KT_F32, 0, (double)(float)16777217ll},
	{{KT_U64, -1, 0}, KT_F64, 0, (double)UINT64_MAX},
	{{KT_F64, 0, 0.1}, KT_F32, 0, (double)(float)0.1},
	{{KT_I32, -7, 0}, KT_F64, 0, -7.0},
};

static void test_convert(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof conv_rows / sizeof *conv_rows; i++) {
		const ConvRow *r = &conv_rows[i];
		KirConst c = frontend_const_convert(r->from, r->to);
		assert_int_equal(c.type, r->to);
		if (frontend_dtype_is_float(r->to)) {
			if (memcmp(&c.f, &r->want_f, sizeof(double)))
				fail_msg("row %zu: %.17g, expected %.17g", i, c.f, r->want_f);
		} else if (c.i != r->want_i) {
			fail_msg("row %zu: %lld, expected %lld", i, (long long)c.i, (long long)r->want_i);
		}
	}
}

/* x + 0, 0 + x, x - 0, x * 1, 1 * x are x; a cast to the same type is its operand;
 * a constant cast folds. */
static void test_identities(void **state)
{
	(void)state;
	Arena *a = arena_new();
	KirExpr *x = frontend_new_expr(a, KE_VAR, KT_I32, NOLOC);
	KirExpr *zero = frontend_new_int(a, KT_I32, 0, NOLOC), *one = frontend_new_int(a, KT_I32, 1, NOLOC);
	KirExpr *c;

	x->u.var = 0;
	assert_ptr_equal(frontend_new_binary(a, KB_ADD, KT_I32, x, zero, NOLOC), x);
	assert_ptr_equal(frontend_new_binary(a, KB_ADD, KT_I32, zero, x, NOLOC), x);
	assert_ptr_equal(frontend_new_binary(a, KB_SUB, KT_I32, x, zero, NOLOC), x);
	assert_ptr_equal(frontend_new_binary(a, KB_MUL, KT_I32, x, one, NOLOC), x);
	assert_ptr_equal(frontend_new_binary(a, KB_MUL, KT_I32, one, x, NOLOC), x);
	assert_int_equal(frontend_new_binary(a, KB_SUB, KT_I32, zero, x, NOLOC)->kind, KE_BINARY);
	assert_int_equal(frontend_new_binary(a, KB_MUL, KT_I32, x, zero, NOLOC)->kind, KE_BINARY);
	assert_ptr_equal(frontend_new_cast(a, KT_I32, x, NOLOC), x);
	assert_int_equal(frontend_new_cast(a, KT_I64, x, NOLOC)->kind, KE_CAST);
	c = frontend_new_cast(a, KT_F32, frontend_new_int(a, KT_I32, 3, NOLOC), NOLOC);
	assert_int_equal(c->kind, KE_CONST);
	assert_true(c->type == KT_F32 && c->u.c.f == 3.0);
	arena_free(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fold_int),
		cmocka_unit_test(test_fold_float),
		cmocka_unit_test(test_fold_unary),
		cmocka_unit_test(test_convert),
		cmocka_unit_test(test_identities),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
