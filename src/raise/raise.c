/* raise.c: a kernel of the loop IR to `func.func public @main` per the module ABI
 * (DESIGN.md, "Module ABI"): pointer parameters as 1-D tensors in CUDA order, then the
 * unbound scalars as 0-d tensors, then the __constant__ symbols the host fills (named
 * after the symbol), then the __device__ symbols the kernel uses (named after the
 * symbol); results are the pointer parameters the kernel may write, then the __device__
 * symbols it may write; every argument and result carries `cuda2hlo.param`. Consumes the LoopKernel's
 * kernel IR and launch; runs the SIMT lockstep translation (simt.c) with dense stores
 * where the facts allow (affine.c); produces a TModule, or NULL after diagnostics. */
#include "raise_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Does the kernel store to (or atomically update) buffer b anywhere? */
typedef struct Writes {
	char *w;
} Writes;

static void note_write(void *ctx, KirExpr *e)
{
	Writes *ws = ctx;
	if ((e->kind == KE_ASSIGN && e->u.assign.lv.var < 0))
		ws->w[e->u.assign.lv.buffer] = 1;
	else if (e->kind == KE_INCDEC && e->u.incdec.lv.var < 0)
		ws->w[e->u.incdec.lv.buffer] = 1;
	else if (e->kind == KE_ATOMIC)
		ws->w[e->u.atomic.buffer] = 1;
}

static int elem_zero(Raise *r, DType t, int64_t n)
{
	TType ty = tir_type_vector(t, n);
	return dtype_is_float(t) ? tir_build_splat_float(&r->b, ty, 0) : tir_build_splat_int(&r->b, ty, 0);
}

/* Initialised arrays (__constant__ tables, local arrays with an initialiser): a
 * constant, repeated `copies` times. */
static int init_const(Raise *r, const KirBuffer *kb, int64_t copies)
{
	DType t = raise_dtype(kb->elem);
	int64_t n = kb->count * copies;
	unsigned char *data = arena_alloc(r->m->arena, (size_t)(n * dtype_size(t)));
	for (int64_t c = 0; c < copies; c++)
		for (int64_t i = 0; i < kb->count; i++) {
			KirConst v = i < (int64_t)kb->ninit ? kb->init[i] : (KirConst){kb->elem, 0, 0};
			unsigned char *p = data + (c * kb->count + i) * dtype_size(t);
			if (dtype_is_float(t))
				tir_elem_set_f(t, p, frontend_dtype_is_float(v.type) ? v.f : (double)v.i);
			else
				tir_elem_set_i(t, p, v.i);
		}
	return tir_build_constant(&r->b, tir_type_vector(t, n), data);
}

/* Memory that is not a parameter: shared, local, __constant__ (a constant when it has
 * an initialiser; else an argument after the parameters, named after the symbol), and
 * __device__ symbols (an argument named after the symbol, a result when written). */
static int setup_buffers(Raise *r, int priv)   /* priv: only __shared__ and local */
{
	const KirKernel *k = r->k;
	for (size_t i = 0; i < k->nbufs; i++) {
		const KirBuffer *kb = &k->bufs[i];
		int64_t copies = kb->space == KSP_SHARED ? r->nb : kb->space == KSP_LOCAL ? r->nl : 1;
		if (kb->space == KSP_GLOBAL && kb->param >= 0)
			continue;      /* function arguments, set by setup_args */
		if (priv && kb->space != KSP_SHARED && kb->space != KSP_LOCAL)
			continue;
		if (kb->count <= 0)
			raise_error(r, kb->loc, "size of '%s' is unknown (dynamic shared memory "
			                   "needs the launch's byte count)", kb->name);
		r->bufsize[i] = kb->count * copies;
		if (kb->init)
			r->buf[i] = init_const(r, kb, copies);
		else if (kb->space == KSP_CONSTANT || kb->space == KSP_GLOBAL)   /* the host's: an input */
			r->buf[i] = tir_func_add_arg(r->f, tir_type_vector(raise_dtype(kb->elem), kb->count), kb->name);
		else
			r->buf[i] = elem_zero(r, raise_dtype(kb->elem), r->bufsize[i]);
	}
	return 0;
}

void raise_setup_private(Raise *r)
{
	setup_buffers(r, 1);
}

static int setup_args(Raise *r)
{
	const KirKernel *k = r->k;
	for (size_t i = 0; i < k->nparams; i++) {
		const KirParam *p = &k->params[i];
		r->param[i] = -1;
		if (p->type == KT_PTR) {
			const KirBuffer *kb = &k->bufs[p->buffer];
			if (kb->count <= 0 && kb->untyped)
				raise_error(r, p->loc, "size of buffer '%s' is unknown: give --size %s=N (N elements of %s, the type its casts give the 'void *')",
				                   p->name, p->name, frontend_dtype_name(kb->elem));
			else if (kb->count <= 0)
				raise_error(r, p->loc, "size of buffer '%s' is unknown: give --size %s=N",
				                   p->name, p->name);
			r->bufsize[p->buffer] = kb->count;
			if (kb->sym_size) {       /* tensor<?xT>, adapted to its static bound */
				int arg = tir_func_add_arg(r->f, tir_type_vector(raise_dtype(kb->elem), TIR_DYN), p->name);
				r->buf[p->buffer] = raise_sym_size_in(r, arg, kb->count, &r->param[i]);
				continue;
			}
			r->buf[p->buffer] = tir_func_add_arg(r->f, tir_type_vector(raise_dtype(kb->elem), kb->count),
			                                     p->name);
		}
	}
	for (size_t i = 0; i < k->nparams; i++) {
		const KirParam *p = &k->params[i];
		if (p->type != KT_PTR && !p->bound)
			r->param[i] = tir_func_add_arg(r->f, tir_type_scalar(raise_dtype(p->type)), p->name);
	}
	return 0;
}

static void setup_vars(Raise *r)
{
	for (size_t i = 0; i < r->k->nvars; i++) {
		KirDType t = r->k->vars[i].type;
		r->var[i] = -1;
		if (t != KT_VOID && t != KT_PTR)
			r->var[i] = raise_splat(r, t, 0, 0);
	}
}

static void finish(Raise *r, const char *written)
{
	int *res = xmalloc(sizeof(int) * (r->k->nparams + r->k->nbufs + 1));
	int n = 0;
	for (size_t i = 0; i < r->k->nparams; i++) {
		const KirParam *p = &r->k->params[i];
		if (p->type == KT_PTR && written[p->buffer]) {
			res[n] = r->buf[p->buffer];
			if (r->k->bufs[p->buffer].sym_size)
				res[n] = raise_sym_size_out(r, (int)i, res[n]);
			tir_func_add_result(r->f, *tir_value_type(r->f, res[n]), p->name);
			n++;
		}
	}
	for (size_t i = 0; i < r->k->nbufs; i++) {      /* __device__ symbols the kernel writes */
		const KirBuffer *kb = &r->k->bufs[i];
		if (kb->space == KSP_GLOBAL && kb->param < 0 && written[i]) {
			res[n++] = r->buf[i];
			tir_func_add_result(r->f, *tir_value_type(r->f, r->buf[i]), kb->name);
		}
	}
	tir_build_return(&r->b, res, n);
	free(res);
}

static Raise *raise_new(const Options *o, const KirKernel *k, const int64_t grid[3],
                        const int64_t block[3])
{
	Raise *r = xcalloc(1, sizeof(*r));
	r->o = o;
	r->k = k;
	r->m = tir_module_create();
	r->st = xcalloc(1, sizeof(Stats));
	for (int i = 0; i < 3; i++) {
		r->grid[i] = grid[i] > 0 ? grid[i] : 1;
		r->block[i] = block[i] > 0 ? block[i] : 1;
	}
	r->nt = r->block[0] * r->block[1] * r->block[2];
	r->nb = r->grid[0] * r->grid[1] * r->grid[2];
	r->nl = r->nt * r->nb;
	r->f = tir_func_new(r->m, "main", 1, k->loc);
	r->b = tir_builder(r->f, r->f->body, k->loc);
	r->var = xcalloc(k->nvars + 1, sizeof(int));
	r->buf = xcalloc(k->nbufs + 1, sizeof(int));
	r->bufsize = xcalloc(k->nbufs + 1, sizeof(int64_t));
	r->param = xcalloc(k->nparams + 1, sizeof(int));
	r->frames.data = xmalloc(256 * sizeof(Frame));
	r->frames.cap = 256;
	r->written = xcalloc(k->nbufs + 1, 1);
	r->first = -1;
	for (size_t i = 0; i < k->nbufs; i++)
		r->buf[i] = -1;
	return r;
}

/* Frees r; returns its module, or NULL (destroyed) when raising failed. */
static TModule *raise_done(Raise *r)
{
	TModule *m = r->m;
	free(r->var);
	free(r->buf);
	free(r->bufsize);
	free(r->param);
	free(r->frames.data);
	free(r->written);
	free(r->assume);
	raise_uniform_free(r->uniform);
	if (r->failed) {
		sb_free(&r->st->notes);
		sb_free(&r->st->checks);
		free(r->st);
		tir_module_destroy(m);
		m = NULL;
	} else {
		memcpy(r->st->grid, r->grid, sizeof(r->grid));
		memcpy(r->st->block, r->block, sizeof(r->block));
		raise_stats_register(m, r->st, r->k->name);
	}
	free(r);
	return m;
}

/* The SIMT strategy over r->nl lanes: the whole launch, or one batch of bt. */
static void simt(Raise *r, const Batch *bt)
{
	setup_vars(r);
	raise_setup_lanes(r);
	r->cur = bt ? raise_batch_mask(r, bt) : -1;
	r->cur_full = r->cur < 0;
	if (r->cur < 0)
		r->cur = tir_build_splat_int(&r->b, tir_type_vector(DT_I1, r->nl), 1);
	r->ret = tir_build_splat_int(&r->b, tir_type_vector(DT_I1, r->nl), 0);
	if (!r->uniform)
		r->uniform = raise_uniform_new(r->k, r->written);
	raise_stmt(r, r->k->body);
}

static void raise_body(Raise *r)
{
	Writes ws = {r->written};
	Batch bt;
	loopify_stmt_visit(r->k->body, note_write, NULL, &ws);
	if (r->nl > (int64_t)1 << 30)
		raise_error(r, r->k->loc, "launch of %lld threads is too large", (long long)r->nl);
	setup_args(r);
	raise_assert_assumption(r);
	setup_buffers(r, 0);
	if (raise_affine_try(r)) {      /* strategy 2, affine.c (raise-affine) */
		finish(r, r->written);
		raise_check_symbolic(r);
		raise_note_unbound(r);
		return;
	}
	if (raise_batch_begin(r, &bt)) {
		raise_setup_private(r);
		simt(r, &bt);
		raise_batch_end(r, &bt);
	} else {
		simt(r, NULL);
	}
	finish(r, r->written);
	raise_check_symbolic(r);
	raise_note_unbound(r);
}

/* k when every read of a local follows a store (frontend assigned.c); else its copy in
 * which the values that may be unset carry a poison bit (poison.c, allocated in *pa);
 * else NULL after reporting the reads. Not with --entry, whose module has no host
 * buffer for the checks' records (host.c refuses device printf so too). */
static const KirKernel *assigned(const Options *o, const KirKernel *k, const int64_t grid[3],
                                 const int64_t block[3], Arena **pa)
{
	unsigned char *refused = xcalloc(k->nvars + k->nbufs + 1, 1);
	const KirKernel *p = NULL;

	if (!frontend_assigned_refused(k, grid, block, refused)) {
		free(refused);
		return k;
	}
	*pa = arena_new();
	if (!o->entry)
		p = frontend_poison(*pa, k, refused, grid, block);
	free(refused);
	if (!p)
		frontend_check_assigned(k, grid, block);
	else
		frontend_assigned_warn(k, grid, block);
	return p;
}

/* With --oob-check, k's copy in which the accesses not proven in bounds are checked as
 * the module runs (frontend oobguard.c, allocated in *pa), and a --report line; k when
 * there are none, or with --entry (its module has no host buffer for the records); NULL
 * when one cannot be checked where it runs (refused, a located error). */
static const KirKernel *guarded(const Options *o, const KirKernel *k, const int64_t grid[3],
                                const int64_t block[3], const Map *unproven, StrBuf *notes,
                                Arena **pa)
{
	const KirKernel *g;
	int errors;

	if (!o->oob_check || !map_len(unproven))
		return k;
	if (o->entry) {
		sb_printf(notes, "  bounds: the accesses not proven in bounds are not checked at run "
		          "time (--entry)\n");
		return k;
	}
	if (!*pa)
		*pa = arena_new();
	if (!(g = frontend_oob_guard(*pa, k, unproven, grid, block, notes, &errors)))
		return errors ? NULL : k;
	sb_printf(notes, "  bounds: %zu access%s not proven in bounds checked at run time "
	          "(--oob-check: the launch fails where one leaves its buffer)\n",
	          g->nparams - k->nparams, g->nparams - k->nparams == 1 ? "" : "es");
	return g;
}

static TModule *kernel(const Options *o, const KirKernel *k, const int64_t grid[3],
                       const int64_t block[3], Arena **pa)
{
	Raise *r;
	StrBuf notes = {0}, oob = {0};
	char *assume = NULL;
	const char *desc;
	TModule *m;
	KirKernel *ks = raise_sym_size_kernel(o, k);     /* --symbolic buffer sizes, or NULL */
	int64_t *symhi = ks ? xcalloc(ks->nbufs + 1, sizeof(int64_t)) : NULL;
	unsigned char *blocks = NULL;     /* asked of a launch that may run in batches */
	size_t nb;
	Map *unproven = map_create();
	if (ks)
		k = ks;
	if ((k = assigned(o, k, grid, block, pa)) && raise_batch_wanted(grid, block))
		blocks = xcalloc(k->nbufs + 1, 1);
	if (!k || raise_check_accesses(o, k, grid, block, &notes, &assume, &oob, symhi, blocks,
	                               unproven) ||
	    (ks && raise_sym_size_bounds(ks, symhi))) {
		sb_free(&notes);
		sb_free(&oob);
		free(assume);
		free(blocks);
		raise_sym_size_free(ks, symhi);
		map_destroy(unproven);
		return NULL;
	}
	nb = k->nbufs;
	k = guarded(o, k, grid, block, unproven, &notes, pa);
	map_destroy(unproven);
	if (!k) {
		sb_free(&notes);
		sb_free(&oob);
		free(assume);
		free(blocks);
		raise_sym_size_free(ks, symhi);
		return NULL;
	}
	if (blocks && k->nbufs > nb) {   /* the checks' records: not compared (atomics only) */
		blocks = xrealloc(blocks, k->nbufs + 1);
		memset(blocks + nb, RACE_NOT_ASKED, k->nbufs + 1 - nb);
	}
	desc = k->printf;
	r = raise_new(o, k, grid, block);
	r->assume = assume ? assume : raise_assume_all(o, k);
	r->blocks = blocks;
	if (!setjmp(r->fail))
		raise_body(r);
	r->st->checks = notes;     /* after the body: a retry of affine.c clears the stats */
	m = raise_done(r);
	free(blocks);
	if (m && desc)             /* device printf sites: what the host prints (runtime/printf.c) */
		tir_module_set_string(m, "cuda2hlo.printf", desc);
	if (m && oob.len)          /* --oob-check: what runtime/guard.c checks before a run */
		tir_module_set_string(m, "cuda2hlo.oob_checks", sb_str(&oob));
	sb_free(&oob);
	raise_sym_size_free(ks, symhi);
	return m;
}

TModule *raise_kir_kernel(const Options *o, const KirKernel *k, const int64_t grid[3],
                          const int64_t block[3])
{
	Arena *pa = NULL;      /* the poisoned copy's nodes, when there is one */
	TModule *m = kernel(o, k, grid, block, &pa);

	if (pa)
		arena_free(pa);
	return m;
}

/* "'a', 'b' and 'c'" into b */
static void kernel_names(StrBuf *b, const LoopProgram *p)
{
	for (size_t i = 0; i < p->nkernels; i++)
		sb_printf(b, "%s'%s'", i == 0 ? "" : i + 1 == p->nkernels ? " and " : ", ",
		          p->kernels[i].name);
}

TModule *raise_program(Arena *a, const Options *o, const LoopProgram *p)
{
	const LoopKernel *lk;
	(void)a;
	if (!p || p->nkernels == 0) {
		diag_error(NOLOC, "no kernel to convert");
		return NULL;
	}
	lk = &p->kernels[0];
	if (p->nkernels > 1) {
		StrBuf b = {0};
		kernel_names(&b, p);
		diag_error(lk->loc, "%zu kernels to convert (%s): one module each needs -o DIR",
		           p->nkernels, sb_str(&b));
		diag_note(lk->loc, "or choose one with --kernel NAME");
		sb_free(&b);
		return NULL;
	}
	return raise_kir_kernel(o, lk->k, lk->launch.grid, lk->launch.block);
}

static int has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);
	return n >= m && !strcmp(s + n - m, suf);
}

/* The path of kernel i's module in -o DIR. */
static void module_path(StrBuf *path, const Options *o, const LoopProgram *p, size_t i)
{
	sb_printf(path, "%s/%s.%s", o->output, p->kernels[i].c_name, o->emit == EMIT_HLO ? "hlo" : "mlir");
}

/* Checks the folder -o DIR and the modules' paths in it, and makes the folder: called once
 * every module was raised, so a failed conversion creates nothing. */
static int out_folder(const Options *o, const LoopProgram *p)
{
	struct stat st;
	int bad = 0;

	if (stat(o->output, &st) == 0 && !S_ISDIR(st.st_mode)) {
		diag_error(NOLOC, "-o '%s' is not a folder: several kernels give one module each", o->output);
		return 1;
	}
	for (size_t i = 0; i < p->nkernels; i++) {
		StrBuf path = {0};
		const char *in;
		module_path(&path, o, p, i);
		if ((in = options_input_at(o, sb_str(&path))))
			diag_error(NOLOC, "the module '%s' would overwrite the input file '%s'", sb_str(&path), in);
		bad |= in != NULL;
		sb_free(&path);
	}
	if (!bad && stat(o->output, &st) != 0 && mkdir(o->output, 0777) != 0) {
		diag_error(NOLOC, "cannot create the output folder '%s': %s", o->output, strerror(errno));
		return 1;
	}
	return bad;
}

/* -o DIR and several kernels: one module per kernel, DIR/KERNEL.mlir (or .hlo). Every
 * kernel is raised first; the folder and files are made only when all succeeded. */
int raise_write_modules(Arena *a, const Options *o, const LoopProgram *p)
{
	struct stat st;
	StrBuf *texts;
	int bad = 0;
	(void)a;
	if (!o->output || !strcmp(o->output, "-"))
		return raise_program(a, o, p) == NULL;
	if (stat(o->output, &st) != 0 && (has_suffix(o->output, ".mlir") || has_suffix(o->output, ".hlo"))) {
		StrBuf b = {0};
		kernel_names(&b, p);
		diag_error(NOLOC, "-o '%s' names a file, but %zu kernels (%s) give one module each: "
		           "give -o DIR or one --kernel NAME", o->output, p->nkernels, sb_str(&b));
		sb_free(&b);
		return 1;
	}
	texts = xcalloc(p->nkernels, sizeof *texts);
	for (size_t i = 0; i < p->nkernels; i++) {
		const LoopKernel *lk = &p->kernels[i];
		TModule *m = raise_kir_kernel(o, lk->k, lk->launch.grid, lk->launch.block);
		if (!m) {
			bad = 1;
			continue;
		}
		if (o->report)
			raise_report(stderr, m);
		if (o->emit == EMIT_HLO)
			hlo_emit_hlo(&texts[i], m);
		else
			hlo_emit_stablehlo(&texts[i], m);
		raise_stats_forget(m);
		tir_module_destroy(m);
	}
	bad = bad || out_folder(o, p);
	for (size_t i = 0; i < p->nkernels; i++) {
		StrBuf path = {0};
		module_path(&path, o, p, i);
		if (!bad)
			bad |= file_write_atomic(sb_str(&path), sb_str(&texts[i]), texts[i].len);
		sb_free(&path);
		sb_free(&texts[i]);
	}
	free(texts);
	return bad;
}
