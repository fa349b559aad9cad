/* parse.c: StableHLO text -> tensor IR (src/hlo_emit/hlo_emit.h).
 * Consumes MLIR text as jax prints it, as the StableHLO interpreter tests write it, and
 * as src/hlo_emit/print_stablehlo.c prints it: `module` (or bare func.func's),
 * func.func with argument/result attributes, single-block function bodies, ops in
 * generic form ("stablehlo.add"(%a, %b) <{props}> ({regions}) {attrs} : (T, T) -> T)
 * and in the pretty forms of the ops in TIR_OPS, loc(...) annotations (skipped).
 * Produces a TModule that passed tir_verify, or one error `file:line:col: error: ...`
 * (the parser stops at the first error: the input is machine-written, and a second
 * error would mostly be a consequence of the first).
 * Valid StableHLO outside what the runtime handles (complex, quantized and f8 element
 * types, dynamic dimensions, ops not in TIR_OPS) is PARSE_UNSUPPORTED, not an error.
 *
 * The scanner works on characters, not tokens: MLIR's lexical rules depend on context
 * (`4x3xf32` inside tensor<>, `0x7FC00000` as a float's bits inside dense<>). */
#include "runtime.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct Parser {
	const char *file, *text;
	size_t pos, end;
	size_t *lines;            /* offsets of line starts */
	int nlines;
	TModule *m;
	TFunc *f;
	Map **scopes;             /* value names -> id+1, innermost last */
	Arena *scratch;           /* temporaries of one parse_range (growable lists) */
	StrBuf str;               /* string literal being unescaped */
	int nscopes, capscopes;
	int quiet;
	int allow_dynamic;        /* `?` dimensions parse as TIR_DYN (runtime_parse only) */
	ParseStatus status;
	SrcLoc err_loc;
	char msg[256];
	jmp_buf fail;
} Parser;

/* ---- positions and errors ---- */

static SrcLoc loc_at(const Parser *p, size_t pos)
{
	int lo = 0, hi = p->nlines - 1;
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;
		if (p->lines[mid] <= pos)
			lo = mid;
		else
			hi = mid - 1;
	}
	return srcloc(p->file, lo + 1, (int)(pos - p->lines[lo]) + 1);
}

static SrcLoc here(const Parser *p) { return loc_at(p, p->pos); }

C2H_NORETURN static void fail_at(Parser *p, ParseStatus st, SrcLoc loc, const char *fmt,
                                 va_list ap)
{
	p->status = st;
	p->err_loc = loc;
	vsnprintf(p->msg, sizeof p->msg, fmt, ap);
	if (!p->quiet)
		diag_error(loc, "%s", p->msg);
	longjmp(p->fail, 1);
}

C2H_NORETURN C2H_PRINTF(3, 4) static void error_at(Parser *p, SrcLoc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fail_at(p, PARSE_ERROR, loc, fmt, ap);
}

C2H_NORETURN C2H_PRINTF(3, 4) static void unsupported_at(Parser *p, SrcLoc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fail_at(p, PARSE_UNSUPPORTED, loc, fmt, ap);
}

/* ---- scratch lists ----
 * Temporaries (type lists, literal positions, items) grow in p->scratch, which
 * parse_range drops after each module, also when an error longjmps out of the middle
 * of a parse: a failed parse leaks nothing. The layout is base.h's VEC. */
static void *scratch_grow(Parser *p, void *data, size_t len, size_t *cap, size_t elsize)
{
	size_t ncap = *cap ? 2 * *cap : 8;
	void *n = arena_alloc(p->scratch, ncap * elsize);
	if (len)
		memcpy(n, data, len * elsize);
	*cap = ncap;
	return n;
}

#define SPUSH(p, v, x) \
	do { \
		if ((v).len == (v).cap) \
			(v).data = scratch_grow((p), (v).data, (v).len, &(v).cap, sizeof *(v).data); \
		(v).data[(v).len++] = (x); \
	} while (0)

/* ---- characters ---- */

static int is_id(int c) { return isalnum(c) || c == '_' || c == '$' || c == '.' || c == '-'; }
static int is_id_start(int c) { return isalpha(c) || c == '_'; }

static int cur(const Parser *p) { return p->pos < p->end ? (unsigned char)p->text[p->pos] : 0; }
static int at(const Parser *p, size_t k)
{
	return p->pos + k < p->end ? (unsigned char)p->text[p->pos + k] : 0;
}

static void skip_balanced(Parser *p);

/* Skips blanks, // comments and loc(...) annotations. */
static void ws(Parser *p)
{
	for (;;) {
		int c = cur(p);
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			p->pos++;
		} else if (c == '/' && at(p, 1) == '/') {
			while (p->pos < p->end && p->text[p->pos] != '\n')
				p->pos++;
		} else if (c == 'l' && p->end - p->pos > 4 && memcmp(p->text + p->pos, "loc(", 4) == 0 &&
		           (p->pos == 0 || !is_id((unsigned char)p->text[p->pos - 1]))) {
			p->pos += 3;
			skip_balanced(p);
		} else {
			return;
		}
	}
}

static int peek(Parser *p)
{
	ws(p);
	return cur(p);
}

/* Consumes punctuation s if it comes next. */
static int accept(Parser *p, const char *s)
{
	size_t n = strlen(s);
	ws(p);
	if (p->end - p->pos >= n && memcmp(p->text + p->pos, s, n) == 0) {
		p->pos += n;
		return 1;
	}
	return 0;
}

static void expect(Parser *p, const char *s)
{
	if (!accept(p, s))
		error_at(p, here(p), "expected '%s'", s);
}

/* Reads a bare identifier (letters, digits, _ $ .); returns its length, 0 if none. */
static size_t ident(Parser *p, const char **s)
{
	ws(p);
	size_t start = p->pos;
	if (!is_id_start(cur(p)))
		return 0;
	while (p->pos < p->end && (is_id(cur(p)) && cur(p) != '-'))
		p->pos++;
	*s = p->text + start;
	return p->pos - start;
}

/* Consumes keyword kw if it comes next as a whole word. */
static int accept_kw(Parser *p, const char *kw)
{
	size_t n = strlen(kw);
	ws(p);
	if (p->end - p->pos >= n && memcmp(p->text + p->pos, kw, n) == 0 &&
	    !(is_id(at(p, n)) && at(p, n) != '-')) {
		p->pos += n;
		return 1;
	}
	return 0;
}

/* Does keyword kw come next (nothing consumed)? */
static int next_kw(Parser *p, const char *kw)
{
	size_t save = p->pos;
	int r = accept_kw(p, kw);
	p->pos = save;
	return r;
}

static void expect_kw(Parser *p, const char *kw)
{
	if (!accept_kw(p, kw))
		error_at(p, here(p), "expected '%s'", kw);
}

static char *ident_dup(Parser *p, const char *what)
{
	const char *s;
	size_t n = ident(p, &s);
	if (!n)
		error_at(p, here(p), "expected %s", what);
	return arena_strndup(p->m->arena, s, n);
}

static int64_t parse_int(Parser *p)
{
	ws(p);
	SrcLoc l = here(p);
	/* strtoll on a bounded, terminated copy: the text is a range of a larger buffer
	 * that need not end in a NUL (fuzz_parse found the read past its end) */
	char buf[32];
	size_t n = p->end - p->pos < sizeof buf - 1 ? p->end - p->pos : sizeof buf - 1;
	memcpy(buf, p->text + p->pos, n);
	buf[n] = 0;
	char *e;
	errno = 0;
	long long v = strtoll(buf, &e, 0);
	if (e == buf || errno)
		error_at(p, l, "expected an integer");
	p->pos += (size_t)(e - buf);
	return v;
}

/* Skips a balanced (...), [...], {...} or <...> group starting at the current char,
 * or a string literal. */
static void skip_balanced(Parser *p)
{
	char stack[256];
	int depth = 0;
	SrcLoc l = here(p);
	do {
		int c = cur(p);
		if (!c)
			error_at(p, l, "unbalanced brackets");
		if (c == '"') {
			p->pos++;
			while (p->pos < p->end && p->text[p->pos] != '"')
				p->pos += p->text[p->pos] == '\\' && p->pos + 1 < p->end ? 2 : 1;
			if (p->pos >= p->end)
				error_at(p, l, "unterminated string");
		} else if (c == '(' || c == '[' || c == '{' || c == '<') {
			if (depth == (int)sizeof stack)
				error_at(p, l, "brackets nested too deeply");
			stack[depth++] = c == '(' ? ')' : c == '[' ? ']' : c == '{' ? '}' : '>';
		} else if (c == ')' || c == ']' || c == '}' || c == '>') {
			if (c == '>' && p->pos > 0 && p->text[p->pos - 1] == '-') {
				/* "->" inside a group */
			} else if (depth && c == stack[depth - 1]) {
				depth--;
			} else {
				error_at(p, here(p), "unbalanced '%c'", c);
			}
		}
		p->pos++;
	} while (depth > 0);
}

/* ---- types ---- */

static TType parse_type(Parser *p);

static DType parse_elem_type(Parser *p)
{
	SrcLoc l = here(p);
	const char *s;
	size_t n = ident(p, &s);
	if (!n)
		error_at(p, l, "expected an element type");
	int dt = dtype_from_name(s, n);
	if (dt >= 0 && !dtype_is_complex((DType)dt))
		return (DType)dt;
	if (n == 7 && memcmp(s, "complex", 7) == 0) {     /* complex<f32>, complex<f64> */
		expect(p, "<");
		SrcLoc pl = here(p);
		DType part = parse_elem_type(p);
		if (part != DT_F32 && part != DT_F64)
			unsupported_at(p, pl, "complex<%s> is not supported (only f32 and f64 parts)",
			               dtype_name(part));
		expect(p, ">");
		return dtype_complex_of(part);
	}
	if (n >= 2 && (s[0] == 'f' || s[0] == 'i' || s[0] == 'u' || s[0] == 's'))
		unsupported_at(p, l, "element type '%.*s' is not supported", (int)n, s);
	error_at(p, l, "unknown element type '%.*s'", (int)n, s);
}

/* Element counts and byte sizes are int64_t everywhere (tir_type_numel, the backends'
 * index arithmetic): a type whose byte size does not fit is an error here, before any
 * product can overflow (it would run as an empty or a small tensor). */
static void check_tensor_size(Parser *p, SrcLoc l, DType dt, int rank, const int64_t *dims)
{
	int64_t bytes = dtype_size(dt);
	for (int i = 0; i < rank; i++)   /* zeros skipped: no partial product may overflow either */
		if (dims[i] && __builtin_mul_overflow(bytes, dims[i], &bytes))
			error_at(p, l, "tensor type has more than 2^63 bytes");
}

static TType parse_tensor_body(Parser *p)
{
	SrcLoc start = here(p);
	int64_t dims[TIR_MAX_RANK];
	int rank = 0;
	for (;;) {
		ws(p);
		SrcLoc l = here(p);
		if (cur(p) == '?' && p->allow_dynamic && at(p, 1) == 'x') {
			if (rank == TIR_MAX_RANK)
				unsupported_at(p, l, "rank above %d is not supported", TIR_MAX_RANK);
			dims[rank++] = TIR_DYN;
			p->m->dynamic = 1;
			p->pos += 2;
			continue;
		}
		if (cur(p) == '?')
			unsupported_at(p, l, "dynamic dimensions are not supported");
		if (cur(p) == '*')
			unsupported_at(p, l, "unranked tensors are not supported");
		if (!isdigit(cur(p)))
			break;
		int64_t d = 0;
		while (isdigit(cur(p))) {
			if (d > (INT64_MAX - 9) / 10)
				error_at(p, l, "dimension is too large");
			d = d * 10 + (cur(p) - '0'), p->pos++;
		}
		if (cur(p) != 'x')
			error_at(p, here(p), "expected 'x' after a dimension");
		p->pos++;
		if (rank == TIR_MAX_RANK)
			unsupported_at(p, l, "rank above %d is not supported", TIR_MAX_RANK);
		dims[rank++] = d;
	}
	if (cur(p) == '!')
		unsupported_at(p, here(p), "quantized element types are not supported");
	DType dt = parse_elem_type(p);
	if (accept(p, ","))
		unsupported_at(p, here(p), "tensor encodings (bounds, sparsity) are not supported");
	expect(p, ">");
	if (!tir_dims_dynamic(rank, dims))
		check_tensor_size(p, start, dt, rank, dims);
	return tir_type_tensor(dt, rank, dims);
}

static TType parse_type(Parser *p)
{
	TType t;
	memset(&t, 0, sizeof t);
	ws(p);
	SrcLoc l = here(p);
	if (accept_kw(p, "tensor")) {
		expect(p, "<");
		return parse_tensor_body(p);
	}
	if (accept(p, "!stablehlo.token")) {
		t.kind = TY_TOKEN;
		return t;
	}
	if (accept_kw(p, "tuple")) {
		VEC(TType) el = {0};
		expect(p, "<");
		while (peek(p) != '>') {
			SPUSH(p, el, parse_type(p));
			if (!accept(p, ","))
				break;
		}
		expect(p, ">");
		TType *copy = ARENA_ARRAY(p->m->arena, TType, el.len ? el.len : 1);
		if (el.len)
			memcpy(copy, el.data, el.len * sizeof(TType));
		t.kind = TY_TUPLE;
		t.elems = copy;
		t.nelems = (int)el.len;
		return t;
	}
	if (cur(p) == '!')
		unsupported_at(p, l, "type not supported here");
	if (is_id_start(cur(p))) {
		/* a bare scalar type (e.g. in `0.1 : f64`): a 0-d tensor of it */
		return tir_type_scalar(parse_elem_type(p));
	}
	error_at(p, l, "expected a type");
}

/* ( T, T ) -> R | ( R, R ) ; fills ins/outs (heap vectors). */
typedef VEC(TType) TypeVec;

static void parse_type_list_paren(Parser *p, TypeVec *v)
{
	expect(p, "(");
	while (peek(p) != ')') {
		SPUSH(p, *v, parse_type(p));
		if (!accept(p, ","))
			break;
	}
	expect(p, ")");
}

static void parse_results_types(Parser *p, TypeVec *outs)
{
	if (peek(p) == '(')
		parse_type_list_paren(p, outs);
	else
		SPUSH(p, *outs, parse_type(p));
}

/* ---- scopes of value names ---- */

static void push_scope(Parser *p)
{
	if (p->nscopes == p->capscopes) {
		p->capscopes = p->capscopes ? 2 * p->capscopes : 8;
		p->scopes = xrealloc(p->scopes, sizeof(Map *) * (size_t)p->capscopes);
	}
	p->scopes[p->nscopes++] = map_create();
}

static void pop_scope(Parser *p)
{
	map_destroy(p->scopes[--p->nscopes]);
}

static void define_name(Parser *p, SrcLoc l, const char *name, int v)
{
	Map *s = p->scopes[p->nscopes - 1];
	if (map_has(s, name))
		error_at(p, l, "redefinition of value '%%%s'", name);
	map_put(s, name, (void *)(intptr_t)(v + 1));
}

static int lookup_name(Parser *p, const char *name)
{
	for (int i = p->nscopes - 1; i >= 0; i--) {
		void *v = map_get(p->scopes[i], name);
		if (v)
			return (int)(intptr_t)v - 1;
	}
	return -1;
}

/* %name or %name#N -> "name" / "name#N" in buf */
static int value_name(Parser *p, char *buf, size_t cap)
{
	ws(p);
	if (cur(p) != '%')
		return 0;
	size_t start = ++p->pos;
	while (p->pos < p->end && (isalnum(cur(p)) || cur(p) == '_' || cur(p) == '$' || cur(p) == '.' ||
	                           cur(p) == '-'))
		p->pos++;
	if (cur(p) == '#') {
		p->pos++;
		while (isdigit(cur(p)))
			p->pos++;
	}
	size_t n = p->pos - start;
	if (n == 0 || n >= cap)
		error_at(p, loc_at(p, start), "bad value name");
	memcpy(buf, p->text + start, n);
	buf[n] = 0;
	return 1;
}

/* A value use %x; returns the value id. */
static int parse_use(Parser *p)
{
	char name[128];
	ws(p);
	SrcLoc l = here(p);
	if (!value_name(p, name, sizeof name))
		error_at(p, l, "expected a value");
	int v = lookup_name(p, name);
	if (v < 0)
		error_at(p, l, "use of undefined value '%%%s'", name);
	return v;
}

/* ---- attributes ---- */

static TAttr new_attr(Parser *p, TAttrKind k, const char *name)
{
	TAttr a;
	memset(&a, 0, sizeof a);
	a.kind = k;
	a.name = arena_strdup(p->m->arena, name);
	a.int_type = k == TA_FLOAT ? DT_F64 : DT_I64;
	return a;
}

static TInts parse_int_list(Parser *p)
{
	VEC(int64_t) v = {0};
	expect(p, "[");
	while (peek(p) != ']') {
		SPUSH(p, v, parse_int(p));
		if (!accept(p, ","))
			break;
	}
	expect(p, "]");
	TInts r = tir_ints_copy(p->m->arena, v.data, (int)v.len);
	return r;
}

/* array<i64: 1, 2> or array<i64> (also array<i1: true, false> as 0/1) */
static TInts parse_array(Parser *p)
{
	VEC(int64_t) v = {0};
	expect(p, "<");
	DType t = parse_elem_type(p);
	if (accept(p, ":")) {
		do {
			if (t == DT_I1 && accept_kw(p, "true"))
				SPUSH(p, v, 1);
			else if (t == DT_I1 && accept_kw(p, "false"))
				SPUSH(p, v, 0);
			else
				SPUSH(p, v, parse_int(p));
		} while (accept(p, ","));
	}
	expect(p, ">");
	TInts r = tir_ints_copy(p->m->arena, v.data, (int)v.len);
	return r;
}

/* Scalar literal tokens of a dense<...> body, converted once the type is known. */
typedef struct Lit {
	size_t pos, len;
} Lit;
typedef VEC(Lit) LitVec;

static void dense_elems(Parser *p, LitVec *lits, int depth)
{
	if (accept(p, "[")) {
		if (depth > TIR_MAX_RANK)
			error_at(p, here(p), "dense literal nested too deeply");
		while (peek(p) != ']') {
			dense_elems(p, lits, depth + 1);
			if (!accept(p, ","))
				break;
		}
		expect(p, "]");
		return;
	}
	ws(p);
	if (cur(p) == '(') {                /* a complex literal (re, im), kept whole */
		Lit c = {p->pos, 0};
		skip_balanced(p);
		c.len = p->pos - c.pos;
		SPUSH(p, *lits, c);
		return;
	}
	Lit l = {p->pos, 0};
	if (cur(p) == '-' || cur(p) == '+')
		p->pos++;
	while (isalnum(cur(p)) || cur(p) == '.' ||
	       ((cur(p) == '-' || cur(p) == '+') && (p->text[p->pos - 1] | 32) == 'e'))
		p->pos++;
	l.len = p->pos - l.pos;
	if (!l.len)
		error_at(p, here(p), "expected a literal");
	SPUSH(p, *lits, l);
}

static int hexval(int c)
{
	return isdigit(c) ? c - '0' : (c | 32) - 'a' + 10;
}

static void store_lit(Parser *p, const Lit *l, DType t, void *dst);

/* (re, im) as complex type t: each part a float literal of the part type (or its bits). */
static void store_complex(Parser *p, const Lit *l, DType t, void *dst)
{
	DType pt = dtype_complex_part(t);
	SrcLoc loc = loc_at(p, l->pos);
	size_t a = l->pos + 1, e = l->pos + l->len - 1, comma = a;
	while (comma < e && p->text[comma] != ',')
		comma++;
	if (comma == e)
		error_at(p, loc, "complex literal needs (real, imaginary)");
	size_t span[2][2] = {{a, comma}, {comma + 1, e}};
	for (int k = 0; k < 2; k++) {
		size_t s0 = span[k][0], s1 = span[k][1];
		while (s0 < s1 && isspace((unsigned char)p->text[s0]))
			s0++;
		while (s1 > s0 && isspace((unsigned char)p->text[s1 - 1]))
			s1--;
		Lit part = {s0, s1 - s0};
		if (!part.len)
			error_at(p, loc, "complex literal needs (real, imaginary)");
		store_lit(p, &part, pt, (char *)dst + k * dtype_size(pt));
	}
}

/* Stores one literal as element type t at dst. */
static void store_lit(Parser *p, const Lit *l, DType t, void *dst)
{
	char buf[80];
	SrcLoc loc = loc_at(p, l->pos);
	if (p->text[l->pos] == '(') {
		if (!dtype_is_complex(t))
			error_at(p, loc, "complex literal for a %s element", dtype_name(t));
		store_complex(p, l, t, dst);
		return;
	}
	if (l->len >= sizeof buf)
		error_at(p, loc, "literal too long");
	memcpy(buf, p->text + l->pos, l->len);
	buf[l->len] = 0;
	if (strcmp(buf, "true") == 0 || strcmp(buf, "false") == 0) {
		if (t != DT_I1)
			error_at(p, loc, "boolean literal for a %s element", dtype_name(t));
		*(uint8_t *)dst = buf[0] == 't';
		return;
	}
	char *e;
	int is_hex = buf[0] == '0' && (buf[1] | 32) == 'x';
	if (dtype_is_complex(t))
		error_at(p, loc, "complex literal needs (real, imaginary), not '%s'", buf);
	if (dtype_is_float(t)) {
		if (is_hex) {
			unsigned long long bits = strtoull(buf, &e, 16);
			if (*e)
				error_at(p, loc, "bad hexadecimal literal '%s'", buf);
			memcpy(dst, &bits, (size_t)dtype_size(t));
			return;
		}
		errno = 0;
		double d = t == DT_F32 ? (double)strtof(buf, &e) : strtod(buf, &e);
		if (*e)
			error_at(p, loc, "bad float literal '%s'", buf);
		if (!strchr(buf, '.') && !strchr(buf, 'e') && !strchr(buf, 'E'))
			error_at(p, loc, "integer literal for a %s element; add a trailing dot", dtype_name(t));
		if (t == DT_F32)
			*(float *)dst = strtof(buf, NULL);
		else
			tir_elem_set_f(t, dst, d);
		return;
	}
	errno = 0;
	int64_t v;
	if (buf[0] == '-')
		v = strtoll(buf, &e, 0);
	else
		v = (int64_t)strtoull(buf, &e, 0);
	if (*e || errno)
		error_at(p, loc, "bad integer literal '%s' for %s", buf, dtype_name(t));
	if (t == DT_I1 && v != 0 && v != 1)
		error_at(p, loc, "literal %s does not fit i1", buf);
	tir_elem_set_i(t, dst, v);
}

/* dense<"0xHEX"> : raw little-endian bytes of every element (or of one: a splat). */
static void store_hex(Parser *p, const Lit *l, const TType *t, TAttr *a)
{
	const char *s = p->text + l->pos + 3;        /* after "0x */
	size_t ndig = l->len - 4, nbytes = ndig / 2;
	int64_t es = dtype_size(t->dt), numel = tir_type_numel(t);
	if (ndig % 2 || (nbytes != (size_t)(es * numel) && nbytes != (size_t)es))
		error_at(p, loc_at(p, l->pos), "hex constant has %zu bytes, %s needs %lld",
		         nbytes, "the type", (long long)(es * numel));
	unsigned char *d = arena_alloc(p->m->arena, nbytes ? nbytes : 1);
	for (size_t i = 0; i < nbytes; i++)
		d[i] = (unsigned char)(hexval(s[2 * i]) * 16 + hexval(s[2 * i + 1]));
	a->u.dense.data = d;
	a->u.dense.splat = nbytes == (size_t)es && numel != 1;
}

/* dense<body> : type, with the body already scanned into lits. */
static void finish_dense(Parser *p, TAttr *a, const LitVec *lits, SrcLoc l, TType t)
{
	if (t.kind != TY_TENSOR)
		error_at(p, l, "dense constant needs a tensor type");
	if (tir_dims_dynamic(t.rank, t.dims))
		error_at(p, l, "dense constant of dynamic shape");
	a->kind = TA_DENSE;
	a->u.dense.type = t;
	int64_t numel = tir_type_numel(&t), es = dtype_size(t.dt);
	if (lits->len == 1 && p->text[lits->data[0].pos] == '"') {
		store_hex(p, &lits->data[0], &t, a);
		return;
	}
	int splat = lits->len == 1 && numel != 1;
	if (!splat && (int64_t)lits->len != numel)
		error_at(p, l, "dense constant has %zu elements, the type needs %lld", lits->len,
		         (long long)numel);
	int64_t n = splat ? 1 : numel;
	unsigned char *d = arena_alloc(p->m->arena, (size_t)(n * es) + 1);
	for (int64_t i = 0; i < n; i++)
		store_lit(p, &lits->data[i], t.dt, d + i * es);
	a->u.dense.data = d;
	a->u.dense.splat = splat;
}

/* After "dense": <body>; the caller parses ": type" and calls finish_dense. */
static void scan_dense(Parser *p, LitVec *lits)
{
	expect(p, "<");
	ws(p);
	if (cur(p) == '"') {
		Lit l = {p->pos, 0};
		p->pos++;
		while (isxdigit(cur(p)) || cur(p) == 'x' || cur(p) == 'X')
			p->pos++;
		if (cur(p) != '"')
			error_at(p, here(p), "bad hex constant");
		p->pos++;
		l.len = p->pos - l.pos;
		SPUSH(p, *lits, l);
	} else if (peek(p) != '>') {
		dense_elems(p, lits, 0);
	}
	expect(p, ">");
}

static int name_is(const char *name, const char *const *list)
{
	for (; *list; list++)
		if (strcmp(name, *list) == 0)
			return 1;
	return 0;
}

static const char *const int_list_attrs[] = {
	"broadcast_dimensions", "permutation", "dimensions", "start_indices", "limit_indices",
	"strides", "slice_sizes", "edge_padding_low", "edge_padding_high", "interior_padding",
	"window_dimensions", "window_strides", "base_dilations", "window_dilations",
	"lhs_dilation", "rhs_dilation", NULL,
};

/* A dense int attribute given for a name that holds a list (old MLIR spelling). */
static void dense_to_ints(Parser *p, TAttr *a, SrcLoc l)
{
	const TType *t = &a->u.dense.type;
	int64_t n = tir_type_numel(t);
	if (!dtype_is_int(t->dt) || (t->rank != 1 && !(t->rank == 2 && strcmp(a->name, "padding") == 0)))
		error_at(p, l, "attribute '%s' must be a list of integers", a->name);
	int64_t *v = ARENA_ARRAY(p->m->arena, int64_t, n ? n : 1);
	for (int64_t i = 0; i < n; i++)
		v[i] = tir_elem_get_i(t->dt, (const char *)a->u.dense.data +
		                      (a->u.dense.splat ? 0 : i) * dtype_size(t->dt));
	if (t->rank == 2) {
		a->kind = TA_INTS2D;
		a->u.ints2d.v = v;
		a->u.ints2d.rows = (int)t->dims[0];
		a->u.ints2d.cols = (int)t->dims[1];
	} else {
		a->kind = TA_INTS;
		a->u.ints.v = v;
		a->u.ints.n = (int)n;
	}
}

static void parse_dims_field(Parser *p, const char *field, TInts *out, int64_t *ivd)
{
	expect(p, "=");
	if (ivd && strcmp(field, "index_vector_dim") == 0)
		*ivd = parse_int(p);
	else
		*out = parse_int_list(p);
}

/* #stablehlo.dot<...>, #stablehlo.gather<...>, #stablehlo.scatter<...> bodies */
static void parse_dims_attr(Parser *p, TAttr *a, const char *kind)
{
	expect(p, "<");
	while (peek(p) != '>') {
		SrcLoc l = here(p);
		char *f = ident_dup(p, "a dimension field");
		TInts *slot = NULL;
		int64_t *ivd = NULL;
		if (strcmp(kind, "dot") == 0) {
			TDotDims *d = &a->u.dot;
			slot = !strcmp(f, "lhs_batching_dimensions") ? &d->lhs_batch
			       : !strcmp(f, "rhs_batching_dimensions") ? &d->rhs_batch
			       : !strcmp(f, "lhs_contracting_dimensions") ? &d->lhs_contract
			       : !strcmp(f, "rhs_contracting_dimensions") ? &d->rhs_contract : NULL;
		} else if (strcmp(kind, "gather") == 0) {
			TGatherDims *g = &a->u.gather;
			ivd = &g->index_vector_dim;
			slot = !strcmp(f, "offset_dims") ? &g->offset_dims
			       : !strcmp(f, "collapsed_slice_dims") ? &g->collapsed_slice_dims
			       : !strcmp(f, "operand_batching_dims") ? &g->operand_batching_dims
			       : !strcmp(f, "start_indices_batching_dims") ? &g->start_indices_batching_dims
			       : !strcmp(f, "start_index_map") ? &g->start_index_map : NULL;
		} else {
			TScatterDims *s = &a->u.scatter;
			ivd = &s->index_vector_dim;
			slot = !strcmp(f, "update_window_dims") ? &s->update_window_dims
			       : !strcmp(f, "inserted_window_dims") ? &s->inserted_window_dims
			       : !strcmp(f, "input_batching_dims") ? &s->input_batching_dims
			       : !strcmp(f, "scatter_indices_batching_dims") ? &s->scatter_indices_batching_dims
			       : !strcmp(f, "scatter_dims_to_operand_dims") ? &s->scatter_dims_to_operand_dims
			       : NULL;
		}
		if (!slot && !(ivd && strcmp(f, "index_vector_dim") == 0))
			error_at(p, l, "unknown field '%s' in #stablehlo.%s", f, kind);
		parse_dims_field(p, f, slot, ivd);
		if (!accept(p, ","))
			break;
	}
	expect(p, ">");
}

static TAttr parse_raw(Parser *p, const char *name)
{
	TAttr a = new_attr(p, TA_RAW, name);
	ws(p);
	size_t start = p->pos;
	/* up to the next ',' '}' or '>' at depth 0 */
	while (cur(p) && cur(p) != ',' && cur(p) != '}' && !(cur(p) == '>' && p->text[p->pos - 1] != '-')) {
		int c = cur(p);
		if (c == '(' || c == '[' || c == '{' || c == '<' || c == '"')
			skip_balanced(p);
		else
			p->pos++;
	}
	size_t end = p->pos;
	while (end > start && isspace((unsigned char)p->text[end - 1]))
		end--;
	if (end == start)
		error_at(p, here(p), "expected an attribute value");
	a.u.s = arena_strndup(p->m->arena, p->text + start, end - start);
	return a;
}

static const char *const cmp_dir_names[] = {"EQ", "NE", "GE", "GT", "LE", "LT", NULL};
static const char *const cmp_type_names[] = {"NOTYPE", "FLOAT", "TOTALORDER", "SIGNED",
                                              "UNSIGNED", NULL};

/* The index of the n-character word w in the NULL-ended names, or -1. */
static int word_index(const char *const *names, const char *w, size_t n)
{
	for (int i = 0; names[i]; i++)
		if (strlen(names[i]) == n && memcmp(names[i], w, n) == 0)
			return i;
	return -1;
}

static int lookup_word(Parser *p, const char *const *names, const char *what)
{
	SrcLoc l = here(p);
	const char *s;
	size_t n = ident(p, &s);
	int i = word_index(names, s, n);
	if (i < 0)
		error_at(p, l, "expected a %s", what);
	return i;
}

/* One side of a convolution layout, [b, 0, 1, f]: positions of the letters c0 and c1
 * and of the spatial dimensions 0, 1, ... */
static void conv_side(Parser *p, int64_t *d0, char c0, int64_t *d1, char c1, TInts *sp)
{
	int64_t spv[TIR_MAX_RANK];
	int nsp = 0, pos = 0, seen = 0;
	SrcLoc l = here(p);
	*d0 = *d1 = -1;
	expect(p, "[");
	while (peek(p) != ']') {
		SrcLoc el = here(p);
		if (pos >= TIR_MAX_RANK)
			error_at(p, el, "convolution layout has too many dimensions");
		if (isdigit(cur(p))) {
			int64_t j = parse_int(p);
			if (j >= TIR_MAX_RANK || (seen >> j & 1))
				error_at(p, el, "bad spatial dimension %lld", (long long)j);
			spv[j] = pos;
			seen |= 1 << j;
			nsp = (int)j + 1 > nsp ? (int)j + 1 : nsp;
		} else {
			const char *w;
			size_t n = ident(p, &w);
			if (n == 1 && w[0] == c0 && *d0 < 0)
				*d0 = pos;
			else if (n == 1 && w[0] == c1 && *d1 < 0)
				*d1 = pos;
			else
				error_at(p, el, "expected '%c', '%c' or a spatial dimension", c0, c1);
		}
		pos++;
		if (!accept(p, ","))
			break;
	}
	expect(p, "]");
	if (*d0 < 0 || *d1 < 0 || nsp != pos - 2 || seen != (1 << nsp) - 1)
		error_at(p, l, "convolution layout needs '%c', '%c' and spatial dimensions 0..n-1", c0, c1);
	*sp = tir_ints_copy(p->m->arena, spv, nsp);
}

/* [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f] */
static void parse_conv_dims(Parser *p, TConvDims *d)
{
	ws(p);
	if (next_kw(p, "raw"))
		unsupported_at(p, here(p), "the raw form of #stablehlo.conv is not supported");
	conv_side(p, &d->in_batch, 'b', &d->in_feature, 'f', &d->in_spatial);
	expect(p, "x");
	conv_side(p, &d->k_in_feature, 'i', &d->k_out_feature, 'o', &d->k_spatial);
	expect(p, "->");
	conv_side(p, &d->out_batch, 'b', &d->out_feature, 'f', &d->out_spatial);
}

/* #stablehlo<...> and #stablehlo.xxx<...> attributes */
static TAttr parse_hash_attr(Parser *p, const char *name, size_t start)
{
	TAttr a = new_attr(p, TA_RAW, name);
	if (accept(p, "#stablehlo<comparison_direction")) {
		a.kind = TA_CMP_DIR;
		a.u.cmp_dir = (TCmpDir)lookup_word(p, cmp_dir_names, "comparison direction");
		expect(p, ">");
	} else if (accept(p, "#stablehlo<comparison_type")) {
		a.kind = TA_CMP_TYPE;
		a.u.cmp_type = (TCmpType)lookup_word(p, cmp_type_names, "comparison type");
		expect(p, ">");
	} else if (accept(p, "#stablehlo.dot<")) {
		p->pos--;
		a.kind = TA_DOT_DIMS;
		parse_dims_attr(p, &a, "dot");
	} else if (accept(p, "#stablehlo.gather<")) {
		p->pos--;
		a.kind = TA_GATHER_DIMS;
		parse_dims_attr(p, &a, "gather");
	} else if (accept(p, "#stablehlo.scatter<")) {
		p->pos--;
		a.kind = TA_SCATTER_DIMS;
		parse_dims_attr(p, &a, "scatter");
	} else if (accept(p, "#stablehlo.conv<")) {
		a.kind = TA_CONV_DIMS;
		parse_conv_dims(p, &a.u.conv);
		expect(p, ">");
	} else {
		p->pos = start;
		a = parse_raw(p, name);
	}
	return a;
}

/* A number attribute: 5, -3 : i32, 0.1 : f64, 1.0 (typed: a ': type' may follow) */
static TAttr parse_number_attr(Parser *p, const char *name, int typed)
{
	ws(p);
	SrcLoc l = here(p);
	size_t start = p->pos;
	if (cur(p) == '-' || cur(p) == '+')
		p->pos++;
	while (isalnum(cur(p)) || cur(p) == '.' ||
	       ((cur(p) == '-' || cur(p) == '+') && (p->text[p->pos - 1] | 32) == 'e'))
		p->pos++;
	Lit lit = {start, p->pos - start};
	char buf[80];
	if (lit.len >= sizeof buf)
		error_at(p, l, "number too long");
	memcpy(buf, p->text + start, lit.len);
	buf[lit.len] = 0;
	int isf = strchr(buf, '.') || ((strchr(buf, 'e') || strchr(buf, 'E')) && !strstr(buf, "0x"));
	DType t = isf ? DT_F64 : DT_I64;
	if (typed && accept(p, ":")) {
		TType ty = parse_type(p);
		t = ty.dt;
	}
	TAttr a = new_attr(p, dtype_is_float(t) ? TA_FLOAT : TA_INT, name);
	a.int_type = t;
	unsigned char v[8] = {0};
	store_lit(p, &lit, t, v);
	if (dtype_is_float(t))
		a.u.f = tir_elem_get_f(t, v);
	else
		a.u.i = tir_elem_get_i(t, v);
	if (t == DT_I1) {
		a.kind = TA_BOOL;
		a.u.b = (int)a.u.i;
	}
	return a;
}

static char *parse_string_lit(Parser *p)
{
	StrBuf *b = &p->str;   /* the parser's, so an error here leaks nothing */
	SrcLoc l = here(p);
	sb_clear(b);
	expect(p, "\"");
	while (cur(p) != '"') {
		if (!cur(p) || cur(p) == '\n')
			error_at(p, l, "unterminated string");
		if (cur(p) == '\\') {
			p->pos++;
			int c = cur(p);
			if (c == 'n')
				sb_putc(b, '\n'), p->pos++;
			else if (c == 't')
				sb_putc(b, '\t'), p->pos++;
			else if (isxdigit(c) && isxdigit(at(p, 1)))
				sb_putc(b, (char)(hexval(c) * 16 + hexval(at(p, 1)))), p->pos += 2;
			else
				sb_putc(b, (char)c), p->pos++;
		} else {
			sb_putc(b, (char)cur(p));
			p->pos++;
		}
	}
	p->pos++;
	char *s = arena_strdup(p->m->arena, sb_str(b));
	return s;
}

/* The value of attribute `name` (after its '='). */
static TAttr parse_attr_value(Parser *p, const char *name)
{
	ws(p);
	SrcLoc l = here(p);
	size_t start = p->pos;
	int c = cur(p);
	TAttr a;
	if (accept_kw(p, "true") || accept_kw(p, "false")) {
		a = new_attr(p, TA_BOOL, name);
		a.u.b = p->text[start] == 't';
	} else if (accept_kw(p, "array")) {
		a = new_attr(p, TA_INTS, name);
		a.u.ints = parse_array(p);
	} else if (accept_kw(p, "dense")) {
		LitVec lits = {0};
		a = new_attr(p, TA_DENSE, name);
		scan_dense(p, &lits);
		expect(p, ":");
		TType t = parse_type(p);
		finish_dense(p, &a, &lits, l, t);
		if (name_is(name, int_list_attrs) || strcmp(name, "padding") == 0)
			dense_to_ints(p, &a, l);
	} else if (c == '"') {
		a = new_attr(p, TA_STRING, name);
		a.u.s = parse_string_lit(p);
	} else if (c == '@') {
		p->pos++;
		a = new_attr(p, TA_STRING, name);
		a.u.s = ident_dup(p, "a symbol name");
	} else if (c == '#') {
		a = parse_hash_attr(p, name, start);
	} else if (isdigit(c) || c == '-' || c == '+') {
		a = parse_number_attr(p, name, 1);
	} else {
		a = parse_raw(p, name);
	}
	return a;
}

/* { name = value, ... } into op (or into a TParam / the module when op is NULL). */
static void parse_attr_dict(Parser *p, TOp *op, TParam *prm, TModule *mod)
{
	expect(p, "{");
	while (peek(p) != '}') {
		ws(p);
		char *name;
		if (cur(p) == '"')
			name = parse_string_lit(p);
		else
			name = ident_dup(p, "an attribute name");
		TAttr a;
		if (accept(p, "="))
			a = parse_attr_value(p, name);
		else {
			a = new_attr(p, TA_RAW, name);
			a.u.s = "unit";
		}
		if (op) {
			tir_op_set_attr(p->f, op, a);
		} else if (prm) {
			VEC(TAttr) tmp = {0};
			(void)tmp;
			TAttr *n = ARENA_ARRAY(p->m->arena, TAttr, prm->nattrs + 1);
			if (prm->nattrs)
				memcpy(n, prm->attrs, sizeof(TAttr) * (size_t)prm->nattrs);
			n[prm->nattrs++] = a;
			prm->attrs = n;
			prm->capattrs = prm->nattrs;
		} else {
			TAttr *n = ARENA_ARRAY(p->m->arena, TAttr, mod->nattrs + 1);
			if (mod->nattrs)
				memcpy(n, mod->attrs, sizeof(TAttr) * (size_t)mod->nattrs);
			n[mod->nattrs++] = a;
			mod->attrs = n;
			mod->capattrs = mod->nattrs;
		}
		if (!accept(p, ","))
			break;
	}
	expect(p, "}");
}

/* ---- ops ---- */

static void parse_block_ops(Parser *p, TBlock *b, int in_region);
static int parse_pretty(Parser *p, TOp *op, TypeVec *res);

/* { ^bb0(%a: T, ...): ops } as a new region of op. Block argument types are checked by
 * the verifier. */
static TBlock *parse_region(Parser *p, TOp *op)
{
	TBlock *b = tir_op_add_region(p->f, op);
	expect(p, "{");
	push_scope(p);
	if (peek(p) == '^') {
		p->pos++;
		ident_dup(p, "a block label");
		if (accept(p, "(")) {
			while (peek(p) != ')') {
				char name[128];
				SrcLoc l = here(p);
				if (!value_name(p, name, sizeof name))
					error_at(p, l, "expected a block argument");
				expect(p, ":");
				int v = tir_block_add_arg(p->f, b, parse_type(p));
				define_name(p, l, name, v);
				if (!accept(p, ","))
					break;
			}
			expect(p, ")");
		}
		expect(p, ":");
	}
	parse_block_ops(p, b, 1);
	pop_scope(p);
	expect(p, "}");
	return b;
}

/* (%a, %b, ...): the operands of op. */
static void parse_operands(Parser *p, TOp *op)
{
	expect(p, "(");
	while (peek(p) != ')') {
		tir_op_add_operand(p->f, op, parse_use(p));
		if (!accept(p, ","))
			break;
	}
	expect(p, ")");
}

/* : (T, ...) -> R, the operand types into ins and the result types into res. */
static void parse_signature(Parser *p, TypeVec *ins, TypeVec *res)
{
	expect(p, ":");
	parse_type_list_paren(p, ins);
	expect(p, "->");
	parse_results_types(p, res);
}

/* {attrs}? : (T, ...) -> R: the attribute dictionary of op when one follows, then
 * the signature. */
static void parse_attrs_signature(Parser *p, TOp *op, TypeVec *ins, TypeVec *res)
{
	if (peek(p) == '{')
		parse_attr_dict(p, op, NULL, NULL);
	parse_signature(p, ins, res);
}

/* { ops } of a region of op whose block arguments the caller defined in a scope it
 * pushed; the scope ends with the body. */
static void parse_body(Parser *p, TBlock *b)
{
	expect(p, "{");
	parse_block_ops(p, b, 1);
	expect(p, "}");
	pop_scope(p);
}

/* "name"(%a, %b) <{props}>? ({r}, {r})? {attrs}? : (T, T) -> R */
static void parse_generic(Parser *p, TOp *op, TypeVec *res)
{
	TypeVec ins = {0};
	SrcLoc l = here(p);
	parse_operands(p, op);
	if (accept(p, "<")) {
		parse_attr_dict(p, op, NULL, NULL);
		expect(p, ">");
	}
	if (accept(p, "(")) {
		do
			parse_region(p, op);
		while (accept(p, ","));
		expect(p, ")");
	}
	parse_attrs_signature(p, op, &ins, res);
	if ((int)ins.len != op->noperands)
		error_at(p, l, "'%s' has %d operands but its type lists %zu", tir_op_name(op->kind),
		         op->noperands, ins.len);
	for (int i = 0; i < op->noperands; i++)
		if (!tir_type_equal(&ins.data[i], tir_value_type(p->f, op->operands[i])))
			error_at(p, l, "'%s' operand %d type differs from the value's type",
			         tir_op_name(op->kind), i);
}

typedef struct ResultName {
	char name[128];
	int count;
	SrcLoc loc;
} ResultName;
typedef VEC(ResultName) ResultNameVec;

/* %a, %b:2 = ... ; returns the number of results named */
static int parse_result_names(Parser *p, ResultNameVec *names)
{
	int total = 0;
	ws(p);
	if (cur(p) != '%')
		return 0;
	do {
		ResultName r;
		r.loc = here(p);
		if (!value_name(p, r.name, sizeof r.name))
			error_at(p, here(p), "expected a result name");
		r.count = 1;
		if (cur(p) == ':') {
			p->pos++;
			r.count = (int)parse_int(p);
			if (r.count < 1)
				error_at(p, r.loc, "bad result count");
		}
		total += r.count;
		SPUSH(p, *names, r);
	} while (accept(p, ","));
	expect(p, "=");
	return total;
}

static void define_results(Parser *p, const TOp *op, const ResultName *names, int nnames)
{
	int k = 0;
	for (int i = 0; i < nnames; i++) {
		if (names[i].count == 1 && k < op->nresults) {
			define_name(p, names[i].loc, names[i].name, op->results[k++]);
			continue;
		}
		for (int j = 0; j < names[i].count && k < op->nresults; j++) {
			char key[160];
			snprintf(key, sizeof key, "%s#%d", names[i].name, j);
			define_name(p, names[i].loc, key, op->results[k++]);
		}
	}
}

/* An op name: "quoted" (generic form) or bare; sets *generic. */
static TOpKind parse_op_name(Parser *p, int *generic, SrcLoc l)
{
	const char *s;
	size_t n;
	char *q = NULL;
	ws(p);
	*generic = cur(p) == '"';
	if (*generic) {
		q = parse_string_lit(p);
		s = q;
		n = strlen(q);
	} else {
		n = ident(p, &s);
		if (!n)
			error_at(p, l, "expected an operation");
	}
	if (n == 4 && memcmp(s, "call", 4) == 0)
		return TOP_CALL;
	int k = tir_op_from_name(s, n);
	if (k < 0)
		unsupported_at(p, l, "operation '%.*s' is not supported", (int)n, s);
	return (TOpKind)k;
}

/* The op's temporaries are dropped once it is parsed (the op keeps none of them), so
 * the scratch of a module stays the size of its largest op, not of all its ops. */
/* A module with a shape assertion is refined at each call, as one with `?` dimensions
 * is: refine.c evaluates the assertion on the call's shapes and 0-d integer values
 * (cuda2hlo --symbolic emits such modules with static shapes, docs/symbolic.md). */
static int is_shape_assertion(const TOp *op)
{
	TAttr *t = tir_op_attr(op, "call_target_name");
	return t && t->kind == TA_STRING && !strcmp(t->u.s, "shape_assertion");
}

static void parse_op(Parser *p, TBlock *b, int in_region)
{
	ArenaMark mark = arena_mark(p->scratch);
	ResultNameVec names = {0};
	TypeVec res = {0};
	SrcLoc l = here(p);
	int nnamed = parse_result_names(p, &names);
	ws(p);
	SrcLoc lop = here(p);   /* the op's name: where its diagnostics point */
	int generic;
	TOpKind k = parse_op_name(p, &generic, lop);
	TOp *op = tir_op_new(p->f, NULL, k, lop);
	if (generic)
		parse_generic(p, op, &res);
	else
		parse_pretty(p, op, &res);
	if (peek(p) == '{' && !generic)
		parse_attr_dict(p, op, NULL, NULL);
	if (k == TOP_CUSTOM_CALL && p->allow_dynamic && is_shape_assertion(op))
		p->m->dynamic = 1;   /* checked, then dropped, by refinement (refine.c) */
	if (k == TOP_RETURN && !in_region && p->f->nresults != op->noperands)
		error_at(p, lop, "return has %d operands, the function %d results", op->noperands,
		         p->f->nresults);
	for (size_t i = 0; i < res.len; i++)
		tir_op_add_result(p->f, op, res.data[i]);
	if (nnamed != op->nresults)
		error_at(p, l, "%d result names for %d results of '%s'", nnamed, op->nresults,
		         tir_op_name(k));
	define_results(p, op, names.data, (int)names.len);
	tir_block_append(p->f, b, op);
	arena_release(p->scratch, mark);
}

static void parse_block_ops(Parser *p, TBlock *b, int in_region)
{
	while (peek(p) && peek(p) != '}')
		parse_op(p, b, in_region);
}

/* ---- pretty forms ---- */

/* Pretty forms are parsed as a list of comma-separated items (values and key = value
 * pairs), then ':' and types; the op kind says how items map to attributes. */
typedef enum { IT_VALUE, IT_WORD, IT_DENSE, IT_KEY } ItemKind;

typedef struct Item {
	ItemKind kind;
	SrcLoc loc;
	int value;                  /* IT_VALUE */
	TInts slice[3];             /* IT_VALUE followed by [a:b:c, ...]: start, limit, stride */
	int has_slice;
	int64_t index;              /* IT_VALUE followed by [N] (get_tuple_element) */
	char word[64];              /* IT_WORD, IT_KEY name */
	TInts ints, ints2;          /* IT_KEY = [..] (x [..]) */
	int nlists;
	LitVec lits;                /* IT_DENSE */
	TAttr attr;                 /* IT_KEY with another value */
	int has_attr;
} Item;
typedef VEC(Item) ItemVec;

static void item_slice(Parser *p, Item *it)
{
	VEC(int64_t) s[3] = {{0}, {0}, {0}};
	expect(p, "[");
	while (peek(p) != ']') {
		int64_t a = parse_int(p), c = 1;
		expect(p, ":");
		int64_t bnd = parse_int(p);
		if (accept(p, ":"))
			c = parse_int(p);
		SPUSH(p, s[0], a);
		SPUSH(p, s[1], bnd);
		SPUSH(p, s[2], c);
		if (!accept(p, ","))
			break;
	}
	expect(p, "]");
	for (int i = 0; i < 3; i++) {
		it->slice[i] = tir_ints_copy(p->m->arena, s[i].data, (int)s[i].len);
	}
	it->has_slice = 1;
}

/* Text of one balanced group [..] or <..> as a raw attribute. */
static TAttr raw_group(Parser *p, const char *name)
{
	TAttr a = new_attr(p, TA_RAW, name);
	ws(p);
	size_t start = p->pos;
	skip_balanced(p);
	a.u.s = arena_strndup(p->m->arena, p->text + start, p->pos - start);
	return a;
}

static void item_key(Parser *p, Item *it)
{
	expect(p, "=");
	ws(p);
	if (cur(p) == '[') {
		size_t save = p->pos++;
		ws(p);
		int is_ints = isdigit(cur(p)) || cur(p) == '-' || cur(p) == ']';
		p->pos = save;
		if (is_ints) {
			it->ints = parse_int_list(p);
			it->nlists = 1;
			if (accept_kw(p, "x")) {
				it->ints2 = parse_int_list(p);
				it->nlists = 2;
			}
			return;
		}
		it->attr = raw_group(p, it->word);
	} else if (cur(p) == '<') {
		it->attr = raw_group(p, it->word);
	} else if (is_id_start(cur(p)) && !next_kw(p, "true") && !next_kw(p, "false") &&
	           !next_kw(p, "array") && !next_kw(p, "dense")) {
		const char *w;
		size_t n = ident(p, &w);
		it->attr = new_attr(p, TA_RAW, it->word);
		it->attr.u.s = arena_strndup(p->m->arena, w, n);
	} else if (isdigit(cur(p)) || cur(p) == '-' || cur(p) == '+') {
		it->attr = parse_number_attr(p, it->word, 0);   /* the ':' is the op's */
	} else {
		it->attr = parse_attr_value(p, it->word);
	}
	it->has_attr = 1;
}

static void parse_items(Parser *p, ItemVec *items)
{
	for (;;) {
		Item it;
		memset(&it, 0, sizeof it);
		ws(p);
		it.loc = here(p);
		int c = cur(p);
		if (c == '%') {
			it.kind = IT_VALUE;
			it.value = parse_use(p);
			if (peek(p) == '[') {
				size_t save = p->pos++;
				parse_int(p);
				int is_slice = peek(p) == ':';
				p->pos = save;
				if (is_slice) {
					item_slice(p, &it);
				} else {
					expect(p, "[");
					it.index = parse_int(p);
					expect(p, "]");
					it.has_slice = 2;
				}
			}
		} else if (accept_kw(p, "dense")) {
			it.kind = IT_DENSE;
			scan_dense(p, &it.lits);
		} else if (is_id_start(c)) {
			const char *w;
			size_t n = ident(p, &w);
			if (n >= sizeof it.word)
				error_at(p, it.loc, "name too long");
			memcpy(it.word, w, n);
			it.word[n] = 0;
			if (peek(p) == '=') {
				it.kind = IT_KEY;
				item_key(p, &it);
			} else {
				it.kind = IT_WORD;
			}
		} else {
			break;
		}
		SPUSH(p, *items, it);
		if (!accept(p, ","))
			break;
	}
}

/* Pretty attribute keys -> generic names, per op. */
static const char *key_name(TOpKind k, const char *key)
{
	if (strcmp(key, "dims") == 0)
		return k == TOP_BROADCAST_IN_DIM || k == TOP_DYNAMIC_BROADCAST_IN_DIM ? "broadcast_dimensions"
		       : k == TOP_TRANSPOSE ? "permutation" : "dimensions";
	if (strcmp(key, "dim") == 0)
		return k == TOP_IOTA || k == TOP_DYNAMIC_IOTA ? "iota_dimension" : "dimension";
	if (strcmp(key, "length") == 0 && k == TOP_FFT)
		return "fft_length";
	if (strcmp(key, "sizes") == 0)
		return "slice_sizes";
	if (strcmp(key, "low") == 0)
		return "edge_padding_low";
	if (strcmp(key, "high") == 0)
		return "edge_padding_high";
	if (strcmp(key, "interior") == 0)
		return "interior_padding";
	return key;
}

/* precision = [DEFAULT, HIGH] -> precision_config = [#stablehlo<precision DEFAULT>, ...] */
static void set_precision(Parser *p, TOp *op, const char *raw)
{
	StrBuf b = {0};
	sb_putc(&b, '[');
	const char *s = raw + 1;
	int first = 1;
	while (*s && *s != ']') {
		while (*s == ' ' || *s == ',')
			s++;
		const char *e = s;
		while (isalnum((unsigned char)*e))
			e++;
		if (e == s)
			break;
		sb_printf(&b, "%s#stablehlo<precision %.*s>", first ? "" : ", ", (int)(e - s), s);
		first = 0;
		s = e;
	}
	sb_putc(&b, ']');
	TAttr a = new_attr(p, TA_RAW, "precision_config");
	a.u.s = arena_strdup(p->m->arena, sb_str(&b));
	sb_free(&b);
	tir_op_set_attr(p->f, op, a);
}

static void set_format(Parser *p, TOp *op, const Item *it)
{
	int e, m;
	if (!it->has_attr || it->attr.kind != TA_RAW || sscanf(it->attr.u.s, "e%dm%d", &e, &m) != 2)
		error_at(p, it->loc, "expected format = eXmY");
	tir_op_set_int(p->f, op, "exponent_bits", e);
	tir_op_set_int(p->f, op, "mantissa_bits", m);
	tir_op_attr(op, "exponent_bits")->int_type = DT_I32;
	tir_op_attr(op, "mantissa_bits")->int_type = DT_I32;
}

static void apply_key(Parser *p, TOp *op, const Item *it, TDotDims *dot, int *has_dot)
{
	const char *name = key_name(op->kind, it->word);
	if (strcmp(it->word, "batching_dims") == 0 || strcmp(it->word, "contracting_dims") == 0) {
		if (it->nlists != 2)
			error_at(p, it->loc, "expected %s = [..] x [..]", it->word);
		if (it->word[0] == 'b')
			dot->lhs_batch = it->ints, dot->rhs_batch = it->ints2;
		else
			dot->lhs_contract = it->ints, dot->rhs_contract = it->ints2;
		*has_dot = 1;
	} else if (strcmp(it->word, "precision") == 0 && it->has_attr && it->attr.kind == TA_RAW) {
		set_precision(p, op, it->attr.u.s);
	} else if (strcmp(it->word, "algorithm") == 0 && it->has_attr && it->attr.kind == TA_RAW) {
		TAttr a = new_attr(p, TA_RAW, "algorithm");
		a.u.s = arena_printf(p->m->arena, "#stablehlo.dot_algorithm%s", it->attr.u.s);
		tir_op_set_attr(p->f, op, a);
	} else if (strcmp(it->word, "format") == 0) {
		set_format(p, op, it);
	} else if (op->kind == TOP_FFT && strcmp(it->word, "type") == 0 && it->has_attr &&
	           it->attr.kind == TA_RAW) {
		TAttr a = new_attr(p, TA_RAW, "fft_type");
		a.u.s = arena_printf(p->m->arena, "#stablehlo<fft_type %s>", it->attr.u.s);
		tir_op_set_attr(p->f, op, a);
	} else if (it->nlists == 1) {
		tir_op_set_ints(p->f, op, name, it->ints.v, it->ints.n);
	} else if (it->has_attr) {
		TAttr a = it->attr;
		a.name = name;
		if ((op->kind == TOP_GET_TUPLE_ELEMENT || op->kind == TOP_IOTA ||
		     op->kind == TOP_CONCATENATE) && a.kind == TA_INT && !strstr(name, "ulp"))
			a.int_type = op->kind == TOP_GET_TUPLE_ELEMENT ? DT_I32 : DT_I64;
		if (a.kind == TA_RAW && strcmp(a.u.s, "true") && strcmp(a.u.s, "false") &&
		    strcmp(name, "probe_id"))
			error_at(p, it->loc, "unexpected value for '%s'", it->word);
		tir_op_set_attr(p->f, op, a);
	} else {
		error_at(p, it->loc, "bad value for '%s'", it->word);
	}
}

static void apply_items(Parser *p, TOp *op, ItemVec *items, const TType *first_type)
{
	TDotDims dot;
	int has_dot = 0, nwords = 0;
	memset(&dot, 0, sizeof dot);
	for (size_t i = 0; i < items->len; i++) {
		Item *it = &items->data[i];
		switch (it->kind) {
		case IT_VALUE:
			tir_op_add_operand(p->f, op, it->value);
			if (it->has_slice == 1) {
				tir_op_set_ints(p->f, op, "start_indices", it->slice[0].v, it->slice[0].n);
				tir_op_set_ints(p->f, op, "limit_indices", it->slice[1].v, it->slice[1].n);
				tir_op_set_ints(p->f, op, "strides", it->slice[2].v, it->slice[2].n);
			} else if (it->has_slice == 2) {
				tir_op_set_int(p->f, op, "index", it->index);
				tir_op_attr(op, "index")->int_type = DT_I32;
			}
			break;
		case IT_WORD:
			if (op->kind != TOP_COMPARE || nwords > 1)
				error_at(p, it->loc, "unexpected '%s'", it->word);
			if (nwords++ == 0) {
				TAttr a = new_attr(p, TA_CMP_DIR, "comparison_direction");
				int d = word_index(cmp_dir_names, it->word, strlen(it->word));
				if (d < 0)
					error_at(p, it->loc, "unknown comparison direction '%s'", it->word);
				a.u.cmp_dir = (TCmpDir)d;
				tir_op_set_attr(p->f, op, a);
			} else {
				TAttr a = new_attr(p, TA_CMP_TYPE, "compare_type");
				int d = word_index(cmp_type_names, it->word, strlen(it->word));
				if (d < 0)
					error_at(p, it->loc, "unknown comparison type '%s'", it->word);
				a.u.cmp_type = (TCmpType)d;
				tir_op_set_attr(p->f, op, a);
			}
			break;
		case IT_DENSE: {
			TAttr a = new_attr(p, TA_DENSE, "value");
			if (!first_type)
				error_at(p, it->loc, "dense constant without a type");
			finish_dense(p, &a, &it->lits, it->loc, *first_type);
			tir_op_set_attr(p->f, op, a);
			break;
		}
		case IT_KEY:
			apply_key(p, op, it, &dot, &has_dot);
			break;
		}
	}
	if (has_dot) {
		TAttr a = new_attr(p, TA_DOT_DIMS, "dot_dimension_numbers");
		a.u.dot = dot;
		tir_op_set_attr(p->f, op, a);
	}
}

/* The result types of a pretty form from its type list (no function type). */
static void results_from_list(Parser *p, TOp *op, const TypeVec *L, TypeVec *res, SrcLoc l)
{
	int nres = tir_op_nresults(op->kind);
	if (nres == 0)
		return;
	if (!L->len)
		error_at(p, l, "'%s' needs a type", tir_op_name(op->kind));
	if (op->kind == TOP_OPTIMIZATION_BARRIER) {
		for (size_t i = 0; i < L->len; i++)
			SPUSH(p, *res, L->data[i]);
	} else if (op->kind == TOP_SELECT) {
		SPUSH(p, *res, L->data[L->len - 1]);
	} else {
		SPUSH(p, *res, L->data[0]);
	}
}

/* ': (T, T) -> R' or ': T, T' or nothing */
static int parse_pretty_types(Parser *p, TypeVec *ins, TypeVec *outs, TypeVec *list)
{
	if (!accept(p, ":"))
		return 0;
	if (peek(p) == '(') {
		parse_type_list_paren(p, ins);
		expect(p, "->");
		parse_results_types(p, outs);
		return 2;
	}
	do
		SPUSH(p, *list, parse_type(p));
	while (accept(p, ","));
	return 1;
}

static void parse_pretty_items(Parser *p, TOp *op, TypeVec *res)
{
	ItemVec items = {0};
	TypeVec ins = {0}, outs = {0}, list = {0};
	SrcLoc l = here(p);
	parse_items(p, &items);
	int form = parse_pretty_types(p, &ins, &outs, &list);
	const TType *first = form == 2 ? (outs.len ? &outs.data[0] : NULL)
	                     : form == 1 ? &list.data[0] : NULL;
	if (op->kind == TOP_EXPECT_EQ_CONST || op->kind == TOP_EXPECT_ALMOST_EQ_CONST)
		first = form == 2 ? &ins.data[0] : first;
	apply_items(p, op, &items, first);
	if (form == 2) {
		for (size_t i = 0; i < outs.len; i++)
			SPUSH(p, *res, outs.data[i]);
		if ((int)ins.len != op->noperands)
			error_at(p, l, "'%s' has %d operands but its type lists %zu",
			         tir_op_name(op->kind), op->noperands, ins.len);
	} else {
		results_from_list(p, op, &list, res, l);
	}
}

/* stablehlo.reduce(%a init: %b), ... (applies OP)? across dimensions = [..] : fn
 * (reducer(%x: T, %y: T) ... { body })? */
static void parse_reduce_pretty(Parser *p, TOp *op, TypeVec *res)
{
	VEC(int) inputs = {0}, inits = {0};
	TypeVec ins = {0};
	SrcLoc l = here(p);
	do {
		expect(p, "(");
		SPUSH(p, inputs, parse_use(p));
		expect_kw(p, "init");
		expect(p, ":");
		SPUSH(p, inits, parse_use(p));
		expect(p, ")");
	} while (accept(p, ","));
	int n = (int)inputs.len, applied = -1;
	for (int i = 0; i < n; i++)
		tir_op_add_operand(p->f, op, inputs.data[i]);
	for (int i = 0; i < n; i++)
		tir_op_add_operand(p->f, op, inits.data[i]);
	if (accept_kw(p, "applies")) {
		int g;
		applied = parse_op_name(p, &g, here(p));
		if (!(tir_op_flags((TOpKind)applied) & OF_BIN) || n != 1)
			unsupported_at(p, l, "reduce applies a non-binary op");
	}
	expect_kw(p, "across");
	expect_kw(p, "dimensions");
	expect(p, "=");
	TInts dims = parse_int_list(p);
	tir_op_set_ints(p->f, op, "dimensions", dims.v, dims.n);
	parse_signature(p, &ins, res);
	if ((int)ins.len != 2 * n)
		error_at(p, l, "reduce type lists %zu operands, expected %d", ins.len, 2 * n);
	TBlock *b = tir_op_add_region(p->f, op);
	if (applied >= 0) {
		TType t = *tir_value_type(p->f, inits.data[0]);
		int x = tir_block_add_arg(p->f, b, t), y = tir_block_add_arg(p->f, b, t);
		TOp *body = tir_op_new(p->f, b, (TOpKind)applied, l);
		tir_op_add_operand(p->f, body, x);
		tir_op_add_operand(p->f, body, y);
		int r = tir_op_add_result(p->f, body, t);
		TOp *ret = tir_op_new(p->f, b, TOP_RETURN, l);
		tir_op_add_operand(p->f, ret, r);
	} else {
		char names[2 * TIR_MAX_RANK + 64][128];
		SrcLoc nlocs[2 * TIR_MAX_RANK + 64];
		TType types[2 * TIR_MAX_RANK + 64];
		if (2 * n > (int)(sizeof types / sizeof types[0]))
			unsupported_at(p, l, "too many reduce operands");
		expect_kw(p, "reducer");
		for (int i = 0; i < n; i++) {
			expect(p, "(");
			for (int j = 0; j < 2; j++) {
				int k = j ? n + i : i;
				nlocs[k] = here(p);
				if (!value_name(p, names[k], sizeof names[k]))
					error_at(p, nlocs[k], "expected a reducer argument");
				expect(p, ":");
				types[k] = parse_type(p);
				if (j == 0)
					expect(p, ",");
			}
			expect(p, ")");
		}
		push_scope(p);
		for (int k = 0; k < 2 * n; k++)
			define_name(p, nlocs[k], names[k], tir_block_add_arg(p->f, b, types[k]));
		parse_body(p, b);
	}
}

/* stablehlo.while(%x = %a, ...) : T, ... (attributes {..})? cond { } do { } */
static void parse_while_pretty(Parser *p, TOp *op, TypeVec *res)
{
	ResultNameVec names = {0};
	SrcLoc l = here(p);
	expect(p, "(");
	while (peek(p) != ')') {
		ResultName r;
		r.loc = here(p);
		if (!value_name(p, r.name, sizeof r.name))
			error_at(p, r.loc, "expected a loop variable");
		expect(p, "=");
		tir_op_add_operand(p->f, op, parse_use(p));
		SPUSH(p, names, r);
		if (!accept(p, ","))
			break;
	}
	expect(p, ")");
	if (accept(p, ":")) {
		do
			SPUSH(p, *res, parse_type(p));
		while (accept(p, ","));
	}
	if ((int)res->len != op->noperands)
		error_at(p, l, "while has %d operands and %zu types", op->noperands, res->len);
	if (accept_kw(p, "attributes"))
		parse_attr_dict(p, op, NULL, NULL);
	for (int r = 0; r < 2; r++) {
		expect_kw(p, r ? "do" : "cond");
		TBlock *b = tir_op_add_region(p->f, op);
		push_scope(p);
		for (size_t i = 0; i < names.len; i++)
			define_name(p, names.data[i].loc, names.data[i].name,
			            tir_block_add_arg(p->f, b, res->data[i]));
		parse_body(p, b);
	}
}

/* call @f(%a, ...) : (T) -> R */
static void parse_call_pretty(Parser *p, TOp *op, TypeVec *res)
{
	TypeVec ins = {0};
	expect(p, "@");
	tir_op_set_string(p->f, op, "callee", ident_dup(p, "a function name"));
	parse_operands(p, op);
	parse_signature(p, &ins, res);
}

/* [[lo, hi], ...] of a convolution window's pad */
static void set_conv_padding(Parser *p, TOp *op)
{
	VEC(int64_t) v = {0};
	expect(p, "[");
	while (peek(p) == '[') {
		TInts row = parse_int_list(p);
		if (row.n != 2)
			error_at(p, here(p), "window pad entries are [low, high]");
		SPUSH(p, v, row.v[0]);
		SPUSH(p, v, row.v[1]);
		if (!accept(p, ","))
			break;
	}
	expect(p, "]");
	TAttr a = new_attr(p, TA_INTS2D, "padding");
	int64_t *d = ARENA_ARRAY(p->m->arena, int64_t, v.len ? v.len : 1);
	if (v.len)
		memcpy(d, v.data, v.len * sizeof(int64_t));
	a.u.ints2d.v = d;
	a.u.ints2d.rows = (int)(v.len / 2);
	a.u.ints2d.cols = 2;
	tir_op_set_attr(p->f, op, a);
}

/* reverse = [false, true] (or [0, 1]) */
static TInts parse_bool_list(Parser *p)
{
	int64_t v[TIR_MAX_RANK];
	int n = 0;
	expect(p, "[");
	while (peek(p) != ']') {
		if (n == TIR_MAX_RANK)
			error_at(p, here(p), "list too long");
		v[n++] = accept_kw(p, "true") ? 1 : accept_kw(p, "false") ? 0 : parse_int(p);
		if (!accept(p, ","))
			break;
	}
	expect(p, "]");
	return tir_ints_copy(p->m->arena, v, n);
}

/* window = {stride = [..], pad = [[..], ..], lhs_dilate = [..], rhs_dilate = [..],
 * reverse = [..]} */
static void parse_conv_window(Parser *p, TOp *op)
{
	expect(p, "{");
	while (peek(p) != '}') {
		SrcLoc l = here(p);
		char *k = ident_dup(p, "a window field");
		expect(p, "=");
		if (strcmp(k, "pad") == 0) {
			set_conv_padding(p, op);
		} else if (strcmp(k, "reverse") == 0) {
			TInts r = parse_bool_list(p);
			tir_op_set_ints(p->f, op, "window_reversal", r.v, r.n);
		} else {
			const char *gen = !strcmp(k, "stride") ? "window_strides"
			                  : !strcmp(k, "lhs_dilate") ? "lhs_dilation"
			                  : !strcmp(k, "rhs_dilate") ? "rhs_dilation" : NULL;
			if (!gen)
				error_at(p, l, "unknown window field '%s'", k);
			TInts x = parse_int_list(p);
			tir_op_set_ints(p->f, op, gen, x.v, x.n);
		}
		if (!accept(p, ","))
			break;
	}
	expect(p, "}");
}

/* stablehlo.convolution(%l, %r) dim_numbers = ..., window = {...} {attrs} : (T, T) -> R */
static void parse_conv_pretty(Parser *p, TOp *op, TypeVec *res)
{
	TypeVec ins = {0};
	parse_operands(p, op);
	expect_kw(p, "dim_numbers");
	expect(p, "=");
	TAttr a = new_attr(p, TA_CONV_DIMS, "dimension_numbers");
	parse_conv_dims(p, &a.u.conv);
	tir_op_set_attr(p->f, op, a);
	if (accept(p, ",")) {
		expect_kw(p, "window");
		expect(p, "=");
		parse_conv_window(p, op);
	}
	parse_attrs_signature(p, op, &ins, res);
}

/* stablehlo.composite "name" %a, %b {attrs} : (T, T) -> R */
static void parse_composite_pretty(Parser *p, TOp *op, TypeVec *res)
{
	TypeVec ins = {0};
	tir_op_set_string(p->f, op, "name", parse_string_lit(p));
	while (peek(p) == '%') {
		tir_op_add_operand(p->f, op, parse_use(p));
		if (!accept(p, ","))
			break;
	}
	parse_attrs_signature(p, op, &ins, res);
}

/* custom_call @target(%a, ...) {attrs}? : (T, ...) -> R */
static void parse_custom_call_pretty(Parser *p, TOp *op, TypeVec *res)
{
	TypeVec ins = {0};
	expect(p, "@");
	tir_op_set_string(p->f, op, "call_target_name", ident_dup(p, "a call target name"));
	parse_operands(p, op);
	parse_attrs_signature(p, op, &ins, res);
}

static int parse_pretty(Parser *p, TOp *op, TypeVec *res)
{
	if (op->kind == TOP_CUSTOM_CALL && peek(p) == '@') {
		parse_custom_call_pretty(p, op, res);
		return 1;
	}
	if (op->kind == TOP_CONVOLUTION && peek(p) == '(') {
		parse_conv_pretty(p, op, res);
		return 1;
	}
	if (op->kind == TOP_COMPOSITE && peek(p) == '"') {
		parse_composite_pretty(p, op, res);
		return 1;
	}
	if (op->kind == TOP_REDUCE && peek(p) == '(')
		parse_reduce_pretty(p, op, res);
	else if (op->kind == TOP_WHILE && peek(p) == '(')
		parse_while_pretty(p, op, res);
	else if (op->kind == TOP_CALL)
		parse_call_pretty(p, op, res);
	else if (tir_op_flags(op->kind) & OF_REGION)
		unsupported_at(p, op->loc, "pretty form of '%s' is not supported; use the generic form",
		               tir_op_name(op->kind));
	else
		parse_pretty_items(p, op, res);
	return 1;
}

/* ---- functions and modules ---- */

static void parse_param_attrs(Parser *p, TParam *prm)
{
	if (peek(p) == '{')
		parse_attr_dict(p, NULL, prm, NULL);
}

static void parse_func(Parser *p)
{
	SrcLoc l = here(p);
	expect_kw(p, "func.func");
	int pub = 1;
	if (accept_kw(p, "private") || accept_kw(p, "nested"))
		pub = 0;
	else
		accept_kw(p, "public");
	expect(p, "@");
	ws(p);
	char *name = cur(p) == '"' ? parse_string_lit(p) : ident_dup(p, "a function name");
	if (tir_module_find_func(p->m, name))
		error_at(p, l, "redefinition of function '@%s'", name);
	p->f = tir_func_new(p->m, name, pub, l);
	push_scope(p);
	expect(p, "(");
	while (peek(p) != ')') {
		char vname[128];
		SrcLoc vl = here(p);
		if (!value_name(p, vname, sizeof vname))
			error_at(p, vl, "expected an argument");
		expect(p, ":");
		int v = tir_func_add_arg(p->f, parse_type(p), NULL);
		define_name(p, vl, vname, v);
		parse_param_attrs(p, &p->f->args[p->f->nargs - 1]);
		if (!accept(p, ","))
			break;
	}
	expect(p, ")");
	if (accept(p, "->")) {
		if (accept(p, "(")) {
			while (peek(p) != ')') {
				tir_func_add_result(p->f, parse_type(p), NULL);
				parse_param_attrs(p, &p->f->results[p->f->nresults - 1]);
				if (!accept(p, ","))
					break;
			}
			expect(p, ")");
		} else {
			tir_func_add_result(p->f, parse_type(p), NULL);
		}
	}
	if (accept_kw(p, "attributes")) {
		TParam dummy;
		memset(&dummy, 0, sizeof dummy);
		parse_attr_dict(p, NULL, &dummy, NULL);
	}
	expect(p, "{");
	parse_block_ops(p, p->f->body, 0);
	expect(p, "}");
	pop_scope(p);
	p->f = NULL;
}

/* sdy.mesh @name = <["x"=4, ...]>: a Shardy device mesh, kept as text (the backends run
 * a module unpartitioned and ignore it and the shardings naming it). */
static void parse_mesh(Parser *p)
{
	SrcLoc l = here(p);
	expect_kw(p, "sdy.mesh");
	expect(p, "@");
	ws(p);
	char *name = ident_dup(p, "a mesh name");
	if (tir_module_find_mesh(p->m, name))
		error_at(p, l, "redefinition of mesh '@%s'", name);
	expect(p, "=");
	ws(p);
	if (cur(p) != '<')
		error_at(p, here(p), "expected '<' (the mesh's axes)");
	size_t start = p->pos;
	skip_balanced(p);
	tir_module_add_mesh(p->m, name, arena_strndup(p->m->arena, p->text + start, p->pos - start));
}

static void parse_funcs(Parser *p)
{
	for (;;) {
		int c = peek(p);
		if (!c || c == '}')
			return;
		if (c == '#') {                 /* #loc = loc(...) alias definitions */
			while (cur(p) && cur(p) != '\n')
				p->pos++;
			continue;
		}
		if (next_kw(p, "sdy.mesh")) {
			parse_mesh(p);
			continue;
		}
		if (!next_kw(p, "func.func"))
			error_at(p, here(p), "expected 'func.func' or 'sdy.mesh'");
		parse_func(p);
	}
}

static void parse_top(Parser *p)
{
	while (peek(p) == '#')   /* #loc = loc(...) aliases before the module (jax prints them) */
		while (cur(p) && cur(p) != '\n')
			p->pos++;
	if (accept_kw(p, "module")) {
		if (accept(p, "@"))
			p->m->name = ident_dup(p, "a module name");
		if (accept_kw(p, "attributes"))
			parse_attr_dict(p, NULL, NULL, p->m);
		expect(p, "{");
		parse_funcs(p);
		expect(p, "}");
		while (peek(p) == '#')
			while (cur(p) && cur(p) != '\n')
				p->pos++;
	} else {
		parse_funcs(p);
	}
	if (peek(p))
		error_at(p, here(p), "unexpected text after the module");
}

/* ---- entry points ---- */

static size_t *line_table(const char *text, size_t len, int *n)
{
	int cap = 64;
	size_t *lines = xmalloc(sizeof(size_t) * (size_t)cap);
	*n = 0;
	lines[(*n)++] = 0;
	for (size_t i = 0; i < len; i++) {
		if (text[i] == '\n') {
			if (*n == cap) {
				cap *= 2;
				lines = xrealloc(lines, sizeof(size_t) * (size_t)cap);
			}
			lines[(*n)++] = i + 1;
		}
	}
	return lines;
}

/* Parses text[start, end) into a module; fills status, message, location. */
static ParseStatus parse_range(Parser *p, size_t start, size_t end, TModule **out)
{
	p->pos = start;
	p->end = end;
	p->m = tir_module_create();
	p->f = NULL;
	p->nscopes = 0;
	p->status = PARSE_OK;
	p->msg[0] = 0;
	p->scratch = arena_new();
	if (setjmp(p->fail)) {
		while (p->nscopes)
			pop_scope(p);
		tir_module_destroy(p->m);
		arena_free(p->scratch);
		*out = NULL;
		return p->status;
	}
	parse_top(p);
	arena_free(p->scratch);
	/* a polymorphic module is verified once refine.c has made its shapes static */
	int nerr = p->m->dynamic ? 0 : tir_verify_report(p->m, p->quiet, &p->err_loc, p->msg, sizeof p->msg);
	if (nerr) {
		tir_module_destroy(p->m);
		*out = NULL;
		p->status = PARSE_ERROR;
		return PARSE_ERROR;
	}
	*out = p->m;
	return PARSE_OK;
}

ParseStatus runtime_parse(const char *file, const char *text, size_t len, TModule **out)
{
	Parser p;
	memset(&p, 0, sizeof p);
	p.file = file;
	p.text = text;
	p.lines = line_table(text, len, &p.nlines);
	p.allow_dynamic = 1;
	diag_add_source(file, text);
	ParseStatus st = parse_range(&p, 0, len, out);
	free(p.lines);
	free(p.scopes);
	sb_free(&p.str);
	return st;
}

static int is_split_line(const char *text, size_t i, size_t len)
{
	static const char mark[] = "// -----";
	return len - i >= sizeof mark - 1 && memcmp(text + i, mark, sizeof mark - 1) == 0;
}

int runtime_parse_cases(const char *file, const char *text, size_t len, ParseCase **cases)
{
	VEC(ParseCase) v = {0};
	Parser p;
	memset(&p, 0, sizeof p);
	p.file = file;
	p.text = text;
	p.quiet = 1;
	p.lines = line_table(text, len, &p.nlines);
	p.allow_dynamic = 1;      /* check.c skips a polymorphic case; the C API refines it */
	for (int li = 0, start_line = 0; li <= p.nlines; li++) {
		size_t at_ = li < p.nlines ? p.lines[li] : len;
		if (li < p.nlines && !is_split_line(text, at_, len))
			continue;
		ParseCase c;
		memset(&c, 0, sizeof c);
		size_t s = p.lines[start_line];
		c.line = start_line + 1;
		c.status = parse_range(&p, s, at_, &c.module);
		c.err_loc = p.err_loc;
		snprintf(c.message, sizeof c.message, "%s", p.msg);
		VEC_PUSH(v, c);
		start_line = li + 1;
		if (start_line >= p.nlines)
			break;
	}
	free(p.lines);
	free(p.scopes);
	sb_free(&p.str);
	*cases = v.data;
	return (int)v.len;
}

void runtime_parse_cases_free(ParseCase *cases, int n)
{
	for (int i = 0; i < n; i++)
		tir_module_destroy(cases[i].module);
	free(cases);
}
