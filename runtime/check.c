/* check.c: runs check-dialect test files, the format of the StableHLO interpreter tests
 * (`cuda2hlo-run --check FILE.mlir`).
 *
 * Consumes a file of cases separated by lines `// -----`, each a module whose functions
 * take no arguments and assert with check.expect_* ops. Produces per-case verdicts: a
 * case passes when it parses, every argument-free function in it runs without error and
 * no check fails. Failures print one line `file:line: op: reason`. Two RUN-line features
 * of the suite are honoured: `--args="[dense<..> : tensor<..>, ...]"` (the arguments of
 * @main), and `| FileCheck %s` with the default prefix, where the results of the
 * functions run are printed as stablehlo-translate --interpret prints them and the
 * case's CHECK / CHECK-NEXT / CHECK-LABEL lines must match that text (whitespace runs
 * compare equal; {{regex}} and [[var]] patterns are not supported: such a case is
 * checked by its check ops only). Cases that need what this runtime deliberately does
 * not model are skipped, each with its reason: collectives and multi-process ops,
 * quantized types, and probes (interpreter.probe, interpreter.print,
 * interpreter.run_parallel, infeed/outfeed, which need a host channel). Everything else
 * counts, including unsupported ops and f8 types. */
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
	{"stablehlo.infeed", "probe: infeed needs a host channel"},
	{"stablehlo.outfeed", "probe: outfeed needs a host channel"},
	{"interpreter.print", "probe: interpreter.print"},
	{"interpreter.run_parallel", "probe: interpreter.run_parallel"},
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

/* ---- results printed as stablehlo-translate --interpret prints them ---- */

static void print_elem(StrBuf *sb, DType t, const unsigned char *p)
{
	if (t == DT_I1) {
		sb_append(sb, *p ? "true" : "false");
	} else if (dtype_kind(t) == DK_UINT) {
		sb_printf(sb, "%llu", (unsigned long long)tir_elem_get_i(t, p));
	} else if (dtype_kind(t) == DK_INT) {
		sb_printf(sb, "%lld", (long long)tir_elem_get_i(t, p));
	} else if (dtype_is_complex(t)) {
		double re, im;
		tir_elem_get_c(t, p, &re, &im);
		sb_printf(sb, "[%e, %e]", re, im);
	} else {
		sb_printf(sb, "%e", tir_elem_get_f(t, p));
	}
}

/* Dimension d of v from element *k on: the last one inline, outer ones one per line. */
static void print_dim(StrBuf *sb, const RtValue *v, int d, int64_t *k, int indent)
{
	int64_t n = v->type.dims[d];
	if (n == 0) {
		sb_append(sb, "[]");
		return;
	}
	sb_append(sb, "[");
	for (int64_t i = 0; i < n; i++) {
		if (d == v->type.rank - 1) {
			sb_append(sb, i ? ", " : "");
			print_elem(sb, v->type.dt, (const unsigned char *)rt_data(v) + *k * dtype_size(v->type.dt));
			++*k;
		} else {
			sb_printf(sb, "%s\n%*s", i ? "," : "", indent + 2, "");
			print_dim(sb, v, d + 1, k, indent + 2);
		}
	}
	if (d < v->type.rank - 1)
		sb_printf(sb, "\n%*s", indent, "");
	sb_append(sb, "]");
}

static void print_result(StrBuf *sb, const RtValue *v)
{
	tir_type_print(sb, &v->type);
	if (v->type.kind != TY_TENSOR) {
		sb_append(sb, "\n");
		return;
	}
	int64_t k = 0;
	if (v->type.rank == 0) {
		sb_append(sb, " {");
		print_elem(sb, v->type.dt, rt_data(v));
		sb_append(sb, "}\n");
		return;
	}
	sb_append(sb, " {\n  ");
	print_dim(sb, v, 0, &k, 2);
	sb_append(sb, "\n}\n");
}

/* ---- RUN lines ---- */

typedef struct RunInfo {
	int filecheck;          /* a RUN line pipes into `FileCheck %s` with the default prefix */
	ParseCase *args_cases;  /* the --args values as a module of constants (kept alive) */
	int nargs_cases;
	RtValue *args;
	int nargs;
	int have_args;
} RunInfo;

/* The RUN lines of the file that are expected to succeed (not `RUN: not ...`). */
static void scan_run_lines(const char *text, size_t len, RunInfo *ri, const char **args, size_t *args_len)
{
	*args = NULL;
	for (size_t i = 0; i < len;) {
		size_t e = i;
		while (e < len && text[e] != '\n')
			e++;
		const char *l = text + i;
		size_t n = e - i;
		if (n > 8 && memcmp(l, "// RUN: ", 8) == 0 && !(n > 12 && memcmp(l + 8, "not ", 4) == 0)) {
			if (contains(l, n, "FileCheck %s") && !contains(l, n, "--check-prefix"))
				ri->filecheck = 1;
			for (size_t k = 0; k + 8 <= n; k++)
				if (memcmp(l + k, "--args=\"", 8) == 0) {
					*args = l + k + 8;
					const char *q = memchr(*args, '"', n - k - 8);
					*args_len = q ? (size_t)(q - *args) : 0;
					break;
				}
		}
		i = e + 1;
	}
}

/* Splits "[A, B]" at its top-level commas into items (offsets into s). */
static int split_items(const char *s, size_t n, size_t *starts, size_t *ends, int max)
{
	size_t i = 0;
	while (i < n && s[i] == ' ')
		i++;
	if (i >= n || s[i] != '[' || s[n - 1] != ']')
		return -1;
	int count = 0, depth = 0;
	size_t from = i + 1;
	for (size_t k = i + 1; k < n; k++) {
		char c = s[k];
		depth += c == '<' || c == '[' || c == '(' || c == '{';
		depth -= c == '>' || c == ']' || c == ')' || c == '}';
		if ((c == ',' && depth == 0) || depth < 0) {
			if (count == max)
				return -1;
			starts[count] = from, ends[count++] = k;
			from = k + 1;
		}
	}
	return depth == -1 ? count : -1;
}

/* Evaluates the --args list "[dense<..> : T, ...]" as constants of a little module. */
static int eval_args(const char *path, const char *s, size_t n, RunInfo *ri, FILE *out)
{
	size_t st[64], en[64];
	int k = split_items(s, n, st, en, 64);
	if (k < 0) {
		fprintf(out, "%s:1: RUN --args: expected [dense<...> : tensor<...>, ...]\n", path);
		return -1;
	}
	StrBuf types = {0}, body = {0}, names = {0};
	for (int i = 0; i < k; i++) {
		const char *item = s + st[i];
		size_t len = en[i] - st[i];
		size_t colon = len;
		while (colon > 0 && item[colon - 1] != ':')
			colon--;
		sb_printf(&types, "%s%.*s", i ? ", " : "", (int)(len - colon), item + colon);
		sb_printf(&body, "  %%a%d = stablehlo.constant %.*s\n", i, (int)len, item);
		sb_printf(&names, "%s%%a%d", i ? ", " : "", i);
	}
	StrBuf mod = {0};
	sb_printf(&mod, "func.func @main() -> (%s) {\n%s  return %s : %s\n}\n", sb_str(&types), sb_str(&body),
	          sb_str(&names), sb_str(&types));
	ri->nargs_cases = runtime_parse_cases("<--args>", sb_str(&mod), strlen(sb_str(&mod)), &ri->args_cases);
	int rc = -1;
	if (ri->nargs_cases == 1 && ri->args_cases[0].status == PARSE_OK) {
		Interp it;
		interp_init(&it, ri->args_cases[0].module);
		ri->args = xcalloc((size_t)k + 1, sizeof *ri->args);
		ri->nargs = k;
		rc = interp_call(&it, ri->args_cases[0].module->funcs[0], NULL, ri->args);
		if (rc != 0)
			fprintf(out, "%s:1: RUN --args: %s\n", path, it.msg);
		interp_fini(&it);
	} else {
		fprintf(out, "%s:1: RUN --args: %s\n", path, ri->nargs_cases ? ri->args_cases[0].message : "empty");
	}
	ri->have_args = rc == 0;
	sb_free(&types), sb_free(&body), sb_free(&names), sb_free(&mod);
	return rc;
}

static void run_info_free(RunInfo *ri)
{
	for (int i = 0; ri->have_args && i < ri->nargs; i++)
		rt_value_release(NULL, &ri->args[i]);
	free(ri->args);
	if (ri->args_cases)
		runtime_parse_cases_free(ri->args_cases, ri->nargs_cases);
}

/* ---- CHECK lines (a small FileCheck: CHECK, CHECK-LABEL, CHECK-NEXT, {LITERAL}) ---- */

/* Appends s[0..n) with every run of blanks as one space. */
static void canon(StrBuf *sb, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == ' ' || s[i] == '\t') {
			while (i + 1 < n && (s[i + 1] == ' ' || s[i + 1] == '\t'))
				i++;
			sb_append(sb, " ");
		} else {
			sb_printf(sb, "%c", s[i]);
		}
	}
}

typedef struct CheckLine {
	int next;               /* CHECK-NEXT */
	int line;               /* in the file */
	char *pat;              /* canonical, trimmed */
} CheckLine;

/* Parses "// CHECK...: pattern" at l (n chars); 1 with *c filled, 0 when not one, -1 for
 * a pattern this matcher does not support. */
static int parse_check(const char *l, size_t n, CheckLine *c)
{
	while (n && (*l == ' ' || *l == '\t'))
		l++, n--;
	static const struct { const char *tag; int next, literal; } tags[] = {
		{"// CHECK:", 0, 0}, {"// CHECK-LABEL:", 0, 0}, {"// CHECK-NEXT:", 1, 0},
		{"// CHECK{LITERAL}:", 0, 1}, {"// CHECK-NEXT{LITERAL}:", 1, 1},
	};
	for (size_t t = 0; t < sizeof tags / sizeof *tags; t++) {
		size_t tl = strlen(tags[t].tag);
		if (n < tl || memcmp(l, tags[t].tag, tl) != 0)
			continue;
		const char *p = l + tl;
		size_t pn = n - tl;
		while (pn && (*p == ' ' || *p == '\t'))
			p++, pn--;
		while (pn && (p[pn - 1] == ' ' || p[pn - 1] == '\t' || p[pn - 1] == '\r'))
			pn--;
		if (!tags[t].literal && (contains(p, pn, "{{") || contains(p, pn, "[[")))
			return -1;
		StrBuf sb = {0};
		canon(&sb, p, pn);
		c->next = tags[t].next;
		c->pat = xstrdup(sb_str(&sb));
		sb_free(&sb);
		return 1;
	}
	return 0;
}

/* The output's lines, canonical. */
static char **output_lines(const char *o, int *n)
{
	VEC(char *) v = {0};
	for (const char *p = o; *p;) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		StrBuf sb = {0};
		canon(&sb, p, len);
		VEC_PUSH(v, xstrdup(sb_str(&sb)));
		sb_free(&sb);
		p += len + (e != NULL);
	}
	*n = (int)v.len;
	return v.data;
}

/* Matches the CHECK lines in text[a, b) against output in order; 0 when all match (or
 * none can be checked), -1 after printing the first that does not. */
static int match_checks(const char *path, const char *text, size_t a, size_t b, int line0, const char *output,
                        FILE *out)
{
	VEC(CheckLine) cs = {0};
	int line = line0, unsupported = 0;
	for (size_t i = a; i < b;) {
		size_t e = i;
		while (e < b && text[e] != '\n')
			e++;
		CheckLine c = {0, line, NULL};
		int r = parse_check(text + i, e - i, &c);
		if (r > 0)
			VEC_PUSH(cs, c);
		unsupported |= r < 0;
		i = e + 1, line++;
	}
	int nl, rc = 0, cur = -1;   /* cur: the line of the last match */
	char **ol = output_lines(output, &nl);
	size_t col = 0;
	for (size_t k = 0; k < cs.len && !unsupported && rc == 0; k++) {
		const CheckLine *c = &cs.data[k];
		int found = -1;
		for (int l = cur < 0 ? 0 : cur + (c->next ? 1 : 0); l < nl && found < 0; l++) {
			const char *from = l == cur ? ol[l] + col : ol[l];
			const char *m = strstr(from, c->pat);
			if (m)
				found = l, col = (size_t)(m - ol[l]) + strlen(c->pat);
			if (c->next)
				break;
		}
		if (found < 0) {
			fprintf(out, "%s:%d: CHECK%s: '%s' not found in the printed results\n", path, c->line,
			        c->next ? "-NEXT" : "", c->pat);
			rc = -1;
		}
		cur = found;
	}
	for (int l = 0; l < nl; l++)
		free(ol[l]);
	free(ol);
	for (size_t k = 0; k < cs.len; k++)
		free(cs.data[k].pat);
	VEC_FREE(cs);
	return rc;
}

/* ---- cases ---- */

/* The arguments f runs with: none, or the RUN line's --args for @main. NULL: not run. */
static const RtValue *args_for(const TFunc *f, const RunInfo *ri, int *use)
{
	static const RtValue none[1];
	*use = 1;
	if (f->nargs == 0)
		return none;
	if (ri->have_args && f->nargs == ri->nargs && strcmp(f->name, "main") == 0)
		return ri->args;
	*use = 0;
	return NULL;
}

/* Runs every function without parameters (and @main with the RUN line's --args),
 * printing their results into printed (when not NULL); 0 when all ran and every check held. */
static int run_case(const char *path, int line, const TModule *m, const RunInfo *ri, StrBuf *printed, FILE *out)
{
	Interp it;
	interp_init(&it, m);
	int ran = 0, rc = 0;
	for (int i = 0; i < m->nfuncs && rc == 0; i++) {
		const TFunc *f = m->funcs[i];
		int use;
		const RtValue *args = args_for(f, ri, &use);
		if (!use)
			continue;
		RtValue *res = xcalloc((size_t)f->nresults + 1, sizeof *res);
		ran++;
		rc = interp_call(&it, f, f->nargs ? args : NULL, res);
		for (int k = 0; k < f->nresults && rc == 0; k++) {
			if (printed)
				print_result(printed, &res[k]);
			rt_value_release(&it.pool, &res[k]);
		}
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
	RunInfo ri = {0};
	const char *args;
	size_t args_len = 0;
	scan_run_lines(text, len, &ri, &args, &args_len);
	if (args)
		eval_args(path, args, args_len, &ri, out);   /* on failure @main is not run: the case fails */
	ParseCase *cases;
	int n = runtime_parse_cases(path, text, len, &cases);
	for (int i = 0; i < n; i++) {
		size_t a = line_offset(text, len, cases[i].line);
		size_t b = i + 1 < n ? line_offset(text, len, cases[i + 1].line) : len;
		const char *why = check_skip_reason(text + a, b - a);
		StrBuf printed = {0};
		if (why) {
			tot->skipped++;
			if (verbose)
				fprintf(out, "%s:%d: skipped (%s)\n", path, cases[i].line, why);
		} else if (cases[i].status == PARSE_OK && cases[i].module->dynamic) {
			tot->skipped++;      /* needs the call's shapes (refine.c): not a check case */
			if (verbose)
				fprintf(out, "%s:%d: skipped (dynamic dimensions)\n", path, cases[i].line);
		} else if (cases[i].status != PARSE_OK) {
			tot->failed++;
			fprintf(out, "%s:%d:%d: %s: %s\n", path, cases[i].err_loc.line, cases[i].err_loc.col,
			        cases[i].status == PARSE_UNSUPPORTED ? "unsupported" : "parse error", cases[i].message);
		} else if (run_case(path, cases[i].line, cases[i].module, &ri, ri.filecheck ? &printed : NULL, out) == 0 &&
		           (!ri.filecheck || match_checks(path, text, a, b, cases[i].line, sb_str(&printed), out) == 0)) {
			tot->passed++;
		} else {
			tot->failed++;
		}
		sb_free(&printed);
	}
	runtime_parse_cases_free(cases, n);
	run_info_free(&ri);
	free(text);
	return 0;
}
