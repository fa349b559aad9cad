/* frontend_fuzz.c: libFuzzer harness for the frontend (src/frontend: libclang -> kernel
 * IR) on mutated CUDA.
 *
 * Consumes arbitrary bytes as a .cu file: writes them to a temporary file, parses the
 * command line `cuda2hlo FILE --emit kir` with options_parse, and runs frontend_parse on
 * it, the converter's own entry point. Diagnostics go to /dev/null and their counts are
 * reset per input (diag_reset: the count is process-wide, and an earlier input's errors
 * stopped every later parse: the first campaign reached no frontend code). An error is
 * a normal outcome; a crash, a sanitizer report or a die() is a finding. Each input
 * costs a libclang parse (about half a second here). */
#include "base.h"
#include "frontend.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *devnull;
	if (!devnull) {
		devnull = fopen("/dev/null", "w");
		diag_init(devnull, 0);
	}
	diag_reset();   /* the error count is process-wide: an earlier input's errors would stop this one */
	char path[] = "/tmp/c2h-fuzz-XXXXXX.cu";
	int fd = mkstemps(path, 3);
	if (fd < 0)
		return 0;
	int ok = write(fd, data, size) == (ssize_t)size;
	close(fd);
	if (ok) {
		char *argv[] = {"cuda2hlo", path, "--emit", "kir", NULL};
		Options o;
		if (options_parse(&o, 4, argv) == 0) {
			Arena *a = arena_new();
			frontend_parse(a, &o, path);
			arena_free(a);
			options_free(&o);
		}
	}
	unlink(path);
	return 0;
}
