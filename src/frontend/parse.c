/* parse.c: CUDA C++ through libclang into the kernel IR. Consumes a .cu file and the
 * Options (-I, -D, -std, -p, --cuda-path, --kernel, --grid/--block, --size, --set);
 * produces a KirProgram whose kernels have every device function inlined, every
 * expression typed and every memory access a (buffer, flat index) pair (frontend.h).
 * Sections: translation unit and diagnostics; compile_commands.json; cursors; types;
 * structs in memory; expressions; addresses (pointer arithmetic, views, moving
 * pointers); calls (builtins, math, inlining, member functions); stable values (when a
 * pointer's offset may be substituted); declarations; structs by value; statements;
 * kernel parameters; host code (launches and cudaMalloc); kernels; templates (instances
 * from launches or --kernel). Anything that cannot be translated exactly is a located
 * error, never an approximation. */
#include "frontend.h"

#include <clang-c/CXCompilationDatabase.h>
#include <clang-c/Index.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BUNDLED_DIR "/__cuda2hlo__/include"

typedef VEC(KirStmt *) StmtVec;
typedef VEC(const char *) StrVec;
typedef VEC(CXCursor) CursorVec;
typedef VEC(int) IntVec;

typedef enum { BK_VAR, BK_PARAM, BK_CONST, BK_PTR, BK_MEM, BK_EXPR, BK_CG, BK_GRID } BindKind;

/* What a clang declaration stands for while lowering: a variable, a parameter, a
 * constant, a pointer (buffer + offset, offset in `off` or in variable `offvar`), a
 * reference to memory, an argument expression substituted, a cooperative group. */
typedef struct Bind {
	BindKind kind;
	int idx;
	KirConst c;
	int buffer, offvar;
	KirExpr *off;
	KirExpr *expr;
	KirDType view;           /* BK_PTR: as Addr.view */
} Bind;

typedef struct Frame {
	Map *binds;              /* decl key -> Bind */
	const char *fn;          /* function name; NULL for the kernel */
	const char *key;
	int label, result;       /* inlined function: its block label and result variable */
	const char *rkey;        /* a struct result: bind key prefix of its field variables
	                            (bound in the caller's frame), else NULL */
	const char *this_key;    /* a member function: the object's bind key prefix */
	struct Frame *up;
} Frame;

typedef struct Ctx {
	Arena *a;
	const Options *o;
	const char *file;
	CXIndex index;
	CXTranslationUnit tu;
	VEC(KirLaunch) launches;
	CursorVec launch_fns;    /* per launch: the function (template specialization) called */
	VEC(KirAlloc) allocs;
	CursorVec inst_fns;      /* template instances named by --kernel, instantiated by a
	                            line appended to the file (see "templates") */
	unsigned file_lines;     /* lines of the file as written; 0 when nothing is appended */
	StrVec inst_names;       /* per appended line: the --kernel instance */
	VEC(SrcLoc) inst_locs;   /* per appended line: its template's location */
	Map *allocvars;          /* host var key -> KirAlloc index + 1 */
	Map *hostenv;            /* host var key -> int64 value (boxed) */
	Map *assigned;           /* decl keys assigned anywhere (host evaluation) */
	Map *host_insts;         /* host function template instances already scanned */
	Map *headvars;           /* decl key -> key of the one for statement whose header
	                            (init, test, step) holds every change of it, or "" */
	Map *devassigned;        /* decl keys that may change after their initialisation
	                            (assigned, ++/--, address taken, bound to a reference),
	                            anywhere in the file's functions; see "stable values" */
} Ctx;

typedef struct Lower {
	Ctx *cx;
	Arena *a;
	KirKernel *k;
	VEC(KirParam) params;
	VEC(KirBuffer) bufs;
	VEC(KirVar) vars;
	VEC(unsigned char) stable; /* per var: keeps the value of its declaration */
	Map *names;              /* name -> uses */
	Map *globals;            /* decl key -> Bind for __shared__/__constant__ globals */
	Frame *fr;
	StmtVec *pending;        /* statements that must run before the current one */
	int hoist_ok;
	int brk;                 /* label a `break` leaves (switch), 0 in a loop */
	int in_loop;
	int nlabels;
	int failed;
	VEC(int) argidx;         /* per KirParam: its CUDA parameter's position */
	const char *last_rkey;   /* the struct result of the call lowered last */
	const char *next_this;   /* the object of the member function about to be inlined */
	int ntemps;              /* counter for struct temporaries' keys */
	int cur_arg;
	CXCursor stmt;           /* the expression statement or declaration being lowered */
	int unroll;              /* `#pragma unroll` before the loop being lowered (KirStmt for_.unroll) */
	int allow_view;          /* lval_of may return an element through a view ... */
	KirDType lv_view;        /* ... and then says its type here */
} Lower;

/* ---- translation unit and diagnostics ---- */

static const char *str(Arena *a, CXString s)
{
	const char *c = clang_getCString(s);
	const char *r = arena_strdup(a, c ? c : "");

	clang_disposeString(s);
	return r;
}

/* The last file name seen; reset when a translation unit is disposed. */
static CXFile last;
static const char *lastname;

static SrcLoc loc_of(Arena *a, CXSourceLocation l)
{
	CXFile f;
	unsigned line, col;

	clang_getExpansionLocation(l, &f, &line, &col, NULL);
	if (!f)
		return NOLOC;
	if (!lastname || !clang_File_isEqual(f, last)) {
		last = f;
		lastname = str(a, clang_getFileName(f));
	}
	return srcloc(lastname, (int)line, (int)col);
}

static SrcLoc cloc(Lower *L, CXCursor c)
{
	return loc_of(L->a, clang_getCursorLocation(c));
}

static void forward_diag(Ctx *cx, CXDiagnostic d)
{
	enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
	SrcLoc l = loc_of(cx->a, clang_getDiagnosticLocation(d));
	const char *msg = str(cx->a, clang_getDiagnosticSpelling(d));

	if (cx->file_lines && l.line > (int)cx->file_lines &&
	    clang_Location_isFromMainFile(clang_getDiagnosticLocation(d))) {
		/* a line we appended to instantiate a --kernel template instance */
		size_t i = (size_t)l.line - cx->file_lines - 1;
		if (sev >= CXDiagnostic_Error && i < cx->inst_names.len)
			diag_error(cx->inst_locs.data[i], "cannot instantiate '%s' named by --kernel: %s", cx->inst_names.data[i], msg);
		return;
	}
	if (sev >= CXDiagnostic_Error)
		diag_error(l, "%s", msg);
	else if (sev == CXDiagnostic_Warning)
		return;        /* clang's warnings about the input are not ours to repeat */
	else if (sev == CXDiagnostic_Note && diag_error_count())
		diag_note(l, "%s", msg);
}

static int forward_diags(Ctx *cx)
{
	unsigned n = clang_getNumDiagnostics(cx->tu);
	int errs = 0;

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(cx->tu, i);
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error)
			errs++;
		if (errs)
			forward_diag(cx, d);
		clang_disposeDiagnostic(d);
	}
	return errs;
}

/* ---- compile_commands.json (-p): the flags of the entry for the file: -I, -D, -U,
 * -std, -isystem, -include. An entry's file is relative to its directory, and a
 * relative directory to the database's folder; relative include paths are taken
 * against the entry's directory. */

static const char *path_join(Arena *a, const char *dir, const char *p)
{
	return p[0] == '/' || !dir || !*dir ? p : arena_printf(a, "%s/%s", dir, p);
}

/* The entry's directory as a path usable from here. */
static const char *entry_dir(Ctx *cx, CXCompileCommand cmd, const char *dbdir)
{
	return path_join(cx->a, dbdir, str(cx->a, clang_CompileCommand_getDirectory(cmd)));
}

/* 1 when the entry compiles the same file as `want` (a realpath). */
static int entry_is(Ctx *cx, CXCompileCommand cmd, const char *dbdir, const char *want)
{
	const char *f = path_join(cx->a, entry_dir(cx, cmd, dbdir), str(cx->a, clang_CompileCommand_getFilename(cmd)));
	char *r = realpath(f, NULL);
	int eq = r && want && !strcmp(r, want);

	free(r);
	return eq;
}

static void entry_flags(Ctx *cx, CXCompileCommand cmd, const char *dir, StrVec *args)
{
	unsigned na = clang_CompileCommand_getNumArgs(cmd);

	for (unsigned i = 1; i < na; i++) {
		const char *s = str(cx->a, clang_CompileCommand_getArg(cmd, i));
		int path = !strcmp(s, "-I") || !strcmp(s, "-isystem") || !strcmp(s, "-include");
		if ((path || !strcmp(s, "-D") || !strcmp(s, "-U")) && i + 1 < na) {
			const char *v = str(cx->a, clang_CompileCommand_getArg(cmd, ++i));
			VEC_PUSH(*args, s);
			VEC_PUSH(*args, path ? path_join(cx->a, dir, v) : v);
		} else if (!strncmp(s, "-I", 2)) {
			VEC_PUSH(*args, arena_printf(cx->a, "-I%s", path_join(cx->a, dir, s + 2)));
		} else if (!strncmp(s, "-D", 2) || !strncmp(s, "-U", 2) || !strncmp(s, "-std=", 5)) {
			VEC_PUSH(*args, s);
		}
	}
}

static void compdb_flags(Ctx *cx, StrVec *args)
{
	const char *p = cx->o->compdb;
	char *dir = xstrdup(p), *want = realpath(cx->file, NULL);
	size_t n = strlen(dir);
	CXCompilationDatabase_Error err;
	CXCompilationDatabase db;
	CXCompileCommands cmds;
	int found = 0;

	if (n >= 21 && !strcmp(dir + n - 21, "compile_commands.json"))
		dir[n - 21] = 0;       /* the file named: its folder */
	if (!*dir)
		strcpy(dir, ".");
	if (access(arena_printf(cx->a, "%s/compile_commands.json", dir), R_OK)) {
		diag_error(NOLOC, "cannot read compilation database '%s' (no readable compile_commands.json there)", p);
		free(dir);
		free(want);
		return;
	}
	db = clang_CompilationDatabase_fromDirectory(dir, &err);
	if (err != CXCompilationDatabase_NoError) {
		diag_error(NOLOC, "cannot read compilation database '%s'", p);
		free(dir);
		free(want);
		return;
	}
	cmds = clang_CompilationDatabase_getAllCompileCommands(db);
	for (unsigned i = 0; cmds && i < clang_CompileCommands_getSize(cmds) && !found; i++) {
		CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, i);
		if ((found = entry_is(cx, cmd, dir, want)))
			entry_flags(cx, cmd, entry_dir(cx, cmd, dir), args);
	}
	if (!found)
		diag_warning(NOLOC, "no entry for '%s' in '%s'", cx->file, p);
	if (cmds)
		clang_CompileCommands_dispose(cmds);
	clang_CompilationDatabase_dispose(db);
	free(dir);
	free(want);
}

static void build_args(Ctx *cx, StrVec *args)
{
	const Options *o = cx->o;

	VEC_PUSH(*args, "-x");
	VEC_PUSH(*args, "cuda");
	VEC_PUSH(*args, "--cuda-host-only");
	VEC_PUSH(*args, "-Wno-unknown-cuda-version");
	VEC_PUSH(*args, "-fsyntax-only");
	VEC_PUSH(*args, "-fgpu-rdc");      /* so a launch in device code reaches our refusal */
	if (o->cuda_path) {
		VEC_PUSH(*args, arena_printf(cx->a, "--cuda-path=%s", o->cuda_path));
	} else {
		VEC_PUSH(*args, "-nocudainc");
		VEC_PUSH(*args, "-nocudalib");
		VEC_PUSH(*args, "-I" BUNDLED_DIR);
		VEC_PUSH(*args, "-include");
		VEC_PUSH(*args, BUNDLED_DIR "/cuda_runtime.h");
	}
	VEC_PUSH(*args, arena_printf(cx->a, "-std=%s", o->std ? o->std : "c++17"));
	if (o->compdb)
		compdb_flags(cx, args);
	for (size_t i = 0; i < o->includes.len; i++)
		VEC_PUSH(*args, arena_printf(cx->a, "-I%s", o->includes.data[i]));
	for (size_t i = 0; i < o->defines.len; i++)
		VEC_PUSH(*args, arena_printf(cx->a, "-D%s", o->defines.data[i]));
	for (size_t i = 0; i < o->extra_args.len; i++)
		VEC_PUSH(*args, o->extra_args.data[i]);
}

/* Parses cx->file (with `text` as its contents when not NULL). 0 on success. */
static int parse_tu(Ctx *cx, const char *text)
{
	StrVec args = {0};
	struct CXUnsavedFile un[8];
	unsigned nun = 0;
	static const char *const aliases[] = {"cuda.h", "device_launch_parameters.h",
		"cuda_runtime_api.h", "device_functions.h", "math_constants.h", "helper_cuda.h"};
	enum CXErrorCode ec;

	build_args(cx, &args);
	if (diag_error_count()) {          /* an unreadable compilation database */
		VEC_FREE(args);
		return 1;
	}
	if (!cx->o->cuda_path) {
		un[nun++] = (struct CXUnsavedFile){BUNDLED_DIR "/cuda_runtime.h",
			frontend_bundled_cuda_api, (unsigned long)strlen(frontend_bundled_cuda_api)};
		un[nun++] = (struct CXUnsavedFile){BUNDLED_DIR "/cooperative_groups.h",
			frontend_bundled_cooperative_groups,
			(unsigned long)strlen(frontend_bundled_cooperative_groups)};
		for (size_t i = 0; i < sizeof aliases / sizeof *aliases - 1; i++) {
			static const char inc[] = "#include <cuda_runtime.h>\n";
			un[nun++] = (struct CXUnsavedFile){arena_printf(cx->a, BUNDLED_DIR "/%s", aliases[i]),
				inc, sizeof inc - 1};
		}
	}
	if (text)
		un[nun++] = (struct CXUnsavedFile){cx->file, text, (unsigned long)strlen(text)};
	if (cx->tu)
		clang_disposeTranslationUnit(cx->tu);
	last = NULL;
	lastname = NULL;
	ec = clang_parseTranslationUnit2(cx->index, cx->file, args.data, (int)args.len, un, nun,
	                                 CXTranslationUnit_KeepGoing, &cx->tu);
	VEC_FREE(args);
	if (ec != CXError_Success) {
		diag_error(srcloc(cx->file, 0, 0), "cannot parse '%s' (libclang error %d)", cx->file, ec);
		cx->tu = NULL;
		return 1;
	}
	return forward_diags(cx);
}

/* ---- cursors ---- */

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	VEC_PUSH(*(CursorVec *)d, c);
	return CXChildVisit_Continue;
}

/* The children of c, in a vector the caller frees. */
static CursorVec kids(CXCursor c)
{
	CursorVec v = {0};

	clang_visitChildren(c, collect, &v);
	return v;
}

static CXCursor kid(CXCursor c, size_t i)
{
	CursorVec v = kids(c);
	CXCursor r = i < v.len ? v.data[i] : clang_getNullCursor();

	VEC_FREE(v);
	return r;
}

static size_t nkids(CXCursor c)
{
	CursorVec v = kids(c);
	size_t n = v.len;

	VEC_FREE(v);
	return n;
}

static const char *spell(Arena *a, CXCursor c)
{
	return str(a, clang_getCursorSpelling(c));
}

/* A key naming a declaration uniquely in the translation unit. */
static const char *dkey(Arena *a, CXCursor d)
{
	CXFile f;
	unsigned off;
	CXCursor c = clang_getCanonicalCursor(d);

	clang_getSpellingLocation(clang_getCursorLocation(c), &f, NULL, NULL, &off);
	return arena_printf(a, "%s:%u:%d", f ? clang_getCString(clang_getFileName(f)) : "?", off,
	                    (int)clang_getCursorKind(c));
}

static int has_attr(CXCursor c, enum CXCursorKind k)
{
	CursorVec v = kids(c);
	int r = 0;

	for (size_t i = 0; i < v.len; i++)
		r |= clang_getCursorKind(v.data[i]) == k;
	VEC_FREE(v);
	return r;
}

static int in_main_file(CXCursor c)
{
	return clang_Location_isFromMainFile(clang_getCursorLocation(c)) != 0;
}

static int in_system(CXCursor c)
{
	CXSourceLocation l = clang_getCursorLocation(c);
	CXFile f;

	if (clang_Location_isInSystemHeader(l))
		return 1;
	clang_getSpellingLocation(l, &f, NULL, NULL, NULL);
	if (!f)
		return 1;
	CXString s = clang_getFileName(f);
	int r = !strncmp(clang_getCString(s), BUNDLED_DIR, strlen(BUNDLED_DIR));
	clang_disposeString(s);
	return r;
}

/* ---- types ---- */

static KirDType dt_of(CXType t)
{
	t = clang_getCanonicalType(t);
	switch (t.kind) {
	case CXType_Bool: return KT_I1;
	case CXType_Char_S: case CXType_SChar: return KT_I8;
	case CXType_Char_U: case CXType_UChar: return KT_U8;
	case CXType_Short: return KT_I16;
	case CXType_UShort: case CXType_Char16: return KT_U16;
	case CXType_Int: case CXType_WChar: return KT_I32;
	case CXType_UInt: case CXType_Char32: return KT_U32;
	case CXType_Long: case CXType_LongLong: return KT_I64;
	case CXType_ULong: case CXType_ULongLong: return KT_U64;
	case CXType_Half: case CXType_Float16: return KT_F16;
	case CXType_Float: return KT_F32;
	case CXType_Double: return KT_F64;
	case CXType_Enum: return dt_of(clang_getEnumDeclIntegerType(clang_getTypeDeclaration(t)));
	case CXType_Pointer: return KT_PTR;
	default: return KT_VOID;
	}
}

static int is_record(CXType t)
{
	return clang_getCanonicalType(t).kind == CXType_Record;
}

static const char *type_name(Arena *a, CXType t)
{
	return str(a, clang_getTypeSpelling(t));
}

/* ---- structs in memory ----
 * A struct that is k scalars of one size without padding (float2, three floats, a float
 * and an int) is stored in a buffer as k consecutive elements of its first field's type:
 * element i's field j is at i*k + j, and a field of another type of the same size is
 * read through a view (a bitcast). So `float2 *p` is a buffer of 2N floats and
 * `__shared__ float2 s[64]` a float[64][2]. Other structs are refused in memory. */

typedef struct Layout {
	KirDType elem;
	int k;                   /* scalars per struct */
	int ok;
	int64_t bits;            /* offset of the struct being visited */
} Layout;

static enum CXVisitorResult layout_visit(CXCursor f, CXClientData d)
{
	Layout *ly = d;
	CXType t = clang_getCanonicalType(clang_getCursorType(f));
	int64_t off = ly->bits + clang_Cursor_getOffsetOfField(f);

	if (t.kind == CXType_Record) {
		Layout sub = *ly;
		sub.bits = off;
		clang_Type_visitFields(t, layout_visit, &sub);
		ly->elem = sub.elem;
		ly->k = sub.k;
		ly->ok = sub.ok;
		return ly->ok ? CXVisit_Continue : CXVisit_Break;
	}
	if (dt_of(t) == KT_VOID || dt_of(t) == KT_PTR || dt_of(t) == KT_I1 ||
	    (ly->k && frontend_dtype_bytes(dt_of(t)) != frontend_dtype_bytes(ly->elem))) {
		ly->ok = 0;
		return CXVisit_Break;
	}
	if (!ly->k)
		ly->elem = dt_of(t);
	if (off != (int64_t)ly->k * 8 * frontend_dtype_bytes(ly->elem)) {
		ly->ok = 0;
		return CXVisit_Break;
	}
	ly->k++;
	return CXVisit_Continue;
}

static int struct_layout(CXType t, KirDType *elem, int *k)
{
	Layout ly = {KT_VOID, 0, 1, 0};

	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Record)
		return 0;
	clang_Type_visitFields(t, layout_visit, &ly);
	if (!ly.ok || !ly.k || clang_Type_getSizeOf(t) != (long long)ly.k * frontend_dtype_bytes(ly.elem))
		return 0;
	if (elem)
		*elem = ly.elem;
	if (k)
		*k = ly.k;
	return 1;
}

/* The element type of a buffer holding objects of (array element) type t. */
static KirDType mem_elem(CXType t)
{
	KirDType e;

	if (struct_layout(t, &e, NULL))
		return e;
	return dt_of(t);
}

/* Scalar elements in an object of type t (arrays multiply out, a struct of k scalars
 * counts k); 0 when not made of scalars. Fills dims when given (a struct adds an
 * innermost dimension k). */
static int64_t array_elems(CXType t, int64_t *dims, int *ndims)
{
	int64_t n = 1;
	int nd = 0;

	t = clang_getCanonicalType(t);
	while (t.kind == CXType_ConstantArray) {
		long long s = clang_getArraySize(t);
		if (nd < KIR_MAX_DIMS && dims)
			dims[nd] = s;
		nd++;
		n *= s;
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	}
	{
		int k;
		if (struct_layout(t, NULL, &k)) {
			if (nd < KIR_MAX_DIMS && dims)
				dims[nd] = k;
			if (ndims)
				*ndims = nd + 1;
			return n * k;
		}
	}
	if (ndims)
		*ndims = nd;
	return dt_of(t) != KT_VOID && dt_of(t) != KT_PTR ? n : 0;
}

static CXType scalar_elem(CXType t)
{
	t = clang_getCanonicalType(t);
	while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	return t;
}

/* ---- lowering helpers ---- */

static void err(Lower *L, CXCursor c, const char *fmt, ...) C2H_PRINTF(3, 4);

static void err(Lower *L, CXCursor c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vreport(DIAG_ERROR, cloc(L, c), fmt, ap);
	va_end(ap);
	if (L->fr && L->fr->fn)
		diag_note(NOLOC, "inlined from a call in kernel '%s' (device function '%s')", L->k->name,
		          L->fr->fn);
	else if (L->k)
		diag_note(NOLOC, "in kernel '%s'", L->k->name);
	L->failed = 1;
}

static KirExpr *poison(Lower *L, CXCursor c)
{
	return frontend_new_int(L->a, KT_I32, 0, cloc(L, c));
}

static const char *unique(Lower *L, const char *name)
{
	intptr_t n = (intptr_t)map_get(L->names, name);

	map_put(L->names, name, (void *)(n + 1));
	if (!n)
		return arena_strdup(L->a, name);
	for (;;) {
		const char *s = arena_printf(L->a, "%s.%ld", name, (long)n);
		if (!map_has(L->names, s)) {
			map_put(L->names, s, (void *)1);
			return s;
		}
		n++;
	}
}

static int new_var(Lower *L, const char *name, KirDType t, KirVarKind kind, SrcLoc loc)
{
	KirVar v = {unique(L, name), t, kind, loc};

	VEC_PUSH(L->vars, v);
	VEC_PUSH(L->stable, 0);
	return (int)L->vars.len - 1;
}

static KirExpr *var_ref(Lower *L, int v, SrcLoc loc)
{
	KirExpr *e = frontend_new_expr(L->a, KE_VAR, L->vars.data[v].type, loc);

	e->u.var = v;
	return e;
}

static Bind *new_bind(Lower *L, BindKind k)
{
	Bind *b = ARENA_NEW(L->a, Bind);

	b->kind = k;
	b->offvar = -1;
	return b;
}

static void bind(Lower *L, const char *key, Bind *b)
{
	map_put(L->fr->binds, key, b);
}

/* The bind of `key` in the innermost frame that has it (keys name declarations, and no
 * function is active twice, so a key is bound in one active frame at most), else a
 * global's. A member function's `this` reaches the object's fields in its caller. */
static Bind *find_bind(Lower *L, const char *key)
{
	for (Frame *f = L->fr; f; f = f->up) {
		Bind *b = map_get(f->binds, key);
		if (b)
			return b;
	}
	return map_get(L->globals, key);
}

static Bind *lookup(Lower *L, CXCursor decl)
{
	return find_bind(L, dkey(L->a, decl));
}

static KirStmt *block_of(Lower *L, StmtVec *v, SrcLoc loc)
{
	KirStmt *s = frontend_new_stmt(L->a, KS_BLOCK, loc);

	s->u.block.nstmts = v->len;
	s->u.block.stmts = ARENA_ARRAY(L->a, KirStmt *, v->len ? v->len : 1);
	if (v->len)
		memcpy(s->u.block.stmts, v->data, v->len * sizeof *v->data);
	VEC_FREE(*v);
	return s;
}

static KirStmt *expr_stmt(Lower *L, KirExpr *e)
{
	KirStmt *s;

	if (e->kind == KE_BITCAST && e->u.x->kind == KE_ASSIGN)
		e = e->u.x;          /* a store through a view whose value is unused */
	s = frontend_new_stmt(L->a, KS_EXPR, e->loc);

	s->u.expr = e;
	return s;
}

static KirStmt *decl_stmt(Lower *L, int var, KirExpr *init, SrcLoc loc)
{
	KirStmt *s = frontend_new_stmt(L->a, KS_DECL, loc);

	s->u.decl.var = var;
	s->u.decl.init = init;
	return s;
}

static void emit_pending(Lower *L, KirStmt *s)
{
	if (!L->pending)
		die("no statement context for a hoisted statement");
	VEC_PUSH(*L->pending, s);
}

/* ---- expressions ---- */

static KirExpr *lx(Lower *L, CXCursor c);
static KirExpr *lcall(Lower *L, CXCursor c);
static void ls(Lower *L, CXCursor c);

typedef struct Addr {
	int buffer;              /* -1: not memory */
	KirExpr *off;            /* element offset; NULL is 0 */
	int var;                 /* an lvalue variable (scalar) when >= 0 */
	KirDType view;           /* the buffer's elements read as this type of the same
	                            size (`(float *)ints`), else KT_VOID */
} Addr;

static Addr laddr(Lower *L, CXCursor c);
static KirExpr *load_of(Lower *L, CXCursor c, Addr a);
static CXCursor strip(CXCursor c);
static KirExpr *scale(Lower *L, KirExpr *idx, int64_t stride, SrcLoc loc);

static KirDType ctype(CXCursor c)
{
	return dt_of(clang_getCursorType(c));
}

static KirExpr *conv(Lower *L, KirExpr *e, KirDType t)
{
	if (t == KT_I1 && e->type != KT_I1 && e->kind != KE_CONST) {
		KirExpr *z = frontend_new_cast(L->a, e->type, frontend_new_int(L->a, KT_I32, 0, e->loc), e->loc);
		if (frontend_dtype_is_float(e->type))
			z = frontend_new_const(L->a, frontend_const_convert((KirConst){KT_I32, 0, 0}, e->type), e->loc);
		return frontend_new_binary(L->a, KB_NE, KT_I1, e, z, e->loc);
	}
	return frontend_new_cast(L->a, t, e, e->loc);
}

static KirExpr *cond_of(Lower *L, CXCursor c)
{
	return conv(L, lx(L, c), KT_I1);
}

static int eval_int(CXCursor c, int64_t *out)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	int ok = 0;

	if (r && clang_EvalResult_getKind(r) == CXEval_Int) {
		*out = clang_EvalResult_isUnsignedInt(r) ? (int64_t)clang_EvalResult_getAsUnsigned(r) :
		       (int64_t)clang_EvalResult_getAsLongLong(r);
		ok = 1;
	}
	if (r)
		clang_EvalResult_dispose(r);
	return ok;
}

static int eval_const(CXCursor c, KirDType t, KirConst *out)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	int ok = 0;

	if (!r)
		return 0;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		KirConst k = {clang_EvalResult_isUnsignedInt(r) ? KT_U64 : KT_I64, 0, 0};
		k.i = clang_EvalResult_isUnsignedInt(r) ? (int64_t)clang_EvalResult_getAsUnsigned(r) :
		      (int64_t)clang_EvalResult_getAsLongLong(r);
		*out = frontend_const_convert(k, t);
		ok = 1;
	} else if (clang_EvalResult_getKind(r) == CXEval_Float) {
		KirConst k = {KT_F64, 0, clang_EvalResult_getAsDouble(r)};
		*out = frontend_const_convert(k, t);
		ok = 1;
	}
	clang_EvalResult_dispose(r);
	return ok;
}

static KirExpr *lliteral(Lower *L, CXCursor c)
{
	KirDType t = ctype(c);
	KirConst k;

	if (clang_getCursorKind(c) == CXCursor_CXXBoolLiteralExpr) {
		CXToken *tok = clang_getToken(L->cx->tu, clang_getCursorLocation(c));
		const char *s = tok ? str(L->a, clang_getTokenSpelling(L->cx->tu, *tok)) : "";
		if (tok)
			clang_disposeTokens(L->cx->tu, tok, 1);
		return frontend_new_int(L->a, KT_I1, !strcmp(s, "true"), cloc(L, c));
	}
	if (!eval_const(c, t, &k)) {
		err(L, c, "cannot evaluate this literal");
		return poison(L, c);
	}
	return frontend_new_const(L->a, k, cloc(L, c));
}

static KirBuiltin builtin_of(const char *var, const char *field)
{
	static const char *const vars[] = {"threadIdx", "blockIdx", "blockDim", "gridDim"};

	for (int i = 0; i < 4; i++)
		if (!strcmp(var, vars[i]) && field[0] >= 'x' && field[0] <= 'z' && !field[1])
			return (KirBuiltin)(3 * i + field[0] - 'x');
	return KBI_COUNT;
}

static KirExpr *new_builtin(Lower *L, KirBuiltin b, SrcLoc loc)
{
	KirExpr *e = frontend_new_expr(L->a, KE_BUILTIN, b == KBI_WARPSIZE ? KT_I32 : KT_U32, loc);

	e->u.builtin = b;
	return e;
}

static KirExpr *bind_value(Lower *L, CXCursor c, Bind *b)
{
	SrcLoc l = cloc(L, c);
	KirExpr *e;

	switch (b->kind) {
	case BK_VAR:
		return var_ref(L, b->idx, l);
	case BK_PARAM:
		if (L->params.data[b->idx].bound)
			return frontend_new_const(L->a, L->params.data[b->idx].value, l);
		e = frontend_new_expr(L->a, KE_PARAM, L->params.data[b->idx].type, l);
		e->u.param = b->idx;
		return e;
	case BK_CONST:
		return frontend_new_const(L->a, b->c, l);
	case BK_EXPR:
		return b->expr;
	case BK_MEM:
		e = frontend_new_expr(L->a, KE_LOAD, L->bufs.data[b->buffer].elem, l);
		e->u.load.buffer = b->buffer;
		e->u.load.index = b->off;
		return e;
	default:
		err(L, c, "a pointer or group is used as a value here; only memory accesses through it can be translated");
		return poison(L, c);
	}
}

static KirExpr *ldeclref(Lower *L, CXCursor c)
{
	CXCursor d = clang_getCursorReferenced(c);
	enum CXCursorKind dk = clang_getCursorKind(d);
	Bind *b;
	KirConst k;

	if (dk == CXCursor_EnumConstantDecl) {
		KirConst e = {KT_I64, clang_getEnumConstantDeclValue(d), 0};
		return frontend_new_const(L->a, frontend_const_convert(e, ctype(c)), cloc(L, c));
	}
	if (nkids(c) == 1 && clang_isExpression(clang_getCursorKind(kid(c, 0)))) {
		/* a template instance: a non-type parameter stands for its argument's value */
		if (eval_const(c, ctype(c), &k))
			return frontend_new_const(L->a, k, cloc(L, c));
		return conv(L, lx(L, kid(c, 0)), ctype(c));
	}
	if (dk == CXCursor_FunctionDecl || dk == CXCursor_CXXMethod) {
		err(L, c, "function pointers are not supported: '%s' is used as a value", spell(L->a, d));
		return poison(L, c);
	}
	b = lookup(L, d);
	if (b)
		return bind_value(L, c, b);
	if (!strcmp(spell(L->a, d), "warpSize"))
		return new_builtin(L, KBI_WARPSIZE, cloc(L, c));
	if (dk == CXCursor_VarDecl && eval_const(c, ctype(c), &k))
		return frontend_new_const(L->a, k, cloc(L, c));
	err(L, c, "'%s' cannot be used in a kernel (not a parameter, local, constant or __constant__/__shared__ variable)",
	    spell(L->a, d));
	return poison(L, c);
}

/* The base of a member expression (skipping implicit nodes). */
static CXCursor member_base(CXCursor c)
{
	CXCursor b = kid(c, 0);

	while (!clang_Cursor_isNull(b) && (clang_getCursorKind(b) == CXCursor_UnexposedExpr ||
	                                   clang_getCursorKind(b) == CXCursor_ParenExpr) && nkids(b) == 1)
		b = kid(b, 0);
	return b;
}

/* Key of a struct field binding: the base variable's key and the field path. */
static const char *member_key(Lower *L, CXCursor c)
{
	CXCursor b = member_base(c);
	const char *field = spell(L->a, clang_getCursorReferenced(c));

	if (clang_Cursor_isNull(b) || clang_getCursorKind(b) == CXCursor_CXXThisExpr)   /* `a`, `this->a` in a method */
		return L->fr->this_key ? arena_printf(L->a, "%s.%s", L->fr->this_key, field) : NULL;
	if (clang_getCursorKind(b) == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(b);
		return arena_printf(L->a, "%s.%s", dkey(L->a, d), field);
	}
	if (clang_getCursorKind(b) == CXCursor_MemberRefExpr) {
		const char *k = member_key(L, b);
		return k ? arena_printf(L->a, "%s.%s", k, field) : NULL;
	}
	return NULL;
}

static Bind *member_bind(Lower *L, CXCursor c)
{
	const char *key = member_key(L, c);
	Bind *b;

	if (!key)
		return NULL;
	b = find_bind(L, key);
	return b;
}

/* The member's name; MS properties (threadIdx.x) have an empty spelling in libclang,
 * so the last token of the expression names it. */
static const char *member_name(Lower *L, CXCursor c)
{
	const char *n = spell(L->a, c);
	CXToken *toks;
	unsigned nt;

	if (*n)
		return n;
	clang_tokenize(L->cx->tu, clang_getCursorExtent(c), &toks, &nt);
	if (nt)
		n = str(L->a, clang_getTokenSpelling(L->cx->tu, toks[nt - 1]));
	clang_disposeTokens(L->cx->tu, toks, nt);
	return n;
}

static KirExpr *lmember(Lower *L, CXCursor c)
{
	CXCursor b = member_base(c);
	Bind *mb;
	Addr a;

	if (clang_getCursorKind(b) == CXCursor_DeclRefExpr) {
		const char *v = spell(L->a, clang_getCursorReferenced(b));
		KirBuiltin bi = builtin_of(v, member_name(L, c));
		if (bi != KBI_COUNT)
			return new_builtin(L, bi, cloc(L, c));
	}
	mb = member_bind(L, c);
	if (mb)
		return bind_value(L, c, mb);
	a = laddr(L, c);
	if (a.buffer >= 0)
		return load_of(L, c, a);
	if (!L->failed)
		err(L, c, "member '%s' cannot be translated here", spell(L->a, c));
	return poison(L, c);
}

static KirExpr *load_of(Lower *L, CXCursor c, Addr a)
{
	KirExpr *e;

	if (a.var >= 0)
		return var_ref(L, a.var, cloc(L, c));
	if (a.buffer < 0)
		return poison(L, c);
	e = frontend_new_expr(L->a, KE_LOAD, L->bufs.data[a.buffer].elem, cloc(L, c));
	e->u.load.buffer = a.buffer;
	e->u.load.index = a.off ? a.off : frontend_new_int(L->a, KT_I32, 0, cloc(L, c));
	if (a.view != KT_VOID) {
		KirExpr *v = frontend_new_expr(L->a, KE_BITCAST, a.view, e->loc);
		v->u.x = e;
		e = v;
	}
	if (e->type != ctype(c) && ctype(c) != KT_VOID)
		return frontend_new_cast(L->a, ctype(c), e, e->loc);
	return e;
}

/* An lvalue: a scalar variable or a memory element. */
static int lval_of(Lower *L, CXCursor c, KirLval *lv, KirDType *t)
{
	CXCursor b = c;
	Bind *bd = NULL;
	Addr a;

	while (clang_getCursorKind(b) == CXCursor_ParenExpr || (clang_getCursorKind(b) == CXCursor_UnexposedExpr && nkids(b) == 1))
		b = kid(b, 0);
	if (clang_getCursorKind(b) == CXCursor_DeclRefExpr)
		bd = lookup(L, clang_getCursorReferenced(b));
	else if (clang_getCursorKind(b) == CXCursor_MemberRefExpr)
		bd = member_bind(L, b);
	if (bd && bd->kind == BK_VAR) {
		lv->var = bd->idx;
		lv->buffer = -1;
		*t = L->vars.data[bd->idx].type;
		return 1;
	}
	if (bd && bd->kind == BK_MEM) {
		lv->var = -1;
		lv->buffer = bd->buffer;
		lv->index = bd->off;
		*t = L->bufs.data[bd->buffer].elem;
		return 1;
	}
	if (bd && (bd->kind == BK_PARAM || bd->kind == BK_CONST || bd->kind == BK_EXPR)) {
		err(L, c, "assignment to a parameter bound to a constant or argument");
		return 0;
	}
	a = laddr(L, b);
	if (a.var >= 0) {
		lv->var = a.var;
		lv->buffer = -1;
		*t = L->vars.data[a.var].type;
		return 1;
	}
	if (a.buffer < 0) {
		if (!L->failed)
			err(L, c, "this expression cannot be assigned in the kernel IR");
		return 0;
	}
	if (L->bufs.data[a.buffer].space == KSP_CONSTANT)
		err(L, c, "__constant__ memory is read-only in a kernel");
	if (a.view != KT_VOID && !L->allow_view) {
		err(L, c, "only loads and plain stores can go through a pointer that reinterprets '%s' as %s",
		    L->bufs.data[a.buffer].name, frontend_dtype_name(a.view));
		return 0;
	}
	L->lv_view = a.view;
	lv->var = -1;
	lv->buffer = a.buffer;
	lv->index = a.off ? a.off : frontend_new_int(L->a, KT_I32, 0, cloc(L, c));
	*t = L->bufs.data[a.buffer].elem;
	return 1;
}

static KirBinOp binop_of(enum CXBinaryOperatorKind k)
{
	switch (k) {
	case CXBinaryOperator_Mul: case CXBinaryOperator_MulAssign: return KB_MUL;
	case CXBinaryOperator_Div: case CXBinaryOperator_DivAssign: return KB_DIV;
	case CXBinaryOperator_Rem: case CXBinaryOperator_RemAssign: return KB_REM;
	case CXBinaryOperator_Add: case CXBinaryOperator_AddAssign: return KB_ADD;
	case CXBinaryOperator_Sub: case CXBinaryOperator_SubAssign: return KB_SUB;
	case CXBinaryOperator_Shl: case CXBinaryOperator_ShlAssign: return KB_SHL;
	case CXBinaryOperator_Shr: case CXBinaryOperator_ShrAssign: return KB_SHR;
	case CXBinaryOperator_LT: return KB_LT;
	case CXBinaryOperator_GT: return KB_GT;
	case CXBinaryOperator_LE: return KB_LE;
	case CXBinaryOperator_GE: return KB_GE;
	case CXBinaryOperator_EQ: return KB_EQ;
	case CXBinaryOperator_NE: return KB_NE;
	case CXBinaryOperator_And: case CXBinaryOperator_AndAssign: return KB_AND;
	case CXBinaryOperator_Xor: case CXBinaryOperator_XorAssign: return KB_XOR;
	case CXBinaryOperator_Or: case CXBinaryOperator_OrAssign: return KB_OR;
	default: return KB_NONE;
	}
}

/* Pointer arithmetic: a pointer operand plus or minus an integer stays an address. */
static int is_ptr_expr(CXCursor c)
{
	enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(c)).kind;

	return k == CXType_Pointer || k == CXType_ConstantArray || k == CXType_IncompleteArray;
}

/* The bind of a pointer variable whose offset lives in a variable (a moving pointer). */
static Bind *moving_bind(Lower *L, CXCursor c)
{
	Bind *b;

	c = strip(c);
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return NULL;
	b = lookup(L, clang_getCursorReferenced(c));
	return b && b->kind == BK_PTR && b->offvar >= 0 && L->vars.data[b->offvar].type == KT_I64 ? b : NULL;
}

static int64_t pointee_elems(CXCursor c)
{
	int64_t n = array_elems(clang_getPointeeType(clang_getCursorType(c)), NULL, NULL);

	return n ? n : 1;
}

/* p = q + k, p += k, p -= k on a moving pointer: its offset variable changes. */
static KirExpr *lptr_assign(Lower *L, CXCursor c, CXCursor lhs, CXCursor rhs, KirBinOp op)
{
	Bind *b = moving_bind(L, lhs);
	KirExpr *e, *val;

	if (!b) {
		err(L, c, "assignment of a pointer that is not a local pointer variable or parameter cannot be translated");
		return poison(L, c);
	}
	if (op == KB_NONE) {
		Addr a = laddr(L, rhs);
		if (a.buffer < 0)
			return poison(L, c);
		if (b->buffer < 0) {
			b->buffer = a.buffer;
			b->view = a.view;
		} else if (a.buffer != b->buffer || a.view != b->view) {
			err(L, c, "the pointer is assigned an address in '%s' after one in '%s': a pointer must stay in one buffer",
			    L->bufs.data[a.buffer].name, L->bufs.data[b->buffer].name);
			return poison(L, c);
		}
		val = a.off ? conv(L, a.off, KT_I64) : frontend_new_int(L->a, KT_I64, 0, cloc(L, c));
	} else if (op == KB_ADD || op == KB_SUB) {
		val = scale(L, conv(L, lx(L, rhs), KT_I64), pointee_elems(lhs), cloc(L, c));
	} else {
		err(L, c, "unsupported pointer assignment");
		return poison(L, c);
	}
	e = frontend_new_expr(L->a, KE_ASSIGN, KT_I64, cloc(L, c));
	e->u.assign.lv.var = b->offvar;
	e->u.assign.lv.buffer = -1;
	e->u.assign.op = op;
	e->u.assign.optype = KT_I64;
	e->u.assign.value = val;
	return e;
}

static KirExpr *lassign(Lower *L, CXCursor c, enum CXBinaryOperatorKind k)
{
	CursorVec v = kids(c);
	KirLval lv;
	KirDType t;
	KirExpr *e, *val;
	KirBinOp op = binop_of(k);

	if (is_ptr_expr(v.data[0])) {
		e = lptr_assign(L, c, v.data[0], v.data[1], op);
		VEC_FREE(v);
		return e;
	}
	/* C++17: the right operand is sequenced before the left (a `*p++ = p[1]` reads the
	 * old p) */
	val = lx(L, v.data[1]);
	L->allow_view = op == KB_NONE;
	L->lv_view = KT_VOID;
	if (!lval_of(L, v.data[0], &lv, &t)) {
		L->allow_view = 0;
		VEC_FREE(v);
		return poison(L, c);
	}
	L->allow_view = 0;
	if (L->lv_view != KT_VOID) {
		/* a store through a view: the value's bits become the element's */
		KirDType vt = L->lv_view;
		KirExpr *bits = frontend_new_expr(L->a, KE_BITCAST, t, cloc(L, c));
		bits->u.x = conv(L, val, vt);
		val = bits;
		e = frontend_new_expr(L->a, KE_ASSIGN, t, cloc(L, c));
		e->u.assign.lv = lv;
		e->u.assign.op = KB_NONE;
		e->u.assign.optype = t;
		e->u.assign.value = val;
		VEC_FREE(v);
		val = frontend_new_expr(L->a, KE_BITCAST, vt, cloc(L, c));
		val->u.x = e;
		L->lv_view = KT_VOID;
		return val;
	}
	e = frontend_new_expr(L->a, KE_ASSIGN, t, cloc(L, c));
	e->u.assign.lv = lv;
	e->u.assign.op = op;
	if (op == KB_NONE) {
		e->u.assign.optype = t;
		val = conv(L, val, t);
	} else {
		/* compound: clang's CompoundAssignOperator computes in the promoted type */
		KirDType ot = op == KB_SHL || op == KB_SHR ? t : val->type;
		if (frontend_dtype_bytes(ot) < 4 && frontend_dtype_is_int(ot))
			ot = KT_I32;
		if (op == KB_SHL || op == KB_SHR) {
			if (frontend_dtype_bytes(t) < 4)
				ot = KT_I32;
		}
		e->u.assign.optype = ot;
		if (op != KB_SHL && op != KB_SHR)
			val = conv(L, val, ot);
	}
	e->u.assign.value = val;
	VEC_FREE(v);
	return e;
}

static KirDType promote(KirDType t)
{
	return frontend_dtype_is_int(t) && frontend_dtype_bytes(t) < 4 ? KT_I32 : t;
}

static KirExpr *lbinary(Lower *L, CXCursor c)
{
	enum CXBinaryOperatorKind k = clang_getCursorBinaryOperatorKind(c);
	CursorVec v;
	KirExpr *l, *r, *e;
	KirBinOp op;
	KirDType t = ctype(c);

	if (k >= CXBinaryOperator_Assign && k <= CXBinaryOperator_OrAssign)
		return lassign(L, c, k);
	if (is_ptr_expr(c) || k == CXBinaryOperator_PtrMemD || k == CXBinaryOperator_PtrMemI) {
		err(L, c, "pointer-valued expression cannot be translated here");
		return poison(L, c);
	}
	v = kids(c);
	if (v.len != 2) {
		VEC_FREE(v);
		err(L, c, "malformed binary operator");
		return poison(L, c);
	}
	if (k == CXBinaryOperator_Comma) {
		e = frontend_new_expr(L->a, KE_COMMA, KT_VOID, cloc(L, c));
		e->u.comma.l = lx(L, v.data[0]);
		e->u.comma.r = lx(L, v.data[1]);
		e->type = e->u.comma.r->type;
		VEC_FREE(v);
		return e;
	}
	if (k == CXBinaryOperator_LAnd || k == CXBinaryOperator_LOr) {
		int save = L->hoist_ok;
		e = frontend_new_expr(L->a, k == CXBinaryOperator_LAnd ? KE_LOGAND : KE_LOGOR, KT_I1, cloc(L, c));
		e->u.bin.l = cond_of(L, v.data[0]);
		L->hoist_ok = 0;
		e->u.bin.r = cond_of(L, v.data[1]);
		L->hoist_ok = save;
		VEC_FREE(v);
		if (e->u.bin.l->kind == KE_CONST)
			return frontend_const_is_true(e->u.bin.l->u.c) == (k == CXBinaryOperator_LAnd) ?
			       e->u.bin.r : e->u.bin.l;
		return e;
	}
	if ((k == CXBinaryOperator_Sub) && is_ptr_expr(v.data[0]) && is_ptr_expr(v.data[1])) {
		Addr a = laddr(L, v.data[0]), b = laddr(L, v.data[1]);
		VEC_FREE(v);
		if (a.buffer != b.buffer || a.buffer < 0) {
			err(L, c, "difference of pointers into different buffers");
			return poison(L, c);
		}
		l = a.off ? conv(L, a.off, t) : frontend_new_int(L->a, t, 0, cloc(L, c));
		r = b.off ? conv(L, b.off, t) : frontend_new_int(L->a, t, 0, cloc(L, c));
		return frontend_new_binary(L->a, KB_SUB, t, l, r, cloc(L, c));
	}
	if (is_ptr_expr(v.data[0]) && is_ptr_expr(v.data[1]) && binop_of(k) >= KB_LT && binop_of(k) <= KB_NE) {
		Addr a = laddr(L, v.data[0]), b = laddr(L, v.data[1]);
		VEC_FREE(v);
		if (a.buffer != b.buffer || a.buffer < 0) {
			if (!L->failed)
				err(L, c, "comparison of pointers into different buffers cannot be translated");
			return poison(L, c);
		}
		l = a.off ? conv(L, a.off, KT_I64) : frontend_new_int(L->a, KT_I64, 0, cloc(L, c));
		r = b.off ? conv(L, b.off, KT_I64) : frontend_new_int(L->a, KT_I64, 0, cloc(L, c));
		return frontend_new_binary(L->a, binop_of(k), KT_I1, l, r, cloc(L, c));
	}
	if (is_ptr_expr(v.data[0]) || is_ptr_expr(v.data[1])) {
		VEC_FREE(v);
		err(L, c, "comparison of pointers cannot be translated");
		return poison(L, c);
	}
	op = binop_of(k);
	l = lx(L, v.data[0]);
	r = lx(L, v.data[1]);
	VEC_FREE(v);
	if (op == KB_SHL || op == KB_SHR) {
		l = conv(L, l, t);
		r = conv(L, r, promote(r->type));
	} else if (op >= KB_LT && op <= KB_NE && l->type != r->type) {
		err(L, c, "internal: comparison operands of different types %s and %s",
		    frontend_dtype_name(l->type), frontend_dtype_name(r->type));
	}
	return frontend_new_binary(L->a, op, t, l, r, cloc(L, c));
}

static KirExpr *lincdec(Lower *L, CXCursor c, int inc, int post)
{
	KirLval lv;
	KirDType t;
	KirExpr *e;

	if (is_ptr_expr(c)) {
		Bind *b = moving_bind(L, kid(c, 0));
		if (!b || pointee_elems(kid(c, 0)) != 1) {
			err(L, c, "increment of a pointer that is not a local pointer variable or parameter cannot be translated");
			return poison(L, c);
		}
		e = frontend_new_expr(L->a, KE_INCDEC, KT_I64, cloc(L, c));
		e->u.incdec.lv.var = b->offvar;
		e->u.incdec.lv.buffer = -1;
		e->u.incdec.inc = inc;
		e->u.incdec.post = post;
		return e;
	}
	if (!lval_of(L, kid(c, 0), &lv, &t))
		return poison(L, c);
	e = frontend_new_expr(L->a, KE_INCDEC, t, cloc(L, c));
	e->u.incdec.lv = lv;
	e->u.incdec.inc = inc;
	e->u.incdec.post = post;
	return e;
}

static KirExpr *lunary(Lower *L, CXCursor c)
{
	enum CXUnaryOperatorKind k = clang_getCursorUnaryOperatorKind(c);
	KirDType t = ctype(c);
	KirExpr *x;

	switch (k) {
	case CXUnaryOperator_PostInc: return lincdec(L, c, 1, 1);
	case CXUnaryOperator_PostDec: return lincdec(L, c, 0, 1);
	case CXUnaryOperator_PreInc: return lincdec(L, c, 1, 0);
	case CXUnaryOperator_PreDec: return lincdec(L, c, 0, 0);
	case CXUnaryOperator_Deref:
		return load_of(L, c, laddr(L, c));
	case CXUnaryOperator_Plus:
		return conv(L, lx(L, kid(c, 0)), t);
	case CXUnaryOperator_Minus:
		return frontend_new_unary(L->a, KU_NEG, t, conv(L, lx(L, kid(c, 0)), t), cloc(L, c));
	case CXUnaryOperator_Not:
		return frontend_new_unary(L->a, KU_BITNOT, t, conv(L, lx(L, kid(c, 0)), t), cloc(L, c));
	case CXUnaryOperator_LNot:
		x = cond_of(L, kid(c, 0));
		return frontend_new_unary(L->a, KU_NOT, KT_I1, x, cloc(L, c));
	case CXUnaryOperator_AddrOf:
		err(L, c, "the address of a value can only be taken as the target of an atomic operation");
		return poison(L, c);
	default:
		err(L, c, "unsupported unary operator");
		return poison(L, c);
	}
}

static KirExpr *lcondop(Lower *L, CXCursor c)
{
	CursorVec v = kids(c);
	KirDType t = ctype(c);
	KirExpr *e;
	int save = L->hoist_ok;

	if (v.len != 3 || is_ptr_expr(c)) {
		VEC_FREE(v);
		err(L, c, "a conditional expression choosing between pointers cannot be translated");
		return poison(L, c);
	}
	e = frontend_new_expr(L->a, KE_COND, t, cloc(L, c));
	e->u.cond.c = cond_of(L, v.data[0]);
	L->hoist_ok = 0;
	e->u.cond.t = conv(L, lx(L, v.data[1]), t);
	e->u.cond.f = conv(L, lx(L, v.data[2]), t);
	L->hoist_ok = save;
	VEC_FREE(v);
	if (e->u.cond.c->kind == KE_CONST)
		return frontend_const_is_true(e->u.cond.c->u.c) ? e->u.cond.t : e->u.cond.f;
	return e;
}

/* The last child that is an expression (casts have a TypeRef child first). */
static CXCursor last_expr(CXCursor c)
{
	CursorVec v = kids(c);
	CXCursor r = clang_getNullCursor();

	for (size_t i = 0; i < v.len; i++)
		if (clang_isExpression(clang_getCursorKind(v.data[i])))
			r = v.data[i];
	VEC_FREE(v);
	return r;
}

static KirExpr *lcast(Lower *L, CXCursor c)
{
	CXCursor x = last_expr(c);
	KirDType t = ctype(c);
	KirExpr *e;

	if (clang_Cursor_isNull(x)) {
		KirConst k;
		if (eval_const(c, t, &k))
			return frontend_new_const(L->a, k, cloc(L, c));
		err(L, c, "unsupported cast");
		return poison(L, c);
	}
	if (t == KT_PTR) {
		err(L, c, "pointer cast cannot be translated here");
		return poison(L, c);
	}
	if (t == KT_VOID)
		return lx(L, x);
	e = lx(L, x);
	return conv(L, e, t);
}

static KirExpr *lunexposed(Lower *L, CXCursor c)
{
	CursorVec v = kids(c);
	KirDType t = ctype(c);
	KirExpr *e;
	KirConst k;

	if (v.len == 0) {
		VEC_FREE(v);
		if (eval_const(c, t, &k))
			return frontend_new_const(L->a, k, cloc(L, c));
		err(L, c, "unsupported expression");
		return poison(L, c);
	}
	if (v.len != 1 || (is_ptr_expr(c) && !is_record(clang_getCursorType(c)))) {
		CXCursor first = v.data[0];
		VEC_FREE(v);
		if (is_ptr_expr(c)) {
			Addr a = laddr(L, c);
			(void)a;
			err(L, c, "pointer-valued expression cannot be translated here");
			return poison(L, c);
		}
		return lx(L, first);
	}
	e = lx(L, v.data[0]);
	VEC_FREE(v);
	if (t != KT_VOID && t != KT_PTR && e->type != t)
		e = conv(L, e, t);
	return e;
}

static KirExpr *lsubscript(Lower *L, CXCursor c)
{
	return load_of(L, c, laddr(L, c));
}

static KirExpr *lx(Lower *L, CXCursor c)
{
	KirConst k;

	switch (clang_getCursorKind(c)) {
	case CXCursor_IntegerLiteral: case CXCursor_FloatingLiteral: case CXCursor_CharacterLiteral:
	case CXCursor_CXXBoolLiteralExpr:
		return lliteral(L, c);
	case CXCursor_ParenExpr:
		return lx(L, kid(c, 0));
	case CXCursor_UnexposedExpr:
		return lunexposed(L, c);
	case CXCursor_DeclRefExpr:
		return ldeclref(L, c);
	case CXCursor_MemberRefExpr:
		return lmember(L, c);
	case CXCursor_BinaryOperator: case CXCursor_CompoundAssignOperator:
		return lbinary(L, c);
	case CXCursor_UnaryOperator:
		return lunary(L, c);
	case CXCursor_ConditionalOperator:
		return lcondop(L, c);
	case CXCursor_CStyleCastExpr: case CXCursor_CXXStaticCastExpr:
	case CXCursor_CXXFunctionalCastExpr: case CXCursor_CXXConstCastExpr:
		return lcast(L, c);
	case CXCursor_CXXReinterpretCastExpr:
		err(L, c, "reinterpret_cast cannot be translated");
		return poison(L, c);
	case CXCursor_ArraySubscriptExpr:
		return lsubscript(L, c);
	case CXCursor_CallExpr:
		return lcall(L, c);
	case CXCursor_UnaryExpr:
		if (eval_const(c, ctype(c), &k))
			return frontend_new_const(L->a, k, cloc(L, c));
		err(L, c, "cannot evaluate this expression");
		return poison(L, c);
	case CXCursor_CXXNullPtrLiteralExpr: case CXCursor_GNUNullExpr:
		err(L, c, "null pointers cannot be translated");
		return poison(L, c);
	case CXCursor_LambdaExpr:
		err(L, c, "lambdas are not supported in kernels");
		return poison(L, c);
	case CXCursor_CXXThisExpr:
		err(L, c, "member functions are not supported in kernels");
		return poison(L, c);
	default:
		if (eval_const(c, ctype(c), &k))
			return frontend_new_const(L->a, k, cloc(L, c));
		err(L, c, "unsupported expression (%s)", str(L->a, clang_getCursorKindSpelling(clang_getCursorKind(c))));
		return poison(L, c);
	}
}

/* ---- addresses: pointer arithmetic folded into (buffer, flat element offset) ---- */

static KirExpr *add_off(Lower *L, KirExpr *a, KirExpr *b, SrcLoc loc)
{
	if (!a)
		return b;
	if (!b)
		return a;
	if (a->type != b->type) {
		a = conv(L, a, KT_I64);
		b = conv(L, b, KT_I64);
	}
	return frontend_new_binary(L->a, KB_ADD, a->type, a, b, loc);
}

static KirExpr *scale(Lower *L, KirExpr *idx, int64_t stride, SrcLoc loc)
{
	if (stride == 1)
		return idx;
	return frontend_new_binary(L->a, KB_MUL, idx->type, idx, frontend_new_int(L->a, idx->type, stride, loc), loc);
}

static Addr no_addr(void)
{
	Addr a = {-1, NULL, -1, KT_VOID};
	return a;
}

static Addr bind_addr(Lower *L, CXCursor c, Bind *b)
{
	Addr a = no_addr();

	if (!b)
		return a;
	switch (b->kind) {
	case BK_PTR:
		a.buffer = b->buffer;
		a.off = b->offvar >= 0 ? var_ref(L, b->offvar, cloc(L, c)) : b->off;
		a.view = b->view;
		break;
	case BK_MEM:
		a.buffer = b->buffer;
		a.off = b->off;
		break;
	case BK_VAR:
		a.var = b->idx;
		break;
	default:
		break;
	}
	return a;
}

static int64_t stride_of(CXCursor c)
{
	int64_t n = array_elems(clang_getCursorType(c), NULL, NULL);

	return n ? n : 1;
}

static Bind *global_var(Lower *L, CXCursor d);

/* A pointer cast `(float *)p` with p into a buffer of 4-byte ints: the elements are
 * reinterpreted (a bitcast at each load and store), which is exact when the sizes agree;
 * other sizes would need bytes of several elements and are refused. */
static Addr view_addr(Lower *L, CXCursor c, Addr a)
{
	KirDType to = dt_of(clang_getPointeeType(clang_getCursorType(c)));
	KirBuffer *b = a.buffer >= 0 ? &L->bufs.data[a.buffer] : NULL;

	if (b && to != KT_VOID && to != KT_PTR && to != KT_I1 && b->elem != KT_I1 &&
	    frontend_dtype_bytes(to) == frontend_dtype_bytes(b->elem)) {
		a.view = to == b->elem ? KT_VOID : to;
		return a;
	}
	if (b)
		err(L, c, "the cast to '%s' reads the %s elements of '%s' as %s: only a reinterpretation as a type of the same size (%d bytes) can be translated",
		    type_name(L->a, clang_getCursorType(c)), frontend_dtype_name(b->elem), b->name,
		    to == KT_VOID || to == KT_PTR ? type_name(L->a, clang_getPointeeType(clang_getCursorType(c))) : frontend_dtype_name(to),
		    frontend_dtype_bytes(b->elem));
	else
		err(L, c, "pointer cast between element types cannot be translated");
	return no_addr();
}

typedef struct RefCount {
	CXCursor decl;
	int n;
} RefCount;

static enum CXChildVisitResult ref_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	RefCount *r = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(c), r->decl))
		r->n++;
	return CXChildVisit_Recurse;
}

/* References to decl inside c. */
static int count_refs(CXCursor c, CXCursor decl)
{
	RefCount r = {decl, 0};

	clang_visitChildren(c, ref_visit, &r);
	return r.n;
}

/* `*p++`, `*--p` on a moving pointer: the increment runs just before the statement and
 * the address is the offset before (post) or after (pre) it. */
static Addr incdec_addr(Lower *L, CXCursor c, enum CXUnaryOperatorKind k)
{
	int post = k == CXUnaryOperator_PostInc || k == CXUnaryOperator_PostDec;
	int inc = k == CXUnaryOperator_PostInc || k == CXUnaryOperator_PreInc;
	Addr a = laddr(L, kid(c, 0));
	KirExpr *e;

	if (!L->hoist_ok || clang_Cursor_isNull(L->stmt)) {
		err(L, c, "an increment of a pointer inside a condition or a loop test cannot be translated");
		return no_addr();
	}
	if (count_refs(L->stmt, clang_getCursorReferenced(strip(kid(c, 0)))) != 1) {
		err(L, c, "a pointer incremented inside an address must not be used again in the same statement");
		return no_addr();
	}
	e = lx(L, c);
	e->u.incdec.post = 0;
	emit_pending(L, expr_stmt(L, e));
	if (post)
		a.off = frontend_new_binary(L->a, inc ? KB_SUB : KB_ADD, KT_I64, a.off,
		                            frontend_new_int(L->a, KT_I64, 1, cloc(L, c)), cloc(L, c));
	return a;
}

/* A struct-typed expression that lives in memory (`s[i]`, `*p`, `p->` bases). */
static int is_mem_struct(CXCursor b)
{
	enum CXCursorKind k = clang_getCursorKind(b);
	CXType t = clang_getCanonicalType(clang_getCursorType(b));

	if (clang_Cursor_isNull(b))
		return 0;
	if (t.kind == CXType_Pointer)
		return struct_layout(clang_getPointeeType(t), NULL, NULL);     /* p->x */
	return t.kind == CXType_Record && (k == CXCursor_ArraySubscriptExpr || k == CXCursor_UnaryOperator ||
	                                   k == CXCursor_MemberRefExpr || k == CXCursor_ParenExpr);
}

/* Field of a struct in memory: its element offset within the struct added. */
static Addr field_addr(Lower *L, CXCursor c)
{
	CXCursor b = member_base(c), fld = clang_getCursorReferenced(c);
	CXType bt = clang_getCanonicalType(clang_getCursorType(b));
	KirDType elem, ft = dt_of(clang_getCursorType(fld));
	Addr a = laddr(L, b);
	int64_t j;

	if (bt.kind == CXType_Pointer)
		bt = clang_getCanonicalType(clang_getPointeeType(bt));
	if (a.buffer < 0 || !struct_layout(bt, &elem, NULL))
		return no_addr();
	elem = L->bufs.data[a.buffer].elem;
	j = clang_Cursor_getOffsetOfField(fld) / (8 * frontend_dtype_bytes(elem));
	a.off = add_off(L, a.off, frontend_new_int(L->a, a.off ? a.off->type : KT_I32, j, cloc(L, c)), cloc(L, c));
	a.view = is_record(clang_getCursorType(fld)) || ft == elem ? KT_VOID : ft;
	return a;
}

static Addr laddr(Lower *L, CXCursor c)
{
	Addr a = no_addr(), b;
	CursorVec v;
	SrcLoc l = cloc(L, c);

	switch (clang_getCursorKind(c)) {
	case CXCursor_ParenExpr:
		return laddr(L, kid(c, 0));
	case CXCursor_UnexposedExpr: case CXCursor_CStyleCastExpr: case CXCursor_CXXStaticCastExpr:
	case CXCursor_CXXConstCastExpr: {
		CXCursor x = last_expr(c);
		if (clang_Cursor_isNull(x))
			break;
		a = laddr(L, x);
		if ((a.buffer >= 0 || a.var >= 0) && clang_getCursorKind(c) != CXCursor_UnexposedExpr && is_ptr_expr(c) &&
		    is_ptr_expr(x) && dt_of(clang_getPointeeType(clang_getCursorType(c))) !=
		    dt_of(clang_getPointeeType(clang_getCursorType(x))))
			return view_addr(L, c, a);
		return a;
	}
	case CXCursor_DeclRefExpr: {
		CXCursor d = clang_getCursorReferenced(c);
		Bind *bd = lookup(L, d);
		if (!bd)
			bd = global_var(L, d);
		a = bind_addr(L, c, bd);
		if (a.buffer < 0 && a.var < 0 && !L->failed)
			err(L, c, "'%s' is not a buffer the kernel can address", spell(L->a, d));
		return a;
	}
	case CXCursor_MemberRefExpr: {
		Bind *mb = member_bind(L, c);
		if (mb || !is_mem_struct(member_base(c)))
			a = bind_addr(L, c, mb);
		else
			a = field_addr(L, c);
		if (a.buffer < 0 && a.var < 0 && !L->failed)
			err(L, c, "member access into memory cannot be translated here");
		return a;
	}
	case CXCursor_ArraySubscriptExpr:
		v = kids(c);
		if (v.len == 2) {
			CXCursor base = v.data[0], idx = v.data[1];
			if (!is_ptr_expr(base)) {
				CXCursor t = base;
				base = idx;
				idx = t;
			}
			b = laddr(L, base);
			if (b.buffer >= 0) {
				KirExpr *i = lx(L, idx);
				a.buffer = b.buffer;
				a.view = b.view;
				a.off = add_off(L, b.off, scale(L, i, stride_of(c), l), l);
			}
		}
		VEC_FREE(v);
		return a;
	case CXCursor_BinaryOperator: {
		enum CXBinaryOperatorKind k = clang_getCursorBinaryOperatorKind(c);
		v = kids(c);
		if ((k == CXBinaryOperator_Add || k == CXBinaryOperator_Sub) && v.len == 2) {
			int pl = is_ptr_expr(v.data[0]);
			CXCursor p = pl ? v.data[0] : v.data[1], n = pl ? v.data[1] : v.data[0];
			b = laddr(L, p);
			if (b.buffer >= 0) {
				KirExpr *i = lx(L, n);
				if (k == CXBinaryOperator_Sub)
					i = frontend_new_unary(L->a, KU_NEG, i->type, i, l);
				int64_t st = array_elems(clang_getPointeeType(clang_getCursorType(p)), NULL, NULL);
				a.buffer = b.buffer;
				a.view = b.view;
				a.off = add_off(L, b.off, scale(L, i, st ? st : 1, l), l);
			}
		} else if (k == CXBinaryOperator_Comma && v.len == 2) {
			emit_pending(L, expr_stmt(L, lx(L, v.data[0])));
			a = laddr(L, v.data[1]);
		}
		VEC_FREE(v);
		return a;
	}
	case CXCursor_UnaryOperator: {
		enum CXUnaryOperatorKind k = clang_getCursorUnaryOperatorKind(c);
		if (k == CXUnaryOperator_Deref || k == CXUnaryOperator_AddrOf)
			return laddr(L, kid(c, 0));
		if (k >= CXUnaryOperator_PostInc && k <= CXUnaryOperator_PreDec && moving_bind(L, kid(c, 0)))
			return incdec_addr(L, c, k);
		break;
	}
	case CXCursor_CallExpr:
		if (!strcmp(spell(L->a, clang_getCursorReferenced(c)), "__ldg"))
			return laddr(L, clang_Cursor_getArgument(c, 0));
		lx(L, c);      /* a refused builtin (malloc) says so itself */
		break;
	default:
		break;
	}
	if (!L->failed)
		err(L, c, "this address cannot be resolved to a buffer and an offset");
	return a;
}

/* ---- calls: barriers, warp functions, atomics, math, inlining ---- */

typedef struct Alias {
	const char *name;
	KirMathOp op;
} Alias;

static const Alias math_aliases[] = {
	{"fabs", KM_ABS}, {"labs", KM_ABS}, {"llabs", KM_ABS}, {"nearbyint", KM_RINT},
	{"umin", KM_MIN}, {"llmin", KM_MIN}, {"umax", KM_MAX}, {"llmax", KM_MAX},
	{"__expf", KM_FEXP}, {"__exp10f", KM_FEXP10}, {"__logf", KM_FLOG}, {"__log2f", KM_FLOG2},
	{"__log10f", KM_FLOG10}, {"__powf", KM_FPOW}, {"__sinf", KM_FSIN}, {"__cosf", KM_FCOS},
	{"__tanf", KM_FTAN}, {"__fdividef", KM_FDIV}, {"__saturatef", KM_SATURATE},
	{"__frcp_rn", KM_RCP}, {"__drcp_rn", KM_RCP}, {"__frsqrt_rn", KM_RSQRT},
	{"__fsqrt_rn", KM_SQRT}, {"__dsqrt_rn", KM_SQRT}, {"__fmaf_rn", KM_FMA}, {"__fma_rn", KM_FMA},
	{"__popc", KM_POPC}, {"__popcll", KM_POPC}, {"__clz", KM_CLZ}, {"__clzll", KM_CLZ},
	{"__ffs", KM_FFS}, {"__ffsll", KM_FFS}, {"__brev", KM_BREV}, {"__brevll", KM_BREV},
	{"__mulhi", KM_MULHI}, {"__umulhi", KM_MULHI}, {"__mul64hi", KM_MULHI}, {"__umul64hi", KM_MULHI},
	{"__mul24", KM_MUL24}, {"__umul24", KM_MUL24}, {"__sad", KM_SAD}, {"__usad", KM_SAD},
	{"__isnanf", KM_ISNAN}, {"__isinff", KM_ISINF}, {"__finitef", KM_ISFINITE},
};

static int math_op(const char *name, KirMathOp *op)
{
	size_t n = strlen(name);

	for (size_t i = 0; i < sizeof math_aliases / sizeof *math_aliases; i++)
		if (!strcmp(name, math_aliases[i].name)) {
			*op = math_aliases[i].op;
			return 1;
		}
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < KM_COUNT; i++) {
			const char *m = frontend_math_name((KirMathOp)i);
			if (strncmp(m, "fast_", 5) && strlen(m) == n - (size_t)pass && !strncmp(m, name, n - (size_t)pass)) {
				*op = (KirMathOp)i;
				return 1;
			}
		}
		if (n < 2 || name[n - 1] != 'f')
			break;
	}
	if (n > 1 && name[n - 1] == 'f' && !strncmp(name, "fabs", 4)) {
		*op = KM_ABS;
		return 1;
	}
	return 0;
}

static KirExpr *arg(Lower *L, CXCursor call, int i)
{
	return lx(L, clang_Cursor_getArgument(call, (unsigned)i));
}

static KirExpr *lmath(Lower *L, CXCursor c, KirMathOp op)
{
	int n = clang_Cursor_getNumArguments(c);
	KirDType t = ctype(c);
	KirExpr *e = frontend_new_expr(L->a, KE_MATH, t, cloc(L, c));

	if (n != frontend_math_arity(op)) {
		err(L, c, "'%s' takes %d arguments here", frontend_math_name(op), frontend_math_arity(op));
		return poison(L, c);
	}
	if ((op == KM_MIN || op == KM_MAX) && frontend_dtype_is_float(t))
		op = op == KM_MIN ? KM_FMIN : KM_FMAX;
	e->u.math.op = op;
	e->u.math.nargs = n;
	for (int i = 0; i < n; i++)
		e->u.math.args[i] = arg(L, c, i);
	return e;
}

/* __fadd_rn, __float2int_rd, __int_as_float, ...: arithmetic with a rounding mode,
 * conversions, reinterpretations. Returns NULL when the name is none of them. */
static KirExpr *lintrinsic(Lower *L, CXCursor c, const char *name)
{
	static const char *const arith[] = {"add", "sub", "mul", "div"};
	static const KirBinOp ops[] = {KB_ADD, KB_SUB, KB_MUL, KB_DIV};
	KirDType t = ctype(c);
	SrcLoc l = cloc(L, c);
	size_t n = strlen(name);
	const char *mode = n > 3 && name[n - 3] == '_' ? name + n - 2 : NULL;

	if (strstr(name, "_as_") && !strncmp(name, "__", 2)) {
		KirExpr *e = frontend_new_expr(L->a, KE_BITCAST, t, l);
		e->u.x = arg(L, c, 0);
		return e;
	}
	if (!mode || name[0] != '_' || name[1] != '_')
		return NULL;
	for (int i = 0; i < 4; i++)
		if ((name[2] == 'f' || name[2] == 'd') && !strncmp(name + 3, arith[i], 3) && n == 9) {
			if (strcmp(mode, "rn")) {
				err(L, c, "'%s': directed rounding modes cannot be translated exactly", name);
				return poison(L, c);
			}
			return frontend_new_binary(L->a, ops[i], t, arg(L, c, 0), arg(L, c, 1), l);
		}
	if (strchr(name + 2, '2')) {
		KirExpr *x = arg(L, c, 0);
		if (frontend_dtype_is_float(x->type) && !frontend_dtype_is_float(t)) {
			KirMathOp op = !strcmp(mode, "rn") ? KM_RINT : !strcmp(mode, "rd") ? KM_FLOOR :
			               !strcmp(mode, "ru") ? KM_CEIL : KM_TRUNC;
			KirExpr *m = frontend_new_expr(L->a, KE_MATH, x->type, l);
			m->u.math.op = op;
			m->u.math.nargs = 1;
			m->u.math.args[0] = x;
			return frontend_new_cast(L->a, t, op == KM_TRUNC ? x : m, l);
		}
		if (strcmp(mode, "rn")) {
			err(L, c, "'%s': directed rounding modes cannot be translated exactly", name);
			return poison(L, c);
		}
		return frontend_new_cast(L->a, t, x, l);
	}
	return NULL;
}

static KirExpr *const_int_arg(Lower *L, CXCursor c, int i, int64_t *v)
{
	KirExpr *e = arg(L, c, i);

	if (e->kind == KE_CONST && !frontend_dtype_is_float(e->type)) {
		*v = e->u.c.i;
		return e;
	}
	return NULL;
}

static KirExpr *lshfl(Lower *L, CXCursor c, const char *name)
{
	int sync = strstr(name, "_sync") != NULL, n = clang_Cursor_getNumArguments(c);
	KirShflOp op = strstr(name, "_up") ? KSH_UP : strstr(name, "_down") ? KSH_DOWN :
	               strstr(name, "_xor") ? KSH_XOR : KSH_IDX;
	KirExpr *e = frontend_new_expr(L->a, KE_SHFL, ctype(c), cloc(L, c));
	int64_t w = 32;

	e->u.shfl.op = op;
	e->u.shfl.mask = sync ? arg(L, c, 0) : frontend_new_int(L->a, KT_U32, 0xffffffffu, cloc(L, c));
	e->u.shfl.value = arg(L, c, sync);
	e->u.shfl.lane = arg(L, c, sync + 1);
	if (n > sync + 2 && (!const_int_arg(L, c, sync + 2, &w) || w < 1 || w > 32 || (w & (w - 1)))) {
		err(L, clang_Cursor_getArgument(c, (unsigned)(sync + 2)),
		    "the width of '%s' must be a constant power of two up to 32", name);
		return poison(L, c);
	}
	e->u.shfl.width = (int)w;
	return e;
}

static KirExpr *lvote(Lower *L, CXCursor c, KirVoteOp op)
{
	KirExpr *e = frontend_new_expr(L->a, KE_VOTE, ctype(c), cloc(L, c));

	e->u.vote.op = op;
	if (op != KV_ACTIVEMASK) {
		e->u.vote.mask = arg(L, c, 0);
		e->u.vote.pred = conv(L, arg(L, c, 1), KT_I1);
	}
	return e;
}

static KirExpr *latomic(Lower *L, CXCursor c, KirAtomicOp op)
{
	int n = clang_Cursor_getNumArguments(c);
	Addr a = laddr(L, clang_Cursor_getArgument(c, 0));
	KirExpr *e = frontend_new_expr(L->a, KE_ATOMIC, ctype(c), cloc(L, c));

	if (a.buffer < 0) {
		if (!L->failed)
			err(L, c, "the target of an atomic operation must be global or shared memory");
		return poison(L, c);
	}
	if (L->bufs.data[a.buffer].space != KSP_GLOBAL && L->bufs.data[a.buffer].space != KSP_SHARED) {
		err(L, c, "the target of an atomic operation must be global or shared memory");
		return poison(L, c);
	}
	if (a.view != KT_VOID) {
		err(L, c, "an atomic operation through a pointer that reinterprets '%s' as %s cannot be translated",
		    L->bufs.data[a.buffer].name, frontend_dtype_name(a.view));
		return poison(L, c);
	}
	e->u.atomic.op = op;
	e->u.atomic.buffer = a.buffer;
	e->u.atomic.index = a.off ? a.off : frontend_new_int(L->a, KT_I32, 0, cloc(L, c));
	e->u.atomic.nargs = n - 1;
	for (int i = 1; i < n && i < 3; i++)
		e->u.atomic.args[i - 1] = arg(L, c, i);
	return e;
}

static KirStmt *sync_stmt(Lower *L, CXCursor c, KirSyncOp op, KirExpr *argv, int result)
{
	KirStmt *s = frontend_new_stmt(L->a, KS_SYNC, cloc(L, c));

	s->u.sync.op = op;
	s->u.sync.arg = argv;
	s->u.sync.result = result;
	return s;
}

/* A barrier with a value: the statement goes before the current one, the value is a
 * temporary. Only where evaluation is unconditional. */
static KirExpr *lsync_value(Lower *L, CXCursor c, KirSyncOp op)
{
	int t;

	if (!L->hoist_ok) {
		err(L, c, "a barrier inside a condition or a loop test cannot be translated");
		return poison(L, c);
	}
	t = new_var(L, frontend_sync_name(op), KT_I32, KVK_TEMP, cloc(L, c));
	emit_pending(L, decl_stmt(L, t, NULL, cloc(L, c)));
	emit_pending(L, sync_stmt(L, c, op, conv(L, arg(L, c, 0), KT_I1), t));
	return var_ref(L, t, cloc(L, c));
}

static const char *const refused[][2] = {
	{"printf", "device printf cannot be translated"},
	{"malloc", "device malloc cannot be translated"},
	{"free", "device free cannot be translated"},
	{"__trap", "__trap cannot be translated"},
	{"__brkpt", "__brkpt cannot be translated"},
	{"clock", "clock cannot be translated"},
	{"clock64", "clock64 cannot be translated"},
	{"this_grid", "grid-wide cooperative synchronisation cannot be translated"},
};

static int is_texture_fn(const char *n)
{
	return !strncmp(n, "tex", 3) || !strncmp(n, "surf", 4);
}

static KirExpr *lbuiltin_call(Lower *L, CXCursor c, const char *n, int *handled)
{
	KirMathOp mop;
	KirExpr *e;

	*handled = 1;
	for (size_t i = 0; i < sizeof refused / sizeof *refused; i++)
		if (!strcmp(n, refused[i][0])) {
			err(L, c, "%s", refused[i][1]);
			return poison(L, c);
		}
	if (is_texture_fn(n) && in_system(clang_getCursorReferenced(c))) {
		err(L, c, "textures and surfaces cannot be translated ('%s')", n);
		return poison(L, c);
	}
	if (!strncmp(n, "__shfl", 6))
		return lshfl(L, c, n);
	if (!strcmp(n, "__ballot_sync")) return lvote(L, c, KV_BALLOT);
	if (!strcmp(n, "__any_sync")) return lvote(L, c, KV_ANY);
	if (!strcmp(n, "__all_sync")) return lvote(L, c, KV_ALL);
	if (!strcmp(n, "__activemask")) return lvote(L, c, KV_ACTIVEMASK);
	if (!strcmp(n, "__syncthreads_count")) return lsync_value(L, c, KSY_THREADS_COUNT);
	if (!strcmp(n, "__syncthreads_and")) return lsync_value(L, c, KSY_THREADS_AND);
	if (!strcmp(n, "__syncthreads_or")) return lsync_value(L, c, KSY_THREADS_OR);
	if (!strncmp(n, "atomic", 6)) {
		for (int i = 0; i < KA_COUNT; i++) {
			const char *an = frontend_atomic_name((KirAtomicOp)i);
			if (!strcasecmp(n + 6, an) || (n[6] && !strncasecmp(n + 6, an, strlen(an)) && !strcmp(n + 6 + strlen(an), "_block")))
				return latomic(L, c, (KirAtomicOp)i);
		}
	}
	if (!strcmp(n, "__ldg"))
		return load_of(L, c, laddr(L, clang_Cursor_getArgument(c, 0)));
	e = lintrinsic(L, c, n);
	if (e)
		return e;
	if (math_op(n, &mop))
		return lmath(L, c, mop);
	*handled = 0;
	return NULL;
}

/* ---- stable values ----
 * A pointer local `float *row = A + i*n` is the address (A, i*n): its offset may be
 * substituted at every use instead of being kept in a variable when it is pure and every
 * variable in it keeps the value it had when the pointer was made. A variable is taken
 * to keep its value when it is declared with an initialiser and nothing in the file
 * assigns it, increments it, takes its address or binds a non-const reference to it (a
 * flow-insensitive scan of every function body, template patterns included: their
 * instances share the declarations' keys). */

static CXCursor strip(CXCursor c)
{
	while ((clang_getCursorKind(c) == CXCursor_ParenExpr || clang_getCursorKind(c) == CXCursor_UnexposedExpr) &&
	       nkids(c) == 1)
		c = kid(c, 0);
	return c;
}

/* c's variable changes; forkey names the for statement when the change is in its
 * header, else NULL. */
static void mark_changed_in(Ctx *cx, CXCursor c, const char *forkey)
{
	c = strip(c);
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		const char *key = dkey(cx->a, clang_getCursorReferenced(c)), *had = map_get(cx->headvars, key);
		map_put(cx->devassigned, key, (void *)1);
		map_put(cx->headvars, key, (void *)(forkey && (!had || !strcmp(had, forkey)) ? forkey : ""));
	} else if (clang_getCursorKind(c) == CXCursor_MemberRefExpr) {
		mark_changed_in(cx, kid(c, 0), NULL);   /* (a store through a subscript changes memory) */
	}
}

static void mark_changed(Ctx *cx, CXCursor c)
{
	mark_changed_in(cx, c, NULL);
}

/* The key of the for statement `parent` when c is in its header (not its body). */
static const char *header_of(Ctx *cx, CXCursor c, CXCursor parent)
{
	if (clang_getCursorKind(parent) != CXCursor_ForStmt)
		return NULL;
	return clang_equalCursors(c, kid(parent, nkids(parent) - 1)) ? NULL : dkey(cx->a, parent);
}

static int is_mutable_ref(CXType t)
{
	t = clang_getCanonicalType(t);
	return (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference) &&
	       !clang_isConstQualifiedType(clang_getPointeeType(t));
}

static enum CXChildVisitResult changed_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	Ctx *cx = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	if (clang_getCursorKind(parent) == CXCursor_TranslationUnit && in_system(c))
		return CXChildVisit_Continue;
	if ((k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) ||
	    k == CXCursor_CompoundAssignOperator) {
		mark_changed_in(cx, kid(c, 0), header_of(cx, c, parent));
	} else if (k == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);
		if (u >= CXUnaryOperator_PostInc && u <= CXUnaryOperator_PreDec)
			mark_changed_in(cx, kid(c, 0), header_of(cx, c, parent));
		else if (u == CXUnaryOperator_AddrOf)
			mark_changed(cx, kid(c, 0));
	} else if (k == CXCursor_VarDecl && is_mutable_ref(clang_getCursorType(c))) {
		CursorVec v = kids(c);
		for (size_t i = 0; i < v.len; i++)
			if (clang_isExpression(clang_getCursorKind(v.data[i])))
				mark_changed(cx, v.data[i]);
		VEC_FREE(v);
	} else if (k == CXCursor_CallExpr) {
		CXCursor fn = clang_getCursorReferenced(c);
		int n = clang_Cursor_getNumArguments(c), np = clang_Cursor_getNumArguments(fn);
		for (int i = 0; i < n && np >= 0; i++) {
			int pi = i - (n - np);          /* a member operator's object comes first */
			if (pi < 0 || is_mutable_ref(clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)pi))))
				mark_changed(cx, clang_Cursor_getArgument(c, (unsigned)i));
		}
	}
	return CXChildVisit_Recurse;
}

static void scan_changed(Ctx *cx)
{
	if (cx->devassigned)
		return;
	cx->devassigned = map_create();
	cx->headvars = map_create();
	clang_visitChildren(clang_getTranslationUnitCursor(cx->tu), changed_visit, cx);
}

static int is_stable(Lower *L, const KirExpr *e)
{
	switch (e->kind) {
	case KE_CONST: case KE_PARAM: case KE_BUILTIN:
		return 1;
	case KE_VAR:
		return L->stable.data[e->u.var];
	case KE_UNARY:
		return is_stable(L, e->u.un.x);
	case KE_CAST: case KE_BITCAST:
		return is_stable(L, e->u.x);
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		return is_stable(L, e->u.bin.l) && is_stable(L, e->u.bin.r);
	case KE_COND:
		return is_stable(L, e->u.cond.c) && is_stable(L, e->u.cond.t) && is_stable(L, e->u.cond.f);
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			if (!is_stable(L, e->u.math.args[i]))
				return 0;
		return 1;
	default:
		return 0;
	}
}

/* A variable declared with `init` that keeps it (decl key `key` never changes). */
static void note_stable(Lower *L, int var, const char *key, const KirExpr *init)
{
	if (init && !map_has(L->cx->devassigned, key))
		L->stable.data[var] = 1;
}

/* An offset kept as is when stable, else in a new KVK_OFFSET variable set here. */
static KirExpr *fix_offset(Lower *L, KirExpr *off, const char *name, SrcLoc vloc, SrcLoc dloc, int *offvar)
{
	int v;

	if (!off || is_stable(L, off))
		return off;
	v = new_var(L, arena_printf(L->a, "%s.off", name), off->type, KVK_OFFSET, vloc);
	L->stable.data[v] = 1;
	emit_pending(L, decl_stmt(L, v, off, dloc));
	if (offvar)
		*offvar = v;
	return var_ref(L, v, dloc);
}

static int uses_label(const KirStmt *s, int label)
{
	if (!s)
		return 0;
	switch (s->kind) {
	case KS_EXIT: return s->u.label == label;
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			if (uses_label(s->u.block.stmts[i], label))
				return 1;
		return 0;
	case KS_IF: return uses_label(s->u.if_.then, label) || uses_label(s->u.if_.els, label);
	case KS_FOR: return uses_label(s->u.for_.body, label);
	case KS_WHILE: case KS_DO: return uses_label(s->u.loop.body, label);
	default: return 0;
	}
}

static KirStmt *lsub(Lower *L, CXCursor c);
static void bind_params(Lower *L, CXCursor fn, CXCursor call, Frame *f);
static const char *struct_vars(Lower *L, CXType t, const char *name, KirVarKind kind, SrcLoc loc);
static const char *struct_src(Lower *L, CXCursor e);
static void struct_copy(Lower *L, CXCursor at, CXType t, const char *dst, Map *dmap, const char *src);
static int is_mem_lvalue(Lower *L, CXCursor x);
static void struct_store(Lower *L, CXCursor at, CXCursor dst, CXType t, const char *src);

static KirExpr *linline(Lower *L, CXCursor c, CXCursor fn)
{
	const char *key = dkey(L->a, fn), *name = spell(L->a, fn);
	CXType rt = clang_getResultType(clang_getCursorType(fn));
	KirDType t = dt_of(rt);
	Frame *f = ARENA_NEW(L->a, Frame);
	CXCursor body = clang_getNullCursor();
	CursorVec v = kids(fn);
	KirStmt *blk;
	int save_brk = L->brk, save_loop = L->in_loop;

	for (Frame *u = L->fr; u; u = u->up)
		if (u->key && !strcmp(u->key, key)) {
			VEC_FREE(v);
			err(L, c, "recursive call to '%s' cannot be inlined", name);
			diag_note(loc_of(L->a, clang_getCursorLocation(fn)), "'%s' is defined here", name);
			return NULL;
		}
	for (size_t i = 0; i < v.len; i++)
		if (clang_getCursorKind(v.data[i]) == CXCursor_CompoundStmt)
			body = v.data[i];
	VEC_FREE(v);
	if (clang_Cursor_isNull(body)) {
		err(L, c, "'%s' has no definition to inline", name);
		return NULL;
	}
	if (!L->hoist_ok) {
		err(L, c, "a call to '%s' inside a condition or a loop test cannot be inlined; compute it before", name);
		return NULL;
	}
	if (t == KT_PTR || (t == KT_VOID && rt.kind != CXType_Void && !is_record(rt))) {
		err(L, c, "'%s' returns a %s; only scalar and struct results can be translated", name, type_name(L->a, rt));
		return NULL;
	}
	f->binds = map_create();
	f->fn = name;
	f->key = key;
	f->this_key = L->next_this;
	L->next_this = NULL;
	f->label = ++L->nlabels;
	f->result = t == KT_VOID ? -1 : new_var(L, arena_printf(L->a, "%s.ret", name), t, KVK_RESULT, cloc(L, c));
	if (f->result >= 0)
		emit_pending(L, decl_stmt(L, f->result, NULL, cloc(L, c)));
	if (is_record(rt) && !(f->rkey = struct_vars(L, rt, arena_printf(L->a, "%s.ret", name), KVK_RESULT, cloc(L, c))))
		return NULL;
	f->up = L->fr;
	bind_params(L, fn, c, f);   /* argument declarations go before the block, in the caller */
	L->fr = f;
	L->brk = 0;
	L->in_loop = 0;
	blk = lsub(L, body);
	L->fr = f->up;
	L->brk = save_brk;
	L->in_loop = save_loop;
	if (blk->kind != KS_BLOCK) {
		StmtVec one = {0};
		VEC_PUSH(one, blk);
		blk = block_of(L, &one, blk->loc);
	}
	if (blk->u.block.nstmts && blk->u.block.stmts[blk->u.block.nstmts - 1]->kind == KS_EXIT)
		blk->u.block.nstmts--;
	blk->u.block.label = uses_label(blk, f->label) ? f->label : 0;
	blk->u.block.inlined = name;
	blk->loc = cloc(L, c);
	emit_pending(L, blk);
	map_destroy(f->binds);
	L->last_rkey = f->rkey;
	return f->result >= 0 ? var_ref(L, f->result, cloc(L, c)) : NULL;
}

static int is_cg_type(CXType t, const char *which)
{
	CXCursor d = clang_getTypeDeclaration(clang_getCanonicalType(clang_getNonReferenceType(t)));
	CXString s = clang_getCursorSpelling(d);
	int r = !strcmp(clang_getCString(s), which);

	clang_disposeString(s);
	return r;
}

static KirExpr *lin_u32(Lower *L, KirBuiltin b, SrcLoc l)
{
	return new_builtin(L, b, l);
}

static KirExpr *lcg_method(Lower *L, CXCursor c, const char *n, CXType on)
{
	SrcLoc l = cloc(L, c);
	KirExpr *x, *y, *z;

	if (is_cg_type(on, "grid_group")) {
		err(L, c, "grid-wide cooperative synchronisation cannot be translated (grid_group::%s)", n);
		return poison(L, c);
	}
	if (!strcmp(n, "thread_rank")) {
		x = lin_u32(L, KBI_TID_X, l);
		y = frontend_new_binary(L->a, KB_MUL, KT_U32, lin_u32(L, KBI_TID_Z, l), lin_u32(L, KBI_BDIM_Y, l), l);
		y = frontend_new_binary(L->a, KB_ADD, KT_U32, y, lin_u32(L, KBI_TID_Y, l), l);
		y = frontend_new_binary(L->a, KB_MUL, KT_U32, y, lin_u32(L, KBI_BDIM_X, l), l);
		return frontend_new_binary(L->a, KB_ADD, KT_U32, y, x, l);
	}
	if (!strcmp(n, "size") || !strcmp(n, "num_threads")) {
		x = lin_u32(L, KBI_BDIM_X, l);
		y = lin_u32(L, KBI_BDIM_Y, l);
		z = lin_u32(L, KBI_BDIM_Z, l);
		return frontend_new_binary(L->a, KB_MUL, KT_U32, frontend_new_binary(L->a, KB_MUL, KT_U32, x, y, l), z, l);
	}
	err(L, c, "cooperative groups method '%s' is not supported", n);
	return poison(L, c);
}

static int has_launch_config(CXCursor c)
{
	CursorVec v = kids(c);
	int r = 0;

	for (size_t i = 0; i < v.len; i++)
		if (clang_getCursorKind(v.data[i]) == CXCursor_CallExpr) {
			CXString s = clang_getCursorSpelling(clang_getCursorReferenced(v.data[i]));
			const char *n = clang_getCString(s);
			r |= !strcmp(n, "__cudaPushCallConfiguration") || !strcmp(n, "cudaConfigureCall") ||
			     !strcmp(n, "cudaLaunchDevice");
			clang_disposeString(s);
		}
	VEC_FREE(v);
	return r;
}

/* The object of a member function call (`s.f(x)`, `op(x)`) as a struct bind prefix,
 * kept for the inlined body's `this`. 0 when it cannot be found (reported). */
static int method_object(Lower *L, CXCursor c, CXCursor fn)
{
	CXCursor obj = clang_getNullCursor();

	if (clang_Cursor_getNumArguments(c) == clang_Cursor_getNumArguments(fn) + 1)
		obj = clang_Cursor_getArgument(c, 0);                /* an operator call */
	else if (nkids(c) && clang_getCursorKind(kid(c, 0)) == CXCursor_MemberRefExpr)
		obj = member_base(kid(c, 0));
	if (clang_Cursor_isNull(obj) || clang_getCursorKind(obj) == CXCursor_CXXThisExpr) {
		L->next_this = L->fr->this_key;                      /* a call of another method */
		return 1;
	}
	if (!is_record(clang_getCursorType(obj))) {
		err(L, c, "a member function call on this object cannot be translated");
		return 0;
	}
	L->next_this = struct_src(L, obj);
	return L->next_this != NULL;
}

static KirExpr *lcall(Lower *L, CXCursor c)
{
	CXCursor fn = clang_getCursorReferenced(c);
	enum CXCursorKind fk = clang_getCursorKind(fn);
	const char *n;
	int handled;
	KirExpr *e;
	CXCursor def;

	if (has_launch_config(c)) {
		err(L, c, "dynamic parallelism (a kernel launch in device code) cannot be translated");
		return poison(L, c);
	}
	if (clang_Cursor_isNull(fn) || (fk != CXCursor_FunctionDecl && fk != CXCursor_CXXMethod &&
	                                fk != CXCursor_Constructor && fk != CXCursor_ConversionFunction)) {
		if (fk == CXCursor_VarDecl || fk == CXCursor_ParmDecl || clang_Cursor_isNull(fn))
			err(L, c, "calls through function pointers cannot be translated");
		else
			err(L, c, "unsupported call");
		return poison(L, c);
	}
	n = spell(L->a, fn);
	if (has_attr(fn, CXCursor_CUDAGlobalAttr)) {
		err(L, c, "dynamic parallelism (a kernel launch in device code) cannot be translated");
		return poison(L, c);
	}
	if (fk == CXCursor_CXXMethod && clang_CXXMethod_isVirtual(fn)) {
		err(L, c, "virtual calls cannot be translated ('%s')", n);
		return poison(L, c);
	}
	if (fk == CXCursor_CXXMethod && (is_cg_type(clang_getCursorType(clang_getCursorSemanticParent(fn)), "thread_block") ||
	                                 is_cg_type(clang_getCursorType(clang_getCursorSemanticParent(fn)), "grid_group")))
		return lcg_method(L, c, n, clang_getCursorType(clang_getCursorSemanticParent(fn)));
	if (fk == CXCursor_CXXMethod && !strcmp(spell(L->a, fn), "operator=") && clang_Cursor_getNumArguments(c) == 2 &&
	    is_record(clang_getCursorType(clang_Cursor_getArgument(c, 0)))) {
		/* struct assignment: field by field, the source evaluated first */
		CXCursor d = clang_Cursor_getArgument(c, 0);
		const char *src = struct_src(L, clang_Cursor_getArgument(c, 1)), *dst;
		if (src && is_mem_lvalue(L, d)) {
			struct_store(L, c, d, clang_getCursorType(d), src);
			return L->failed ? poison(L, c) : NULL;
		}
		dst = src ? struct_src(L, d) : NULL;
		if (dst)
			struct_copy(L, c, clang_getCursorType(d), dst, NULL, src);
		return L->failed ? poison(L, c) : NULL;
	}
	if (fk == CXCursor_CXXMethod && !clang_CXXMethod_isStatic(fn) && !method_object(L, c, fn))
		return poison(L, c);
	if (fk == CXCursor_Constructor || fk == CXCursor_ConversionFunction) {
		if (clang_Cursor_getNumArguments(c) == 1)
			return lx(L, clang_Cursor_getArgument(c, 0));
		err(L, c, "constructing a '%s' value in a kernel is not supported", type_name(L->a, clang_getCursorType(c)));
		return poison(L, c);
	}
	if (in_system(fn) || !strncmp(n, "__", 2)) {
		e = lbuiltin_call(L, c, n, &handled);
		if (handled)
			return e;
	}
	def = clang_getCursorDefinition(fn);
	if (clang_Cursor_isNull(def) || (in_system(def) && strncmp(n, "make_", 5))) {
		/* (the CUDA headers' make_float2 and the like are inlined like user code) */
		e = lbuiltin_call(L, c, n, &handled);
		if (handled)
			return e;
		err(L, c, "call to '%s', which has no device definition to inline", n);
		return poison(L, c);
	}
	e = linline(L, c, def);
	return e ? e : L->failed ? poison(L, c) : NULL;
}

/* ---- declarations: parameters of inlined functions, locals, globals ---- */

typedef struct FieldWalk {
	Lower *L;
	const char *prefix;      /* bind key prefix */
	const char *name;        /* name prefix "g" */
	void (*fn)(struct FieldWalk *w, CXCursor field, const char *key, const char *name);
	void *data;
	Frame *f;
} FieldWalk;

static enum CXVisitorResult field_visit(CXCursor f, CXClientData d)
{
	FieldWalk *w = d;
	const char *fname = spell(w->L->a, f);

	w->fn(w, f, arena_printf(w->L->a, "%s.%s", w->prefix, fname),
	      arena_printf(w->L->a, "%s.%s", w->name, fname));
	return CXVisit_Continue;
}

static void walk_fields(FieldWalk *w, CXType t, const char *key, const char *name)
{
	FieldWalk sub = *w;

	sub.prefix = key;
	sub.name = name;
	clang_Type_visitFields(clang_getCanonicalType(t), field_visit, &sub);
}

/* ---- structs by value ----
 * A struct value is never a KIR value: a struct variable, parameter or result is a set
 * of binds, one per scalar or pointer field, under the keys PREFIX.path ("KEY.pos.x").
 * struct_src finds or makes the prefix of a struct-valued expression: a variable or
 * member (its key), a call of a device function returning a struct (inlined; its
 * per-field result variables), a brace list (per-field temporaries). */

typedef struct Paths {
	Lower *L;
	const char *prefix;
	StrVec *out;
} Paths;

static enum CXVisitorResult path_visit(CXCursor f, CXClientData d)
{
	Paths *p = d;
	const char *path = arena_printf(p->L->a, "%s.%s", p->prefix, spell(p->L->a, f));
	CXType t = clang_getCursorType(f);

	if (is_record(t)) {
		Paths sub = {p->L, path, p->out};
		clang_Type_visitFields(clang_getCanonicalType(t), path_visit, &sub);
	} else {
		VEC_PUSH(*p->out, path);
	}
	return CXVisit_Continue;
}

/* The scalar and pointer fields of struct type t as paths ".sum", ".pos.x", in
 * declaration order. */
static StrVec field_paths(Lower *L, CXType t)
{
	StrVec v = {0};
	Paths p = {L, "", &v};

	clang_Type_visitFields(clang_getCanonicalType(t), path_visit, &p);
	return v;
}

static CXType field_type(Lower *L, CXType t, const char *path);

typedef struct FieldFind {
	Lower *L;
	const char *name;
	CXType t;
	int found;
} FieldFind;

static enum CXVisitorResult find_visit(CXCursor f, CXClientData d)
{
	FieldFind *ff = d;

	if (strcmp(spell(ff->L->a, f), ff->name))
		return CXVisit_Continue;
	ff->t = clang_getCursorType(f);
	ff->found = 1;
	return CXVisit_Break;
}

/* The type of field `path` (".pos.x") of struct type t. */
static CXType field_type(Lower *L, CXType t, const char *path)
{
	const char *dot = strchr(path + 1, '.');
	FieldFind ff = {L, dot ? arena_printf(L->a, "%.*s", (int)(dot - path - 1), path + 1) : path + 1, t, 0};

	clang_Type_visitFields(clang_getCanonicalType(t), find_visit, &ff);
	return dot && ff.found ? field_type(L, ff.t, dot) : ff.t;
}

static Bind *key_bind(Lower *L, Map *m, const char *key)
{
	return m ? map_get(m, key) : find_bind(L, key);
}

/* New variables for the fields of a struct of type t named `name`, declared here,
 * bound in the current frame under a fresh prefix, which is returned. */
static const char *struct_vars(Lower *L, CXType t, const char *name, KirVarKind kind, SrcLoc loc)
{
	const char *prefix = arena_printf(L->a, "struct#%d", ++L->ntemps);
	StrVec paths = field_paths(L, t);
	int ok = 1;

	for (size_t i = 0; i < paths.len; i++) {
		KirDType dt = dt_of(field_type(L, t, paths.data[i]));
		Bind *b = new_bind(L, BK_VAR);
		if (dt == KT_VOID || dt == KT_PTR) {
			diag_error(loc, "struct field '%s%s' of type '%s' cannot be held in a variable", name, paths.data[i],
			           type_name(L->a, field_type(L, t, paths.data[i])));
			L->failed = 1;
			ok = 0;
			continue;
		}
		b->idx = new_var(L, arena_printf(L->a, "%s%s", name, paths.data[i]), dt, kind, loc);
		emit_pending(L, decl_stmt(L, b->idx, NULL, loc));
		bind(L, arena_printf(L->a, "%s%s", prefix, paths.data[i]), b);
	}
	VEC_FREE(paths);
	return ok ? prefix : NULL;
}

static KirExpr *assign_var(Lower *L, int var, KirExpr *value, SrcLoc loc)
{
	KirExpr *e = frontend_new_expr(L->a, KE_ASSIGN, L->vars.data[var].type, loc);

	e->u.assign.lv.var = var;
	e->u.assign.lv.buffer = -1;
	e->u.assign.op = KB_NONE;
	e->u.assign.optype = e->type;
	e->u.assign.value = conv(L, value, e->type);
	return e;
}

/* dst = src field by field; dst's fields are variables (in map dmap, or the current
 * frame when NULL). */
static void struct_copy(Lower *L, CXCursor at, CXType t, const char *dst, Map *dmap, const char *src)
{
	StrVec paths = field_paths(L, t);

	for (size_t i = 0; i < paths.len && !L->failed; i++) {
		Bind *sb = key_bind(L, NULL, arena_printf(L->a, "%s%s", src, paths.data[i]));
		Bind *db = key_bind(L, dmap, arena_printf(L->a, "%s%s", dst, paths.data[i]));
		if (!sb || !db || db->kind != BK_VAR || sb->kind == BK_PTR || sb->kind == BK_CG) {
			err(L, at, "struct field '%s' cannot be copied here", paths.data[i] + 1);
			break;
		}
		emit_pending(L, expr_stmt(L, assign_var(L, db->idx, bind_value(L, at, sb), cloc(L, at))));
	}
	VEC_FREE(paths);
}

/* The values of a brace list into the variable fields under `prefix` (missing ones 0). */
static enum CXVisitorResult field_collect(CXCursor f, CXClientData d)
{
	VEC_PUSH(*(CursorVec *)d, f);
	return CXVisit_Continue;
}

/* Values v[*n...] (brace elision: a struct field without its own braces takes the next
 * scalars) into the variable fields under `prefix`; missing values are 0. */
static void list_fields(Lower *L, CXCursor list, CursorVec *v, size_t *n, CXType t, const char *prefix)
{
	CursorVec fields = {0};

	clang_Type_visitFields(clang_getCanonicalType(t), field_collect, &fields);
	for (size_t i = 0; i < fields.len && !L->failed; i++) {
		CXType ft = clang_getCursorType(fields.data[i]);
		const char *key = arena_printf(L->a, "%s.%s", prefix, spell(L->a, fields.data[i]));
		CXCursor x = *n < v->len ? strip(v->data[*n]) : clang_getNullCursor();
		Bind *b;
		if (is_record(ft) && !clang_Cursor_isNull(x) && clang_getCursorKind(x) == CXCursor_InitListExpr) {
			CursorVec sub = kids(x);
			size_t m = 0;
			(*n)++;
			list_fields(L, x, &sub, &m, ft, key);
			VEC_FREE(sub);
			continue;
		}
		if (is_record(ft) && !clang_Cursor_isNull(x) && is_record(clang_getCursorType(x))) {
			const char *src = struct_src(L, v->data[(*n)++]);
			if (src)
				struct_copy(L, x, ft, key, NULL, src);
			continue;
		}
		if (is_record(ft)) {
			list_fields(L, list, v, n, ft, key);
			continue;
		}
		b = key_bind(L, NULL, key);
		if (!b || b->kind != BK_VAR) {
			err(L, clang_Cursor_isNull(x) ? list : x, "struct field '%s' cannot be initialised here",
			    spell(L->a, fields.data[i]));
			break;
		}
		if (clang_Cursor_isNull(x))
			emit_pending(L, expr_stmt(L, assign_var(L, b->idx, frontend_new_int(L->a, KT_I32, 0, cloc(L, list)), cloc(L, list))));
		else
			emit_pending(L, expr_stmt(L, assign_var(L, b->idx, lx(L, v->data[(*n)++]), cloc(L, x))));
	}
	VEC_FREE(fields);
}

static void list_into(Lower *L, CXCursor list, CXType t, const char *prefix)
{
	CursorVec v = kids(list);
	size_t n = 0;

	list_fields(L, list, &v, &n, t, prefix);
	VEC_FREE(v);
}

/* A brace list as a struct value: temporaries under a new prefix. */
static const char *struct_list(Lower *L, CXCursor list, CXType t)
{
	const char *prefix = struct_vars(L, t, "init", KVK_TEMP, cloc(L, list));

	if (prefix)
		list_into(L, list, t, prefix);
	return L->failed ? NULL : prefix;
}

/* A struct-valued expression that denotes memory: `s[i]`, `*p`, `p->inner`, `s[i].inner`. */
static int is_mem_lvalue(Lower *L, CXCursor x)
{
	enum CXCursorKind k;

	x = strip(x);
	k = clang_getCursorKind(x);
	if (k == CXCursor_ArraySubscriptExpr)
		return 1;
	if (k == CXCursor_UnaryOperator)
		return clang_getCursorUnaryOperatorKind(x) == CXUnaryOperator_Deref;
	if (k == CXCursor_MemberRefExpr)
		return is_mem_struct(member_base(x)) && !member_bind(L, x);
	return 0;
}

/* The store of `val` into field element `j` (type ft) of the struct at a. */
static KirExpr *store_field(Lower *L, Addr a, int64_t j, KirDType ft, KirExpr *val, SrcLoc loc)
{
	KirDType elem = L->bufs.data[a.buffer].elem;
	KirExpr *e = frontend_new_expr(L->a, KE_ASSIGN, elem, loc);

	val = conv(L, val, ft);
	if (ft != elem) {
		KirExpr *bits = frontend_new_expr(L->a, KE_BITCAST, elem, loc);
		bits->u.x = val;
		val = bits;
	}
	e->u.assign.lv.var = -1;
	e->u.assign.lv.buffer = a.buffer;
	e->u.assign.lv.index = add_off(L, a.off, frontend_new_int(L->a, a.off ? a.off->type : KT_I32, j, loc), loc);
	e->u.assign.op = KB_NONE;
	e->u.assign.optype = elem;
	e->u.assign.value = val;
	return e;
}

/* A struct in memory loaded field by field into temporaries under a new prefix. */
static const char *struct_load(Lower *L, CXCursor x, CXType t)
{
	Addr a = laddr(L, x);
	const char *prefix;
	StrVec paths;

	if (a.buffer < 0)
		return NULL;
	prefix = struct_vars(L, t, "elem", KVK_TEMP, cloc(L, x));
	paths = field_paths(L, t);
	for (size_t j = 0; prefix && j < paths.len; j++) {
		Bind *b = key_bind(L, NULL, arena_printf(L->a, "%s%s", prefix, paths.data[j]));
		Addr f = a;
		KirDType ft = L->vars.data[b->idx].type;
		f.off = add_off(L, a.off, frontend_new_int(L->a, a.off ? a.off->type : KT_I32, (int64_t)j, cloc(L, x)), cloc(L, x));
		f.view = ft == L->bufs.data[a.buffer].elem ? KT_VOID : ft;
		emit_pending(L, expr_stmt(L, assign_var(L, b->idx, load_of(L, x, f), cloc(L, x))));
	}
	VEC_FREE(paths);
	return prefix;
}

/* dst (a struct in memory) = the struct under prefix src, field by field. */
static void struct_store(Lower *L, CXCursor at, CXCursor dst, CXType t, const char *src)
{
	Addr a = laddr(L, dst);
	StrVec paths;

	if (a.buffer < 0)
		return;
	if (L->bufs.data[a.buffer].space == KSP_CONSTANT)
		err(L, at, "__constant__ memory is read-only in a kernel");
	paths = field_paths(L, t);
	for (size_t j = 0; j < paths.len && !L->failed; j++) {
		Bind *sb = key_bind(L, NULL, arena_printf(L->a, "%s%s", src, paths.data[j]));
		KirDType ft = dt_of(field_type(L, t, paths.data[j]));
		if (!sb || sb->kind == BK_PTR || sb->kind == BK_CG) {
			err(L, at, "struct field '%s' cannot be copied here", paths.data[j] + 1);
			break;
		}
		emit_pending(L, expr_stmt(L, store_field(L, a, (int64_t)j, ft, bind_value(L, at, sb), cloc(L, at))));
	}
	VEC_FREE(paths);
}

/* make_float2(x, y) and the like from a CUDA header: the fields in order. */
static int is_make_vector(Lower *L, CXCursor call)
{
	CXCursor fn = clang_getCursorReferenced(call);

	return !strncmp(spell(L->a, fn), "make_", 5) && in_system(fn) && is_record(clang_getCursorType(call)) &&
	       !clang_Cursor_isNull(clang_getCursorDefinition(fn));
}

/* A vector constructor's arguments into temporaries, as a brace list would be. */
static const char *struct_args(Lower *L, CXCursor call, CXType t)
{
	const char *prefix = struct_vars(L, t, "init", KVK_TEMP, cloc(L, call));
	StrVec paths = field_paths(L, t);
	int n = clang_Cursor_getNumArguments(call);

	for (size_t i = 0; prefix && i < paths.len && !L->failed; i++) {
		Bind *b = key_bind(L, NULL, arena_printf(L->a, "%s%s", prefix, paths.data[i]));
		KirExpr *val = (int)i < n ? lx(L, clang_Cursor_getArgument(call, (unsigned)i)) :
		               frontend_new_int(L->a, KT_I32, 0, cloc(L, call));
		emit_pending(L, expr_stmt(L, assign_var(L, b->idx, val, val->loc)));
	}
	VEC_FREE(paths);
	return L->failed ? NULL : prefix;
}

static const char *struct_src(Lower *L, CXCursor e)
{
	CXCursor x = e;
	enum CXCursorKind k;

	for (;;) {
		k = clang_getCursorKind(x);
		if ((k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr) && nkids(x) == 1)
			x = kid(x, 0);
		else if (k == CXCursor_CallExpr && clang_getCursorKind(clang_getCursorReferenced(x)) == CXCursor_Constructor &&
		         clang_Cursor_getNumArguments(x) == 1)
			x = clang_Cursor_getArgument(x, 0);    /* a copy or move */
		else
			break;
	}
	if (is_mem_lvalue(L, x) && struct_layout(clang_getCursorType(x), NULL, NULL))
		return struct_load(L, x, clang_getCursorType(x));
	if (k == CXCursor_DeclRefExpr)
		return dkey(L->a, clang_getCursorReferenced(x));
	if (k == CXCursor_MemberRefExpr && member_key(L, x))
		return member_key(L, x);
	if (k == CXCursor_InitListExpr)
		return struct_list(L, x, clang_getCursorType(e));
	if (k == CXCursor_CallExpr && is_make_vector(L, x))
		return struct_args(L, x, clang_getCursorType(e));
	if (k == CXCursor_CallExpr) {
		L->last_rkey = NULL;
		lcall(L, x);
		if (L->last_rkey || L->failed)
			return L->last_rkey;
	}
	if (!L->failed)
		err(L, e, "this struct value cannot be translated (a variable, a brace list or a call of a device function is needed)");
	return NULL;
}

/* A struct argument: by value, each variable field of the callee's copy is a new
 * variable set from the caller's (constants, parameters and pointers are shared); by
 * reference, the fields are the caller's. */
static void bind_struct_arg(Lower *L, CXCursor p, CXCursor a, Frame *f, int byref)
{
	const char *src = struct_src(L, a), *key = dkey(L->a, p);
	CXType t = clang_getNonReferenceType(clang_getCursorType(p));
	StrVec paths;

	if (!src)
		return;
	paths = field_paths(L, t);
	for (size_t i = 0; i < paths.len; i++) {
		Bind *b = key_bind(L, NULL, arena_printf(L->a, "%s%s", src, paths.data[i]));
		if (!b) {
			err(L, a, "struct field '%s' of the argument is unknown", paths.data[i] + 1);
			break;
		}
		if (b->kind == BK_VAR && !byref) {
			Bind *nb = new_bind(L, BK_VAR);
			nb->idx = new_var(L, arena_printf(L->a, "%s%s", spell(L->a, p), paths.data[i]), L->vars.data[b->idx].type,
			                  KVK_ARG, cloc(L, p));
			emit_pending(L, decl_stmt(L, nb->idx, var_ref(L, b->idx, cloc(L, a)), cloc(L, a)));
			b = nb;
		}
		map_put(f->binds, arena_printf(L->a, "%s%s", key, paths.data[i]), b);
	}
	VEC_FREE(paths);
}

static void bind_params(Lower *L, CXCursor fn, CXCursor call, Frame *f)
{
	int n = clang_Cursor_getNumArguments(fn), skip = 0;

	/* an overloaded operator that is a member (a functor's operator()): the call's
	 * first argument is the object */
	if (clang_getCursorKind(fn) == CXCursor_CXXMethod && clang_Cursor_getNumArguments(call) == n + 1)
		skip = 1;
	if (n + skip != clang_Cursor_getNumArguments(call)) {
		err(L, call, "call with default or variadic arguments is not supported");
		return;
	}
	for (int i = 0; i < n; i++) {
		CXCursor p = clang_Cursor_getArgument(fn, (unsigned)i);
		CXCursor a = clang_Cursor_getArgument(call, (unsigned)(i + skip));
		CXType t = clang_getCursorType(p);
		const char *key = dkey(L->a, p);
		Bind *b;

		if (is_cg_type(t, "thread_block")) {
			map_put(f->binds, key, new_bind(L, BK_CG));
		} else if (clang_getCanonicalType(t).kind == CXType_Pointer) {
			Addr ad = laddr(L, a);
			if (ad.var >= 0) {          /* &local: an out-parameter */
				b = new_bind(L, BK_VAR);
				b->idx = ad.var;
				map_put(f->binds, key, b);
				continue;
			}
			b = new_bind(L, BK_PTR);
			b->buffer = ad.buffer;
			b->view = ad.view;
			if (map_has(L->cx->devassigned, key)) {      /* the callee moves it */
				b->offvar = new_var(L, arena_printf(L->a, "%s.off", spell(L->a, p)), KT_I64, KVK_OFFSET, cloc(L, p));
				emit_pending(L, decl_stmt(L, b->offvar, ad.off ? conv(L, ad.off, KT_I64) :
				             frontend_new_int(L->a, KT_I64, 0, cloc(L, a)), cloc(L, a)));
			} else {
				b->off = fix_offset(L, ad.off, spell(L->a, p), cloc(L, p), cloc(L, a), &b->offvar);
			}
			map_put(f->binds, key, b);
		} else if (clang_getCanonicalType(t).kind == CXType_LValueReference) {
			KirLval lv;
			KirDType lt;
			if (is_record(clang_getNonReferenceType(t))) {
				bind_struct_arg(L, p, a, f, !clang_isConstQualifiedType(clang_getNonReferenceType(t)));
				continue;
			}
			if (!lval_of(L, a, &lv, &lt))
				continue;
			b = new_bind(L, lv.var >= 0 ? BK_VAR : BK_MEM);
			b->idx = lv.var;
			b->buffer = lv.buffer;
			b->off = lv.var < 0 ? fix_offset(L, lv.index, spell(L->a, p), cloc(L, p), cloc(L, a), NULL) : lv.index;
			map_put(f->binds, key, b);
		} else if (is_record(t)) {
			bind_struct_arg(L, p, a, f, 0);
		} else {
			KirDType dt = dt_of(t);
			if (dt == KT_VOID) {
				err(L, p, "parameter of type '%s' is not supported", type_name(L->a, t));
				continue;
			}
			b = new_bind(L, BK_VAR);
			KirExpr *v;
			b->idx = new_var(L, spell(L->a, p), dt, KVK_ARG, cloc(L, p));
			v = conv(L, lx(L, a), dt);
			note_stable(L, b->idx, key, v);
			emit_pending(L, decl_stmt(L, b->idx, v, cloc(L, a)));
			map_put(f->binds, key, b);
		}
	}
}

static int new_buffer(Lower *L, const char *name, KirSpace sp, CXType t, SrcLoc loc)
{
	KirBuffer b = {0};
	CXType el = scalar_elem(t);

	b.name = unique(L, name);
	b.space = sp;
	b.elem = mem_elem(el);
	b.is_const = clang_isConstQualifiedType(el) || sp == KSP_CONSTANT;
	b.count = array_elems(t, b.dims, &b.ndims);
	b.param = -1;
	b.loc = loc;
	VEC_PUSH(L->bufs, b);
	return (int)L->bufs.len - 1;
}

/* Constant values of an initialiser list (nested lists flattened) into init[]. */
static void const_init(Lower *L, CXCursor list, KirConst *init, size_t n, size_t *pos, KirDType t)
{
	CursorVec v = kids(list);

	for (size_t i = 0; i < v.len && *pos < n; i++) {
		if (clang_getCursorKind(v.data[i]) == CXCursor_InitListExpr) {
			const_init(L, v.data[i], init, n, pos, t);
			continue;
		}
		KirExpr *e = conv(L, lx(L, v.data[i]), t);
		if (e->kind != KE_CONST) {
			err(L, v.data[i], "initialiser is not a constant");
			break;
		}
		init[(*pos)++] = e->u.c;
	}
	VEC_FREE(v);
}

static CXCursor var_init(CXCursor d)
{
	CursorVec v = kids(d);
	CXCursor r = clang_getNullCursor();

	for (size_t i = 0; i < v.len; i++) {
		enum CXCursorKind k = clang_getCursorKind(v.data[i]);
		if (clang_isExpression(k) && k != CXCursor_IntegerLiteral)
			r = v.data[i];
		else if (k == CXCursor_IntegerLiteral)
			r = v.data[i];
	}
	/* the last expression child is the initialiser unless it is an array size */
	if (!clang_Cursor_isNull(r) && clang_getCanonicalType(clang_getCursorType(d)).kind == CXType_ConstantArray &&
	    clang_getCursorKind(r) != CXCursor_InitListExpr)
		r = clang_getNullCursor();
	VEC_FREE(v);
	return r;
}

static void fill_init(Lower *L, int buf, CXCursor init)
{
	KirBuffer *b = &L->bufs.data[buf];
	size_t pos = 0;

	b->init = ARENA_ARRAY(L->a, KirConst, b->count);
	b->ninit = (size_t)b->count;
	for (size_t i = 0; i < b->ninit; i++)
		b->init[i] = frontend_const_convert((KirConst){KT_I32, 0, 0}, b->elem);
	if (!clang_Cursor_isNull(init))
		const_init(L, init, b->init, b->ninit, &pos, b->elem);
}

/* A __constant__ or __shared__ variable at namespace scope, on its first use. */
static Bind *global_var(Lower *L, CXCursor d)
{
	int shared = has_attr(d, CXCursor_CUDASharedAttr), cnst = has_attr(d, CXCursor_CUDAConstantAttr);
	CXType t = clang_getCursorType(d);
	const char *key = dkey(L->a, d);
	Bind *b;
	int buf;

	if (clang_getCursorKind(d) != CXCursor_VarDecl || (!shared && !cnst))
		return NULL;
	if (mem_elem(scalar_elem(t)) == KT_VOID || mem_elem(scalar_elem(t)) == KT_PTR) {
		err(L, d, "__constant__/__shared__ variable of type '%s' is not supported", type_name(L->a, t));
		return NULL;
	}
	buf = new_buffer(L, spell(L->a, d), shared ? KSP_SHARED : KSP_CONSTANT, t, cloc(L, d));
	if (clang_getCanonicalType(t).kind == CXType_IncompleteArray) {
		L->bufs.data[buf].is_extern = 1;
		L->bufs.data[buf].count = 0;
	}
	if (cnst && L->bufs.data[buf].count)
		fill_init(L, buf, var_init(d));
	if (clang_getCanonicalType(t).kind != CXType_ConstantArray && clang_getCanonicalType(t).kind != CXType_IncompleteArray) {
		b = new_bind(L, BK_MEM);
		b->buffer = buf;
		b->off = frontend_new_int(L->a, KT_I32, 0, cloc(L, d));
	} else {
		b = new_bind(L, BK_PTR);
		b->buffer = buf;
	}
	map_put(L->globals, key, b);
	return b;
}

static void local_array(Lower *L, CXCursor d, CXType t, int shared)
{
	CXCursor init = var_init(d);
	int buf = new_buffer(L, spell(L->a, d), shared ? KSP_SHARED : KSP_LOCAL, t, cloc(L, d));
	Bind *b = new_bind(L, BK_PTR);
	KirBuffer *kb = &L->bufs.data[buf];

	if (has_attr(d, CXCursor_CUDAConstantAttr))
		kb->space = KSP_CONSTANT;
	if (clang_getCanonicalType(t).kind == CXType_IncompleteArray) {
		kb->is_extern = 1;
		kb->count = 0;
	}
	if (!kb->count && !kb->is_extern)
		err(L, d, "array of type '%s' is not supported", type_name(L->a, t));
	b->buffer = buf;
	bind(L, dkey(L->a, d), b);
	if (!clang_Cursor_isNull(init) && kb->count && !kb->is_const && kb->space == KSP_LOCAL) {
		/* a mutable array: its initial values are stores at the declaration */
		CursorVec iv = kids(init);
		for (size_t i = 0; i < (size_t)kb->count; i++) {
			KirExpr *e = frontend_new_expr(L->a, KE_ASSIGN, kb->elem, cloc(L, d));
			e->u.assign.lv.var = -1;
			e->u.assign.lv.buffer = buf;
			e->u.assign.lv.index = frontend_new_int(L->a, KT_I32, (int64_t)i, cloc(L, d));
			e->u.assign.op = KB_NONE;
			e->u.assign.optype = kb->elem;
			e->u.assign.value = i < iv.len ? conv(L, lx(L, iv.data[i]), kb->elem) :
			                    frontend_new_const(L->a, frontend_const_convert((KirConst){KT_I32, 0, 0}, kb->elem), cloc(L, d));
			if (i < iv.len && clang_getCursorKind(iv.data[i]) == CXCursor_InitListExpr)
				err(L, iv.data[i], "nested initialiser lists of a local array are not supported");
			emit_pending(L, expr_stmt(L, e));
		}
		VEC_FREE(iv);
	} else if (!clang_Cursor_isNull(init) && kb->count) {
		fill_init(L, buf, init);
		if (!kb->is_const && kb->space == KSP_LOCAL) {
			/* a mutable array: its initial values are stores at the declaration */
			for (size_t i = 0; i < kb->ninit; i++) {
				KirExpr *e = frontend_new_expr(L->a, KE_ASSIGN, kb->elem, cloc(L, d));
				e->u.assign.lv.var = -1;
				e->u.assign.lv.buffer = buf;
				e->u.assign.lv.index = frontend_new_int(L->a, KT_I32, (int64_t)i, cloc(L, d));
				e->u.assign.op = KB_NONE;
				e->u.assign.optype = kb->elem;
				e->u.assign.value = frontend_new_const(L->a, kb->init[i], cloc(L, d));
				emit_pending(L, expr_stmt(L, e));
			}
			kb->init = NULL;
			kb->ninit = 0;
		}
	}
}

static void struct_field_var(FieldWalk *w, CXCursor field, const char *key, const char *name)
{
	Lower *L = w->L;
	CXType t = clang_getCursorType(field);
	Bind *b;
	KirDType dt = dt_of(t);

	if (is_record(t)) {
		walk_fields(w, t, key, name);
		return;
	}
	if (dt == KT_VOID || dt == KT_PTR) {
		err(L, field, "struct field '%s' of type '%s' is not supported in a local struct", name, type_name(L->a, t));
		return;
	}
	b = new_bind(L, BK_VAR);
	/* a field declared in a CUDA header (float2's x) is located at the variable, so
	 * the bundled header and a toolkit's give one IR */
	b->idx = new_var(L, name, dt, KVK_LOCAL, in_system(field) ? *(SrcLoc *)w->data : cloc(L, field));
	emit_pending(L, decl_stmt(L, b->idx, NULL, L->vars.data[b->idx].loc));
	bind(L, key, b);
}

static void local_struct(Lower *L, CXCursor d, CXType t)
{
	SrcLoc dl = cloc(L, d);
	FieldWalk w = {L, NULL, NULL, struct_field_var, &dl, L->fr};
	CXCursor init = var_init(d), x = init;
	const char *src = NULL;

	while (!clang_Cursor_isNull(x) && (clang_getCursorKind(x) == CXCursor_UnexposedExpr ||
	                                   clang_getCursorKind(x) == CXCursor_ParenExpr) && nkids(x) == 1)
		x = kid(x, 0);
	if (!clang_Cursor_isNull(x) && clang_getCursorKind(x) == CXCursor_CallExpr &&
	    clang_getCursorKind(clang_getCursorReferenced(x)) == CXCursor_Constructor && nkids(x) == 0)
		init = clang_getNullCursor();     /* default construction */
	if (!clang_Cursor_isNull(x) && clang_getCursorKind(x) == CXCursor_InitListExpr) {
		walk_fields(&w, t, dkey(L->a, d), spell(L->a, d));
		list_into(L, x, t, dkey(L->a, d));
		return;
	}
	if (!clang_Cursor_isNull(init)) {
		src = struct_src(L, init);        /* before the fields exist: `S s = f(s0)` */
		if (!src)
			return;
	}
	walk_fields(&w, t, dkey(L->a, d), spell(L->a, d));
	if (src)
		struct_copy(L, d, t, dkey(L->a, d), NULL, src);
}

/* A pointer variable that is assigned or incremented somewhere: its offset lives in an
 * i64 KVK_OFFSET variable that assignments change; the buffer is fixed by the
 * initialiser or the first assignment lowered. */
static void moving_ptr(Lower *L, CXCursor d, const char *key, CXCursor init)
{
	Bind *b = new_bind(L, BK_PTR);
	KirExpr *off = frontend_new_int(L->a, KT_I64, 0, cloc(L, d));

	b->buffer = -1;
	if (!clang_Cursor_isNull(init)) {
		Addr a = laddr(L, init);
		if (a.buffer < 0)
			return;
		b->buffer = a.buffer;
		b->view = a.view;
		if (a.off)
			off = conv(L, a.off, KT_I64);
	}
	b->offvar = new_var(L, arena_printf(L->a, "%s.off", spell(L->a, d)), KT_I64, KVK_OFFSET, cloc(L, d));
	emit_pending(L, decl_stmt(L, b->offvar, off, cloc(L, d)));
	bind(L, key, b);
}

static void local_var(Lower *L, CXCursor d)
{
	CXType t = clang_getCursorType(d);
	enum CXTypeKind tk = clang_getCanonicalType(t).kind;
	CXCursor init = var_init(d);
	const char *key = dkey(L->a, d);
	int shared = has_attr(d, CXCursor_CUDASharedAttr);
	Bind *b;
	KirDType dt;

	if (clang_getCursorKind(d) != CXCursor_VarDecl)
		return;
	if (tk == CXType_ConstantArray || tk == CXType_IncompleteArray) {
		local_array(L, d, t, shared);
		return;
	}
	if (shared || has_attr(d, CXCursor_CUDAConstantAttr)) {
		Bind *g = global_var(L, d);
		if (g)
			bind(L, key, g);
		return;
	}
	if (is_cg_type(t, "thread_block") || is_cg_type(t, "grid_group")) {
		if (is_cg_type(t, "grid_group"))
			err(L, d, "grid-wide cooperative synchronisation cannot be translated (grid_group)");
		bind(L, key, new_bind(L, BK_CG));
		return;
	}
	if (tk == CXType_LValueReference) {
		KirLval lv;
		KirDType lt;
		if (clang_Cursor_isNull(init) || !lval_of(L, init, &lv, &lt))
			return;
		b = new_bind(L, lv.var >= 0 ? BK_VAR : BK_MEM);
		b->idx = lv.var;
		b->buffer = lv.buffer;
		b->off = lv.var < 0 ? fix_offset(L, lv.index, spell(L->a, d), cloc(L, d), cloc(L, d), NULL) : lv.index;
		bind(L, key, b);
		return;
	}
	if (tk == CXType_Pointer) {
		Addr a;
		if (clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(t))).kind == CXType_FunctionProto) {
			err(L, d, "function pointers cannot be translated");
			return;
		}
		if (map_has(L->cx->devassigned, key)) {
			moving_ptr(L, d, key, init);
			return;
		}
		if (clang_Cursor_isNull(init)) {
			err(L, d, "a pointer variable must be initialised at its declaration");
			return;
		}
		a = laddr(L, init);
		b = new_bind(L, BK_PTR);
		b->buffer = a.buffer;
		b->view = a.view;
		/* the offset is computed here: a later change of its operands must not move
		 * the pointer, so it is substituted only when stable */
		b->off = fix_offset(L, a.off, spell(L->a, d), cloc(L, d), cloc(L, d), &b->offvar);
		bind(L, key, b);
		return;
	}
	if (tk == CXType_Record) {
		local_struct(L, d, t);
		return;
	}
	dt = dt_of(t);
	if (dt == KT_VOID) {
		err(L, d, "variable of type '%s' is not supported", type_name(L->a, t));
		return;
	}
	{
		KirConst kc;
		KirExpr *e;
		if (!clang_Cursor_isNull(init) && clang_isConstQualifiedType(t) && eval_const(init, dt, &kc)) {
			/* `constexpr int c = cube(2)`: clang's value, nothing to lower */
			b = new_bind(L, BK_CONST);
			b->c = kc;
			bind(L, key, b);
			return;
		}
		e = clang_Cursor_isNull(init) ? NULL : conv(L, lx(L, init), dt);
		if (e && e->kind == KE_CONST && clang_isConstQualifiedType(t)) {
			b = new_bind(L, BK_CONST);
			b->c = e->u.c;
			bind(L, key, b);
			return;
		}
		b = new_bind(L, BK_VAR);
		b->idx = new_var(L, spell(L->a, d), dt, KVK_LOCAL, cloc(L, d));
		note_stable(L, b->idx, key, e);
		bind(L, key, b);
		emit_pending(L, decl_stmt(L, b->idx, e, cloc(L, d)));
	}
}

/* ---- statements ---- */

static void ls(Lower *L, CXCursor c);

static KirStmt *lsub(Lower *L, CXCursor c)
{
	StmtVec v = {0}, *save = L->pending;
	int hs = L->hoist_ok;

	L->pending = &v;
	L->hoist_ok = 1;
	ls(L, c);
	L->pending = save;
	L->hoist_ok = hs;
	if (v.len == 1 && v.data[0]->kind == KS_BLOCK && clang_getCursorKind(c) == CXCursor_CompoundStmt) {
		KirStmt *s = v.data[0];
		VEC_FREE(v);
		return s;
	}
	return block_of(L, &v, cloc(L, c));
}

static void push(Lower *L, KirStmt *s)
{
	emit_pending(L, s);
}

/* A loop test: hoisting would run it once, so nothing may be hoisted from it. */
static KirExpr *loop_cond(Lower *L, CXCursor c)
{
	int save = L->hoist_ok;
	KirExpr *e;

	L->hoist_ok = 0;
	e = cond_of(L, c);
	L->hoist_ok = save;
	return e;
}

static KirExpr *loop_step(Lower *L, CXCursor c)
{
	int save = L->hoist_ok;
	KirExpr *e;

	L->hoist_ok = 0;
	e = lx(L, c);
	L->hoist_ok = save;
	return e;
}

static KirStmt *loop_body(Lower *L, CXCursor c)
{
	int sb = L->brk, sl = L->in_loop;
	KirStmt *s;

	L->brk = 0;
	L->in_loop = 1;
	s = lsub(L, c);
	L->brk = sb;
	L->in_loop = sl;
	return s;
}

static unsigned offset_of(CXSourceLocation l)
{
	unsigned off;

	clang_getSpellingLocation(l, NULL, NULL, NULL, &off);
	return off;
}

/* Variables changed only in this for statement's header (the counter) keep their
 * value while its body runs, so a pointer made in the body may use them in a
 * substituted offset; they are stable for the body, and `held` lists them. */
static void header_stable(Lower *L, CXCursor loop, IntVec *h)
{
	const char *fk = dkey(L->a, loop), *k;
	void *v;

	for (size_t it = 0; map_next(L->cx->headvars, &it, &k, &v);) {
		Bind *b;
		if (strcmp(v, fk) || !(b = find_bind(L, k)) || b->kind != BK_VAR || L->stable.data[b->idx])
			continue;
		L->stable.data[b->idx] = 1;
		VEC_PUSH(*h, b->idx);
	}
}

/* libclang lists only the present parts of `for (init; cond; inc)`: the semicolons
 * of the header tell which child is which. */
static void lfor(Lower *L, CXCursor c)
{
	CursorVec v = kids(c);
	CXToken *toks;
	unsigned nt, semi[2] = {0, 0}, ns = 0;
	int depth = 0;
	KirStmt *s = frontend_new_stmt(L->a, KS_FOR, cloc(L, c));
	StmtVec initv = {0}, *save = L->pending;

	s->u.for_.unroll = L->unroll;
	L->unroll = 0;

	clang_tokenize(L->cx->tu, clang_getCursorExtent(c), &toks, &nt);
	for (unsigned i = 0; i < nt && ns < 2; i++) {
		CXString sp = clang_getTokenSpelling(L->cx->tu, toks[i]);
		const char *t = clang_getCString(sp);
		if (!strcmp(t, "(")) depth++;
		else if (!strcmp(t, ")")) depth--;
		else if (!strcmp(t, ";") && depth == 1)
			semi[ns++] = offset_of(clang_getTokenLocation(L->cx->tu, toks[i]));
		clang_disposeString(sp);
	}
	clang_disposeTokens(L->cx->tu, toks, nt);
	for (size_t i = 0; i + 1 < v.len; i++) {
		unsigned off = offset_of(clang_getRangeStart(clang_getCursorExtent(v.data[i])));
		if (off < semi[0]) {
			L->pending = &initv;
			ls(L, v.data[i]);
			L->pending = save;
		} else if (off < semi[1]) {
			s->u.for_.cond = loop_cond(L, v.data[i]);
		} else {
			s->u.for_.step = loop_step(L, v.data[i]);
		}
	}
	if (initv.len)
		s->u.for_.init = initv.len == 1 ? initv.data[0] : block_of(L, &initv, cloc(L, c));
	VEC_FREE(initv);
	if (v.len) {
		IntVec held = {0};
		header_stable(L, c, &held);
		s->u.for_.body = loop_body(L, v.data[v.len - 1]);
		for (size_t i = 0; i < held.len; i++)
			L->stable.data[held.data[i]] = 0;
		VEC_FREE(held);
	}
	VEC_FREE(v);
	push(L, s);
}

typedef struct Segment {
	CursorVec vals;          /* case values; empty for default */
	int is_default;
	CursorVec stmts;
} Segment;

/* The statement never completes normally: it ends in a break, continue, exit or return
 * on every path (a `{ ...; break; }` case body). */
static int always_leaves(const KirStmt *s)
{
	switch (s->kind) {
	case KS_EXIT: case KS_RETURN: case KS_BREAK: case KS_CONTINUE:
		return 1;
	case KS_BLOCK:
		return !s->u.block.label && s->u.block.nstmts && always_leaves(s->u.block.stmts[s->u.block.nstmts - 1]);
	case KS_IF:
		return s->u.if_.els && always_leaves(s->u.if_.then) && always_leaves(s->u.if_.els);
	default:
		return 0;
	}
}

/* switch: a labelled block holding an if-chain; each case body runs on into the
 * following ones (fall-through), and `break` leaves the block. */
static void lswitch(Lower *L, CXCursor c)
{
	CursorVec v = kids(c), body;
	VEC(Segment) segs = {0};
	KirExpr *x;
	int tmp, label = ++L->nlabels, sb = L->brk;
	StmtVec outer = {0}, *save = L->pending;
	KirStmt *chain = NULL, **tail = &chain;

	if (v.len != 2) {
		VEC_FREE(v);
		err(L, c, "unsupported switch statement");
		return;
	}
	x = lx(L, v.data[0]);
	tmp = new_var(L, "switch", x->type, KVK_TEMP, cloc(L, c));
	push(L, decl_stmt(L, tmp, x, cloc(L, c)));
	body = kids(v.data[1]);
	for (size_t i = 0; i < body.len; i++) {
		CXCursor s = body.data[i];
		enum CXCursorKind k = clang_getCursorKind(s);
		if (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt) {
			Segment sg = {{0}, 0, {0}};
			while (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt) {
				if (k == CXCursor_DefaultStmt) {
					sg.is_default = 1;
					s = kid(s, 0);
				} else {
					VEC_PUSH(sg.vals, kid(s, 0));
					s = kid(s, 1);
				}
				k = clang_getCursorKind(s);
			}
			VEC_PUSH(sg.stmts, s);
			VEC_PUSH(segs, sg);
		} else if (segs.len) {
			VEC_PUSH(VEC_LAST(segs).stmts, s);
		}
	}
	L->brk = label;
	for (size_t i = 0; i < segs.len; i++) {
		StmtVec bv = {0};
		KirExpr *cond = NULL;
		KirStmt *blk, *ifs;
		L->pending = &bv;
		for (size_t j = i; j < segs.len; j++) {
			for (size_t s = 0; s < segs.data[j].stmts.len; s++)
				ls(L, segs.data[j].stmts.data[s]);
			if (bv.len && always_leaves(VEC_LAST(bv)))
				break;      /* no fall-through past a break */
		}
		L->pending = save;
		blk = block_of(L, &bv, cloc(L, c));
		if (segs.data[i].is_default) {
			segs.data[i].stmts.len = 0;     /* handled as the final else */
			VEC_PUSH(outer, blk);
			continue;
		}
		for (size_t j = 0; j < segs.data[i].vals.len; j++) {
			KirExpr *cv = conv(L, lx(L, segs.data[i].vals.data[j]), x->type);
			KirExpr *eq = frontend_new_binary(L->a, KB_EQ, KT_I1, var_ref(L, tmp, cloc(L, c)), cv, cv->loc);
			if (!cond) {
				cond = eq;
			} else {
				KirExpr *o = frontend_new_expr(L->a, KE_LOGOR, KT_I1, cv->loc);
				o->u.bin.l = cond;
				o->u.bin.r = eq;
				cond = o;
			}
		}
		ifs = frontend_new_stmt(L->a, KS_IF, cloc(L, segs.data[i].vals.data[0]));
		ifs->u.if_.cond = cond;
		ifs->u.if_.then = blk;
		*tail = ifs;
		tail = &ifs->u.if_.els;
	}
	L->brk = sb;
	if (outer.len)
		*tail = outer.data[0];
	VEC_FREE(outer);
	{
		StmtVec one = {0};
		KirStmt *b;
		if (chain)
			VEC_PUSH(one, chain);
		b = block_of(L, &one, cloc(L, c));
		b->u.block.label = label;
		push(L, b);
	}
	for (size_t i = 0; i < segs.len; i++) {
		VEC_FREE(segs.data[i].vals);
		VEC_FREE(segs.data[i].stmts);
	}
	VEC_FREE(segs);
	VEC_FREE(body);
	VEC_FREE(v);
}

static void lreturn(Lower *L, CXCursor c)
{
	CXCursor x = kid(c, 0);
	KirStmt *s;

	if (!L->fr->fn) {
		push(L, frontend_new_stmt(L->a, KS_RETURN, cloc(L, c)));
		return;
	}
	if (!clang_Cursor_isNull(x) && L->fr->rkey) {
		const char *src = struct_src(L, x);
		if (src)
			struct_copy(L, x, clang_getCursorType(x), L->fr->rkey, L->fr->up->binds, src);
	} else if (!clang_Cursor_isNull(x) && L->fr->result >= 0) {
		KirExpr *e = frontend_new_expr(L->a, KE_ASSIGN, L->vars.data[L->fr->result].type, cloc(L, c));
		e->u.assign.lv.var = L->fr->result;
		e->u.assign.lv.buffer = -1;
		e->u.assign.op = KB_NONE;
		e->u.assign.optype = e->type;
		e->u.assign.value = conv(L, lx(L, x), e->type);
		push(L, expr_stmt(L, e));
	} else if (!clang_Cursor_isNull(x)) {
		KirExpr *e = lx(L, x);
		if (e)
			push(L, expr_stmt(L, e));
	}
	s = frontend_new_stmt(L->a, KS_EXIT, cloc(L, c));
	s->u.label = L->fr->label;
	push(L, s);
}

/* A call as a statement: barriers are statements; other calls are expressions. */
static void lcall_stmt(Lower *L, CXCursor c)
{
	CXCursor fn = clang_getCursorReferenced(c);
	const char *n = spell(L->a, fn);
	KirExpr *e;

	if (!strcmp(n, "__syncthreads") || (!strcmp(n, "sync") && (clang_getCursorKind(fn) == CXCursor_CXXMethod ||
	                                                          clang_Cursor_getNumArguments(c) == 1))) {
		if (clang_getCursorKind(fn) == CXCursor_CXXMethod &&
		    is_cg_type(clang_getCursorType(clang_getCursorSemanticParent(fn)), "grid_group")) {
			err(L, c, "grid-wide cooperative synchronisation cannot be translated (grid_group::sync)");
			return;
		}
		if (clang_getCursorKind(fn) != CXCursor_CXXMethod && clang_Cursor_getNumArguments(c) == 1 &&
		    is_cg_type(clang_getCursorType(clang_Cursor_getArgument(c, 0)), "grid_group")) {
			err(L, c, "grid-wide cooperative synchronisation cannot be translated (grid_group)");
			return;
		}
		push(L, sync_stmt(L, c, KSY_THREADS, NULL, -1));
		return;
	}
	if (!strcmp(n, "__syncwarp")) {
		push(L, sync_stmt(L, c, KSY_WARP, clang_Cursor_getNumArguments(c) ? arg(L, c, 0) : NULL, -1));
		return;
	}
	if (!strncmp(n, "__threadfence", 13))
		return;     /* a fence orders memory; the lockstep model is sequentially consistent */
	e = lcall(L, c);
	if (e && e->kind != KE_VAR && e->kind != KE_CONST)
		push(L, expr_stmt(L, e));
}

static void lif(Lower *L, CXCursor c)
{
	CursorVec v = kids(c);
	KirStmt *s = frontend_new_stmt(L->a, KS_IF, cloc(L, c));
	size_t b = 0;

	while (b < v.len && clang_getCursorKind(v.data[b]) == CXCursor_DeclStmt)
		ls(L, v.data[b++]);
	if (v.len < b + 2) {
		VEC_FREE(v);
		err(L, c, "unsupported if statement");
		return;
	}
	s->u.if_.cond = cond_of(L, v.data[b]);
	s->u.if_.then = lsub(L, v.data[b + 1]);
	if (v.len > b + 2)
		s->u.if_.els = lsub(L, v.data[b + 2]);
	VEC_FREE(v);
	if (s->u.if_.cond->kind == KE_CONST) {    /* `if constexpr` and folded tests */
		KirStmt *taken = frontend_const_is_true(s->u.if_.cond->u.c) ? s->u.if_.then : s->u.if_.els;
		if (taken)
			push(L, taken);
		return;
	}
	push(L, s);
}

static void lloop(Lower *L, CXCursor c, KirStmtKind k)
{
	CursorVec v = kids(c);
	KirStmt *s = frontend_new_stmt(L->a, k, cloc(L, c));

	if (v.len != 2) {
		VEC_FREE(v);
		err(L, c, "unsupported loop (a declaration in the condition?)");
		return;
	}
	if (k == KS_WHILE) {
		s->u.loop.cond = loop_cond(L, v.data[0]);
		s->u.loop.body = loop_body(L, v.data[1]);
	} else {
		s->u.loop.body = loop_body(L, v.data[0]);
		s->u.loop.cond = loop_cond(L, v.data[1]);
	}
	VEC_FREE(v);
	push(L, s);
}

/* `#pragma unroll` (-1), `#pragma unroll N` or `(N)` (N; 1 disables), `#pragma nounroll`
 * (1) at the start of an attributed statement, read from its tokens (libclang does not
 * expose the loop hint). A count that is not a literal is recorded as -1. */
static int pragma_unroll(Lower *L, CXCursor c)
{
	CXToken *toks;
	unsigned nt;
	const char *t[5] = {"", "", "", "", ""};
	int r = 0;

	clang_tokenize(L->cx->tu, clang_getCursorExtent(c), &toks, &nt);
	for (unsigned i = 0; i < nt && i < 5; i++)
		t[i] = str(L->a, clang_getTokenSpelling(L->cx->tu, toks[i]));
	clang_disposeTokens(L->cx->tu, toks, nt);
	if (strcmp(t[0], "#") || strcmp(t[1], "pragma"))
		return 0;
	if (!strcmp(t[2], "nounroll"))
		return 1;
	if (strcmp(t[2], "unroll"))
		return 0;
	{
		const char *n = !strcmp(t[3], "(") ? t[4] : t[3];
		char *end;
		long v = strtol(n, &end, 0);
		r = *n && !*end && v > 0 && v < 1 << 30 ? (int)v : -1;
	}
	return r;
}

static void ls(Lower *L, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CursorVec v;
	KirStmt *s;

	switch (k) {
	case CXCursor_CompoundStmt: {
		StmtVec b = {0}, *save = L->pending;
		L->pending = &b;
		v = kids(c);
		for (size_t i = 0; i < v.len; i++)
			ls(L, v.data[i]);
		VEC_FREE(v);
		L->pending = save;
		push(L, block_of(L, &b, cloc(L, c)));
		return;
	}
	case CXCursor_DeclStmt: {
		CXCursor save = L->stmt;
		v = kids(c);
		for (size_t i = 0; i < v.len; i++) {
			L->stmt = v.data[i];
			local_var(L, v.data[i]);
		}
		L->stmt = save;
		VEC_FREE(v);
		return;
	}
	case CXCursor_IfStmt: lif(L, c); return;
	case CXCursor_ForStmt: lfor(L, c); return;
	case CXCursor_WhileStmt: lloop(L, c, KS_WHILE); return;
	case CXCursor_DoStmt: lloop(L, c, KS_DO); return;
	case CXCursor_SwitchStmt: lswitch(L, c); return;
	case CXCursor_BreakStmt:
		s = frontend_new_stmt(L->a, L->brk ? KS_EXIT : KS_BREAK, cloc(L, c));
		s->u.label = L->brk;
		push(L, s);
		return;
	case CXCursor_ContinueStmt:
		push(L, frontend_new_stmt(L->a, KS_CONTINUE, cloc(L, c)));
		return;
	case CXCursor_ReturnStmt: lreturn(L, c); return;
	case CXCursor_NullStmt: return;
	case CXCursor_GCCAsmStmt: case CXCursor_MSAsmStmt:
		err(L, c, "inline assembly (PTX) cannot be translated");
		return;
	case CXCursor_GotoStmt: case CXCursor_IndirectGotoStmt: case CXCursor_LabelStmt:
		err(L, c, "goto and labels are not supported");
		return;
	case CXCursor_CallExpr:
		lcall_stmt(L, c);
		return;
	case CXCursor_UnexposedStmt:     /* an attributed statement: `#pragma unroll` */
		v = kids(c);
		for (size_t i = 0; i < v.len; i++) {
			L->unroll = v.len == 1 ? pragma_unroll(L, c) : 0;
			ls(L, v.data[i]);
		}
		L->unroll = 0;
		VEC_FREE(v);
		return;
	default:
		if (clang_isExpression(k)) {
			CXCursor x = c;
			while ((clang_getCursorKind(x) == CXCursor_UnexposedExpr || clang_getCursorKind(x) == CXCursor_ParenExpr) && nkids(x) == 1)
				x = kid(x, 0);
			if (clang_getCursorKind(x) == CXCursor_CallExpr) {
				lcall_stmt(L, x);
				return;
			}
			CXCursor save = L->stmt;
			L->stmt = c;
			KirExpr *e = lx(L, c);
			L->stmt = save;
			if (e)
				push(L, expr_stmt(L, e));
			return;
		}
		err(L, c, "unsupported statement (%s)", str(L->a, clang_getCursorKindSpelling(k)));
	}
}

/* ---- kernel parameters ---- */

static int parse_value(Lower *L, CXCursor at, const char *name, const char *text, KirDType t, KirConst *out)
{
	char *end;
	KirConst c = {KT_F64, 0, 0};

	if (frontend_dtype_is_float(t)) {
		c.f = strtod(text, &end);
	} else {
		c.type = KT_I64;
		c.i = strtoll(text, &end, 0);
		if (!strcmp(text, "true") || !strcmp(text, "false")) {
			c.i = text[0] == 't';
			end = (char *)text + strlen(text);
		}
	}
	if (*end) {
		err(L, at, "--set %s=%s: not a %s value", name, text, frontend_dtype_name(t));
		return 0;
	}
	*out = frontend_const_convert(c, t);
	return 1;
}

static void scalar_param(Lower *L, CXCursor p, const char *key, const char *name, KirDType dt)
{
	KirParam kp = {name, dt, -1, 0, {dt, 0, 0}, cloc(L, p)};
	const char *set = options_get_set(L->cx->o, name);
	Bind *b = new_bind(L, BK_PARAM);

	if (set)
		kp.bound = parse_value(L, p, name, set, dt, &kp.value);
	map_put(L->names, name, (void *)1);
	VEC_PUSH(L->params, kp);
	VEC_PUSH(L->argidx, L->cur_arg);
	b->idx = (int)L->params.len - 1;
	bind(L, key, b);
}

static void pointer_param(Lower *L, CXCursor p, CXType t, const char *key, const char *name)
{
	CXType pt = clang_getPointeeType(clang_getCanonicalType(t));
	KirParam kp = {name, KT_PTR, -1, 0, {KT_PTR, 0, 0}, cloc(L, p)};
	int buf;
	Bind *b = new_bind(L, BK_PTR);
	const char *sz = options_get_size(L->cx->o, name);

	if (is_record(pt) && !struct_layout(pt, NULL, NULL)) {
		err(L, p, "pointer parameter '%s' to struct '%s' is not supported: only structs of scalars of one size without padding (float2, a struct of floats) are stored as a flat tensor",
		    name, type_name(L->a, pt));
		return;
	}
	if (mem_elem(pt) == KT_VOID || mem_elem(pt) == KT_PTR) {
		err(L, p, "pointer parameter '%s' to '%s' is not supported (pointers to scalars only)", name, type_name(L->a, pt));
		return;
	}
	buf = new_buffer(L, name, KSP_GLOBAL, pt, cloc(L, p));
	L->bufs.data[buf].ndims = 0;      /* (a struct pointee: its scalars, no shape) */
	L->bufs.data[buf].is_const = clang_isConstQualifiedType(pt);
	L->bufs.data[buf].is_restrict = clang_isRestrictQualifiedType(t);
	L->bufs.data[buf].count = sz ? strtoll(sz, NULL, 10) : 0;
	L->bufs.data[buf].param = (int)L->params.len;
	kp.buffer = buf;
	VEC_PUSH(L->params, kp);
	VEC_PUSH(L->argidx, L->cur_arg);
	b->buffer = buf;
	bind(L, key, b);
}

static void param_field(FieldWalk *w, CXCursor field, const char *key, const char *name)
{
	CXType t = clang_getCursorType(field);

	if (is_record(t))
		walk_fields(w, t, key, name);
	else if (clang_getCanonicalType(t).kind == CXType_Pointer)
		pointer_param(w->L, field, t, key, name);
	else if (dt_of(t) != KT_VOID)
		scalar_param(w->L, field, key, name, dt_of(t));
	else
		err(w->L, field, "struct field '%s' of type '%s' is not supported", name, type_name(w->L->a, t));
}

static void kernel_params(Lower *L, CXCursor fn)
{
	int n = clang_Cursor_getNumArguments(fn);

	for (int i = 0; i < n; i++) {
		CXCursor p = clang_Cursor_getArgument(fn, (unsigned)i);
		CXType t = clang_getCursorType(p);
		const char *name = spell(L->a, p), *key = dkey(L->a, p);
		L->cur_arg = i;
		if (clang_getCanonicalType(t).kind == CXType_Pointer) {
			pointer_param(L, p, t, key, name);
		} else if (is_record(t)) {
			FieldWalk w = {L, NULL, NULL, param_field, NULL, L->fr};
			walk_fields(&w, t, key, name);
		} else if (dt_of(t) != KT_VOID) {
			scalar_param(L, p, key, name, dt_of(t));
		} else {
			err(L, p, "kernel parameter '%s' of type '%s' is not supported", name, type_name(L->a, t));
		}
	}
}

/* Scalar parameters the kernel assigns get a local copy (KVK_PARAM) at entry. */
static enum CXChildVisitResult find_assigned(CXCursor c, CXCursor parent, CXClientData d)
{
	Lower *L = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor lhs;

	(void)parent;
	if ((k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) ||
	    k == CXCursor_CompoundAssignOperator ||
	    (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) <= CXUnaryOperator_PreDec &&
	     clang_getCursorUnaryOperatorKind(c) >= CXUnaryOperator_PostInc)) {
		lhs = kid(c, 0);
		while (clang_getCursorKind(lhs) == CXCursor_ParenExpr || clang_getCursorKind(lhs) == CXCursor_UnexposedExpr)
			lhs = kid(lhs, 0);
		if (clang_getCursorKind(lhs) == CXCursor_DeclRefExpr) {
			Bind *b = map_get(L->fr->binds, dkey(L->a, clang_getCursorReferenced(lhs)));
			if (b && b->kind == BK_PARAM) {
				KirParam *p = &L->params.data[b->idx];
				int v = new_var(L, p->name, p->type, KVK_PARAM, p->loc);
				KirExpr *init = frontend_new_expr(L->a, KE_PARAM, p->type, p->loc);
				init->u.param = b->idx;
				if (p->bound)
					init = frontend_new_const(L->a, p->value, p->loc);
				emit_pending(L, decl_stmt(L, v, init, p->loc));
				b->kind = BK_VAR;
				b->idx = v;
			}
		}
	}
	return CXChildVisit_Recurse;
}

/* ---- host code: launch sites and cudaMalloc ---- */

static int heval(Ctx *cx, CXCursor c, int64_t *out);

static int heval_binary(Ctx *cx, CXCursor c, int64_t *out)
{
	CursorVec v = kids(c);
	int64_t l, r;
	int ok = v.len == 2 && heval(cx, v.data[0], &l) && heval(cx, v.data[1], &r);

	VEC_FREE(v);
	if (!ok)
		return 0;
	switch (clang_getCursorBinaryOperatorKind(c)) {
	case CXBinaryOperator_Add: *out = l + r; return 1;
	case CXBinaryOperator_Sub: *out = l - r; return 1;
	case CXBinaryOperator_Mul: *out = l * r; return 1;
	case CXBinaryOperator_Div: if (!r) return 0; *out = l / r; return 1;
	case CXBinaryOperator_Rem: if (!r) return 0; *out = l % r; return 1;
	case CXBinaryOperator_Shl: *out = l << r; return 1;
	case CXBinaryOperator_Shr: *out = l >> r; return 1;
	default: return 0;
	}
}

/* Integer value of a host expression: constants, and variables initialised once with
 * an evaluable value (flow-insensitive: a variable assigned elsewhere is unknown). */
static int heval(Ctx *cx, CXCursor c, int64_t *out)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	if (eval_int(c, out))
		return 1;
	switch (k) {
	case CXCursor_ParenExpr: case CXCursor_UnexposedExpr: case CXCursor_CStyleCastExpr:
	case CXCursor_CXXStaticCastExpr: case CXCursor_CXXFunctionalCastExpr: {
		CXCursor x = last_expr(c);
		return !clang_Cursor_isNull(x) && heval(cx, x, out);
	}
	case CXCursor_CallExpr:
		return clang_Cursor_getNumArguments(c) == 1 && clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_Constructor &&
		       heval(cx, clang_Cursor_getArgument(c, 0), out);
	case CXCursor_DeclRefExpr: {
		int64_t *v = map_get(cx->hostenv, dkey(cx->a, clang_getCursorReferenced(c)));
		if (v)
			*out = *v;
		return v != NULL;
	}
	case CXCursor_BinaryOperator:
		return heval_binary(cx, c, out);
	default:
		return 0;
	}
}

/* dim3 value: dim3(x, y, z), an integer, or a dim3 variable. */
static int heval_dim3(Ctx *cx, CXCursor c, int d[3])
{
	int64_t v;
	CXCursor x = c;

	d[0] = d[1] = d[2] = 1;
	while ((clang_getCursorKind(x) == CXCursor_UnexposedExpr || clang_getCursorKind(x) == CXCursor_ParenExpr) && nkids(x) == 1)
		x = kid(x, 0);
	if (clang_getCursorKind(x) == CXCursor_DeclRefExpr) {
		const char *key = dkey(cx->a, clang_getCursorReferenced(x));
		int64_t *dv = map_get(cx->hostenv, arena_printf(cx->a, "%s.dim3", key));
		if (dv) {
			for (int i = 0; i < 3; i++)
				d[i] = (int)dv[i];
			return 1;
		}
	}
	if (clang_getCursorKind(x) == CXCursor_CallExpr && clang_getCursorKind(clang_getCursorReferenced(x)) == CXCursor_Constructor) {
		int n = clang_Cursor_getNumArguments(x);
		if (n == 1 && is_record(clang_getCursorType(clang_Cursor_getArgument(x, 0))))
			return heval_dim3(cx, clang_Cursor_getArgument(x, 0), d);
		for (int i = 0; i < n && i < 3; i++) {
			if (!heval(cx, clang_Cursor_getArgument(x, (unsigned)i), &v) || v <= 0 || v > 0x7fffffff)
				return 0;
			d[i] = (int)v;
		}
		return n >= 1;
	}
	if (heval(cx, x, &v) && v > 0 && v <= 0x7fffffff) {
		d[0] = (int)v;
		return 1;
	}
	return 0;
}

static void host_vardecl(Ctx *cx, CXCursor d)
{
	const char *key = dkey(cx->a, d);
	CXCursor init = clang_getNullCursor();
	CursorVec v = kids(d);
	int64_t val;

	for (size_t i = 0; i < v.len; i++)
		if (clang_isExpression(clang_getCursorKind(v.data[i])))
			init = v.data[i];
	VEC_FREE(v);
	if (clang_Cursor_isNull(init) || map_has(cx->assigned, key))
		return;
	if (is_record(clang_getCursorType(d))) {
		int dim[3];
		if (heval_dim3(cx, init, dim)) {
			int64_t *dv = ARENA_ARRAY(cx->a, int64_t, 3);
			for (int i = 0; i < 3; i++)
				dv[i] = dim[i];
			map_put(cx->hostenv, arena_printf(cx->a, "%s.dim3", key), dv);
		}
	} else if (heval(cx, init, &val)) {
		int64_t *p = ARENA_NEW(cx->a, int64_t);
		*p = val;
		map_put(cx->hostenv, key, p);
	}
}

static const char *host_var_key(Ctx *cx, CXCursor c)
{
	while (clang_getCursorKind(c) == CXCursor_UnexposedExpr || clang_getCursorKind(c) == CXCursor_ParenExpr ||
	       clang_getCursorKind(c) == CXCursor_CStyleCastExpr || clang_getCursorKind(c) == CXCursor_CXXStaticCastExpr ||
	       clang_getCursorKind(c) == CXCursor_CXXReinterpretCastExpr ||
	       (clang_getCursorKind(c) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf)) {
		CXCursor x = last_expr(c);
		if (clang_Cursor_isNull(x))
			return NULL;
		c = x;
	}
	return clang_getCursorKind(c) == CXCursor_DeclRefExpr ? dkey(cx->a, clang_getCursorReferenced(c)) : NULL;
}

/* The name a launch gives its kernel: "k", or "k<3>" for a template instance. */
static const char *instance_name(Arena *a, CXCursor fn)
{
	int n = clang_Cursor_getNumTemplateArguments(fn);
	StrBuf b = {0};
	const char *r;

	sb_append(&b, spell(a, fn));
	if (n > 0) {
		sb_putc(&b, '<');
		for (int i = 0; i < n; i++) {
			if (i)
				sb_putc(&b, ',');
			switch (clang_Cursor_getTemplateArgumentKind(fn, (unsigned)i)) {
			case CXTemplateArgumentKind_Integral:
				sb_printf(&b, "%lld", clang_Cursor_getTemplateArgumentValue(fn, (unsigned)i));
				break;
			case CXTemplateArgumentKind_Type:
				sb_append(&b, type_name(a, clang_Cursor_getTemplateArgumentType(fn, (unsigned)i)));
				break;
			default:
				sb_append(&b, "?");
			}
		}
		sb_putc(&b, '>');
	}
	r = arena_strdup(a, sb_str(&b));
	sb_free(&b);
	return r;
}

static void host_launch(Ctx *cx, CXCursor c, const char *host_fn)
{
	CursorVec v = kids(c);
	KirLaunch l = {0};
	CXCursor cfg = clang_getNullCursor();
	int64_t shmem = 0;
	int n = clang_Cursor_getNumArguments(c);

	for (size_t i = 0; i < v.len; i++)
		if (clang_getCursorKind(v.data[i]) == CXCursor_CallExpr && clang_Cursor_isNull(cfg))
			cfg = v.data[i];
	VEC_FREE(v);
	l.kernel = instance_name(cx->a, clang_getCursorReferenced(c));
	VEC_PUSH(cx->launch_fns, clang_getCursorReferenced(c));
	l.host_fn = host_fn;
	l.loc = loc_of(cx->a, clang_getCursorLocation(c));
	l.have_block = clang_Cursor_getNumArguments(cfg) >= 2 && heval_dim3(cx, clang_Cursor_getArgument(cfg, 1), l.block);
	l.have_config = l.have_block && heval_dim3(cx, clang_Cursor_getArgument(cfg, 0), l.grid) &&
	                (clang_Cursor_getNumArguments(cfg) < 3 || heval(cx, clang_Cursor_getArgument(cfg, 2), &shmem));
	if (!l.have_block)
		l.block[0] = l.block[1] = l.block[2] = 0;
	l.shmem = shmem;
	l.nargs = n > 0 ? (size_t)n : 0;
	l.args = ARENA_ARRAY(cx->a, const char *, l.nargs + 1);
	for (int i = 0; i < n; i++)
		l.args[i] = host_var_key(cx, clang_Cursor_getArgument(c, (unsigned)i));
	VEC_PUSH(cx->launches, l);
}

static void host_malloc(Ctx *cx, CXCursor c, const char *host_fn)
{
	KirAlloc al;
	int64_t bytes;
	const char *key;

	if (clang_Cursor_getNumArguments(c) < 2)
		return;
	key = host_var_key(cx, clang_Cursor_getArgument(c, 0));
	if (!key || !heval(cx, clang_Cursor_getArgument(c, 1), &bytes))
		return;
	al.var = key;
	al.host_fn = host_fn;
	al.bytes = bytes;
	al.loc = loc_of(cx->a, clang_getCursorLocation(c));
	VEC_PUSH(cx->allocs, al);
	map_put(cx->allocvars, key, (void *)(intptr_t)cx->allocs.len);
}

typedef struct HostWalk {
	Ctx *cx;
	const char *fn;
	int pass;                /* 0: find assigned variables; 1: evaluate and collect */
} HostWalk;

static enum CXChildVisitResult host_visit(CXCursor c, CXCursor parent, CXClientData d);
static int is_kernel(CXCursor c);
static int is_device_only(CXCursor c);

/* A call of a host function template's instance (`run<2>(x)`): its instantiated body
 * holds the launches that the template itself shows only with dependent arguments. */
static void host_instance(HostWalk *w, CXCursor fn)
{
	CXCursor def;
	const char *name;
	HostWalk sub = *w;

	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl || clang_Cursor_isNull(clang_getSpecializedCursorTemplate(fn)))
		return;
	def = clang_getCursorDefinition(fn);
	if (clang_Cursor_isNull(def) || !in_main_file(def) || is_kernel(def) || is_device_only(def))
		return;
	name = instance_name(w->cx->a, fn);
	if (map_has(w->cx->host_insts, name))
		return;
	map_put(w->cx->host_insts, name, (void *)1);
	sub.fn = name;
	clang_visitChildren(def, host_visit, &sub);
}

static enum CXChildVisitResult host_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	HostWalk *w = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (w->pass == 0) {
		if (k == CXCursor_CompoundAssignOperator || (k == CXCursor_BinaryOperator &&
		    clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) ||
		    (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) <= CXUnaryOperator_PreDec)) {
			const char *key = host_var_key(w->cx, kid(c, 0));
			if (key)
				map_put(w->cx->assigned, key, (void *)1);
		}
		return CXChildVisit_Recurse;
	}
	if (k == CXCursor_VarDecl)
		host_vardecl(w->cx, c);
	if (k == CXCursor_CallExpr) {
		CXCursor fn = clang_getCursorReferenced(c);
		CXString s = clang_getCursorSpelling(fn);
		const char *n = clang_getCString(s);
		if (has_launch_config(c))
			host_launch(w->cx, c, w->fn);
		else if (!strcmp(n, "cudaMalloc") || !strcmp(n, "cudaMallocManaged"))
			host_malloc(w->cx, c, w->fn);
		else
			host_instance(w, fn);
		clang_disposeString(s);
	}
	return CXChildVisit_Recurse;
}

static int is_kernel(CXCursor c)
{
	return has_attr(c, CXCursor_CUDAGlobalAttr);
}

static int is_device_only(CXCursor c)
{
	return has_attr(c, CXCursor_CUDADeviceAttr) && !has_attr(c, CXCursor_CUDAHostAttr);
}

static enum CXChildVisitResult top_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	HostWalk *w = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (!in_main_file(c))
		return CXChildVisit_Continue;
	if (k == CXCursor_Namespace)
		return CXChildVisit_Recurse;
	if ((k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate) && clang_isCursorDefinition(c) &&
	    !is_kernel(c) && !is_device_only(c)) {
		HostWalk sub = *w;
		sub.fn = spell(w->cx->a, c);
		clang_visitChildren(c, host_visit, &sub);
	}
	return CXChildVisit_Continue;
}

static void scan_host(Ctx *cx)
{
	HostWalk w = {cx, NULL, 0};
	CXCursor tu = clang_getTranslationUnitCursor(cx->tu);

	clang_visitChildren(tu, top_visit, &w);
	w.pass = 1;
	clang_visitChildren(tu, top_visit, &w);
}

/* ---- kernels ---- */

static CXCursor body_of(CXCursor fn)
{
	CursorVec v = kids(fn);
	CXCursor b = clang_getNullCursor();

	for (size_t i = 0; i < v.len; i++)
		if (clang_getCursorKind(v.data[i]) == CXCursor_CompoundStmt)
			b = v.data[i];
	VEC_FREE(v);
	return b;
}

static const KirLaunch *find_launch(Ctx *cx, const char *name, int *idx)
{
	for (size_t i = 0; i < cx->launches.len; i++)
		if (!strcmp(cx->launches.data[i].kernel, name) && cx->launches.data[i].have_config) {
			*idx = (int)i;
			return &cx->launches.data[i];
		}
	for (size_t i = 0; i < cx->launches.len; i++)
		if (!strcmp(cx->launches.data[i].kernel, name)) {
			*idx = (int)i;
			return &cx->launches.data[i];
		}
	*idx = -1;
	return NULL;
}

/* Launch configuration and buffer sizes: the command line first, then the host code. */
static void kernel_defaults(Lower *L, KirKernel *k)
{
	const Options *o = L->cx->o;
	const KirLaunch *l = find_launch(L->cx, k->name, &k->launch);

	if (o->have_grid || (l && l->have_config)) {
		memcpy(k->grid, o->have_grid ? o->grid : l->grid, sizeof k->grid);
		k->have_grid = 1;
	}
	if (o->have_block || (l && l->have_block)) {
		memcpy(k->block, o->have_block ? o->block : l->block, sizeof k->block);
		k->have_block = 1;
	}
	k->shmem = o->have_shmem ? (int64_t)o->shmem : l && l->have_config ? l->shmem : 0;
	for (size_t i = 0; i < k->nbufs; i++) {
		KirBuffer *b = &k->bufs[i];
		int64_t eb = frontend_dtype_bytes(b->elem);
		if (b->is_extern && k->shmem)
			b->count = k->shmem / eb;
		if (b->space == KSP_GLOBAL && !b->count && l && b->param >= 0) {
			size_t ai = (size_t)L->argidx.data[b->param];
			const char *key = ai < l->nargs ? l->args[ai] : NULL;
			intptr_t al = key ? (intptr_t)map_get(L->cx->allocvars, key) : 0;
			if (al)
				b->count = L->cx->allocs.data[al - 1].bytes / eb;
		}
	}
}

#define TO_ARENA(L, vec, T, dst, n) \
	do { \
		(n) = (vec).len; \
		(dst) = ARENA_ARRAY((L)->a, T, (vec).len ? (vec).len : 1); \
		if ((vec).len) \
			memcpy((dst), (vec).data, (vec).len * sizeof(T)); \
		VEC_FREE(vec); \
	} while (0)

static void dump_tree(CXCursor c, int depth)
{
	CursorVec v = kids(c);
	CXString k = clang_getCursorKindSpelling(clang_getCursorKind(c)), s = clang_getCursorSpelling(c);
	CXString t = clang_getTypeSpelling(clang_getCursorType(c));

	fprintf(stderr, "%*s%s '%s' : %s\n", 2 * depth, "", clang_getCString(k), clang_getCString(s), clang_getCString(t));
	clang_disposeString(k);
	clang_disposeString(s);
	clang_disposeString(t);
	for (size_t i = 0; i < v.len; i++)
		dump_tree(v.data[i], depth + 1);
	VEC_FREE(v);
}

static int lower_kernel(Ctx *cx, CXCursor fn, const char *name, KirKernel *k)
{
	Lower L = {0};
	Frame top = {0};
	StmtVec body = {0};
	CXCursor b = body_of(fn);

	L.cx = cx;
	L.a = cx->a;
	L.k = k;
	L.names = map_create();
	L.globals = map_create();
	top.binds = map_create();
	top.label = 0;
	top.result = -1;
	L.fr = &top;
	L.pending = &body;
	L.hoist_ok = 1;
	L.stmt = clang_getNullCursor();
	k->name = name;
	k->loc = cloc(&L, fn);
	scan_changed(cx);
	if (getenv("CUDA2HLO_DUMP_AST"))   /* debugging aid: the libclang cursor tree */
		dump_tree(fn, 0);
	kernel_params(&L, fn);
	clang_visitChildren(b, find_assigned, &L);
	ls(&L, b);
	k->body = body.len == 1 ? body.data[0] : block_of(&L, &body, cloc(&L, b));
	VEC_FREE(body);
	k->nlabels = L.nlabels;
	TO_ARENA(&L, L.params, KirParam, k->params, k->nparams);
	TO_ARENA(&L, L.bufs, KirBuffer, k->bufs, k->nbufs);
	TO_ARENA(&L, L.vars, KirVar, k->vars, k->nvars);
	kernel_defaults(&L, k);
	VEC_FREE(L.argidx);
	VEC_FREE(L.stable);
	map_destroy(L.names);
	map_destroy(L.globals);
	map_destroy(top.binds);
	return L.failed ? 1 : 0;
}

typedef struct KernelList {
	Ctx *cx;
	CursorVec fns;
	CursorVec templates;
} KernelList;

static enum CXChildVisitResult kernel_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	KernelList *kl = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (in_system(c))
		return CXChildVisit_Continue;
	if (k == CXCursor_Namespace)
		return CXChildVisit_Recurse;
	if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c) && is_kernel(c))
		VEC_PUSH(kl->fns, c);
	if (k == CXCursor_FunctionTemplate && clang_isCursorDefinition(c) && is_kernel(c))
		VEC_PUSH(kl->templates, c);
	return CXChildVisit_Continue;
}

/* The name without a namespace qualifier: 'ns::k<3>' is 'k<3>' (kernels are named as
 * libclang spells them; the qualifier is found from the declaration). */
static const char *unqualified(const char *name)
{
	size_t end = strcspn(name, "<");
	const char *r = name;

	for (const char *p = name; p + 1 < name + end; p++)
		if (p[0] == ':' && p[1] == ':')
			r = p + 2;
	return r;
}

static int find_kernel(KernelList *kl, const char *name, CXCursor *out)
{
	name = unqualified(name);
	for (size_t i = 0; i < kl->fns.len; i++) {
		CXString s = clang_getCursorSpelling(kl->fns.data[i]);
		int eq = !strcmp(clang_getCString(s), name);
		clang_disposeString(s);
		if (eq) {
			*out = kl->fns.data[i];
			return 1;
		}
	}
	return 0;
}

/* ---- templates ----
 * libclang shows no cursor for an implicit instantiation, but a reference to a
 * specialization (the callee of a host launch `k<3><<<...>>>`, or `&k<3>`) leads to the
 * instance's FunctionDecl, whose definition holds the instantiated body: types are
 * concrete and a non-type parameter is a DeclRefExpr over its value. An instance named
 * only by --kernel gets such a reference from a line appended to an unsaved copy of the
 * file (`static auto *const __cuda2hlo_instance_0 = &ns::k<3>;`), and the file is
 * parsed again; locations in the file are unchanged. */

#define INSTANCE_VAR "__cuda2hlo_instance_"

/* The name without blanks, so 'k<3, float>' and 'k<3,float>' are one instance. */
static const char *squeeze(Arena *a, const char *s)
{
	char *r = arena_strdup(a, s), *w = r;

	for (const char *p = s; *p; p++)
		if (*p != ' ' && *p != '\t')
			*w++ = *p;
	*w = 0;
	return r;
}

static const char *unqualified(const char *name);

static int same_instance(Arena *a, const char *x, const char *y)
{
	return !strcmp(squeeze(a, unqualified(x)), squeeze(a, unqualified(y)));
}

/* The kernel template that `name` ('k' or 'k<...>') instantiates. */
static int template_named(KernelList *kl, const char *name, CXCursor *out)
{
	size_t n;

	name = unqualified(name);
	n = strcspn(name, "<");

	for (size_t i = 0; i < kl->templates.len; i++) {
		CXString s = clang_getCursorSpelling(kl->templates.data[i]);
		int eq = strlen(clang_getCString(s)) == n && !strncmp(clang_getCString(s), name, n);
		clang_disposeString(s);
		if (eq) {
			if (out)
				*out = kl->templates.data[i];
			return 1;
		}
	}
	return 0;
}

/* The specialization (a FunctionDecl) for instance `name`, from a launch or an
 * appended line. */
static int find_instance(Ctx *cx, const char *name, CXCursor *out)
{
	for (size_t i = 0; i < cx->launches.len; i++)
		if (same_instance(cx->a, cx->launches.data[i].kernel, name)) {
			*out = cx->launch_fns.data[i];
			return 1;
		}
	for (size_t i = 0; i < cx->inst_fns.len; i++)
		if (same_instance(cx->a, instance_name(cx->a, cx->inst_fns.data[i]), name)) {
			*out = cx->inst_fns.data[i];
			return 1;
		}
	return 0;
}

/* "ns::inner::" for a declaration inside namespaces. */
static void qualifier(Arena *a, CXCursor c, StrBuf *b)
{
	CXCursor p = clang_getCursorSemanticParent(c);

	if (clang_getCursorKind(p) != CXCursor_Namespace)
		return;
	qualifier(a, p, b);
	sb_printf(b, "%s::", spell(a, p));
}

static char *read_text(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	StrBuf b = {0};
	char buf[4096];
	size_t n;

	if (!f)
		return NULL;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		sb_appendn(&b, buf, n);
	fclose(f);
	*len = b.len;
	return xstrdup(sb_str(&b));
}

/* The function an appended instance variable points to. */
static enum CXChildVisitResult instance_ref(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_FunctionDecl) {
		VEC_PUSH(*(CursorVec *)d, clang_getCursorReferenced(c));
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult instance_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	Ctx *cx = d;
	CXString s;
	int ours;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_VarDecl || !in_main_file(c))
		return CXChildVisit_Continue;
	s = clang_getCursorSpelling(c);
	ours = !strncmp(clang_getCString(s), INSTANCE_VAR, strlen(INSTANCE_VAR));
	clang_disposeString(s);
	if (ours)
		clang_visitChildren(c, instance_ref, &cx->inst_fns);
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult kernel_visit(CXCursor c, CXCursor parent, CXClientData d);

/* Host launches, allocations, kernels and appended instances of the current unit. */
static void scan_unit(Ctx *cx, KernelList *kl)
{
	CXCursor tu = clang_getTranslationUnitCursor(cx->tu);

	cx->launches.len = cx->launch_fns.len = cx->allocs.len = cx->inst_fns.len = 0;
	kl->fns.len = kl->templates.len = 0;
	map_destroy(cx->allocvars);
	map_destroy(cx->hostenv);
	map_destroy(cx->assigned);
	if (cx->host_insts)
		map_destroy(cx->host_insts);
	cx->host_insts = map_create();
	if (cx->devassigned)
		map_destroy(cx->devassigned);
	if (cx->headvars)
		map_destroy(cx->headvars);
	cx->devassigned = cx->headvars = NULL;
	cx->allocvars = map_create();
	cx->hostenv = map_create();
	cx->assigned = map_create();
	scan_host(cx);
	clang_visitChildren(tu, kernel_visit, kl);
	if (cx->file_lines)
		clang_visitChildren(tu, instance_visit, cx);
}

/* Parses again with a reference appended for every --kernel template instance that no
 * launch provides. 0 when nothing was needed or the new parse succeeded. */
static int instantiate_requested(Ctx *cx, KernelList *kl)
{
	StrBuf add = {0};
	CXCursor t, fn;
	size_t len;
	char *text;
	int n = 0, bad;

	for (size_t i = 0; i < cx->o->kernels.len; i++) {
		const char *k = cx->o->kernels.data[i];
		if (!strchr(k, '<') || find_kernel(kl, k, &fn) || !template_named(kl, k, &t) || find_instance(cx, k, &fn))
			continue;
		sb_printf(&add, "static auto *const " INSTANCE_VAR "%d = &", n++);
		VEC_PUSH(cx->inst_names, k);
		VEC_PUSH(cx->inst_locs, loc_of(cx->a, clang_getCursorLocation(t)));
		qualifier(cx->a, t, &add);
		sb_printf(&add, "%s;\n", unqualified(k));
	}
	if (!n) {
		sb_free(&add);
		return 0;
	}
	text = read_text(cx->file, &len);
	if (!text) {
		sb_free(&add);
		diag_error(srcloc(cx->file, 0, 0), "cannot read '%s'", cx->file);
		return 1;
	}
	cx->file_lines = 1;
	for (size_t i = 0; i < len; i++)
		cx->file_lines += text[i] == '\n';
	{
		StrBuf all = {0};
		sb_append(&all, text);
		sb_append(&all, "\n");
		sb_append(&all, sb_str(&add));
		bad = parse_tu(cx, arena_strdup(cx->a, sb_str(&all)));
		sb_free(&all);
	}
	free(text);
	sb_free(&add);
	if (!bad)
		scan_unit(cx, kl);
	return bad;
}

static void no_such_kernel(Ctx *cx, KernelList *kl, const char *name)
{
	StrBuf b = {0};

	for (size_t i = 0; i < kl->fns.len; i++)
		sb_printf(&b, "%s'%s'", i ? ", " : "", spell(cx->a, kl->fns.data[i]));
	for (size_t i = 0; i < kl->templates.len; i++)
		sb_printf(&b, "%s'%s<...>'", i || kl->fns.len ? ", " : "", spell(cx->a, kl->templates.data[i]));
	diag_error(srcloc(cx->file, 0, 0), "no kernel named '%s' in this file", name);
	diag_note(NOLOC, "kernels here: %s", b.len ? sb_str(&b) : "none");
	sb_free(&b);
}

typedef VEC(KirKernel) KernelVec;

/* Lowers the template instance `name` of template `t`; 1 on failure (reported). */
static int lower_instance(Ctx *cx, CXCursor t, const char *name, KernelVec *out)
{
	CXCursor fn, def;
	KirKernel k = {0};
	SrcLoc tl = loc_of(cx->a, clang_getCursorLocation(t));
	int bad;

	if (!strchr(name, '<')) {
		diag_error(tl, "'%s' is a kernel template: name an instance, e.g. --kernel '%s<...>'", name, name);
		return 1;
	}
	if (!find_instance(cx, name, &fn)) {
		if (!diag_error_count())
			diag_error(tl, "cannot instantiate the template kernel '%s'", name);
		diag_note(tl, "the kernel template is defined here");
		return 1;
	}
	def = clang_getCursorDefinition(fn);
	if (clang_Cursor_isNull(def) || clang_Cursor_isNull(body_of(def))) {
		diag_error(tl, "template kernel instance '%s' has no instantiated body", name);
		return 1;
	}
	bad = lower_kernel(cx, def, instance_name(cx->a, fn), &k);
	VEC_PUSH(*out, k);
	return bad;
}

static int select_kernels(Ctx *cx, KernelList *kl, KernelVec *out)
{
	const Options *o = cx->o;
	int bad = 0;
	StrVec done = {0};

	if (o->kernels.len) {
		for (size_t i = 0; i < o->kernels.len; i++) {
			const char *n = o->kernels.data[i];
			CXCursor fn;
			KirKernel k = {0};
			if (find_kernel(kl, n, &fn)) {
				bad |= lower_kernel(cx, fn, spell(cx->a, fn), &k);
				VEC_PUSH(*out, k);
			} else if (template_named(kl, n, &fn)) {
				bad |= lower_instance(cx, fn, n, out);
			} else {
				no_such_kernel(cx, kl, n);
				bad = 1;
			}
		}
		return bad;
	}
	for (size_t i = 0; i < kl->fns.len; i++) {
		KirKernel k = {0};
		bad |= lower_kernel(cx, kl->fns.data[i], spell(cx->a, kl->fns.data[i]), &k);
		VEC_PUSH(*out, k);
	}
	for (size_t i = 0; i < cx->launches.len; i++) {
		const char *n = cx->launches.data[i].kernel;
		int seen = 0;
		CXCursor t;
		if (!template_named(kl, n, &t) || find_kernel(kl, n, &(CXCursor){0}))
			continue;
		for (size_t j = 0; j < done.len; j++)
			seen |= !strcmp(done.data[j], n);
		if (seen)
			continue;
		VEC_PUSH(done, n);
		bad |= lower_instance(cx, t, n, out);
	}
	if (!out->len && !bad) {
		if (kl->templates.len)
			diag_error(loc_of(cx->a, clang_getCursorLocation(kl->templates.data[0])),
			           "kernel template '%s' has no instance to convert: launch one in host code or name one with --kernel '%s<...>'",
			           spell(cx->a, kl->templates.data[0]), spell(cx->a, kl->templates.data[0]));
		else
			diag_error(srcloc(cx->file, 0, 0), "no __global__ function in this file");
		bad = 1;
	}
	VEC_FREE(done);
	return bad;
}

KirProgram *frontend_parse(Arena *a, const Options *o, const char *file)
{
	Ctx cx = {0};
	KernelList kl = {0};
	KernelVec ks = {0};
	KirProgram *p = NULL;
	HostFunc *host = NULL;
	int bad;

	cx.a = a;
	cx.o = o;
	cx.file = arena_strdup(a, file);
	cx.index = clang_createIndex(0, 0);
	cx.allocvars = map_create();
	cx.hostenv = map_create();
	cx.assigned = map_create();
	bad = parse_tu(&cx, NULL);
	if (!bad) {
		kl.cx = &cx;
		scan_unit(&cx, &kl);
		bad = instantiate_requested(&cx, &kl);
	}
	if (!bad && o->entry && !o->kernels.len) {   /* --entry: only the kernels it launches (host.c) */
		host = frontend_lower_host(a, o, cx.tu, cx.file);
		bad = !host;
		if (host)
			cx.o = frontend_entry_select(a, o, host);
	}
	if (!bad)
		bad = select_kernels(&cx, &kl, &ks);
	cx.o = o;
	if (!bad) {
		p = ARENA_NEW(a, KirProgram);
		p->file = cx.file;
		p->nkernels = ks.len;
		p->kernels = ARENA_ARRAY(a, KirKernel, ks.len ? ks.len : 1);
		if (ks.len)
			memcpy(p->kernels, ks.data, ks.len * sizeof *ks.data);
		p->nlaunches = cx.launches.len;
		p->launches = ARENA_ARRAY(a, KirLaunch, cx.launches.len ? cx.launches.len : 1);
		if (cx.launches.len)
			memcpy(p->launches, cx.launches.data, cx.launches.len * sizeof *cx.launches.data);
		p->nallocs = cx.allocs.len;
		p->allocs = ARENA_ARRAY(a, KirAlloc, cx.allocs.len ? cx.allocs.len : 1);
		if (cx.allocs.len)
			memcpy(p->allocs, cx.allocs.data, cx.allocs.len * sizeof *cx.allocs.data);
	}
	if (p && o->entry && !(p->host = host ? host : frontend_lower_host(a, o, cx.tu, cx.file)))
		p = NULL;   /* --entry: the host function (host.c) */
	VEC_FREE(ks);
	VEC_FREE(kl.fns);
	VEC_FREE(kl.templates);
	VEC_FREE(cx.launches);
	VEC_FREE(cx.launch_fns);
	VEC_FREE(cx.inst_fns);
	VEC_FREE(cx.inst_names);
	VEC_FREE(cx.inst_locs);
	VEC_FREE(cx.allocs);
	map_destroy(cx.allocvars);
	map_destroy(cx.hostenv);
	map_destroy(cx.assigned);
	if (cx.host_insts)
		map_destroy(cx.host_insts);
	if (cx.devassigned)
		map_destroy(cx.devassigned);
	if (cx.headvars)
		map_destroy(cx.headvars);
	if (cx.tu)
		clang_disposeTranslationUnit(cx.tu);
	clang_disposeIndex(cx.index);
	return p;
}
