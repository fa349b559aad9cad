/* emit_build_test: the builders (build.c) and the verifier (verify.c).
 *   emit_build_test OUTDIR
 * 1. Builds the `smooth` stencil of DESIGN.md (three slices, a weighted sum, one
 *    dynamic_update_slice) and a reduce + dot_general module with the builders; both must
 *    verify. Their StableHLO and HLO texts go to OUTDIR/{smooth,reduce_dot}.{mlir,hlo}
 *    for emit_build_test.py, which runs them on XLA against numpy.
 * 2. A table of ill-typed ops, each built by hand: the verifier must reject it with a
 *    message naming the op and containing the expected words.
 * Closing line: N passed, N failed. */
#include "hlo_emit.h"

#include <stdio.h>
#include <string.h>

static int passed, failed;

static void expect(int ok, const char *what)
{
	if (ok) {
		passed++;
	} else {
		failed++;
		printf("FAIL %s\n", what);
	}
}

static void write_file(const char *dir, const char *name, const char *text)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	if (!f)
		die("cannot write %s", path);
	fputs(text, f);
	fclose(f);
}

static void emit_both(const TModule *m, const char *dir, const char *name)
{
	char fn[256];
	StrBuf a = {0}, b = {0};
	hlo_emit_stablehlo(&a, m);
	expect(hlo_emit_hlo(&b, m) == 0, "HLO printer accepts the module");
	snprintf(fn, sizeof fn, "%s.mlir", name);
	write_file(dir, fn, sb_str(&a));
	snprintf(fn, sizeof fn, "%s.hlo", name);
	write_file(dir, fn, sb_str(&b));
	sb_free(&a);
	sb_free(&b);
}

static void build_smooth(const char *dir)
{
	TModule *m = tir_module_create();
	TFunc *f = tir_func_new(m, "main", 1, srcloc("smooth.cu", 1, 1));
	TType vec = tir_type_vector(DT_F32, 1000), part = tir_type_vector(DT_F32, 998);
	int u = tir_func_add_arg(f, vec, "u"), v = tir_func_add_arg(f, vec, "v");
	tir_func_add_result(f, vec, "v");
	TBuilder b = tir_builder(f, NULL, srcloc("smooth.cu", 3, 45));
	int64_t s[3][2] = {{0, 998}, {1, 999}, {2, 1000}};
	int sl[3];
	for (int i = 0; i < 3; i++)
		sl[i] = tir_build_slice(&b, u, &s[i][0], &s[i][1], NULL);
	int q = tir_build_splat_float(&b, part, 0.25), h = tir_build_splat_float(&b, part, 0.5);
	int x = tir_build_binary(&b, TOP_ADD, tir_build_binary(&b, TOP_MULTIPLY, q, sl[0]),
	                         tir_build_binary(&b, TOP_MULTIPLY, h, sl[1]));
	x = tir_build_binary(&b, TOP_ADD, x, tir_build_binary(&b, TOP_MULTIPLY, q, sl[2]));
	int one = tir_build_splat_int(&b, tir_type_scalar(DT_I32), 1);
	int r = tir_build_dynamic_update_slice(&b, v, x, &one);
	tir_build_return(&b, &r, 1);
	expect(tir_verify(m) == 0, "smooth verifies");
	emit_both(m, dir, "smooth");
	tir_module_destroy(m);
}

/* main(a: 4x3 f32, b: 3x5 f32) -> (row max of a: 4, a.b: 4x5, iota 4x5 i32 == compare) */
static void build_reduce_dot(const char *dir)
{
	TModule *m = tir_module_create();
	TFunc *f = tir_func_new(m, "main", 1, NOLOC);
	int64_t da[2] = {4, 3}, db[2] = {3, 5}, dc[2] = {4, 5};
	int a = tir_func_add_arg(f, tir_type_tensor(DT_F32, 2, da), "a");
	int bb = tir_func_add_arg(f, tir_type_tensor(DT_F32, 2, db), "b");
	TBuilder b = tir_builder(f, NULL, NOLOC);
	int init = tir_build_splat_float(&b, tir_type_scalar(DT_F32), -1e30);
	int64_t rd = 1, lc = 1, rc = 0;
	int mx = tir_build_reduce(&b, a, init, &rd, 1, TOP_MAXIMUM);
	TDotDims dd = {{NULL, 0}, {NULL, 0}, {&lc, 1}, {&rc, 1}};
	int dot = tir_build_dot_general(&b, a, bb, &dd);
	int io = tir_build_iota(&b, tir_type_tensor(DT_I32, 2, dc), 1);
	int two = tir_build_splat_int(&b, tir_type_tensor(DT_I32, 2, dc), 2);
	int lt = tir_build_compare(&b, CMP_LT, io, two);
	int zero = tir_build_splat_float(&b, tir_type_tensor(DT_F32, 2, dc), 0);
	int sel = tir_build_select(&b, lt, dot, zero);
	int res[2] = {mx, sel};
	tir_func_add_result(f, *tir_value_type(f, mx), NULL);
	tir_func_add_result(f, *tir_value_type(f, sel), NULL);
	tir_build_return(&b, res, 2);
	expect(tir_verify(m) == 0, "reduce_dot verifies");
	emit_both(m, dir, "reduce_dot");
	tir_module_destroy(m);
}

/* ---- verifier rejections ---- */

typedef struct Bad {
	const char *what, *want;
	void (*make)(TFunc *f, TBuilder *b, int x4, int x5);
} Bad;

static TOp *raw(TBuilder *b, TOpKind k, int x, int y, TType res)
{
	int ops[2] = {x, y};
	TOp *op = tir_build_op(b, k, ops, y < 0 ? 1 : 2);
	tir_op_add_result(b->func, op, res);
	return op;
}

static void bad_add_shapes(TFunc *f, TBuilder *b, int x4, int x5)
{
	raw(b, TOP_ADD, x4, x5, *tir_value_type(f, x4));
}

static void bad_sqrt_int(TFunc *f, TBuilder *b, int x4, int x5)
{
	(void)x5;
	int i = tir_build_convert(b, x4, DT_I32);
	raw(b, TOP_SQRT, i, -1, *tir_value_type(f, i));
}

static void bad_slice_bounds(TFunc *f, TBuilder *b, int x4, int x5)
{
	(void)x5;
	int64_t s = 1, l = 6, st = 1;
	TOp *op = raw(b, TOP_SLICE, x4, -1, tir_type_vector(DT_F32, 5));
	tir_op_set_ints(f, op, "start_indices", &s, 1);
	tir_op_set_ints(f, op, "limit_indices", &l, 1);
	tir_op_set_ints(f, op, "strides", &st, 1);
}

static void bad_reshape_count(TFunc *f, TBuilder *b, int x4, int x5)
{
	(void)f;
	(void)x5;
	raw(b, TOP_RESHAPE, x4, -1, tir_type_vector(DT_F32, 5));
}

static void bad_broadcast(TFunc *f, TBuilder *b, int x4, int x5)
{
	(void)x5;
	int64_t d = 0;
	TOp *op = raw(b, TOP_BROADCAST_IN_DIM, x4, -1, tir_type_vector(DT_F32, 5));
	tir_op_set_ints(f, op, "broadcast_dimensions", &d, 1);
}

static void bad_result_type(TFunc *f, TBuilder *b, int x4, int x5)
{
	(void)f;
	(void)x5;
	raw(b, TOP_NEGATE, x4, -1, tir_type_vector(DT_F64, 4));
}

static void bad_concat_dim(TFunc *f, TBuilder *b, int x4, int x5)
{
	TOp *op = raw(b, TOP_CONCATENATE, x4, x5, tir_type_vector(DT_F32, 9));
	tir_op_set_int(f, op, "dimension", 1);
}

static void bad_use_before_def(TFunc *f, TBuilder *b, int x4, int x5)
{
	(void)x4;
	(void)x5;
	int later = tir_value_new(f, tir_type_vector(DT_F32, 4));
	raw(b, TOP_ABS, later, -1, tir_type_vector(DT_F32, 4));
}

static const Bad bads[] = {
	{"add of different shapes", "operand types differ", bad_add_shapes},
	{"sqrt of an integer", "element type i32 is not allowed", bad_sqrt_int},
	{"slice past the end", "out of bounds", bad_slice_bounds},
	{"reshape changing the element count", "element count", bad_reshape_count},
	{"broadcast of 4 into 5", "does not broadcast", bad_broadcast},
	{"negate with a wrong result type", "result type is tensor<4xf64>", bad_result_type},
	{"concatenate along a missing dimension", "dimension 1 out of range", bad_concat_dim},
	{"operand used before definition", "used before it is defined", bad_use_before_def},
};

static void verifier_table(void)
{
	for (size_t i = 0; i < sizeof bads / sizeof bads[0]; i++) {
		TModule *m = tir_module_create();
		TFunc *f = tir_func_new(m, "main", 1, NOLOC);
		int x4 = tir_func_add_arg(f, tir_type_vector(DT_F32, 4), NULL);
		int x5 = tir_func_add_arg(f, tir_type_vector(DT_F32, 5), NULL);
		TBuilder b = tir_builder(f, NULL, srcloc("bad.cu", 7, (int)i + 1));
		bads[i].make(f, &b, x4, x5);
		tir_build_return(&b, NULL, 0);
		char msg[512] = "";
		SrcLoc loc = NOLOC;
		int n = tir_verify_report(m, 1, &loc, msg, sizeof msg);
		int ok = n > 0 && strstr(msg, bads[i].want) && msg[0] == '\'' && loc.line == 7;
		if (!ok)
			printf("  got %d errors, first: %s\n", n, msg);
		expect(ok, bads[i].what);
		tir_module_destroy(m);
	}
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: emit_build_test OUTDIR\n");
		return 2;
	}
	build_smooth(argv[1]);
	build_reduce_dot(argv[1]);
	verifier_table();
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
