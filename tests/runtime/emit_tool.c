/* emit_tool: parse a StableHLO file with the runtime parser and print it again.
 *   emit_tool --stablehlo FILE.mlir     StableHLO text (print_stablehlo.c)
 *   emit_tool --hlo FILE.mlir           classic HLO text (print_hlo.c)
 * Used by the Python tests that compare printed modules on XLA. Exit 1 on errors. */
#include "runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	if (argc != 3 || (strcmp(argv[1], "--stablehlo") && strcmp(argv[1], "--hlo"))) {
		fprintf(stderr, "usage: emit_tool --stablehlo|--hlo FILE.mlir\n");
		return 2;
	}
	size_t len;
	char *text = file_read_all(argv[2], &len);
	if (!text) {
		fprintf(stderr, "%s: cannot read\n", argv[2]);
		return 1;
	}
	TModule *m;
	if (runtime_parse(argv[2], text, len, &m) != PARSE_OK)
		return 1;
	StrBuf out = {0};
	int nerr = 0;
	if (strcmp(argv[1], "--hlo") == 0)
		nerr = hlo_emit_hlo(&out, m);
	else
		hlo_emit_stablehlo(&out, m);
	fputs(sb_str(&out), stdout);
	sb_free(&out);
	tir_module_destroy(m);
	free(text);
	return nerr ? 1 : 0;
}
