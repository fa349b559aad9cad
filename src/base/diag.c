/* diag.c: user diagnostics in clang's format: `file:line:col: error: message`, then the
 * source line and a caret under the column, then notes. Counts errors and warnings so
 * main.c can stop at a stage boundary. Source text is read from the file on first use
 * and cached (or registered with diag_add_source for text that is not on disk). */
#include "base.h"

#include <stdlib.h>
#include <string.h>

static FILE *out;
static int use_color, werror;
static int nerrors, nwarnings;
static Map *sources;      /* file name -> NUL-terminated text, or NULL when unreadable */

void diag_init(FILE *f, int color)
{
	out = f;
	use_color = color;
}

void diag_set_werror(int on)
{
	werror = on;
}

static void drop_sources(void)
{
	const char *k;
	void *v;

	if (!sources)
		return;
	for (size_t it = 0; map_next(sources, &it, &k, &v);)
		free(v);
	map_destroy(sources);
	sources = NULL;
}

void diag_reset(void)
{
	nerrors = nwarnings = 0;
	drop_sources();
}

void diag_add_source(const char *file, const char *text)
{
	if (!sources)
		sources = map_create();
	free(map_get(sources, file));
	map_put(sources, file, xstrdup(text));
}

static const char *source_of(const char *file)
{
	if (!sources)
		sources = map_create();
	if (!map_has(sources, file))
		map_put(sources, file, file_read_all(file, NULL));
	return map_get(sources, file);
}

/* Prints source line `line` of `file` and a caret under byte column `col`; tabs in the
 * prefix are kept so the caret lines up in any terminal. */
static void show_line(const char *file, int line, int col)
{
	const char *s = source_of(file), *end;

	if (!s || line < 1)
		return;
	for (int l = 1; l < line && s; l++) {
		s = strchr(s, '\n');
		if (s)
			s++;
	}
	if (!s || !*s)
		return;
	end = strchr(s, '\n');
	if (!end)
		end = s + strlen(s);
	if (end > s && end[-1] == '\r')
		end--;
	fprintf(out, "%.*s\n", (int)(end - s), s);
	if (col < 1)
		return;
	for (int i = 0; i < col - 1 && s + i < end; i++)
		fputc(s[i] == '\t' ? '\t' : ' ', out);
	fputs(use_color ? "\033[1;32m^\033[0m\n" : "^\n", out);
}

void diag_vreport(DiagKind k, SrcLoc loc, const char *fmt, va_list ap)
{
	static const char *names[] = {"error", "warning", "note"};
	static const char *colors[] = {"\033[1;31m", "\033[1;35m", "\033[1;30m"};

	if (!out)
		out = stderr;
	if (k == DIAG_WARNING && werror)
		k = DIAG_ERROR;
	if (k == DIAG_ERROR)
		nerrors++;
	else if (k == DIAG_WARNING)
		nwarnings++;
	if (loc.file) {
		fprintf(out, "%s", loc.file);
		if (loc.line > 0)
			fprintf(out, ":%d", loc.line);
		if (loc.line > 0 && loc.col > 0)
			fprintf(out, ":%d", loc.col);
		fputs(": ", out);
	} else {
		fputs("cuda2hlo: ", out);
	}
	if (use_color)
		fprintf(out, "%s%s:\033[0m ", colors[k], names[k]);
	else
		fprintf(out, "%s: ", names[k]);
	vfprintf(out, fmt, ap);
	fputc('\n', out);
	if (loc.file)
		show_line(loc.file, loc.line, loc.col);
	fflush(out);
}

void diag_report(DiagKind k, SrcLoc loc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vreport(k, loc, fmt, ap);
	va_end(ap);
}

int diag_error_count(void)
{
	return nerrors;
}

int diag_warning_count(void)
{
	return nwarnings;
}
