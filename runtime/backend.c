/* backend.c: the execution backends behind one vtable (runtime.h, "backend.c").
 *
 * Consumes a backend spec ("interp", "cpu", "pjrt", "pjrt:PLUGIN"), a verified module and
 * its source text; produces a Backend that runs the module's entry function on RtValues.
 * The table `backends` is the one list of backends: the interpreter (always built), the
 * PJRT plugin backend (built when runtime/pjrt is: HAVE_PJRT), and "cpu", which is named
 * here so that asking for it gives a clear "not built yet" instead of "unknown". */
#include "runtime.h"

#include <stdlib.h>
#include <string.h>

#ifdef HAVE_PJRT
#include "pjrt.h"
#endif
#ifdef HAVE_CPU
#include "cpu.h"   /* runtime/cpu: compiled into this library by runtime/cpu/CMakeLists.txt */
#endif

/* ---- interp ---- */

static int interp_create(Backend *b, const char *arg, char *msg, size_t msglen)
{
	if (arg) {
		snprintf(msg, msglen, "backend 'interp' takes no argument (got 'interp:%s')", arg);
		return -1;
	}
	b->state = NULL;
	return 0;
}

static int interp_run(Backend *b, const RtValue *args, RtValue *results, char *msg, size_t msglen)
{
	Interp it;
	interp_init(&it, b->module);
	it.max_iterations = b->max_iterations;
	int rc = interp_call(&it, b->entry, args, results);
	if (rc != 0) {
		if (it.loc.file)
			snprintf(msg, msglen, "%s:%d:%d: error: %s", it.loc.file, it.loc.line, it.loc.col, it.msg);
		else
			snprintf(msg, msglen, "error: %s", it.msg);
	}
	interp_fini(&it);
	return rc;
}

static void interp_destroy(Backend *b) { (void)b; }

/* ---- pjrt ---- */

#ifdef HAVE_PJRT
typedef struct PjState {
	PjrtBackend *pb;
	PjrtExec *exec;
	int ndev;               /* devices of the module's sdy.mesh; 1: no mesh */
	char axis[8][64];       /* the mesh's axes, major first */
	int64_t size[8];
	int naxes;
} PjState;

/* ---- partitioned runs of a module with a Shardy mesh (docs/sharding.md) ---- */

/* Reads `<["y"=2, "x"=2]>` into s; 0, or -1 with msg set. */
static int mesh_read(PjState *s, const TModule *m, char *msg, size_t msglen)
{
	s->ndev = 1;
	if (m->nmeshes == 0)
		return 0;
	if (m->nmeshes > 1) {
		snprintf(msg, msglen, "backend 'pjrt': %d sdy.mesh definitions; one is supported", m->nmeshes);
		return -1;
	}
	for (const char *p = strchr(m->meshes[0].axes, '"'); p;) {
		const char *e = strchr(p + 1, '"');
		long long n = 0;
		if (!e || s->naxes == 8 || e - p - 1 >= 64 || sscanf(e + 1, " = %lld", &n) != 1 || n < 1 ||
		    n > 1024 || (s->ndev *= (int)n) > 1024) {
			snprintf(msg, msglen, "backend 'pjrt': cannot read the mesh %s (at most 8 axes, 1024 devices)",
			         m->meshes[0].axes);
			return -1;
		}
		snprintf(s->axis[s->naxes], sizeof s->axis[0], "%.*s", (int)(e - p - 1), p + 1);
		s->size[s->naxes++] = n;
		p = strchr(e, ',') ? strchr(strchr(e, ','), '"') : NULL;
	}
	return 0;
}

static int axis_index(const PjState *s, const char *name, size_t n)
{
	for (int a = 0; a < s->naxes; a++)
		if (strlen(s->axis[a]) == n && !strncmp(s->axis[a], name, n))
			return a;
	return -1;
}

/* The blocks of one parameter on each device from its `#sdy.sharding<@m, [{"y"}, {}]>`
 * (none: replicated). Device k has mesh coordinates k in row-major order of the axes
 * (Shardy's default device order); a dimension over axes A has prod(A) tiles of
 * ceil(dim / prod(A)). 0, or -1 with msg set. */
static int param_shard(const PjState *s, const TParam *p, PjrtShard *out, char *msg, size_t msglen)
{
	const TAttr *a = tir_param_attr(p, "sdy.sharding");
	const char *q = a && a->kind == TA_RAW ? strchr(a->u.s, '[') : NULL;
	int rank = p->type.rank;
	int ax[PJRT_MAX_DIMS][8], nax[PJRT_MAX_DIMS] = {0};

	for (int d = 0; q && d < rank; d++) {
		const char *open = strchr(q, '{'), *close = open ? strchr(open, '}') : NULL;
		if (!close) {
			snprintf(msg, msglen, "backend 'pjrt': cannot read the sharding %s", a->u.s);
			return -1;
		}
		for (const char *n = strchr(open, '"'); n && n < close; n = strchr(strchr(n + 1, '"') + 1, '"')) {
			const char *e = strchr(n + 1, '"');
			int i = axis_index(s, n + 1, (size_t)(e - n - 1));
			if (i < 0 || nax[d] == 8) {
				snprintf(msg, msglen, "backend 'pjrt': the sharding %s names an axis not in the mesh", a->u.s);
				return -1;
			}
			ax[d][nax[d]++] = i;
		}
		q = close + 1;
	}
	out->start = xcalloc((size_t)s->ndev, sizeof *out->start);
	for (int d = 0; d < rank; d++) {
		int64_t tiles = 1;
		for (int j = 0; j < nax[d]; j++)
			tiles *= s->size[ax[d][j]];
		out->shard[d] = (p->type.dims[d] + tiles - 1) / tiles;
		for (int k = 0; k < s->ndev; k++) {
			int64_t t = 0;
			for (int j = 0; j < nax[d]; j++) {
				int64_t c = k, below = 1;
				for (int b2 = ax[d][j] + 1; b2 < s->naxes; b2++)
					below *= s->size[b2];
				c = (c / below) % s->size[ax[d][j]];
				t = t * s->size[ax[d][j]] + c;
			}
			out->start[k][d] = t * out->shard[d];
		}
	}
	return 0;
}

static void shards_free(PjrtShard *sh, int n)
{
	for (int i = 0; sh && i < n; i++)
		free(sh[i].start);
	free(sh);
}

static int pj_type(DType t, PjrtType *out)
{
	static const struct { DType d; PjrtType p; } map[] = {
		{DT_I1, PJRT_PRED}, {DT_I8, PJRT_S8}, {DT_I16, PJRT_S16}, {DT_I32, PJRT_S32},
		{DT_I64, PJRT_S64}, {DT_UI8, PJRT_U8}, {DT_UI16, PJRT_U16}, {DT_UI32, PJRT_U32},
		{DT_UI64, PJRT_U64}, {DT_F16, PJRT_F16}, {DT_BF16, PJRT_BF16}, {DT_F32, PJRT_F32},
		{DT_F64, PJRT_F64},
	};
	for (size_t i = 0; i < sizeof map / sizeof *map; i++)
		if (map[i].d == t) {
			*out = map[i].p;
			return 0;
		}
	return -1;
}

static int pjrt_create_(Backend *b, const char *arg, char *msg, size_t msglen)
{
	PjState *s = xcalloc(1, sizeof *s);
	b->state = s;
	if (mesh_read(s, b->module, msg, msglen) != 0)
		return -1;
	if (pjrt_backend_create(arg, &s->pb) != PJRT_OK ||
	    (s->ndev > 1 ? pjrt_exec_compile_partitioned(s->pb, b->text, b->len, s->ndev, &s->exec)
	                 : pjrt_exec_compile(s->pb, b->text, b->len, &s->exec)) != PJRT_OK) {
		snprintf(msg, msglen, "backend 'pjrt': %s", s->pb ? pjrt_backend_message(s->pb) : "out of memory");
		return -1;
	}
	return 0;
}

/* The first stablehlo.while of block bl or of the regions nested in it; NULL if none. */
static const TOp *first_while(const TBlock *bl)
{
	for (int i = 0; bl && i < bl->nops; i++) {
		const TOp *op = bl->ops[i];
		if (op->kind == TOP_WHILE)
			return op;
		for (int r = 0; r < op->nregions; r++) {
			const TOp *w = first_while(op->regions[r]);
			if (w)
				return w;
		}
	}
	return NULL;
}

/* XLA runs a while loop to its end inside one execution: an iteration limit cannot be
 * kept there, so a module with a while under a limit is refused, never run unbounded. */
static int pjrt_check_limit(const Backend *b, char *msg, size_t msglen)
{
	if (b->max_iterations <= 0)
		return 0;
	for (int i = 0; i < b->module->nfuncs; i++) {
		const TOp *w = first_while(b->module->funcs[i]->body);
		if (w) {
			snprintf(msg, msglen, "%s:%d:%d: error: --max-iterations %lld cannot be kept on the "
			         "pjrt backend (XLA runs this while loop to its end); use interp or cpu",
			         w->loc.file ? w->loc.file : "<module>", w->loc.line, w->loc.col,
			         (long long)b->max_iterations);
			return -1;
		}
	}
	return 0;
}

static int pj_array(const RtValue *v, PjrtArray *a, char *msg, size_t msglen)
{
	if (pj_type(v->type.dt, &a->type) != 0) {
		snprintf(msg, msglen, "backend 'pjrt': element type %s is not supported", dtype_name(v->type.dt));
		return -1;
	}
	a->ndims = v->type.rank;
	memcpy(a->dims, v->type.dims, sizeof(int64_t) * (size_t)v->type.rank);
	a->data = rt_data(v);
	a->nbytes = (size_t)tir_type_bytes(&v->type);
	return 0;
}

/* A run on the mesh's devices: inputs split by their shardings, results assembled. */
static int pjrt_run_sharded(Backend *b, const RtValue *args, RtValue *results, char *msg, size_t msglen)
{
	PjState *s = b->state;
	const TFunc *f = b->entry;
	PjrtArray *ins = xcalloc((size_t)f->nargs + 1, sizeof *ins), *outs = xcalloc((size_t)f->nresults + 1, sizeof *outs);
	PjrtShard *ish = xcalloc((size_t)f->nargs + 1, sizeof *ish), *osh = xcalloc((size_t)f->nresults + 1, sizeof *osh);
	int rc = 0;

	for (int i = 0; i < f->nargs && rc == 0; i++)
		rc = pj_array(&args[i], &ins[i], msg, msglen) || param_shard(s, &f->args[i], &ish[i], msg, msglen) ? -1 : 0;
	for (int i = 0; i < f->nresults && rc == 0; i++) {
		results[i] = rt_tensor_new(NULL, &f->results[i].type);
		rc = pj_array(&results[i], &outs[i], msg, msglen) || param_shard(s, &f->results[i], &osh[i], msg, msglen) ? -1 : 0;
	}
	if (rc == 0 && pjrt_exec_run_sharded(s->exec, ins, ish, f->nargs, outs, osh, f->nresults) != PJRT_OK) {
		snprintf(msg, msglen, "backend 'pjrt': %s", pjrt_backend_message(s->pb));
		rc = -1;
	}
	shards_free(ish, f->nargs);
	shards_free(osh, f->nresults);
	free(ins);
	free(outs);
	return rc;
}

static int pjrt_run_(Backend *b, const RtValue *args, RtValue *results, char *msg, size_t msglen)
{
	PjState *s = b->state;
	if (pjrt_check_limit(b, msg, msglen) != 0)
		return -1;
	int n = b->entry->nargs, rc = 0;
	PjrtArray *ins = xcalloc((size_t)n + 1, sizeof *ins), *outs = NULL;
	for (int i = 0; i < n && rc == 0; i++) {
		if (pj_type(args[i].type.dt, &ins[i].type) != 0) {
			snprintf(msg, msglen, "backend 'pjrt': element type %s is not supported", dtype_name(args[i].type.dt));
			rc = -1;
		}
		ins[i].ndims = args[i].type.rank;
		memcpy(ins[i].dims, args[i].type.dims, sizeof(int64_t) * (size_t)args[i].type.rank);
		ins[i].data = rt_data(&args[i]);
		ins[i].nbytes = (size_t)tir_type_bytes(&args[i].type);
	}
	int nouts = 0;
	if (rc == 0 && s->ndev > 1) {
		free(ins);
		return pjrt_run_sharded(b, args, results, msg, msglen);
	}
	if (rc == 0 && pjrt_exec_run(s->exec, ins, n, &outs, &nouts) != PJRT_OK) {
		snprintf(msg, msglen, "backend 'pjrt': %s", pjrt_backend_message(s->pb));
		rc = -1;
	}
	if (rc == 0 && nouts != b->entry->nresults) {
		snprintf(msg, msglen, "backend 'pjrt': %d results, %d expected", nouts, b->entry->nresults);
		rc = -1;
	}
	for (int i = 0; i < nouts && rc == 0; i++) {
		const TType *t = &b->entry->results[i].type;
		results[i] = rt_tensor_new(NULL, t);
		if (outs[i].nbytes != (size_t)tir_type_bytes(t)) {
			snprintf(msg, msglen, "backend 'pjrt': result %d has %zu bytes, %lld expected", i, outs[i].nbytes,
			         (long long)tir_type_bytes(t));
			rc = -1;
		} else {
			memcpy(rt_data(&results[i]), outs[i].data, outs[i].nbytes);
		}
	}
	if (outs)
		pjrt_arrays_free(outs, nouts);
	free(ins);
	return rc;
}

static void pjrt_destroy_(Backend *b)
{
	PjState *s = b->state;
	if (!s)
		return;
	if (s->exec)
		pjrt_exec_destroy(s->exec);
	if (s->pb)
		pjrt_backend_destroy(s->pb);
	free(s);
}
#endif

static const BackendOps backends[] = {
	{"interp", interp_create, interp_run, interp_destroy, 0, NULL, NULL, NULL},
#ifdef HAVE_PJRT
	{"pjrt", pjrt_create_, pjrt_run_, pjrt_destroy_, 0, NULL, NULL, NULL},
#else
	{"pjrt", NULL, NULL, NULL, 0, NULL, NULL, NULL},
#endif
#ifdef HAVE_CPU
	{"cpu", cpu_backend_create, cpu_backend_run, cpu_backend_destroy, 1, cpu_backend_disown,
	 cpu_backend_cached_bytes, cpu_backend_trim},
#else
	{"cpu", NULL, NULL, NULL, 0, NULL, NULL, NULL},
#endif
};

/* The default backend is the fastest one built in (issue 7): cpu, else interp. */
const char *backend_default_name(void)
{
#ifdef HAVE_CPU
	return "cpu";
#else
	return "interp";
#endif
}

BackendStatus backend_create(const char *spec, const TModule *m, const TFunc *entry,
                             const char *text, size_t len, Backend **out, char *msg, size_t msglen)
{
	*out = NULL;
	const char *colon = strchr(spec, ':');
	size_t nlen = colon ? (size_t)(colon - spec) : strlen(spec);
	for (size_t i = 0; i < sizeof backends / sizeof *backends; i++) {
		const BackendOps *ops = &backends[i];
		if (strlen(ops->name) != nlen || strncmp(ops->name, spec, nlen) != 0)
			continue;
		if (!ops->create) {
			snprintf(msg, msglen, "backend '%s' is not built yet", ops->name);
			return BACKEND_NOT_BUILT;
		}
		Backend *b = xcalloc(1, sizeof *b);
		if (m->dynamic)      /* refined at each call, then run on ops (refine.c) */
			ops = &runtime_refining_backend;
		b->ops = ops, b->module = m, b->entry = entry, b->text = text, b->len = len;
		b->spec = xstrdup(spec);
		if (ops->create(b, colon ? colon + 1 : NULL, msg, msglen) != 0) {
			backend_destroy(b);
			return BACKEND_FAILED;
		}
		*out = b;
		return BACKEND_OK;
	}
	snprintf(msg, msglen, "unknown backend '%s' (expected interp, cpu or pjrt[:PLUGIN])", spec);
	return BACKEND_UNKNOWN;
}

int backend_run(Backend *b, const RtValue *args, RtValue *results, char *msg, size_t msglen)
{
	return b->ops->run(b, args, results, msg, msglen);
}

int backend_run_donated(Backend *b, RtValue *args, const uint8_t *donated, RtValue *results,
                        char *msg, size_t msglen)
{
	if (b->ops->takes_donated) {
		b->donated = donated;
		int rc = b->ops->run(b, args, results, msg, msglen);
		b->donated = NULL;
		return rc;
	}
	int rc = b->ops->run(b, args, results, msg, msglen);
	for (int i = 0; i < b->entry->nargs; i++)
		if (donated[i])
			rt_value_release(NULL, &args[i]);
	return rc;
}

void backend_disown(Backend *b, RtBuf *buf)
{
	if (b->ops->disown && buf)
		b->ops->disown(b, buf);
}

size_t backend_cached_bytes(const Backend *b)
{
	return b->ops->cached_bytes ? b->ops->cached_bytes(b) : 0;
}

void backend_trim(Backend *b)
{
	if (b->ops->trim)
		b->ops->trim(b);
}

void backend_destroy(Backend *b)
{
	if (!b)
		return;
	b->ops->destroy(b);
	free(b->spec);
	free(b);
}
