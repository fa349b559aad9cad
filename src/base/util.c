/* util.c: allocation that cannot fail silently, whole-file reads, and die() for
 * broken internal invariants (which are bugs in cuda2hlo, never user errors). Running
 * out of memory is neither: the work asked for more than the machine, or the process's
 * limit (`ulimit -v`), gives, so it is an error with exit status 1, not an abort. */
#include "base.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void die_at(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "cuda2hlo: internal error at %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

static void out_of_memory(size_t n, size_t m)
{
	fflush(stdout);
	if (m > 1)
		fprintf(stderr, "cuda2hlo: error: out of memory: %zu x %zu bytes", n, m);
	else
		fprintf(stderr, "cuda2hlo: error: out of memory: %zu bytes", n);
	fprintf(stderr, " could not be allocated (more than this machine or the process's limit, `ulimit -v`, gives)\n");
	fflush(stderr);
	_Exit(1);                           /* nothing more can be allocated to clean up */
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		out_of_memory(n, 1);
	return p;
}

void *xcalloc(size_t n, size_t m)
{
	void *p = calloc(n ? n : 1, m ? m : 1);

	if (!p)
		out_of_memory(n, m);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		out_of_memory(n, 1);
	return p;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}

char *file_read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (!f)
		return NULL;
	do {
		if (cap - n < 4096) {
			cap = cap ? 2 * cap : 65536;
			buf = xrealloc(buf, cap + 1);
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got > 0);
	if (ferror(f)) {
		int e = errno;
		fclose(f);
		free(buf);
		errno = e;
		return NULL;
	}
	fclose(f);
	buf[n] = 0;
	if (len)
		*len = n;
	return buf;
}
