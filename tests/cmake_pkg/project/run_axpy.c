/* run_axpy.c: loads the module cuda2hlo_add_module made (MODULE_PATH, or argv[1]), runs
 * it on the interpreter with a = 1.5, x[i] = i, y[i] = 1000 - i, and checks every y[i]
 * against the same arithmetic in C (one multiply and one add in float: exact here).
 * Prints "ok" and exits 0, or says what differs and exits 1. */
#include <cuda2hlo_runtime.h>
#include <stdio.h>

#define N 1000

static int fail(const char *what, const char *msg)
{
	fprintf(stderr, "run_axpy: %s: %s\n", what, msg);
	return 1;
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : MODULE_PATH;
	float x[N], y[N], a = 1.5f;
	int64_t n = N;
	char msg[512];
	c2h_module *m;
	c2h_session *s;
	int bad = 0;

	for (int i = 0; i < N; i++)
		x[i] = (float)i, y[i] = (float)(N - i);
	if (c2h_module_create_from_file(path, &m, msg, sizeof msg) != C2H_OK)
		return fail(path, msg);
	if (c2h_session_create(m, argc > 2 ? argv[2] : "interp", &s, msg, sizeof msg) != C2H_OK)
		return fail("session", msg);
	c2h_buffer *bx = c2h_buffer_create(C2H_F32, 1, &n, x, sizeof x);
	c2h_buffer *by = c2h_buffer_create(C2H_F32, 1, &n, y, sizeof y);
	c2h_buffer *ba = c2h_buffer_create(C2H_F32, 0, NULL, &a, sizeof a);
	if (c2h_session_bind(s, "x", bx) || c2h_session_bind(s, "y", by) || c2h_session_bind(s, "a", ba) ||
	    c2h_session_run(s) != C2H_OK)
		return fail("run", c2h_session_message(s));
	const float *got = c2h_buffer_data_const(c2h_session_result(s, 0));
	for (int i = 0; i < N; i++)
		if (got[i] != a * x[i] + y[i] && bad++ < 5)
			fprintf(stderr, "run_axpy: y[%d] = %g, want %g\n", i, got[i], a * x[i] + y[i]);
	c2h_session_destroy(s);
	c2h_buffer_destroy(bx);
	c2h_buffer_destroy(by);
	c2h_buffer_destroy(ba);
	c2h_module_destroy(m);
	if (bad)
		return 1;
	puts("ok");
	return 0;
}
