/* reach.c: which of clang's errors concern the code being converted. Consumes the
 * translation unit's error diagnostics (collected by parse_tu, none reported yet) and a
 * kernel's definition; reports, as located errors, those that lie in the kernel or in a
 * declaration it reaches: a function it calls, a type, variable, constant or macro'd
 * declaration it names, and so on transitively through user code (a declaration from a
 * system header or the bundled one is reached, its own references are not followed).
 * An error anywhere else (host code, a helper header, a kernel not asked for) does not
 * stop the conversion; with -v it is printed as a warning. A kernel that reaches no
 * error is lowered from an AST clang fully understood, so nothing here approximates. */
#include "parse.h"

typedef struct Reach {
	Ctx *cx;
	CursorVec todo;
	Map *seen;               /* decl key -> 1 */
	VEC(CXSourceRange) ranges;
} Reach;

/* A location as (file, offset) after macro expansion. */
static void expansion(CXSourceLocation l, CXFile *f, unsigned *off)
{
	clang_getExpansionLocation(l, f, NULL, NULL, off);
}

static int in_range(CXSourceRange r, CXFile f, unsigned off)
{
	CXFile f0, f1;
	unsigned o0, o1;

	expansion(clang_getRangeStart(r), &f0, &o0);
	expansion(clang_getRangeEnd(r), &f1, &o1);
	return f && f0 && clang_File_isEqual(f, f0) && clang_File_isEqual(f0, f1) && o0 <= off && off <= o1;
}

static void reach_decl(Reach *r, CXCursor d)
{
	const char *key = dkey(r->cx->a, d);

	if (map_get(r->seen, key))
		return;
	map_put(r->seen, key, (void *)1);
	VEC_PUSH(r->ranges, clang_getCursorExtent(d));
	if (!in_system(d))
		VEC_PUSH(r->todo, d);
}

static enum CXChildVisitResult reach_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	Reach *r = data;
	CXCursor ref = clang_getCursorReferenced(c), def;

	(void)parent;
	if (!clang_Cursor_isNull(ref) && !clang_equalCursors(ref, c) &&
	    clang_getCursorKind(ref) != CXCursor_TranslationUnit) {
		def = clang_getCursorDefinition(ref);
		reach_decl(r, clang_Cursor_isNull(def) ? ref : def);
		if (!clang_Cursor_isNull(def) && !clang_equalCursors(def, ref))
			reach_decl(r, ref);      /* a separate declaration: its own errors too */
	}
	return CXChildVisit_Recurse;
}

/* The number of collected errors located in one of r's ranges; reports those not
 * reported yet (done[i]). */
static int report_in(Reach *r, unsigned char *done)
{
	Ctx *cx = r->cx;
	int n = 0;

	for (size_t i = 0; i < cx->errs.len; i++) {
		CXDiagnostic d = clang_getDiagnostic(cx->tu, (unsigned)cx->errs.data[i]);
		CXFile f;
		unsigned off;
		int hit = 0;
		expansion(clang_getDiagnosticLocation(d), &f, &off);
		for (size_t j = 0; j < r->ranges.len && !hit; j++)
			hit = in_range(r->ranges.data[j], f, off);
		clang_disposeDiagnostic(d);
		n += hit;
		if (hit && !done[i]) {
			done[i] = 1;
			report_diag(cx, cx->errs.data[i]);
		}
	}
	return n;
}

/* Reports clang's errors in `fn` or in what it reaches (each once for all kernels); 1
 * when there are any. */
int reach_errors(Ctx *cx, CXCursor fn)
{
	Reach r = {cx, {0}, NULL, {0}};
	int n;

	if (!cx->errs.len)
		return 0;
	r.seen = map_create();
	if (!cx->errs_done)
		cx->errs_done = arena_alloc(cx->a, cx->errs.len * sizeof *cx->errs_done);
	reach_decl(&r, fn);
	while (r.todo.len) {
		CXCursor d = r.todo.data[--r.todo.len];
		clang_visitChildren(d, reach_visit, &r);
	}
	n = report_in(&r, cx->errs_done);
	if (n > 0)
		missing_note(cx);
	VEC_FREE(r.todo);
	VEC_FREE(r.ranges);
	map_destroy(r.seen);
	return n > 0;
}

/* Reports every collected error not reported yet: as errors when `as_errors`, else
 * (with -v) as warnings saying they did not concern the conversion. */
void reach_rest(Ctx *cx, int as_errors)
{
	for (size_t i = 0; i < cx->errs.len; i++) {
		if (cx->errs_done && cx->errs_done[i])
			continue;
		if (as_errors)
			report_diag(cx, cx->errs.data[i]);
		else if (cx->o->verbose)
			ignored_diag(cx, cx->errs.data[i]);
	}
}
