/* tool_run.c: `cuda2hlo-run`, the runtime's command-line driver (DESIGN.md, "Command
 * line").
 *
 * Consumes a StableHLO module and .npy inputs bound by parameter name or position;
 * produces DIR/NAME.npy for every result (names from the result attributes, else
 * result<i>), written to fresh temporary files (mkstemp) and renamed only when all are
 * written; SIGINT and SIGTERM remove them and exit 128+signal. --bench N times N runs and
 * prints the throughput. --check runs check-dialect test files instead. Exit status:
 * 0 success, 1 a diagnosed problem with the module, an input or a check, 2 bad usage. */
#include "runtime.h"
#include "cuda2hlo_runtime.h"

#include <errno.h>
#include <malloc.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char usage[] =
	"usage: cuda2hlo-run MODULE.mlir [--in NAME=FILE.npy]... [--out DIR]\n"
	"                    [--backend interp|cpu|pjrt[:PLUGIN]] [--bench N]\n"
	"       cuda2hlo-run --check FILE.mlir... [-v]\n"
	"\n"
	"Runs the entry function (@main) of a StableHLO module.\n"
	"  --in NAME=FILE.npy  bind parameter NAME (its cuda2hlo.param / jax.arg_info name,\n"
	"                      or its position: --in 0=x.npy) to a .npy file; repeatable\n"
	"  --out DIR           write DIR/NAME.npy for every result (NAME: the result's\n"
	"                      cuda2hlo.param / jax.result_info name, else result<i>)\n"
	"  --backend B         cpu (compiled loops; the default where built), interp (the\n"
	"                      reference interpreter; the default otherwise), pjrt[:PLUGIN] (a PJRT plugin: a .so path,\n"
	"                      cpu or cuda; default from $CUDA2HLO_PJRT_PLUGIN or the venv); a module\n"
	"                      with an sdy.mesh (cuda2hlo --mesh) runs partitioned on the mesh's\n"
	"                      devices there, unpartitioned on cpu and interp (docs/sharding.md)\n"
	"  (.npy has no bfloat16: bf16 parameters and results travel as uint16 bits)\n"
	"  --bench N           run N times; print the time per run and bytes moved per second\n"
	"  --max-memory SIZE   refuse to run a module whose planned peak memory exceeds SIZE\n"
	"                      bytes (suffix K, M, G or T: powers of 1024; 0: no limit;\n"
	"                      default: the machine's physical memory)\n"
	"  --max-iterations N  fail when one stablehlo.while runs N iterations (default: no limit)\n"
	"  --check FILE...     run check-dialect test cases (files split at `// -----`); prints\n"
	"                      one line per failed case and `N passed, N failed, N skipped`\n"
	"  -v                  with --check: also list skipped cases\n"
	"  --help              this text\n"
	"Converted CUDA kernels take distinct pointer parameters as not aliasing.\n"
	"Exit status: 0 success, 1 bad module, input or failed check, 2 bad usage.\n";

typedef struct Binding {
	const char *name, *path;
} Binding;

typedef struct Args {
	const char *module, *out, *backend;
	VEC(Binding) ins;
	VEC(const char *) checks;
	int bench, check, verbose;
	int64_t max_memory;         /* -1: the default (physical memory) */
	int64_t max_iterations;     /* 0: unlimited */
} Args;

static int bad_usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "cuda2hlo-run: error: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, " (see cuda2hlo-run --help)\n");
	return 2;
}

/* "4096", "512M", "8G": bytes, powers of 1024; -1 when malformed or too large. */
static int64_t parse_size(const char *s)
{
	char *end;
	errno = 0;
	long long n = strtoll(s, &end, 10);
	if (end == s || errno || n < 0)
		return -1;
	int shift = 0;
	if (*end) {
		const char *units = "KMGT", *u = strchr(units, *end);
		if (!u || end[1])
			return -1;
		shift = 10 * (int)(u - units + 1);
	}
	if (n > (INT64_MAX >> shift))
		return -1;
	return (int64_t)n << shift;
}

/* Returns 0, 2 on bad usage, or -1 for --help (printed). */
static int parse_args(Args *a, int argc, char **argv)
{
	a->backend = NULL;          /* the fastest built (backend_default_name) */
	a->max_memory = -1;
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i];
		const char *val = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(s, "--help") == 0 || strcmp(s, "-h") == 0) {
			fputs(usage, stdout);
			return -1;
		} else if (strcmp(s, "--in") == 0 || strcmp(s, "--out") == 0 || strcmp(s, "--backend") == 0 ||
		           strcmp(s, "--bench") == 0 || strcmp(s, "--max-memory") == 0 ||
		           strcmp(s, "--max-iterations") == 0) {
			if (!val)
				return bad_usage("%s needs a value", s);
			i++;
			if (strcmp(s, "--max-memory") == 0) {
				if ((a->max_memory = parse_size(val)) < 0)
					return bad_usage("--max-memory takes a byte count (suffix K, M, G or T), got '%s'", val);
			} else if (strcmp(s, "--max-iterations") == 0) {
				char *end;
				errno = 0;
				long long n = strtoll(val, &end, 10);
				if (end == val || *end || errno || n < 0)
					return bad_usage("--max-iterations takes a count (0: no limit), got '%s'", val);
				a->max_iterations = n;
			} else if (strcmp(s, "--in") == 0) {
				const char *eq = strchr(val, '=');
				if (!eq || eq == val || !eq[1])
					return bad_usage("--in takes NAME=FILE.npy, got '%s'", val);
				Binding b = {xstrdup(val), eq + 1};
				b.path = b.name + (eq - val) + 1;
				((char *)b.name)[eq - val] = 0;
				VEC_PUSH(a->ins, b);
			} else if (strcmp(s, "--out") == 0) {
				a->out = val;
			} else if (strcmp(s, "--backend") == 0) {
				size_t n = strcspn(val, ":");
				if (!((n == 6 && strncmp(val, "interp", 6) == 0) || (n == 3 && strncmp(val, "cpu", 3) == 0) ||
				      (n == 4 && strncmp(val, "pjrt", 4) == 0)))
					return bad_usage("unknown backend '%s' (expected interp, cpu or pjrt[:PLUGIN])", val);
				a->backend = val;
			} else {
				char *end;
				long n = strtol(val, &end, 10);
				if (*end || n < 1 || n > 1000000)
					return bad_usage("--bench takes a positive count, got '%s'", val);
				a->bench = (int)n;
			}
		} else if (strcmp(s, "--check") == 0) {
			a->check = 1;
		} else if (strcmp(s, "-v") == 0) {
			a->verbose = 1;
		} else if (s[0] == '-' && s[1]) {
			return bad_usage("unknown option '%s'", s);
		} else if (a->check) {
			VEC_PUSH(a->checks, s);
		} else if (!a->module) {
			a->module = s;
		} else {
			return bad_usage("more than one module given ('%s')", s);
		}
	}
	if (a->check && !a->checks.len)
		return bad_usage("%s", "--check needs at least one FILE.mlir");
	if (a->check && (a->module || a->ins.len || a->out || a->bench))
		return bad_usage("%s", "--check takes only test files (and -v)");
	if (!a->check && !a->module)
		return bad_usage("%s", "no module given");
	return 0;
}

static int run_checks(const Args *a)
{
	CheckTotals t = {0, 0, 0};
	int rc = 0;
	for (size_t i = 0; i < a->checks.len; i++)
		if (check_run_file(a->checks.data[i], stdout, a->verbose, &t) != 0)
			rc = 1;
	printf("%d passed, %d failed, %d skipped\n", t.passed, t.failed, t.skipped);
	return rc || t.failed ? 1 : 0;
}

/* ---- .npy <-> buffers ---- */

static const c2h_dtype npy_to_c2h[NPY_NDTYPES] = {
	C2H_BOOL, C2H_I8, C2H_I16, C2H_I32, C2H_I64, C2H_U8, C2H_U16, C2H_U32, C2H_U64,
	C2H_F16, C2H_F32, C2H_F64,
};

static c2h_buffer *load_input(const char *path, const c2h_param_info *want)
{
	NpyArray arr;
	char msg[NPY_MSG_MAX];
	if (npy_read_file(path, &arr, msg) != NPY_OK) {
		fprintf(stderr, "cuda2hlo-run: error: %s\n", msg);
		return NULL;
	}
	c2h_buffer *b = NULL;
	if (arr.ndim > C2H_MAX_RANK)
		fprintf(stderr, "cuda2hlo-run: error: %s: %d dimensions (at most %d)\n", path, arr.ndim, C2H_MAX_RANK);
	else if (npy_to_c2h[arr.dtype] != want->dtype && !(want->dtype == C2H_BF16 && arr.dtype == NPYT_U16))
		fprintf(stderr, "cuda2hlo-run: error: %s holds %s, parameter '%s' is %s\n", path,
		        npy_dtype_name(arr.dtype), want->name, c2h_dtype_name(want->dtype));
	else
		b = c2h_buffer_create(want->dtype, arr.ndim, arr.shape, arr.data, arr.nbytes);
	npy_array_free(&arr);
	return b;
}

/* bf16 has no .npy dtype: its bits travel as uint16 (both directions). */
static int npy_dtype_of(c2h_dtype t, NpyDtype *out)
{
	if (t == C2H_BF16) {
		*out = NPYT_U16;
		return 0;
	}
	for (int i = 0; i < NPY_NDTYPES; i++)
		if (npy_to_c2h[i] == t) {
			*out = (NpyDtype)i;
			return 0;
		}
	return -1;
}

/* A result name made safe as a file name: [A-Za-z0-9_.-], others become '_', no
 * leading '.' (so never ".", ".." or a hidden name). */
static char *file_name_for(const char *name)
{
	char *s = xstrdup(name && *name ? name : "result");
	for (char *p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		      *p == '_' || *p == '-' || (*p == '.' && p != s)))
			*p = '_';
	return s;
}

/* The file names of the results: safe names, `_<i>` added to a name an earlier result
 * took. NULL (said) when two still coincide (`r_2, r, r`: the third's r_2 is taken) or a
 * name is too long for a file: checked before anything is written. */
static char **result_names(const c2h_module *m)
{
	int n = c2h_module_num_results(m);
	char **names = xcalloc((size_t)n + 1, sizeof *names);
	int ok = 1;
	for (int i = 0; i < n && ok; i++) {
		c2h_param_info info;
		c2h_module_result(m, i, &info);
		names[i] = file_name_for(info.name);
		for (int j = 0; j < i; j++)
			if (strcmp(names[j], names[i]) == 0) {
				char *x = xmalloc(strlen(names[i]) + 16);
				sprintf(x, "%s_%d", names[i], i);
				free(names[i]);
				names[i] = x;
				break;
			}
		for (int j = 0; j < i && ok; j++)
			if (strcmp(names[j], names[i]) == 0) {
				fprintf(stderr, "cuda2hlo-run: error: results %d and %d would both be written to %s.npy\n", j, i,
				        names[i]);
				ok = 0;
			}
		if (ok && strlen(names[i]) > 200) {
			fprintf(stderr, "cuda2hlo-run: error: result %d's name is too long for a file name\n", i);
			ok = 0;
		}
	}
	if (!ok) {
		for (int i = 0; i < n; i++)
			free(names[i]);
		free(names);
		return NULL;
	}
	return names;
}

/* Writes result i of s to a fresh temporary file beside path (*tmp); 0 or 1 (said). */
static int write_result(c2h_session *s, int i, const char *name, const char *path, char **tmp)
{
	const c2h_buffer *b = c2h_session_result(s, i);
	NpyArray arr = {0};
	if (npy_dtype_of(c2h_buffer_dtype(b), &arr.dtype) != 0) {
		fprintf(stderr, "cuda2hlo-run: error: result '%s' is %s, which .npy cannot hold\n", name,
		        c2h_dtype_name(c2h_buffer_dtype(b)));
		return 1;
	}
	arr.ndim = c2h_buffer_rank(b);
	memcpy(arr.shape, c2h_buffer_dims(b), sizeof(int64_t) * (size_t)arr.ndim);
	arr.data = (void *)c2h_buffer_data_const(b);
	arr.nbytes = c2h_buffer_nbytes(b);
	char msg[NPY_MSG_MAX];
	if (npy_write_temp(path, &arr, tmp, msg) != NPY_OK) {
		fprintf(stderr, "cuda2hlo-run: error: %s\n", msg);
		return 1;
	}
	return 0;
}

/* ---- interruption: SIGINT / SIGTERM remove the temporary files and exit ---- */

static char *volatile *pending_tmps;   /* the temporaries not yet renamed (the tool's own) */
static volatile sig_atomic_t npending;

static void on_signal(int sig)
{
	for (sig_atomic_t i = 0; i < npending; i++)
		if (pending_tmps[i])
			unlink(pending_tmps[i]);
	static const char m[] = "cuda2hlo-run: interrupted; no output written\n";
	ssize_t r = write(2, m, sizeof m - 1);
	(void)r;
	_exit(128 + sig);
}

static void catch_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/* Blocks (or unblocks) SIGINT and SIGTERM: the renames run as one step. */
static void hold_signals(int how)
{
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigprocmask(how, &set, NULL);
}

/* An existing DIR/NAME.npy may be replaced (a symlink there is replaced, not followed),
 * but not when it is a directory: said before anything is written. */
static int check_targets(char **paths, int n)
{
	for (int i = 0; i < n; i++) {
		struct stat st;
		if (lstat(paths[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			fprintf(stderr, "cuda2hlo-run: error: %s is a directory\n", paths[i]);
			return 1;
		}
	}
	return 0;
}

/* Every result goes to a fresh temporary file in DIR first (npy_write_temp); only when
 * all are written are they renamed into place, signals held, so a failure or an
 * interruption leaves no partial set and no clobbered file. */
static int write_results(const c2h_module *m, c2h_session *s, const char *dir)
{
	char **names = result_names(m);
	if (!names)
		return 1;
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		fprintf(stderr, "cuda2hlo-run: error: cannot create %s: %s\n", dir, strerror(errno));
		free(names);
		return 1;
	}
	int n = c2h_module_num_results(m), rc = 0;
	char **tmps = xcalloc((size_t)n + 1, sizeof *tmps), **paths = xcalloc((size_t)n + 1, sizeof *paths);
	for (int i = 0; i < n; i++) {
		paths[i] = xmalloc(strlen(dir) + strlen(names[i]) + 8);
		sprintf(paths[i], "%s/%s.npy", dir, names[i]);
	}
	rc = check_targets(paths, n);
	pending_tmps = tmps;
	for (int i = 0; i < n && rc == 0; i++) {
		char *t = NULL;
		hold_signals(SIG_BLOCK);      /* t is unlinked by on_signal once it is listed */
		rc = write_result(s, i, names[i], paths[i], &t);
		tmps[i] = t;
		npending = i + 1;
		hold_signals(SIG_UNBLOCK);
	}
	hold_signals(SIG_BLOCK);
	for (int i = 0; i < n && rc == 0; i++)
		if (rename(tmps[i], paths[i]) != 0) {
			fprintf(stderr, "cuda2hlo-run: error: cannot rename to %s: %s\n", paths[i], strerror(errno));
			rc = 1;
		} else {
			free(tmps[i]);
			tmps[i] = NULL;
		}
	for (int i = 0; i < n; i++)
		if (tmps[i])
			unlink(tmps[i]);
	npending = 0;
	hold_signals(SIG_UNBLOCK);
	for (int i = 0; i < n; i++) {
		free(names[i]);
		free(tmps[i]);
		free(paths[i]);
	}
	free(names);
	free(tmps);
	free(paths);
	return rc;
}

/* Without --out: one line per result, `name: tensor<...> [first elements]`. */
static void print_results(const c2h_module *m, c2h_session *s)
{
	for (int i = 0; i < c2h_module_num_results(m); i++) {
		c2h_param_info info;
		c2h_module_result(m, i, &info);
		const c2h_buffer *b = c2h_session_result(s, i);
		const char *tn = c2h_dtype_name(info.dtype);
		DType t = (DType)dtype_from_name(tn, strlen(tn));
		int64_t n = (int64_t)(c2h_buffer_nbytes(b) / c2h_dtype_size(info.dtype));
		StrBuf sb = {0};
		TType ty = tir_type_tensor(t, c2h_buffer_rank(b), c2h_buffer_dims(b));
		tir_type_print(&sb, &ty);
		sb_append(&sb, " [");
		for (int64_t k = 0; k < n && k < 16; k++) {
			if (k)
				sb_append(&sb, ", ");
			rt_format_elem(&sb, t, c2h_buffer_data_const(b), k);
		}
		sb_append(&sb, n > 16 ? ", ...]" : "]");
		printf("%s: %s\n", info.name, sb_str(&sb));
		sb_free(&sb);
	}
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int bench(const c2h_module *m, c2h_session *s, int n)
{
	double best = 1e30, total = 0;
	size_t bytes = 0;
	for (int i = 0; i < n; i++) {
		double t0 = now_s();
		if (c2h_session_run(s) != C2H_OK) {
			fprintf(stderr, "cuda2hlo-run: error: %s\n", c2h_session_message(s));
			return 1;
		}
		double t = now_s() - t0;
		total += t;
		best = t < best ? t : best;
	}
	for (int i = 0; i < c2h_module_num_params(m); i++) {
		c2h_param_info p;
		c2h_module_param(m, i, &p);
		size_t e = c2h_dtype_size(p.dtype);
		for (int d = 0; d < p.rank; d++)   /* a `?` dimension (polymorphic module): not counted */
			e *= p.dims[d] >= 0 ? (size_t)p.dims[d] : 0;
		bytes += e;
	}
	for (int i = 0; i < c2h_module_num_results(m); i++)
		bytes += c2h_buffer_nbytes(c2h_session_result(s, i));
	printf("bench: %d runs on %s, mean %.3f ms, best %.3f ms, %.2f GB/s (inputs + outputs, best run)\n", n,
	       c2h_session_backend(s), 1e3 * total / n, 1e3 * best, (double)bytes / best / 1e9);
	return 0;
}

static int bind_inputs(const Args *a, const c2h_module *m, c2h_session *s, c2h_buffer **bufs)
{
	for (size_t k = 0; k < a->ins.len; k++) {
		const Binding *b = &a->ins.data[k];
		int i = c2h_module_find_param(m, b->name);
		char *end;
		long pos = strtol(b->name, &end, 10);
		if (i < 0 && !*end && pos >= 0 && pos < c2h_module_num_params(m))
			i = (int)pos;
		if (i < 0) {
			fprintf(stderr, "cuda2hlo-run: error: the module has no parameter '%s'\n", b->name);
			return 1;
		}
		c2h_param_info info;
		c2h_module_param(m, i, &info);
		c2h_buffer_destroy(bufs[i]);
		if (!(bufs[i] = load_input(b->path, &info)))
			return 1;
		if (c2h_session_bind_index(s, i, bufs[i]) != C2H_OK) {
			fprintf(stderr, "cuda2hlo-run: error: %s: %s\n", b->path, c2h_session_message(s));
			return 1;
		}
	}
	for (int i = 0; i < c2h_module_num_params(m); i++)
		if (!bufs[i]) {
			c2h_param_info info;
			c2h_module_param(m, i, &info);
			if (!strncmp(info.name, "cuda2hlo_printf", 15) && info.rank == 1 && info.dims[0] >= 0) {
				/* a device printf site's records (docs/idioms.md "Device printf"): zeros in */
				bufs[i] = c2h_buffer_create(info.dtype, 1, info.dims, NULL, 0);
				if (bufs[i] && c2h_session_bind_index(s, i, bufs[i]) == C2H_OK)
					continue;
			}
			fprintf(stderr, "cuda2hlo-run: error: no input for parameter '%s' (--in %s=FILE.npy)\n", info.name, info.name);
			return 1;
		}
	return 0;
}

static int run_module(const Args *a)
{
	char msg[1024];
	c2h_module *m;
	if (c2h_module_create_from_file(a->module, &m, msg, sizeof msg) != C2H_OK) {
		fprintf(stderr, "%s\n", msg);
		return 1;
	}
	c2h_session *s;
	if (c2h_session_create(m, a->backend, &s, msg, sizeof msg) != C2H_OK) {
		fprintf(stderr, "cuda2hlo-run: error: %s\n", msg);
		c2h_module_destroy(m);
		return 1;
	}
	if (a->max_memory >= 0)
		c2h_session_set_limit(s, C2H_LIMIT_MEMORY, a->max_memory);
	c2h_session_set_limit(s, C2H_LIMIT_ITERATIONS, a->max_iterations);
	int np = c2h_module_num_params(m);
	c2h_buffer **bufs = xcalloc((size_t)np + 1, sizeof *bufs);
	int rc = bind_inputs(a, m, s, bufs);
	if (rc == 0 && a->bench)
		rc = bench(m, s, a->bench);
	else if (rc == 0 && c2h_session_run(s) != C2H_OK) {
		const char *e = c2h_session_message(s);   /* "file:line:col: error: ..." or "error: ..." */
		if (strncmp(e, "error: ", 7) == 0)
			fprintf(stderr, "%s: ", a->module);
		fprintf(stderr, "%s\n", e);
		rc = 1;
	}
	char *said = rc == 0 && !a->bench ? c2h_session_device_output(s) : NULL;
	if (said) {              /* what the kernel printed, before the results */
		fputs(said, stdout);
		fflush(stdout);
		free(said);
	} else if (rc == 0 && !a->bench && *c2h_session_message(s)) {
		fprintf(stderr, "cuda2hlo-run: error: %s\n", c2h_session_message(s));
		rc = 1;
	}
	char *failed = rc == 0 && !a->bench ? c2h_session_device_asserts(s) : NULL;
	if (failed) {            /* CUDA: cudaErrorAssert, the results unusable */
		fputs(failed, stderr);
		fprintf(stderr, "cuda2hlo-run: error: %s: a device assert failed (cudaErrorAssert); no results written\n", a->module);
		free(failed);
		rc = 1;
	} else if (rc == 0 && !a->bench && *c2h_session_message(s)) {
		fprintf(stderr, "cuda2hlo-run: error: %s\n", c2h_session_message(s));
		rc = 1;
	}
	if (rc == 0 && a->out)
		rc = write_results(m, s, a->out);
	else if (rc == 0 && !a->bench)
		print_results(m, s);
	for (int i = 0; i < np; i++)
		c2h_buffer_destroy(bufs[i]);
	free(bufs);
	c2h_session_destroy(s);
	c2h_module_destroy(m);
	return rc;
}

int main(int argc, char **argv)
{
	Args a;
	memset(&a, 0, sizeof a);
	/* Keep large freed blocks in the heap instead of unmapping them: each run allocates
	 * results of the same sizes, and fresh mappings cost a page fault per 4 KiB. A tool
	 * setting, not the library's (the library has no process-wide state). */
	mallopt(M_MMAP_THRESHOLD, 1 << 30);
	mallopt(M_TRIM_THRESHOLD, 1 << 30);
	int rc = parse_args(&a, argc, argv);
	catch_signals();
	if (rc == 0)
		rc = a.check ? run_checks(&a) : run_module(&a);
	else if (rc < 0)
		rc = 0;
	for (size_t i = 0; i < a.ins.len; i++)
		free((char *)a.ins.data[i].name);
	VEC_FREE(a.ins);
	VEC_FREE(a.checks);
	return rc;
}
