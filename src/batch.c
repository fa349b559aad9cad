/* batch.c: ahead-of-time conversion of many files (docs/batch.md). Consumes Options that
 * name several files and -o DIR, or -p DATABASE and no file; produces DIR/FILE/KERNEL.mlir
 * for every kernel that converts (FILE: the input's path below the inputs' common folder,
 * without .cu), and on stdout one line per kernel (converted, dense or with SIMT stores;
 * refused, with the first error) and a summary. Each file's kernels are listed, then
 * each kernel is converted, every one in a child process (fork: libclang, isl and the
 * diagnostics counter are per process, and a crash or a refusal stops only its own
 * kernel), o->jobs at a time. The parent never parses CUDA itself, so it stays
 * single-threaded and fork is safe. */
#include "driver.h"
#include "frontend.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
	const char *file;      /* the input */
	const char *rel;       /* its path below the common folder, without .cu */
	const char *kernel;    /* NULL: the job that lists the file's kernels */
	char *out;             /* the module (a conversion) */
	FILE *log, *list;      /* the child's stderr; its stdout (a listing) */
	pid_t pid;
	int status;            /* waitpid's */
	int dense, fallback;   /* stores, from the report */
} BJob;

typedef VEC(BJob) BJobVec;

typedef struct {
	const Options *o;
	ConvertFn convert;
	int tty;               /* stderr is a terminal: a progress line */
	const char *phase;
	size_t done, total;
} Batch;

static char *xprintf(const char *fmt, const char *a, const char *b)
{
	size_t n = strlen(fmt) + strlen(a) + strlen(b) + 1;
	char *s = xmalloc(n);
	snprintf(s, n, fmt, a, b);
	return s;
}

/* ---- paths ---- */

/* The length of the folder part shared by every file (up to and with its last '/'). */
static size_t common_dir(const char *const *files, size_t n)
{
	size_t len = strlen(files[0]);

	for (size_t i = 1; i < n; i++) {
		size_t k = 0;
		while (k < len && files[i][k] == files[0][k])
			k++;
		len = k;
	}
	while (len && files[0][len - 1] != '/')
		len--;
	return len;
}

/* "a/b.cu" -> "a/b"; ".." and "." parts as "_": a module stays inside DIR. */
static char *rel_name(const char *file, size_t skip)
{
	char *r = xstrdup(file + skip), *dot = strrchr(r, '.');

	if (dot && dot > r && !strchr(dot, '/'))
		*dot = 0;
	for (char *p = r; *p; p++)
		if (*p == '.' && (p == r || p[-1] == '/') && (p[1] == '.' || p[1] == '/' || !p[1]))
			*p = '_';
	return r;
}

/* A kernel name as a file name: 'k<3, float>' -> k_3__float_. */
static char *file_name(const char *kernel)
{
	char *s = xstrdup(kernel);

	for (char *p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_'))
			*p = '_';
	return s;
}

/* mkdir -p of path's folders (not of its last part). */
static int make_dirs(const char *path)
{
	char *p = xstrdup(path);
	int rc = 0;

	for (char *s = strchr(p + 1, '/'); s && !rc; s = strchr(s + 1, '/')) {
		*s = 0;
		if (mkdir(p, 0777) && errno != EEXIST) {
			fprintf(stderr, "cuda2hlo: cannot create the folder '%s': %s\n", p, strerror(errno));
			rc = 1;
		}
		*s = '/';
	}
	free(p);
	return rc;
}

/* Removes the folders of path (its last part aside) below root that are empty: a kernel
 * that was refused leaves no folder of its own. */
static void prune(const char *path, const char *root)
{
	char *p = xstrdup(path), *s;

	while ((s = strrchr(p, '/')) != NULL && (size_t)(s - p) > strlen(root)) {
		*s = 0;
		if (rmdir(p))
			break;
	}
	free(p);
}

/* ---- running the jobs ---- */

static void progress(Batch *b, const BJob *j)
{
	if (!b->tty)
		return;
	fprintf(stderr, "\r\033[K[%zu/%zu] %s %s%s%s", b->done, b->total, b->phase, j->file,
	        j->kernel ? ": " : "", j->kernel ? j->kernel : "");
	fflush(stderr);
}

/* The child: o with one file (and one kernel), its output to the job's files. */
static void child(Batch *b, BJob *j)
{
	Options c = *b->o;
	const char *files[1] = {j->file}, *kernels[1] = {j->kernel};

	dup2(fileno(j->log), 2);
	if (j->list)
		dup2(fileno(j->list), 1);
	diag_init(stderr, 0);
	c.files.data = files;
	c.files.len = c.files.cap = 1;
	c.compdb = b->o->compdb;
	if (j->kernel) {
		c.kernels.data = kernels;
		c.kernels.len = c.kernels.cap = 1;
		c.output = j->out;
		c.report = 1;
		c.batch_item = 1;
	} else {
		c.list_kernels = 1;
		c.output = NULL;
	}
	int rc = b->convert(&c);
	fflush(NULL);
	_exit(rc);
}

static void start(Batch *b, BJob *j)
{
	j->log = tmpfile();
	j->list = j->kernel ? NULL : tmpfile();
	if (!j->log || (!j->kernel && !j->list))
		die("tmpfile: %s", strerror(errno));
	fflush(NULL);
	if ((j->pid = fork()) < 0)
		die("fork: %s", strerror(errno));
	if (j->pid == 0)
		child(b, j);
}

static BJob *by_pid(BJobVec *v, pid_t pid)
{
	for (size_t i = 0; i < v->len; i++)
		if (v->data[i].pid == pid)
			return &v->data[i];
	die("waitpid: a child %d that is no job's", (int)pid);
}

/* Runs every job, b->o->jobs at a time. */
static void run_all(Batch *b, BJobVec *v, const char *phase)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	size_t next = 0, running = 0, width = (size_t)(b->o->jobs > 0 ? b->o->jobs : cpus > 0 ? cpus : 1);

	b->phase = phase;
	b->done = 0;
	b->total = v->len;
	while (b->done < v->len) {
		int st;
		pid_t pid;
		while (running < width && next < v->len) {
			start(b, &v->data[next++]);
			running++;
		}
		if ((pid = waitpid(-1, &st, 0)) < 0) {
			if (errno == EINTR)
				continue;
			die("waitpid: %s", strerror(errno));
		}
		BJob *j = by_pid(v, pid);
		j->status = st;
		running--;
		b->done++;
		progress(b, j);
	}
	if (b->tty)
		fputs("\r\033[K", stderr);
}

/* ---- reading what a child left ---- */

static char *slurp(FILE *f)
{
	StrBuf s = {0};
	char buf[4096];
	size_t n;

	rewind(f);
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		sb_printf(&s, "%.*s", (int)n, buf);
	return s.s ? s.s : xstrdup("");
}

/* Why a job failed: its first error line, or how it ended. */
static char *reason(const BJob *j, const char *log)
{
	const char *e = strstr(log, "error: ");
	char buf[96];

	if (e) {
		const char *s = e, *end = strchr(e, '\n');
		while (s > log && s[-1] != '\n')
			s--;
		return strndup(s, end ? (size_t)(end - s) : strlen(s));
	}
	if (WIFSIGNALED(j->status))
		snprintf(buf, sizeof buf, "crashed: signal %d (%s)", WTERMSIG(j->status), strsignal(WTERMSIG(j->status)));
	else
		snprintf(buf, sizeof buf, "exit status %d and no error message", WEXITSTATUS(j->status));
	return xstrdup(buf);
}

static int ok(const BJob *j)
{
	return WIFEXITED(j->status) && WEXITSTATUS(j->status) == 0;
}

/* Adds up the report's "stores dense N fallback M" lines. */
static void stores(BJob *j, const char *log)
{
	for (const char *p = strstr(log, "stores dense "); p; p = strstr(p + 1, "stores dense ")) {
		int d, f;
		if (sscanf(p, "stores dense %d fallback %d", &d, &f) == 2)
			j->dense += d, j->fallback += f;
	}
}

static void verbose_log(const Batch *b, const BJob *j, const char *log)
{
	if (b->o->verbose && *log)
		fprintf(stderr, "== %s%s%s\n%s", j->file, j->kernel ? ": " : "", j->kernel ? j->kernel : "", log);
}

/* ---- the two phases ---- */

typedef struct {
	size_t files, kernels, converted, dense, refused, files_refused;
} Totals;

/* The conversion jobs from the listings; a file whose listing failed is reported. */
static void plan(Batch *b, BJobVec *lists, BJobVec *convs, Totals *t)
{
	for (size_t i = 0; i < lists->len; i++) {
		BJob *l = &lists->data[i];
		char *log = slurp(l->log), *names = slurp(l->list);
		verbose_log(b, l, log);
		if (!ok(l)) {
			char *why = reason(l, log);
			printf("refused    %s  (its kernels could not be listed)  %s\n", l->file, why);
			free(why);
			t->files_refused++;
		}
		for (char *s = ok(l) ? strtok(names, "\n") : NULL; s; s = strtok(NULL, "\n")) {
			int asked = !b->o->kernels.len;
			for (size_t k = 0; k < b->o->kernels.len; k++)
				asked |= !strcmp(b->o->kernels.data[k], s);
			if (!asked)
				continue;
			char *fn = file_name(s), *dir = xprintf("%s/%s", b->o->output, l->rel);
			BJob c = {.file = l->file, .rel = l->rel, .kernel = xstrdup(s)};
			c.out = xprintf(b->o->emit == EMIT_HLO ? "%s/%s.hlo" : "%s/%s.mlir", dir, fn);
			free(fn);
			free(dir);
			VEC_PUSH(*convs, c);
		}
		fclose(l->log);
		fclose(l->list);
		free(log);
		free(names);
	}
}

static void result(Batch *b, BJob *j, Totals *t)
{
	char *log = slurp(j->log);

	verbose_log(b, j, log);
	t->kernels++;
	if (ok(j)) {
		stores(j, log);
		t->converted++;
		t->dense += j->fallback == 0;
		if (j->fallback == 0)
			printf("converted  %s  %s  dense  %s\n", j->file, j->kernel, j->out);
		else
			printf("converted  %s  %s  SIMT (%d of %d stores by gather/scatter)  %s\n", j->file, j->kernel,
			       j->fallback, j->dense + j->fallback, j->out);
	} else {
		char *why = reason(j, log);
		printf("refused    %s  %s  %s\n", j->file, j->kernel, why);
		free(why);
		t->refused++;
		prune(j->out, b->o->output);
	}
	fclose(j->log);
	free(log);
}

/* The inputs: the files given, or the database's. */
static int inputs(const Options *o, Arena *a, const char ***files, size_t *n)
{
	if (o->files.len) {
		*files = o->files.data;
		*n = o->files.len;
		return 0;
	}
	return frontend_compdb_files(a, o->compdb, files, n);
}

static int out_dir(const char *dir)
{
	struct stat st;
	size_t n = strlen(dir);

	if (stat(dir, &st) != 0 && ((n > 5 && !strcmp(dir + n - 5, ".mlir")) || (n > 4 && !strcmp(dir + n - 4, ".hlo")))) {
		fprintf(stderr, "cuda2hlo: -o '%s' names a file, but a batch writes one module per kernel: give -o DIR\n", dir);
		return 2;
	}
	if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "cuda2hlo: -o '%s' is not a folder: a batch writes one module per kernel there\n", dir);
		return 2;
	}
	if (stat(dir, &st) != 0 && (make_dirs(dir) || mkdir(dir, 0777))) {
		fprintf(stderr, "cuda2hlo: cannot create the output folder '%s': %s\n", dir, strerror(errno));
		return 2;
	}
	return 0;
}

int batch_run(const Options *o, ConvertFn convert)
{
	Batch b = {o, convert, isatty(2), "", 0, 0};
	BJobVec lists = {0}, convs = {0};
	Totals t = {0};
	Arena *a = arena_new();
	Map *seen = map_create();
	const char **files;
	size_t n, skip;
	int rc = 0;

	if (inputs(o, a, &files, &n) || (rc = out_dir(o->output)) != 0) {
		arena_free(a);
		map_destroy(seen);
		return diag_error_count() ? 1 : 2;
	}
	skip = n ? common_dir(files, n) : 0;
	for (size_t i = 0; i < n; i++) {
		char *r = realpath(files[i], NULL);
		BJob l = {.file = files[i], .rel = rel_name(files[i], skip)};
		if (r && map_has(seen, r)) {      /* a file given twice is converted once */
			free((char *)l.rel);
			free(r);
			continue;
		}
		if (r)
			map_put(seen, r, NULL);
		free(r);
		VEC_PUSH(lists, l);
	}
	map_destroy(seen);
	run_all(&b, &lists, "listing");
	plan(&b, &lists, &convs, &t);
	for (size_t i = 0; i < convs.len && rc == 0; i++)
		rc = make_dirs(convs.data[i].out) ? 2 : 0;
	fflush(stdout);
	if (rc == 0)
		run_all(&b, &convs, "converting");
	for (size_t i = 0; i < convs.len && rc == 0; i++)
		result(&b, &convs.data[i], &t);
	printf("cuda2hlo: %zu files, %zu kernels: %zu converted (%zu dense, %zu with SIMT stores), "
	       "%zu refused; %zu files refused\n", lists.len, t.kernels, t.converted, t.dense, t.converted - t.dense,
	       t.refused, t.files_refused);
	for (size_t i = 0; i < lists.len; i++)
		free((char *)lists.data[i].rel);
	for (size_t i = 0; i < convs.len; i++) {
		free((char *)convs.data[i].kernel);
		free(convs.data[i].out);
	}
	VEC_FREE(lists);
	VEC_FREE(convs);
	arena_free(a);
	return rc ? rc : t.refused || t.files_refused ? 1 : 0;
}
