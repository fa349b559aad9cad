/* parse.c: CUDA C++ through libclang into the kernel IR. Consumes a .cu file and the
 * Options (-I, -D, -std, -p, --cuda-path, --kernel, --grid/--block, --size, --set);
 * produces a KirProgram whose kernels have every device function inlined, every
 * expression typed and every memory access a (buffer, flat index) pair (frontend.h).
 * This file holds the translation unit (clang's arguments, compile_commands.json,
 * clang's diagnostics) and frontend_parse; the lowering is one concept a file, sharing
 * parse.h: clang.c (libclang helpers), kernel.c (a kernel, its parameters, the lowering
 * helpers), expr.c (expressions), addr.c (addresses), builtin.c (builtins, math,
 * atomics, warp functions), call.c (calls: inlining, member functions), stable.c
 * (stable values), struct.c (structs in memory and by value), decl.c (declarations),
 * stmt.c (statements), launch.c (host code: launches, cudaMalloc), compdb.c (compile_commands.json, response files), template.c (kernel
 * selection, template instances), reach.c (which of clang's errors concern the converted
 * kernels: only those stop a conversion), missing.c (headers found nowhere), headers.c (the bundled CUDA headers or a
 * toolkit's). Anything that cannot be translated exactly is a located error, never an
 * approximation. */
#include "parse.h"

#include <unistd.h>

/* ---- translation unit and diagnostics ----
 * clang's errors are collected, not reported: reach.c reports those that lie in the
 * converted kernels and what they reach; host code and kernels not asked for may hold
 * errors (a missing header, an unknown library) without stopping a conversion. */

static void report_one(Ctx *cx, CXDiagnostic d, int as_error)
{
	SrcLoc l = loc_of(cx->a, clang_getDiagnosticLocation(d));
	const char *msg = str(cx->a, clang_getDiagnosticSpelling(d));

	if (as_error)
		diag_error(l, "%s", msg);
	else
		diag_note(l, "%s", msg);
}

/* Reports clang's diagnostic i (an error) and the notes that follow it. */
void report_diag(Ctx *cx, int i)
{
	unsigned n = clang_getNumDiagnostics(cx->tu);

	for (unsigned j = (unsigned)i; j < n; j++) {
		CXDiagnostic d = clang_getDiagnostic(cx->tu, j);
		int note = clang_getDiagnosticSeverity(d) == CXDiagnostic_Note;
		if (j > (unsigned)i && !note) {
			clang_disposeDiagnostic(d);
			break;
		}
		report_one(cx, d, j == (unsigned)i);
		clang_disposeDiagnostic(d);
	}
}

/* -v: clang's error i, which concerns no converted code, as a warning. */
void ignored_diag(Ctx *cx, int i)
{
	CXDiagnostic d = clang_getDiagnostic(cx->tu, (unsigned)i);
	SrcLoc l = loc_of(cx->a, clang_getDiagnosticLocation(d));

	diag_warning(l, "%s (outside the converted code: not an error for the conversion)",
	             str(cx->a, clang_getDiagnosticSpelling(d)));
	clang_disposeDiagnostic(d);
}

/* An error on a line appended to instantiate a --kernel template instance: reported at
 * once, 1. Else 0. */
static int appended_error(Ctx *cx, CXDiagnostic d)
{
	SrcLoc l = loc_of(cx->a, clang_getDiagnosticLocation(d));
	size_t i;

	if (!cx->file_lines || l.line <= (int)cx->file_lines ||
	    !clang_Location_isFromMainFile(clang_getDiagnosticLocation(d)))
		return 0;
	i = (size_t)l.line - cx->file_lines - 1;
	if (i >= cx->inst_names.len)
		return 0;
	diag_error(cx->inst_locs.data[i], "cannot instantiate '%s' named by --kernel: %s", cx->inst_names.data[i],
	           str(cx->a, clang_getDiagnosticSpelling(d)));
	return 1;
}

/* Collects clang's errors into cx->errs; returns the count reported at once. */
static int collect_diags(Ctx *cx)
{
	unsigned n = clang_getNumDiagnostics(cx->tu);
	int bad = 0;

	cx->errs.len = 0;
	cx->errs_done = NULL;
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(cx->tu, i);
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			if (appended_error(cx, d))
				bad++;
			else
				VEC_PUSH(cx->errs, (int)i);
		}
		clang_disposeDiagnostic(d);
	}
	return bad;
}

void parse_args(Ctx *cx, StrVec *args)
{
	const Options *o = cx->o;

	VEC_PUSH(*args, "-x");
	VEC_PUSH(*args, "cuda");
	/* the device side of the compilation, as nvcc compiles a kernel: a __host__ __device__
	 * function calls the __device__ overloads (math functions, min/max, intrinsics) and
	 * sees __CUDA_ARCH__; host code is parsed all the same, and what it calls is only
	 * checked where it is emitted for the device (clang's deferred diagnostics) */
	VEC_PUSH(*args, "--cuda-device-only");
	VEC_PUSH(*args, "--cuda-gpu-arch=sm_80");
	VEC_PUSH(*args, "-Wno-unknown-cuda-version");
	/* `register int i;` is an error in clang's C++17 and a warning at most in nvcc's,
	 * which compiles such files: the keyword means nothing to the code's value */
	VEC_PUSH(*args, "-Wno-register");
	VEC_PUSH(*args, "-fsyntax-only");
	VEC_PUSH(*args, "-fgpu-rdc");      /* so a launch in device code reaches our refusal */
	VEC_PUSH(*args, "-ferror-limit=0"); /* host code may hold many errors; keep going */
	headers_args(cx, args);
	missing_args(cx, args);
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

/* One parse of cx->file with the headers of cx->toolkit (NULL: the bundled set). */
static int parse_once(Ctx *cx, const char *text)
{
	StrVec args = {0};
	struct CXUnsavedFile un[48 + 64];
	size_t nun;
	enum CXErrorCode ec;

	parse_args(cx, &args);
	if (diag_error_count()) {          /* an unreadable compilation database */
		VEC_FREE(args);
		return 1;
	}
	nun = headers_bundled(cx, un, 48 - 1);
	nun += missing_unsaved(cx, un + nun, 64);
	if (text)
		un[nun++] = (struct CXUnsavedFile){cx->file, text, (unsigned long)strlen(text)};
	if (cx->tu)
		clang_disposeTranslationUnit(cx->tu);
	loc_forget();
	ec = clang_parseTranslationUnit2(cx->index, cx->file, args.data, (int)args.len, un, (unsigned)nun,
	                                 CXTranslationUnit_KeepGoing, &cx->tu);
	VEC_FREE(args);
	if (ec == CXError_Crashed) {
		diag_error(srcloc(cx->file, 0, 0), "libclang crashed while parsing '%s'", cx->file);
		cx->tu = NULL;
		return 1;
	}
	if (ec != CXError_Success) {
		diag_error(srcloc(cx->file, 0, 0), "cannot parse '%s' (libclang error %d)", cx->file, ec);
		cx->tu = NULL;
		return 1;
	}
	return collect_diags(cx);
}

/* Parses cx->file (with `text` as its contents when not NULL): with the bundled
 * headers, and again with a toolkit when the file needs one (headers.c). 0 on success. */
int parse_tu(Ctx *cx, const char *text)
{
	int bad;

	cx->missing.len = 0;
	bad = parse_once(cx, text);
	if (!bad && headers_want_toolkit(cx))
		bad = parse_once(cx, text);
	if (!bad && missing_scan(cx))   /* templates instantiate only without fatal errors */
		bad = parse_once(cx, text);
	if (!bad)
		missing_places(cx);
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
	/* Parse on this thread (main.c gives it a big stack), not on a thread of libclang's
	 * own with 8 MiB, where a deeply nested file overflows; crash recovery stays on. */
	setenv("LIBCLANG_NOTHREADS", "1", 0);
	cx.toolkit = o->cuda_path;
	cx.index = clang_createIndex(0, 0);
	cx.allocvars = map_create();
	cx.hostenv = map_create();
	cx.assigned = map_create();
	bad = parse_tu(&cx, NULL);
	if (!bad && cx.o->rdc_sources.len)
		bad = rdc_select(&cx);   /* 1: refused; else cx.base_text when files are needed */
	if (!bad && cx.base_text)
		bad = parse_tu(&cx, cx.base_text);
	if (!bad)
		bad = rdc_defined_twice(&cx);
	if (!bad)
		bad = inclusions_check_output(&cx);
	if (!bad) {
		kl.cx = &cx;
		scan_unit(&cx, &kl);
		bad = instantiate_requested(&cx, &kl);
	}
	if (!bad && o->list_kernels) {
		StrVec names = {0};
		list_kernels(&cx, &kl, &names);
		p = ARENA_NEW(a, KirProgram);
		p->file = cx.file;
		p->nkernels = names.len;
		p->kernels = ARENA_ARRAY(a, KirKernel, names.len ? names.len : 1);
		for (size_t i = 0; i < names.len; i++)
			p->kernels[i].name = names.data[i];
		VEC_FREE(names);
		bad = 1;    /* nothing lowered: the names are the answer */
	} else if (!bad && (o->entry || !(kl.fns.len || kl.templates.len))) {
		reach_rest(&cx, 1);   /* --entry converts host code; no kernel: errors may say why */
		bad = cx.errs.len > 0;
	}
	if (!bad && o->entry && !o->kernels.len) {   /* --entry: only the kernels it launches (host.c) */
		host = frontend_lower_host(a, o, cx.tu, cx.file);
		bad = !host;
		if (host)
			cx.o = frontend_entry_select(a, o, host);
	}
	if (!bad)
		bad = select_kernels(&cx, &kl, &ks);
	if (!bad && !o->entry)
		bad = flag_check_names(o, &ks, cx.host_sets);
	if (!bad)
		reach_rest(&cx, 0);   /* -v: the errors that did not matter */
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
	VEC_FREE(cx.errs);
	VEC_FREE(cx.missing);
	VEC_FREE(cx.missing_incs);
	map_destroy(cx.rdc_own);
	map_destroy(cx.incl_top);
	map_destroy(cx.allocvars);
	map_destroy(cx.hostenv);
	map_destroy(cx.assigned);
	if (cx.host_insts)
		map_destroy(cx.host_insts);
	if (cx.host_sets)
		map_destroy(cx.host_sets);
	if (cx.prelude)
		map_destroy(cx.prelude);
	scan_free(&cx);
	if (cx.tu)
		clang_disposeTranslationUnit(cx.tu);
	clang_disposeIndex(cx.index);
	return p;
}
