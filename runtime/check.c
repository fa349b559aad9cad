/* check.c: runs check-dialect test files, the format of the StableHLO interpreter tests
 * (`cuda2hlo-run --check FILE.mlir`).
 *
 * Consumes a file of cases separated by lines `// -----`, each a module whose functions
 * take no arguments and assert with check.expect_* ops. Produces per-case verdicts: a
 * case passes when it parses, every argument-free function in it runs without error and
 * no check fails. Failures print one line `file:line: op: reason`. Cases that need what
 * this runtime deliberately does not model (collectives and multi-process ops, quantized
 * and complex element types, probes, infeed/outfeed, tokens and rng) are skipped, each
 * with its reason; everything else counts, including unsupported ops and f8 types. */
#include "runtime.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *needle, *reason;
} skip_rules[] = {
	{"all_gather", "collective"}, {"all_reduce", "collective"}, {"all_to_all", "collective"},
	{"collective_broadcast", "collective"}, {"collective_permute", "collective"},
	{"reduce_scatter", "collective"}, {"collective_reduce", "collective"}, {"stablehlo.send", "collective"},
	{"stablehlo.recv", "collective"}, {"replica_id", "collective"}, {"partition_id", "collective"},
	{"process_id", "collective"}, {"num_replicas", "collective"}, {"num_partitions", "collective"},
	{"!quant.", "quantized"}, {"uniform_quantize", "quantized"}, {"uniform_dequantize", "quantized"},
	{"interpreter.probe", "probe"}, {"expect_serialized_eq", "probe"},
	{"stablehlo.infeed", "infeed/outfeed"}, {"stablehlo.outfeed", "infeed/outfeed"},
	{"\"stablehlo.infeed\"", "infeed/outfeed"}, {"\"stablehlo.outfeed\"", "infeed/outfeed"},
	{"stablehlo.after_all", "token"}, {"stablehlo.create_token", "token"},
	{"stablehlo.rng", "rng"},
};

static int contains(const char *text, size_t len, const char *needle)
{
	size_t n = strlen(needle);
	for (size_t i = 0; i + n <= len; i++)
		if (text[i] == needle[0] && memcmp(text + i, needle, n) == 0)
			return 1;
	return 0;
}

const char *check_skip_reason(const char *text, size_t len)
{
	for (size_t i = 0; i < sizeof skip_rules / sizeof *skip_rules; i++)
		if (contains(text, len, skip_rules[i].needle))
			return skip_rules[i].reason;
	return NULL;
}

/* Byte offset of the start of 1-based line `line`. */
static size_t line_offset(const char *text, size_t len, int line)
{
	size_t i = 0;
	for (int l = 1; l < line && i < len; i++)
		if (text[i] == '\n')
			l++;
	return i;
}

/* Runs every function without parameters; 0 when all ran and every check held. */
static int run_case(const char *path, int line, const TModule *m, FILE *out)
{
	Interp it;
	interp_init(&it, m);
	int ran = 0, rc = 0;
	for (int i = 0; i < m->nfuncs && rc == 0; i++) {
		const TFunc *f = m->funcs[i];
		if (f->nargs != 0)
			continue;
		RtValue *res = xcalloc((size_t)f->nresults + 1, sizeof *res);
		ran++;
		rc = interp_call(&it, f, NULL, res);
		for (int k = 0; k < f->nresults && rc == 0; k++)
			rt_value_release(&it.pool, &res[k]);
		free(res);
	}
	int ok = rc == 0 && it.checks_failed == 0 && (ran > 0 || m->nfuncs == 0);   /* an empty module passes */
	if (rc != 0)
		fprintf(out, "%s:%d: %s\n", path, it.loc.line, it.msg);
	else if (it.checks_failed)
		fprintf(out, "%s:%d: %s\n", path, it.check_loc.line, it.check_msg);
	else if (!ran && m->nfuncs)
		fprintf(out, "%s:%d: no function without parameters to run\n", path, line);
	interp_fini(&it);
	return ok ? 0 : -1;
}

int check_run_file(const char *path, FILE *out, int verbose, CheckTotals *tot)
{
	size_t len;
	char *text = file_read_all(path, &len);
	if (!text) {
		fprintf(out, "%s: cannot read: %s\n", path, strerror(errno));
		return -1;
	}
	ParseCase *cases;
	int n = runtime_parse_cases(path, text, len, &cases);
	for (int i = 0; i < n; i++) {
		size_t a = line_offset(text, len, cases[i].line);
		size_t b = i + 1 < n ? line_offset(text, len, cases[i + 1].line) : len;
		const char *why = check_skip_reason(text + a, b - a);
		if (why) {
			tot->skipped++;
			if (verbose)
				fprintf(out, "%s:%d: skipped (%s)\n", path, cases[i].line, why);
		} else if (cases[i].status != PARSE_OK) {
			tot->failed++;
			fprintf(out, "%s:%d:%d: %s: %s\n", path, cases[i].err_loc.line, cases[i].err_loc.col,
			        cases[i].status == PARSE_UNSUPPORTED ? "unsupported" : "parse error", cases[i].message);
		} else if (run_case(path, cases[i].line, cases[i].module, out) == 0) {
			tot->passed++;
		} else {
			tot->failed++;
		}
	}
	runtime_parse_cases_free(cases, n);
	free(text);
	return 0;
}
