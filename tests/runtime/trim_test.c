/* trim_test.c: c2h_session_cached_bytes and c2h_session_trim (cuda2hlo_runtime.h).
 *
 * A while loop carries two 4 MiB f32 tensors for 4 steps (a' = a/2 + 1, b' = b + a), so
 * the cpu backend's buffer pool keeps step buffers that are idle after the run. Checks,
 * with the results computed here in C (every value is a small dyadic rational: exact in
 * f32 in any evaluation order):
 *   - after a run the cpu session caches bytes; after c2h_session_trim it caches 0;
 *   - a result taken before the trim and one still held by the session (borrowed) keep
 *     their values across the trim;
 *   - the next runs (bound inputs, then a donated input) give the same results and the
 *     pool fills again;
 *   - the interp backend caches 0 and trimming it changes nothing;
 *   - a materialised 4 MiB constant (returned, so not folded into a loop nest) counts once
 *     its result was taken, is freed by a trim, and is made again by the next run.
 * Closing line: N passed, N failed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda2hlo_runtime.h"

enum { N = 1 << 20, STEPS = 4 };

static int npassed, nfailed;

static void check(int ok, const char *what)
{
	if (ok)
		npassed++;
	else {
		nfailed++;
		printf("FAIL: %s\n", what);
	}
}

static char *module_text(void)
{
	static const char fmt[] =
		"func.func public @main(%%x: tensor<%dxf32>, %%y: tensor<%dxf32>) -> (tensor<%dxf32>, tensor<%dxf32>) {\n"
		"  %%zero = stablehlo.constant dense<0> : tensor<i32>\n"
		"  %%r:3 = stablehlo.while(%%i = %%zero, %%a = %%x, %%b = %%y) : tensor<i32>, tensor<%dxf32>, tensor<%dxf32>\n"
		"   cond {\n"
		"    %%lim = stablehlo.constant dense<%d> : tensor<i32>\n"
		"    %%p = stablehlo.compare LT, %%i, %%lim : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
		"    stablehlo.return %%p : tensor<i1>\n"
		"   } do {\n"
		"    %%h = stablehlo.constant dense<5.000000e-01> : tensor<%dxf32>\n"
		"    %%one = stablehlo.constant dense<1.000000e+00> : tensor<%dxf32>\n"
		"    %%m = stablehlo.multiply %%a, %%h : tensor<%dxf32>\n"
		"    %%na = stablehlo.add %%m, %%one : tensor<%dxf32>\n"
		"    %%nb = stablehlo.add %%b, %%a : tensor<%dxf32>\n"
		"    %%inc = stablehlo.constant dense<1> : tensor<i32>\n"
		"    %%ni = stablehlo.add %%i, %%inc : tensor<i32>\n"
		"    stablehlo.return %%ni, %%na, %%nb : tensor<i32>, tensor<%dxf32>, tensor<%dxf32>\n"
		"   }\n"
		"  return %%r#1, %%r#2 : tensor<%dxf32>, tensor<%dxf32>\n"
		"}\n";
	char *t = malloc(4096);
	snprintf(t, 4096, fmt, N, N, N, N, N, N, STEPS, N, N, N, N, N, N, N, N, N);
	return t;
}

static float *want[2];

/* The loop in C: the oracle. */
static void reference(const float *x, const float *y)
{
	want[0] = malloc(sizeof(float) * N);
	want[1] = malloc(sizeof(float) * N);
	for (int i = 0; i < N; i++) {
		float a = x[i], b = y[i];
		for (int s = 0; s < STEPS; s++) {
			float na = a * 0.5f + 1.0f, nb = b + a;
			a = na, b = nb;
		}
		want[0][i] = a, want[1][i] = b;
	}
}

static int equal(const c2h_buffer *b, int r)
{
	return b && c2h_buffer_nbytes(b) == sizeof(float) * N &&
	       memcmp(c2h_buffer_data_const(b), want[r], sizeof(float) * N) == 0;
}

static void on_backend(const c2h_module *m, const char *backend, c2h_buffer *x, c2h_buffer *y, const float *yv)
{
	char msg[512], what[256];
	c2h_session *s = NULL;
	int64_t dims[1] = {N};
	int cpu = strcmp(backend, "cpu") == 0;

	if (c2h_session_create(m, backend, &s, msg, sizeof msg) != C2H_OK) {
		snprintf(what, sizeof what, "%s: session: %.200s", backend, msg);
		check(0, what);
		return;
	}
	c2h_session_bind_index(s, 0, x);
	c2h_session_bind_index(s, 1, y);
	int ok = c2h_session_run(s) == C2H_OK;
	snprintf(what, sizeof what, "%s: first run (%.200s)", backend, c2h_session_message(s));
	check(ok && equal(c2h_session_result(s, 0), 0) && equal(c2h_session_result(s, 1), 1), what);
	size_t before = c2h_session_cached_bytes(s);
	snprintf(what, sizeof what, "%s: cached bytes after a run: %zu", backend, before);
	check(cpu ? before >= sizeof(float) * N : before == 0, what);

	/* result 0 taken, result 1 still the session's (borrowed): neither is idle */
	c2h_buffer *taken = c2h_session_take_result(s, 0);
	const c2h_buffer *held = c2h_session_result(s, 1);
	c2h_session_trim(s);
	snprintf(what, sizeof what, "%s: cached bytes after trim: %zu", backend, c2h_session_cached_bytes(s));
	check(c2h_session_cached_bytes(s) == 0, what);
	snprintf(what, sizeof what, "%s: taken and held results keep their values across a trim", backend);
	check(equal(taken, 0) && equal(held, 1), what);
	c2h_session_trim(s);   /* twice: nothing left to free */

	for (int run = 0; run < 2; run++) {
		ok = c2h_session_run(s) == C2H_OK;
		snprintf(what, sizeof what, "%s: run %d after trim (%.200s)", backend, run + 2, c2h_session_message(s));
		check(ok && equal(c2h_session_result(s, 0), 0) && equal(c2h_session_result(s, 1), 1), what);
	}
	snprintf(what, sizeof what, "%s: the taken result is unchanged by later runs", backend);
	check(equal(taken, 0), what);
	snprintf(what, sizeof what, "%s: the pool fills again after trim", backend);
	check(cpu ? c2h_session_cached_bytes(s) > 0 : c2h_session_cached_bytes(s) == 0, what);

	/* a donated input, then trim, then a run on bound inputs */
	c2h_buffer *d = c2h_buffer_create(C2H_F32, 1, dims, yv, sizeof(float) * N);
	ok = c2h_session_donate(s, 1, d) == C2H_OK && c2h_session_run(s) == C2H_OK;
	snprintf(what, sizeof what, "%s: run with y donated (%.200s)", backend, c2h_session_message(s));
	check(ok && equal(c2h_session_result(s, 0), 0) && equal(c2h_session_result(s, 1), 1), what);
	c2h_buffer_destroy(d);
	c2h_session_trim(s);
	c2h_session_bind_index(s, 1, y);
	ok = c2h_session_run(s) == C2H_OK;
	snprintf(what, sizeof what, "%s: run after trimming a donated run (%.200s)", backend, c2h_session_message(s));
	check(ok && equal(c2h_session_result(s, 0), 0) && equal(c2h_session_result(s, 1), 1), what);
	snprintf(what, sizeof what, "%s: the inputs are unchanged", backend);
	check(memcmp(c2h_buffer_data_const(y), yv, sizeof(float) * N) == 0, what);

	c2h_buffer_destroy(taken);
	c2h_session_destroy(s);
}

static void on_constant(void)
{
	static char text[512];
	char msg[512];
	int64_t dims[1] = {N};
	snprintf(text, sizeof text,
	         "func.func public @main(%%x: tensor<%dxf32>) -> (tensor<%dxf32>, tensor<%dxf32>) {\n"
	         "  %%c = stablehlo.constant dense<2.500000e+00> : tensor<%dxf32>\n"
	         "  %%s = stablehlo.add %%x, %%c : tensor<%dxf32>\n"
	         "  return %%s, %%c : tensor<%dxf32>, tensor<%dxf32>\n}\n", N, N, N, N, N, N, N);
	c2h_module *m = NULL;
	c2h_session *s = NULL;
	if (c2h_module_create(text, strlen(text), "const.mlir", &m, msg, sizeof msg) != C2H_OK ||
	    c2h_session_create(m, "cpu", &s, msg, sizeof msg) != C2H_OK) {
		check(0, "constant module");
		c2h_module_destroy(m);
		return;
	}
	float *xv = malloc(sizeof(float) * N);
	for (int i = 0; i < N; i++)
		xv[i] = (float)(i % 100);
	c2h_buffer *x = c2h_buffer_create(C2H_F32, 1, dims, xv, sizeof(float) * N);
	c2h_session_bind_index(s, 0, x);
	for (int run = 0; run < 3; run++) {
		int ok = c2h_session_run(s) == C2H_OK;
		c2h_buffer *r0 = ok ? c2h_session_take_result(s, 0) : NULL, *r1 = ok ? c2h_session_take_result(s, 1) : NULL;
		int right = r0 && r1;
		for (int i = 0; right && i < N; i++)
			right = ((const float *)c2h_buffer_data_const(r0))[i] == xv[i] + 2.5f &&
			        ((const float *)c2h_buffer_data_const(r1))[i] == 2.5f;
		check(right, run ? "constant module: run after trim" : "constant module: first run");
		c2h_buffer_destroy(r0);
		c2h_buffer_destroy(r1);
		size_t cached = c2h_session_cached_bytes(s);
		check(cached >= sizeof(float) * N, "constant module: the constant counts as cached once its result is taken");
		c2h_session_trim(s);
		check(c2h_session_cached_bytes(s) == 0, "constant module: cached bytes after trim");
	}
	c2h_buffer_destroy(x);
	free(xv);
	c2h_session_destroy(s);
	c2h_module_destroy(m);
}

int main(void)
{
	char msg[512];
	int64_t dims[1] = {N};
	float *xv = malloc(sizeof(float) * N), *yv = malloc(sizeof(float) * N);
	for (int i = 0; i < N; i++)
		xv[i] = (float)(i % 1024), yv[i] = (float)(i % 7) - 3.0f;
	reference(xv, yv);

	char *text = module_text();
	c2h_module *m = NULL;
	if (c2h_module_create(text, strlen(text), "trim.mlir", &m, msg, sizeof msg) != C2H_OK) {
		printf("FAIL: module: %s\n0 passed, 1 failed\n", msg);
		return 1;
	}
	c2h_buffer *x = c2h_buffer_create(C2H_F32, 1, dims, xv, sizeof(float) * N);
	c2h_buffer *y = c2h_buffer_create(C2H_F32, 1, dims, yv, sizeof(float) * N);
	on_backend(m, "cpu", x, y, yv);
	on_backend(m, "interp", x, y, yv);
	on_constant();
	c2h_session_trim(NULL);
	check(c2h_session_cached_bytes(NULL) == 0, "NULL session caches 0");

	c2h_buffer_destroy(x);
	c2h_buffer_destroy(y);
	c2h_module_destroy(m);
	free(text);
	free(xv), free(yv), free(want[0]), free(want[1]);
	printf("%d passed, %d failed\n", npassed, nfailed);
	return nfailed != 0;
}
