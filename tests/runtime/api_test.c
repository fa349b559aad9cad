/* api_test.c: cmocka tables for the public C API (runtime/include/cuda2hlo_runtime.h).
 *
 * Uses only the public header. Rows give StableHLO text with the status and message
 * fragment the header's contract promises (`file:line:col: error:` positions counted by
 * hand in the row's text), parameter and result names by the header's naming rule,
 * buffers of every element type (sizes from the StableHLO / IEEE widths, not from the
 * library), and session calls on the "interp" backend whose expected results are
 * computed here in C (or are IEEE bit patterns for f16/bf16). Nothing may exit or print;
 * run under ASan (ctest -L unit in the sanitizer build) it must not leak.
 * Closing line: N passed, N failed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cuda2hlo_runtime.h"

static int npassed, nfailed;

static void check(int ok, const char *row, const char *what)
{
	if (ok) {
		npassed++;
	} else {
		nfailed++;
		print_error("row '%s': %s\n", row, what);
	}
}

/* ---- module creation ---- */

static const char add_named[] =
	"func.func @main(%x: tensor<2x3xf32> {cuda2hlo.param = \"x\"}, %y: tensor<2x3xf32> {cuda2hlo.param = \"y\"})\n"
	"    -> (tensor<2x3xf32> {cuda2hlo.param = \"sum\"}) {\n"
	"  %0 = stablehlo.add %x, %y : tensor<2x3xf32>\n"
	"  return %0 : tensor<2x3xf32>\n"
	"}\n";

typedef struct ModuleRow {
	const char *name, *text;
	c2h_status want;
	const char *msg;          /* fragment of the message; NULL for success */
	int nparams, nresults;
} ModuleRow;

static const ModuleRow module_rows[] = {
	{"add named", add_named, C2H_OK, NULL, 2, 1},
	{"module wrapper and jax names",
	 "module @jit_f {\n"
	 "  func.func public @main(%arg0: tensor<4xi32> {jax.arg_info = \"a\"}) -> (tensor<4xi32> {jax.result_info = \"out\"}) {\n"
	 "    return %arg0 : tensor<4xi32>\n"
	 "  }\n"
	 "}\n",
	 C2H_OK, NULL, 1, 1},
	{"no parameters",
	 "func.func @main() -> tensor<i64> {\n"
	 "  %0 = stablehlo.constant dense<7> : tensor<i64>\n"
	 "  return %0 : tensor<i64>\n"
	 "}\n",
	 C2H_OK, NULL, 0, 1},
	{"undefined value",
	 "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
	 "  %0 = stablehlo.add %a, %b : tensor<2xf32>\n"
	 "  return %0 : tensor<2xf32>\n"
	 "}\n",
	 C2H_EPARSE, "m.mlir:2:26: error: ", 0, 0},
	{"unknown op",
	 "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
	 "  %0 = stablehlo.frobnicate %a : tensor<2xf32>\n"
	 "  return %0 : tensor<2xf32>\n"
	 "}\n",
	 C2H_EUNSUPPORTED, "m.mlir:2:8: error: ", 0, 0},
	{"return type differs from result",
	 "func.func @main(%a: tensor<2xf32>) -> tensor<3xf32> {\n"
	 "  return %a : tensor<2xf32>\n"
	 "}\n",
	 C2H_EPARSE, "m.mlir:2:3: error: ", 0, 0},
	{"unterminated function",
	 "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
	 "  return %a : tensor<2xf32>\n",
	 C2H_EPARSE, "m.mlir:3:1: error: ", 0, 0},
	{"empty text", "", C2H_EPARSE, "m.mlir: error: no entry function", 0, 0},
	{"two modules",
	 "func.func @main() {\n  return\n}\n// -----\nfunc.func @main() {\n  return\n}\n",
	 C2H_EPARSE, "m.mlir: error: 2 modules", 0, 0},
};

static void test_module_table(void **state)
{
	(void)state;
	int before = nfailed;
	for (size_t r = 0; r < sizeof module_rows / sizeof *module_rows; r++) {
		const ModuleRow *row = &module_rows[r];
		c2h_module *m = (c2h_module *)&m;   /* must be overwritten */
		char msg[256] = "untouched";
		c2h_status st = c2h_module_create(row->text, strlen(row->text), "m.mlir", &m, msg, sizeof msg);
		char what[400];
		snprintf(what, sizeof what, "status %s, want %s; message '%s'", c2h_status_name(st),
		         c2h_status_name(row->want), msg);
		check(st == row->want, row->name, what);
		if (row->want == C2H_OK) {
			check(m != NULL && m != (c2h_module *)&m, row->name, "no module");
			if (st == C2H_OK) {
				check(c2h_module_num_params(m) == row->nparams, row->name, "parameter count");
				check(c2h_module_num_results(m) == row->nresults, row->name, "result count");
			}
		} else {
			check(m == NULL, row->name, "*out not NULL on failure");
			check(strncmp(msg, row->msg, strlen(row->msg)) == 0, row->name, what);
			check(strchr(msg, '\n') == NULL, row->name, "message is more than one line");
		}
		c2h_module_destroy(st == C2H_OK ? m : NULL);
	}
	/* A NULL message buffer and a short one are fine; the short one is truncated. */
	c2h_module *m;
	check(c2h_module_create("junk", 4, NULL, &m, NULL, 0) == C2H_EPARSE && !m, "NULL msg", "status");
	char small[8];
	check(c2h_module_create("junk", 4, "f.mlir", &m, small, sizeof small) == C2H_EPARSE, "short msg", "status");
	check(strlen(small) == sizeof small - 1 && strncmp(small, "f.mlir:", 7) == 0, "short msg", small);
	char msg[256];
	check(c2h_module_create("x", 1, NULL, NULL, msg, sizeof msg) == C2H_EINVAL, "NULL out", msg);
	check(c2h_module_create(NULL, 3, NULL, &m, msg, sizeof msg) == C2H_EINVAL, "NULL text", msg);
	c2h_module_destroy(NULL);
	assert_int_equal(nfailed, before);
}

static void test_module_file(void **state)
{
	(void)state;
	int before = nfailed;
	char dir[] = "/tmp/c2h_api_testXXXXXX";
	assert_non_null(mkdtemp(dir));
	char good[64], bad[64], missing[64], msg[256];
	snprintf(good, sizeof good, "%s/good.mlir", dir);
	snprintf(bad, sizeof bad, "%s/bad.mlir", dir);
	snprintf(missing, sizeof missing, "%s/none.mlir", dir);
	FILE *f = fopen(good, "w");
	fputs(add_named, f);
	fclose(f);
	f = fopen(bad, "w");
	fputs("func.func @main() {\n  %0 = stablehlo.constant dense<1> tensor<i32>\n  return\n}\n", f);
	fclose(f);

	c2h_module *m;
	check(c2h_module_create_from_file(good, &m, msg, sizeof msg) == C2H_OK, "file good", msg);
	check(c2h_module_num_params(m) == 2, "file good", "params");
	c2h_module_destroy(m);

	check(c2h_module_create_from_file(bad, &m, msg, sizeof msg) == C2H_EPARSE && !m, "file bad", msg);
	char want[80];
	snprintf(want, sizeof want, "%s:2:27: error: ", bad);   /* the untyped dense<1> */
	check(strncmp(msg, want, strlen(want)) == 0, "file bad names file:line:col", msg);

	check(c2h_module_create_from_file(missing, &m, msg, sizeof msg) == C2H_EIO && !m, "file missing", msg);
	check(strstr(msg, missing) != NULL, "file missing names the path", msg);
	check(c2h_module_create_from_file(NULL, &m, msg, sizeof msg) == C2H_EINVAL, "file NULL", msg);
	remove(good);
	remove(bad);
	rmdir(dir);
	assert_int_equal(nfailed, before);
}

/* ---- parameter and result info ---- */

typedef struct InfoRow {
	const char *name, *text;
	const char *params[3], *results[3];
	c2h_dtype pdtype;
	int prank;
	int64_t pdims[3];
} InfoRow;

static const InfoRow info_rows[] = {
	{"cuda2hlo.param", add_named, {"x", "y"}, {"sum"}, C2H_F32, 2, {2, 3}},
	{"jax attributes",
	 "func.func public @main(%arg0: tensor<4xi32> {jax.arg_info = \"a\"}, %arg1: tensor<4xi32> {jax.arg_info = \"b\"})\n"
	 "    -> (tensor<4xi32> {jax.result_info = \"out\"}) {\n"
	 "  %0 = stablehlo.add %arg0, %arg1 : tensor<4xi32>\n"
	 "  return %0 : tensor<4xi32>\n"
	 "}\n",
	 {"a", "b"}, {"out"}, C2H_I32, 1, {4}},
	{"cuda2hlo.param wins over jax",
	 "func.func @main(%a: tensor<ui8> {jax.arg_info = \"j\", cuda2hlo.param = \"c\"}) -> tensor<ui8> {\n"
	 "  return %a : tensor<ui8>\n"
	 "}\n",
	 {"c"}, {"result0"}, C2H_U8, 0, {0}},
	{"default names",
	 "func.func @main(%p: tensor<3x1x2xbf16>, %q: tensor<i1>) -> (tensor<3x1x2xbf16>, tensor<i1>) {\n"
	 "  return %p, %q : tensor<3x1x2xbf16>, tensor<i1>\n"
	 "}\n",
	 {"arg0", "arg1"}, {"result0", "result1"}, C2H_BF16, 3, {3, 1, 2}},
};

static int count(const char *const *names)
{
	int n = 0;
	while (n < 3 && names[n])
		n++;
	return n;
}

static void test_info_table(void **state)
{
	(void)state;
	int before = nfailed;
	for (size_t r = 0; r < sizeof info_rows / sizeof *info_rows; r++) {
		const InfoRow *row = &info_rows[r];
		c2h_module *m;
		char msg[256];
		if (c2h_module_create(row->text, strlen(row->text), NULL, &m, msg, sizeof msg) != C2H_OK) {
			check(0, row->name, msg);
			continue;
		}
		int np = count(row->params), nr = count(row->results);
		check(c2h_module_num_params(m) == np && c2h_module_num_results(m) == nr, row->name, "counts");
		c2h_param_info info;
		for (int i = 0; i < np; i++) {
			check(c2h_module_param(m, i, &info) == C2H_OK && strcmp(info.name, row->params[i]) == 0, row->name,
			      "parameter name");
			check(c2h_module_find_param(m, row->params[i]) == i, row->name, "find_param");
		}
		for (int i = 0; i < nr; i++)
			check(c2h_module_result(m, i, &info) == C2H_OK && strcmp(info.name, row->results[i]) == 0, row->name,
			      "result name");
		check(c2h_module_param(m, 0, &info) == C2H_OK && info.dtype == row->pdtype && info.rank == row->prank,
		      row->name, "parameter 0 type");
		check(memcmp(info.dims, row->pdims, sizeof(int64_t) * (size_t)row->prank) == 0, row->name, "parameter 0 dims");
		check(c2h_module_param(m, np, &info) == C2H_EINVAL, row->name, "param past the end");
		check(c2h_module_param(m, -1, &info) == C2H_EINVAL, row->name, "param -1");
		check(c2h_module_result(m, nr, &info) == C2H_EINVAL, row->name, "result past the end");
		check(c2h_module_param(m, 0, NULL) == C2H_EINVAL, row->name, "NULL info");
		check(c2h_module_find_param(m, "no_such") == -1, row->name, "find unknown");
		check(c2h_module_find_param(m, NULL) == -1, row->name, "find NULL");
		c2h_module_destroy(m);
	}
	check(c2h_module_num_params(NULL) == 0 && c2h_module_num_results(NULL) == 0, "NULL module", "counts");
	assert_int_equal(nfailed, before);
}

/* ---- buffers: every element type ---- */

typedef struct DtypeRow {
	c2h_dtype t;
	const char *name;         /* the StableHLO spelling */
	size_t size;              /* bytes per element: numpy's itemsize (bool: 1) */
} DtypeRow;

static const DtypeRow dtype_rows[] = {
	{C2H_BOOL, "i1", 1},  {C2H_I8, "i8", 1},   {C2H_I16, "i16", 2},   {C2H_I32, "i32", 4},  {C2H_I64, "i64", 8},
	{C2H_U8, "ui8", 1},   {C2H_U16, "ui16", 2}, {C2H_U32, "ui32", 4}, {C2H_U64, "ui64", 8}, {C2H_F16, "f16", 2},
	{C2H_BF16, "bf16", 2}, {C2H_F32, "f32", 4}, {C2H_F64, "f64", 8},
};

static void test_buffers(void **state)
{
	(void)state;
	int before = nfailed;
	check(sizeof dtype_rows / sizeof *dtype_rows == C2H_NDTYPES, "dtype table", "covers every c2h_dtype");
	for (size_t r = 0; r < sizeof dtype_rows / sizeof *dtype_rows; r++) {
		const DtypeRow *row = &dtype_rows[r];
		check(strcmp(c2h_dtype_name(row->t), row->name) == 0, row->name, "dtype name");
		check(c2h_dtype_size(row->t) == row->size, row->name, "dtype size");
		int64_t dims[3] = {2, 3, 4};
		size_t n = 24 * row->size;
		unsigned char *data = malloc(n);
		for (size_t k = 0; k < n; k++)
			data[k] = row->t == C2H_BOOL ? (unsigned char)(k % 2) : (unsigned char)(k * 7 + 1);
		c2h_buffer *b = c2h_buffer_create(row->t, 3, dims, data, n);
		check(b != NULL, row->name, "create with data");
		if (b) {
			check(c2h_buffer_dtype(b) == row->t && c2h_buffer_rank(b) == 3, row->name, "dtype and rank");
			check(memcmp(c2h_buffer_dims(b), dims, sizeof dims) == 0, row->name, "dims");
			check(c2h_buffer_nbytes(b) == n, row->name, "nbytes");
			check(c2h_buffer_data(b) != data && memcmp(c2h_buffer_data_const(b), data, n) == 0, row->name,
			      "data copied");
			data[0] ^= 1;
			check(memcmp(c2h_buffer_data_const(b), data, n) != 0, row->name, "the copy is independent");
		}
		c2h_buffer_destroy(b);
		c2h_buffer *z = c2h_buffer_create(row->t, 2, dims, NULL, 0);
		int zero = z != NULL && c2h_buffer_nbytes(z) == 6 * row->size;
		for (size_t k = 0; zero && k < 6 * row->size; k++)
			zero = ((const unsigned char *)c2h_buffer_data_const(z))[k] == 0;
		check(zero, row->name, "data NULL gives zeros");
		c2h_buffer_destroy(z);
		c2h_buffer *s = c2h_buffer_create(row->t, 0, NULL, data, row->size);
		check(s && c2h_buffer_rank(s) == 0 && c2h_buffer_nbytes(s) == row->size, row->name, "scalar");
		c2h_buffer_destroy(s);
		c2h_buffer *e = c2h_buffer_create(row->t, 2, (int64_t[]){0, 5}, NULL, 0);
		check(e && c2h_buffer_nbytes(e) == 0, row->name, "empty tensor");
		c2h_buffer_destroy(e);
		check(c2h_buffer_create(row->t, 3, dims, data, n - 1) == NULL, row->name, "short data refused");
		check(c2h_buffer_create(row->t, 3, dims, data, n + row->size) == NULL, row->name, "long data refused");
		free(data);
	}
	int64_t dims[C2H_MAX_RANK + 1] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
	c2h_buffer *b = c2h_buffer_create(C2H_F32, C2H_MAX_RANK, dims, NULL, 0);
	check(b != NULL, "max rank", "accepted");
	c2h_buffer_destroy(b);
	check(c2h_buffer_create(C2H_F32, C2H_MAX_RANK + 1, dims, NULL, 0) == NULL, "rank too big", "refused");
	check(c2h_buffer_create(C2H_F32, -1, dims, NULL, 0) == NULL, "rank -1", "refused");
	check(c2h_buffer_create(C2H_F32, 1, (int64_t[]){-2}, NULL, 0) == NULL, "negative dim", "refused");
	check(c2h_buffer_create(C2H_F32, 2, NULL, NULL, 0) == NULL, "NULL dims", "refused");
	check(c2h_buffer_create(C2H_NDTYPES, 1, dims, NULL, 0) == NULL, "bad dtype", "refused");
	check(c2h_buffer_create((c2h_dtype)-1, 1, dims, NULL, 0) == NULL, "dtype -1", "refused");
	c2h_buffer_destroy(NULL);
	check(strcmp(c2h_status_name(C2H_OK), "C2H_OK") == 0 && strcmp(c2h_status_name(C2H_EBACKEND), "C2H_EBACKEND") == 0,
	      "status names", "spelling");
	check(strcmp(c2h_dtype_name(C2H_NDTYPES), "?") == 0 && c2h_dtype_size(C2H_NDTYPES) == 0, "bad dtype", "name/size");
	assert_int_equal(nfailed, before);
}

/* ---- sessions ---- */

static c2h_module *module_of(const char *text)
{
	c2h_module *m = NULL;
	char msg[256];
	if (c2h_module_create(text, strlen(text), "s.mlir", &m, msg, sizeof msg) != C2H_OK)
		check(0, "module_of", msg);
	return m;
}

static void test_session_binding(void **state)
{
	(void)state;
	int before = nfailed;
	c2h_module *m = module_of(add_named);
	assert_non_null(m);
	char msg[256] = "";
	c2h_session *s = (c2h_session *)&s;
	check(c2h_session_create(m, "no-such-backend", &s, msg, sizeof msg) == C2H_EBACKEND, "unknown backend", msg);
	check(s == NULL, "unknown backend", "*out not NULL");
	check(strstr(msg, "no-such-backend") != NULL, "unknown backend names it", msg);
	check(c2h_session_create(NULL, "interp", &s, msg, sizeof msg) == C2H_EINVAL, "NULL module", msg);
	check(c2h_session_create(m, "interp", NULL, msg, sizeof msg) == C2H_EINVAL, "NULL out", msg);
	c2h_session_destroy(NULL);

	assert_int_equal(c2h_session_create(m, "interp", &s, msg, sizeof msg), C2H_OK);
	check(strcmp(c2h_session_backend(s), "interp") == 0, "backend name", c2h_session_backend(s));
	check(strcmp(c2h_session_message(s), "") == 0, "fresh session", "message not empty");

	float xv[6], yv[6];
	for (int k = 0; k < 6; k++) {
		xv[k] = 0.5f * (float)k;
		yv[k] = 100.0f - (float)k * (float)k;
	}
	int64_t d23[2] = {2, 3}, d32[2] = {3, 2};
	c2h_buffer *x = c2h_buffer_create(C2H_F32, 2, d23, xv, sizeof xv);
	c2h_buffer *y = c2h_buffer_create(C2H_F32, 2, d23, yv, sizeof yv);
	c2h_buffer *wrong_shape = c2h_buffer_create(C2H_F32, 2, d32, NULL, 0);
	c2h_buffer *wrong_rank = c2h_buffer_create(C2H_F32, 1, (int64_t[]){6}, NULL, 0);
	c2h_buffer *wrong_type = c2h_buffer_create(C2H_F64, 2, d23, NULL, 0);

	check(c2h_session_result(s, 0) == NULL, "result before run", "not NULL");
	check(c2h_session_run(s) == C2H_EUNBOUND, "run unbound", c2h_session_message(s));
	check(strstr(c2h_session_message(s), "'x'") != NULL, "run unbound names x", c2h_session_message(s));
	check(c2h_session_bind(s, "x", x) == C2H_OK, "bind x by name", c2h_session_message(s));
	check(c2h_session_run(s) == C2H_EUNBOUND, "run half bound", c2h_session_message(s));
	check(strstr(c2h_session_message(s), "'y'") != NULL, "run half bound names y", c2h_session_message(s));

	check(c2h_session_bind(s, "z", y) == C2H_ENOTFOUND, "bind unknown name", c2h_session_message(s));
	check(strstr(c2h_session_message(s), "'z'") != NULL, "unknown name in message", c2h_session_message(s));
	check(c2h_session_bind_index(s, 2, y) == C2H_EINVAL, "bind index 2", c2h_session_message(s));
	check(c2h_session_bind_index(s, -1, y) == C2H_EINVAL, "bind index -1", c2h_session_message(s));
	check(c2h_session_bind(s, "y", wrong_shape) == C2H_ETYPE, "bind wrong shape", c2h_session_message(s));
	check(strstr(c2h_session_message(s), "'y'") && strstr(c2h_session_message(s), "tensor<3x2xf32>") &&
	          strstr(c2h_session_message(s), "tensor<2x3xf32>"),
	      "wrong shape message names parameter and both types", c2h_session_message(s));
	check(c2h_session_bind_index(s, 1, wrong_rank) == C2H_ETYPE, "bind wrong rank", c2h_session_message(s));
	check(c2h_session_bind(s, "y", wrong_type) == C2H_ETYPE, "bind wrong dtype", c2h_session_message(s));
	check(strstr(c2h_session_message(s), "f64") != NULL, "wrong dtype message", c2h_session_message(s));
	check(c2h_session_bind(s, "y", NULL) == C2H_EINVAL, "bind NULL buffer", "status");
	check(c2h_session_bind(s, NULL, y) == C2H_EINVAL, "bind NULL name", "status");
	check(c2h_session_run(s) == C2H_EUNBOUND, "failed binds bind nothing", c2h_session_message(s));

	check(c2h_session_bind_index(s, 1, y) == C2H_OK, "bind y by position", c2h_session_message(s));
	check(c2h_session_run(s) == C2H_OK, "run", c2h_session_message(s));
	check(c2h_session_result(s, 1) == NULL && c2h_session_result(s, -1) == NULL, "result out of range", "not NULL");
	const c2h_buffer *r = c2h_session_result(s, 0);
	check(r && c2h_buffer_dtype(r) == C2H_F32 && c2h_buffer_rank(r) == 2 && c2h_buffer_dims(r)[0] == 2 &&
	          c2h_buffer_dims(r)[1] == 3 && c2h_buffer_nbytes(r) == sizeof xv,
	      "result type", "dtype/shape");
	int same = r != NULL;
	for (int k = 0; same && k < 6; k++)   /* exact: IEEE addition of these values rounds once */
		same = ((const float *)c2h_buffer_data_const(r))[k] == xv[k] + yv[k];
	check(same, "result values", "x + y");

	/* Rebinding x to y's data: the next run sees it; the inputs are not written. */
	check(c2h_session_bind(s, "x", y) == C2H_OK && c2h_session_run(s) == C2H_OK, "rerun", c2h_session_message(s));
	r = c2h_session_result(s, 0);
	same = r != NULL;
	for (int k = 0; same && k < 6; k++)
		same = ((const float *)c2h_buffer_data_const(r))[k] == yv[k] + yv[k] &&
		       ((const float *)c2h_buffer_data_const(x))[k] == xv[k];
	check(same, "rerun values", "y + y, x untouched");

	/* A taken result is the caller's: the session no longer has it, the next run leaves
	 * it alone, and it binds as an input (cudart keeps device memory resident so). */
	c2h_buffer *t = c2h_session_take_result(s, 0);
	check(t && c2h_session_result(s, 0) == NULL && c2h_session_take_result(s, 0) == NULL,
	      "take result", "taken twice or still there");
	check(c2h_session_take_result(s, 1) == NULL, "take result out of range", "not NULL");
	check(t && c2h_session_bind(s, "x", t) == C2H_OK && c2h_session_run(s) == C2H_OK, "run on a taken result",
	      c2h_session_message(s));
	r = c2h_session_result(s, 0);
	same = r != NULL && t != NULL;
	for (int k = 0; same && k < 6; k++)
		same = ((const float *)c2h_buffer_data_const(r))[k] == (yv[k] + yv[k]) + yv[k] &&
		       ((const float *)c2h_buffer_data_const(t))[k] == yv[k] + yv[k];
	check(same, "taken result values", "2y + y, the taken y + y untouched");
	c2h_buffer_destroy(t);

	c2h_session_destroy(s);
	c2h_buffer_destroy(x);
	c2h_buffer_destroy(y);
	c2h_buffer_destroy(wrong_shape);
	c2h_buffer_destroy(wrong_rank);
	c2h_buffer_destroy(wrong_type);
	c2h_module_destroy(m);
	assert_int_equal(nfailed, before);
}

/* Each element type through a session: @main(a, b) returns (a, b + b, a == b), with the
 * expected sums computed here (f16/bf16 as IEEE bit patterns: 1.0 = 0x3C00 / 0x3F80,
 * 2.0 = 0x4000 / 0x4000, 4.0 = 0x4400 / 0x4080, -3.0 = 0xC200 / 0xC040, -6.0 = 0xC600 / 0xC0C0). */
static void test_session_dtypes(void **state)
{
	(void)state;
	int before = nfailed;
	for (size_t r = 0; r < sizeof dtype_rows / sizeof *dtype_rows; r++) {
		const DtypeRow *row = &dtype_rows[r];
		const char *t = row->name;
		int is_bool = row->t == C2H_BOOL;
		const char *cmp = row->t >= C2H_F16 ? "FLOAT" : row->t >= C2H_U8 || is_bool ? "UNSIGNED" : "SIGNED";
		char text[1024];
		snprintf(text, sizeof text,
		         "func.func @main(%%a: tensor<3x%s>, %%b: tensor<3x%s>) -> (tensor<3x%s>, tensor<3x%s>, tensor<3xi1>) {\n"
		         "  %%s = stablehlo.%s %%b, %%b : tensor<3x%s>\n"
		         "  %%e = stablehlo.compare EQ, %%a, %%b, %s : (tensor<3x%s>, tensor<3x%s>) -> tensor<3xi1>\n"
		         "  return %%a, %%s, %%e : tensor<3x%s>, tensor<3x%s>, tensor<3xi1>\n"
		         "}\n",
		         t, t, t, t, is_bool ? "or" : "add", t, cmp, t, t, t, t);
		c2h_module *m = module_of(text);
		if (!m)
			continue;
		unsigned char a[24] = {0}, b[24] = {0}, want_sum[24] = {0};
		size_t n = 3 * row->size;
		/* a = {1, 2, -3}, b = {2, 2, -3} (unsigned: wrapped; bool: {1, 0, 1} and {0, 0, 1}) */
		int64_t av[3] = {1, 2, -3}, bv[3] = {2, 2, -3};
		for (int k = 0; k < 3; k++) {
			int64_t ai = av[k], bi = bv[k], si = 2 * bv[k];
			if (is_bool) {
				ai = k != 1;
				bi = k == 2;
				si = bi;
			}
			switch (row->t) {
			case C2H_F16: {
				static const uint16_t bits[] = {0x3C00, 0x4000, 0xC200}, sum[] = {0x4400, 0x4400, 0xC600};
				memcpy(a + 2 * k, &bits[k], 2);
				memcpy(b + 2 * k, k ? &bits[k] : &bits[1], 2);
				memcpy(want_sum + 2 * k, &sum[k], 2);
				continue;
			}
			case C2H_BF16: {
				static const uint16_t bits[] = {0x3F80, 0x4000, 0xC040}, sum[] = {0x4080, 0x4080, 0xC0C0};
				memcpy(a + 2 * k, &bits[k], 2);
				memcpy(b + 2 * k, k ? &bits[k] : &bits[1], 2);
				memcpy(want_sum + 2 * k, &sum[k], 2);
				continue;
			}
			case C2H_F32: {
				float fa = (float)ai, fb = (float)bi, fs = (float)si;
				memcpy(a + 4 * k, &fa, 4);
				memcpy(b + 4 * k, &fb, 4);
				memcpy(want_sum + 4 * k, &fs, 4);
				continue;
			}
			case C2H_F64: {
				double fa = (double)ai, fb = (double)bi, fs = (double)si;
				memcpy(a + 8 * k, &fa, 8);
				memcpy(b + 8 * k, &fb, 8);
				memcpy(want_sum + 8 * k, &fs, 8);
				continue;
			}
			default: {   /* integers: little-endian two's complement, truncated to the width */
				for (size_t byte = 0; byte < row->size; byte++) {
					a[k * row->size + byte] = (unsigned char)((uint64_t)ai >> (8 * byte));
					b[k * row->size + byte] = (unsigned char)((uint64_t)bi >> (8 * byte));
					want_sum[k * row->size + byte] = (unsigned char)((uint64_t)si >> (8 * byte));
				}
			}
			}
		}
		int64_t dims[1] = {3};
		c2h_buffer *ba = c2h_buffer_create(row->t, 1, dims, a, n), *bb = c2h_buffer_create(row->t, 1, dims, b, n);
		c2h_session *s = NULL;
		char msg[256];
		int ok = ba && bb && c2h_session_create(m, "interp", &s, msg, sizeof msg) == C2H_OK;
		ok = ok && c2h_session_bind_index(s, 0, ba) == C2H_OK && c2h_session_bind(s, "arg1", bb) == C2H_OK;
		ok = ok && c2h_session_run(s) == C2H_OK;
		check(ok, t, s ? c2h_session_message(s) : "setup");
		if (ok) {
			const c2h_buffer *r0 = c2h_session_result(s, 0), *r1 = c2h_session_result(s, 1),
			                 *r2 = c2h_session_result(s, 2);
			check(r0 && c2h_buffer_dtype(r0) == row->t && memcmp(c2h_buffer_data_const(r0), a, n) == 0, t,
			      "identity result");
			check(r1 && memcmp(c2h_buffer_data_const(r1), want_sum, n) == 0, t, is_bool ? "b or b" : "b + b");
			/* a == b: {0, 1, 1} for every type (bool: a = {1,0,1}, b = {0,0,1}: {0, 1, 1}) */
			const unsigned char *e = r2 ? c2h_buffer_data_const(r2) : NULL;
			check(e && c2h_buffer_dtype(r2) == C2H_BOOL && e[0] == 0 && e[1] == 1 && e[2] == 1, t, "a == b");
		}
		c2h_session_destroy(s);
		c2h_buffer_destroy(ba);
		c2h_buffer_destroy(bb);
		c2h_module_destroy(m);
	}
	assert_int_equal(nfailed, before);
}

/* Two sessions on one module are independent; a session outlives a rebind of its input. */
static void test_two_sessions(void **state)
{
	(void)state;
	int before = nfailed;
	c2h_module *m = module_of("func.func @main(%a: tensor<4xi64>) -> tensor<4xi64> {\n"
	                          "  %0 = stablehlo.multiply %a, %a : tensor<4xi64>\n"
	                          "  return %0 : tensor<4xi64>\n"
	                          "}\n");
	assert_non_null(m);
	int64_t v1[4] = {1, -2, 3, 1 << 20}, v2[4] = {5, 6, -7, 8};
	c2h_buffer *b1 = c2h_buffer_create(C2H_I64, 1, (int64_t[]){4}, v1, sizeof v1);
	c2h_buffer *b2 = c2h_buffer_create(C2H_I64, 1, (int64_t[]){4}, v2, sizeof v2);
	c2h_session *s1, *s2;
	char msg[256];
	assert_int_equal(c2h_session_create(m, "interp", &s1, msg, sizeof msg), C2H_OK);
	assert_int_equal(c2h_session_create(m, NULL, &s2, msg, sizeof msg), C2H_OK);   /* NULL: the fastest built */
	check(strcmp(c2h_session_backend(s2), "cpu") == 0 || strcmp(c2h_session_backend(s2), "interp") == 0,
	      "NULL backend", c2h_session_backend(s2));
	check(c2h_session_bind(s1, "arg0", b1) == C2H_OK && c2h_session_bind(s2, "arg0", b2) == C2H_OK, "bind", "");
	check(c2h_session_run(s1) == C2H_OK && c2h_session_run(s2) == C2H_OK, "run both", c2h_session_message(s1));
	const int64_t *r1 = c2h_session_result(s1, 0) ? c2h_buffer_data_const(c2h_session_result(s1, 0)) : NULL;
	const int64_t *r2 = c2h_session_result(s2, 0) ? c2h_buffer_data_const(c2h_session_result(s2, 0)) : NULL;
	int ok = r1 && r2;
	for (int k = 0; ok && k < 4; k++)
		ok = r1[k] == v1[k] * v1[k] && r2[k] == v2[k] * v2[k];
	check(ok, "two sessions", "squares");
	c2h_session_destroy(s1);
	c2h_session_destroy(s2);
	c2h_buffer_destroy(b1);
	c2h_buffer_destroy(b2);
	c2h_module_destroy(m);
	assert_int_equal(nfailed, before);
}

/* c2h_session_donate: @main(x: 50000 x f32) writes x[5..7] (dynamic_update_slice of the
 * argument). Donated, the run takes the argument's storage: the cpu backend updates it in
 * place (c2h_session_get_stats: 1 update in place, 0 bytes copied); the values are right,
 * the donor has no storage after the run and the input is unbound.
 * Bound (not donated), the input is unchanged and the result is a new buffer (on cpu: the
 * input copied, 200000 bytes, then updated). */
static void test_donate(void **state)
{
	(void)state;
	int before = nfailed;
	enum { N = 50000 };
	c2h_module *m = module_of("func.func @main(%x: tensor<50000xf32> {cuda2hlo.param = \"x\"})\n"
	                          "    -> (tensor<50000xf32> {cuda2hlo.param = \"x\"}) {\n"
	                          "  %u = stablehlo.constant dense<[1.5, 2.5, 3.5]> : tensor<3xf32>\n"
	                          "  %i = stablehlo.constant dense<5> : tensor<i32>\n"
	                          "  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<50000xf32>, tensor<3xf32>, tensor<i32>) -> tensor<50000xf32>\n"
	                          "  return %0 : tensor<50000xf32>\n"
	                          "}\n");
	assert_non_null(m);
	static float v[N];
	for (int k = 0; k < N; k++)
		v[k] = (float)k;
	const char *backends[] = {"cpu", "interp"};
	for (int bi = 0; bi < 2; bi++)
		for (int donate = 0; donate < 2; donate++) {
			char row[64], msg[256];
			snprintf(row, sizeof row, "%s %s", backends[bi], donate ? "donated" : "bound");
			c2h_session *s;
			if (c2h_session_create(m, backends[bi], &s, msg, sizeof msg) != C2H_OK) {
				check(!strcmp(backends[bi], "cpu"), row, msg);   /* cpu may not be built */
				continue;
			}
			c2h_buffer *b = c2h_buffer_create(C2H_F32, 1, (int64_t[]){N}, v, sizeof v);
			const void *old = c2h_buffer_data(b);
			c2h_session_stats s0, s1;
			check(c2h_session_get_stats(s, &s0) == C2H_OK && s0.runs == 0 && s0.updates_in_place == 0 &&
			      s0.bytes_copied == 0, row, "stats before the first run");
			c2h_status st = donate ? c2h_session_donate(s, 0, b) : c2h_session_bind_index(s, 0, b);
			check(st == C2H_OK && c2h_session_run(s) == C2H_OK, row, c2h_session_message(s));
			/* The in-place update, seen through the session's counters (never through
			 * addresses: an allocator may give a copy the freed storage's address).
			 * cpu: a donated input is updated in its own storage (1 update, 0 bytes
			 * copied), a bound one is copied once (its N floats) and the copy updated.
			 * interp counts nothing. */
			check(c2h_session_get_stats(s, &s1) == C2H_OK && s1.runs == 1, row, "stats: one run");
			if (!strcmp(backends[bi], "cpu")) {
				char got[128];
				snprintf(got, sizeof got, "counted %d, %lld in place, %lld bytes copied", s1.counted,
				         (long long)s1.updates_in_place, (long long)s1.bytes_copied);
				check(s1.counted == 1 && s1.updates_in_place == (donate ? 1 : 0) &&
				      s1.bytes_copied == (donate ? 0 : (int64_t)sizeof v), row, got);
			} else {
				check(s1.counted == 0 && s1.updates_in_place == 0 && s1.bytes_copied == 0, row, "interp counts nothing");
			}
			c2h_buffer *r = c2h_session_take_result(s, 0);
			const float *g = r ? c2h_buffer_data_const(r) : NULL;
			int ok = g != NULL;
			for (int k = 0; ok && k < N; k++)
				ok = g[k] == (k >= 5 && k < 8 ? (float)(k - 5) + 1.5f : (float)k);
			check(ok, row, "values");
			if (donate) {
				check(c2h_buffer_data(b) == NULL, row, "the donor keeps storage");
				check(c2h_session_run(s) == C2H_EUNBOUND, row, "a donated input stays bound");
				check(c2h_session_get_stats(s, &s1) == C2H_OK && s1.runs == 1, row, "a failed run is no run");
			} else {
				const float *in = c2h_buffer_data_const(b);
				check(in && in[5] == 5.0f && (const void *)g != old, row, "the bound input changed");
			}
			c2h_buffer_destroy(r);
			c2h_buffer_destroy(b);
			c2h_session_destroy(s);
		}
	c2h_module_destroy(m);
	assert_int_equal(nfailed, before);
}

/* c2h_buffer_borrow: a buffer over the caller's storage. Bound to @main(x) = x with x[5..7]
 * replaced (the module of test_donate, here on 8 floats), each run reads the storage as it
 * is then (written between runs, no copy into the buffer), never writes it (the result is
 * a buffer of its own), and taking a result that is the input's storage itself (@id)
 * copies it. Donating a borrowed buffer is refused (its storage is not the runtime's);
 * destroying it leaves the storage alone. Misaligned storage, a size that is not the
 * tensor's and NULL storage give NULL. On cpu and interp. */
static void test_borrow(void **state)
{
	(void)state;
	int before = nfailed;
	c2h_module *m = module_of("func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {\n"
	                          "  %u = stablehlo.constant dense<[1.5, 2.5, 3.5]> : tensor<3xf32>\n"
	                          "  %i = stablehlo.constant dense<5> : tensor<i32>\n"
	                          "  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<8xf32>, tensor<3xf32>, tensor<i32>) -> tensor<8xf32>\n"
	                          "  return %0 : tensor<8xf32>\n"
	                          "}\n");
	c2h_module *id = module_of("func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {\n"
	                           "  return %x : tensor<8xf32>\n"
	                           "}\n");
	assert_non_null(m);
	assert_non_null(id);
	static float v[9];
	const int64_t dims[] = {8};
	check(c2h_buffer_borrow(C2H_F32, 1, dims, (char *)v + 2, sizeof(float) * 8) == NULL, "borrow", "misaligned storage");
	check(c2h_buffer_borrow(C2H_F32, 1, dims, v, sizeof(float) * 9) == NULL, "borrow", "a size not the tensor's");
	check(c2h_buffer_borrow(C2H_F32, 1, dims, NULL, sizeof(float) * 8) == NULL, "borrow", "NULL storage");
	const char *backends[] = {"cpu", "interp"};
	for (int bi = 0; bi < 2; bi++) {
		char msg[256];
		c2h_session *s, *t;
		if (c2h_session_create(m, backends[bi], &s, msg, sizeof msg) != C2H_OK) {
			check(!strcmp(backends[bi], "cpu"), backends[bi], msg);   /* cpu may not be built */
			continue;
		}
		check(c2h_session_create(id, backends[bi], &t, msg, sizeof msg) == C2H_OK, backends[bi], msg);
		c2h_buffer *b = c2h_buffer_borrow(C2H_F32, 1, dims, v, sizeof(float) * 8);
		check(b && c2h_buffer_data(b) == (void *)v, backends[bi], "the borrowed storage");
		check(c2h_session_donate(s, 0, b) == C2H_EINVAL, backends[bi], "a borrowed buffer donated");
		check(c2h_session_bind_index(s, 0, b) == C2H_OK, backends[bi], c2h_session_message(s));
		for (int run = 0; run < 2; run++) {
			for (int k = 0; k < 8; k++)
				v[k] = (float)(k + 10 * run);
			check(c2h_session_run(s) == C2H_OK, backends[bi], c2h_session_message(s));
			const c2h_buffer *r = c2h_session_result(s, 0);
			const float *g = r ? c2h_buffer_data_const(r) : NULL;
			int ok = g && (const void *)g != (const void *)v;
			for (int k = 0; ok && k < 8; k++)
				ok = g[k] == (k >= 5 ? (float)(k - 5) + 1.5f : (float)(k + 10 * run)) &&
				     v[k] == (float)(k + 10 * run);
			check(ok, backends[bi], "values read from the storage as it is, the storage unchanged");
		}
		check(c2h_session_bind_index(t, 0, b) == C2H_OK && c2h_session_run(t) == C2H_OK, backends[bi],
		      c2h_session_message(t));
		c2h_buffer *r = c2h_session_take_result(t, 0);
		check(r && c2h_buffer_data(r) != (void *)v && ((float *)c2h_buffer_data(r))[3] == 13.0f,
		      backends[bi], "a taken result that is the borrowed input is a copy");
		c2h_buffer_destroy(r);
		c2h_session_destroy(t);
		c2h_session_destroy(s);
		c2h_buffer_destroy(b);
		check(v[7] == 17.0f, backends[bi], "the storage after destroy");
	}
	c2h_module_destroy(id);
	c2h_module_destroy(m);
	assert_int_equal(nfailed, before);
}

/* A donated input whose update is computed from the input itself (a kernel's read-modify-
 * write): @main(x) = x with x[1..] = 2 * x[..n-2], the update read one element before
 * where it is written. The cpu backend materializes the update (plan.c
 * materialize_self_reads) and then writes it in place: 1 update in place, 0 bytes copied
 * (without that rule the operand is copied: 0 in place, 200000 bytes). Computed in place
 * inside one loop nest instead, x[k] would read the x[k-1] already written: every element
 * from 2 on would be 0. The values are checked on cpu and interp. */
static void test_donate_self_read(void **state)
{
	(void)state;
	int before = nfailed;
	enum { N = 50000 };
	c2h_module *m = module_of("func.func @main(%x: tensor<50000xf32>) -> tensor<50000xf32> {\n"
	                          "  %s = stablehlo.slice %x [0:49999] : (tensor<50000xf32>) -> tensor<49999xf32>\n"
	                          "  %c = stablehlo.constant dense<2.0> : tensor<49999xf32>\n"
	                          "  %u = stablehlo.multiply %s, %c : tensor<49999xf32>\n"
	                          "  %i = stablehlo.constant dense<1> : tensor<i32>\n"
	                          "  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<50000xf32>, tensor<49999xf32>, tensor<i32>) -> tensor<50000xf32>\n"
	                          "  return %0 : tensor<50000xf32>\n"
	                          "}\n");
	assert_non_null(m);
	static float v[N];
	for (int k = 0; k < N; k++)
		v[k] = (float)(k % 1000);
	const char *backends[] = {"cpu", "interp"};
	for (int bi = 0; bi < 2; bi++) {
		char msg[256];
		c2h_session *s;
		if (c2h_session_create(m, backends[bi], &s, msg, sizeof msg) != C2H_OK) {
			check(!strcmp(backends[bi], "cpu"), backends[bi], msg);
			continue;
		}
		c2h_buffer *b = c2h_buffer_create(C2H_F32, 1, (int64_t[]){N}, v, sizeof v);
		check(c2h_session_donate(s, 0, b) == C2H_OK && c2h_session_run(s) == C2H_OK, backends[bi],
		      c2h_session_message(s));
		const c2h_buffer *r = c2h_session_result(s, 0);
		const float *g = r ? c2h_buffer_data_const(r) : NULL;
		int ok = g != NULL;
		for (int k = 0; ok && k < N; k++)
			ok = g[k] == (k == 0 ? 0.0f : 2.0f * (float)((k - 1) % 1000));
		check(ok, backends[bi], "values");
		c2h_session_stats st;
		char got[128];
		check(c2h_session_get_stats(s, &st) == C2H_OK, backends[bi], "stats");
		snprintf(got, sizeof got, "counted %d, %lld in place, %lld bytes copied", st.counted,
		         (long long)st.updates_in_place, (long long)st.bytes_copied);
		if (!strcmp(backends[bi], "cpu"))
			check(st.counted == 1 && st.updates_in_place == 1 && st.bytes_copied == 0, "cpu in place", got);
		c2h_buffer_destroy(b);
		c2h_session_destroy(s);
	}
	c2h_module_destroy(m);
	assert_int_equal(nfailed, before);
}

/* c2h_session_take_result moves a result's storage to the caller: a result the cpu
 * backend computed in a buffer of its pool leaves the pool instead of being copied
 * (BackendOps.disown), on every run (the pool makes a new buffer for the next run); a
 * result that is the bound input itself is copied (200000 bytes per take), on cpu and
 * interp. Counted by c2h_session_get_stats' taken_bytes_copied. */
static void test_take_result_copies(void **state)
{
	(void)state;
	int before = nfailed;
	enum { N = 50000 };
	static const char *texts[] = {
		"func.func @main(%x: tensor<50000xf32>) -> tensor<50000xf32> {\n"
		"  %0 = stablehlo.add %x, %x : tensor<50000xf32>\n"
		"  return %0 : tensor<50000xf32>\n}\n",
		"func.func @main(%x: tensor<50000xf32>) -> tensor<50000xf32> {\n"
		"  return %x : tensor<50000xf32>\n}\n",
	};
	static float v[N];
	for (int k = 0; k < N; k++)
		v[k] = (float)k;
	const char *backends[] = {"cpu", "interp"};
	for (int t = 0; t < 2; t++) {
		c2h_module *m = module_of(texts[t]);
		assert_non_null(m);
		for (int bi = 0; bi < 2; bi++) {
			char row[64], msg[256];
			snprintf(row, sizeof row, "%s %s", backends[bi], t ? "input returned" : "add");
			c2h_session *s;
			if (c2h_session_create(m, backends[bi], &s, msg, sizeof msg) != C2H_OK) {
				check(!strcmp(backends[bi], "cpu"), row, msg);
				continue;
			}
			c2h_buffer *b = c2h_buffer_create(C2H_F32, 1, (int64_t[]){N}, v, sizeof v);
			int ok = c2h_session_bind_index(s, 0, b) == C2H_OK;
			for (int run = 0; run < 3 && ok; run++) {   /* the pool's buffer is reused from run 2 on */
				ok = c2h_session_run(s) == C2H_OK;
				c2h_buffer *r = ok ? c2h_session_take_result(s, 0) : NULL;
				const float *g = r ? c2h_buffer_data_const(r) : NULL;
				for (int k = 0; g && k < N; k++)
					ok &= g[k] == (t ? (float)k : 2.0f * (float)k);
				ok &= g != NULL;
				c2h_buffer_destroy(r);
			}
			check(ok, row, c2h_session_message(s));
			c2h_session_stats st;
			char got[96];
			check(c2h_session_get_stats(s, &st) == C2H_OK && st.runs == 3, row, "stats");
			snprintf(got, sizeof got, "%lld bytes copied by take_result", (long long)st.taken_bytes_copied);
			check(st.taken_bytes_copied == (t ? 3 * (int64_t)sizeof v : 0), row, got);
			c2h_buffer_destroy(b);
			c2h_session_destroy(s);
		}
		c2h_module_destroy(m);
	}
	assert_int_equal(nfailed, before);
}

/* Run-time bounds checks (cuda2hlo.oob_checks, runtime/guard.c, written by cuda2hlo
 * --oob-check): @main(x: 8 x i32, t, u) returns x; a run whose t and u meet a check's
 * condition fails with C2H_ERUN and that check's message and values, others run. The
 * conditions here: t < 0 or t >= 8 ("x[t]"), and t + u = 9 with u >= 2 ("x[t+u-2]"
 * writing one past the end, an equality joined by and). Malformed texts are C2H_EPARSE. */
static const char guard_fmt[] =
	"module attributes {cuda2hlo.oob_checks = \"%s\"} {\n"
	"func.func @main(%%x: tensor<8xi32> {cuda2hlo.param = \"x\"}, %%t: tensor<i32> {cuda2hlo.param = \"t\"},\n"
	"                %%u: tensor<i64> {cuda2hlo.param = \"u\"}, %%f: tensor<f32> {cuda2hlo.param = \"f\"})\n"
	"    -> (tensor<8xi32> {cuda2hlo.param = \"x\"}) {\n"
	"  return %%x : tensor<8xi32>\n"
	"}\n}\n";

static c2h_status guard_module(const char *checks, c2h_module **m, char *msg, size_t n)
{
	char text[2048];
	snprintf(text, sizeof text, guard_fmt, checks);
	return c2h_module_create(text, strlen(text), "g.mlir", m, msg, n);
}

static void test_guards(void **state)
{
	(void)state;
	int before = nfailed;
	char msg[512] = "";
	c2h_module *m = NULL;
	static const struct { int32_t t; int64_t u; const char *want; } runs[] = {
		{0, 0, NULL}, {7, 1, NULL}, {8, 0, "k.cu:3:5: 'x' is read out of bounds (8 elements) when t = 8"},
		{-1, 5, "when t = -1"}, {6, 3, "k.cu:4:5: 'x' is written out of bounds (8 elements) when t = 6, u = 3"},
		{7, 2, "when t = 7, u = 2"}, {5, 4, "when t = 5, u = 4"}, {9, 0, "k.cu:3:5"}, {1, 8, "u = 8"}, {3, 5, NULL},
	};
	assert_int_equal(guard_module("k.cu:3:5: 'x' is read out of bounds (8 elements)|-1*t + -1 >= 0 or 1*t + -8 >= 0;"
	                              "k.cu:4:5: 'x' is written out of bounds (8 elements)|-9 + 1*t + 1*u = 0 and -2 + 1*u >= 0",
	                              &m, msg, sizeof msg), C2H_OK);
	c2h_buffer *x = c2h_buffer_create(C2H_I32, 1, (int64_t[]){8}, NULL, 0);
	c2h_buffer *t = c2h_buffer_create(C2H_I32, 0, NULL, NULL, 0);
	c2h_buffer *u = c2h_buffer_create(C2H_I64, 0, NULL, NULL, 0);
	c2h_buffer *f = c2h_buffer_create(C2H_F32, 0, NULL, NULL, 0);
	c2h_session *s = NULL;
	assert_int_equal(c2h_session_create(m, "interp", &s, msg, sizeof msg), C2H_OK);
	c2h_session_bind(s, "x", x), c2h_session_bind(s, "t", t), c2h_session_bind(s, "u", u), c2h_session_bind(s, "f", f);
	for (size_t i = 0; i < sizeof runs / sizeof *runs; i++) {
		*(int32_t *)c2h_buffer_data(t) = runs[i].t;
		*(int64_t *)c2h_buffer_data(u) = runs[i].u;
		c2h_status st = c2h_session_run(s);
		char row[64];
		snprintf(row, sizeof row, "guard t=%d u=%lld", runs[i].t, (long long)runs[i].u);
		if (!runs[i].want)
			check(st == C2H_OK, row, c2h_session_message(s));
		else
			check(st == C2H_ERUN && strstr(c2h_session_message(s), runs[i].want), row, c2h_session_message(s));
	}
	c2h_session_destroy(s);
	c2h_module_destroy(m);
	static const struct { const char *checks, *want; } badrows[] = {
		{"no bar here", "'|' expected"},
		{"a|1*t >= 1", "'0' expected"},
		{"a|1*t > 0", "'>=' or '=' expected"},
		{"a|1*v >= 0", "an integer scalar parameter expected"},
		{"a|1*x >= 0", "an integer scalar parameter expected"},     /* a buffer */
		{"a|1*f >= 0", "an integer scalar parameter expected"},     /* a float */
		{"a|t >= 0", "a number expected"},
		{"a|1*t >= 0 b|1*t >= 0", "';' expected"},
	};
	for (size_t i = 0; i < sizeof badrows / sizeof *badrows; i++) {
		m = NULL;
		c2h_status st = guard_module(badrows[i].checks, &m, msg, sizeof msg);
		check(st == C2H_EPARSE && m == NULL && strstr(msg, "g.mlir: error: malformed cuda2hlo.oob_checks") &&
		          strstr(msg, badrows[i].want), badrows[i].checks, msg);
		c2h_module_destroy(m);
	}
	c2h_buffer_destroy(x), c2h_buffer_destroy(t), c2h_buffer_destroy(u), c2h_buffer_destroy(f);
	assert_int_equal(nfailed, before);
}

/* A program that fails while running (unbounded recursion): C2H_ERUN with a message, no
 * results, and the session stays usable. */
static void test_run_failure(void **state)
{
	(void)state;
	int before = nfailed;
	c2h_module *m = module_of("func.func private @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
	                          "  %0 = func.call @f(%a) : (tensor<2xf32>) -> tensor<2xf32>\n"
	                          "  return %0 : tensor<2xf32>\n"
	                          "}\n"
	                          "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
	                          "  %0 = func.call @f(%a) : (tensor<2xf32>) -> tensor<2xf32>\n"
	                          "  return %0 : tensor<2xf32>\n"
	                          "}\n");
	assert_non_null(m);
	c2h_buffer *b = c2h_buffer_create(C2H_F32, 1, (int64_t[]){2}, NULL, 0);
	c2h_session *s;
	char msg[256];
	assert_int_equal(c2h_session_create(m, "interp", &s, msg, sizeof msg), C2H_OK);
	check(c2h_session_bind_index(s, 0, b) == C2H_OK, "bind", c2h_session_message(s));
	check(c2h_session_run(s) == C2H_ERUN, "recursion", c2h_session_message(s));
	check(strstr(c2h_session_message(s), "@f") != NULL, "recursion message names @f", c2h_session_message(s));
	check(c2h_session_result(s, 0) == NULL, "no result after a failed run", "not NULL");
	check(c2h_session_run(s) == C2H_ERUN, "second run fails alike", c2h_session_message(s));
	c2h_session_destroy(s);
	c2h_buffer_destroy(b);
	c2h_module_destroy(m);
	assert_int_equal(nfailed, before);
}

/* Limits (docs/reliability.md): a huge iota is refused with C2H_ENOMEM before anything
 * is allocated: the planned peak, counted by hand, is at the slice (line 3), where the
 * iota's 2^40 f32 (4 TiB) and the slice's 8 bytes are live; a budget the program fits passes; an endless while stops at
 * C2H_LIMIT_ITERATIONS on both built-in backends; a buffer whose size overflows is NULL. */
static void test_limits(void **state)
{
	(void)state;
	int before = nfailed;
	c2h_module *big = module_of("func.func @main() -> tensor<2xf32> {\n"
	                            "  %0 = stablehlo.iota dim = 0 : tensor<1099511627776xf32>\n"
	                            "  %1 = stablehlo.slice %0 [0:2] : (tensor<1099511627776xf32>) -> tensor<2xf32>\n"
	                            "  return %1 : tensor<2xf32>\n"
	                            "}\n");
	assert_non_null(big);
	static const char *const backends[] = {"interp", "cpu"};
	char msg[256];
	for (int k = 0; k < 2; k++) {
		c2h_session *s;
		c2h_status st = c2h_session_create(big, backends[k], &s, msg, sizeof msg);
		if (st != C2H_OK) {   /* only a build without the cpu backend may refuse it */
			check(k > 0 && st == C2H_EBACKEND, "session", msg);
			continue;
		}
		check(c2h_session_set_limit(s, C2H_LIMIT_MEMORY, (int64_t)1 << 40) == C2H_OK, "set 1 TiB", "");
		check(c2h_session_run(s) == C2H_ENOMEM, "iota over the budget", c2h_session_message(s));
		check(strstr(c2h_session_message(s), ":3:8: error: the program needs 4398046511112 bytes") != NULL,
		      "iota message", c2h_session_message(s));
		check(c2h_session_set_limit(s, C2H_LIMIT_MEMORY, -1) == C2H_EINVAL, "negative limit", "");
		c2h_session_destroy(s);
	}
	c2h_module_destroy(big);
	c2h_module *loop = module_of("func.func @main() -> tensor<i32> {\n"
	                             "  %0 = stablehlo.constant dense<0> : tensor<i32>\n"
	                             "  %1 = stablehlo.while(%i = %0) : tensor<i32>\n"
	                             "    cond {\n"
	                             "      %t = stablehlo.constant dense<true> : tensor<i1>\n"
	                             "      stablehlo.return %t : tensor<i1>\n"
	                             "    } do {\n"
	                             "      stablehlo.return %i : tensor<i32>\n"
	                             "    }\n"
	                             "  return %1 : tensor<i32>\n"
	                             "}\n");
	assert_non_null(loop);
	for (int k = 0; k < 2; k++) {
		c2h_session *s;
		c2h_status st = c2h_session_create(loop, backends[k], &s, msg, sizeof msg);
		if (st != C2H_OK) {   /* only a build without the cpu backend may refuse it */
			check(k > 0 && st == C2H_EBACKEND, "session", msg);
			continue;
		}
		check(c2h_session_set_limit(s, C2H_LIMIT_MEMORY, 64) == C2H_OK, "set 64 bytes", "");
		check(c2h_session_set_limit(s, C2H_LIMIT_ITERATIONS, 100) == C2H_OK, "set 100 iterations", "");
		check(c2h_session_run(s) == C2H_ERUN, "endless while stops", c2h_session_message(s));
		check(strstr(c2h_session_message(s), ":3:8: error: 'stablehlo.while' reached the limit of 100") != NULL,
		      "while message", c2h_session_message(s));
		c2h_session_destroy(s);
	}
	c2h_module_destroy(loop);
	check(c2h_buffer_create(C2H_F32, 2, (int64_t[]){(int64_t)1 << 32, (int64_t)1 << 32}, NULL, 0) == NULL,
	      "overflowing buffer", "not NULL");
	check(c2h_buffer_create(C2H_F64, 1, (int64_t[]){(int64_t)1 << 60}, NULL, 0) == NULL, "huge buffer",
	      "not NULL");
	assert_int_equal(nfailed, before);
}

/* A shape-polymorphic module (docs/symbolic.md): the parameter's `?` is -1 in its info;
 * one session runs it at 4, 7 and 4 elements again (a refined program from the cache),
 * a*a + 1 computed here; at 1 element its shape assertion fails with its message (`{0}`
 * replaced by n) and the session stays usable. On interp and cpu, under ASan too. */
static void test_polymorphic(void **state)
{
	(void)state;
	int before = nfailed;
	c2h_module *m = module_of(
		"func.func @main(%a: tensor<?xi64>) -> tensor<?xi64> {\n"
		"  %n = stablehlo.get_dimension_size %a, dim = 0 : (tensor<?xi64>) -> tensor<i32>\n"
		"  %c = stablehlo.constant dense<2> : tensor<i32>\n"
		"  %ok = stablehlo.compare GE, %n, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
		"  stablehlo.custom_call @shape_assertion(%ok, %n) {error_message = \"n >= 2, n = {0}\", "
		"has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()\n"
		"  %s = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>\n"
		"  %one = stablehlo.constant dense<1> : tensor<i64>\n"
		"  %b = stablehlo.dynamic_broadcast_in_dim %one, %s, dims = [] : (tensor<i64>, tensor<1xi32>) -> tensor<?xi64>\n"
		"  %0 = stablehlo.multiply %a, %a : tensor<?xi64>\n"
		"  %1 = stablehlo.add %0, %b : tensor<?xi64>\n"
		"  return %1 : tensor<?xi64>\n"
		"}\n");
	static const char *const backends[] = {"interp", "cpu"};
	static const int64_t sizes[] = {4, 7, 4};
	c2h_param_info info;
	char msg[256];
	assert_non_null(m);
	check(c2h_module_param(m, 0, &info) == C2H_OK && info.rank == 1 && info.dims[0] == -1, "info", "dims");
	for (int k = 0; k < 2; k++) {
		c2h_session *s;
		if (c2h_session_create(m, backends[k], &s, msg, sizeof msg) != C2H_OK) {
			check(k > 0, "session", msg);   /* only a build without cpu may refuse it */
			continue;
		}
		for (int r = 0; r < 3; r++) {
			int64_t v[7] = {1, -2, 3, 1 << 20, 5, 6, -7}, n = sizes[r];
			c2h_buffer *b = c2h_buffer_create(C2H_I64, 1, &n, v, sizeof(int64_t) * (size_t)n);
			const c2h_buffer *out;
			int ok = c2h_session_bind(s, "arg0", b) == C2H_OK && c2h_session_run(s) == C2H_OK &&
			         (out = c2h_session_result(s, 0)) != NULL && c2h_buffer_dims(out)[0] == n;
			for (int64_t i = 0; ok && i < n; i++)
				ok = ((const int64_t *)c2h_buffer_data_const(out))[i] == v[i] * v[i] + 1;
			check(ok, backends[k], c2h_session_message(s));
			c2h_buffer_destroy(b);
		}
		int64_t one = 1, v1 = 3;
		c2h_buffer *b = c2h_buffer_create(C2H_I64, 1, &one, &v1, sizeof v1);
		check(c2h_session_bind(s, "arg0", b) == C2H_OK && c2h_session_run(s) == C2H_ERUN &&
		      strstr(c2h_session_message(s), "shape assertion failed: n >= 2, n = 1") != NULL,
		      "assertion", c2h_session_message(s));
		c2h_buffer_destroy(b);
		c2h_session_destroy(s);
	}
	c2h_module_destroy(m);
	assert_int_equal(nfailed, before);
}

/* Static shapes, a 0-d value read by a shape assertion (as --symbolic writes it): one
 * session runs several values. The refined programs are shared when their text is the
 * same (n only in the assertion and in data: a * n) and not when a value sets a static
 * attribute (n is the start of a real_dynamic_slice of static size 2): each result must be
 * the one for its own n, and n = 7 still fails the assertion after a shared program ran. */
static void test_polymorphic_values(void **state)
{
	(void)state;
	int before = nfailed;
	c2h_module *m = module_of(
		"func.func @main(%a: tensor<8xi64>, %n: tensor<i64>) -> (tensor<8xi64>, tensor<2xi64>) {\n"
		"  %c6 = stablehlo.constant dense<6> : tensor<i64>\n"
		"  %c0 = stablehlo.constant dense<0> : tensor<i64>\n"
		"  %le = stablehlo.compare LE, %n, %c6, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
		"  %ge = stablehlo.compare GE, %n, %c0, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
		"  %ok = stablehlo.and %le, %ge : tensor<i1>\n"
		"  stablehlo.custom_call @shape_assertion(%ok, %n) {error_message = \"0 <= n <= 6, n = {0}\", "
		"has_side_effect = true} : (tensor<i1>, tensor<i64>) -> ()\n"
		"  %b = stablehlo.broadcast_in_dim %n, dims = [] : (tensor<i64>) -> tensor<8xi64>\n"
		"  %p = stablehlo.multiply %a, %b : tensor<8xi64>\n"
		"  %lo = stablehlo.reshape %n : (tensor<i64>) -> tensor<1xi64>\n"
		"  %two = stablehlo.constant dense<2> : tensor<1xi64>\n"
		"  %hi = stablehlo.add %lo, %two : tensor<1xi64>\n"
		"  %one = stablehlo.constant dense<1> : tensor<1xi64>\n"
		"  %s = \"stablehlo.real_dynamic_slice\"(%a, %lo, %hi, %one) : (tensor<8xi64>, tensor<1xi64>, "
		"tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>\n"
		"  return %p, %s : tensor<8xi64>, tensor<2xi64>\n"
		"}\n");
	static const char *const backends[] = {"interp", "cpu"};
	static const int64_t ns[] = {0, 3, 0, 6, 3};
	int64_t v[8] = {5, -1, 7, 2, 9, -4, 11, 3}, eight = 8;
	char msg[256];
	assert_non_null(m);
	for (int k = 0; k < 2; k++) {
		c2h_session *s;
		c2h_buffer *a = c2h_buffer_create(C2H_I64, 1, &eight, v, sizeof v), *nb;
		if (c2h_session_create(m, backends[k], &s, msg, sizeof msg) != C2H_OK) {
			check(k > 0, "session", msg);   /* only a build without cpu may refuse it */
			c2h_buffer_destroy(a);
			continue;
		}
		for (int r = 0; r < 6; r++) {
			int64_t n = r < 5 ? ns[r] : 7;
			const c2h_buffer *p, *sl;
			int ok;
			nb = c2h_buffer_create(C2H_I64, 0, NULL, &n, sizeof n);
			ok = c2h_session_bind(s, "arg0", a) == C2H_OK && c2h_session_bind(s, "arg1", nb) == C2H_OK;
			if (r == 5) {
				check(ok && c2h_session_run(s) == C2H_ERUN &&
				      strstr(c2h_session_message(s), "shape assertion failed: 0 <= n <= 6, n = 7"),
				      "assertion", c2h_session_message(s));
				c2h_buffer_destroy(nb);
				break;
			}
			ok = ok && c2h_session_run(s) == C2H_OK && (p = c2h_session_result(s, 0)) != NULL &&
			     (sl = c2h_session_result(s, 1)) != NULL;
			for (int i = 0; ok && i < 8; i++)
				ok = ((const int64_t *)c2h_buffer_data_const(p))[i] == v[i] * n;
			for (int i = 0; ok && i < 2; i++)
				ok = ((const int64_t *)c2h_buffer_data_const(sl))[i] == v[n + i];
			check(ok, backends[k], c2h_session_message(s));
			c2h_buffer_destroy(nb);
		}
		c2h_buffer_destroy(a);
		c2h_session_destroy(s);
	}
	c2h_module_destroy(m);
	assert_int_equal(nfailed, before);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_module_table),  cmocka_unit_test(test_module_file),
		cmocka_unit_test(test_info_table),    cmocka_unit_test(test_buffers),
		cmocka_unit_test(test_session_binding), cmocka_unit_test(test_session_dtypes),
		cmocka_unit_test(test_two_sessions),    cmocka_unit_test(test_run_failure),
		cmocka_unit_test(test_limits),        cmocka_unit_test(test_polymorphic),
		cmocka_unit_test(test_polymorphic_values), cmocka_unit_test(test_guards),
		cmocka_unit_test(test_donate),
		cmocka_unit_test(test_borrow),
		cmocka_unit_test(test_donate_self_read),
		cmocka_unit_test(test_take_result_copies),
	};
	int failed_groups = cmocka_run_group_tests(tests, NULL, NULL);
	printf("%d passed, %d failed\n", npassed, nfailed);
	return failed_groups || nfailed ? 1 : 0;
}
