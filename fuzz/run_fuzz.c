/* run_fuzz.c: libFuzzer harness for the verifier and the interpreter on parsed modules,
 * through the public C API (runtime/include/cuda2hlo_runtime.h).
 *
 * Consumes arbitrary bytes as a module; when it parses and verifies, runs its entry on
 * the "interp" backend ($FUZZ_BACKEND names another: cpu) with every parameter bound to
 * zeros, under a 16 MiB memory budget and a 1000-iteration while limit (so a valid but
 * huge or endless program is a clean error, not a timeout). Every failure must be a
 * status with a message; a crash, a sanitizer report or a leak is a finding. */
#include "cuda2hlo_runtime.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { FUZZ_MEMORY = 16 << 20, FUZZ_ITERATIONS = 1000 };

static void run(c2h_module *m)
{
	char msg[256];
	c2h_session *s;
	const char *backend = getenv("FUZZ_BACKEND");
	if (c2h_session_create(m, backend ? backend : "interp", &s, msg, sizeof msg) != C2H_OK)
		return;
	c2h_session_set_limit(s, C2H_LIMIT_MEMORY, FUZZ_MEMORY);
	c2h_session_set_limit(s, C2H_LIMIT_ITERATIONS, FUZZ_ITERATIONS);
	int n = c2h_module_num_params(m);
	c2h_buffer **bufs = calloc((size_t)n + 1, sizeof *bufs);
	int ok = bufs != NULL;
	for (int i = 0; i < n && ok; i++) {
		c2h_param_info p;
		c2h_module_param(m, i, &p);
		bufs[i] = c2h_buffer_create(p.dtype, p.rank, p.dims, NULL, 0);
		ok = bufs[i] && c2h_session_bind_index(s, i, bufs[i]) == C2H_OK;
	}
	if (ok)
		c2h_session_run(s);
	for (int i = 0; bufs && i < n; i++)
		c2h_buffer_destroy(bufs[i]);
	free(bufs);
	c2h_session_destroy(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char msg[256];
	c2h_module *m;
	if (c2h_module_create((const char *)data, size, "fuzz.mlir", &m, msg, sizeof msg) != C2H_OK)
		return 0;
	run(m);
	c2h_module_destroy(m);
	return 0;
}
