/* host.c: --entry, a host function (the frontend's HostFunc) as one module. Consumes the
 * host IR and the kernels it launches (KIR); produces `func.func public @main` per the
 * module ABI with every launch's raised kernel inlined (host_inline.c), so XLA fuses
 * across kernels.
 *
 * The host function is executed symbolically: a host scalar is a constant or a 0-d
 * tensor value; a device buffer is an object whose contents are one SSA value; a pointer
 * variable names an object (so `std::swap(a, b)` and `t = a; a = b; b = t;` are renaming).
 * A counted loop becomes a stablehlo.while carrying the counter, every object's contents
 * and the runtime scalars; a swap in its body makes the body permute the carried buffers
 * (slot j receives the contents of the object its variable points to at the end of the
 * body), and after N trips the objects are the slots permuted N times. Loops of at most
 * --unroll N trips (and loops of one trip) are unrolled. An if on a runtime scalar runs
 * both branches and selects. Each (kernel, launch shape, buffer sizes) is raised once. */
#include "raise_int.h"

#include <math.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct HVal {
	int set;             /* assigned at all */
	int dyn;             /* v is a 0-d tensor value; else c */
	KirConst c;
	int v;
	KirDType t;
} HVal;

typedef struct Obj {
	int val;             /* current contents: 1-D tensor value */
	int64_t n;           /* elements */
	KirDType elem;
	int param;           /* entry parameter index, or -1 (cudaMalloc) */
	const char *name;
	int written;
	int arg;             /* the function argument (parameters), else -1 */
	int symbol;          /* __constant__ memory the host fills: an argument named after
	                        the symbol, read by the kernels that use it, never a result */
} Obj;

typedef struct Cached {
	const char *key;
	TModule *m;
} Cached;

#define PV_NONE (-1)     /* a pointer variable not pointing at a buffer */
#define PV_AMBIG (-2)    /* after a loop whose trip count and swaps make it unknown */
#define PV_SPLIT (-3)    /* after a runtime if whose branches leave it naming different buffers */

typedef struct Hr {
	Arena *a;
	const Options *o;
	const KirProgram *p;
	const HostFunc *hf;
	TModule *m;
	TFunc *f;
	TBuilder b;
	VEC(Obj) objs;
	HVal *sv;            /* per host variable: scalar value */
	int *pv;             /* per host variable: object index (pointers) */
	int in_loop;         /* inside a while body or a runtime if */
	VEC(Cached) cache;
	jmp_buf fail;
} Hr;

C2H_NORETURN C2H_PRINTF(3, 4) static void hr_error(Hr *h, SrcLoc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vreport(DIAG_ERROR, loc, fmt, ap);
	va_end(ap);
	longjmp(h->fail, 1);
}

/* ---- scalars ---- */

static HVal hconst(KirConst c)
{
	HVal v = {1, 0, c, -1, c.type};
	return v;
}

static HVal hdyn(int v, KirDType t)
{
	HVal r = {1, 1, {t, 0, 0}, v, t};
	return r;
}

static int mat(Hr *h, HVal v)
{
	TType t;
	if (v.dyn)
		return v.v;
	t = tir_type_scalar(raise_dtype(v.t));
	if (frontend_dtype_is_float(v.t))
		return tir_build_splat_float(&h->b, t, v.c.f);
	return tir_build_splat_int(&h->b, t, v.c.i);
}

static HVal hconvert(Hr *h, HVal v, KirDType t)
{
	if (v.t == t)
		return v;
	if (!v.dyn)
		return hconst(frontend_const_convert(v.c, t));
	if (t == KT_I1) {
		int z = mat(h, hconst(frontend_const_convert((KirConst){KT_I32, 0, 0}, v.t)));
		return hdyn(tir_build_compare(&h->b, CMP_NE, v.v, z), KT_I1);
	}
	return hdyn(tir_build_convert(&h->b, v.v, raise_dtype(t)), t);
}

static HVal ev(Hr *h, const KirExpr *e);

static HVal ev_binary(Hr *h, const KirExpr *e)
{
	HVal l = ev(h, e->u.bin.l), r = ev(h, e->u.bin.r);
	KirBinOp op = e->u.bin.op;
	int lv, rv;
	if (!l.dyn && !r.dyn) {
		KirExpr *f = frontend_new_binary(h->a, op, e->type, frontend_new_const(h->a, l.c, e->loc),
		                                 frontend_new_const(h->a, r.c, e->loc), e->loc);
		if (f->kind == KE_CONST)
			return hconst(f->u.c);
	}
	if (r.t != l.t)
		r = hconvert(h, r, l.t);
	lv = mat(h, l);
	rv = mat(h, r);
	switch (op) {
	case KB_ADD: return hdyn(tir_build_binary(&h->b, TOP_ADD, lv, rv), e->type);
	case KB_SUB: return hdyn(tir_build_binary(&h->b, TOP_SUBTRACT, lv, rv), e->type);
	case KB_MUL: return hdyn(tir_build_binary(&h->b, TOP_MULTIPLY, lv, rv), e->type);
	case KB_DIV: return hdyn(tir_build_binary(&h->b, TOP_DIVIDE, lv, rv), e->type);
	case KB_REM: return hdyn(tir_build_binary(&h->b, TOP_REMAINDER, lv, rv), e->type);
	case KB_AND: return hdyn(tir_build_binary(&h->b, TOP_AND, lv, rv), e->type);
	case KB_OR: return hdyn(tir_build_binary(&h->b, TOP_OR, lv, rv), e->type);
	case KB_XOR: return hdyn(tir_build_binary(&h->b, TOP_XOR, lv, rv), e->type);
	case KB_SHL: return hdyn(tir_build_binary(&h->b, TOP_SHIFT_LEFT, lv, rv), e->type);
	case KB_SHR:
		return hdyn(tir_build_binary(&h->b, frontend_dtype_is_signed(l.t) ? TOP_SHIFT_RIGHT_ARITHMETIC :
		                             TOP_SHIFT_RIGHT_LOGICAL, lv, rv), e->type);
	case KB_LT: return hdyn(tir_build_compare(&h->b, CMP_LT, lv, rv), KT_I1);
	case KB_LE: return hdyn(tir_build_compare(&h->b, CMP_LE, lv, rv), KT_I1);
	case KB_GT: return hdyn(tir_build_compare(&h->b, CMP_GT, lv, rv), KT_I1);
	case KB_GE: return hdyn(tir_build_compare(&h->b, CMP_GE, lv, rv), KT_I1);
	case KB_EQ: return hdyn(tir_build_compare(&h->b, CMP_EQ, lv, rv), KT_I1);
	case KB_NE: return hdyn(tir_build_compare(&h->b, CMP_NE, lv, rv), KT_I1);
	default: hr_error(h, e->loc, "host operator '%s' is not supported", frontend_binop_name(op));
	}
}

static HVal ev_unary(Hr *h, const KirExpr *e)
{
	HVal x = ev(h, e->u.un.x);
	if (!x.dyn) {
		KirExpr *f = frontend_new_unary(h->a, e->u.un.op, e->type, frontend_new_const(h->a, x.c, e->loc), e->loc);
		if (f->kind == KE_CONST)
			return hconst(f->u.c);
	}
	x = hconvert(h, x, e->type);
	if (e->u.un.op == KU_NEG)
		return hdyn(tir_build_unary(&h->b, TOP_NEGATE, mat(h, x)), e->type);
	return hdyn(tir_build_unary(&h->b, TOP_NOT, mat(h, x)), e->type);
}

static double fold_math(KirMathOp op, const double *x)
{
	switch (op) {
	case KM_FMIN: case KM_MIN: return fmin(x[0], x[1]);
	case KM_FMAX: case KM_MAX: return fmax(x[0], x[1]);
	case KM_SQRT: return sqrt(x[0]);
	case KM_ABS: return fabs(x[0]);
	case KM_FLOOR: return floor(x[0]);
	case KM_CEIL: return ceil(x[0]);
	case KM_EXP: return exp(x[0]);
	case KM_LOG: return log(x[0]);
	case KM_POW: return pow(x[0], x[1]);
	case KM_SIN: return sin(x[0]);
	case KM_COS: return cos(x[0]);
	default: return NAN;
	}
}

static HVal ev_math(Hr *h, const KirExpr *e)
{
	static const struct { KirMathOp op; TOpKind k; } ops[] = {
		{KM_FMIN, TOP_MINIMUM}, {KM_MIN, TOP_MINIMUM}, {KM_FMAX, TOP_MAXIMUM}, {KM_MAX, TOP_MAXIMUM},
		{KM_SQRT, TOP_SQRT}, {KM_ABS, TOP_ABS}, {KM_FLOOR, TOP_FLOOR}, {KM_CEIL, TOP_CEIL},
		{KM_EXP, TOP_EXPONENTIAL}, {KM_LOG, TOP_LOG}, {KM_POW, TOP_POWER}, {KM_SIN, TOP_SINE},
		{KM_COS, TOP_COSINE}};
	HVal a[3];
	int dyn = 0, k = -1;
	for (int i = 0; i < e->u.math.nargs; i++) {
		a[i] = hconvert(h, ev(h, e->u.math.args[i]), e->type);
		dyn |= a[i].dyn;
	}
	for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
		if (ops[i].op == e->u.math.op)
			k = (int)ops[i].k;
	if (k < 0)
		hr_error(h, e->loc, "host math function '%s' is not supported", frontend_math_name(e->u.math.op));
	if (!dyn) {
		double x[3];
		KirConst c = {KT_F64, 0, 0};
		for (int i = 0; i < e->u.math.nargs; i++)
			x[i] = frontend_dtype_is_float(a[i].t) ? a[i].c.f : (double)a[i].c.i;
		c.f = fold_math(e->u.math.op, x);
		return hconst(frontend_const_convert(c, e->type));
	}
	if (e->u.math.nargs == 1)
		return hdyn(tir_build_unary(&h->b, (TOpKind)k, mat(h, a[0])), e->type);
	{
		int l = mat(h, a[0]), r = mat(h, a[1]);
		return hdyn(tir_build_binary(&h->b, (TOpKind)k, l, r), e->type);
	}
}

static HVal ev(Hr *h, const KirExpr *e)
{
	switch (e->kind) {
	case KE_CONST: return hconst(e->u.c);
	case KE_VAR: {
		HVal v = h->sv[e->u.var];
		if (!v.set)
			hr_error(h, e->loc, "host variable '%s' is used before it is set", h->hf->vars[e->u.var].name);
		return hconvert(h, v, e->type);
	}
	case KE_CAST: return hconvert(h, ev(h, e->u.x), e->type);
	case KE_BINARY: return ev_binary(h, e);
	case KE_UNARY: return ev_unary(h, e);
	case KE_MATH: return ev_math(h, e);
	case KE_LOGAND: case KE_LOGOR: {
		HVal l = ev(h, e->u.bin.l), r = ev(h, e->u.bin.r);
		int and = e->kind == KE_LOGAND;
		if (!l.dyn)
			return frontend_const_is_true(l.c) == and ? r : l;
		if (!r.dyn)
			return frontend_const_is_true(r.c) == and ? l : r;
		return hdyn(tir_build_binary(&h->b, and ? TOP_AND : TOP_OR, l.v, r.v), KT_I1);
	}
	case KE_COND: {
		HVal c = ev(h, e->u.cond.c), t = hconvert(h, ev(h, e->u.cond.t), e->type),
		     f = hconvert(h, ev(h, e->u.cond.f), e->type);
		if (!c.dyn)
			return frontend_const_is_true(c.c) ? t : f;
		return hdyn(tir_build_select(&h->b, c.v, mat(h, t), mat(h, f)), e->type);
	}
	default:
		hr_error(h, e->loc, "this host expression (%s) cannot be converted", "kind");
	}
}

static int64_t ev_const(Hr *h, const KirExpr *e, const char *what)
{
	HVal v = ev(h, e);
	if (v.dyn)
		hr_error(h, e->loc, "%s depends on a runtime value (a parameter not bound by --set, or "
		         "the counter of a loop kept as a while): bind it with --set or unroll with --unroll",
		         what);
	return frontend_dtype_is_float(v.t) ? (int64_t)v.c.f : v.c.i;
}

/* ---- buffers ---- */

static int obj_of(Hr *h, int var, SrcLoc loc)
{
	int o = var >= 0 ? h->pv[var] : PV_NONE;
	if (o == PV_AMBIG)
		hr_error(h, loc, "which buffer '%s' names after the loop above depends on its runtime "
		         "trip count: bind the trip count with --set", h->hf->vars[var].name);
	if (o == PV_SPLIT)
		hr_error(h, loc, "which buffer '%s' names here depends on a runtime if above (its "
		         "branches assign it differently)", h->hf->vars[var].name);
	if (o < 0)
		hr_error(h, loc, "device pointer '%s' does not point to a buffer here",
		         var >= 0 ? h->hf->vars[var].name : "?");
	return o;
}

static int zeros(Hr *h, KirDType t, int64_t n)
{
	TType ty = tir_type_vector(raise_dtype(t), n);
	return frontend_dtype_is_float(t) ? tir_build_splat_float(&h->b, ty, 0) : tir_build_splat_int(&h->b, ty, 0);
}

/* dst[0 .. len) = x (a 1-D value of len elements) */
static int write_prefix(Hr *h, int dst, int x, int64_t len, int64_t n)
{
	int z;
	if (len == n)
		return x;
	z = tir_build_splat_int(&h->b, tir_type_scalar(DT_I64), 0);
	return tir_build_dynamic_update_slice(&h->b, dst, x, &z);
}

static void hr_memcpy(Hr *h, const HostStmt *s)
{
	int d = obj_of(h, s->u.copy.dst, s->loc), c = obj_of(h, s->u.copy.src, s->loc);
	Obj *od = &h->objs.data[d], *oc = &h->objs.data[c];
	int64_t bytes = ev_const(h, s->u.copy.bytes, "the byte count of a copy");
	int64_t es = frontend_dtype_bytes(od->elem), len = bytes / (es ? es : 1);
	int64_t z = 0;
	if (od->elem != oc->elem || bytes % es)
		hr_error(h, s->loc, "a copy between buffers of different element types (or of part of "
		         "an element) is not supported");
	if (len > od->n || len > oc->n || len < 0)
		hr_error(h, s->loc, "the copy of %lld elements overruns a buffer ('%s' has %lld, '%s' %lld)",
		         (long long)len, od->name, (long long)od->n, oc->name, (long long)oc->n);
	if (!len)
		return;
	{
		int x = len == oc->n ? oc->val : tir_build_slice(&h->b, oc->val, &z, &len, NULL);
		od->val = write_prefix(h, od->val, x, len, od->n);
		od->written = 1;
	}
}

static void hr_memset(Hr *h, const HostStmt *s)
{
	Obj *od = &h->objs.data[obj_of(h, s->u.set.dst, s->loc)];
	int64_t bytes = ev_const(h, s->u.set.bytes, "the byte count of a memset");
	int64_t val = ev_const(h, s->u.set.value, "the value of a memset");
	DType t = raise_dtype(od->elem);
	int64_t es = dtype_size(t), len = bytes / es;
	unsigned char *data;
	if (bytes % es || len > od->n || len < 0)
		hr_error(h, s->loc, "cudaMemset of %lld bytes does not fit '%s' (%lld elements of %lld bytes)",
		         (long long)bytes, od->name, (long long)od->n, (long long)es);
	if (!len)
		return;
	data = arena_alloc(h->m->arena, (size_t)(len * es));
	memset(data, (int)(val & 0xff), (size_t)(len * es));
	if (t == DT_I1)
		for (int64_t i = 0; i < len; i++)
			data[i] = data[i] != 0;
	od->val = write_prefix(h, od->val, tir_build_constant(&h->b, tir_type_vector(t, len), data), len, od->n);
	od->written = 1;
}

static int new_obj(Hr *h, KirDType elem, int64_t n, int param, const char *name)
{
	Obj o = {-1, n, elem, param, name, 0, -1, 0};
	VEC_PUSH(h->objs, o);
	return (int)h->objs.len - 1;
}

static void hr_malloc(Hr *h, const HostStmt *s)
{
	const HostVar *v = &h->hf->vars[s->u.alloc.var];
	int64_t bytes = ev_const(h, s->u.alloc.bytes, "the size of a cudaMalloc");
	int64_t es = frontend_dtype_bytes(v->elem);
	int o;
	if (h->in_loop)
		hr_error(h, s->loc, "cudaMalloc inside a loop kept as a while (or a runtime if) is not supported");
	if (es <= 0 || bytes <= 0 || bytes % es)
		hr_error(h, s->loc, "cudaMalloc of %lld bytes for '%s' is not a whole number of elements",
		         (long long)bytes, v->name);
	o = new_obj(h, v->elem, bytes / es, -1, v->name);
	h->objs.data[o].val = zeros(h, v->elem, bytes / es);
	h->pv[s->u.alloc.var] = o;
}

/* ---- launches ---- */

static const KirKernel *find_kernel(Hr *h, const char *name, SrcLoc loc)
{
	for (size_t i = 0; i < h->p->nkernels; i++)
		if (!strcmp(h->p->kernels[i].name, name))
			return &h->p->kernels[i];
	hr_error(h, loc, "kernel '%s' launched here was not lowered", name);
}

static TModule *raise_cached(Hr *h, const KirKernel *k, const int64_t grid[3], const int64_t block[3],
                             SrcLoc loc)
{
	StrBuf key = {0};
	TModule *m;
	sb_printf(&key, "%s/%lld,%lld,%lld/%lld,%lld,%lld", k->name, (long long)grid[0], (long long)grid[1],
	          (long long)grid[2], (long long)block[0], (long long)block[1], (long long)block[2]);
	for (size_t i = 0; i < k->nbufs; i++)
		sb_printf(&key, "/%lld", (long long)k->bufs[i].count);
	for (size_t i = 0; i < k->nparams; i++)
		if (k->params[i].bound)
			sb_printf(&key, "/%zu=%lld:%a", i, (long long)k->params[i].value.i, k->params[i].value.f);
	for (size_t i = 0; i < h->cache.len; i++)
		if (!strcmp(h->cache.data[i].key, sb_str(&key))) {
			sb_free(&key);
			return h->cache.data[i].m;
		}
	m = raise_kir_kernel(h->o, k, grid, block);
	if (!m) {
		sb_free(&key);
		diag_note(loc, "in the launch of '%s' here", k->name);
		longjmp(h->fail, 1);
	}
	{
		Cached c = {arena_strdup(h->a, sb_str(&key)), m};
		VEC_PUSH(h->cache, c);
	}
	sb_free(&key);
	return m;
}

/* The kernel with its buffers sized by the objects the launch passes. */
static KirKernel *sized_kernel(Hr *h, const HostStmt *s, const KirKernel *k, int64_t shmem, int *objs)
{
	KirKernel *kc = ARENA_NEW(h->a, KirKernel);
	*kc = *k;
	kc->bufs = ARENA_ARRAY(h->a, KirBuffer, k->nbufs + 1);
	memcpy(kc->bufs, k->bufs, k->nbufs * sizeof *k->bufs);
	for (size_t i = 0; i < k->nparams; i++) {
		const KirParam *p = &k->params[i];
		const Obj *o;
		if (p->type != KT_PTR)
			continue;
		if (s->u.launch.ptr[i] < 0)
			hr_error(h, s->loc, "argument %zu of '%s' must be a device pointer variable", i + 1, k->name);
		objs[i] = obj_of(h, s->u.launch.ptr[i], s->loc);
		o = &h->objs.data[objs[i]];
		if (frontend_dtype_bytes(o->elem) != frontend_dtype_bytes(kc->bufs[p->buffer].elem) ||
		    frontend_dtype_is_float(o->elem) != frontend_dtype_is_float(kc->bufs[p->buffer].elem))
			hr_error(h, s->loc, "'%s' (%s elements) is passed as '%s' of '%s' (%s elements)", o->name,
			         frontend_dtype_name(o->elem), p->name, k->name,
			         frontend_dtype_name(kc->bufs[p->buffer].elem));
		kc->bufs[p->buffer].count = o->n;
	}
	for (size_t i = 0; i < kc->nbufs; i++)
		if (kc->bufs[i].is_extern)
			kc->bufs[i].count = shmem / frontend_dtype_bytes(kc->bufs[i].elem);
	return kc;
}

/* The object of a __constant__ symbol the host fills (setup_symbols made them all). */
static int symbol_obj(Hr *h, const KirBuffer *b)
{
	for (size_t i = 0; i < h->objs.len; i++)
		if (h->objs.data[i].symbol && !strcmp(h->objs.data[i].name, b->name))
			return (int)i;
	die("no object for __constant__ '%s'", b->name);
}

static void hr_launch(Hr *h, const HostStmt *s)
{
	const KirKernel *k = find_kernel(h, s->u.launch.kernel, s->loc);
	int64_t grid[3], block[3], shmem;
	int *objs, *args, *res, na = 0, nbind = 0;
	KirKernel *kc;
	KirConst *vals;
	HVal *hv;
	char *bind;
	TFunc *callee;
	for (int i = 0; i < 3; i++) {
		grid[i] = ev_const(h, s->u.launch.grid[i], "the launch grid");
		block[i] = ev_const(h, s->u.launch.block[i], "the launch block");
	}
	shmem = ev_const(h, s->u.launch.shmem, "the dynamic shared memory size");
	if (s->u.launch.nargs != k->nparams)
		hr_error(h, s->loc, "launch of '%s' with %zu arguments for %zu parameters (struct "
		         "arguments are not supported in a host entry)", k->name, s->u.launch.nargs, k->nparams);
	objs = ARENA_ARRAY(h->a, int, k->nparams + 1);
	hv = ARENA_ARRAY(h->a, HVal, k->nparams + 1);
	vals = ARENA_ARRAY(h->a, KirConst, k->nparams + 1);
	bind = ARENA_ARRAY(h->a, char, k->nparams + 1);
	for (size_t i = 0; i < k->nparams; i++) {
		const KirParam *p = &k->params[i];
		if (p->type == KT_PTR)
			continue;
		hv[i] = hconvert(h, ev(h, s->u.launch.arg[i]), p->type);
		if (p->bound) {
			KirConst c = frontend_const_convert(p->value, p->type);
			if (hv[i].dyn || hv[i].c.i != c.i || hv[i].c.f != c.f)
				hr_error(h, s->loc, "'%s' of '%s' is bound by --set, but this launch passes %s",
				         p->name, k->name, hv[i].dyn ? "a runtime value" : "another value");
		} else if (!hv[i].dyn) {
			/* a constant argument: the kernel is raised for it (static shapes, folding) */
			bind[i] = 1;
			vals[i] = hv[i].c;
			nbind++;
		}
	}
	kc = sized_kernel(h, s, nbind ? raise_kernel_bind(h->a, k, bind, vals) : k, shmem, objs);
	callee = tir_module_main(raise_cached(h, kc, grid, block, s->loc));
	args = ARENA_ARRAY(h->a, int, callee->nargs + 1);
	res = ARENA_ARRAY(h->a, int, callee->nresults + 1);
	for (size_t i = 0; i < k->nparams; i++)
		if (k->params[i].type == KT_PTR)
			args[na++] = h->objs.data[objs[i]].val;
	for (size_t i = 0; i < k->nparams; i++)
		if (k->params[i].type != KT_PTR && !kc->params[i].bound)
			args[na++] = mat(h, hv[i]);
	for (size_t i = 0; i < kc->nbufs; i++)
		if (kc->bufs[i].space == KSP_CONSTANT && !kc->bufs[i].init)
			args[na++] = h->objs.data[symbol_obj(h, &kc->bufs[i])].val;
	ASSERT(na == callee->nargs);
	if (raise_inline_func(&h->b, callee, args, res))
		hr_error(h, s->loc, "the raised '%s' calls functions: cannot inline it", k->name);
	for (int j = 0; j < callee->nresults; j++) {
		TAttr *nm = tir_param_attr(&callee->results[j], "cuda2hlo.param");
		for (size_t i = 0; nm && i < k->nparams; i++)
			if (k->params[i].type == KT_PTR && !strcmp(k->params[i].name, nm->u.s)) {
				for (size_t q = 0; q < k->nparams; q++)
					if (q != i && k->params[q].type == KT_PTR && objs[q] == objs[i])
						hr_error(h, s->loc, "'%s' is passed twice to '%s' and written through '%s'",
						         h->objs.data[objs[i]].name, k->name, k->params[i].name);
				h->objs.data[objs[i]].val = res[j];
				h->objs.data[objs[i]].written = 1;
			}
	}
}

/* ---- statements ---- */

static void exec(Hr *h, const HostStmt *s);

static void note_assigned(const HostStmt *s, char *as)
{
	if (!s)
		return;
	switch (s->kind) {
	case HS_BLOCK:
		for (size_t i = 0; i < s->u.block.n; i++)
			note_assigned(s->u.block.stmts[i], as);
		break;
	case HS_ASSIGN: as[s->u.assign.var] = 1; break;
	case HS_FOR: as[s->u.for_.var] = 1; note_assigned(s->u.for_.body, as); break;
	case HS_IF: note_assigned(s->u.if_.then, as); note_assigned(s->u.if_.els, as); break;
	case HS_SWAP: as[s->u.swap.a] = as[s->u.swap.b] = 1; break;
	case HS_MALLOC: as[s->u.alloc.var] = 1; break;
	default: break;
	}
}

static int uses_var(const KirExpr *e, const char *as)
{
	if (!e)
		return 0;
	switch (e->kind) {
	case KE_VAR: return as[e->u.var];
	case KE_CAST: return uses_var(e->u.x, as);
	case KE_UNARY: return uses_var(e->u.un.x, as);
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR: return uses_var(e->u.bin.l, as) || uses_var(e->u.bin.r, as);
	case KE_COND: return uses_var(e->u.cond.c, as) || uses_var(e->u.cond.t, as) || uses_var(e->u.cond.f, as);
	default: return 0;
	}
}

/* Trip count of a counted loop with constant init and bound; -1 when it does not end. */
static int64_t trip_count(int64_t a, int64_t b, KirBinOp cmp, int64_t step)
{
	if (cmp == KB_LE) { b += 1; cmp = KB_LT; }
	if (cmp == KB_GE) { b -= 1; cmp = KB_GT; }
	if (cmp == KB_LT)
		return step > 0 ? (a < b ? (b - a + step - 1) / step : 0) : (a < b ? -1 : 0);
	if (cmp == KB_GT)
		return step < 0 ? (a > b ? (a - b - step - 1) / -step : 0) : (a > b ? -1 : 0);
	if (cmp == KB_NE)
		return (b - a) % step == 0 && (b - a) / step >= 0 ? (b - a) / step : -1;
	return -1;
}

typedef struct Carry {
	int n;
	int *obj;            /* slot -> object (or -1) */
	int *var;            /* slot -> scalar variable (or -1); slot 0 is the counter */
	int bound;           /* slot of the bound, or -1 */
} Carry;

static Carry carry_of(Hr *h, const HostStmt *s, HVal bound, const char *as)
{
	Carry c = {0};
	size_t nv = h->hf->nvars, no = h->objs.len;
	c.obj = ARENA_ARRAY(h->a, int, nv + no + 3);
	c.var = ARENA_ARRAY(h->a, int, nv + no + 3);
	c.obj[0] = -1;
	c.var[c.n++] = s->u.for_.var;
	for (size_t i = 0; i < no; i++) {
		c.obj[c.n] = (int)i;
		c.var[c.n++] = -1;
	}
	for (size_t i = 0; i < nv; i++) {
		HVal v = h->sv[i];
		if ((int)i == s->u.for_.var || h->hf->vars[i].type == KT_PTR || !v.set || !(v.dyn || as[i]))
			continue;
		c.obj[c.n] = -1;
		c.var[c.n++] = (int)i;
	}
	c.bound = -1;
	if (bound.dyn) {
		c.obj[c.n] = c.var[c.n] = -1;
		c.bound = c.n++;
	}
	return c;
}

static int slot_value(Hr *h, const Carry *c, int j, HVal bound)
{
	if (j == c->bound)
		return bound.v;
	if (c->obj[j] >= 0)
		return h->objs.data[c->obj[j]].val;
	return mat(h, hconvert(h, h->sv[c->var[j]], h->hf->vars[c->var[j]].type));
}

/* The permutation of objects the body made: perm[j] = object variable(s) pointing at j
 * at entry point at now. */
static void body_perm(Hr *h, const HostStmt *s, const int *m0, int *perm)
{
	size_t no = h->objs.len;
	char *hit = ARENA_ARRAY(h->a, char, no + 1);
	for (size_t j = 0; j < no; j++)
		perm[j] = -1;
	for (size_t v = 0; v < h->hf->nvars; v++) {
		if (h->hf->vars[v].type != KT_PTR || m0[v] < 0)
			continue;
		if (h->pv[v] < 0 || (perm[m0[v]] >= 0 && perm[m0[v]] != h->pv[v]))
			hr_error(h, s->loc, "the pointer assignments in this loop's body do not permute its "
			         "buffers the same way every trip ('%s')", h->hf->vars[v].name);
		perm[m0[v]] = h->pv[v];
	}
	for (size_t j = 0; j < no; j++)
		if (perm[j] < 0)
			perm[j] = (int)j;
	for (size_t j = 0; j < no; j++) {
		if (hit[perm[j]])
			hr_error(h, s->loc, "the pointer assignments in this loop's body make two pointers "
			         "name one buffer");
		hit[perm[j]] = 1;
	}
}

static HVal cmp_counter(Hr *h, const HostStmt *s, HVal ctr, HVal bound)
{
	static const TCmpDir dir[] = {[KB_LT] = CMP_LT, [KB_LE] = CMP_LE, [KB_GT] = CMP_GT,
	                              [KB_GE] = CMP_GE, [KB_NE] = CMP_NE};
	int l, r;
	ctr = hconvert(h, ctr, bound.t);
	l = mat(h, ctr);
	r = mat(h, bound);
	return hdyn(tir_build_compare(&h->b, dir[s->u.for_.cmp], l, r), KT_I1);
}

/* Order of the permutation (lcm of its cycle lengths). */
static int perm_order(const int *perm, size_t n)
{
	int ord = 1;
	for (size_t j = 0; j < n; j++) {
		int x = perm[j], k = 1, a, b;
		while (x != (int)j) {
			x = perm[x];
			k++;
		}
		for (a = ord, b = k; b;) {
			int t = a % b;
			a = b;
			b = t;
		}
		ord = ord / a * k;
	}
	return ord;
}

static void hr_while(Hr *h, const HostStmt *s, HVal init, HVal bound, int64_t trips)
{
	size_t nv = h->hf->nvars, no = h->objs.len;
	char *as = ARENA_ARRAY(h->a, char, nv + 1);
	int *m0 = ARENA_ARRAY(h->a, int, nv + 1), *perm = ARENA_ARRAY(h->a, int, no + 1);
	HVal *sv0 = ARENA_ARRAY(h->a, HVal, nv + 1);
	Carry c;
	TOp *w;
	TBlock *cb, *bb;
	TBuilder outer = h->b;
	int *res, *out;
	KirDType ct = h->hf->vars[s->u.for_.var].type;
	note_assigned(s->u.for_.body, as);
	if (as[s->u.for_.var])
		hr_error(h, s->loc, "the loop counter '%s' is assigned in the loop's body", h->hf->vars[s->u.for_.var].name);
	if (uses_var(s->u.for_.bound, as))
		hr_error(h, s->loc, "the loop bound changes in the loop's body");
	h->sv[s->u.for_.var] = hconvert(h, init, ct);
	c = carry_of(h, s, bound, as);
	memcpy(m0, h->pv, nv * sizeof *m0);
	memcpy(sv0, h->sv, nv * sizeof *sv0);
	res = ARENA_ARRAY(h->a, int, c.n);
	out = ARENA_ARRAY(h->a, int, c.n);
	for (int j = 0; j < c.n; j++)
		out[j] = slot_value(h, &c, j, bound);
	w = tir_build_op(&h->b, TOP_WHILE, NULL, 0);
	for (int j = 0; j < c.n; j++) {
		tir_op_add_operand(h->f, w, out[j]);
		res[j] = tir_op_add_result(h->f, w, *tir_value_type(h->f, out[j]));
	}
	cb = tir_op_add_region(h->f, w);
	bb = tir_op_add_region(h->f, w);
	{
		int ctr = -1, bnd = -1, pred;
		for (int j = 0; j < c.n; j++) {
			int a = tir_block_add_arg(h->f, cb, *tir_value_type(h->f, out[j]));
			if (j == 0)
				ctr = a;
			if (j == c.bound)
				bnd = a;
		}
		h->b = tir_builder(h->f, cb, s->loc);
		pred = cmp_counter(h, s, hdyn(ctr, ct), bnd >= 0 ? hdyn(bnd, bound.t) : bound).v;
		tir_build_return(&h->b, &pred, 1);
	}
	h->b = tir_builder(h->f, bb, s->loc);
	for (int j = 0; j < c.n; j++) {
		int a = tir_block_add_arg(h->f, bb, *tir_value_type(h->f, out[j]));
		if (j == c.bound)
			bound = hdyn(a, bound.t);
		else if (c.obj[j] >= 0)
			h->objs.data[c.obj[j]].val = a;
		else
			h->sv[c.var[j]] = hdyn(a, j == 0 ? ct : h->hf->vars[c.var[j]].type);
	}
	h->in_loop++;
	exec(h, s->u.for_.body);
	h->in_loop--;
	if (h->objs.len != no)
		hr_error(h, s->loc, "cudaMalloc in the body of a loop is not supported");
	body_perm(h, s, m0, perm);
	{
		HVal st = hconst(frontend_const_convert((KirConst){KT_I64, s->u.for_.step, 0}, ct));
		int x = mat(h, h->sv[s->u.for_.var]);
		h->sv[s->u.for_.var] = hdyn(tir_build_binary(&h->b, TOP_ADD, x, mat(h, st)), ct);
	}
	for (int j = 0; j < c.n; j++)
		out[j] = c.obj[j] >= 0 ? h->objs.data[perm[c.obj[j]]].val : slot_value(h, &c, j, bound);
	tir_build_return(&h->b, out, c.n);
	h->b = outer;
	/* after the loop: scalars the body set but the loop does not carry (declared in
	 * the body, or unset before it) are as before the loop */
	for (size_t v = 0; v < nv; v++)
		h->sv[v] = sv0[v];
	h->sv[s->u.for_.var] = hdyn(res[0], ct);
	for (int j = 0; j < c.n; j++)
		if (c.obj[j] < 0 && c.var[j] >= 0 && j)
			h->sv[c.var[j]] = hdyn(res[j], h->hf->vars[c.var[j]].type);
	{
		int ord = perm_order(perm, no);
		int *q = ARENA_ARRAY(h->a, int, no + 1);
		if (ord == 1 || trips >= 0) {
			/* slot j holds the real object perm^trips(j) */
			for (size_t j = 0; j < no; j++) {
				int x = (int)j;
				for (int64_t t = 0; t < (trips >= 0 ? trips % ord : 0); t++)
					x = perm[x];
				q[j] = x;
			}
			for (int j = 1; j < c.n; j++)
				if (c.obj[j] >= 0)
					h->objs.data[q[c.obj[j]]].val = res[j];
			for (size_t v = 0; v < nv; v++)
				if (h->hf->vars[v].type == KT_PTR)
					h->pv[v] = m0[v] >= 0 ? q[m0[v]] : m0[v];
			return;
		}
		/* runtime trip count: r = trips mod ord picks where each buffer ended up */
		{
			HVal n = hconvert(h, hdyn(res[0], ct), KT_I64), a = hconvert(h, init, KT_I64);
			int d = tir_build_binary(&h->b, TOP_SUBTRACT, mat(h, n), mat(h, a));
			int r = tir_build_binary(&h->b, TOP_DIVIDE, d, mat(h, hconst((KirConst){KT_I64, s->u.for_.step, 0})));
			int *slot_of = ARENA_ARRAY(h->a, int, no + 1);
			r = tir_build_binary(&h->b, TOP_REMAINDER, r, mat(h, hconst((KirConst){KT_I64, ord, 0})));
			for (int j = 1; j < c.n; j++)
				if (c.obj[j] >= 0)
					slot_of[c.obj[j]] = j;
			for (size_t o = 0; o < no; o++) {
				int val = res[slot_of[o]];
				int x = (int)o;    /* p^t(x) = o */
				for (int t = 1; t < ord; t++) {
					int y = 0, pred;
					while (perm[y] != x)
						y++;
					x = y;
					pred = tir_build_compare(&h->b, CMP_EQ, r, mat(h, hconst((KirConst){KT_I64, t, 0})));
					val = tir_build_select(&h->b, pred, res[slot_of[x]], val);
				}
				h->objs.data[o].val = val;
			}
			for (size_t v = 0; v < nv; v++)
				if (h->hf->vars[v].type == KT_PTR && m0[v] >= 0 && perm[m0[v]] != m0[v])
					h->pv[v] = PV_AMBIG;
		}
	}
}

static void hr_for(Hr *h, const HostStmt *s)
{
	KirDType ct = h->hf->vars[s->u.for_.var].type;
	HVal init = hconvert(h, ev(h, s->u.for_.init), ct), bound = ev(h, s->u.for_.bound);
	int64_t trips = -1;
	if (!init.dyn && !bound.dyn) {
		KirConst b = frontend_const_convert(bound.c, KT_I64), a = frontend_const_convert(init.c, KT_I64);
		trips = trip_count(a.i, b.i, s->u.for_.cmp, s->u.for_.step);
		if (trips < 0)
			hr_error(h, s->loc, "this loop does not end");
		if (trips <= 1 || trips <= h->o->unroll) {
			for (int64_t t = 0; t < trips; t++) {
				h->sv[s->u.for_.var] = hconst(frontend_const_convert(
				        (KirConst){KT_I64, a.i + t * s->u.for_.step, 0}, ct));
				exec(h, s->u.for_.body);
			}
			return;
		}
	}
	hr_while(h, s, init, bound, trips);
}

static void merge(Hr *h, int cond, const HVal *sv_t, const int *pv_t, const int *ov_t)
{
	for (size_t v = 0; v < h->hf->nvars; v++) {
		HVal a = sv_t[v], b = h->sv[v];
		if (h->hf->vars[v].type == KT_PTR) {
			if (pv_t[v] != h->pv[v])
				h->pv[v] = PV_SPLIT;
			continue;
		}
		if (!a.set || !b.set) {
			h->sv[v].set = 0;
			continue;
		}
		if (!a.dyn && !b.dyn && a.c.i == b.c.i && a.c.f == b.c.f)
			continue;
		if (a.dyn && b.dyn && a.v == b.v)
			continue;
		h->sv[v] = hdyn(tir_build_select(&h->b, cond, mat(h, a), mat(h, hconvert(h, b, a.t))), a.t);
	}
	for (size_t o = 0; o < h->objs.len; o++)
		if (ov_t[o] != h->objs.data[o].val)
			h->objs.data[o].val = tir_build_select(&h->b, cond, ov_t[o], h->objs.data[o].val);
}

static void hr_if(Hr *h, const HostStmt *s)
{
	HVal c = ev(h, s->u.if_.cond);
	size_t nv = h->hf->nvars, no = h->objs.len;
	HVal *sv0, *svt;
	int *pv0, *pvt, *ov0, *ovt;
	if (!c.dyn) {
		if (frontend_const_is_true(c.c))
			exec(h, s->u.if_.then);
		else if (s->u.if_.els)
			exec(h, s->u.if_.els);
		return;
	}
	sv0 = ARENA_ARRAY(h->a, HVal, nv + 1);
	svt = ARENA_ARRAY(h->a, HVal, nv + 1);
	pv0 = ARENA_ARRAY(h->a, int, nv + 1);
	pvt = ARENA_ARRAY(h->a, int, nv + 1);
	ov0 = ARENA_ARRAY(h->a, int, no + 1);
	ovt = ARENA_ARRAY(h->a, int, no + 1);
	memcpy(sv0, h->sv, nv * sizeof *sv0);
	memcpy(pv0, h->pv, nv * sizeof *pv0);
	for (size_t o = 0; o < no; o++)
		ov0[o] = h->objs.data[o].val;
	h->in_loop++;
	exec(h, s->u.if_.then);
	memcpy(svt, h->sv, nv * sizeof *svt);
	memcpy(pvt, h->pv, nv * sizeof *pvt);
	for (size_t o = 0; o < no; o++) {
		ovt[o] = h->objs.data[o].val;
		h->objs.data[o].val = ov0[o];
	}
	memcpy(h->sv, sv0, nv * sizeof *sv0);
	memcpy(h->pv, pv0, nv * sizeof *pv0);
	if (s->u.if_.els)
		exec(h, s->u.if_.els);
	h->in_loop--;
	merge(h, c.v, svt, pvt, ovt);
}

static void exec(Hr *h, const HostStmt *s)
{
	h->b.loc = s->loc;
	switch (s->kind) {
	case HS_BLOCK:
		for (size_t i = 0; i < s->u.block.n; i++)
			exec(h, s->u.block.stmts[i]);
		break;
	case HS_ASSIGN:
		if (h->hf->vars[s->u.assign.var].type == KT_PTR)
			h->pv[s->u.assign.var] = s->u.assign.src >= 0 ? h->pv[s->u.assign.src] : PV_NONE;
		else
			h->sv[s->u.assign.var] = hconvert(h, ev(h, s->u.assign.value), h->hf->vars[s->u.assign.var].type);
		break;
	case HS_SWAP: {
		int t = h->pv[s->u.swap.a];
		h->pv[s->u.swap.a] = h->pv[s->u.swap.b];
		h->pv[s->u.swap.b] = t;
		break;
	}
	case HS_LAUNCH: hr_launch(h, s); break;
	case HS_FOR: hr_for(h, s); break;
	case HS_IF: hr_if(h, s); break;
	case HS_MEMCPY: hr_memcpy(h, s); break;
	case HS_MEMSET: hr_memset(h, s); break;
	case HS_MALLOC: hr_malloc(h, s); break;
	}
}

/* ---- the module ---- */

/* A --set or --size that names no parameter of the host function: an error listing them. */
static void check_names(Hr *h)
{
	const HostFunc *hf = h->hf;
	const Options *o = h->o;
	for (int pass = 0; pass < 2; pass++) {
		size_t n = pass ? o->sizes.len : o->sets.len;
		for (size_t i = 0; i < n; i++) {
			const char *name = pass ? o->sizes.data[i].name : o->sets.data[i].name;
			size_t j = 0;
			while (j < hf->nparams && !(!strcmp(hf->vars[j].name, name) && (hf->vars[j].type == KT_PTR) == pass))
				j++;
			if (j == hf->nparams)
				hr_error(h, hf->loc, "%s %s: the host function '%s' has no %s parameter of that name",
				         pass ? "--size" : "--set", name, hf->name, pass ? "pointer" : "scalar");
		}
	}
}

static void setup_params(Hr *h)
{
	const HostFunc *hf = h->hf;
	check_names(h);
	for (size_t i = 0; i < hf->nparams; i++) {
		const HostVar *v = &hf->vars[i];
		const char *sz;
		int o;
		if (v->type != KT_PTR)
			continue;
		sz = options_get_size(h->o, v->name);
		if (!sz || strtoll(sz, NULL, 0) <= 0)
			hr_error(h, v->loc, "size of buffer '%s' is unknown: give --size %s=N", v->name, v->name);
		o = new_obj(h, v->elem, strtoll(sz, NULL, 0), (int)i, v->name);
		h->objs.data[o].val = tir_func_add_arg(h->f, tir_type_vector(raise_dtype(v->elem), h->objs.data[o].n), v->name);
		h->objs.data[o].arg = h->objs.data[o].val;
		h->pv[i] = o;
	}
	for (size_t i = 0; i < hf->nparams; i++) {
		const HostVar *v = &hf->vars[i];
		const char *set;
		if (v->type == KT_PTR)
			continue;
		set = options_get_set(h->o, v->name);
		if (set) {
			KirConst c;
			const char *why = frontend_flag_value(set, v->type, &c);
			if (why) {
				frontend_flag_value_error(v->loc, v->name, set, v->type, why);
				diag_note(hf->loc, "in host function '%s'", hf->name);
				longjmp(h->fail, 1);
			}
			h->sv[i] = hconst(c);
		} else
			h->sv[i] = hdyn(tir_func_add_arg(h->f, tir_type_scalar(raise_dtype(v->type)), v->name), v->type);
	}
}

/* The __constant__ symbols the launched kernels read and the host fills: arguments
 * after the entry's parameters, named after the symbol, in order of first use. Objects,
 * so that a loop carries them like the buffers. */
static void setup_symbols(Hr *h)
{
	for (size_t k = 0; k < h->p->nkernels; k++)
		for (size_t i = 0; i < h->p->kernels[k].nbufs; i++) {
			const KirBuffer *b = &h->p->kernels[k].bufs[i];
			int o, known = 0;
			if (b->space != KSP_CONSTANT || b->init)
				continue;
			for (size_t j = 0; j < h->objs.len && !known; j++)
				known = h->objs.data[j].symbol && !strcmp(h->objs.data[j].name, b->name);
			if (known)
				continue;
			o = new_obj(h, b->elem, b->count, -1, b->name);
			h->objs.data[o].symbol = 1;
			h->objs.data[o].val = tir_func_add_arg(h->f, tir_type_vector(raise_dtype(b->elem), b->count), b->name);
			h->objs.data[o].arg = h->objs.data[o].val;
		}
}

static void finish(Hr *h)
{
	int *res = ARENA_ARRAY(h->a, int, h->objs.len + 1);
	int n = 0;
	for (size_t i = 0; i < h->objs.len; i++) {
		const Obj *o = &h->objs.data[i];
		if (o->param < 0 || (!o->written && o->val == o->arg))
			continue;
		res[n++] = o->val;
		tir_func_add_result(h->f, *tir_value_type(h->f, o->val), o->name);
	}
	tir_build_return(&h->b, res, n);
}

TModule *raise_host(Arena *a, const Options *o, const KirProgram *p)
{
	Hr h = {0};
	TModule *volatile m;
	if (!p || !p->host) {
		diag_error(NOLOC, "no host function to convert");
		return NULL;
	}
	h.a = a;
	h.o = o;
	h.p = p;
	h.hf = p->host;
	m = h.m = tir_module_create();
	h.f = tir_func_new(h.m, "main", 1, h.hf->loc);
	h.b = tir_builder(h.f, h.f->body, h.hf->loc);
	h.sv = ARENA_ARRAY(a, HVal, h.hf->nvars + 1);
	h.pv = ARENA_ARRAY(a, int, h.hf->nvars + 1);
	for (size_t i = 0; i < h.hf->nvars; i++)
		h.pv[i] = PV_NONE;
	if (!setjmp(h.fail)) {
		setup_params(&h);
		setup_symbols(&h);
		exec(&h, h.hf->body);
		finish(&h);
	} else {
		tir_module_destroy(m);
		m = NULL;
	}
	/* the kernels' modules stay alive: the inlined copies share their attributes */
	VEC_FREE(h.objs);
	VEC_FREE(h.cache);
	return m;
}
