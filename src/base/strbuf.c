/* strbuf.c: a growing NUL-terminated string for printers and diagnostics. */
#include "base.h"

#include <stdlib.h>
#include <string.h>

static void reserve(StrBuf *b, size_t extra)
{
	if (b->len + extra + 1 <= b->cap)
		return;
	while (b->len + extra + 1 > b->cap)
		b->cap = b->cap ? 2 * b->cap : 64;
	b->s = xrealloc(b->s, b->cap);
}

void sb_appendn(StrBuf *b, const char *s, size_t n)
{
	reserve(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

void sb_append(StrBuf *b, const char *s)
{
	sb_appendn(b, s, strlen(s));
}

void sb_putc(StrBuf *b, char c)
{
	sb_appendn(b, &c, 1);
}

void sb_vprintf(StrBuf *b, const char *fmt, va_list ap)
{
	va_list ap2;
	int n;

	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		die("bad format '%s'", fmt);
	reserve(b, (size_t)n);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void sb_printf(StrBuf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(b, fmt, ap);
	va_end(ap);
}

void sb_indent(StrBuf *b, int n)
{
	for (int i = 0; i < n; i++)
		sb_appendn(b, "  ", 2);
}

const char *sb_str(StrBuf *b)
{
	return b->s ? b->s : "";
}

char *sb_take(StrBuf *b)
{
	char *s = b->s ? b->s : xstrdup("");

	b->s = NULL;
	b->len = b->cap = 0;
	return s;
}

void sb_clear(StrBuf *b)
{
	b->len = 0;
	if (b->s)
		b->s[0] = 0;
}

void sb_free(StrBuf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}
