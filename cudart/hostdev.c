/* hostdev.c (cuda2hlo-cc): the program's own functions made __host__ __device__ in the
 * host compile of a .cu that uses thrust or cub. Consumes a .cu file and the build's -I
 * directories; produces a header cc.c force-includes after its own: the system headers
 * the file and its own headers include (each behind __has_include), then
 *   #pragma clang force_cuda_host_device begin
 * which makes every function declared afterwards __host__ __device__ in clang's host
 * compile, also one the program wrote as __device__ only.
 *
 * Why: libcuda2hlo_cudart runs thrust's and cub's device-wide algorithms as serial host
 * code (docs/cudart.md, "thrust and cub"), so a functor or operator the program wrote as
 * __device__ (a scan's operator, a sort's operator<) is called from host code, which
 * clang's host compile refuses (CUDA Programming Guide, "Function Execution Space
 * Specifiers": a __device__ function is callable from the device only). Made host and
 * device, the same body runs on the host.
 *
 * Why the system headers first: the pragma covers every declaration that follows it, and
 * a system function redeclared under it after the CUDA headers declared it for one side
 * becomes a second overload (clang: "__host__ __device__ function 'clock' cannot overload
 * __device__ function 'clock'"; also assert.h, <new>). Included before the pragma, their
 * include guards make the program's own #includes of them empty. A file's own headers are
 * those found beside the including file or in a -I directory outside the toolkit and
 * /usr; they are read for their #includes and stay under the pragma.
 *
 * What holds afterwards: the header may not compile (a function the program wrote as
 * __device__, not inline, that uses what has no host form -- threadIdx, __syncthreads,
 * atomicAdd, __shfl_*_sync -- is now emitted for the host and clang refuses it with a
 * located "reference to __device__ function" error; a system header that depends on a
 * macro the program defines before including it). cc.c then compiles the file without it
 * and says why, so the program builds as before (its __device__ functions stay device
 * only, and host-run thrust or cub that calls one stops with clang's error or cub's
 * located refusal).
 *
 * A file whose own code tests __CUDA_ARCH__ gets no header: a __device__ function with a
 * `#ifndef __CUDA_ARCH__` branch would run that branch on the host, one its author never
 * meant to run, so such a file compiles as it is. */
#include "cudart.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef C2H_CUDA_PATH
#define C2H_CUDA_PATH "/usr/local/cuda"
#endif

typedef struct {
	char **v;
	size_t n, cap;
} Names;

typedef struct {
	const char *const *dirs;     /* the build's -I directories */
	size_t ndirs;
	Names seen;                  /* the program's own files read (as found) */
	Names sys;                   /* system headers, in the order first included */
	int thrust;                  /* one of sys is a thrust or cub header */
	int arch;                    /* an own file tests __CUDA_ARCH__ */
} Scan;

static int has(const Names *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->v[i], s))
			return 1;
	return 0;
}

static int add(Names *l, const char *s)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 16;
		char **v = realloc(l->v, cap * sizeof *v);
		if (!v)
			return -1;
		l->v = v;
		l->cap = cap;
	}
	if (!(l->v[l->n] = strdup(s)))
		return -1;
	l->n++;
	return 0;
}

static void names_free(Names *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
}

static int is_file(const char *p)
{
	struct stat st;
	return !stat(p, &st) && S_ISREG(st.st_mode);
}

/* A -I directory the program's own headers come from: not the toolkit's, not /usr's. */
static int own_dir(const char *d)
{
	return strncmp(d, C2H_CUDA_PATH, strlen(C2H_CUDA_PATH)) && strncmp(d, "/usr/", 5);
}

/* The program's own file `name` names (quote: beside `from` first), in buf; 0 if none. */
static int find_own(const Scan *s, const char *from, const char *name, int quote, char *buf, size_t n)
{
	if (name[0] == '/')
		return snprintf(buf, n, "%s", name) < (int)n && own_dir(name) && is_file(buf);
	if (quote) {
		const char *slash = strrchr(from, '/');
		int len = slash ? (int)(slash - from) : 1;
		snprintf(buf, n, "%.*s/%s", len, slash ? from : ".", name);
		if (is_file(buf))
			return 1;
	}
	for (size_t i = 0; i < s->ndirs; i++) {
		if (!own_dir(s->dirs[i]))
			continue;
		snprintf(buf, n, "%s/%s", s->dirs[i], name);
		if (is_file(buf))
			return 1;
	}
	return 0;
}

static int scan_file(Scan *s, const char *path);

/* One `#include` line's operand at p (after "include"). */
static int scan_include(Scan *s, const char *from, const char *p)
{
	char name[1024], buf[4096];
	while (*p == ' ' || *p == '\t')
		p++;
	char close = *p == '<' ? '>' : *p == '"' ? '"' : 0;
	if (!close)
		return 0;   /* #include MACRO: the preprocessor's, left under the pragma */
	const char *e = strchr(p + 1, close);
	const char *nl = strchr(p, '\n');
	if (!e || (nl && e > nl) || e - p - 1 >= (long)sizeof name)
		return 0;
	snprintf(name, sizeof name, "%.*s", (int)(e - p - 1), p + 1);
	if (find_own(s, from, name, close == '"', buf, sizeof buf))
		return scan_file(s, buf);
	if (has(&s->sys, name))
		return 0;
	if (!strncmp(name, "thrust/", 7) || !strncmp(name, "cub/", 4))
		s->thrust = 1;
	return add(&s->sys, name);
}

/* Reads the #include lines of one of the program's own files (each once). */
static int scan_file(Scan *s, const char *path)
{
	if (has(&s->seen, path))
		return 0;
	if (add(&s->seen, path))
		return -1;
	FILE *f = fopen(path, "rb");
	if (!f)
		return 0;   /* the compile says why */
	char line[4096];
	int rc = 0;
	while (!rc && fgets(line, sizeof line, f)) {
		const char *p = line;
		s->arch |= strstr(line, "__CUDA_ARCH__") != NULL;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p++ != '#')
			continue;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!strncmp(p, "include", 7) && (p[7] == ' ' || p[7] == '\t' || p[7] == '<' || p[7] == '"'))
			rc = scan_include(s, path, p + 7);
	}
	fclose(f);
	return rc;
}

int cc_hostdev_header(const char *src, const char *const *dirs, size_t ndirs, const char *path)
{
	Scan s = {.dirs = dirs, .ndirs = ndirs};
	int rc = scan_file(&s, src);
	if (!rc && s.thrust && !s.arch) {
		FILE *f = fopen(path, "w");
		rc = f ? 1 : -1;
		if (f) {
			fprintf(f, "/* cuda2hlo-cc: the system headers of %s, then its own code "
			           "__host__ __device__ (cudart/hostdev.c) */\n", src);
			for (size_t i = 0; i < s.sys.n; i++)
				fprintf(f, "#if __has_include(<%s>)\n#include <%s>\n#endif\n", s.sys.v[i], s.sys.v[i]);
			fprintf(f, "#pragma clang force_cuda_host_device begin\n");
			rc = fclose(f) ? -1 : 1;
		}
	}
	names_free(&s.seen);
	names_free(&s.sys);
	return rc;
}
