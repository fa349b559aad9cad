/* rdc.c: the other .cu files of a program compiled with relocatable device code (nvcc
 * -rdc=true / -dc), named by --rdc-source. nvcc compiles each file on its own and links
 * device functions by name; here the files a conversion needs are appended to the file's
 * text as #include lines, so a call to a device function the file only declares finds its
 * definition later in the unit and is inlined like any other.
 *
 * Which files (rdc_select): each --rdc-source is parsed on its own, bodies skipped, for the
 * device functions it defines and those it declares without defining. Appended are the
 * files that define a function the converted file needs, then, transitively, those that
 * define what they need; none when the file needs nothing (then nothing changes).
 *
 * Joining files into one unit is exact only while every name means in the unit what it
 * meant in each file:
 * - a `static` function or variable of an appended file whose name another of the joined
 *   files also declares is renamed for that file (#define NAME NAME__rdcN around its
 *   #include line), when NAME means only that static in its own file; else it stays and
 *   the clash is refused below;
 * - a device function name whose overloads differ between two of the joined files (a call
 *   could pick another one once they are joined) is refused, located at both;
 * - a device function defined in two of them is clang's redefinition, refused at the
 *   second definition (rdc_defined_twice), as nvcc's device link refuses it.
 * The kernels of those files are not kernels of this one (rdc_kernel_elsewhere). */
#include "parse.h"

#include <limits.h>
#include <stdlib.h>

typedef struct Decl {       /* a declaration at file or namespace scope */
	const char *name, *qname, *usr;   /* qname: with its namespaces */
	SrcLoc loc;
	unsigned func : 1, device : 1, internal : 1, def : 1, own : 1, here : 1;
} Decl;

typedef struct Unit {       /* one file of the program as its own translation unit */
	const char *path, *real;
	VEC(Decl) d;
	VEC(const char *) renames;
	int chosen;
} Unit;

typedef struct Walk {
	Ctx *cx;
	Unit *u;
	CXTranslationUnit tu;
	CXFile main;
	int skipped;              /* function bodies were skipped: definitions by their text */
} Walk;

/* 1 when function c's body was skipped (parse_other): the first '{' or ';' after its
 * declarator, outside parentheses and comments, is a '{'. Only which files to join rests
 * on this; the joined unit is parsed in full. */
static int skipped_body(Walk *w, CXCursor c)
{
	CXFile f;
	unsigned off;
	size_t size;
	const char *t;
	int depth = 0;

	if (!w->skipped || clang_getCursorKind(c) != CXCursor_FunctionDecl)
		return 0;
	clang_getSpellingLocation(clang_getRangeEnd(clang_getCursorExtent(c)), &f, NULL, NULL, &off);
	t = f ? clang_getFileContents(w->tu, f, &size) : NULL;
	for (size_t i = off; t && i < size; i++) {
		if (t[i] == '/' && i + 1 < size && t[i + 1] == '/')
			while (i < size && t[i] != '\n')
				i++;
		else if (t[i] == '/' && i + 1 < size && t[i + 1] == '*')
			for (i += 2; i + 1 < size && !(t[i] == '*' && t[i + 1] == '/');)
				i++;
		else if (t[i] == '(')
			depth++;
		else if (t[i] == ')')
			depth--;
		else if (depth <= 0 && (t[i] == '{' || t[i] == ';'))
			return t[i] == '{';
	}
	return 0;
}

static enum CXChildVisitResult decl_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	Walk *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXFile f;
	Decl d = {0};

	(void)parent;
	if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl)
		return CXChildVisit_Recurse;
	if (!clang_isDeclaration(k) || k == CXCursor_Namespace)
		return CXChildVisit_Continue;
	d.name = str(w->cx->a, clang_getCursorSpelling(c));
	if (!*d.name)
		return CXChildVisit_Continue;
	d.usr = str(w->cx->a, clang_getCursorUSR(c));
	d.func = k == CXCursor_FunctionDecl;
	d.device = has_attr(c, CXCursor_CUDADeviceAttr) || has_attr(c, CXCursor_CUDAGlobalAttr);
	d.internal = clang_getCursorLinkage(c) == CXLinkage_Internal;
	d.def = (d.func || k == CXCursor_VarDecl) && (clang_isCursorDefinition(c) || skipped_body(w, c));
	d.qname = d.name;
	for (CXCursor p = clang_getCursorSemanticParent(c); clang_getCursorKind(p) == CXCursor_Namespace;
	     p = clang_getCursorSemanticParent(p))
		d.qname = arena_printf(w->cx->a, "%s::%s", str(w->cx->a, clang_getCursorSpelling(p)), d.qname);
	d.own = !in_system(c);
	clang_getSpellingLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	d.here = f && clang_File_isEqual(f, w->main);
	d.loc = loc_of(w->cx->a, clang_getCursorLocation(c));
	VEC_PUSH(w->u->d, d);
	return CXChildVisit_Continue;
}

/* The declarations of tu into u. */
static void collect(Ctx *cx, Unit *u, CXTranslationUnit tu, const char *file, int skipped)
{
	Walk w = {cx, u, tu, clang_getFile(tu, file), skipped};

	clang_visitChildren(clang_getTranslationUnitCursor(tu), decl_visit, &w);
}

/* 1 when unit u defines (with external linkage) the device function usr. */
static int defines(const Unit *u, const char *usr)
{
	for (size_t i = 0; i < u->d.len; i++)
		if (u->d.data[i].func && u->d.data[i].def && !u->d.data[i].internal && !strcmp(u->d.data[i].usr, usr))
			return 1;
	return 0;
}

/* 1 when unit u declares function usr without defining it (a need another file meets). */
static int needs(const Unit *u, const char *usr)
{
	return !defines(u, usr);
}

/* One --rdc-source parsed on its own, function bodies skipped; 1 (reported) when unreadable. */
static int parse_other(Ctx *cx, Unit *u)
{
	StrVec args = {0};
	struct CXUnsavedFile un[48 + 64];
	size_t nun;
	CXTranslationUnit tu = NULL;
	enum CXErrorCode ec;

	parse_args(cx, &args);
	nun = headers_bundled(cx, un, 48 - 1);
	nun += missing_unsaved(cx, un + nun, 64);
	ec = clang_parseTranslationUnit2(cx->index, u->real, args.data, (int)args.len, un, (unsigned)nun,
	                                 CXTranslationUnit_KeepGoing | CXTranslationUnit_SkipFunctionBodies, &tu);
	VEC_FREE(args);
	if (ec != CXError_Success) {
		diag_error(srcloc(cx->file, 0, 0), "cannot parse --rdc-source '%s' (libclang error %d)", u->path, ec);
		return 1;
	}
	loc_forget();
	collect(cx, u, tu, u->real, 1);
	loc_forget();
	clang_disposeTranslationUnit(tu);
	return 0;
}

/* Marks the units that define what unit `from` declares without defining; 1 when any new. */
static int choose(Unit *us, size_t n, const Unit *from)
{
	int more = 0;

	for (size_t i = 0; i < from->d.len; i++) {
		const Decl *d = &from->d.data[i];
		int met = 0;
		if (!d->func || !d->device || d->def || d->internal || !d->own || !needs(from, d->usr))
			continue;
		for (size_t j = 0; j < n && !met; j++)
			met = us[j].chosen && defines(&us[j], d->usr);
		for (size_t j = 0; j < n && !met; j++)
			if (!us[j].chosen && defines(&us[j], d->usr))
				us[j].chosen = more = 1;
	}
	return more;
}

/* 1 when a unit other than u (chosen, or the file itself: us[0]) declares `name`. */
static int named_elsewhere(const Unit *us, size_t n, const Unit *u, const char *name)
{
	for (size_t j = 0; j < n; j++)
		if (&us[j] != u && us[j].chosen)
			for (size_t i = 0; i < us[j].d.len; i++)
				if (!strcmp(us[j].d.data[i].name, name))
					return 1;
	return 0;
}

/* The statics of u written in u itself whose names another joined file declares: renamed
 * when the name means only that static in u (no other declaration of it in u's unit). */
static void plan_renames(Unit *us, size_t n, Unit *u)
{
	for (size_t i = 0; i < u->d.len; i++) {
		const Decl *d = &u->d.data[i];
		int alone = 1, dup = 0;
		if (!d->internal || !d->here || !d->def || !named_elsewhere(us, n, u, d->name))
			continue;
		for (size_t j = 0; j < u->d.len && alone; j++)
			alone = strcmp(u->d.data[j].name, d->name) || !strcmp(u->d.data[j].usr, d->usr);
		for (size_t j = 0; j < u->renames.len; j++)
			dup |= !strcmp(u->renames.data[j], d->name);
		if (alone && !dup)
			VEC_PUSH(u->renames, d->name);
	}
}

static int renamed(const Unit *u, const char *name)
{
	for (size_t j = 0; j < u->renames.len; j++)
		if (!strcmp(u->renames.data[j], name))
			return 1;
	return 0;
}

/* A device function name with overloads in one joined file that another joined file that
 * declares the name lacks: its calls could resolve to another function once joined.
 * Reported (the first) at the lacking file's declaration; 1 then. */
static int overloads_differ(const Unit *us, size_t n)
{
	for (size_t a = 0; a < n; a++)
		for (size_t i = 0; us[a].chosen && i < us[a].d.len; i++) {
			const Decl *d = &us[a].d.data[i];
			if (!d->func || !d->device || !d->own || renamed(&us[a], d->name))
				continue;
			for (size_t b = 0; b < n; b++) {
				const Decl *has = NULL, *other = NULL;
				if (b == a || !us[b].chosen)
					continue;
				for (size_t j = 0; j < us[b].d.len; j++) {
					const Decl *e = &us[b].d.data[j];
					if (!e->func || strcmp(e->qname, d->qname) || renamed(&us[b], e->name))
						continue;
					if (!strcmp(e->usr, d->usr))
						has = e;
					else
						other = e;
				}
				if (other && !has) {
					diag_error(other->loc, "device function '%s' is overloaded differently in the files of "
					           "the program: a call in this file could resolve to another function once "
					           "the files are joined", d->name);
					diag_note(d->loc, "the overload this file does not declare");
					return 1;
				}
			}
		}
	return 0;
}

static void own_file(CXFile f, CXSourceLocation *stack, unsigned n, CXClientData data)
{
	Ctx *cx = data;
	CXString s = clang_getFileName(f);
	char *real = clang_getCString(s) ? realpath(clang_getCString(s), NULL) : NULL;

	(void)stack, (void)n;
	if (real)
		map_put(cx->rdc_own, arena_strdup(cx->a, real), cx);
	free(real);
	clang_disposeString(s);
}

/* Chooses the --rdc-source files the parsed file needs and sets cx->base_text to the file
 * with their #include lines (and renames) appended; leaves it NULL when none is needed.
 * 1 (reported) when one cannot be read or the files cannot be joined exactly. */
int rdc_select(Ctx *cx)
{
	const Options *o = cx->o;
	size_t n = o->rdc_sources.len + 1;
	Unit *us = ARENA_ARRAY(cx->a, Unit, n);
	StrBuf all = {0};
	char *text;
	size_t len;
	int bad = 0, any = 0;

	us[0].path = us[0].real = cx->file;
	us[0].chosen = 1;
	loc_forget();
	collect(cx, &us[0], cx->tu, cx->file, 0);
	for (size_t i = 1; i < n && !bad; i++) {
		char real[PATH_MAX];
		us[i].path = o->rdc_sources.data[i - 1];
		if (!realpath(us[i].path, real)) {
			diag_error(srcloc(cx->file, 0, 0), "cannot read --rdc-source '%s'", us[i].path);
			bad = 1;
			break;
		}
		us[i].real = arena_strdup(cx->a, real);
	}
	/* parse the others only when the file declares a device function it does not define */
	for (size_t i = 0; i < us[0].d.len && !bad && !any; i++) {
		const Decl *d = &us[0].d.data[i];
		any = d->func && d->device && !d->def && !d->internal && d->own && needs(&us[0], d->usr);
	}
	for (size_t i = 1; i < n && !bad && any; i++)
		bad = parse_other(cx, &us[i]);
	if (bad || !any) {
		for (size_t i = 0; i < n; i++)
			VEC_FREE(us[i].d);
		return bad;
	}
	for (int more = 1; more;) {
		more = 0;
		for (size_t i = 0; i < n; i++)
			if (us[i].chosen)
				more |= choose(us, n, &us[i]);
	}
	for (size_t i = 1; i < n; i++)
		if (us[i].chosen)
			plan_renames(us, n, &us[i]);
	bad = overloads_differ(us, n);
	text = bad ? NULL : file_read_all(cx->file, &len);
	if (!bad && !text) {
		diag_error(srcloc(cx->file, 0, 0), "cannot read '%s'", cx->file);
		bad = 1;
	}
	if (!bad) {
		sb_append(&all, text);
		sb_append(&all, "\n");
		for (size_t i = 1; i < n; i++) {
			if (!us[i].chosen)
				continue;
			for (size_t j = 0; j < us[i].renames.len; j++)
				sb_printf(&all, "#define %s %s__rdc%zu\n", us[i].renames.data[j], us[i].renames.data[j], i);
			sb_printf(&all, "#include \"%s\"\n", us[i].real);
			for (size_t j = 0; j < us[i].renames.len; j++)
				sb_printf(&all, "#undef %s\n", us[i].renames.data[j]);
		}
		cx->base_text = arena_strdup(cx->a, sb_str(&all));
		cx->rdc_own = map_create();
		clang_getInclusions(cx->tu, own_file, cx);   /* the file alone, not yet reparsed */
	}
	free(text);
	sb_free(&all);
	for (size_t i = 0; i < n; i++) {
		VEC_FREE(us[i].d);
		VEC_FREE(us[i].renames);
	}
	return bad;
}

/* The C name of fn when it has C language linkage (extern "C": not mangled), else NULL. */
static const char *c_name(Arena *a, CXCursor fn)
{
	const char *m = str(a, clang_Cursor_getMangling(fn));

	return *m && !strcmp(m, spell(a, fn)) ? m : NULL;
}

/* The type a parameter of type t points to (an array parameter is a pointer); t itself
 * when it is no pointer. */
static CXType pointee(CXType t, int *ptr)
{
	*ptr = 1;
	if (t.kind == CXType_Pointer)
		return clang_getPointeeType(t);
	if (t.kind == CXType_IncompleteArray || t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray)
		return clang_getArrayElementType(t);
	*ptr = 0;
	return t;
}

/* 1 when parameter or result types t and u are passed alike: the same type, or pointers
 * to the same type but for its qualifiers (const double a[] and double a[]). */
static int passed_alike(CXType t, CXType u)
{
	int pt, pu;

	t = clang_getCanonicalType(t);
	u = clang_getCanonicalType(u);
	if (clang_equalTypes(t, u))
		return 1;
	t = pointee(t, &pt);
	u = pointee(u, &pu);
	return pt && pu && clang_equalTypes(clang_getUnqualifiedType(clang_getCanonicalType(t)),
	                                    clang_getUnqualifiedType(clang_getCanonicalType(u)));
}

typedef struct CFind {
	Arena *a;
	CXCursor decl, def;
	const char *name;
} CFind;

static enum CXChildVisitResult c_def_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	CFind *f = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	const char *n;
	int n1, n2;

	(void)parent;
	if (k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl || k == CXCursor_Namespace)
		return CXChildVisit_Recurse;
	if (k != CXCursor_FunctionDecl || !clang_isCursorDefinition(c) || !has_attr(c, CXCursor_CUDADeviceAttr))
		return CXChildVisit_Continue;
	n = c_name(f->a, c);
	if (!n || strcmp(n, f->name))
		return CXChildVisit_Continue;
	n1 = clang_Cursor_getNumArguments(c), n2 = clang_Cursor_getNumArguments(f->decl);
	if (n1 != n2 || clang_Cursor_isVariadic(c) != clang_Cursor_isVariadic(f->decl) ||
	    !passed_alike(clang_getCursorResultType(c), clang_getCursorResultType(f->decl)))
		return CXChildVisit_Continue;
	for (int i = 0; i < n1; i++)
		if (!passed_alike(clang_getCursorType(clang_Cursor_getArgument(c, (unsigned)i)),
		                  clang_getCursorType(clang_Cursor_getArgument(f->decl, (unsigned)i))))
			return CXChildVisit_Continue;
	f->def = c;
	return CXChildVisit_Break;
}

/* The definition, in another joined file, of the extern "C" device function fn declared
 * with other but alike parameter types (nvcc links it by its C name: cosine.cu's
 * `const double a[]` and xchebyshev.cu's `double a[]`); the null cursor when none. */
CXCursor rdc_c_definition(Ctx *cx, CXCursor fn)
{
	CFind f = {cx->a, fn, clang_getNullCursor(), NULL};

	if (!cx->base_text || !(f.name = c_name(cx->a, fn)))
		return f.def;
	clang_visitChildren(clang_getTranslationUnitCursor(cx->tu), c_def_visit, &f);
	return f.def;
}

/* 1 when cursor c is written in a file the converted file does not include (an appended
 * --rdc-source or a header only it includes): not a kernel of this file. */
int rdc_kernel_elsewhere(Ctx *cx, CXCursor c)
{
	CXFile f;
	char *real;
	int hit;

	if (!cx->base_text || !cx->rdc_own)
		return 0;
	clang_getSpellingLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	if (!f)
		return 0;
	real = realpath(str(cx->a, clang_getFileName(f)), NULL);
	hit = real && !map_has(cx->rdc_own, real);
	free(real);
	return hit;
}

/* A device function defined both in the file and in an --rdc-source (or in two of them):
 * nvcc's device link refuses such a program, and which body a call would get is not ours
 * to choose. Reported at the second definition with a note at the first; the count. */
int rdc_defined_twice(Ctx *cx)
{
	int bad = 0;

	if (!cx->base_text)
		return 0;
	for (size_t i = 0; i < cx->errs.len; i++) {
		CXDiagnostic d = clang_getDiagnostic(cx->tu, (unsigned)cx->errs.data[i]);
		CXString s = clang_getDiagnosticSpelling(d);
		CXSourceLocation l = clang_getDiagnosticLocation(d);
		CXCursor c = clang_getCursor(cx->tu, l);
		int redef = !strncmp(clang_getCString(s), "redefinition of", 15);

		clang_disposeString(s);
		if (redef && (clang_getCursorKind(c) == CXCursor_FunctionDecl ||
		              clang_getCursorKind(c) == CXCursor_FunctionTemplate) &&
		    (has_attr(c, CXCursor_CUDADeviceAttr) || has_attr(c, CXCursor_CUDAGlobalAttr))) {
			CXDiagnosticSet kids = clang_getChildDiagnostics(d);
			diag_error(loc_of(cx->a, l), "device function '%s' is defined in more than one file of the program",
			           spell(cx->a, c));
			for (unsigned k = 0; k < clang_getNumDiagnosticsInSet(kids); k++) {
				CXDiagnostic n = clang_getDiagnosticInSet(kids, k);
				CXString ns = clang_getDiagnosticSpelling(n);
				if (!strncmp(clang_getCString(ns), "previous definition", 19))
					diag_note(loc_of(cx->a, clang_getDiagnosticLocation(n)), "also defined here");
				clang_disposeString(ns);
				clang_disposeDiagnostic(n);
			}
			bad++;
		}
		clang_disposeDiagnostic(d);
	}
	return bad;
}
