/* parse_errors_test: every case of parse_errors.mlir carries `expect-error: TEXT` or
 * `expect-unsupported: TEXT`; the parser must give that status with a message that
 * contains TEXT, at a location inside the case. The file is parsed a second time from an
 * exact-size copy with no NUL after it (the parser must stay inside the length it is
 * given: under valgrind, runtime_parse_errors_leaks, a read past it is an error); the
 * statuses must agree. Closing line: N passed, N failed. */
#include "runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The expectation of the case starting at line `line` (1-based) of text. */
static int expectation(const char *text, int line, char *want, size_t cap)
{
	const char *s = text;
	for (int l = 1; l < line && s; l++) {
		s = strchr(s, '\n');
		s = s ? s + 1 : NULL;
	}
	for (; s && *s; s = strchr(s, '\n') ? strchr(s, '\n') + 1 : NULL) {
		int unsup = strncmp(s, "// expect-unsupported: ", 23) == 0;
		if (unsup || strncmp(s, "// expect-error: ", 17) == 0) {
			const char *w = s + (unsup ? 23 : 17);
			size_t n = strcspn(w, "\n");
			snprintf(want, cap, "%.*s", (int)n, w);
			return unsup ? PARSE_UNSUPPORTED : PARSE_ERROR;
		}
		if (strncmp(s, "// -----", 8) == 0 && s != text)
			break;
	}
	return -1;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: parse_errors_test parse_errors.mlir\n");
		return 2;
	}
	size_t len;
	char *text = file_read_all(argv[1], &len);
	if (!text)
		die("cannot read %s", argv[1]);
	ParseCase *cases;
	int n = runtime_parse_cases(argv[1], text, len, &cases), passed = 0, failed = 0;
	for (int i = 0; i < n; i++) {
		char want[256];
		int st = expectation(text, cases[i].line, want, sizeof want);
		int ok = st >= 0 && (int)cases[i].status == st && strstr(cases[i].message, want) &&
		         cases[i].err_loc.line >= cases[i].line;
		if (ok) {
			passed++;
		} else {
			failed++;
			printf("FAIL case at line %d: want %s '%s', got status %d '%s' at line %d\n",
			       cases[i].line, st == PARSE_UNSUPPORTED ? "unsupported" : "error", want,
			       cases[i].status, cases[i].message, cases[i].err_loc.line);
		}
	}
	char *exact = malloc(len ? len : 1);
	if (!exact)
		die("out of memory");
	memcpy(exact, text, len);
	ParseCase *again;
	int m = runtime_parse_cases(argv[1], exact, len, &again);
	for (int i = 0; i < n && i < m; i++)
		if (again[i].status != cases[i].status) {
			failed++;
			printf("FAIL case at line %d: status %d from the exact-size copy, %d before\n",
			       cases[i].line, again[i].status, cases[i].status);
		}
	if (m != n) {
		failed++;
		printf("FAIL: %d cases from the exact-size copy, %d before\n", m, n);
	}
	runtime_parse_cases_free(again, m);
	free(exact);
	runtime_parse_cases_free(cases, n);
	free(text);
	printf("%d passed, %d failed\n", passed, failed);
	return failed || !passed ? 1 : 0;
}
