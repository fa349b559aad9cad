/* template.c: which kernels are lowered. The __global__ functions of the file (also in
 * namespaces), the kernel templates, their instances (from host launches or named by
 * --kernel, appended to the file and parsed again) and select_kernels, which lowers the
 * ones asked for, or all of them, and says which exist when a name is not found. */
#include "parse.h"

static enum CXChildVisitResult kernel_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	KernelList *kl = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (in_system(c))
		return CXChildVisit_Continue;
	if (k == CXCursor_Namespace)
		return CXChildVisit_Recurse;
	if (rdc_kernel_elsewhere(kl->cx, c))
		return CXChildVisit_Continue;
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

static int is_ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Which integer type keyword the identifier [p, p+w) is: 1 unsigned, 2 signed, 3 short,
 * 4 long, 5 char, 6 int; 0 for any other. */
static int int_word(const char *p, size_t w)
{
	static const char *const kw[] = {"unsigned", "signed", "short", "long", "char", "int"};

	for (int i = 0; i < 6; i++)
		if (strlen(kw[i]) == w && !strncmp(p, kw[i], w))
			return i + 1;
	return 0;
}

/* s with each run of integer type keywords in clang's spelling (and numbers without
 * their suffixes): `unsigned` is `unsigned
 * int`, `long int` is `long`, `signed short` is `short`, ... (so `k<unsigned>` names the
 * instance clang calls `k<unsigned int>`), and `_Float16` and `half` as `__half`. An
 * enumerator argument is its number: the host's demangler spells it as a cast of one,
 * `(ns::Algo)0`, which loses the cast here, as --list-kernels' `k<0>` has none. */
static const char *canon_ints(Arena *a, const char *s)
{
	StrBuf b = {0};
	const char *r;

	while (*s) {
		size_t w = 0;
		int cnt[7] = {0}, n = 0;
		const char *p = s;

		if (*s == '(') {      /* `(qualified::name)` before a number: a cast, dropped */
			const char *e = s + 1;
			while (is_ident_char(*e) || *e == ':')
				e++;
			if (e > s + 1 && *e == ')' && ((e[1] >= '0' && e[1] <= '9') || e[1] == '-')) {
				s = e + 1;
				continue;
			}
		}

		while (is_ident_char(p[w]))
			w++;
		while (w && int_word(p, w)) {     /* a run: keywords separated by spaces */
			cnt[int_word(p, w)]++;
			n++;
			s = p + w;
			while (*p && *p != ' ' && is_ident_char(*p))
				p++;
			while (*p == ' ')
				p++;
			for (w = 0; is_ident_char(p[w]); w++)
				;
		}
		if (n) {
			const char *base = cnt[5] ? "char" : cnt[3] ? "short" : cnt[4] >= 2 ? "long long" : cnt[4] ? "long" : "int";
			sb_printf(&b, "%s%s", cnt[1] ? "unsigned " : cnt[2] && cnt[5] ? "signed " : "", base);
			continue;
		}
		if (is_ident_char(*s)) {
			const char *e = s;
			while (is_ident_char(*e))
				e++;
			if (*s >= '0' && *s <= '9') {     /* a number: `128u`, `8ul` are 128, 8 */
				const char *d = e;
				while (d > s + 1 && strchr("uUlL", d[-1]))
					d--;
				while (s < d)
					sb_printf(&b, "%c", *s++);
				s = e;
				continue;
			}
			/* the bundled cuda_fp16.h's __half is _Float16, which clang prints for it,
			 * while the host side (a toolkit's header) and the user say __half or half */
			if ((e - s == 8 && !strncmp(s, "_Float16", 8)) || (e - s == 4 && !strncmp(s, "half", 4))) {
				sb_append(&b, "__half");
				s = e;
				continue;
			}
			while (s < e)
				sb_printf(&b, "%c", *s++);
		} else {
			sb_printf(&b, "%c", *s++);
		}
	}
	r = arena_strdup(a, b.len ? sb_str(&b) : "");
	sb_free(&b);
	return r;
}

static int same_instance(Arena *a, const char *x, const char *y)
{
	return !strcmp(squeeze(a, canon_ints(a, unqualified(x))), squeeze(a, canon_ints(a, unqualified(y))));
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
void scan_unit(Ctx *cx, KernelList *kl)
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
	scan_free(cx);
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
int instantiate_requested(Ctx *cx, KernelList *kl)
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
	text = cx->base_text ? strdup(cx->base_text) : file_read_all(cx->file, &len);
	len = text && cx->base_text ? strlen(text) : len;
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
		if (reach_errors(cx, t)) {   /* clang did not instantiate it: the template's errors say why */
			diag_note(tl, "in kernel '%s': clang could not instantiate it", name);
			return 1;
		}
		diag_error(tl, "template kernel instance '%s' has no instantiated body", name);
		return 1;
	}
	bad = lower_kernel(cx, def, instance_name(cx->a, fn), &k);
	VEC_PUSH(*out, k);
	return bad;
}

int select_kernels(Ctx *cx, KernelList *kl, KernelVec *out)
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
	for (size_t i = 0; i < cx->launches.len + cx->inst_fns.len; i++) {
		const char *n = i < cx->launches.len ? cx->launches.data[i].kernel
		                                     : instance_name(cx->a, cx->inst_fns.data[i - cx->launches.len]);
		int seen = 0;
		CXCursor t;
		if (!template_named(kl, n, &t) || find_kernel(kl, n, &(CXCursor){0}))
			continue;
		for (size_t j = 0; j < done.len; j++)
			seen |= same_instance(cx->a, done.data[j], n);
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

static void add_name(Arena *a, StrVec *v, const char *n)
{
	for (size_t i = 0; i < v->len; i++)
		if (same_instance(a, v->data[i], n))
			return;
	VEC_PUSH(*v, n);
}

/* --list-kernels: what select_kernels would lower without --kernel, by name (launched
 * template instances and those the host code names, e.g. passes as a function
 * pointer), plus every kernel template that neither instantiates (as its bare name). */
void list_kernels(Ctx *cx, KernelList *kl, StrVec *out)
{
	for (size_t i = 0; i < kl->fns.len; i++)
		add_name(cx->a, out, spell(cx->a, kl->fns.data[i]));
	StrVec insts = {0};

	for (size_t i = 0; i < cx->launches.len; i++)
		VEC_PUSH(insts, cx->launches.data[i].kernel);
	for (size_t i = 0; i < cx->inst_fns.len; i++)
		VEC_PUSH(insts, instance_name(cx->a, cx->inst_fns.data[i]));
	for (size_t i = 0; i < insts.len; i++)
		if (template_named(kl, insts.data[i], NULL) && !find_kernel(kl, insts.data[i], &(CXCursor){0}))
			add_name(cx->a, out, insts.data[i]);
	for (size_t i = 0; i < kl->templates.len; i++) {
		const char *t = spell(cx->a, kl->templates.data[i]);
		int launched = 0;
		for (size_t j = 0; j < insts.len; j++)
			launched |= template_named(kl, insts.data[j], NULL) &&
			            !strncmp(unqualified(insts.data[j]), t, strlen(t)) &&
			            unqualified(insts.data[j])[strlen(t)] == '<';
		if (!launched)
			add_name(cx->a, out, t);
	}
	VEC_FREE(insts);
}
