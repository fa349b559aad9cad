/* base_test.c: cmocka tables for src/base: arena, vectors, strings, the ordered map,
 * clang-style diagnostics and the command line of DESIGN.md. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base.h"

static void test_arena(void **state)
{
	(void)state;
	Arena *a = arena_new();
	static const size_t sizes[] = {1, 7, 16, 100, 65536, 200000, 3};
	char *prev[7];

	for (int i = 0; i < 7; i++) {
		prev[i] = arena_alloc(a, sizes[i]);
		assert_int_equal((uintptr_t)prev[i] % 16, 0);
		for (size_t j = 0; j < sizes[i]; j++)
			assert_int_equal(prev[i][j], 0);
		memset(prev[i], i + 1, sizes[i]);
	}
	/* earlier blocks are untouched by later allocations */
	for (int i = 0; i < 7; i++)
		for (size_t j = 0; j < sizes[i]; j++)
			assert_int_equal(prev[i][j], i + 1);
	assert_string_equal(arena_strdup(a, "abc"), "abc");
	assert_string_equal(arena_strndup(a, "abcdef", 2), "ab");
	assert_string_equal(arena_printf(a, "%d-%s", 42, "x"), "42-x");
	arena_free(a);
}

/* Release frees what came after the mark (small and big blocks) and keeps what came
 * before; nested marks release in stack order (ASan sees any block freed twice or
 * leaked, and any read of a block freed too early). */
static void test_arena_mark(void **state)
{
	(void)state;
	Arena *a = arena_new();
	char *keep = arena_alloc(a, 100);
	memset(keep, 7, 100);
	size_t used = arena_used(a);
	ArenaMark outer = arena_mark(a);
	for (int round = 0; round < 3; round++) {
		arena_alloc(a, 1000);
		ArenaMark inner = arena_mark(a);
		char *big = arena_alloc(a, 300000), *small = arena_alloc(a, 70000);
		memset(big, 1, 300000);
		memset(small, 2, 70000);
		arena_release(a, inner);
		char *again = arena_alloc(a, 50);
		for (int j = 0; j < 50; j++)
			assert_int_equal(again[j], 0);
		arena_release(a, outer);
		assert_int_equal(arena_used(a), used);
	}
	for (int j = 0; j < 100; j++)
		assert_int_equal(keep[j], 7);
	ArenaMark empty = arena_mark(a);
	arena_release(a, empty);
	Arena *b = arena_new();
	ArenaMark none = arena_mark(b);
	arena_alloc(b, 10), arena_alloc(b, 200000);
	arena_release(b, none);
	assert_int_equal(arena_used(b), 0);
	arena_free(b);
	arena_free(a);
}

static void test_vec(void **state)
{
	(void)state;
	VEC(int) v = {0};

	for (int i = 0; i < 1000; i++)
		VEC_PUSH(v, i * 3);
	assert_int_equal(v.len, 1000);
	assert_int_equal(v.data[999], 2997);
	assert_int_equal(VEC_LAST(v), 2997);
	assert_int_equal(VEC_POP(v), 2997);
	assert_int_equal(v.len, 999);
	VEC_FREE(v);
	assert_null(v.data);
}

static void test_strbuf(void **state)
{
	(void)state;
	static const struct { const char *a, *b; int n; const char *want; } rows[] = {
		{"", "", 0, "0"},
		{"x", "yz", 5, "xyz5"},
		{"%", "%%", -1, "%%%-1"},
	};
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		StrBuf b = {0};
		assert_string_equal(sb_str(&b), "");
		sb_append(&b, rows[i].a);
		sb_append(&b, rows[i].b);
		sb_printf(&b, "%d", rows[i].n);
		assert_string_equal(sb_str(&b), rows[i].want);
		assert_int_equal(b.len, strlen(rows[i].want));
		sb_free(&b);
	}
	StrBuf b = {0};
	for (int i = 0; i < 10000; i++)
		sb_putc(&b, (char)('a' + i % 26));
	assert_int_equal(b.len, 10000);
	assert_int_equal(b.s[9999], 'a' + 9999 % 26);
	sb_clear(&b);
	assert_string_equal(sb_str(&b), "");
	sb_indent(&b, 2);
	assert_string_equal(sb_str(&b), "    ");
	char *s = sb_take(&b);
	assert_string_equal(s, "    ");
	free(s);
	assert_int_equal(b.len, 0);
}

static void test_map(void **state)
{
	(void)state;
	Map *m = map_create();
	char key[32];
	static int vals[5000];

	assert_null(map_get(m, "absent"));
	for (int i = 0; i < 5000; i++) {
		snprintf(key, sizeof key, "k%d", (i * 7919) % 5000);
		vals[i] = i;
		map_put(m, key, &vals[i]);
	}
	assert_int_equal(map_len(m), 5000);
	for (int i = 0; i < 5000; i++) {
		snprintf(key, sizeof key, "k%d", (i * 7919) % 5000);
		assert_ptr_equal(map_get(m, key), &vals[i]);
	}
	map_put(m, "k0", NULL);            /* replace keeps the count */
	assert_int_equal(map_len(m), 5000);
	assert_true(map_has(m, "k0"));
	assert_null(map_get(m, "k0"));
	/* iteration is in insertion order */
	const char *k;
	void *v;
	size_t it = 0, n = 0;
	while (map_next(m, &it, &k, &v)) {
		snprintf(key, sizeof key, "k%d", (int)((n * 7919) % 5000));
		assert_string_equal(k, key);
		n++;
	}
	assert_int_equal(n, 5000);
	map_destroy(m);
}

/* Runs one diagnostic into a temporary file and returns what was printed. */
static char *diag_text(DiagKind k, SrcLoc loc, const char *msg)
{
	FILE *f = tmpfile();
	long n;
	char *s;

	diag_init(f, 0);
	diag_report(k, loc, "%s", msg);
	n = ftell(f);
	rewind(f);
	s = calloc(1, (size_t)n + 1);
	assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	diag_init(stderr, 0);
	return s;
}

static void test_diag(void **state)
{
	(void)state;
	static const struct {
		DiagKind k; int line, col; const char *want;
	} rows[] = {
		{DIAG_ERROR, 2, 5, "k.cu:2:5: error: m\n  v[i] = u[i];\n    ^\n"},
		{DIAG_WARNING, 1, 1, "k.cu:1:1: warning: m\n__global__ void k()\n^\n"},
		{DIAG_NOTE, 3, 2, "k.cu:3:2: note: m\n\tx;\n\t^\n"},
		{DIAG_ERROR, 9, 1, "k.cu:9:1: error: m\n"},     /* past the end: no source line */
		{DIAG_ERROR, 0, 0, "k.cu: error: m\n"},
	};
	diag_reset();
	diag_add_source("k.cu", "__global__ void k()\n  v[i] = u[i];\n\tx;\n");
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		char *s = diag_text(rows[i].k, srcloc("k.cu", rows[i].line, rows[i].col), "m");
		assert_string_equal(s, rows[i].want);
		free(s);
	}
	assert_int_equal(diag_error_count(), 3);
	assert_int_equal(diag_warning_count(), 1);
	char *s = diag_text(DIAG_ERROR, NOLOC, "no file");
	assert_string_equal(s, "cuda2hlo: error: no file\n");
	free(s);
	diag_set_werror(1);
	s = diag_text(DIAG_WARNING, NOLOC, "w");
	assert_string_equal(s, "cuda2hlo: error: w\n");
	free(s);
	diag_set_werror(0);
	diag_reset();
	assert_int_equal(diag_error_count(), 0);
}

static char *copies[64];    /* options point into argv: keep the strings alive */
static int ncopies;

static int parse(Options *o, const char *line)
{
	char *copy = strdup(line), *argv[32], *tok;
	int argc = 0, rc;

	argv[argc++] = "cuda2hlo";
	for (tok = strtok(copy, " "); tok; tok = strtok(NULL, " "))
		argv[argc++] = tok;
	fflush(stderr);
	rc = options_parse(o, argc, argv);
	copies[ncopies++] = copy;
	return rc;
}

static void test_options(void **state)
{
	(void)state;
	static const struct { const char *line; int rc; } rows[] = {
		{"k.cu", 0},
		{"--grid 4 --block 256 k.cu", 0},
		{"--grid 4,2,1 --block=16,16 k.cu", 0},
		{"--grid 0 k.cu", 2},
		{"--grid 1,2,3,4 k.cu", 2},
		{"--grid x k.cu", 2},
		{"--size u=1000 --set n=10 k.cu", 0},
		{"--size u=0 k.cu", 2},
		{"--size u k.cu", 2},
		{"--offset u=12 --offset v=0 k.cu", 0},
		{"--offset u=-4 k.cu", 2},
		{"--offset u=4x k.cu", 2},
		{"--offset u k.cu", 2},
		{"--set =3 k.cu", 2},
		{"--emit c k.cu", 0},
		{"--emit foo k.cu", 2},
		{"--bogus k.cu", 2},
		{"--kernel", 2},
		{"", 2},
		{"-Iinc -I inc2 -DN=3 -D M -std=c++20 -o out.mlir k.cu", 0},
		{"--unroll 4 --entry step k.cu", 0},
		{"--shmem 1024 k.cu", 0},
		{"--shmem -1 k.cu", 2},
		{"--shmem x k.cu", 2},
		/* issue 14: CUDA's launch limits, overflow, nothing given twice */
		{"--grid 2147483647,65535,65535 --block 1024 k.cu", 2},   /* 2^62 threads or more */
		{"--grid 65535,65535 --block 1024 k.cu", 0},
		{"--grid 1,65536 k.cu", 2},
		{"--block 1024 k.cu", 0},
		{"--block 1025 k.cu", 2},
		{"--block 64,32 k.cu", 2},
		{"--block 1,1,65 k.cu", 2},
		{"--shmem 232448 k.cu", 0},
		{"--shmem 232449 k.cu", 2},
		{"--size u=99999999999999999999 k.cu", 2},
		{"--set n=1 --set n=2 k.cu", 2},
		{"--size u=1 --size u=1 k.cu", 2},
		{"--grid 1 --grid 1 k.cu", 2},
		{"-o a -o b k.cu", 2},
		{"--emit c --emit=c k.cu", 2},
		{"-std=c++17 -std=c++17 k.cu", 2},
	};
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		Options o;
		int rc = parse(&o, rows[i].line);
		if (rc != rows[i].rc)
			fail_msg("'%s': got %d, want %d", rows[i].line, rc, rows[i].rc);
		if (rc == 0)
			options_free(&o);
	}
	Options o;
	assert_int_equal(parse(&o, "--grid 4,2 --block 32 --size u=1000 --set g.nx=65 "
				   "-Iinc -DN=3 --emit hlo --kernel 'k<3>' a.cu b.cu"), 0);
	assert_int_equal(o.grid[0], 4);
	assert_int_equal(o.grid[1], 2);
	assert_int_equal(o.grid[2], 1);
	assert_int_equal(o.block[0], 32);
	assert_true(o.have_grid && o.have_block);
	assert_string_equal(options_get_size(&o, "u"), "1000");
	assert_string_equal(options_get_set(&o, "g.nx"), "65");
	assert_null(options_get_set(&o, "n"));
	assert_string_equal(o.includes.data[0], "inc");
	assert_string_equal(o.defines.data[0], "N=3");
	assert_int_equal(o.emit, EMIT_HLO);
	assert_int_equal(o.files.len, 2);
	assert_string_equal(o.kernels.data[0], "'k<3>'");
	options_free(&o);
	while (ncopies)
		free(copies[--ncopies]);
}

/* xmalloc of more than any machine gives: an error and exit status 1, not an internal
 * error's abort (in a child process, whose stderr comes back through a pipe) */
static void test_out_of_memory(void **state)
{
	int fd[2], st = 0;
	char buf[512] = {0};
	size_t got = 0;
	ssize_t r;
	pid_t pid;

	(void)state;
#if defined(__SANITIZE_ADDRESS__)
	skip();    /* ASan's allocator reports an oversized request itself and aborts */
#endif
	assert_int_equal(pipe(fd), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(fd[1], 2);
		close(fd[0]);
		xmalloc(SIZE_MAX / 2);
		_exit(0);
	}
	close(fd[1]);
	while (got + 1 < sizeof buf && (r = read(fd[0], buf + got, sizeof buf - 1 - got)) > 0)
		got += (size_t)r;
	close(fd[0]);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 1);
	assert_non_null(strstr(buf, "cuda2hlo: error: out of memory: "));
	assert_null(strstr(buf, "internal error"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_arena),
		cmocka_unit_test(test_arena_mark),
		cmocka_unit_test(test_vec),
		cmocka_unit_test(test_strbuf),
		cmocka_unit_test(test_map),
		cmocka_unit_test(test_diag),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_out_of_memory),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
