/* compdb.c: compile_commands.json (-p). Consumes the database named by -p (the file or
 * its folder); produces the flags of the entry for the file being parsed (-I, -D, -U,
 * -std, -isystem, -include), and for a batch the list of the database's .cu files.
 * An entry's file is relative to its directory, and a relative directory to the
 * database's folder; relative include paths are taken against the entry's directory.
 * Response files are read as if their words stood in the command: `@FILE` (clang, gcc)
 * and `--options-file FILE` / `-optf FILE` (nvcc; CMake writes its include paths there),
 * nested up to 8 deep. An unreadable database or response file is an error: losing the
 * include paths would parse another program than the one the build compiles. */
#include "parse.h"

#include <clang-c/CXCompilationDatabase.h>
#include <ctype.h>
#include <stdlib.h>
#include <unistd.h>

#define RSP_DEPTH 8

static const char *path_join(Arena *a, const char *dir, const char *p)
{
	return p[0] == '/' || !dir || !*dir ? p : arena_printf(a, "%s/%s", dir, p);
}

/* The entry's directory as a path usable from here. */
static const char *entry_dir(Arena *a, CXCompileCommand cmd, const char *dbdir)
{
	return path_join(a, dbdir, str(a, clang_CompileCommand_getDirectory(cmd)));
}

static const char *entry_file(Arena *a, CXCompileCommand cmd, const char *dbdir)
{
	return path_join(a, entry_dir(a, cmd, dbdir), str(a, clang_CompileCommand_getFilename(cmd)));
}

/* Splits a response file into words as a shell would (gcc's and nvcc's rule): blanks
 * separate, '...' and "..." quote, a backslash escapes the next character. */
static void rsp_words(Arena *a, const char *s, StrVec *out)
{
	StrBuf w = {0};

	while (*s) {
		char q = 0;
		int any = 0;
		while (isspace((unsigned char)*s))
			s++;
		for (; *s && (q || !isspace((unsigned char)*s)); s++, any = 1) {
			if (q && *s == q)
				q = 0;
			else if (!q && (*s == '\'' || *s == '"'))
				q = *s;
			else if (*s == '\\' && s[1] && q != '\'')
				sb_printf(&w, "%c", *++s);
			else
				sb_printf(&w, "%c", *s);
		}
		if (any)
			VEC_PUSH(*out, arena_printf(a, "%s", w.len ? sb_str(&w) : ""));
		w.len = 0;
	}
	sb_free(&w);
}

static void take_words(Ctx *cx, const StrVec *w, const char *dir, StrVec *args, int depth);

/* The words of response file `name` (relative to the entry's directory) taken in place. */
static void take_rsp(Ctx *cx, const char *name, const char *dir, StrVec *args, int depth)
{
	const char *path = path_join(cx->a, dir, name);
	StrVec w = {0};
	char *text;

	if (depth >= RSP_DEPTH) {
		diag_error(NOLOC, "response file '%s' in the compilation database entry for '%s' nests more than %d deep",
		           path, cx->file, RSP_DEPTH);
		return;
	}
	if (!(text = file_read_all(path, NULL))) {
		diag_error(NOLOC, "cannot read response file '%s' of the compilation database entry for '%s'",
		           path, cx->file);
		return;
	}
	rsp_words(cx->a, text, &w);
	free(text);
	take_words(cx, &w, dir, args, depth + 1);
	VEC_FREE(w);
}

/* The flags that change what the file means, from an entry's words (the compiler first
 * when depth is 0). */
static void take_words(Ctx *cx, const StrVec *w, const char *dir, StrVec *args, int depth)
{
	for (size_t i = depth ? 0 : 1; i < w->len; i++) {
		const char *s = w->data[i];
		int path = !strcmp(s, "-I") || !strcmp(s, "-isystem") || !strcmp(s, "-include");
		int rsp = !strcmp(s, "--options-file") || !strcmp(s, "-optf");
		if (rsp && i + 1 < w->len) {
			take_rsp(cx, w->data[++i], dir, args, depth);
		} else if (!strncmp(s, "--options-file=", 15)) {
			take_rsp(cx, s + 15, dir, args, depth);
		} else if (s[0] == '@' && s[1]) {
			take_rsp(cx, s + 1, dir, args, depth);
		} else if ((path || !strcmp(s, "-D") || !strcmp(s, "-U")) && i + 1 < w->len) {
			const char *v = w->data[++i];
			VEC_PUSH(*args, s);
			VEC_PUSH(*args, path ? path_join(cx->a, dir, v) : v);
		} else if (!strncmp(s, "-I", 2)) {
			VEC_PUSH(*args, arena_printf(cx->a, "-I%s", path_join(cx->a, dir, s + 2)));
		} else if (!strncmp(s, "-isystem", 8)) {
			VEC_PUSH(*args, arena_printf(cx->a, "-isystem%s", path_join(cx->a, dir, s + 8)));
		} else if (!strncmp(s, "-D", 2) || !strncmp(s, "-U", 2) || !strncmp(s, "-std=", 5)) {
			VEC_PUSH(*args, s);
		}
	}
}

static void entry_flags(Ctx *cx, CXCompileCommand cmd, const char *dir, StrVec *args)
{
	unsigned na = clang_CompileCommand_getNumArgs(cmd);
	StrVec w = {0};

	for (unsigned i = 0; i < na; i++)
		VEC_PUSH(w, str(cx->a, clang_CompileCommand_getArg(cmd, i)));
	take_words(cx, &w, dir, args, 0);
	VEC_FREE(w);
}

/* Opens the database -p names (the file or its folder); NULL after an error. *dir gets
 * the folder (arena). */
static CXCompilationDatabase open_db(Arena *a, const char *p, const char **dir)
{
	char *d = arena_printf(a, "%s", p);
	size_t n = strlen(d);
	CXCompilationDatabase_Error err;
	CXCompilationDatabase db;

	if (n >= 21 && !strcmp(d + n - 21, "compile_commands.json"))
		d[n - 21] = 0;       /* the file named: its folder */
	if (!*d)               /* -p "" or -p compile_commands.json: this folder */
		d = ".";
	*dir = d;
	if (access(arena_printf(a, "%s/compile_commands.json", d), R_OK)) {
		diag_error(NOLOC, "cannot read compilation database '%s' (no readable compile_commands.json there)", p);
		return NULL;
	}
	db = clang_CompilationDatabase_fromDirectory(d, &err);
	if (err != CXCompilationDatabase_NoError) {
		diag_error(NOLOC, "cannot read compilation database '%s'", p);
		return NULL;
	}
	return db;
}

void compdb_flags(Ctx *cx, StrVec *args)
{
	const char *dir;
	CXCompilationDatabase db = open_db(cx->a, cx->o->compdb, &dir);
	CXCompileCommands cmds;
	char *want = realpath(cx->file, NULL);
	int found = 0;

	if (!db) {
		free(want);
		return;
	}
	cmds = clang_CompilationDatabase_getAllCompileCommands(db);
	for (unsigned i = 0; cmds && i < clang_CompileCommands_getSize(cmds) && !found; i++) {
		CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, i);
		char *r = realpath(entry_file(cx->a, cmd, dir), NULL);
		if ((found = r && want && !strcmp(r, want)))
			entry_flags(cx, cmd, entry_dir(cx->a, cmd, dir), args);
		free(r);
	}
	if (!found)
		diag_warning(NOLOC, "no entry for '%s' in '%s'", cx->file, cx->o->compdb);
	if (cmds)
		clang_CompileCommands_dispose(cmds);
	clang_CompilationDatabase_dispose(db);
	free(want);
}

static int has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);
	return n >= m && !strcmp(s + n - m, suf);
}

int frontend_compdb_files(Arena *a, const char *compdb, const char ***files, size_t *nfiles)
{
	StrVec v = {0};
	const char *dir;
	CXCompilationDatabase db = open_db(a, compdb, &dir);
	CXCompileCommands cmds;
	Map *seen = map_create();

	if (!db) {
		map_destroy(seen);
		return 1;
	}
	cmds = clang_CompilationDatabase_getAllCompileCommands(db);
	for (unsigned i = 0; cmds && i < clang_CompileCommands_getSize(cmds); i++) {
		const char *f = entry_file(a, clang_CompileCommands_getCommand(cmds, i), dir);
		char *r = realpath(f, NULL);
		const char *p = r ? arena_printf(a, "%s", r) : f;
		free(r);
		if (has_suffix(p, ".cu") && !map_has(seen, p)) {
			map_put(seen, p, (void *)p);
			VEC_PUSH(v, p);
		}
	}
	if (cmds)
		clang_CompileCommands_dispose(cmds);
	clang_CompilationDatabase_dispose(db);
	map_destroy(seen);
	*files = ARENA_ARRAY(a, const char *, v.len ? v.len : 1);
	for (size_t i = 0; i < v.len; i++)
		(*files)[i] = v.data[i];
	*nfiles = v.len;
	VEC_FREE(v);
	return 0;
}
