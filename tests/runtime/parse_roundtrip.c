/* parse_roundtrip: every case of the given .mlir files (split at `// -----`) is parsed,
 * printed, parsed again and printed again; the two printed texts must be identical.
 *   parse_roundtrip [-v] [--out DIR] FILE.mlir...
 * With --out, each printed case goes to DIR/NAME.N.mlir (for the jaxlib check in
 * parse_jaxlib_test.py). Cases the runtime does not support (complex, quantized, f8
 * types, unknown ops) count as skipped, with the reason under -v. Closing line:
 * `N passed, N failed, N skipped`. */
#include "runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int verbose;

static void write_case(const char *dir, const char *file, int i, const char *text)
{
	const char *base = strrchr(file, '/');
	base = base ? base + 1 : file;
	char path[4096];
	snprintf(path, sizeof path, "%s/%.*s.%d.mlir", dir, (int)(strcspn(base, ".")), base, i);
	FILE *f = fopen(path, "w");
	if (!f)
		die("cannot write %s", path);
	fputs(text, f);
	fclose(f);
}

/* Returns 1 when the case round-trips. */
static int roundtrip(const char *file, int i, const TModule *m, const char *outdir)
{
	StrBuf a = {0}, b = {0};
	TModule *m2 = NULL;
	char name[4200];
	snprintf(name, sizeof name, "%s(case %d, printed)", file, i);
	hlo_emit_stablehlo(&a, m);
	int ok = runtime_parse(name, sb_str(&a), a.len, &m2) == PARSE_OK;
	if (ok) {
		hlo_emit_stablehlo(&b, m2);
		ok = strcmp(sb_str(&a), sb_str(&b)) == 0;
		if (!ok)
			fprintf(stderr, "%s: case %d: printed text changes on the second round:\n%s\n---\n%s",
			        file, i, sb_str(&a), sb_str(&b));
	} else {
		fprintf(stderr, "%s: case %d: printed text does not parse:\n%s", file, i, sb_str(&a));
	}
	if (ok && outdir)
		write_case(outdir, file, i, sb_str(&a));
	tir_module_destroy(m2);
	sb_free(&a);
	sb_free(&b);
	return ok;
}

int main(int argc, char **argv)
{
	int passed = 0, failed = 0, skipped = 0;
	const char *outdir = NULL;
	for (int ai = 1; ai < argc; ai++) {
		if (strcmp(argv[ai], "-v") == 0) {
			verbose = 1;
			continue;
		}
		if (strcmp(argv[ai], "--out") == 0 && ai + 1 < argc) {
			outdir = argv[++ai];
			continue;
		}
		size_t len;
		char *text = file_read_all(argv[ai], &len);
		if (!text) {
			fprintf(stderr, "%s: cannot read\n", argv[ai]);
			failed++;
			continue;
		}
		ParseCase *cases;
		int n = runtime_parse_cases(argv[ai], text, len, &cases);
		for (int i = 0; i < n; i++) {
			ParseCase *c = &cases[i];
			if (c->status == PARSE_UNSUPPORTED) {
				skipped++;
				if (verbose)
					printf("skip %s:%d:%d: %s\n", argv[ai], c->err_loc.line, c->err_loc.col,
					       c->message);
			} else if (c->status == PARSE_ERROR) {
				failed++;
				printf("FAIL %s:%d:%d: error: %s\n", argv[ai], c->err_loc.line, c->err_loc.col,
				       c->message);
			} else if (roundtrip(argv[ai], i, c->module, outdir)) {
				passed++;
			} else {
				failed++;
				printf("FAIL %s: case %d (line %d) does not round-trip\n", argv[ai], i, c->line);
			}
		}
		runtime_parse_cases_free(cases, n);
		free(text);
	}
	printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
	return failed ? 1 : 0;
}
