/* api.c: the public C API (include/cuda2hlo_runtime.h) over the parser, the values and
 * the backends.
 *
 * Consumes StableHLO text and caller buffers; produces module, buffer and session
 * handles. A module keeps its source text (PJRT compiles text), its TModule, the entry
 * function and the parameter/result names resolved once: `cuda2hlo.param`, else
 * `jax.arg_info` / `jax.result_info` (when a non-empty string), else arg<i> / result<i>.
 * Buffers wrap an RtValue, so binding one passes its storage to the interpreter without
 * a copy. Nothing here prints or exits. */
#include "runtime.h"
#include "cuda2hlo_runtime.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct c2h_module {
	TModule *tm;
	const TFunc *entry;
	char *text;
	size_t len;
	char *file;
	c2h_param_info *params, *results;
	int nparams, nresults;
	const char **names;        /* params[i].name */
	RtGuards *guards;          /* cuda2hlo.oob_checks (guard.c), or NULL */
};

struct c2h_buffer {
	RtValue v;
	c2h_dtype dtype;
};

struct c2h_session {
	const c2h_module *m;
	Backend *backend;
	const c2h_buffer **bound;
	c2h_buffer **donor;        /* per input: bound by c2h_session_donate for the next run */
	uint8_t *donated;
	c2h_buffer *results;
	int have_results;
	int64_t max_memory;        /* bytes; 0: unlimited */
	int64_t peak;              /* the entry's planned peak (budget.c) */
	int64_t runs;              /* successful runs (c2h_session_get_stats) */
	int64_t taken_copied;      /* bytes take_result copied (c2h_session_get_stats) */
	SrcLoc peak_at;
	char msg[1024];
};

static const DType dtype_map[C2H_NDTYPES] = {
	DT_I1, DT_I8, DT_I16, DT_I32, DT_I64, DT_UI8, DT_UI16, DT_UI32, DT_UI64,
	DT_F16, DT_BF16, DT_F32, DT_F64,
};

static int public_dtype(DType t, c2h_dtype *out)
{
	for (int i = 0; i < C2H_NDTYPES; i++)
		if (dtype_map[i] == t) {
			*out = (c2h_dtype)i;
			return 0;
		}
	return -1;
}

const char *c2h_status_name(c2h_status st)
{
	static const char *names[] = {
		"C2H_OK", "C2H_EINVAL", "C2H_EIO", "C2H_EPARSE", "C2H_EUNSUPPORTED", "C2H_ENOTFOUND",
		"C2H_ETYPE", "C2H_EUNBOUND", "C2H_ERUN", "C2H_EBACKEND", "C2H_ENOMEM",
	};
	return (unsigned)st < sizeof names / sizeof *names ? names[st] : "C2H_?";
}

const char *c2h_dtype_name(c2h_dtype t) { return (unsigned)t < C2H_NDTYPES ? dtype_name(dtype_map[t]) : "?"; }
size_t c2h_dtype_size(c2h_dtype t) { return (unsigned)t < C2H_NDTYPES ? (size_t)dtype_size(dtype_map[t]) : 0; }

static c2h_status say(char *msg, size_t msglen, c2h_status st, const char *fmt, ...) C2H_PRINTF(4, 5);
static c2h_status say(char *msg, size_t msglen, c2h_status st, const char *fmt, ...)
{
	if (msg && msglen) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(msg, msglen, fmt, ap);
		va_end(ap);
	}
	return st;
}

/* ---- modules ---- */

static const char *param_name(Arena *a, const TParam *p, const char *jax_attr, const char *prefix, int i)
{
	TAttr *at = tir_param_attr(p, "cuda2hlo.param");
	if (!at || at->kind != TA_STRING || !at->u.s[0])
		at = tir_param_attr(p, jax_attr);
	if (at && at->kind == TA_STRING && at->u.s[0])
		return at->u.s;
	return arena_printf(a, "%s%d", prefix, i);
}

static c2h_status describe(Arena *a, const TParam *ps, int n, const char *jax_attr, const char *prefix,
                           c2h_param_info *out, char *msg, size_t msglen)
{
	for (int i = 0; i < n; i++) {
		const TType *t = &ps[i].type;
		if (t->kind != TY_TENSOR || public_dtype(t->dt, &out[i].dtype) != 0)
			return say(msg, msglen, C2H_EUNSUPPORTED, "%s %d of @main: only tensors of i1, i8..i64, "
			           "ui8..ui64, f16, bf16, f32, f64 can be passed", prefix, i);
		out[i].name = param_name(a, &ps[i], jax_attr, prefix, i);
		out[i].rank = t->rank;
		memcpy(out[i].dims, t->dims, sizeof(int64_t) * (size_t)t->rank);
	}
	return C2H_OK;
}

static c2h_status module_from_case(c2h_module *m, const ParseCase *c, char *msg, size_t msglen)
{
	if (c->status != PARSE_OK) {
		c2h_status st = c->status == PARSE_UNSUPPORTED ? C2H_EUNSUPPORTED : C2H_EPARSE;
		return say(msg, msglen, st, "%s:%d:%d: error: %s", m->file, c->err_loc.line, c->err_loc.col, c->message);
	}
	m->tm = c->module;
	m->entry = tir_module_main(m->tm);
	if (!m->entry)
		return say(msg, msglen, C2H_EPARSE, "%s: error: no entry function (@main or a single public function)", m->file);
	m->nparams = m->entry->nargs;
	m->nresults = m->entry->nresults;
	m->params = xcalloc((size_t)m->nparams + 1, sizeof *m->params);
	m->results = xcalloc((size_t)m->nresults + 1, sizeof *m->results);
	c2h_status st = describe(m->tm->arena, m->entry->args, m->nparams, "jax.arg_info", "arg", m->params, msg, msglen);
	if (st == C2H_OK)
		st = describe(m->tm->arena, m->entry->results, m->nresults, "jax.result_info", "result", m->results, msg, msglen);
	m->names = xcalloc((size_t)m->nparams + 1, sizeof *m->names);
	for (int i = 0; st == C2H_OK && i < m->nparams; i++)
		m->names[i] = m->params[i].name;
	const char *oob = tir_module_string(m->tm, "cuda2hlo.oob_checks");
	char why[256];
	if (st == C2H_OK && oob && rt_guards_parse(oob, m->names, m->entry->args, m->nparams, &m->guards, why, sizeof why))
		st = say(msg, msglen, C2H_EPARSE, "%s: error: %s", m->file, why);
	return st;
}

c2h_status c2h_module_create(const char *text, size_t len, const char *file, c2h_module **out,
                             char *msg, size_t msglen)
{
	if (!out || (!text && len))
		return say(msg, msglen, C2H_EINVAL, "c2h_module_create: NULL argument");
	*out = NULL;
	c2h_module *m = xcalloc(1, sizeof *m);
	m->text = xmalloc(len + 1);
	memcpy(m->text, text, len);
	m->text[len] = 0;
	m->len = len;
	m->file = xstrdup(file ? file : "<module>");
	ParseCase *cases = NULL;
	int n = runtime_parse_cases(m->file, m->text, m->len, &cases);
	c2h_status st;
	if (n != 1) {
		st = say(msg, msglen, C2H_EPARSE, "%s: error: %d modules separated by '// -----' (one expected)", m->file, n);
	} else {
		st = module_from_case(m, &cases[0], msg, msglen);
		cases[0].module = NULL;   /* owned by m now (or NULL) */
	}
	runtime_parse_cases_free(cases, n);
	if (st != C2H_OK) {
		c2h_module_destroy(m);
		return st;
	}
	*out = m;
	return C2H_OK;
}

c2h_status c2h_module_create_from_file(const char *path, c2h_module **out, char *msg, size_t msglen)
{
	size_t len;
	if (!path || !out)
		return say(msg, msglen, C2H_EINVAL, "c2h_module_create_from_file: NULL argument");
	*out = NULL;
	char *text = file_read_all(path, &len);
	if (!text)
		return say(msg, msglen, C2H_EIO, "%s: cannot read: %s", path, strerror(errno));
	c2h_status st = c2h_module_create(text, len, path, out, msg, msglen);
	free(text);
	return st;
}

void c2h_module_destroy(c2h_module *m)
{
	if (!m)
		return;
	if (m->tm)
		tir_module_destroy(m->tm);
	free(m->params);
	free(m->results);
	free(m->names);
	rt_guards_free(m->guards);
	free(m->text);
	free(m->file);
	free(m);
}

int c2h_module_num_params(const c2h_module *m) { return m ? m->nparams : 0; }
int c2h_module_num_results(const c2h_module *m) { return m ? m->nresults : 0; }

c2h_status c2h_module_param(const c2h_module *m, int i, c2h_param_info *info)
{
	if (!m || !info || i < 0 || i >= m->nparams)
		return C2H_EINVAL;
	*info = m->params[i];
	return C2H_OK;
}

c2h_status c2h_module_result(const c2h_module *m, int i, c2h_param_info *info)
{
	if (!m || !info || i < 0 || i >= m->nresults)
		return C2H_EINVAL;
	*info = m->results[i];
	return C2H_OK;
}

int c2h_module_find_param(const c2h_module *m, const char *name)
{
	for (int i = 0; m && name && i < m->nparams; i++)
		if (strcmp(m->params[i].name, name) == 0)
			return i;
	return -1;
}

/* ---- buffers ---- */

c2h_buffer *c2h_buffer_create(c2h_dtype t, int rank, const int64_t *dims, const void *data, size_t nbytes)
{
	if ((unsigned)t >= C2H_NDTYPES || rank < 0 || rank > C2H_MAX_RANK || (rank && !dims))
		return NULL;
	for (int d = 0; d < rank; d++)
		if (dims[d] < 0)
			return NULL;
	TType ty = tir_type_tensor(dtype_map[t], rank, dims);
	RtValue v;
	if (rt_tensor_try_new(&ty, &v) != 0)   /* too large: NULL, never an abort */
		return NULL;
	size_t size = (size_t)tir_type_bytes(&ty);
	if (data && nbytes != size) {
		rt_value_release(NULL, &v);
		return NULL;
	}
	c2h_buffer *b = xcalloc(1, sizeof *b);
	b->dtype = t;
	b->v = v;
	if (data && nbytes)
		memcpy(rt_data(&b->v), data, nbytes);
	else if (!data)
		memset(rt_data(&b->v), 0, size);
	return b;
}

c2h_buffer *c2h_buffer_borrow(c2h_dtype t, int rank, const int64_t *dims, void *data, size_t nbytes)
{
	if ((unsigned)t >= C2H_NDTYPES || rank < 0 || rank > C2H_MAX_RANK || (rank && !dims) || !data)
		return NULL;
	int64_t n = 1;
	for (int d = 0; d < rank; d++)
		if (dims[d] < 0 || __builtin_mul_overflow(n, dims[d], &n))
			return NULL;
	size_t esz = c2h_dtype_size(t);
	if ((uint64_t)n > SIZE_MAX / esz || (size_t)n * esz != nbytes || (uintptr_t)data % esz)
		return NULL;
	TType ty = tir_type_tensor(dtype_map[t], rank, dims);
	c2h_buffer *b = xcalloc(1, sizeof *b);
	b->dtype = t;
	b->v = rt_tensor_borrow(&ty, data);
	return b;
}

void c2h_buffer_destroy(c2h_buffer *b)
{
	if (!b)
		return;
	rt_value_release(NULL, &b->v);
	free(b);
}

c2h_dtype c2h_buffer_dtype(const c2h_buffer *b) { return b->dtype; }
int c2h_buffer_rank(const c2h_buffer *b) { return b->v.type.rank; }
const int64_t *c2h_buffer_dims(const c2h_buffer *b) { return b->v.type.dims; }
void *c2h_buffer_data(c2h_buffer *b) { return rt_data(&b->v); }
const void *c2h_buffer_data_const(const c2h_buffer *b) { return rt_data(&b->v); }
size_t c2h_buffer_nbytes(const c2h_buffer *b) { return (size_t)tir_type_bytes(&b->v.type); }

/* ---- sessions ---- */

c2h_status c2h_session_create(const c2h_module *m, const char *backend, c2h_session **out,
                              char *msg, size_t msglen)
{
	if (!m || !out)
		return say(msg, msglen, C2H_EINVAL, "c2h_session_create: NULL argument");
	*out = NULL;
	Backend *b;
	BackendStatus bs = backend_create(backend ? backend : backend_default_name(), m->tm, m->entry, m->text, m->len, &b, msg, msglen);
	if (bs != BACKEND_OK)
		return C2H_EBACKEND;
	c2h_session *s = xcalloc(1, sizeof *s);
	s->m = m;
	s->backend = b;
	s->bound = xcalloc((size_t)m->nparams + 1, sizeof *s->bound);
	s->donor = xcalloc((size_t)m->nparams + 1, sizeof *s->donor);
	s->donated = xcalloc((size_t)m->nparams + 1, 1);
	s->results = xcalloc((size_t)m->nresults + 1, sizeof *s->results);
	s->max_memory = c2h_physical_memory();
	s->peak = m->tm->dynamic ? 0 : rt_planned_peak(m->entry, &s->peak_at);   /* 0: not known */
	*out = s;
	return C2H_OK;
}

int64_t c2h_physical_memory(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
	return pages > 0 && size > 0 ? (int64_t)pages * size : 0;
}

c2h_status c2h_session_set_limit(c2h_session *s, c2h_limit which, int64_t value)
{
	if (!s || value < 0)
		return C2H_EINVAL;
	if (which == C2H_LIMIT_MEMORY)
		s->max_memory = value;
	else if (which == C2H_LIMIT_ITERATIONS)
		s->backend->max_iterations = value;
	else
		return C2H_EINVAL;
	return C2H_OK;
}

static void drop_results(c2h_session *s)
{
	for (int i = 0; i < s->m->nresults; i++)
		rt_value_release(NULL, &s->results[i].v);
	s->have_results = 0;
}

void c2h_session_destroy(c2h_session *s)
{
	if (!s)
		return;
	drop_results(s);
	backend_destroy(s->backend);
	free(s->bound);
	free(s->donor);
	free(s->donated);
	free(s->results);
	free(s);
}

static c2h_status sfail(c2h_session *s, c2h_status st, const char *fmt, ...) C2H_PRINTF(3, 4);
static c2h_status sfail(c2h_session *s, c2h_status st, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s->msg, sizeof s->msg, fmt, ap);
	va_end(ap);
	return st;
}

/* A `?` dimension of a polymorphic module's parameter takes any extent (refine.c). */
static int type_accepts(const TType *want, const TType *got)
{
	if (want->kind != got->kind || want->dt != got->dt || want->rank != got->rank)
		return tir_type_equal(want, got);
	for (int i = 0; i < want->rank; i++)
		if (want->dims[i] != TIR_DYN && want->dims[i] != got->dims[i])
			return 0;
	return 1;
}

c2h_status c2h_session_bind_index(c2h_session *s, int i, const c2h_buffer *b)
{
	if (!s || !b)
		return C2H_EINVAL;
	if (i < 0 || i >= s->m->nparams)
		return sfail(s, C2H_EINVAL, "input %d out of range (the module has %d parameters)", i, s->m->nparams);
	const TType *want = &s->m->entry->args[i].type;
	if (!type_accepts(want, &b->v.type)) {
		StrBuf w = {0}, g = {0};
		tir_type_print(&w, want);
		tir_type_print(&g, &b->v.type);
		sfail(s, C2H_ETYPE, "input '%s' is %s, the parameter is %s", s->m->params[i].name, sb_str(&g), sb_str(&w));
		sb_free(&w);
		sb_free(&g);
		return C2H_ETYPE;
	}
	s->bound[i] = b;
	s->donor[i] = NULL;
	return C2H_OK;
}

c2h_status c2h_session_donate(c2h_session *s, int i, c2h_buffer *b)
{
	if (b && b->v.buf && !b->v.buf->cap)   /* borrowed: its storage is not ours to give */
		return s ? sfail(s, C2H_EINVAL, "a borrowed buffer cannot be donated") : C2H_EINVAL;
	c2h_status st = c2h_session_bind_index(s, i, b);
	if (st == C2H_OK)
		s->donor[i] = b;
	return st;
}

c2h_status c2h_session_bind(c2h_session *s, const char *name, const c2h_buffer *b)
{
	if (!s || !name)
		return C2H_EINVAL;
	int i = c2h_module_find_param(s->m, name);
	if (i < 0)
		return sfail(s, C2H_ENOTFOUND, "no parameter named '%s'", name);
	return c2h_session_bind_index(s, i, b);
}

c2h_status c2h_session_run(c2h_session *s)
{
	if (!s)
		return C2H_EINVAL;
	int n = s->m->nparams;
	for (int i = 0; i < n; i++)
		if (!s->bound[i])
			return sfail(s, C2H_EUNBOUND, "parameter '%s' is not bound", s->m->params[i].name);
	drop_results(s);
	if (s->max_memory && s->peak > s->max_memory) {
		const SrcLoc *l = &s->peak_at;
		return sfail(s, C2H_ENOMEM,
		             "%s:%d:%d: error: the program needs %lld bytes of memory here, more than the "
		             "budget of %lld bytes (--max-memory)",
		             l->file ? l->file : "<module>", l->line, l->col, (long long)s->peak, (long long)s->max_memory);
	}
	RtValue *args = xcalloc((size_t)n + 1, sizeof *args), *res = xcalloc((size_t)s->m->nresults + 1, sizeof *res);
	for (int i = 0; i < n; i++)
		args[i] = s->bound[i]->v;
	s->msg[0] = 0;
	int rc = rt_guards_check(s->m->guards, s->m->names, args, s->msg, sizeof s->msg), donating = 0;
	for (int i = 0; i < n; i++) {   /* a donated buffer's storage goes to the run */
		s->donated[i] = s->donor[i] != NULL;
		if (s->donor[i]) {
			s->donor[i]->v.buf = NULL;
			s->donor[i] = NULL;
			s->bound[i] = NULL;
			donating = 1;
		}
	}
	if (rc == 0 && donating)
		rc = backend_run_donated(s->backend, args, s->donated, res, s->msg, sizeof s->msg);
	else if (rc == 0)
		rc = backend_run(s->backend, args, res, s->msg, sizeof s->msg);
	else
		for (int i = 0; i < n; i++)
			if (s->donated[i])
				rt_value_release(NULL, &args[i]);
	for (int i = 0; i < s->m->nresults && rc == 0; i++) {
		s->results[i].v = res[i];
		s->results[i].dtype = s->m->results[i].dtype;
	}
	s->have_results = rc == 0;
	s->runs += rc == 0;
	free(args);
	free(res);
	return rc == 0 ? C2H_OK : C2H_ERUN;
}

const c2h_buffer *c2h_session_result(const c2h_session *s, int i)
{
	if (!s || !s->have_results || i < 0 || i >= s->m->nresults || !s->results[i].v.buf)
		return NULL;
	return &s->results[i];
}

c2h_buffer *c2h_session_take_result(c2h_session *s, int i)
{
	if (!s || !s->have_results || i < 0 || i >= s->m->nresults || !s->results[i].v.buf)
		return NULL;
	c2h_buffer *b = xcalloc(1, sizeof *b);
	*b = s->results[i];
	memset(&s->results[i].v, 0, sizeof s->results[i].v);
	if (b->v.buf && b->v.buf->refs > 1)
		backend_disown(s->backend, b->v.buf);   /* a pooled buffer leaves the pool: no copy */
	if (b->v.buf && b->v.buf->refs > 1)
		s->taken_copied += tir_type_bytes(&b->v.type);
	rt_make_unique(NULL, &b->v);   /* never storage an input or a constant shares */
	return b;
}

static const int64_t *find_result(void *ctx, const char *name, int64_t *count)
{
	c2h_session *s = ctx;
	for (int i = 0; i < s->m->nresults; i++) {
		const c2h_buffer *b = c2h_session_result(s, i);
		if (b && b->dtype == C2H_I64 && !strcmp(s->m->results[i].name, name)) {
			*count = (int64_t)(c2h_buffer_nbytes(b) / sizeof(int64_t));
			return c2h_buffer_data_const(b);
		}
	}
	return NULL;
}

static char *device_text(c2h_session *s, char kind)
{
	const char *desc = s && s->have_results ? tir_module_string(s->m->tm, "cuda2hlo.printf") : NULL;
	if (s)
		s->msg[0] = 0;
	return desc ? rt_printf_text(desc, kind, find_result, s, s->msg, sizeof s->msg) : NULL;
}

char *c2h_session_device_output(c2h_session *s)
{
	return device_text(s, 'p');
}

char *c2h_session_device_asserts(c2h_session *s)
{
	char *t = device_text(s, 'a');
	if (t && !*t) {
		free(t);
		return NULL;
	}
	return t;
}

const char *c2h_session_message(const c2h_session *s) { return s ? s->msg : "NULL session"; }
const char *c2h_session_backend(const c2h_session *s) { return s ? s->backend->spec : ""; }

size_t c2h_session_cached_bytes(const c2h_session *s) { return s ? backend_cached_bytes(s->backend) : 0; }

void c2h_session_trim(c2h_session *s)
{
	if (s)
		backend_trim(s->backend);
}

c2h_status c2h_session_get_stats(const c2h_session *s, c2h_session_stats *out)
{
	if (!s || !out)
		return C2H_EINVAL;
	const BackendStats *b = &s->backend->stats;
	out->runs = s->runs;
	out->counted = b->counted;
	out->updates_in_place = b->in_place;
	out->bytes_copied = b->bytes_copied;
	out->taken_bytes_copied = s->taken_copied;
	return C2H_OK;
}
