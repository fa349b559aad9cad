/* printf.c: a device printf as outputs of the module (docs/idioms.md, "Device printf").
 *
 * Consumes a `printf(format, args...)` statement in a kernel or a device function it
 * inlines; produces stores into a buffer of the call site's own, and a line of the
 * kernel's printf description (KirKernel.printf). Each call site that runs at most once
 * per thread per launch (no loop around it, in the kernel or in the callers inlined
 * around it) gets a pointer parameter appended after the kernel's own, `cuda2hlo_printfN`
 * (N counts the sites of the kernel from 0): i64 elements, one record of 1 + nargs per
 * thread of the launch in linear order (block-major: blockIdx x fastest, then the thread,
 * threadIdx x fastest). A record is the fired flag (1 when the printf ran) and the
 * arguments after C's default argument promotions (C17 6.5.2.2p7): integers sign- or
 * zero-extended to 64 bits, float and double as the bits of a double. The parameter is
 * an input (zeros) and a result; the host formats the fired records after the launch
 * (runtime/printf.c, tests/lib/devprint.py), sites in source order within a thread.
 *
 * A `%s` argument must be a string literal: its text is put into the format here, so
 * records hold numbers only. Refused with a located error: `*` widths and precisions,
 * `%n`, `%p`, a non-literal `%s`, a conversion whose argument has the other class
 * (`%d` of a float), a count of arguments that does not match, a printf in a loop, and
 * (builtin.c) a printf whose value is used. Without a known launch (--emit kir of a
 * kernel alone) the record index uses gridDim/blockDim and the buffer has no size.
 *
 * The description, items ended by ';': the geometry `GX GY GZ BX BY BZ`, then per site
 * `p BUFFER TYPES HEXFORMAT`, TYPES one letter per argument (i int, u unsigned int,
 * l long long, L unsigned long long, d double; `-` when there are none), HEXFORMAT the
 * format's bytes as hexadecimal (the format may hold any byte); per device assert
 * `a BUFFER - HEXMESSAGE`, a record of the fired flag alone, the message CUDA's with
 * %u for the block's and the thread's x, y, z (lassert_stmt). */
#include "parse.h"

#include <string.h>

/* The cursor under implicit casts and parentheses. */
static CXCursor bare(CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		CursorVec v;
		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr)
			return c;
		v = kids(c);
		if (v.len != 1) {
			VEC_FREE(v);
			return c;
		}
		c = v.data[0];
		VEC_FREE(v);
	}
}

/* The text of string literal c (adjacent literals joined), or NULL. */
static const char *literal(Lower *L, CXCursor c)
{
	CXEvalResult r;
	const char *s = NULL;

	if (clang_getCursorKind(bare(c)) != CXCursor_StringLiteral)
		return NULL;
	r = clang_Cursor_Evaluate(c);
	if (r && clang_EvalResult_getKind(r) == CXEval_StrLiteral)
		s = arena_strdup(L->a, clang_EvalResult_getAsStr(r));
	if (r)
		clang_EvalResult_dispose(r);
	return s;
}

/* Extent d of the grid (block = 0) or block: a constant when the launch is known, else
 * gridDim/blockDim; NULL when it is the constant 1. */
static KirExpr *extent(Lower *L, int block, int d, SrcLoc l)
{
	static const KirBuiltin dim[2][3] = {{KBI_GDIM_X, KBI_GDIM_Y, KBI_GDIM_Z}, {KBI_BDIM_X, KBI_BDIM_Y, KBI_BDIM_Z}};
	const KirKernel *k = L->k;
	int known = block ? k->have_block : k->have_grid;
	int v = block ? k->block[d] : k->grid[d];

	if (!known)
		return frontend_new_cast(L->a, KT_I64, new_builtin(L, dim[block][d], l), l);
	return v > 1 ? frontend_new_int(L->a, KT_I64, v, l) : NULL;
}

/* The linear id of the thread (blockIdx x fastest, then threadIdx), i64. */
static KirExpr *thread_id(Lower *L, SrcLoc l)
{
	static const KirBuiltin bid[3] = {KBI_BID_X, KBI_BID_Y, KBI_BID_Z};
	static const KirBuiltin tid[3] = {KBI_TID_X, KBI_TID_Y, KBI_TID_Z};
	KirExpr *b = NULL, *t = NULL, *nt = NULL;

	for (int d = 2; d >= 0; d--) {
		KirExpr *bi = frontend_new_cast(L->a, KT_I64, new_builtin(L, bid[d], l), l);
		KirExpr *ti = frontend_new_cast(L->a, KT_I64, new_builtin(L, tid[d], l), l);
		KirExpr *g = extent(L, 0, d, l), *w = extent(L, 1, d, l);
		if (g)
			b = b ? frontend_new_binary(L->a, KB_ADD, KT_I64, frontend_new_binary(L->a, KB_MUL, KT_I64, b, g, l), bi, l) : bi;
		if (w) {
			t = t ? frontend_new_binary(L->a, KB_ADD, KT_I64, frontend_new_binary(L->a, KB_MUL, KT_I64, t, w, l), ti, l) : ti;
			nt = nt ? frontend_new_binary(L->a, KB_MUL, KT_I64, nt, w, l) : w;
		}
	}
	if (b && nt)
		b = frontend_new_binary(L->a, KB_MUL, KT_I64, b, nt, l);
	if (b && t)
		return frontend_new_binary(L->a, KB_ADD, KT_I64, b, t, l);
	return b ? b : t ? t : frontend_new_int(L->a, KT_I64, 0, l);
}

/* bufs[buf][base + j] = v (i64). */
static void store(Lower *L, int buf, KirExpr *base, int64_t j, KirExpr *v, SrcLoc l)
{
	KirExpr *e = frontend_new_expr(L->a, KE_ASSIGN, KT_I64, l);

	e->u.assign.lv.var = -1;
	e->u.assign.lv.buffer = buf;
	e->u.assign.lv.index = frontend_new_binary(L->a, KB_ADD, KT_I64, base, frontend_new_int(L->a, KT_I64, j, l), l);
	e->u.assign.op = KB_NONE;
	e->u.assign.optype = KT_I64;
	e->u.assign.value = v;
	emit_pending(L, expr_stmt(L, e));
}

/* One conversion specification of a format, from its '%'. */
typedef struct Spec {
	size_t len;              /* bytes from the '%' to the conversion letter, inclusive */
	char conv;               /* the conversion letter */
	int star;                /* a '*' width or precision */
	int longdbl;             /* the L length modifier */
} Spec;

static Spec spec_at(const char *s)
{
	Spec sp = {0};
	size_t i = 1;

	while (s[i] && strchr("-+ #0", s[i]))
		i++;
	while (s[i] == '*' || (s[i] >= '0' && s[i] <= '9'))
		sp.star |= s[i++] == '*';
	if (s[i] == '.')
		for (i++; s[i] == '*' || (s[i] >= '0' && s[i] <= '9'); i++)
			sp.star |= s[i] == '*';
	while (s[i] && strchr("hlLqjzt", s[i]))
		sp.longdbl |= s[i++] == 'L';
	sp.conv = s[i];
	sp.len = s[i] ? i + 1 : i;
	return sp;
}

/* The promoted argument's letter (i u l L d), or 0 when it is none of them. */
static char promoted(KirDType t)
{
	if (t == KT_F32 || t == KT_F64)
		return 'd';
	if (!frontend_dtype_is_int(t))
		return 0;
	if (frontend_dtype_bytes(t) == 8)
		return frontend_dtype_is_signed(t) ? 'l' : 'L';
	return t == KT_U32 ? 'u' : 'i';
}

/* The argument's value as the i64 of its record slot. */
/* A new output of the kernel: i64 records of `slots` words per thread (per launch grid;
 * without a launch its size is left for --emit kir only). Returns its buffer. */
static int record_buffer(Lower *L, int64_t slots, SrcLoc l)
{
	KirBuffer b = {0};
	KirParam kp = {0};
	int buf;

	b.name = unique(L, arena_printf(L->a, "cuda2hlo_printf%d", L->nprintf++));
	b.space = KSP_GLOBAL;
	b.elem = KT_I64;
	if (L->k->have_grid && L->k->have_block)
		b.count = (int64_t)L->k->grid[0] * L->k->grid[1] * L->k->grid[2] *
		          L->k->block[0] * L->k->block[1] * L->k->block[2] * slots;
	b.param = (int)L->params.len;
	b.loc = l;
	VEC_PUSH(L->bufs, b);
	buf = (int)L->bufs.len - 1;
	kp.name = L->bufs.data[buf].name;
	kp.type = KT_PTR;
	kp.buffer = buf;
	kp.value.type = KT_PTR;
	kp.loc = l;
	VEC_PUSH(L->params, kp);
	VEC_PUSH(L->argidx, -1);
	return buf;
}

static KirExpr *slot_value(Lower *L, KirExpr *e, char cls, SrcLoc l)
{
	if (cls == 'd')
		return bitcast_to(L, KT_I64, conv(L, e, KT_F64), l);
	if (cls == 'i')
		e = conv(L, e, KT_I32);
	return conv(L, e, KT_I64);
}

static void hex(StrBuf *b, const char *s)
{
	for (; *s; s++)
		sb_printf(b, "%02x", (unsigned char)*s);
}

/* The format with each %s replaced by its literal argument as printf would print it
 * (`%%` for each '%'), into out; the other arguments lowered (in order) into args and
 * their letters into types. 0 after an error at the call. */
typedef VEC(KirExpr *) ExprVec;

static int plan(Lower *L, CXCursor c, const char *fmt, StrBuf *out, StrBuf *types, ExprVec *args)
{
	int n = clang_Cursor_getNumArguments(c), next = 1;

	for (const char *p = fmt; *p; p++) {
		Spec sp;
		CXCursor a;
		if (*p != '%') {
			sb_putc(out, *p);
			continue;
		}
		sp = spec_at(p);
		if (sp.conv == '%') {
			sb_appendn(out, p, sp.len);
			p += sp.len - 1;
			continue;
		}
		if (sp.star || sp.longdbl || !sp.conv || !strchr("diuxXocfFeEgGaAs", sp.conv)) {
			error_at(L, c, "device printf: the conversion '%.*s' is not supported (a literal width and precision; "
			         "%%d %%i %%u %%x %%X %%o %%c %%f %%F %%e %%E %%g %%G %%a %%s with hh h l ll)", (int)sp.len, p);
			return 0;
		}
		if (next >= n) {
			error_at(L, c, "device printf: the format has more conversions than arguments");
			return 0;
		}
		a = clang_Cursor_getArgument(c, (unsigned)next++);
		if (sp.conv == 's') {
			const char *s = literal(L, a);
			char spec[64], *txt;
			int len;
			if (!s || sp.len >= sizeof spec) {
				error_at(L, a, "device printf: a %%s argument that is not a string literal cannot be translated");
				return 0;
			}
			memcpy(spec, p, sp.len);
			spec[sp.len] = 0;
			len = snprintf(NULL, 0, spec, s);
			txt = arena_alloc(L->a, (size_t)len + 1);
			snprintf(txt, (size_t)len + 1, spec, s);
			for (int i = 0; i < len; i++) {
				if (txt[i] == '%')
					sb_putc(out, '%');
				sb_putc(out, txt[i]);
			}
		} else {
			KirExpr *e = lx(L, a);
			char cls = promoted(e->type);
			int isfloat = !!strchr("fFeEgGaA", sp.conv);
			if (!cls || (cls == 'd') != isfloat) {
				error_at(L, a, "device printf: '%.*s' cannot print an argument of this type (%s)", (int)sp.len, p,
				         cls ? (isfloat ? "an integer" : "a floating-point value") : "not a number");
				return 0;
			}
			sb_putc(types, cls);
			VEC_PUSH(*args, e);
			sb_appendn(out, p, sp.len);
		}
		p += sp.len - 1;
	}
	if (next < n) {
		error_at(L, clang_Cursor_getArgument(c, (unsigned)next), "device printf: more arguments than the format converts");
		return 0;
	}
	return 1;
}

/* A device printf statement c (calls of the CUDA headers' printf only): its stores. 0 when
 * c is no such call; 1 after lowering it or reporting why it cannot be. */
int lprintf_out(Lower *L, CXCursor c)
{
	CXCursor fn = clang_getCursorReferenced(c);
	SrcLoc l = cloc(L, c);
	const char *fmt;
	StrBuf out = {0}, types = {0};
	ExprVec args = {0};
	KirExpr *base;
	int buf, ok;

	if (strcmp(spell(L->a, fn), "printf") || !(in_system(fn) || clang_Cursor_isNull(clang_getCursorDefinition(fn))))
		return 0;
	if (clang_Cursor_getNumArguments(c) < 1 || !(fmt = literal(L, clang_Cursor_getArgument(c, 0)))) {
		error_at(L, c, "device printf: the format must be a string literal");
		return 1;
	}
	if (L->loops) {
		error_at(L, c, "device printf inside a loop cannot be translated");
		diag_note(NOLOC, "a call site keeps one record per thread, so it may print at most once per thread and launch");
		return 1;
	}
	ok = plan(L, c, fmt, &out, &types, &args);
	if (ok) {
		buf = record_buffer(L, 1 + (int64_t)args.len, l);
		base = frontend_new_binary(L->a, KB_MUL, KT_I64, thread_id(L, l),
		                           frontend_new_int(L->a, KT_I64, (int64_t)(1 + args.len), l), l);
		for (size_t j = 0; j < args.len; j++)
			store(L, buf, base, (int64_t)(1 + j), slot_value(L, args.data[j], types.s[j], l), l);
		store(L, buf, base, 0, frontend_new_int(L->a, KT_I64, 1, l), l);
		sb_printf(&L->printfs, "p %s %s ", L->bufs.data[buf].name, args.len ? sb_str(&types) : "-");
		hex(&L->printfs, sb_str(&out));
		sb_putc(&L->printfs, ';');
	}
	sb_free(&out);
	sb_free(&types);
	VEC_FREE(args);
	return 1;
}

/* The kernel's printf description (the geometry line, then one line per site), or NULL
 * when it has no printf. Frees the lines L gathered. */
const char *printf_desc(Lower *L)
{
	const KirKernel *k = L->k;
	const char *s = NULL;

	if (L->printfs.len)
		s = arena_printf(L->a, "%d %d %d %d %d %d;%s", k->grid[0], k->grid[1], k->grid[2],
		                 k->block[0], k->block[1], k->block[2], sb_str(&L->printfs));
	sb_free(&L->printfs);
	return s;
}

const SrcLoc *frontend_printf_site(const KirKernel *k)
{
	for (size_t i = 0; k->printf && i < k->nbufs; i++)
		if (k->bufs[i].param >= 0 && !strncmp(k->bufs[i].name, "cuda2hlo_printf", 15))
			return &k->bufs[i].loc;
	return NULL;
}

/* The string a `__assert_fail` argument holds (a literal, or __PRETTY_FUNCTION__), or
 * NULL. */
static const char *assert_str(Lower *L, CXCursor c)
{
	CXEvalResult r;
	const char *s = NULL;
	CXCursor up = c;

	/* down casts, parentheses and __extension__ to the string literal; libclang evaluates
	 * the node above it (the array-to-pointer cast, __PRETTY_FUNCTION__), not the literal */
	while (clang_getCursorKind(c) != CXCursor_StringLiteral) {
		CursorVec v = kids(c);
		int one = v.len == 1;
		if (one)
			up = c, c = v.data[0];
		VEC_FREE(v);
		if (!one)
			return NULL;
	}
	r = clang_Cursor_Evaluate(up);
	if (r && clang_EvalResult_getKind(r) == CXEval_StrLiteral)
		s = arena_strdup(L->a, clang_EvalResult_getAsStr(r));
	if (r)
		clang_EvalResult_dispose(r);
	if (!s) {       /* __PRETTY_FUNCTION__: its literal's spelling, quoted, holds no escape */
		const char *q = spell(L->a, c);
		size_t n = strlen(q);
		if (n >= 2 && q[0] == '"' && q[n - 1] == '"' && !strchr(q, '\\'))
			s = arena_printf(L->a, "%.*s", (int)(n - 2), q + 1);
	}
	return s;
}

static void escape_pct(StrBuf *b, const char *s)
{
	for (; *s; s++) {
		if (*s == '%')
			sb_putc(b, '%');
		sb_putc(b, *s);
	}
}

/* A site whose record is the fired flag alone, set where `fails` holds (NULL: wherever
 * the statement runs), and its description: message msg, %u for the block's and the
 * thread's x, y, z. */
static void assert_site(Lower *L, KirExpr *fails, const char *msg, SrcLoc l)
{
	StmtVec then = {0}, *save;
	KirStmt *s = NULL;
	int buf = record_buffer(L, 1, l);

	save = L->pending;
	L->pending = &then;
	store(L, buf, thread_id(L, l), 0, frontend_new_int(L->a, KT_I64, 1, l), l);
	L->pending = save;
	if (fails) {
		s = frontend_new_stmt(L->a, KS_IF, l);
		s->u.if_.cond = fails;
		s->u.if_.then = block_of(L, &then, l);
		emit_pending(L, s);
	} else {
		for (size_t i = 0; i < then.len; i++)
			emit_pending(L, then.data[i]);
	}
	VEC_FREE(then);
	sb_printf(&L->printfs, "a %s - ", L->bufs.data[buf].name);
	hex(&L->printfs, msg);
	sb_putc(&L->printfs, ';');
}

/* A device assert `cond ? void(0) : __assert_fail(expr, file, line, function)` (glibc's
 * macro; c is the conditional): a site whose record is the fired flag alone, set where
 * cond is false. The host prints CUDA's message for each thread whose assert failed and
 * the launch fails with cudaErrorAssert (CUDA Programming Guide, "Assertion"). In a loop
 * the flag is set by any failing iteration (CUDA stops the thread at the first: the
 * message is the same). 0 when c is no such conditional. */
int lassert_stmt(Lower *L, CXCursor c)
{
	CursorVec v = kids(c);
	CXCursor f, fn;
	const char *expr, *file, *func;
	StrBuf msg = {0};
	KirExpr *fails;
	SrcLoc l = cloc(L, c);
	int64_t line;

	if (v.len != 3 || clang_getCursorKind(f = bare(v.data[2])) != CXCursor_CallExpr ||
	    strcmp(spell(L->a, fn = clang_getCursorReferenced(f)), "__assert_fail") || !in_system(fn) ||
	    clang_Cursor_getNumArguments(f) != 4) {
		VEC_FREE(v);
		return 0;
	}
	expr = assert_str(L, clang_Cursor_getArgument(f, 0));
	file = assert_str(L, clang_Cursor_getArgument(f, 1));
	func = assert_str(L, clang_Cursor_getArgument(f, 3));
	if (!expr || !file || !func || !eval_int(clang_Cursor_getArgument(f, 2), &line)) {
		error_at(L, c, "device assert: its message is not made of constants");
		VEC_FREE(v);
		return 1;
	}
	fails = frontend_new_unary(L->a, KU_NOT, KT_I1, cond_of(L, v.data[0]), l);
	VEC_FREE(v);
	/* CUDA's text: "file:line: function: block: [x,y,z], thread: [x,y,z] Assertion `expr` failed." */
	escape_pct(&msg, file);
	sb_printf(&msg, ":%lld: ", (long long)line);
	escape_pct(&msg, func);
	sb_append(&msg, ": block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `");
	escape_pct(&msg, expr);
	sb_append(&msg, "` failed.\n");
	assert_site(L, fails, sb_str(&msg), l);
	sb_free(&msg);
	return 1;
}

/* A site of undefined behaviour at l (clang's documentation: `__builtin_assume(e)` with e
 * false, `__builtin_unreachable()` reached), where `fails` holds (NULL: wherever the
 * statement runs): a device assert's record, its message "FILE:LINE: block: [..],
 * thread: [..] what" (stmt.c: lassume_stmt, lcall_stmt). */
void lub_site(Lower *L, KirExpr *fails, const char *what, SrcLoc l)
{
	StrBuf msg = {0};

	escape_pct(&msg, l.file ? l.file : "?");
	sb_printf(&msg, ":%d: block: [%%u,%%u,%%u], thread: [%%u,%%u,%%u] %s\n", l.line, what);
	assert_site(L, fails, sb_str(&msg), l);
	sb_free(&msg);
}
