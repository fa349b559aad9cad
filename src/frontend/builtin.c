/* builtin.c: calls that are IR nodes, not calls (DESIGN.md, Kernel IR): math
 * functions and intrinsics (with their aliases), warp shuffles and votes, atomics,
 * barriers and __syncthreads_count/and/or, and the refused ones (device printf and
 * malloc, textures) with their diagnostics. */
#include "parse.h"

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

KirExpr *arg(Lower *L, CXCursor call, int i)
{
	return lx(L, clang_Cursor_getArgument(call, (unsigned)i));
}

static KirExpr *lmath(Lower *L, CXCursor c, KirMathOp op)
{
	int n = clang_Cursor_getNumArguments(c);
	KirDType t = ctype(c);
	KirExpr *e = frontend_new_expr(L->a, KE_MATH, t, cloc(L, c));

	if (n != frontend_math_arity(op)) {
		error_at(L, c, "'%s' takes %d arguments here", frontend_math_name(op), frontend_math_arity(op));
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
				error_at(L, c, "'%s': directed rounding modes cannot be translated exactly", name);
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
			error_at(L, c, "'%s': directed rounding modes cannot be translated exactly", name);
			return poison(L, c);
		}
		return frontend_new_cast(L->a, t, x, l);
	}
	return NULL;
}

/* A shuffle width's value: an integer constant, or a block extent of a launch whose
 * block is known (`__shfl_sync(m, v, l, blockDim.x)` with blocks of at most a warp).
 * e is the width argument, lowered once. */
static int shfl_width(Lower *L, const KirExpr *e, int64_t *w)
{
	const KirExpr *k;

	/* (integer casts keep the widths 1..32 the caller accepts: `unsigned width = 32`
	 * passed as the int parameter; a cast to bool does not) */
	while (e->kind == KE_CAST && !frontend_dtype_is_float(e->type) && e->type != KT_I1)
		e = e->u.x;
	if ((k = const_value(L, e)))
		return !frontend_dtype_is_float(k->type) && (*w = k->u.c.i, 1);
	if (e->kind != KE_BUILTIN || e->u.builtin < KBI_BDIM_X || e->u.builtin > KBI_BDIM_Z || !L->k->have_block)
		return 0;
	*w = (int64_t)L->k->block[e->u.builtin - KBI_BDIM_X];
	return 1;
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
	if (n > sync + 2 && (!shfl_width(L, arg(L, c, sync + 2), &w) || w < 1 || w > 32 || (w & (w - 1)))) {
		error_at(L, clang_Cursor_getArgument(c, (unsigned)(sync + 2)),
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

/* A pointer converted to an integer to be compared (`(unsigned long long)p`, the
 * argument c): its element offset, which is equal for two pointers into one buffer
 * exactly when their addresses are; NULL when c is not such a conversion, poison
 * (said why) when the pointer is not one into a single buffer's whole elements. */
static KirExpr *ptr_match_value(Lower *L, CXCursor c)
{
	CXCursor x = strip(c);
	enum CXCursorKind k = clang_getCursorKind(x);
	Addr a;

	if ((k != CXCursor_CStyleCastExpr && k != CXCursor_CXXReinterpretCastExpr &&
	     k != CXCursor_CXXFunctionalCastExpr) || nkids(x) < 1)
		return NULL;
	x = kid(x, nkids(x) - 1);
	if (clang_getCanonicalType(clang_getCursorType(x)).kind != CXType_Pointer)
		return NULL;
	a = laddr(L, x);
	if (a.buffer < 0 || a.per || a.bitw || a.choice) {
		if (!L->failed)
			error_at(L, x, "__match_any_sync of a pointer is translated for a pointer into one buffer's elements only");
		return poison(L, x);
	}
	return a.off ? conv(L, a.off, KT_U64) : frontend_new_int(L->a, KT_U64, 0, cloc(L, x));
}

/* __match_any_sync(mask, v) ("Warp Match Functions"): the lanes the mask names whose v
 * equals this lane's, compared as the value's bits (a u32 or u64: CUDA takes int,
 * unsigned, long, long long and their unsigned forms, float and double); a pointer
 * converted to an integer by its offset (ptr_match_value). */
static KirExpr *lmatch(Lower *L, CXCursor c)
{
	SrcLoc l = cloc(L, c);
	KirExpr *e = frontend_new_expr(L->a, KE_VOTE, KT_U32, l), *v;
	KirDType ut;

	e->u.vote.op = KV_MATCH_ANY;
	e->u.vote.mask = conv(L, arg(L, c, 0), KT_U32);
	if ((v = ptr_match_value(L, clang_Cursor_getArgument(c, 1)))) {
		e->u.vote.pred = v;
		return e;
	}
	v = arg(L, c, 1);
	ut = frontend_dtype_bytes(v->type) == 8 ? KT_U64 : KT_U32;
	e->u.vote.pred = frontend_dtype_is_float(v->type) ? bitcast_to(L, ut, v, l) : conv(L, v, ut);
	return e;
}

/* atomicAdd(__half2 *p, __half2 v) and the float2, float4 and __nv_bfloat162 forms: CUDA
 * guarantees atomicity for each scalar separately, not for the vector, so it is one
 * atomic add per field at the field's element (as the programming guide states for
 * half2); the old vector it returns is refused where it is used (the last field's atomic
 * stands for the call, which only a statement can drop). */
static KirExpr *latomic_vector(Lower *L, CXCursor c, KirAtomicOp op, Addr a, CXType pt)
{
	KirDType se;
	const char *src;
	StrVec paths;
	KirExpr *e = NULL;
	SrcLoc l = cloc(L, c);

	if (op != KA_ADD || clang_Cursor_getNumArguments(c) != 2 || !struct_layout(pt, &se, NULL) ||
	    se != L->bufs.data[a.buffer].elem || a.view != KT_VOID || a.per) {
		error_at(L, c, "an atomic operation on a '%s' cannot be translated (only atomicAdd of a vector of the buffer's elements)",
		         type_name(L->a, pt));
		return poison(L, c);
	}
	if (!(src = struct_src(L, clang_Cursor_getArgument(c, 1))))
		return poison(L, c);
	paths = field_paths(L, pt);
	for (size_t j = 0; j < paths.len && !L->failed; j++) {
		Bind *b = key_bind(L, NULL, arena_printf(L->a, "%s%s", src, paths.data[j]));
		int64_t slot = field_bits(L, pt, paths.data[j]) / (8 * frontend_dtype_bytes(se));
		if (!b) {
			error_at(L, c, "field '%s' of the atomic's value is unknown", paths.data[j] + 1);
			break;
		}
		if (e)
			emit_pending(L, expr_stmt(L, e));
		e = frontend_new_expr(L->a, KE_ATOMIC, se, l);
		e->u.atomic.op = op;
		e->u.atomic.buffer = a.buffer;
		e->u.atomic.index = add_off(L, a.off, frontend_new_int(L->a, a.off ? a.off->type : KT_I32, slot, l), l);
		e->u.atomic.nargs = 1;
		e->u.atomic.args[0] = conv(L, bind_value(L, c, b), se);
	}
	VEC_FREE(paths);
	return e && !L->failed ? e : poison(L, c);
}

/* Whether atomic op through a view of integers as other integers of the same size
 * computes the same bits either way: add, sub (modulo 2^n), the bitwise ops, exch and
 * cas (bit equality); not max, min, inc, dec (which compare by sign). */
static int same_bits(KirAtomicOp op, KirDType view, KirDType elem)
{
	if (!frontend_dtype_is_int(view) || !frontend_dtype_is_int(elem) || view == KT_I1 || elem == KT_I1 ||
	    frontend_dtype_bytes(view) != frontend_dtype_bytes(elem))
		return 0;
	return op == KA_ADD || op == KA_SUB || op == KA_AND || op == KA_OR || op == KA_XOR || op == KA_EXCH ||
	       op == KA_CAS;
}

/* Whether atomic op through a view of elem as view, another type of the same size (4
 * or 8 bytes), is done on the element read as the view's type (per 1), as the GPU does
 * it on the bits: between floats and integers exch and cas, which move and compare bits
 * (an integer add, min, max of a float's bits is another operation: refused); between
 * integers of another signedness the ops same_bits leaves, max, min, inc and dec, which
 * compare as the view's type says. */
static int elem_view(KirAtomicOp op, KirDType view, KirDType elem)
{
	int fv = view == KT_F32 || view == KT_F64, fe = elem == KT_F32 || elem == KT_F64;
	int iv = frontend_dtype_is_int(view) && view != KT_I1, ie = frontend_dtype_is_int(elem) && elem != KT_I1;

	if (frontend_dtype_bytes(view) != frontend_dtype_bytes(elem) || frontend_dtype_bytes(view) < 4)
		return 0;
	if ((fv && ie) || (iv && fe))
		return op == KA_CAS || op == KA_EXCH;
	return iv && ie && (op == KA_MAX || op == KA_MIN || op == KA_INC || op == KA_DEC);
}

static KirExpr *latomic(Lower *L, CXCursor c, KirAtomicOp op)
{
	int n = clang_Cursor_getNumArguments(c);
	Addr a = laddr(L, clang_Cursor_getArgument(c, 0));
	KirExpr *e = frontend_new_expr(L->a, KE_ATOMIC, ctype(c), cloc(L, c));
	CXType pt = clang_getCanonicalType(clang_getPointeeType(clang_getCursorType(clang_Cursor_getArgument(c, 0))));

	if (a.buffer < 0) {
		if (!L->failed)
			error_at(L, c, "the target of an atomic operation must be global or shared memory");
		return poison(L, c);
	}
	if (L->bufs.data[a.buffer].space != KSP_GLOBAL && L->bufs.data[a.buffer].space != KSP_SHARED) {
		error_at(L, c, "the target of an atomic operation must be global or shared memory");
		return poison(L, c);
	}
	if (is_record(pt))
		return latomic_vector(L, c, op, a, pt);
	if (a.view != KT_VOID && !a.per && wide_scalar(a.view, L->bufs.data[a.buffer].elem)) {
		if (!wide_atomic(L, c, a, e))
			return poison(L, c);
	} else if (a.view != KT_VOID && same_bits(op, a.view, L->bufs.data[a.buffer].elem)) {
		/* `atomicAdd((unsigned long long *)counts, 1)` over long longs: the same bits
		 * (two's complement), an atomic on the element, its old value reinterpreted */
		KirDType elem = L->bufs.data[a.buffer].elem;
		e->type = elem;
		e->u.atomic.op = op;
		e->u.atomic.buffer = a.buffer;
		e->u.atomic.index = a.off ? a.off : frontend_new_int(L->a, KT_I32, 0, cloc(L, c));
		e->u.atomic.nargs = n - 1;
		for (int i = 1; i < n && i < 3; i++)
			e->u.atomic.args[i - 1] = bitcast_to(L, elem, conv(L, arg(L, c, i), a.view), cloc(L, c));
		return bitcast_to(L, a.view, e, cloc(L, c));
	} else if (a.view != KT_VOID && !a.per && elem_view(op, a.view, L->bufs.data[a.buffer].elem)) {
		/* `atomicCAS((unsigned *)floats, assumed, __float_as_uint(v))`, the CAS loop
		 * of a float atomicMax: the element read as the view's type (per 1), so the
		 * comparison is of bits, as on the GPU (-0.0 is not 0.0, a NaN equals itself);
		 * `atomicInc((unsigned *)ints, 17)` compares as unsigned */
		e->u.atomic.op = op;
		e->u.atomic.buffer = a.buffer;
		e->u.atomic.index = a.off ? a.off : frontend_new_int(L->a, KT_I32, 0, cloc(L, c));
		e->u.atomic.per = 1;
		e->u.atomic.nargs = n - 1;
		for (int i = 1; i < n && i < 3; i++)
			e->u.atomic.args[i - 1] = conv(L, arg(L, c, i), a.view);
		return e;
	} else if (a.view != KT_VOID) {
		error_at(L, c, "an atomic operation through a pointer that reinterprets '%s' as %s cannot be translated",
		    L->bufs.data[a.buffer].name, frontend_dtype_name(a.view));
		return poison(L, c);
	}
	e->u.atomic.op = op;
	if (!e->u.atomic.per) {
		e->u.atomic.buffer = a.buffer;
		e->u.atomic.index = a.off ? a.off : frontend_new_int(L->a, KT_I32, 0, cloc(L, c));
	}
	e->u.atomic.nargs = n - 1;
	for (int i = 1; i < n && i < 3; i++)
		e->u.atomic.args[i - 1] = arg(L, c, i);
	return e;
}

KirStmt *sync_stmt(Lower *L, CXCursor c, KirSyncOp op, KirExpr *argv, int result)
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
		error_at(L, c, "a barrier inside a condition or a loop test cannot be translated");
		return poison(L, c);
	}
	t = new_var(L, frontend_sync_name(op), KT_I32, KVK_TEMP, cloc(L, c));
	emit_pending(L, decl_stmt(L, t, NULL, cloc(L, c)));
	emit_pending(L, sync_stmt(L, c, op, conv(L, arg(L, c, 0), KT_I1), t));
	return var_ref(L, t, cloc(L, c));
}

static const char *const refused[][2] = {
	{"printf", "device printf whose value is used cannot be translated"},
	{"malloc", "device malloc cannot be translated"},
	{"free", "device free cannot be translated"},
	{"__trap", "__trap cannot be translated"},
	{"__assert_fail", "device assert cannot be translated inside an expression (as a statement it converts; -DNDEBUG drops the asserts)"},
	{"__brkpt", "__brkpt cannot be translated"},
	{"clock", "clock cannot be translated"},
	{"clock64", "clock64 cannot be translated"},
	{"this_grid", "grid-wide cooperative synchronisation cannot be translated"},
	{"__match_all_sync", "__match_all_sync cannot be translated (__match_any_sync can: all lanes of the mask agree when it equals the mask)"},
};

/* CUDA Math API functions with no exact form in StableHLO (each name also with the
 * single-precision suffix f): refused by name. docs/math.md lists them. */
static const char *const no_exact[] = {
	"erfinv", "erfcinv", "erfcx", "normcdfinv", "lgamma", "tgamma", "j0", "j1", "jn", "y0", "y1",
	"yn", "cyl_bessel_i0", "cyl_bessel_i1", "logb", "ilogb", "frexp", "remquo", "rhypot", "norm3d",
	"rnorm3d", "norm4d", "rnorm4d", "norm", "rnorm",
};

static int is_no_exact(const char *n)
{
	size_t len = strlen(n);

	for (size_t i = 0; i < sizeof no_exact / sizeof *no_exact; i++) {
		size_t k = strlen(no_exact[i]);
		if (!strncmp(n, no_exact[i], k) && (len == k || (len == k + 1 && n[k] == 'f')))
			return 1;
	}
	return 0;
}

/* "NAME(canonical parameter types)" of function fn called NAME. */
static const char *signature(Arena *a, CXCursor fn, const char *name)
{
	StrBuf b = {0};
	const char *r;
	int n = clang_Cursor_getNumArguments(fn);

	sb_printf(&b, "%s(", name);
	for (int i = 0; i < n; i++)
		sb_printf(&b, "%s%s", i ? "," : "",
		    type_name(a, clang_getCanonicalType(clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)i)))));
	sb_putc(&b, ')');
	r = arena_strdup(a, sb_str(&b));
	sb_free(&b);
	return r;
}

static enum CXChildVisitResult prelude_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	Ctx *cx = d;
	const char *n;
	CXCursor *keep;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c))
		return CXChildVisit_Continue;
	n = spell(cx->a, c);
	if (strncmp(n, "__c2h_", 6))
		return CXChildVisit_Continue;
	keep = ARENA_NEW(cx->a, CXCursor);
	*keep = c;
	map_put(cx->prelude, signature(cx->a, c, n + 6), keep);
	return CXChildVisit_Continue;
}

/* math_api.cuh's definition of the function fn called n with the same parameter
 * types, or NULL. */
static CXCursor *prelude_def(Lower *L, CXCursor fn, const char *n)
{
	Ctx *cx = L->cx;

	if (!cx->prelude) {
		cx->prelude = map_create();
		clang_visitChildren(clang_getTranslationUnitCursor(cx->tu), prelude_visit, cx);
	}
	return map_get(cx->prelude, signature(L->a, fn, n));
}

/* __ldg and the cache-hinted loads (__ldcs, ...): a plain load here. */
int is_load_hint(const char *n)
{
	static const char *const names[] = {"__ldg", "__ldcg", "__ldca", "__ldcs", "__ldlu", "__ldcv"};

	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (!strcmp(n, names[i]))
			return 1;
	return 0;
}

static int is_texture_fn(const char *n)
{
	return !strncmp(n, "tex", 3) || !strncmp(n, "surf", 4);
}

KirExpr *lbuiltin_call(Lower *L, CXCursor c, const char *n, int *handled)
{
	KirMathOp mop;
	KirExpr *e;
	CXCursor *def;

	*handled = 1;
	for (size_t i = 0; i < sizeof refused / sizeof *refused; i++)
		if (!strcmp(n, refused[i][0])) {
			error_at(L, c, "%s", refused[i][1]);
			if (!strcmp(n, "printf"))
				diag_note(NOLOC, L->cx->o->allow_printf ? "--allow-printf drops only a printf whose value is not used"
				                                        : "a printf statement prints through the module's outputs (docs/idioms.md, \"Device printf\")");
			return poison(L, c);
		}
	if (is_no_exact(n) && in_system(clang_getCursorReferenced(c))) {
		error_at(L, c, "'%s' (CUDA Math API) has no exact translation: no StableHLO operation computes it", n);
		return poison(L, c);
	}
	if ((def = prelude_def(L, clang_getCursorReferenced(c), n)))
		return inline_def(L, c, *def);
	if (is_texture_fn(n) && in_system(clang_getCursorReferenced(c))) {
		error_at(L, c, "textures and surfaces cannot be translated ('%s')", n);
		return poison(L, c);
	}
	if (!strncmp(n, "__shfl", 6))
		return lshfl(L, c, n);
	if (!strcmp(n, "__ballot_sync")) return lvote(L, c, KV_BALLOT);
	if (!strcmp(n, "__any_sync")) return lvote(L, c, KV_ANY);
	if (!strcmp(n, "__all_sync")) return lvote(L, c, KV_ALL);
	if (!strcmp(n, "__activemask")) return lvote(L, c, KV_ACTIVEMASK);
	if (!strcmp(n, "__match_any_sync")) return lmatch(L, c);
	if (!strcmp(n, "__syncthreads_count")) return lsync_value(L, c, KSY_THREADS_COUNT);
	if (!strcmp(n, "__syncthreads_and")) return lsync_value(L, c, KSY_THREADS_AND);
	if (!strcmp(n, "__syncthreads_or")) return lsync_value(L, c, KSY_THREADS_OR);
	if (!strncmp(n, "atomic", 6)) {
		for (int i = 0; i < KA_COUNT; i++) {
			const char *an = frontend_atomic_name((KirAtomicOp)i);
			const char *scope = n + 6 + strlen(an);
			/* (atomicAdd_block, atomicAdd_system: one device, so the plain atomic) */
			if (!strcasecmp(n + 6, an) || (n[6] && !strncasecmp(n + 6, an, strlen(an)) &&
			                               (!strcmp(scope, "_block") || !strcmp(scope, "_system"))))
				return latomic(L, c, (KirAtomicOp)i);
		}
	}
	if (is_load_hint(n))
		return load_of(L, c, laddr(L, clang_Cursor_getArgument(c, 0)));
	e = lintrinsic(L, c, n);
	if (e)
		return e;
	if (math_op(n, &mop))
		return lmath(L, c, mop);
	*handled = 0;
	return NULL;
}

/* Whether the expression c writes something: an assignment, ++/--, or a call of a
 * function that is not the CUDA headers' own (those compute values only). */
static enum CXChildVisitResult effect_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) &&
	    clang_getCursorBinaryOperatorKind(c) >= CXBinaryOperator_Assign &&
	    clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Comma)
		*(int *)d = 1;
	if (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) <= CXUnaryOperator_PreDec)
		*(int *)d = 1;
	if (k == CXCursor_CallExpr && !in_system(clang_getCursorReferenced(c)))
		*(int *)d = 1;
	return *(int *)d ? CXChildVisit_Break : CXChildVisit_Recurse;
}

int has_effect(CXCursor c)
{
	int r = 0;

	effect_visit(c, c, &r);
	if (!r)
		clang_visitChildren(c, effect_visit, &r);
	return r;
}

/* A device printf as a statement under --allow-printf: its text is output the module
 * cannot produce, so it is dropped with a warning at its location; an argument that
 * writes something (`i++`, a call of the program's own device function) is still
 * evaluated, the others are not. 0 when not such a call. */
int lprintf_stmt(Lower *L, CXCursor c)
{
	CXCursor fn = clang_getCursorReferenced(c);
	int n = clang_Cursor_getNumArguments(c);

	if (!L->cx->o->allow_printf || strcmp(spell(L->a, fn), "printf") ||
	    !(in_system(fn) || clang_Cursor_isNull(clang_getCursorDefinition(fn))))
		return 0;
	diag_warning(cloc(L, c), "device printf dropped (--allow-printf): the module does not print its text");
	if (L->k)
		diag_note(NOLOC, "in kernel '%s'", L->k->name);
	for (int i = 1; i < n; i++) {
		CXCursor a = clang_Cursor_getArgument(c, (unsigned)i);
		KirExpr *e = has_effect(a) ? lx(L, a) : NULL;
		/* (an inlined call's stores are already emitted; its value alone is no statement) */
		if (e && e->kind != KE_VAR && e->kind != KE_CONST && e->kind != KE_PARAM)
			emit_pending(L, expr_stmt(L, e));
	}
	return 1;
}
