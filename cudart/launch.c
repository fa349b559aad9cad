/* launch.c: a kernel launch. clang lowers `k<<<g, b, s, st>>>(args)` to
 * __cudaPushCallConfiguration(g, b, s, st) and a call of k's host stub, which pops the
 * configuration and calls cudaLaunchKernel(stub, g, b, argv, s, st). Here a launch:
 *   1. finds the kernel by its stub (register.c) and its parameters (jit.c, once);
 *   2. specialises: geometry, each pointer argument's extent (from its allocation and
 *      offset, mem.c), the values of integer scalars (index arithmetic, guards and trip
 *      counts depend on them); float scalars stay inputs of the module, so a changing
 *      dt neither raises nor compiles again;
 *      An integer scalar whose value changes from one launch to the next (a step or
 *      row counter) is then tried as a module input instead: one module for every value,
 *      when the stages can raise the kernel without knowing it (else it stays specialised);
 *      likewise gridDim.x (a wavefront launching 1, 2, ..., n blocks): when it changes,
 *      the kernel is tried with gridDim.x a module input, raised over the next power of
 *      two of blocks with its body under blockIdx.x < gridDim.x (the blocks past the
 *      launch's do nothing), so launches of up to that many blocks share one module;
 *      kept when that raise succeeds without more gathers, scatters or whiles than the
 *      module specialised for the grid (else the grid stays specialised);
 *   3. takes the module for that specialisation from memory (the last launch's entry
 *      when its specialisation bytes are the same, fingerprint; else by its key), else
 *      from the disk cache (cache.c), else raises it (jit.c); compiles it once on
 *      $CUDA2HLO_BACKEND (cpu | interp | pjrt[:PLUGIN]; default cpu);
 *   4. binds the arguments (zeros for a device printf site's records: no argument
 *      holds them), runs, prints what the kernel's printf sites recorded (stdout, as
 *      the CUDA runtime flushes device printf at synchronisation; a failed device
 *      assert prints CUDA's message and stops the program: CUDA reports cudaErrorAssert
 *      to every later call), and keeps every other result in the runtime as the
 *      newest contents of its memory (mem.c copies it there when the host reads it). An
 *      input that is such a kept result is bound as it is; memory the kernel only reads
 *      is bound where it lies (device memory is host memory: c2h_buffer_borrow, no
 *      copy); cudaMalloc'd memory the kernel writes is copied once into a buffer the
 *      allocation keeps (mem.c) and donated; what is left (scalars, array fields,
 *      storage not aligned to its element) is copied into the entry's buffer unless it
 *      already holds the same version of the same memory.
 * A kernel that cannot be raised, or a launch that cannot run exactly, stops the program
 * with the located diagnostic and exit status 1: its results would be wrong otherwise. */
#include "cudart.h"

#include "base.h"
#include "cuda2hlo_runtime.h"

#include <cuda_runtime_api.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static struct {
	dim3 grid, block;
	size_t shmem;
	void *stream;
} cfg[64];
static int ncfg;

unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shmem, void *stream)
{
	if (ncfg == 64)
		die("cudart: launch configurations nested 64 deep");
	cfg[ncfg].grid = grid, cfg[ncfg].block = block;
	cfg[ncfg].shmem = shmem, cfg[ncfg].stream = stream;
	ncfg++;
	return 0;
}

cudaError_t __cudaPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shmem, void *stream)
{
	if (ncfg == 0)
		return cudaErrorMissingConfiguration;
	ncfg--;
	*grid = cfg[ncfg].grid, *block = cfg[ncfg].block, *shmem = cfg[ncfg].shmem;
	*(void **)stream = cfg[ncfg].stream;
	return cudaSuccess;
}

/* One compiled specialisation: its module, session and input buffers (reused; each made
 * at the first launch that copies into it: an input bound to a buffer its allocation
 * keeps never needs one). */
typedef struct Entry {
	c2h_module *m;
	c2h_session *s;
	c2h_buffer **in;
	c2h_buffer **view;       /* per input: the program's memory it is bound to (view) */
	size_t *bytes;           /* per input: its size */
	const char **from;       /* per input: the memory its contents were copied from */
	uint64_t *version;       /* and that memory's version then (0: copy every launch) */
	int nin, nout;
	unsigned grid[3], block[3];
	int gparam;              /* the input that is gridDim.x (grid_input), else -1 */
	unsigned gx;             /* its value in this launch */
	int cost;                /* gathers, scatters and whiles of the module */
	double made_ms;          /* its raise (or disk read) and compile */
	CudartStats stats;
	size_t cached;           /* bytes it keeps for reuse, as of its last run (cache_after) */
	struct Entry *newer, *older;   /* in the run order of the entries with cached bytes */
} Entry;

static _Noreturn void fail(const CudartKernel *k, const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "cuda2hlo: launch of kernel '%s' (%s): ", k->name, k->code->file);
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	exit(1);
}

/* Where parameter q's bytes are in this launch: in its argument, or for a descriptor's
 * field, in the struct the argument points to, which must lie in memory from cudaMalloc
 * (its bytes made current first: a kernel's result kept for that memory). */
static const char *arg_at(const CudartKernel *k, void **args, const CudartParam *q)
{
	const CudartAlloc *al;
	const char *s;

	if (!q->indirect)
		return (const char *)args[q->arg] + q->offset;
	memcpy(&s, args[q->arg], sizeof s);
	al = cudart_alloc_find(s);
	if (!al || q->offset + (size_t)q->bytes > (size_t)(al->base + al->bytes - s))
		fail(k, "field '%s' %s", q->name, "of the struct the argument points to does not lie in memory from cudaMalloc");
	cudart_alloc_sync(s);
	return s + q->offset;
}

/* The extent of the memory a pointer argument points into: [p, end). */
static size_t extent(const CudartKernel *k, const CudartParam *q, const char *p)
{
	const CudartAlloc *al = cudart_alloc_find(p);
	const CudartVar *v = al ? NULL : cudart_var_find(p);
	size_t end = al ? (size_t)(al->base + al->bytes - p)
	           : v ? (size_t)((const char *)v->host + v->bytes - p) : 0;
	if (!al && !v)
		fail(k, "pointer argument '%s' %s", q->name,
		     p ? "is not memory from cudaMalloc (or a __device__ symbol)" : "is NULL");
	if (end < (size_t)q->elem_bytes)
		fail(k, "pointer argument '%s' %s", q->name, "points at the end of its allocation");
	return end / (size_t)q->elem_bytes;
}

/* Where p lies past a 256-byte boundary: cudaMalloc memory and a __device__ variable
 * start on one (CUDA C++ Programming Guide, Device Memory Accesses), so an interior
 * pointer's residue is its offset's. The module knows it (ptrint.c: `(uintptr_t)p % 16`
 * reads it); each allocation's extent already tells its offsets apart, so a residue
 * adds no specialisation. */
static size_t residue(const char *p)
{
	const CudartAlloc *al = cudart_alloc_find(p);
	const CudartVar *v = al ? NULL : cudart_var_find(p);
	return al ? (size_t)(p - al->base) % 256 : v ? (size_t)(p - (const char *)v->host) % 256 : 0;
}

static void scalar_text(char *buf, size_t n, const CudartParam *q, const char *v)
{
	long long x = 0;
	switch (q->bytes) {
	case 1: x = *(const signed char *)v; break;
	case 2: x = *(const short *)v; break;
	case 4: x = *(const int *)v; break;
	default: memcpy(&x, v, 8); break;
	}
	if (q->is_unsigned && q->bytes < 8)
		x &= (long long)((1ull << (8 * q->bytes)) - 1);
	if (q->is_unsigned)
		snprintf(buf, n, "%s=%llu", q->name, (unsigned long long)x);
	else
		snprintf(buf, n, "%s=%lld", q->name, x);
}

/* The blocks a module with gridDim.x an input is raised over for a launch of gx blocks:
 * the next power of two (launches of 1, 2, ..., n blocks share log2(n) modules, each
 * doing at most twice the launch's work). */
static unsigned grid_bound(unsigned gx)
{
	unsigned G = 1;
	while (G < gx && G < (1u << 31))
		G <<= 1;
	return G < gx ? gx : G;
}

/* The specialisation of this launch and its cache key (a module whose gridDim.x is an
 * input when k->grid_input is set: its bound with '*' in the key, grid_bound's unless
 * bound is not 0). */
static char *specialise(const CudartKernel *k, void **args, dim3 g, dim3 b, size_t shmem,
                        unsigned bound, CudartSpec *sp)
{
	const CudartSig *sig = k->sig;
	StrBuf key = {0};
	char buf[512];
	int gin = k->grid_input > 0;
	unsigned gx = gin ? (bound ? bound : grid_bound(g.x)) : g.x;

	*sp = (CudartSpec){{gx, g.y, g.z}, {b.x, b.y, b.z}, gin, shmem, NULL, NULL, 0, 0, NULL, 0};
	sp->sizes = xcalloc(sig->nparams + 1, sizeof *sp->sizes);
	sp->sets = xcalloc(sig->nparams + 1, sizeof *sp->sets);
	sp->offsets = xcalloc(sig->nparams + 1, sizeof *sp->offsets);
	sb_printf(&key, "%016llx %s %s%u,%u,%u %u,%u,%u %zu", (unsigned long long)cudart_code_key(k->code),
	          k->name, gin ? "*" : "", gx, g.y, g.z, b.x, b.y, b.z, shmem);
	for (size_t i = 0; i < sig->nparams; i++) {
		const CudartParam *q = &sig->params[i];
		if (q->is_ptr == 2) {       /* an array field: its values are an input */
			continue;
		} else if (q->is_ptr) {
			const char *p;
			memcpy(&p, arg_at(k, args, q), sizeof p);
			/* null: `--set P=0`, its tests constants (null_arg); in the key `P=0`, which
			 * no size of a non-null pointer is (extent: at least one element) */
			if (!p && !q->indirect) {
				snprintf(buf, sizeof buf, "%s=0", q->name);
				sp->sets[sp->nsets++] = xstrdup(buf);
				sb_printf(&key, " %s", buf);
				continue;
			}
			size_t r = residue(p);
			if (r) {
				snprintf(buf, sizeof buf, "%s=%zu", q->name, r);
				sp->offsets[sp->noffsets++] = xstrdup(buf);
				sb_printf(&key, " +%s", buf);
			}
			snprintf(buf, sizeof buf, "%s=%zu", q->name, extent(k, q, p));
			sp->sizes[sp->nsizes++] = xstrdup(buf);
		} else if (!q->is_float && !q->input) {
			scalar_text(buf, sizeof buf, q, arg_at(k, args, q));
			sp->sets[sp->nsets++] = xstrdup(buf);
		} else
			continue;
		sb_printf(&key, " %s", buf);
	}
	return sb_take(&key);
}

static void spec_free(CudartSpec *sp)
{
	for (size_t i = 0; i < sp->nsizes; i++)
		free(sp->sizes[i]);
	for (size_t i = 0; i < sp->nsets; i++)
		free(sp->sets[i]);
	for (size_t i = 0; i < sp->noffsets; i++)
		free(sp->offsets[i]);
	free(sp->sizes), free(sp->sets), free(sp->offsets);
}

/* The bytes that module parameter `name` is bound to in this launch, or NULL. */
static char *source_of(const CudartKernel *k, void **args, const char *name, size_t nbytes)
{
	const CudartSig *sig = k->sig;
	for (size_t i = 0; i < sig->nparams; i++) {
		const CudartParam *q = &sig->params[i];
		if (strcmp(q->name, name))
			continue;
		if (q->is_ptr == 2) {      /* an array field: the argument's bytes (nbytes 0: any) */
			if (nbytes && (size_t)q->bytes != nbytes)
				fail(k, "array field '%s' %s", name, "has another size in the module");
			return (char *)arg_at(k, args, q);
		}
		if (!q->is_ptr) {
			if ((size_t)q->bytes != nbytes)
				fail(k, "scalar '%s' %s", name, "has another size in the module");
			return (char *)arg_at(k, args, q);
		}
		char *p;
		memcpy(&p, arg_at(k, args, q), sizeof p);
		if (nbytes > extent(k, q, p) * (size_t)q->elem_bytes)   /* never past its allocation */
			fail(k, "pointer argument '%s' %s", name, "is smaller than the module's buffer");
		return p;
	}
	const CudartVar *v = cudart_var_named(name);
	if (v && v->bytes >= nbytes)
		return v->host;
	fail(k, "module parameter '%s' %s", name, "is neither an argument nor a registered symbol");
}

static const char *backend(void)
{
	const char *b = getenv("CUDA2HLO_BACKEND");
	return b && *b ? b : "cpu";
}

/* The gathers, scatters and whiles of a module's text (what a raise could not make dense). */
static int module_cost(const char *text)
{
	static const char *const ops[] = {"stablehlo.gather", "stablehlo.scatter", "stablehlo.while"};
	int n = 0;
	for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
		for (const char *p = text; (p = strstr(p, ops[i])) != NULL; p += strlen(ops[i]))
			n++;
	return n;
}

/* The module of key: raised (or read from disk), parsed, compiled, its buffers made.
 * quiet: a kernel that cannot be raised so is NULL, its diagnostics not shown; so is a
 * module with more than max_cost gathers, scatters and whiles (max_cost >= 0). */
static Entry *entry_create(const CudartKernel *k, const char *key, const CudartSpec *sp,
                           int quiet, int max_cost)
{
	char msg[1024];
	double t0 = cudart_now_ms(), t1;
	char *text = cudart_cache_read(key);
	int cached = text != NULL;

	if (!text) {
		FILE *null = quiet ? fopen("/dev/null", "w") : NULL;
		if (null)
			diag_init(null, 0);
		cudart_stats_raising(k->name, sp->grid_input, sp->grid, sp->block);
		text = cudart_raise(k, sp);
		if (null) {
			diag_init(stderr, 0);
			fclose(null);
		}
		if (!text && quiet)
			return NULL;
		if (!text)
			fail(k, "%s%s", "the kernel cannot be raised (diagnostics above)", "");
		cudart_cache_write(key, text);
	}
	int cost = module_cost(text);
	if (quiet && max_cost >= 0 && cost > max_cost) {
		free(text);
		return NULL;
	}
	Entry *e = xcalloc(1, sizeof *e);
	e->cost = cost;
	t1 = cudart_now_ms();
	if (c2h_module_create(text, strlen(text), k->code->file, &e->m, msg, sizeof msg) != C2H_OK)
		fail(k, "the raised module is refused: %s%s", msg, "");
	free(text);
	if (c2h_session_create(e->m, backend(), &e->s, msg, sizeof msg) != C2H_OK)
		fail(k, "backend '%s': %s", backend(), msg);
	memcpy(e->grid, sp->grid, sizeof e->grid);
	memcpy(e->block, sp->block, sizeof e->block);
	e->made_ms = cudart_now_ms() - t0;
	cudart_stats_module(k->name, sp->grid_input, e->grid, e->block, cached, t1 - t0,
	                    cudart_now_ms() - t1);
	e->nin = c2h_module_num_params(e->m);
	e->nout = c2h_module_num_results(e->m);
	e->in = xcalloc((size_t)e->nin + 1, sizeof *e->in);
	e->view = xcalloc((size_t)e->nin + 1, sizeof *e->view);
	e->bytes = xcalloc((size_t)e->nin + 1, sizeof *e->bytes);
	e->from = xcalloc((size_t)e->nin + 1, sizeof *e->from);
	e->version = xcalloc((size_t)e->nin + 1, sizeof *e->version);
	e->gparam = -1;
	for (int i = 0; i < e->nin; i++) {
		c2h_param_info pi;
		c2h_module_param(e->m, i, &pi);
		if (sp->grid_input && !strcmp(pi.name, CUDART_GRID_PARAM))
			e->gparam = i;
		e->bytes[i] = c2h_dtype_size(pi.dtype);
		for (int d = 0; d < pi.rank; d++)
			e->bytes[i] *= (size_t)pi.dims[d];
	}
	if (sp->grid_input && (e->gparam < 0 || e->bytes[e->gparam] != sizeof e->gx))
		fail(k, "the module has no 4-byte input '%s'%s", CUDART_GRID_PARAM, "");
	return e;
}

/* Is name a pointer parameter the launch passes null for? The module was raised with
 * `--set name=0` (specialise): its input is one element nothing reads. */
static int null_arg(const CudartKernel *k, void **args, const char *name)
{
	for (size_t i = 0; i < k->sig->nparams; i++) {
		const CudartParam *q = &k->sig->params[i];
		const char *p;
		if (q->is_ptr != 1 || q->indirect || strcmp(q->name, name))
			continue;
		memcpy(&p, arg_at(k, args, q), sizeof p);
		return !p;
	}
	return 0;
}

/* The bytes module input i is bound to in this launch: gridDim.x, or as source_of;
 * NULL for a device printf site's records and a null pointer argument (zeros). */
static char *input_of(const CudartKernel *k, Entry *e, void **args, int i, const char *name)
{
	if (cudart_is_printf(name) || null_arg(k, args, name))
		return NULL;
	return i == e->gparam ? (char *)&e->gx : source_of(k, args, name, e->bytes[i]);
}

/* Two pointer arguments whose ranges overlap while the kernel writes one of them would
 * give the module two copies of one memory: refused, not guessed. */
static void check_aliasing(const CudartKernel *k, const Entry *e, void **args)
{
	for (int r = 0; r < e->nout; r++) {
		c2h_param_info ri;
		c2h_module_result(e->m, r, &ri);
		if (cudart_is_printf(ri.name))
			continue;
		const char *rp = source_of(k, args, ri.name, 0);
		const CudartParam *rq = NULL;
		for (size_t i = 0; i < k->sig->nparams; i++)
			if (!strcmp(k->sig->params[i].name, ri.name))
				rq = &k->sig->params[i];
		if (!rq)
			continue;
		size_t rn = c2h_buffer_nbytes(c2h_session_result(e->s, r));
		for (int i = 0; i < e->nin; i++) {
			c2h_param_info pi;
			c2h_module_param(e->m, i, &pi);
			if (!strcmp(pi.name, ri.name) || pi.rank == 0 || cudart_is_printf(pi.name) ||
			    null_arg(k, args, pi.name))
				continue;
			const char *p = source_of(k, args, pi.name, 0);
			size_t n = e->bytes[i];
			if (p < rp + rn && rp < p + n)
				fail(k, "pointer arguments '%s' and '%s' overlap and the kernel writes one "
				     "(aliasing buffers are not supported)", ri.name, pi.name);
		}
	}
}

/* Is name one of the module's results (memory the kernel writes)? */
static int returned(const Entry *e, const char *name)
{
	for (int r = 0; r < e->nout; r++) {
		c2h_param_info ri;
		c2h_module_result(e->m, r, &ri);
		if (!strcmp(ri.name, name))
			return 1;
	}
	return 0;
}

/* Binds input i to the memory at src itself when it is memory of the program (an
 * allocation or a __device__ symbol, its newest contents made current) of the element's
 * alignment: device memory is host memory, and a bound input is read, never written, by
 * the run, so nothing is copied. Whether it was so bound. */
static int view(Entry *e, int i, const c2h_param_info *pi, const char *src)
{
	if (pi->rank == 0 || (!cudart_alloc_find(src) && !cudart_var_find(src)))
		return 0;
	cudart_alloc_sync(src);
	c2h_buffer *v = c2h_buffer_borrow(pi->dtype, pi->rank, pi->dims, (void *)src, e->bytes[i]);
	if (!v)
		return 0;
	if (c2h_session_bind_index(e->s, i, v) != C2H_OK)
		die("cudart: cannot rebind module parameter '%s'", pi->name);
	c2h_buffer_destroy(e->view[i]);
	e->view[i] = v;
	return 1;
}

/* Binds each input: the buffer the runtime keeps for that memory when it is the same
 * tensor (a kernel result, or a copy made by an earlier launch of any module: no copy,
 * mem.c); else, for memory the kernel writes, a new such copy when the allocation keeps
 * none (cudaMalloc'd memory); else the program's memory itself (view); else the entry's
 * own buffer, whose bytes are copied in unless it already holds them: the same memory at
 * the same version (scalars have version 0: always copied). A kept buffer the module
 * also returns (the kernel writes that memory) and no other input reads is donated to
 * the run: the new result replaces it (keep_results), so the backend may compute it in
 * that storage in place instead of a new copy of the whole buffer per launch (a view is
 * never donated: its storage is the program's). */
static void copy_in(const CudartKernel *k, Entry *e, void **args)
{
	c2h_buffer **kept = xcalloc((size_t)e->nin + 1, sizeof *kept);
	for (int i = 0; i < e->nin; i++) {
		c2h_param_info pi;
		c2h_module_param(e->m, i, &pi);
		const char *src = input_of(k, e, args, i, pi.name);
		if (!src)
			continue;
		kept[i] = pi.rank == 1 ? cudart_alloc_resident(src, pi.dtype, pi.dims[0]) : NULL;
		/* memory the kernel writes: copied once for every module, then donated */
		if (pi.rank == 1 && !kept[i] && returned(e, pi.name))
			kept[i] = cudart_alloc_resident_copy(src, pi.dtype, pi.dims[0]);
	}
	for (int i = 0; i < e->nin; i++) {
		c2h_param_info pi;
		c2h_module_param(e->m, i, &pi);
		size_t n = e->bytes[i];
		const char *src = input_of(k, e, args, i, pi.name);
		int shared = 0;
		for (int j = 0; j < e->nin; j++)
			shared |= j != i && kept[j] == kept[i];
		c2h_status st;
		if (src && !kept[i] && view(e, i, &pi, src))   /* before a buffer of its own is made */
			continue;
		if (!kept[i] && !e->in[i] && !(e->in[i] = c2h_buffer_create(pi.dtype, pi.rank, pi.dims, NULL, 0)))
			fail(k, "cannot make the buffer of module parameter '%s'%s", pi.name, " (out of memory)");
		if (!src) {      /* printf records, a null argument's element: zeros for every run */
			memset(c2h_buffer_data(e->in[i]), 0, n);
			if (c2h_session_bind_index(e->s, i, e->in[i]) != C2H_OK)
				die("cudart: cannot rebind module parameter '%s'", pi.name);
			continue;
		}
		if (kept[i] && !shared && returned(e, pi.name)) {
			st = c2h_session_donate(e->s, i, kept[i]);   /* replaced by the result: donated */
			cudart_stats_donated();
		} else
			st = c2h_session_bind_index(e->s, i, kept[i] ? kept[i] : e->in[i]);
		if (st != C2H_OK)
			die("cudart: cannot rebind module parameter '%s'", pi.name);
		uint64_t v = pi.rank > 0 ? cudart_alloc_version(src) : 0;
		if (kept[i] || (v && src == e->from[i] && v == e->version[i]))
			continue;
		cudart_alloc_sync(src);
		memcpy(c2h_buffer_data(e->in[i]), src, n);
		if (pi.rank > 0)
			cudart_stats_copy(0, n);
		e->from[i] = src, e->version[i] = v;
	}
	free(kept);
}

/* Each result stays in the runtime as the newest contents of its memory (mem.c), or,
 * for memory outside every allocation (a __device__ symbol), is copied into it. */
static void keep_results(const CudartKernel *k, Entry *e, void **args)
{
	for (int r = 0; r < e->nout; r++) {
		c2h_param_info ri;
		c2h_module_result(e->m, r, &ri);
		if (cudart_is_printf(ri.name))   /* printed already (cudaLaunchKernel) */
			continue;
		char *dst = source_of(k, args, ri.name, 0);
		c2h_buffer *out = c2h_session_take_result(e->s, r);
		if (!out)
			die("cudart: no result %d after a run", r);
		if (cudart_alloc_keep(dst, out) == 0)
			continue;
		memcpy(dst, c2h_buffer_data_const(out), c2h_buffer_nbytes(out));
		cudart_var_written(dst);
		cudart_stats_copy(1, c2h_buffer_nbytes(out));
		c2h_buffer_destroy(out);
	}
}

static Map *entries;

typedef VEC(unsigned char) Bytes;

static void put(Bytes *fp, const void *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		VEC_PUSH(*fp, ((const unsigned char *)p)[i]);
}

/* What specialise reads, as bytes: the code, the geometry and k->grid_input, and per
 * parameter its input mark and, for a pointer, its value, allocation extent and residue,
 * for an integer scalar not an input, its bytes. Equal bytes give an equal key, so a
 * launch repeating the last one's takes its entry without formatting the key (HeCBench
 * kernelLaunch: 16 scalars formatted per launch were most of a launch's 5-12 us). */
static void fingerprint(const CudartKernel *k, void **args, dim3 g, dim3 b, size_t shmem, Bytes *fp)
{
	uint64_t code = cudart_code_key(k->code);
	put(fp, &code, sizeof code);
	put(fp, &g, sizeof g), put(fp, &b, sizeof b), put(fp, &shmem, sizeof shmem);
	put(fp, &k->grid_input, sizeof k->grid_input);
	for (size_t i = 0; i < k->sig->nparams; i++) {
		const CudartParam *q = &k->sig->params[i];
		put(fp, &q->input, sizeof q->input);
		if (q->is_ptr == 2)
			continue;
		const char *v = arg_at(k, args, q);
		if (q->is_ptr) {
			const char *p;
			memcpy(&p, v, sizeof p);
			size_t n = p ? extent(k, q, p) : 0, r = p ? residue(p) : 0;
			put(fp, &p, sizeof p), put(fp, &n, sizeof n), put(fp, &r, sizeof r);
		} else if (!q->is_float && !q->input)
			put(fp, v, (size_t)q->bytes);
	}
}

/* Skipping a repeated launch (CUDA2HLO_CUDART_SKIP=0 turns it off, docs/cudart.md). A
 * launch of the same kernel, taking the same entry, with the same geometry, shmem and
 * parameter bytes as the kernel's last launch, while every allocation its pointers point
 * into holds the version that launch left it at, changes no byte of memory when the
 * kernel never reads memory it writes: what it writes is a function of what it reads
 * (unchanged) and of its parameters (the same), and was written so by the last launch.
 * The versions (mem.c) change at every write through the API and every kernel result
 * kept for the memory, and never repeat (a freed and reallocated address too); memory
 * the host may write directly has version 0 and is never skipped over, nor is a kernel
 * whose accesses are not all through its own pointer parameters and symbols (jit.c
 * access_facts: descriptors, array fields, device printf). A __constant__ or __device__
 * symbol counts as an allocation with a version (register.c, cudart_var_written) whose
 * bytes are compared as well (syms_same). */
static int skip_on(void)
{
	static int on = -1;
	if (on < 0) {
		const char *e = getenv("CUDA2HLO_CUDART_SKIP");
		on = !(e && !strcmp(e, "0"));
	}
	return on;
}

/* The bytes of every parameter of this launch (floats too: module inputs, in no
 * fingerprint). */
static void arg_bytes(const CudartKernel *k, void **args, Bytes *out)
{
	for (size_t i = 0; i < k->sig->nparams; i++) {
		const CudartParam *q = &k->sig->params[i];
		put(out, arg_at(k, args, q), (size_t)q->bytes);
	}
}

static const char *ptr_arg(const CudartKernel *k, void **args, const CudartParam *q)
{
	const char *p;
	memcpy(&p, arg_at(k, args, q), sizeof p);
	return p;
}

/* The symbols a remembered launch may snapshot, in bytes all together: comparing them
 * at each repeat costs far less than a run over them, up to far more than a __constant__
 * bank (64 KiB) */
#define MEMO_SYM_BYTES ((size_t)64 << 20)

/* Is every symbol the kernel touches (jit.c access facts) at the version and with the
 * bytes the last launch left it? The bytes too: a symbol's host shadow is its memory
 * here, and host code may assign it directly (clang compiles that; CUDA's device would
 * not see it, this runtime does), which no version records. */
static int syms_same(const CudartKernel *k)
{
	const unsigned char *b = k->memo_symbytes;
	for (size_t i = 0; i < k->sig->nsyms; i++) {
		const CudartVar *v = cudart_var_named(k->sig->syms[i].name);
		if (!v || v->version != k->memo_symv[i] || memcmp(v->host, b, v->bytes))
			return 0;
		b += v->bytes;
	}
	return 1;
}

/* Does this launch repeat the kernel's last remembered one, its memory unchanged? */
static int repeats_last(const CudartKernel *k, const Entry *e, void **args, dim3 g, dim3 b,
                        size_t shmem)
{
	unsigned geom[6] = {g.x, g.y, g.z, b.x, b.y, b.z};
	Bytes now = {0};
	int same;

	if (!k->memo_entry || k->memo_entry != e || shmem != k->memo_shmem
	    || memcmp(geom, k->memo_geom, sizeof geom))
		return 0;
	arg_bytes(k, args, &now);
	same = now.len == k->memo_arglen && !memcmp(now.data, k->memo_args, now.len);
	VEC_FREE(now);
	for (size_t i = 0, j = 0; same && i < k->sig->nparams; i++)
		if (k->sig->params[i].is_ptr == 1)
			same = cudart_alloc_version(ptr_arg(k, args, &k->sig->params[i])) == k->memo_versions[j++];
	return same && syms_same(k);
}

/* The versions and bytes of the kernel's symbols after a launch, into k->memo_symv and
 * k->memo_symbytes; 0 (nothing kept) when one is not registered, is both read and
 * written by the kernel (a __device__ counter: never left as found), or they are over
 * MEMO_SYM_BYTES. */
static int remember_syms(CudartKernel *k)
{
	const CudartSig *sig = k->sig;
	size_t total = 0;
	for (size_t i = 0; i < sig->nsyms; i++) {
		const CudartVar *v = cudart_var_named(sig->syms[i].name);
		if (!v || (sig->syms[i].reads && sig->syms[i].writes))
			return 0;
		total += v->bytes;
	}
	if (total > MEMO_SYM_BYTES)
		return 0;
	uint64_t *ver = xcalloc(sig->nsyms + 1, sizeof *ver);
	unsigned char *bytes = xmalloc(total + 1), *b = bytes;
	for (size_t i = 0; i < sig->nsyms; i++) {
		const CudartVar *v = cudart_var_named(sig->syms[i].name);
		ver[i] = v->version;
		memcpy(b, v->host, v->bytes);
		b += v->bytes;
	}
	free(k->memo_symv), free(k->memo_symbytes);
	k->memo_symv = ver, k->memo_symbytes = bytes;
	return 1;
}

/* After a launch ran and its results were kept: remembers it when a repeat may be
 * skipped. Every pointer argument in device-only memory (a version, not 0) and no
 * allocation both read and written by the kernel through any of its pointers (two
 * pointers into one allocation count as one: a kernel reading what it writes does not
 * leave memory as it found it), nor any symbol (remember_syms). */
static void remember(CudartKernel *k, Entry *e, void **args, dim3 g, dim3 b, size_t shmem)
{
	const CudartSig *sig = k->sig;
	if (!sig->memo || !skip_on())
		return;
	uint64_t *v = xcalloc(sig->nparams + 1, sizeof *v);
	const char **base = xcalloc(sig->nparams + 1, sizeof *base);
	int *rw = xcalloc(sig->nparams + 1, sizeof *rw);
	size_t n = 0;
	Bytes bytes = {0};

	for (size_t i = 0; i < sig->nparams; i++) {
		const CudartParam *q = &sig->params[i];
		if (q->is_ptr != 1)
			continue;
		const char *p = ptr_arg(k, args, q);
		const CudartAlloc *al = cudart_alloc_find(p);
		if (!al || !(v[n] = cudart_alloc_version(p)))
			goto out;
		base[n] = al->base;
		rw[n++] = q->reads | q->writes << 1;
	}
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			if (base[i] == base[j] && (rw[i] & 1) && (rw[j] & 2))
				goto out;
	if (!remember_syms(k))
		goto out;
	arg_bytes(k, args, &bytes);
	free(k->memo_args), free(k->memo_versions);
	k->memo_args = bytes.data, k->memo_arglen = bytes.len;
	k->memo_versions = v, v = NULL;
	k->memo_geom[0] = g.x, k->memo_geom[1] = g.y, k->memo_geom[2] = g.z;
	k->memo_geom[3] = b.x, k->memo_geom[4] = b.y, k->memo_geom[5] = b.z;
	k->memo_shmem = shmem;
	k->memo_entry = e;
out:
	free(v), free(base), free(rw);
}

/* The entry of this launch's specialisation (made when new); NULL when quiet and the
 * kernel cannot be raised so, or (max_cost >= 0) only with more than max_cost gathers,
 * scatters and whiles. */
/* For a kernel whose gridDim.x is an input, the smallest module already made over more
 * blocks than this launch's bucket, when its runs are cheap against making a module: a
 * mean run under 1/64 of its own raise and compile. It serves the launch exactly (the
 * blocks past gridDim.x do nothing) for at most a few times the launch's work: a
 * wavefront that shrinks (HeCBench nw's kernel2, 1023, 1022, ..., 1 blocks of ~6 ms runs)
 * raised and compiled <=512, <=256, ..., <=16 after <=1024, about 4 s each. NULL when
 * there is none, or the smallest is not cheap (a larger one would cost more). */
static Entry *larger(CudartKernel *k, void **args, dim3 g, dim3 b, size_t shmem)
{
	for (unsigned G = grid_bound(g.x); G < (1u << 31);) {
		CudartSpec sp;
		G *= 2;
		char *key = specialise(k, args, g, b, shmem, G, &sp);
		Entry *e = map_get(entries, key);
		spec_free(&sp);
		free(key);
		if (e)
			return e->stats.launches && e->stats.run_ms / (double)e->stats.launches * 64 < e->made_ms ? e : NULL;
	}
	return NULL;
}

static Entry *entry_get(CudartKernel *k, void **args, dim3 g, dim3 b, size_t shmem, int quiet,
                        int max_cost)
{
	CudartSpec sp;
	char *key = specialise(k, args, g, b, shmem, 0, &sp);
	if (!entries)
		entries = map_create();
	Entry *e = map_get(entries, key);
	if (!e && !quiet && k->grid_input > 0)
		e = larger(k, args, g, b, shmem);
	if (!e && (e = entry_create(k, key, &sp, quiet, max_cost)) != NULL)
		map_put(entries, key, e);
	spec_free(&sp);
	free(key);
	return e;
}

/* Marks (input = 2) each specialised integer scalar whose value differs from the last
 * launch's, and remembers this launch's values; whether one was marked. */
static int vary(CudartKernel *k, void **args)
{
	int n = 0;
	for (size_t i = 0; i < k->sig->nparams; i++) {
		CudartParam *q = &k->sig->params[i];
		if (q->is_ptr || q->is_float)
			continue;
		const char *v = arg_at(k, args, q);
		if (q->seen && !q->input && !q->fixed && memcmp(q->last, v, (size_t)q->bytes)) {
			q->input = 2;
			n++;
		}
		memcpy(q->last, v, (size_t)q->bytes);
		q->seen = 1;
	}
	return n > 0;
}

/* The marked scalars become inputs for good (ok), or specialised for good. */
static void settle(CudartKernel *k, int ok)
{
	for (size_t i = 0; i < k->sig->nparams; i++) {
		CudartParam *q = &k->sig->params[i];
		if (q->input == 2) {
			q->input = ok;
			q->fixed = !ok;
		}
	}
}

/* ---- memory kept for reuse between launches ----
 * Every entry keeps its session's buffer pool (the cpu backend: buffers of the sizes its
 * runs need, already faulted in) and its input buffers for the life of the program, so
 * that the next launch of the same specialisation maps no fresh pages. A program that
 * runs a kernel at many shapes would keep every shape's pool (issue 20: geglu's 15
 * shapes ran out of 14 GB of address space). After each run, while the bytes that all
 * entries keep exceed the budget, the entry run least recently gives them back
 * (c2h_session_trim and its input buffers); the entry that just ran never does, and
 * entries run in turn (a time loop over kernels A and B) keep theirs while both fit.
 * The total is kept as each entry runs, so a launch walks no list unless it trims. */
static struct {
	Entry *newest, *oldest;   /* the entries with cached bytes, by their last run */
	size_t total;             /* their cached bytes */
	size_t budget;
	int have_budget;          /* budget read (cache_budget) */
} kept_mem;

/* CUDA2HLO_CUDART_CACHE_BYTES (bytes, or with a K, M or G suffix), else a quarter of
 * the smaller of physical memory and the address-space limit (ulimit -v). */
static size_t cache_budget(void)
{
	const char *s = getenv("CUDA2HLO_CUDART_CACHE_BYTES");
	if (s && *s) {
		char *end;
		errno = 0;
		unsigned long long v = strtoull(s, &end, 10);
		int shift = *end == 'K' ? 10 : *end == 'M' ? 20 : *end == 'G' ? 30 : 0;
		if (shift)
			end++;
		if (errno || end == s || *end || *s == '-' || v > (SIZE_MAX >> shift)) {
			fprintf(stderr, "cuda2hlo: CUDA2HLO_CUDART_CACHE_BYTES='%s' is not a number of bytes (N, NK, NM or NG)\n", s);
			exit(1);
		}
		return (size_t)v << shift;
	}
	int64_t phys = c2h_physical_memory();
	size_t lim = phys > 0 ? (size_t)phys : SIZE_MAX;
	struct rlimit r;
	if (getrlimit(RLIMIT_AS, &r) == 0 && r.rlim_cur != RLIM_INFINITY && r.rlim_cur < lim)
		lim = (size_t)r.rlim_cur;
	return lim / 4;
}

static void unlist(Entry *e)
{
	*(e->newer ? &e->newer->older : &kept_mem.newest) = e->older;
	*(e->older ? &e->older->newer : &kept_mem.oldest) = e->newer;
	e->newer = e->older = NULL;
	kept_mem.total -= e->cached;
	e->cached = 0;
}

static int listed(const Entry *e) { return e->newer || e->older || kept_mem.newest == e; }

/* The entry's session frees its pool and the entry its input buffers: the next launch
 * makes them again and copies its inputs in (from is cleared, so a new buffer never
 * counts as holding a version of memory). An input still bound to a dropped buffer is
 * rebound by that launch's copy_in before its run. */
static void trim(Entry *e)
{
	c2h_session_trim(e->s);
	for (int i = 0; i < e->nin; i++) {
		c2h_buffer_destroy(e->in[i]);
		e->in[i] = NULL;
		e->from[i] = NULL, e->version[i] = 0;
	}
}

/* After e's run: its cached bytes move it to the newest end; then the oldest entries
 * are trimmed while the total exceeds the budget. */
static void cache_after(Entry *e)
{
	if (listed(e))
		unlist(e);
	size_t n = c2h_session_cached_bytes(e->s);
	for (int i = 0; i < e->nin; i++)
		n += e->in[i] ? e->bytes[i] : 0;
	if (n) {
		e->cached = n;
		e->older = kept_mem.newest;
		*(kept_mem.newest ? &kept_mem.newest->newer : &kept_mem.oldest) = e;
		kept_mem.newest = e;
		kept_mem.total += n;
	}
	if (!kept_mem.have_budget)
		kept_mem.budget = cache_budget(), kept_mem.have_budget = 1;
	size_t entries = 0, bytes = 0;
	while (kept_mem.total > kept_mem.budget && kept_mem.oldest && kept_mem.oldest != e) {
		Entry *o = kept_mem.oldest;
		entries++, bytes += o->cached;
		unlist(o);
		trim(o);
	}
	if (entries)
		cudart_stats_trimmed(entries, bytes, kept_mem.total, kept_mem.budget);
}

cudaError_t cudaLaunchKernel(const void *func, dim3 g, dim3 b, void **args, size_t shmem,
                             cudaStream_t stream)
{
	CudartKernel *k = (CudartKernel *)cudart_kernel_find(func);
	Entry *e = NULL;
	(void)stream;   /* every stream is the one in-order queue: launches run at once */

	if (!k) {
		cudart_set_error(cudaErrorInvalidDeviceFunction);
		return cudaErrorInvalidDeviceFunction;
	}
	if (!k->sig && !(k->sig = cudart_signature(k)))
		fail(k, "%s%s", "the kernel cannot be raised (diagnostics above)", "");
	if (vary(k, args)) {
		e = entry_get(k, args, g, b, shmem, 1, -1);
		settle(k, e != NULL);
	}
	if (!e && k->grid_input == 0 && k->last_gx && g.x != k->last_gx) {
		/* gridDim.x changed: tried as an input, kept if no worse than the last module */
		k->grid_input = 1;
		e = entry_get(k, args, g, b, shmem, 1, k->last_cost);
		k->grid_input = e ? 1 : -1;
	}
	Bytes fp = {0};
	if (!e) {
		fingerprint(k, args, g, b, shmem, &fp);
		if (k->last_entry && fp.len == k->last_fplen && !memcmp(fp.data, k->last_fp, fp.len))
			e = k->last_entry;
	}
	if (!e)
		e = entry_get(k, args, g, b, shmem, 0, -1);
	if (fp.len) {   /* the entry of these bytes from now on */
		free(k->last_fp);
		k->last_fp = fp.data, k->last_fplen = fp.len, k->last_entry = e;
	} else
		k->last_entry = NULL;
	k->last_gx = g.x;
	k->last_cost = e->cost;
	e->gx = g.x;
	if (skip_on() && repeats_last(k, e, args, g, b, shmem)) {
		cudart_stats_skipped(&e->stats, k->name, e->gparam >= 0, e->grid, e->block);
		return cudaSuccess;
	}
	k->memo_entry = NULL;   /* remembered again once this launch has completed */
	double t0 = cudart_now_ms();
	copy_in(k, e, args);
	c2h_session_stats was, now;
	c2h_session_get_stats(e->s, &was);
	double t1 = cudart_now_ms();
	if (c2h_session_run(e->s) != C2H_OK)
		fail(k, "the run failed: %s%s", c2h_session_message(e->s), "");
	double t2 = cudart_now_ms();
	c2h_session_get_stats(e->s, &now);
	cudart_stats_updates(now.updates_in_place - was.updates_in_place, now.bytes_copied - was.bytes_copied);
	char *said = c2h_session_device_output(e->s);
	if (said) {
		fputs(said, stdout);
		free(said);
	} else if (*c2h_session_message(e->s))
		fail(k, "device printf: %s%s", c2h_session_message(e->s), "");
	char *failed = c2h_session_device_asserts(e->s);
	if (failed) {    /* CUDA: cudaErrorAssert from here on; the program stops instead */
		fflush(stdout);
		fputs(failed, stderr);
		free(failed);
		fail(k, "a device assert failed (cudaErrorAssert: the CUDA context is unusable%s)%s",
		     ", so the program stops here", "");
	} else if (*c2h_session_message(e->s))
		fail(k, "device assert: %s%s", c2h_session_message(e->s), "");
	check_aliasing(k, e, args);
	keep_results(k, e, args);
	cache_after(e);
	remember(k, e, args, g, b, shmem);
	cudart_stats_launch(&e->stats, k->name, e->gparam >= 0, e->grid, e->block, t2 - t1,
	                    (t1 - t0) + (cudart_now_ms() - t2));
	return cudaSuccess;
}

/* cudaLaunchKernelEx (thrust and cub launch through it): the plain launch when no launch
 * attribute is set; an attribute (clusters, programmatic launch, ...) is refused by name. */
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *c, const void *func, void **args)
{
	if (!c)
		return cudaErrorInvalidValue;
	if (c->numAttrs)
		cudart_unimplemented("cudaLaunchKernelEx with launch attributes");
	return cudaLaunchKernel(func, c->gridDim, c->blockDim, args, c->dynamicSmemBytes, c->stream);
}
