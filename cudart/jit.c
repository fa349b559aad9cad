/* jit.c: a kernel's device code raised for one launch, in process, by the same stages
 * the cuda2hlo command line runs (frontend -> loopify -> raise -> hlo_emit; main.c).
 * Consumes the registered device code (register.c) and a launch specialisation (geometry,
 * --size per pointer parameter, --set per specialised scalar, as launch.c chooses them);
 * produces StableHLO text, or NULL after the stages' located diagnostics on stderr.
 *
 * The device code is parsed from the .cu file it was compiled from when that file still
 * holds the same text (diagnostics then point into it); else from a copy of the embedded
 * text in a temporary folder, with the original folder on the include path. */
#include "cudart.h"

#include "base.h"
#include "frontend.h"
#include "hlo_emit.h"
#include "loopify.h"
#include "raise.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef VEC(char *) ArgVec;

/* Where the frontend reads code c from, and the folder it was compiled in. */
typedef struct {
	char *path, *incdir;
} CodePath;

/* The CodePath of code c (made once, kept for the process). */
static const CodePath *parse_path(const CudartCode *c)
{
	static Map *paths;
	size_t len;
	char key[32], *text, *dir;
	const char *slash = strrchr(c->file, '/');
	CodePath *p;

	snprintf(key, sizeof key, "%p", (const void *)c);
	if (!paths)
		paths = map_create();
	if ((p = map_get(paths, key)) != NULL)
		return p;
	p = xcalloc(1, sizeof *p);
	p->incdir = strndup(c->file, slash ? (size_t)(slash - c->file) : 0);
	text = file_read_all(c->file, &len);
	if (text && !strcmp(text, c->source)) {
		p->path = strdup(c->file);
	} else {
		char tmpl[] = "/tmp/cuda2hlo-cudart-XXXXXX";
		if (!(dir = mkdtemp(tmpl)))
			die("cannot make a temporary folder for device code");
		p->path = xmalloc(strlen(dir) + strlen(c->file) + 2);
		sprintf(p->path, "%s/%s", dir, slash ? slash + 1 : c->file);
		FILE *f = fopen(p->path, "w");
		if (!f || fputs(c->source, f) < 0 || fclose(f))
			die("cannot write device code to %s", p->path);
	}
	free(text);
	map_put(paths, key, p);
	return p;
}

/* The argv of a conversion: file, kernel, the object's flags, then extra. */
static void base_args(ArgVec *v, const CudartKernel *k)
{
	const CodePath *p = parse_path(k->code);

	VEC_PUSH(*v, "cuda2hlo");
	VEC_PUSH(*v, p->path);
	VEC_PUSH(*v, "--kernel");
	VEC_PUSH(*v, k->name);
	if (*p->incdir) {
		VEC_PUSH(*v, "-I");
		VEC_PUSH(*v, p->incdir);
	}
	for (size_t i = 0; k->code->rdc && cudart_rdc_code(i); i++)   /* the program's other files */
		if (cudart_rdc_code(i) != k->code) {
			VEC_PUSH(*v, "--rdc-source");
			VEC_PUSH(*v, parse_path(cudart_rdc_code(i))->path);
		}
	for (size_t i = 0; i < k->code->nflags; i++) {
		const char *f = k->code->flags[i];
		if (!strncmp(f, "-I", 2) || !strncmp(f, "-D", 2)) {
			VEC_PUSH(*v, f[1] == 'I' ? "-I" : "-D");
			VEC_PUSH(*v, (char *)f + 2);
		} else if (!strncmp(f, "-std=", 5)) {
			VEC_PUSH(*v, (char *)f);
		} else {
			VEC_PUSH(*v, "--clang-arg");
			VEC_PUSH(*v, (char *)f);
		}
	}
}

/* A module parameter holding a device printf site's records (frontend printf.c): no
 * argument of the launch; zeros in, and the host prints what it holds after the run. */
int cudart_is_printf(const char *name)
{
	return !strncmp(name, "cuda2hlo_printf", 15);
}

/* Access facts: which buffers the kernel reads and which it writes (per KirKernel.bufs
 * index), from every memory access of its IR (device functions are inlined there). A
 * read is anything that is not a plain store: a load, an atomic, a compound assignment
 * or increment, a part store (its read-modify-write of the element). */
typedef struct {
	unsigned char *rd, *wr;
} Access;

static void acc_expr(Access *a, const KirExpr *e);

static void acc_lval(Access *a, const KirLval *lv, int reads)
{
	if (lv->var >= 0)
		return;
	a->wr[lv->buffer] = 1;
	a->rd[lv->buffer] |= reads != 0;
	acc_expr(a, lv->index);
}

static void acc_expr(Access *a, const KirExpr *e)
{
	if (!e)
		return;
	switch (e->kind) {
	case KE_UNARY: acc_expr(a, e->u.un.x); break;
	case KE_BINARY: case KE_LOGAND: case KE_LOGOR:
		acc_expr(a, e->u.bin.l), acc_expr(a, e->u.bin.r);
		break;
	case KE_COND: acc_expr(a, e->u.cond.c), acc_expr(a, e->u.cond.t), acc_expr(a, e->u.cond.f); break;
	case KE_CAST: case KE_BITCAST: acc_expr(a, e->u.x); break;
	case KE_LOAD:
		a->rd[e->u.load.buffer] = 1;
		acc_expr(a, e->u.load.index);
		break;
	case KE_ASSIGN:
		acc_lval(a, &e->u.assign.lv, e->u.assign.op != KB_NONE || e->u.assign.bytes);
		acc_expr(a, e->u.assign.value);
		break;
	case KE_INCDEC: acc_lval(a, &e->u.incdec.lv, 1); break;
	case KE_COMMA: acc_expr(a, e->u.comma.l), acc_expr(a, e->u.comma.r); break;
	case KE_MATH:
		for (int i = 0; i < e->u.math.nargs; i++)
			acc_expr(a, e->u.math.args[i]);
		break;
	case KE_SHFL: acc_expr(a, e->u.shfl.mask), acc_expr(a, e->u.shfl.value), acc_expr(a, e->u.shfl.lane); break;
	case KE_VOTE: acc_expr(a, e->u.vote.mask), acc_expr(a, e->u.vote.pred); break;
	case KE_ATOMIC:
		a->rd[e->u.atomic.buffer] = a->wr[e->u.atomic.buffer] = 1;
		acc_expr(a, e->u.atomic.index);
		for (int i = 0; i < e->u.atomic.nargs; i++)
			acc_expr(a, e->u.atomic.args[i]);
		break;
	default:         /* CONST, PARAM, VAR, BUILTIN: no memory */
		break;
	}
}

static void acc_stmt(Access *a, const KirStmt *s)
{
	if (!s)
		return;
	switch (s->kind) {
	case KS_BLOCK:
		for (size_t i = 0; i < s->u.block.nstmts; i++)
			acc_stmt(a, s->u.block.stmts[i]);
		break;
	case KS_DECL: acc_expr(a, s->u.decl.init); break;
	case KS_EXPR: acc_expr(a, s->u.expr); break;
	case KS_IF: acc_expr(a, s->u.if_.cond), acc_stmt(a, s->u.if_.then), acc_stmt(a, s->u.if_.els); break;
	case KS_FOR:
		acc_stmt(a, s->u.for_.init), acc_expr(a, s->u.for_.cond);
		acc_expr(a, s->u.for_.step), acc_stmt(a, s->u.for_.body);
		break;
	case KS_WHILE: case KS_DO: acc_expr(a, s->u.loop.cond), acc_stmt(a, s->u.loop.body); break;
	case KS_SYNC: acc_expr(a, s->u.sync.arg); break;
	default:         /* BREAK, CONTINUE, EXIT, RETURN */
		break;
	}
}

/* A symbol's reads and writes (by its buffer name, the module parameter that binds it:
 * launch.c source_of); 0 when the name cannot be one line of the signature text. */
static int add_sym(CudartSig *s, const char *name, int rd, int wr)
{
	if (!*name || strlen(name) > 255 || strpbrk(name, " \t\n"))
		return 0;
	s->syms = xrealloc(s->syms, (s->nsyms + 1) * sizeof *s->syms);
	s->syms[s->nsyms++] = (struct CudartSym){xstrdup(name), rd, wr};
	return 1;
}

/* Each pointer parameter's reads and writes, each symbol's, and s->memo: whether they
 * are all the memory the kernel touches (no descriptor field or array field, no printf). */
static void access_facts(const KirKernel *kk, CudartSig *s)
{
	Access a = {xcalloc(kk->nbufs + 1, 1), xcalloc(kk->nbufs + 1, 1)};
	acc_stmt(&a, kk->body);
	s->memo = !kk->printf;
	for (size_t b = 0; b < kk->nbufs; b++) {
		const KirBuffer *fb = &kk->bufs[b];
		int p = fb->param;
		if (!a.rd[b] && !a.wr[b])
			continue;
		if (fb->space == KSP_GLOBAL && p >= 0 && (size_t)p < s->nparams && s->params[p].is_ptr == 1) {
			s->params[p].reads |= a.rd[b];
			s->params[p].writes |= a.wr[b];
		} else if ((fb->space == KSP_GLOBAL || fb->space == KSP_CONSTANT) && p < 0 && !fb->in_arg) {
			if (!add_sym(s, fb->name, a.rd[b], a.wr[b]))   /* a __device__ / __constant__ symbol */
				s->memo = 0;
		} else if (fb->space == KSP_GLOBAL || fb->space == KSP_CONSTANT)
			s->memo = 0;    /* an array field: memory no argument names */
	}
	for (size_t i = 0; i < s->nparams; i++)
		if (s->params[i].indirect || s->params[i].is_ptr == 2)
			s->memo = 0;
	if (s->nparams < kk->nparams && !cudart_is_printf(kk->params[s->nparams].name))
		s->memo = 0;
	free(a.rd), free(a.wr);
}

/* Lays the flattened parameters over the CUDA arguments: a struct's fields ("g.nx",
 * "g.ny") share one argument, each at its offset in the struct's C layout (KirParam.argoff,
 * from libclang: nested structs' inner padding counted), else at its natural alignment
 * after the previous field. The fields of a descriptor struct a pointer argument
 * points to (frontend kernel.c) are laid out the same way inside that struct, and
 * marked indirect: the argument holds its address. */
static CudartSig *layout(const KirKernel *kk)
{
	CudartSig *s = xcalloc(1, sizeof *s);
	const char *prev = NULL;
	size_t prevlen = 0, off = 0;
	int arg = -1;

	s->params = xcalloc(kk->nparams + 1, sizeof *s->params);
	for (size_t i = 0; i < kk->nparams; i++) {
		const KirParam *p = &kk->params[i];
		CudartParam *q;
		if (cudart_is_printf(p->name))  /* device printf records, after the CUDA parameters */
			break;
		q = &s->params[s->nparams++];
		const char *dot = strchr(p->name, '.');
		size_t plen = dot ? (size_t)(dot - p->name) : 0;
		const KirBuffer *fb = p->type == KT_PTR ? &kk->bufs[p->buffer] : NULL;
		int in_arg = fb && fb->in_arg;   /* an array field's elements, in the argument */
		int bytes = in_arg ? frontend_dtype_bytes(fb->elem) : p->type == KT_PTR ? 8 : frontend_dtype_bytes(p->type);
		if (!dot || !prev || plen != prevlen || strncmp(prev, p->name, plen)) {
			arg++;
			off = 0;
		}
		prev = dot ? p->name : NULL, prevlen = plen;
		off = (off + (size_t)bytes - 1) / (size_t)bytes * (size_t)bytes;
		if (dot && p->argoff >= 0)   /* a field: at its offset in the C layout (frontend) */
			off = (size_t)p->argoff;
		q->name = xstrdup(p->name);
		q->arg = arg, q->offset = off, q->bytes = bytes;
		q->is_ptr = in_arg ? 2 : p->type == KT_PTR;
		q->indirect = p->indirect;
		q->is_unsigned = frontend_dtype_is_int(p->type) && !frontend_dtype_is_signed(p->type);
		q->is_float = p->type == KT_F16 || p->type == KT_BF16 || p->type == KT_F32 || p->type == KT_F64;
		if (q->is_ptr)
			q->elem_bytes = frontend_dtype_bytes(kk->bufs[p->buffer].elem);
		if (q->is_ptr == 1 && fb->per_object > 1)   /* a float4 or struct pointee: --size */
			q->elem_bytes *= (int)fb->per_object;    /* counts objects of k scalars */
		if (in_arg)
			q->bytes = (int)(fb->count * bytes);
		off += (size_t)q->bytes;
	}
	access_facts(kk, s);
	return s;
}

static void sig_free(CudartSig *s)
{
	for (size_t i = 0; i < s->nparams; i++)
		free((char *)s->params[i].name);
	for (size_t i = 0; i < s->nsyms; i++)
		free(s->syms[i].name);
	free(s->params), free(s->syms);
	free(s);
}

typedef struct {
	ArgVec argv;
	int want_sig;
	int grid_input;          /* gridDim.x a module input (CudartSpec.grid_input) */
	CudartSig *sig;
	StrBuf out;
} Job;

/* The kernel of kir with gridDim.x the module input 'gridDim_x' and its body under
 * blockIdx.x < gridDim_x (raise_kernel_grid_param), raised over the grid it was parsed
 * with (the most blocks a launch of the module may have); 0 when a parameter already has
 * that name. */
static int grid_param(Arena *a, KirProgram *kir)
{
	KirKernel *k = &kir->kernels[0];
	for (size_t i = 0; i < k->nparams; i++)
		if (!strcmp(k->params[i].name, CUDART_GRID_PARAM))
			return 0;
	*k = *raise_kernel_grid_param(a, k, k->loc);
	return 1;
}

static int run_stages(void *p)
{
	Job *j = p;
	Options o;
	int rc = 1;

	if (options_parse(&o, (int)j->argv.len, j->argv.data))
		die("cudart: a conversion's options were refused");
	Arena *a = arena_new();
	KirProgram *kir = frontend_parse(a, &o, o.files.data[0]);
	if (diag_error_count() || !kir || kir->nkernels != 1)
		goto done;
	if (j->want_sig) {
		j->sig = layout(&kir->kernels[0]);
		rc = 0;
		goto done;
	}
	if (j->grid_input && !grid_param(a, kir))
		goto done;
	LoopProgram *loops = loopify_program(a, &o, kir);
	if (diag_error_count())
		goto done;
	TModule *mod = raise_program(a, &o, loops);
	if (diag_error_count() || !mod)
		goto done;
	hlo_emit_stablehlo(&j->out, mod);
	raise_module_destroy(mod);
	rc = 0;
done:
	arena_free(a);
	options_free(&o);
	return rc;
}

/* 1 GiB of reserved stack, as main.c gives the command line. */
#define JIT_STACK ((size_t)1 << 30)

static int run_job(Job *j)
{
	diag_reset();
	return run_on_big_stack(JIT_STACK, run_stages, j);
}

/* The signature cache's key and text: `nparams memo nsyms`, then one line per parameter,
 * `name arg offset bytes is_ptr is_float is_unsigned elem_bytes indirect reads writes`
 * (names are C identifiers joined by dots), then one per symbol, `name reads writes`.
 * "signature3": entries of the older formats (no access facts, no symbols) are under
 * other keys, never read as this one. */
static char *sig_key(const CudartKernel *k)
{
	StrBuf b = {0};
	sb_printf(&b, "%016llx signature3 %s", (unsigned long long)cudart_code_key(k->code), k->name);
	return sb_take(&b);
}

static char *sig_text(const CudartSig *s)
{
	StrBuf b = {0};
	sb_printf(&b, "%zu %d %zu\n", s->nparams, s->memo, s->nsyms);
	for (size_t i = 0; i < s->nparams; i++) {
		const CudartParam *q = &s->params[i];
		sb_printf(&b, "%s %d %zu %d %d %d %d %d %d %d %d\n", q->name, q->arg, q->offset, q->bytes,
		          q->is_ptr, q->is_float, q->is_unsigned, q->elem_bytes, q->indirect,
		          q->reads, q->writes);
	}
	for (size_t i = 0; i < s->nsyms; i++)
		sb_printf(&b, "%s %d %d\n", s->syms[i].name, s->syms[i].reads, s->syms[i].writes);
	return sb_take(&b);
}

/* The signature of text, or NULL when it is not one sig_text wrote. */
static CudartSig *sig_parse(const char *text)
{
	CudartSig *s = xcalloc(1, sizeof *s);
	const char *p = text;
	size_t n, nsyms;
	int used;

	if (sscanf(p, "%zu %d %zu\n%n", &n, &s->memo, &nsyms, &used) != 3 || n > 4096 || nsyms > 4096)
		goto bad;
	p += used;
	s->params = xcalloc(n + 1, sizeof *s->params);
	for (; s->nparams < n; s->nparams++) {
		CudartParam *q = &s->params[s->nparams];
		char name[256];
		if (sscanf(p, "%255s %d %zu %d %d %d %d %d %d %d %d\n%n", name, &q->arg, &q->offset,
		           &q->bytes, &q->is_ptr, &q->is_float, &q->is_unsigned, &q->elem_bytes,
		           &q->indirect, &q->reads, &q->writes, &used) != 11)
			goto bad;
		q->name = xstrdup(name);
		p += used;
	}
	for (size_t i = 0; i < nsyms; i++) {
		char name[256];
		int rd, wr;
		if (sscanf(p, "%255s %d %d\n%n", name, &rd, &wr, &used) != 3 || !add_sym(s, name, rd, wr))
			goto bad;
		p += used;
	}
	if (*p)
		goto bad;
	return s;
bad:
	sig_free(s);
	return NULL;
}

static CudartSig *parse_signature(const CudartKernel *k);

CudartSig *cudart_signature(const CudartKernel *k)
{
	double t0 = cudart_now_ms();
	char *key = sig_key(k), *text = cudart_cache_read_sig(key);
	CudartSig *s = text ? sig_parse(text) : NULL;
	int cached = s != NULL;

	if (!s && (s = parse_signature(k)) != NULL) {
		char *t = sig_text(s);
		cudart_cache_write_sig(key, t);
		free(t);
	}
	if (s)
		cudart_stats_signature(k->name, cached, cudart_now_ms() - t0);
	free(text);
	free(key);
	return s;
}

/* One parse of the device code: the parameters' layout, each pointer's object size in
 * scalars from KirBuffer.per_object. */
static CudartSig *parse_signature(const CudartKernel *k)
{
	Job j = {0};
	base_args(&j.argv, k);
	VEC_PUSH(j.argv, "--emit");
	VEC_PUSH(j.argv, "kir");
	VEC_PUSH(j.argv, NULL);
	j.argv.len--;
	j.want_sig = 1;
	run_job(&j);
	VEC_FREE(j.argv);
	return j.sig;
}

static char *dims(const unsigned d[3])
{
	char *s = xmalloc(40);
	snprintf(s, 40, "%u,%u,%u", d[0], d[1], d[2]);
	return s;
}

char *cudart_raise(const CudartKernel *k, const CudartSpec *spec)
{
	Job j = {0};
	char shm[32];
	char *g = dims(spec->grid), *b = dims(spec->block);

	j.grid_input = spec->grid_input;
	base_args(&j.argv, k);
	VEC_PUSH(j.argv, "--grid");
	VEC_PUSH(j.argv, g);
	VEC_PUSH(j.argv, "--block");
	VEC_PUSH(j.argv, b);
	snprintf(shm, sizeof shm, "%zu", spec->shmem);
	VEC_PUSH(j.argv, "--shmem");
	VEC_PUSH(j.argv, shm);
	/* a scalar left a module input (one that varies between launches) may guard an
	 * access: checked before each run instead of refused (runtime/guard.c) */
	VEC_PUSH(j.argv, "--oob-check");
	for (size_t i = 0; i < spec->nsizes; i++) {
		VEC_PUSH(j.argv, "--size");
		VEC_PUSH(j.argv, spec->sizes[i]);
	}
	for (size_t i = 0; i < spec->nsets; i++) {
		VEC_PUSH(j.argv, "--set");
		VEC_PUSH(j.argv, spec->sets[i]);
	}
	for (size_t i = 0; i < spec->noffsets; i++) {
		VEC_PUSH(j.argv, "--offset");
		VEC_PUSH(j.argv, spec->offsets[i]);
	}
	VEC_PUSH(j.argv, NULL);
	j.argv.len--;
	int rc = run_job(&j);
	VEC_FREE(j.argv);
	free(g), free(b);
	if (rc) {
		sb_free(&j.out);
		return NULL;
	}
	return sb_take(&j.out);
}
