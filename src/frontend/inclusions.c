/* inclusions.c: -o must not name a file the input includes. Consumes the parsed
 * translation unit and the -o path; main.c already refuses -o naming an input file,
 * this extends that to every file the input #includes (a header of the user's beside
 * the .cu, a system header): the output would replace it. Files are compared by device
 * and inode, so another spelling of the same path is caught too. */
#include "parse.h"

#include <sys/stat.h>

typedef struct Guard {
	Ctx *cx;
	struct stat out;
	char *hit;               /* the included file's name, malloc'ed, or NULL */
	SrcLoc at;               /* the #include that brought it in */
} Guard;

static void visit(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	Guard *g = data;
	struct stat st;
	if (g->hit)
		return;
	CXString name = clang_getFileName(f);
	const char *s = clang_getCString(name);
	if (s && !stat(s, &st) && st.st_dev == g->out.st_dev && st.st_ino == g->out.st_ino) {
		g->hit = xstrdup(s);
		g->at = srcloc(g->cx->file, 0, 0);
		if (depth > 0) {            /* stack[0]: the #include directive */
			CXFile inc;
			unsigned line, col;
			clang_getSpellingLocation(stack[0], &inc, &line, &col, NULL);
			CXString iname = clang_getFileName(inc);
			if (clang_getCString(iname))
				g->at = srcloc(arena_strdup(g->cx->a, clang_getCString(iname)), (int)line, (int)col);
			clang_disposeString(iname);
		}
	}
	clang_disposeString(name);
}

int inclusions_check_output(Ctx *cx)
{
	const char *o = cx->o->output;
	Guard g = {.cx = cx};
	if (!o || !strcmp(o, "-") || stat(o, &g.out) || !S_ISREG(g.out.st_mode))
		return 0;
	clang_getInclusions(cx->tu, visit, &g);
	if (!g.hit)
		return 0;
	diag_error(g.at, "-o '%s' is '%s', which the input includes: refusing to overwrite it",
	           o, g.hit);
	free(g.hit);
	return 1;
}
