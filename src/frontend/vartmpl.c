/* vartmpl.c: instances of variable templates (C++14 [temp.pre]; CUDA Programming Guide,
 * "Variable Templates"): `template<class T> __constant__ T mask[10];` read in a kernel as
 * `mask<float>[j]` and filled by the host with `cudaMemcpyToSymbol(mask<float>, ...)`.
 * An instance is a __constant__ / __device__ / __shared__ variable like any other
 * (decl.c: global_var); this file says which cursors are instances and what they are
 * called.
 *
 * libclang shows an instance as an UnexposedDecl with a type and a storage class (a
 * VarTemplateSpecializationDecl is a VarDecl), gives neither its template nor its template
 * arguments, and places every instance of one template at the template's location: dkey
 * (clang.c) tells instances apart by their USR. The name is the one the host program's
 * demangler gives the instance's device symbol (`_Z4maskIfE` is `mask<float>`), without
 * its namespace qualifier and without spaces after commas (`ns::tb<double, 4>` is
 * `tb<double,4>`), as kernel instances are named (launch.c: instance_name): the module
 * input of a host-filled instance has that name, and cuda2hlo-cc's runtime matches it to
 * the symbol the program registered (cudart/register.c: cudart_var_named). It is decoded
 * here from the instance's Itanium mangling, for the arguments that name simply: a
 * builtin type, a class named without a scope (`__half`), an int, unsigned, long or bool
 * value. Others give no name, and the use is refused. */
#include "parse.h"

#include <ctype.h>

int is_var_instance(CXCursor d)
{
	enum CXCursorKind pk;

	if (clang_getCursorKind(d) != CXCursor_UnexposedDecl)     /* first: dkey asks of every cursor */
		return 0;
	pk = clang_getCursorKind(clang_getCursorSemanticParent(d));
	return clang_Cursor_getStorageClass(d) != CX_SC_Invalid && clang_getCursorType(d).kind != CXType_Invalid &&
	       (pk == CXCursor_TranslationUnit || pk == CXCursor_Namespace);
}

/* The demangler's spelling of builtin type code c (Itanium C++ ABI 5.1.5.2). */
static const char *builtin(char c)
{
	static const char *const names[][2] = {
		{"v", "void"}, {"b", "bool"}, {"c", "char"}, {"a", "signed char"}, {"h", "unsigned char"},
		{"s", "short"}, {"t", "unsigned short"}, {"i", "int"}, {"j", "unsigned int"}, {"l", "long"},
		{"m", "unsigned long"}, {"x", "long long"}, {"y", "unsigned long long"}, {"f", "float"},
		{"d", "double"}, {"e", "long double"}, {"w", "wchar_t"},
	};

	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (names[i][0][0] == c)
			return names[i][1];
	return NULL;
}

/* A <source-name> (`4mask`) at *p into b; 0 when there is none. */
static int source_name(const char **p, StrBuf *b)
{
	char *end;
	long n;

	if (!isdigit((unsigned char)**p))
		return 0;
	n = strtol(*p, &end, 10);
	if (n <= 0 || (long)strlen(end) < n)
		return 0;
	if (b)
		sb_printf(b, "%.*s", (int)n, end);
	*p = end + n;
	return 1;
}

/* An integer <expr-primary> after its 'L' (`Li3E`, `Lin3E`, `Lj3E`, `Lb1E`): the
 * demangler's spelling (3, -3, 3u, true). */
static int literal(const char **p, StrBuf *b)
{
	static const char *const suffix[][2] = {{"i", ""}, {"j", "u"}, {"l", "l"}, {"m", "ul"}, {"x", "ll"}, {"y", "ull"}};
	char t = *(*p)++;
	int neg = **p == 'n';
	const char *digits = *p + neg, *e = digits;

	while (isdigit((unsigned char)*e))
		e++;
	if (e == digits || *e != 'E')
		return 0;
	*p = e + 1;
	if (t == 'b' && e - digits == 1 && (*digits == '0' || *digits == '1')) {
		sb_append(b, *digits == '1' ? "true" : "false");
		return 1;
	}
	for (size_t i = 0; i < sizeof suffix / sizeof *suffix; i++)
		if (suffix[i][0][0] == t) {
			sb_printf(b, "%s%.*s%s", neg ? "-" : "", (int)(e - digits), digits, suffix[i][1]);
			return 1;
		}
	return 0;
}

/* One <template-arg> at *p into b. */
static int template_arg(const char **p, StrBuf *b)
{
	const char *s;

	if (**p == 'L') {
		(*p)++;
		return literal(p, b);
	}
	if (!strncmp(*p, "DF16_", 5)) {
		*p += 5;
		sb_append(b, "_Float16");
		return 1;
	}
	if (isdigit((unsigned char)**p))
		return source_name(p, b);
	if ((s = builtin(**p)) != NULL) {
		(*p)++;
		sb_append(b, s);
		return 1;
	}
	return 0;
}

/* "mask<float>" from "_Z4maskIfE" or "_ZN2ns4maskIfEE"; 0 for what the grammar here
 * does not cover. */
static int demangle(const char *m, StrBuf *b)
{
	const char *p = m + 2;
	int nested;

	if (strncmp(m, "_Z", 2))
		return 0;
	nested = *p == 'N';
	p += nested;
	for (;;) {                       /* the qualifiers, then the name */
		const char *name = p;
		if (!source_name(&p, NULL))
			return 0;
		if (*p == 'I') {
			source_name(&name, b);
			break;
		}
		if (!nested)
			return 0;
	}
	sb_putc(b, '<');
	for (p++; *p != 'E'; ) {
		if (b->len && sb_str(b)[b->len - 1] != '<')
			sb_putc(b, ',');
		if (!template_arg(&p, b))
			return 0;
	}
	p++;
	sb_putc(b, '>');
	return !strcmp(p, nested ? "E" : "");
}

/* The name of instance d (is_var_instance), or NULL when its arguments cannot be named. */
const char *var_instance_name(Arena *a, CXCursor d)
{
	const char *m = str(a, clang_Cursor_getMangling(d)), *r = NULL;
	StrBuf b = {0};

	if (demangle(m, &b))
		r = arena_strdup(a, sb_str(&b));
	sb_free(&b);
	return r;
}
