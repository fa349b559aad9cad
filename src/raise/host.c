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
#include "host_int.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

C2H_NORETURN C2H_PRINTF(3, 4) void host_error(Hr *h, SrcLoc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vreport(DIAG_ERROR, loc, fmt, ap);
	va_end(ap);
	longjmp(h->fail, 1);
}

/* ---- buffers ---- */

static int obj_of(Hr *h, int var, SrcLoc loc)
{
	int o = var >= 0 ? h->pv[var] : PV_NONE;
	if (o == PV_AMBIG)
		host_error(h, loc, "which buffer '%s' names after the loop above depends on its runtime "
		           "trip count: bind the trip count with --set", h->hf->vars[var].name);
	if (o == PV_SPLIT)
		host_error(h, loc, "which buffer '%s' names here depends on a runtime if above (its "
		         "branches assign it differently)", h->hf->vars[var].name);
	if (o < 0)
		host_error(h, loc, "device pointer '%s' does not point to a buffer here",
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
	int64_t bytes = host_eval_const(h, s->u.copy.bytes, "the byte count of a copy");
	int64_t es = frontend_dtype_bytes(od->elem), len = bytes / (es ? es : 1);
	int64_t z = 0;
	if (od->elem != oc->elem || bytes % es)
		host_error(h, s->loc, "a copy between buffers of different element types (or of part of "
		         "an element) is not supported");
	if (!od->n || !oc->n)
		host_error(h, s->loc, "a copy to or from '%s', whose size is --symbolic, is not supported: "
		           "give --size %s=N", od->n ? oc->name : od->name, od->n ? oc->name : od->name);
	if (len > od->n || len > oc->n || len < 0)
		host_error(h, s->loc, "the copy of %lld elements overruns a buffer ('%s' has %lld, '%s' %lld)",
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
	int64_t bytes = host_eval_const(h, s->u.set.bytes, "the byte count of a memset");
	int64_t val = host_eval_const(h, s->u.set.value, "the value of a memset");
	DType t = raise_dtype(od->elem);
	int64_t es = dtype_size(t), len = bytes / es;
	unsigned char *data;
	if (!od->n)
		host_error(h, s->loc, "cudaMemset of '%s', whose size is --symbolic, is not supported: give "
		           "--size %s=N", od->name, od->name);
	if (bytes % es || len > od->n || len < 0)
		host_error(h, s->loc, "cudaMemset of %lld bytes does not fit '%s' (%lld elements of %lld bytes)",
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
	Obj o = {-1, n, elem, param, name, 0, -1, 0, NULL};
	VEC_PUSH(h->objs, o);
	return (int)h->objs.len - 1;
}

static void hr_malloc(Hr *h, const HostStmt *s)
{
	const HostVar *v = &h->hf->vars[s->u.alloc.var];
	int64_t bytes = host_eval_const(h, s->u.alloc.bytes, "the size of a cudaMalloc");
	int64_t es = frontend_dtype_bytes(v->elem);
	int o;
	if (h->in_loop)
		host_error(h, s->loc, "cudaMalloc inside a loop kept as a while (or a runtime if) is not supported");
	if (es <= 0 || bytes <= 0 || bytes % es)
		host_error(h, s->loc, "cudaMalloc of %lld bytes for '%s' is not a whole number of elements",
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
	host_error(h, loc, "kernel '%s' launched here was not lowered", name);
}

static TModule *raise_cached(Hr *h, const KirKernel *k, const int64_t grid[3], const int64_t block[3],
                             SrcLoc loc)
{
	StrBuf key = {0};
	TModule *m;
	sb_printf(&key, "%s/%lld,%lld,%lld/%lld,%lld,%lld", k->name, (long long)grid[0], (long long)grid[1],
	          (long long)grid[2], (long long)block[0], (long long)block[1], (long long)block[2]);
	for (size_t i = 0; i < k->nbufs; i++)
		sb_printf(&key, "/%lld%s", (long long)k->bufs[i].count, k->bufs[i].sym_label ? k->bufs[i].sym_label : "");
	sb_printf(&key, "/p%zu", k->nparams);      /* + gridDim.x of a run-time grid */
	for (size_t i = 0; i < k->nparams; i++)
		if (k->params[i].bound)
			sb_printf(&key, "/%zu=%lld:%a", i, (long long)k->params[i].value.i, k->params[i].value.f);
	for (size_t i = 0; i < h->cache.len; i++)
		if (!strcmp(h->cache.data[i].key, sb_str(&key))) {
			sb_free(&key);
			return h->cache.data[i].m;
		}
	if (frontend_printf_site(k)) {    /* its records have no host buffer to live in yet */
		diag_error(*frontend_printf_site(k), "device printf is not supported with --entry yet");
		diag_note(loc, "in the launch of '%s' here", k->name);
		sb_free(&key);
		longjmp(h->fail, 1);
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
			host_error(h, s->loc, "argument %zu of '%s' must be a device pointer variable", i + 1, k->name);
		objs[i] = obj_of(h, s->u.launch.ptr[i], s->loc);
		o = &h->objs.data[objs[i]];
		if (frontend_dtype_bytes(o->elem) != frontend_dtype_bytes(kc->bufs[p->buffer].elem) ||
		    frontend_dtype_is_float(o->elem) != frontend_dtype_is_float(kc->bufs[p->buffer].elem))
			host_error(h, s->loc, "'%s' (%s elements) is passed as '%s' of '%s' (%s elements)", o->name,
			           frontend_dtype_name(o->elem), p->name, k->name,
			         frontend_dtype_name(kc->bufs[p->buffer].elem));
		kc->bufs[p->buffer].count = o->n;
		kc->bufs[p->buffer].sym_label = o->label;
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
	HVal *hv, g = {0};
	char *bind;
	TFunc *callee;
	int gdyn = host_launch_grid(h, s, grid, &g);
	for (int i = 0; i < 3; i++)
		block[i] = host_eval_const(h, s->u.launch.block[i], "the launch block");
	shmem = host_eval_const(h, s->u.launch.shmem, "the dynamic shared memory size");
	if (s->u.launch.nargs != k->nparams)
		host_error(h, s->loc, "launch of '%s' with %zu arguments for %zu parameters (struct "
		         "arguments are not supported in a host entry)", k->name, s->u.launch.nargs, k->nparams);
	objs = ARENA_ARRAY(h->a, int, k->nparams + 1);
	hv = ARENA_ARRAY(h->a, HVal, k->nparams + 1);
	vals = ARENA_ARRAY(h->a, KirConst, k->nparams + 1);
	bind = ARENA_ARRAY(h->a, char, k->nparams + 1);
	for (size_t i = 0; i < k->nparams; i++) {
		const KirParam *p = &k->params[i];
		if (p->type == KT_PTR)
			continue;
		hv[i] = host_convert(h, host_eval(h, s->u.launch.arg[i]), p->type);
		if (p->bound) {
			KirConst c = frontend_const_convert(p->value, p->type);
			if (hv[i].dyn || hv[i].c.i != c.i || hv[i].c.f != c.f)
				host_error(h, s->loc, "'%s' of '%s' is bound by --set, but this launch passes %s",
				           p->name, k->name, hv[i].dyn ? "a runtime value" : "another value");
		} else if (!hv[i].dyn) {
			/* a constant argument: the kernel is raised for it (static shapes, folding) */
			bind[i] = 1;
			vals[i] = hv[i].c;
			nbind++;
		}
	}
	kc = sized_kernel(h, s, nbind ? raise_kernel_bind(h->a, k, bind, vals) : k, shmem, objs);
	if (gdyn) {         /* host_grid.c: raised over G blocks, gridDim.x an input */
		grid[0] = host_grid_bound(h, s, kc, block[0]);
		host_grid_assert(h, s, kc, g, grid[0], block[0]);
		kc = raise_kernel_grid_param(h->a, kc, s->loc);
	}
	for (size_t i = 0; i < kc->nbufs; i++)
		if (kc->bufs[i].space == KSP_GLOBAL && kc->bufs[i].param < 0)
			host_error(h, s->loc, "'%s' uses the __device__ variable '%s': a host entry does not carry "
			           "__device__ variables from launch to launch (convert the kernel alone, with --kernel)",
			           k->name, kc->bufs[i].name);
	callee = tir_module_main(raise_cached(h, kc, grid, block, s->loc));
	args = ARENA_ARRAY(h->a, int, callee->nargs + 1);
	res = ARENA_ARRAY(h->a, int, callee->nresults + 1);
	for (size_t i = 0; i < k->nparams; i++)
		if (k->params[i].type == KT_PTR)
			args[na++] = h->objs.data[objs[i]].val;
	for (size_t i = 0; i < k->nparams; i++)
		if (k->params[i].type != KT_PTR && !kc->params[i].bound)
			args[na++] = host_mat(h, hv[i]);
	if (gdyn)
		args[na++] = host_mat(h, g);
	for (size_t i = 0; i < kc->nbufs; i++)
		if (kc->bufs[i].space == KSP_CONSTANT && !kc->bufs[i].init)
			args[na++] = h->objs.data[symbol_obj(h, &kc->bufs[i])].val;
	ASSERT(na == callee->nargs);
	if (raise_inline_func(&h->b, callee, args, res))
		host_error(h, s->loc, "the raised '%s' calls functions: cannot inline it", k->name);
	for (int j = 0; j < callee->nresults; j++) {
		TAttr *nm = tir_param_attr(&callee->results[j], "cuda2hlo.param");
		for (size_t i = 0; nm && i < k->nparams; i++)
			if (k->params[i].type == KT_PTR && !strcmp(k->params[i].name, nm->u.s)) {
				for (size_t q = 0; q < k->nparams; q++)
					if (q != i && k->params[q].type == KT_PTR && objs[q] == objs[i])
						host_error(h, s->loc, "'%s' is passed twice to '%s' and written through '%s'",
						           h->objs.data[objs[i]].name, k->name, k->params[i].name);
				h->objs.data[objs[i]].val = res[j];
				h->objs.data[objs[i]].written = 1;
			}
	}
}

/* ---- statements ---- */

static void exec(Hr *h, const HostStmt *s);

void host_note_assigned(const HostStmt *s, char *as)
{
	if (!s)
		return;
	switch (s->kind) {
	case HS_BLOCK:
		for (size_t i = 0; i < s->u.block.n; i++)
			host_note_assigned(s->u.block.stmts[i], as);
		break;
	case HS_ASSIGN: as[s->u.assign.var] = 1; break;
	case HS_FOR: as[s->u.for_.var] = 1; host_note_assigned(s->u.for_.body, as); break;
	case HS_IF: host_note_assigned(s->u.if_.then, as); host_note_assigned(s->u.if_.els, as); break;
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
	return host_mat(h, host_convert(h, h->sv[c->var[j]], h->hf->vars[c->var[j]].type));
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
			host_error(h, s->loc, "the pointer assignments in this loop's body do not permute its "
			           "buffers the same way every trip ('%s')", h->hf->vars[v].name);
		perm[m0[v]] = h->pv[v];
	}
	for (size_t j = 0; j < no; j++)
		if (perm[j] < 0)
			perm[j] = (int)j;
	for (size_t j = 0; j < no; j++) {
		if (hit[perm[j]])
			host_error(h, s->loc, "the pointer assignments in this loop's body make two pointers "
			           "name one buffer");
		hit[perm[j]] = 1;
	}
}

static HVal cmp_counter(Hr *h, const HostStmt *s, HVal ctr, HVal bound)
{
	static const TCmpDir dir[] = {[KB_LT] = CMP_LT, [KB_LE] = CMP_LE, [KB_GT] = CMP_GT,
	                              [KB_GE] = CMP_GE, [KB_NE] = CMP_NE};
	int l, r;
	ctr = host_convert(h, ctr, bound.t);
	l = host_mat(h, ctr);
	r = host_mat(h, bound);
	return host_dyn(tir_build_compare(&h->b, dir[s->u.for_.cmp], l, r), KT_I1);
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
	host_note_assigned(s->u.for_.body, as);
	if (as[s->u.for_.var])
		host_error(h, s->loc, "the loop counter '%s' is assigned in the loop's body",
		           h->hf->vars[s->u.for_.var].name);
	if (uses_var(s->u.for_.bound, as))
		host_error(h, s->loc, "the loop bound changes in the loop's body");
	h->sv[s->u.for_.var] = host_convert(h, init, ct);
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
		pred = cmp_counter(h, s, host_dyn(ctr, ct), bnd >= 0 ? host_dyn(bnd, bound.t) : bound).v;
		tir_build_return(&h->b, &pred, 1);
	}
	h->b = tir_builder(h->f, bb, s->loc);
	for (int j = 0; j < c.n; j++) {
		int a = tir_block_add_arg(h->f, bb, *tir_value_type(h->f, out[j]));
		if (j == c.bound)
			bound = host_dyn(a, bound.t);
		else if (c.obj[j] >= 0)
			h->objs.data[c.obj[j]].val = a;
		else
			h->sv[c.var[j]] = host_dyn(a, j == 0 ? ct : h->hf->vars[c.var[j]].type);
	}
	h->in_loop++;
	exec(h, s->u.for_.body);
	h->in_loop--;
	if (h->objs.len != no)
		host_error(h, s->loc, "cudaMalloc in the body of a loop is not supported");
	body_perm(h, s, m0, perm);
	{
		HVal st = host_const(frontend_const_convert((KirConst){KT_I64, s->u.for_.step, 0}, ct));
		int x = host_mat(h, h->sv[s->u.for_.var]);
		h->sv[s->u.for_.var] = host_dyn(tir_build_binary(&h->b, TOP_ADD, x, host_mat(h, st)), ct);
	}
	for (int j = 0; j < c.n; j++)
		out[j] = c.obj[j] >= 0 ? h->objs.data[perm[c.obj[j]]].val : slot_value(h, &c, j, bound);
	tir_build_return(&h->b, out, c.n);
	h->b = outer;
	/* after the loop: scalars the body set but the loop does not carry (declared in
	 * the body, or unset before it) are as before the loop */
	for (size_t v = 0; v < nv; v++)
		h->sv[v] = sv0[v];
	h->sv[s->u.for_.var] = host_dyn(res[0], ct);
	for (int j = 0; j < c.n; j++)
		if (c.obj[j] < 0 && c.var[j] >= 0 && j)
			h->sv[c.var[j]] = host_dyn(res[j], h->hf->vars[c.var[j]].type);
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
			HVal n = host_convert(h, host_dyn(res[0], ct), KT_I64), a = host_convert(h, init, KT_I64);
			int d = tir_build_binary(&h->b, TOP_SUBTRACT, host_mat(h, n), host_mat(h, a));
			int r = tir_build_binary(&h->b, TOP_DIVIDE, d,
			                         host_mat(h, host_const((KirConst){KT_I64, s->u.for_.step, 0})));
			int *slot_of = ARENA_ARRAY(h->a, int, no + 1);
			r = tir_build_binary(&h->b, TOP_REMAINDER, r, host_mat(h, host_const((KirConst){KT_I64, ord, 0})));
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
					pred = tir_build_compare(&h->b, CMP_EQ, r, host_mat(h, host_const((KirConst){KT_I64, t, 0})));
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
	HVal init = host_convert(h, host_eval(h, s->u.for_.init), ct), bound = host_eval(h, s->u.for_.bound);
	int64_t trips = -1;
	if (!init.dyn && !bound.dyn) {
		KirConst b = frontend_const_convert(bound.c, KT_I64), a = frontend_const_convert(init.c, KT_I64);
		trips = trip_count(a.i, b.i, s->u.for_.cmp, s->u.for_.step);
		if (trips < 0)
			host_error(h, s->loc, "this loop does not end");
		if (trips <= 1 || trips <= h->o->unroll) {
			for (int64_t t = 0; t < trips; t++) {
				h->sv[s->u.for_.var] = host_const(frontend_const_convert(
				        (KirConst){KT_I64, a.i + t * s->u.for_.step, 0}, ct));
				exec(h, s->u.for_.body);
			}
			return;
		}
	}
	{
		HostSymLoop sl;
		host_sym_loop_enter(h, s, &sl);
		hr_while(h, s, init, bound, trips);
		host_sym_loop_exit(h, &sl);
	}
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
		h->sv[v] = host_dyn(tir_build_select(&h->b, cond, host_mat(h, a), host_mat(h, host_convert(h, b, a.t))), a.t);
	}
	for (size_t o = 0; o < h->objs.len; o++)
		if (ov_t[o] != h->objs.data[o].val)
			h->objs.data[o].val = tir_build_select(&h->b, cond, ov_t[o], h->objs.data[o].val);
}

static void hr_if(Hr *h, const HostStmt *s)
{
	HVal c = host_eval(h, s->u.if_.cond);
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
			h->sv[s->u.assign.var] = host_convert(h, host_eval(h, s->u.assign.value), h->hf->vars[s->u.assign.var].type);
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
				host_error(h, hf->loc, "%s %s: the host function '%s' has no %s parameter of that name",
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
		if (!sz && h->o->symbolic.len) {   /* --symbolic: tensor<?xT>, each kernel adapts it */
			o = new_obj(h, v->elem, 0, (int)i, v->name);
			h->objs.data[o].label = arena_printf(h->a, "size(%s)", v->name);
			h->objs.data[o].val = tir_func_add_arg(h->f, tir_type_vector(raise_dtype(v->elem), TIR_DYN),
			                                       v->name);
			h->objs.data[o].arg = h->objs.data[o].val;
			h->pv[i] = o;
			continue;
		}
		if (!sz || strtoll(sz, NULL, 0) <= 0)
			host_error(h, v->loc, "size of buffer '%s' is unknown: give --size %s=N", v->name, v->name);
		o = new_obj(h, v->elem, strtoll(sz, NULL, 0), (int)i, v->name);
		h->objs.data[o].val = tir_func_add_arg(h->f, tir_type_vector(raise_dtype(v->elem), h->objs.data[o].n),
		                                       v->name);
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
			h->sv[i] = host_const(c);
		} else
			h->sv[i] = host_dyn(tir_func_add_arg(h->f, tir_type_scalar(raise_dtype(v->type)), v->name), v->type);
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
