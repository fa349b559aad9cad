/* smoke.c: c2h-pjrt-smoke, a small driver of the PJRT backend for tests and benchmarks.
 *
 *   c2h-pjrt-smoke [--plugin SPEC] [--out DIR] [--bench N] MODULE.mlir [IN.npy ...]
 *   c2h-pjrt-smoke --find [--plugin SPEC]     print the plugin path SPEC resolves to
 *   c2h-pjrt-smoke --list                     print every known plugin installed
 *   c2h-pjrt-smoke --options                  print our CompileOptionsProto in hex
 *
 * Consumes a module file and .npy inputs (by position); writes every result to
 * DIR/out<i>.npy (with --out) and prints the backend description and one line per
 * result. --bench N compiles once, runs N times and prints the compile time, the
 * median run time (inputs in, outputs out included) and the median execution time
 * (inputs already on the device, results left there). Exit status: 0 success, 1 a
 * failure (the message on stderr), 2 bad usage, 77 no plugin found (a test skips). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pjrt.h"
#include "runtime.h"

enum { EXIT_SKIP = 77 };

typedef struct {
	const char *plugin, *out, *module;
	const char **ins;
	int nins, bench, find, list, options;
} Args;

static const int npy_to_pjrt[NPY_NDTYPES] = {
	[NPYT_BOOL] = PJRT_PRED, [NPYT_I8] = PJRT_S8, [NPYT_I16] = PJRT_S16,
	[NPYT_I32] = PJRT_S32, [NPYT_I64] = PJRT_S64, [NPYT_U8] = PJRT_U8,
	[NPYT_U16] = PJRT_U16, [NPYT_U32] = PJRT_U32, [NPYT_U64] = PJRT_U64,
	[NPYT_F16] = PJRT_F16, [NPYT_F32] = PJRT_F32, [NPYT_F64] = PJRT_F64,
};

static int usage(void)
{
	fprintf(stderr, "usage: c2h-pjrt-smoke [--plugin SPEC] [--out DIR] [--bench N] "
	                "MODULE.mlir [IN.npy ...]\n"
	                "       c2h-pjrt-smoke --find [--plugin SPEC] | --list | --options\n");
	return 2;
}

static int parse(Args *a, int argc, char **argv)
{
	a->ins = calloc((size_t)argc, sizeof *a->ins);
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i];
		if (strcmp(s, "--plugin") == 0 && i + 1 < argc)
			a->plugin = argv[++i];
		else if (strcmp(s, "--out") == 0 && i + 1 < argc)
			a->out = argv[++i];
		else if (strcmp(s, "--bench") == 0 && i + 1 < argc)
			a->bench = atoi(argv[++i]);
		else if (strcmp(s, "--find") == 0)
			a->find = 1;
		else if (strcmp(s, "--list") == 0)
			a->list = 1;
		else if (strcmp(s, "--options") == 0)
			a->options = 1;
		else if (s[0] == '-' && s[1])
			return -1;
		else if (!a->module)
			a->module = s;
		else
			a->ins[a->nins++] = s;
	}
	return a->module || a->find || a->list || a->options ? 0 : -1;
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

static int read_inputs(const Args *a, NpyArray *npy, PjrtArray *ins)
{
	char msg[NPY_MSG_MAX];
	for (int i = 0; i < a->nins; i++) {
		if (npy_read_file(a->ins[i], &npy[i], msg) != NPY_OK) {
			fprintf(stderr, "c2h-pjrt-smoke: %s: %s\n", a->ins[i], msg);
			return -1;
		}
		if (npy[i].ndim > PJRT_MAX_DIMS) {
			fprintf(stderr, "c2h-pjrt-smoke: %s: rank %d is too high\n", a->ins[i], npy[i].ndim);
			return -1;
		}
		ins[i].type = (PjrtType)npy_to_pjrt[npy[i].dtype];
		ins[i].ndims = npy[i].ndim;
		memcpy(ins[i].dims, npy[i].shape, sizeof(int64_t) * (size_t)npy[i].ndim);
		ins[i].nbytes = npy[i].nbytes;
		/* A CPU plugin aliases 64-byte aligned inputs and copies the others. */
		if ((uintptr_t)npy[i].data % 64 != 0) {
			void *p = aligned_alloc(64, (npy[i].nbytes + 63) / 64 * 64);
			if (!p) {
				fprintf(stderr, "c2h-pjrt-smoke: out of memory\n");
				return -1;
			}
			memcpy(p, npy[i].data, npy[i].nbytes);
			free(npy[i].data);
			npy[i].data = p;
		}
		ins[i].data = npy[i].data;
	}
	return 0;
}

static int write_outputs(const char *dir, const PjrtArray *outs, int n)
{
	for (int i = 0; i < n; i++) {
		printf("result %d: %s[", i, pjrt_type_hlo_name(outs[i].type));
		for (int d = 0; d < outs[i].ndims; d++)
			printf("%s%lld", d ? "x" : "", (long long)outs[i].dims[d]);
		printf("]\n");
		if (!dir)
			continue;
		NpyArray a = {.ndim = outs[i].ndims, .data = outs[i].data, .nbytes = outs[i].nbytes};
		int t = 0;
		while (t < NPY_NDTYPES && npy_to_pjrt[t] != (int)outs[i].type)
			t++;
		if (t == NPY_NDTYPES) {
			fprintf(stderr, "c2h-pjrt-smoke: result %d: no .npy type for %s\n", i,
			        pjrt_type_hlo_name(outs[i].type));
			return -1;
		}
		a.dtype = (NpyDtype)t;
		memcpy(a.shape, outs[i].dims, sizeof(int64_t) * (size_t)outs[i].ndims);
		char path[4096], msg[NPY_MSG_MAX];
		snprintf(path, sizeof path, "%s/out%d.npy", dir, i);
		if (npy_write_file(path, &a, msg) != NPY_OK) {
			fprintf(stderr, "c2h-pjrt-smoke: %s: %s\n", path, msg);
			return -1;
		}
	}
	return 0;
}

/* Runs e bench times (at least once); the last results stay in *outs. */
static PjrtStatus run(PjrtExec *e, const PjrtArray *ins, int nin, int bench, PjrtArray **outs,
                      int *nouts, double *median)
{
	int reps = bench > 0 ? bench : 1;
	double *t = calloc((size_t)reps, sizeof *t);
	PjrtStatus st = PJRT_OK;
	*outs = NULL;
	for (int r = 0; r < reps && !st; r++) {
		pjrt_arrays_free(*outs, *nouts);
		double t0 = now();
		st = pjrt_exec_run(e, ins, nin, outs, nouts);
		t[r] = now() - t0;
	}
	qsort(t, (size_t)reps, sizeof *t, cmp_double);
	*median = t[reps / 2];
	free(t);
	return st;
}

static int time_exec(PjrtBackend *b, PjrtExec *e, const PjrtArray *ins, int nin, int reps,
                     double *median)
{
	double *t = calloc((size_t)reps, sizeof *t);
	PjrtStatus st = t ? pjrt_exec_time(e, ins, nin, reps, t) : PJRT_ENOMEM;
	if (st)
		fprintf(stderr, "c2h-pjrt-smoke: %s\n", pjrt_backend_message(b));
	else {
		qsort(t, (size_t)reps, sizeof *t, cmp_double);
		*median = t[reps / 2];
	}
	free(t);
	return st ? 1 : 0;
}

static int smoke(const Args *a)
{
	size_t len;
	char *text = NULL;
	FILE *f = fopen(a->module, "rb");
	if (f) {
		fseek(f, 0, SEEK_END);
		len = (size_t)ftell(f);
		rewind(f);
		text = malloc(len + 1);
		if (text && fread(text, 1, len, f) != len) {
			free(text);
			text = NULL;
		}
		fclose(f);
	}
	if (!text) {
		fprintf(stderr, "c2h-pjrt-smoke: cannot read %s\n", a->module);
		return 1;
	}
	NpyArray *npy = calloc((size_t)a->nins + 1, sizeof *npy);
	PjrtArray *ins = calloc((size_t)a->nins + 1, sizeof *ins);
	int rc = read_inputs(a, npy, ins) ? 1 : 0;
	PjrtBackend *b = NULL;
	PjrtStatus st = rc ? PJRT_OK : pjrt_backend_create(a->plugin, &b);
	if (!rc && st) {
		fprintf(stderr, "c2h-pjrt-smoke: %s\n", pjrt_backend_message(b));
		rc = st == PJRT_ENOPLUGIN ? EXIT_SKIP : 1;
	}
	if (!rc) {
		printf("%s\n", pjrt_backend_describe(b));
		PjrtExec *e = NULL;
		PjrtArray *outs = NULL;
		int nouts = 0;
		double t0 = now(), median = 0;
		st = pjrt_exec_compile(b, text, len, &e);
		double compile = now() - t0;
		if (!st)
			st = run(e, ins, a->nins, a->bench, &outs, &nouts, &median);
		if (st) {
			fprintf(stderr, "c2h-pjrt-smoke: %s\n", pjrt_backend_message(b));
			rc = 1;
		} else {
			rc = write_outputs(a->out, outs, nouts) ? 1 : 0;
			double exec = 0;
			if (!rc && a->bench > 0 && (rc = time_exec(b, e, ins, a->nins, a->bench, &exec)) == 0)
				printf("compile %.3f ms, run %.3f ms, execute %.3f ms (medians of %d)\n",
				       compile * 1e3, median * 1e3, exec * 1e3, a->bench);
		}
		pjrt_arrays_free(outs, nouts);
		pjrt_exec_destroy(e);
	}
	pjrt_backend_destroy(b);
	for (int i = 0; i < a->nins; i++)
		npy_array_free(&npy[i]);
	free(npy);
	free(ins);
	free(text);
	return rc;
}

int main(int argc, char **argv)
{
	Args a = {0};
	if (parse(&a, argc, argv))
		return usage();
	int rc = 0;
	if (a.options) {
		size_t n;
		const uint8_t *p = pjrt_compile_options(&n);
		for (size_t i = 0; i < n; i++)
			printf("%s%02x", i ? " " : "", p[i]);
		printf("\n");
	} else if (a.list) {
		char *paths[16];
		int n = pjrt_plugins_installed(NULL, paths, 16);
		for (int i = 0; i < n; i++) {
			printf("%s\n", paths[i]);
			free(paths[i]);
		}
		rc = n ? 0 : EXIT_SKIP;
	} else if (a.find) {
		char *path = pjrt_plugin_find(a.plugin);
		if (path)
			printf("%s\n", path);
		else
			fprintf(stderr, "c2h-pjrt-smoke: no PJRT plugin found\n");
		rc = path ? 0 : EXIT_SKIP;
		free(path);
	} else {
		rc = smoke(&a);
	}
	free(a.ins);
	return rc;
}
