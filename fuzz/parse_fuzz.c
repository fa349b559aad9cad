/* parse_fuzz.c: libFuzzer harness for the StableHLO text parser (runtime/parse.c).
 *
 * Consumes arbitrary bytes as a check-dialect file (cases split at `// -----`), parses
 * every case with runtime_parse_cases (which prints nothing) and frees the modules. A
 * parse error is a normal outcome; a crash, a sanitizer report, a leak or a die() is a
 * finding. */
#include "runtime.h"

#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	ParseCase *cases;
	int n = runtime_parse_cases("fuzz.mlir", (const char *)data, size, &cases);
	runtime_parse_cases_free(cases, n);
	return 0;
}
