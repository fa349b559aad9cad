/* bench_run.c: time one StableHLO module on several backends in one process.
 *
 *   bench_run MODULE.mlir [--reps N] [--interp-reps N] [--bytes B] [--flops F]
 *             [--xla-exec [--plugin PATH]] BACKEND...
 *
 * Consumes a module and a list of backend specs (interp, cpu, pjrt[:PLUGIN], as
 * `cuda2hlo-run --backend`); produces one line per backend: the session create time
 * (parse excluded, compile included), the median and the best of N runs (after one
 * warm-up run), the process's CPU time per run (all threads), GB/s (B bytes per run)
 * or GFLOP/s (F flops per run), and the largest difference of its first result from
 * the first backend's, relative to that result's largest magnitude. --xla-exec adds a
 * line for XLA's execute alone through runtime/pjrt (pjrt_exec_time: inputs already on
 * the device, results left there), the time a session run spends outside copies;
 * --plugin names its plugin (default: as `pjrt`). The first backend (the reference)
 * runs alone; the others are interleaved run by run (a warm-up of each, then one run
 * of each in turn), so that a change in the machine's load moves them alike. Inputs
 * are the same pseudo-random floats in [0, 1) for every backend (integers: 0..9).
 * Ratios are taken by bench/run.sh from these lines.
 * Uses only the public runtime header and runtime/pjrt/pjrt.h. */
#include "cuda2hlo_runtime.h"
#include "pjrt.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

enum { MAX_REPS = 1000 };

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* CPU time of the process (every thread, user and system): a run's share of the cores,
 * which other work on a loaded machine moves less than the wall time. */
static double cpu_s(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_sec +
	       1e-6 * (double)ru.ru_stime.tv_usec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *t, int n)
{
	qsort(t, (size_t)n, sizeof *t, cmp_double);
	return n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

/* Pseudo-random contents: floats in [0, 1), integers 0..9 (xorshift, fixed seed). */
static void fill(void *data, c2h_dtype t, size_t n, uint64_t seed)
{
	uint64_t s = seed * 0x9E3779B97F4A7C15ULL + 1;
	for (size_t i = 0; i < n; i++) {
		s ^= s << 13, s ^= s >> 7, s ^= s << 17;
		double u = (double)(s >> 11) / 9007199254740992.0;
		if (t == C2H_F32)
			((float *)data)[i] = (float)u;
		else if (t == C2H_F64)
			((double *)data)[i] = u;
		else if (t == C2H_I32)
			((int32_t *)data)[i] = (int32_t)(u * 10);
		else
			memset((char *)data + i * c2h_dtype_size(t), 0, c2h_dtype_size(t));
	}
}

typedef struct Opts {
	const char *module;
	int reps, interp_reps, xla_exec;
	const char *plugin;        /* --xla-exec's plugin, NULL: pjrt's default */
	double bytes, flops;
	const char *backends[8];
	int nbackends;
} Opts;

static void report(const Opts *o, const char *name, double create_s, double med, double best, double cpu,
                   double diff)
{
	printf("%-10s create %8.3f s  median %9.3f ms  best %9.3f ms  cpu %9.3f ms", name, create_s, 1e3 * med,
	       1e3 * best, 1e3 * cpu);
	if (o->flops > 0)
		printf("  %7.1f GFLOP/s", o->flops / med / 1e9);
	else if (o->bytes > 0)
		printf("  %7.2f GB/s", o->bytes / med / 1e9);
	if (diff >= 0)
		printf("  maxdiff %.2g", diff);
	printf("\n");
	fflush(stdout);
}

/* Largest |got - ref| / max |ref| over the first result (f32 / f64), or -1. */
static double rel_diff(const c2h_buffer *got, const float *ref, size_t n)
{
	if (!got || !ref || c2h_buffer_dtype(got) != C2H_F32 || c2h_buffer_nbytes(got) != 4 * n)
		return -1;
	const float *g = c2h_buffer_data_const(got);
	double worst = 0, scale = 0;
	for (size_t i = 0; i < n; i++) {
		double d = fabs((double)g[i] - ref[i]);
		worst = d > worst || isnan(d) ? d : worst;
		scale = fabs(ref[i]) > scale ? fabs(ref[i]) : scale;
	}
	return scale > 0 ? worst / scale : worst;
}

/* One timed thing: a session of a backend, or XLA's execute alone (e). */
typedef struct Bench {
	const char *name;
	c2h_session *s;
	PjrtBackend *pb;
	PjrtExec *e;
	PjrtArray arr[16];
	int narr, reps;
	double create_s, cpu, times[MAX_REPS];
} Bench;

static int bench_open(const Opts *o, const c2h_module *m, c2h_buffer **ins, const char *spec, Bench *b)
{
	char msg[1024];
	memset(b, 0, sizeof *b);
	b->name = strncmp(spec, "pjrt:", 5) == 0 ? "pjrt" : spec;
	b->reps = strcmp(spec, "interp") == 0 ? o->interp_reps : o->reps;
	double t0 = now_s();
	if (c2h_session_create(m, spec, &b->s, msg, sizeof msg) != C2H_OK) {
		printf("%-10s error: %s\n", spec, msg);
		return 1;
	}
	b->create_s = now_s() - t0;
	for (int i = 0; i < c2h_module_num_params(m); i++)
		c2h_session_bind_index(b->s, i, ins[i]);
	return 0;
}

/* XLA's execute alone: runtime/pjrt's pjrt_exec_time on 64-byte aligned inputs. */
static int xla_open(const Opts *o, const c2h_module *m, c2h_buffer **ins, Bench *b)
{
	memset(b, 0, sizeof *b);
	b->name = "xla-exec";
	b->reps = o->reps;
	FILE *f = fopen(o->module, "rb");
	if (!f)
		return 1;
	fseek(f, 0, SEEK_END);
	size_t len = (size_t)ftell(f);
	rewind(f);
	char *text = malloc(len + 1);
	len = fread(text, 1, len, f);
	fclose(f);
	double t0 = now_s();
	int rc = pjrt_backend_create(o->plugin, &b->pb) != PJRT_OK || pjrt_exec_compile(b->pb, text, len, &b->e) != PJRT_OK;
	free(text);
	if (rc) {
		printf("xla-exec   error: %s\n", b->pb ? pjrt_backend_message(b->pb) : "out of memory");
		pjrt_backend_destroy(b->pb);
		return 1;
	}
	b->create_s = now_s() - t0;
	b->narr = c2h_module_num_params(m) < 16 ? c2h_module_num_params(m) : 16;
	for (int i = 0; i < b->narr; i++) {
		PjrtArray *a = &b->arr[i];
		a->type = PJRT_F32;
		a->ndims = c2h_buffer_rank(ins[i]);
		memcpy(a->dims, c2h_buffer_dims(ins[i]), sizeof(int64_t) * (size_t)a->ndims);
		a->nbytes = c2h_buffer_nbytes(ins[i]);
		a->data = aligned_alloc(64, (a->nbytes + 63) / 64 * 64);
		memcpy(a->data, c2h_buffer_data_const(ins[i]), a->nbytes);
	}
	return 0;
}

/* One run (k < 0: the warm-up, not recorded); 1 on an error. */
static int bench_once(Bench *b, int k)
{
	double t, c0 = cpu_s();
	if (b->e) {
		if (pjrt_exec_time(b->e, b->arr, b->narr, 1, &t) != PJRT_OK) {
			printf("xla-exec   error: %s\n", pjrt_backend_message(b->pb));
			return 1;
		}
	} else {
		double t0 = now_s();
		if (c2h_session_run(b->s) != C2H_OK) {
			printf("%-10s error: %s\n", b->name, c2h_session_message(b->s));
			return 1;
		}
		t = now_s() - t0;
	}
	if (k >= 0)
		b->times[k] = t, b->cpu += cpu_s() - c0;
	return 0;
}

/* Prints b's line; its first result becomes *ref (the first backend's) or is compared. */
static void bench_close(const Opts *o, Bench *b, float **ref, size_t *refn)
{
	double diff = -1;
	const c2h_buffer *r = b->s ? c2h_session_result(b->s, 0) : NULL;
	if (r && !*ref && c2h_buffer_dtype(r) == C2H_F32) {
		*refn = c2h_buffer_nbytes(r) / 4;
		*ref = malloc(c2h_buffer_nbytes(r));
		memcpy(*ref, c2h_buffer_data_const(r), c2h_buffer_nbytes(r));
	} else if (r) {
		diff = rel_diff(r, *ref, *refn);
	}
	double med = median(b->times, b->reps);   /* sorts: times[0] is then the best */
	report(o, b->name, b->create_s, med, b->times[0], b->cpu / b->reps, diff);
	if (b->s)
		c2h_session_destroy(b->s);
	for (int i = 0; i < b->narr; i++)
		free(b->arr[i].data);
	if (b->e)
		pjrt_exec_destroy(b->e);
	if (b->pb)
		pjrt_backend_destroy(b->pb);
}

static int parse(Opts *o, int argc, char **argv)
{
	o->reps = 10, o->interp_reps = 5;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(a, "--reps") == 0 && v)
			o->reps = atoi(v), i++;
		else if (strcmp(a, "--interp-reps") == 0 && v)
			o->interp_reps = atoi(v), i++;
		else if (strcmp(a, "--bytes") == 0 && v)
			o->bytes = atof(v), i++;
		else if (strcmp(a, "--flops") == 0 && v)
			o->flops = atof(v), i++;
		else if (strcmp(a, "--xla-exec") == 0)
			o->xla_exec = 1;
		else if (strcmp(a, "--plugin") == 0 && v)
			o->plugin = v, i++;
		else if (!o->module)
			o->module = a;
		else if (o->nbackends < 8)
			o->backends[o->nbackends++] = a;
	}
	if (!o->module || o->reps < 1 || o->reps > MAX_REPS || o->interp_reps < 1 || o->interp_reps > MAX_REPS) {
		fprintf(stderr, "usage: bench_run MODULE [--reps N] [--interp-reps N] [--bytes B] [--flops F] "
		                "[--xla-exec [--plugin PATH]] BACKEND...\n");
		return 2;
	}
	return 0;
}

int main(int argc, char **argv)
{
	Opts o;
	memset(&o, 0, sizeof o);
	if (parse(&o, argc, argv) != 0)
		return 2;
	char msg[1024];
	c2h_module *m;
	if (c2h_module_create_from_file(o.module, &m, msg, sizeof msg) != C2H_OK) {
		fprintf(stderr, "%s\n", msg);
		return 1;
	}
	int np = c2h_module_num_params(m), rc = 0;
	c2h_buffer **ins = calloc((size_t)np + 1, sizeof *ins);
	for (int i = 0; i < np; i++) {
		c2h_param_info p;
		c2h_module_param(m, i, &p);
		ins[i] = c2h_buffer_create(p.dtype, p.rank, p.dims, NULL, 0);
		fill(c2h_buffer_data(ins[i]), p.dtype, c2h_buffer_nbytes(ins[i]) / c2h_dtype_size(p.dtype), (uint64_t)i + 1);
	}
	float *ref = NULL;
	size_t refn = 0;
	Bench *bs = calloc((size_t)o.nbackends + 2, sizeof *bs);
	int nb = 0;
	for (int k = 0; k < o.nbackends; k++)
		if (bench_open(&o, m, ins, o.backends[k], &bs[nb]) == 0)
			nb++;
		else
			rc = 1;
	if (o.xla_exec) {
		if (xla_open(&o, m, ins, &bs[nb]) == 0)
			nb++;
		else
			rc = 1;
	}
	int err = 0;
	for (int k = -1; nb > 0 && !err && k < bs[0].reps; k++)
		err = bench_once(&bs[0], k);
	for (int k = -1; !err && k < o.reps; k++)
		for (int i = 1; i < nb && !err; i++)
			if (k < bs[i].reps)
				err = bench_once(&bs[i], k);
	for (int i = 0; i < nb; i++)
		bench_close(&o, &bs[i], &ref, &refn);
	rc |= err;
	free(bs);
	free(ref);
	for (int i = 0; i < np; i++)
		c2h_buffer_destroy(ins[i]);
	free(ins);
	c2h_module_destroy(m);
	return rc;
}
