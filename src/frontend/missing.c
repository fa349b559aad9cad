/* missing.c: headers the file includes that exist nowhere on the include path. A
 * missing header is a fatal error in clang, and after a fatal error clang instantiates
 * no template: a kernel template launched from host code would have no body, though
 * every other kernel of the file still parses (host code and headers a kernel does not
 * reach never stop a conversion, reach.c). So when a parse reports "'X' file not
 * found", the file is parsed once more with each such X an empty header in a folder
 * searched last (-idirafter, after the system folders, so it shadows nothing that
 * exists). What the missing header would have declared is then undeclared: a kernel
 * that uses it gets clang's located error, as a non-template kernel always did; -v
 * lists the headers taken as empty. */
#include "parse.h"

#include <limits.h>
#include <stdint.h>

#define MISSING_DIR "/__cuda2hlo__/missing"

/* The header X of a "'X' file not found" diagnostic, else NULL. */
static const char *not_found(Ctx *cx, CXDiagnostic d)
{
	const char *m = str(cx->a, clang_getDiagnosticSpelling(d));
	size_t n = strlen(m), tail = strlen("' file not found");

	if (n <= tail + 1 || m[0] != '\'' || strcmp(m + n - tail, "' file not found"))
		return NULL;
	return arena_strndup(cx->a, m + 1, n - tail - 1);
}

/* After a parse: adds the headers it could not find to cx->missing; the count added
 * (0: nothing to parse again). */
int missing_scan(Ctx *cx)
{
	int added = 0;

	if (!cx->tu)
		return 0;
	for (size_t i = 0; i < cx->errs.len; i++) {
		CXDiagnostic d = clang_getDiagnostic(cx->tu, (unsigned)cx->errs.data[i]);
		const char *h = not_found(cx, d);
		int seen = 0;
		if (h && cx->o->verbose)
			diag_warning(loc_of(cx->a, clang_getDiagnosticLocation(d)),
			             "'%s' file not found (outside the converted code: parsed as an empty header; a kernel that needs it is refused, with a note naming it)", h);
		clang_disposeDiagnostic(d);
		if (!h || h[0] == '/' || strstr(h, ".."))
			continue;
		for (size_t j = 0; j < cx->missing.len; j++)
			seen |= !strcmp(cx->missing.data[j], h);
		if (!seen) {
			VEC_PUSH(cx->missing, h);
			added++;
		}
	}
	return added;
}

void missing_args(Ctx *cx, StrVec *args)
{
	if (!cx->missing.len)
		return;
	VEC_PUSH(*args, "-idirafter");
	VEC_PUSH(*args, MISSING_DIR);
}

/* The empty headers as unsaved files, at most max; their count. */
size_t missing_unsaved(Ctx *cx, struct CXUnsavedFile *un, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < cx->missing.len && n < max; i++)
		un[n++] = (struct CXUnsavedFile){arena_printf(cx->a, MISSING_DIR "/%s", cx->missing.data[i]), "", 0};
	return n;
}

/* After a kernel's errors: names the headers taken as empty, which may be why. */
void missing_note(Ctx *cx)
{
	StrBuf b = {0};

	if (!cx->missing.len)
		return;
	for (size_t i = 0; i < cx->missing.len; i++)
		sb_printf(&b, "%s'%s'", i ? ", " : "", cx->missing.data[i]);
	diag_note(NOLOC, "not found on the include path, parsed as empty: %s (-I DIR adds a folder)", sb_str(&b));
	sb_free(&b);
}

/* ---- the kernels converted after a missing header ---- */

/* The main-file offset of a location: its own in the main file, else the offset of the
 * main file's #include that brings its file in; UINT_MAX when not known (as if last). */
static unsigned top_offset(Ctx *cx, CXSourceLocation l)
{
	CXFile f;
	unsigned off;
	void *top;

	clang_getExpansionLocation(l, &f, NULL, NULL, &off);
	if (clang_Location_isFromMainFile(l))
		return off;
	if (!f || !cx->incl_top)
		return UINT_MAX;
	top = map_get(cx->incl_top, str(cx->a, clang_getFileName(f)));
	return top ? (unsigned)((uintptr_t)top - 1) : UINT_MAX;
}

static void place(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	Ctx *cx = data;
	const char *name = str(cx->a, clang_getFileName(f));
	size_t n = strlen(MISSING_DIR "/");
	unsigned off;

	if (!depth)
		return;
	clang_getExpansionLocation(stack[depth - 1], NULL, NULL, NULL, &off);
	if (!map_has(cx->incl_top, name))
		map_put(cx->incl_top, name, (void *)((uintptr_t)off + 1));
	if (!strncmp(name, MISSING_DIR "/", n))
		VEC_PUSH(cx->missing_incs, ((MissingInc){name + n, loc_of(cx->a, stack[0]), off}));
}

/* After the last parse: where each header taken as empty is included, and for every
 * included file the main file's #include that brings it in. */
void missing_places(Ctx *cx)
{
	cx->missing_incs.len = 0;
	map_destroy(cx->incl_top);
	cx->incl_top = NULL;
	if (!cx->missing.len || !cx->tu)
		return;
	cx->incl_top = map_create();
	clang_getInclusions(cx->tu, place, cx);
}

/* A kernel converted after an #include of a header taken as empty gets a warning: a
 * macro or an overload the header would declare could change what the kernel means
 * (an undeclared name is clang's located error, but a name that resolves elsewhere, or
 * an #ifdef on the header's macro, is silent). Kernels before the first such #include
 * convert as they are. */
void missing_warn(Ctx *cx, CXCursor fn, const char *name, SrcLoc loc)
{
	unsigned at = top_offset(cx, clang_getCursorLocation(fn));

	for (size_t i = 0; i < cx->missing_incs.len; i++) {
		MissingInc *m = &cx->missing_incs.data[i];
		if (m->top > at)
			continue;
		diag_warning(loc, "kernel '%s' converted after an #include of '%s', a header found nowhere and parsed as empty: a macro or an overload it declares could change the kernel's meaning", name, m->name);
		diag_note(m->at, "'%s' included here (-I DIR adds the folder that has it)", m->name);
		return;
	}
}
