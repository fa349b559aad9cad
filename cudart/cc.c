/* cc.c: cuda2hlo-cc, a drop-in for nvcc in builds (docs/cudart.md). Consumes nvcc's
 * command line; produces objects and programs that run their kernels as StableHLO
 * through libcuda2hlo_cudart. For each .cu it
 *   1. writes the payload: the source text and the flags its device code is parsed with
 *      (register.c reads it back at run time);
 *   2. compiles the host side with clang (--cuda-host-only), which lowers `<<<>>>` to
 *      __cudaPushCallConfiguration + the kernel's stub calling cudaLaunchKernel, and with
 *      -fcuda-include-gpubinary PAYLOAD embeds the payload as the object's "fat binary"
 *      and registers every kernel and __device__/__constant__ variable in a constructor.
 * Linking (no -c) goes through clang++ with -lcuda2hlo_cudart and an rpath to it.
 * .c/.cpp inputs are compiled by clang as nvcc hands them to its host compiler. An
 * option nvcc has that is not handled here is refused by name (exit 2), never ignored
 * silently; options about GPU code generation (-arch, -gencode, -G, -lineinfo,
 * --use_fast_math, -Xptxas, ...) are accepted and have no effect: device code is raised
 * exactly, at the launch. To CMake it identifies itself as NVIDIA nvcc (--version and -v
 * in nvcc's format), the compiler id CMake's CUDA language accepts without a GPU. */
#include <cuda_runtime_api.h>   /* CUDART_VERSION: the toolkit the host side is built against */
#include "cudart.h"             /* CUDART_PTX_ARCH */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef C2H_CLANG
#define C2H_CLANG "/usr/lib/llvm-22/bin/clang"
#endif
#ifndef C2H_CUDA_PATH
#define C2H_CUDA_PATH "/usr/local/cuda"
#endif

#define C2H_STR_(x) #x
#define C2H_STR(x) C2H_STR_(x)

typedef struct {
	const char **v;
	size_t n, cap;
} Args;

/* Every string fmt() makes lives until exit (the driver runs once and exits), in this
 * pool, freed by free_pool at exit; an Args frees only its own vector (args_free). */
static Args pool;

static void push(Args *a, const char *s)
{
	if (a->n + 2 > a->cap) {
		a->cap = a->cap ? 2 * a->cap : 32;
		a->v = realloc(a->v, a->cap * sizeof *a->v);
		if (!a->v) {
			perror("cuda2hlo-cc");
			exit(1);
		}
	}
	a->v[a->n++] = s;
	a->v[a->n] = NULL;
}

static void args_free(Args *a)
{
	free(a->v);
	*a = (Args){0};
}

static void free_pool(void)
{
	for (size_t i = 0; i < pool.n; i++)
		free((char *)pool.v[i]);
	args_free(&pool);
}

static char *fmt(const char *f, const char *a, const char *b)
{
	size_t n = strlen(f) + strlen(a) + strlen(b) + 1;
	char *s = malloc(n);
	if (!s)
		exit(1);
	snprintf(s, n, f, a, b);
	push(&pool, s);
	return s;
}

typedef enum { IN_CU, IN_CXX, IN_C, IN_OBJ } InKind;

typedef struct {
	Args cu, cxx, c, obj;        /* inputs by kind */
	Args host;                   /* flags for every host compile */
	Args payload;                /* -I/-D/-U/-std for the device code's frontend */
	Args link;                   /* -L/-l/-Wl flags, host-linker flags */
	const char *out, *xlang, *std;
	int compile_only, verbose, deps_only, shared;
	int rdc;                     /* -dc, -rdc=true: device functions of other files (payload) */
	const char *arch;            /* "90" unless -arch / -gencode named one */
	const char *gpu_lib, *gpu_arg;  /* the first library that needs a GPU (gpu_libs), as given */
	int cublas;                  /* -lcublas or libcublas*: libcuda2hlo_cudart has cuBLAS */
	const char *cublaslt_arg;    /* -lcublasLt or libcublasLt*, as given */
} Cc;

static char libdir[PATH_MAX + 8];
static char hosthdr[PATH_MAX + 32];     /* PREFIX/include/cuda2hlo_cc_host.h */
static char thrustdir[PATH_MAX + 32];   /* -isystemPREFIX/include/cuda2hlo_thrust */

static _Noreturn void usage(const char *fmt1, const char *arg)
{
	fprintf(stderr, "cuda2hlo-cc: ");
	fprintf(stderr, fmt1, arg);
	fputc('\n', stderr);
	exit(2);
}

static int has_suffix(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);
	return n >= m && !strcmp(s + n - m, suf);
}

static const char *absolute(const char *p)
{
	char cwd[PATH_MAX];
	if (p[0] == '/' || !getcwd(cwd, sizeof cwd))
		return p;
	return fmt("%s/%s", cwd, p);
}

/* nvcc's -Xcompiler a,b,c: each item separately. */
static void push_split(Args *a, const char *prefix, const char *list)
{
	char *s = strdup(list), *save = NULL;
	if (!s)
		exit(1);
	for (char *t = strtok_r(s, ",", &save); t; t = strtok_r(NULL, ",", &save))
		push(a, fmt("%s%s", prefix, t));
	free(s);
}

/* The toolkit's libraries whose work runs on an NVIDIA GPU through NVIDIA's own runtime:
 * linked as they are, every call fails at run time (no driver) or, when the program does
 * not check the status, leaves its results unwritten. A program linking one is refused at
 * its link, naming it. The runtime (-lcudart, -lcuda, -lcudadevrt) is ours. */
static const char *const gpu_libs[] = {
	"cublasLt", "cuBLASLt", "cusparse", "cuSPARSE", "cusparseLt", "cuSPARSELt",
	"cufft", "cuFFT", "cufftw", "cuFFTW", "curand", "cuRAND", "cusolver", "cuSOLVER",
	"cusolverMg", "cuSOLVERMg", "nvrtc", "NVRTC", "nvjpeg", "nvJPEG", "cudnn", "cuDNN",
	"nccl", "NCCL", NULL};

static const char *gpu_lib_name(const char *l)
{
	for (size_t k = 0; gpu_libs[k]; k += 2)
		if (!strcmp(gpu_libs[k], l))
			return gpu_libs[k + 1];
	return NULL;
}

/* cuBLAS is in libcuda2hlo_cudart (cublas.c): -lcublas, -lcublas_static and the files
 * CMake's CUDA::cublas names are dropped. CUDA::cublas also names libcublasLt (its
 * dependency): with cuBLAS on the line, cublasLt is dropped too, so a program that calls
 * a cublasLt function fails at its link naming the function; alone it is refused. 1 when
 * lib is one of these (recorded, not linked). */
static int cublas_lib(Cc *c, const char *lib, const char *arg)
{
	if (!strcmp(lib, "cublas") || !strcmp(lib, "cublas_static")) {
		c->cublas = 1;
		return 1;
	}
	if (!strcmp(lib, "cublasLt") || !strcmp(lib, "cublasLt_static")) {
		if (!c->cublaslt_arg)
			c->cublaslt_arg = arg;
		return 1;
	}
	return 0;
}

static void add_input(Cc *c, const char *f)
{
	if (c->xlang && !has_suffix(f, ".o") && !has_suffix(f, ".a") && !has_suffix(f, ".so")) {
		push(!strcmp(c->xlang, "cu") ? &c->cu : !strcmp(c->xlang, "c") ? &c->c : &c->cxx, f);
		return;
	}
	if (has_suffix(f, ".cu"))
		push(&c->cu, f);
	else if (has_suffix(f, ".c"))
		push(&c->c, f);
	else if (has_suffix(f, ".cpp") || has_suffix(f, ".cc") || has_suffix(f, ".cxx")
	         || has_suffix(f, ".C") || has_suffix(f, ".c++"))
		push(&c->cxx, f);
	else if (has_suffix(f, ".o") || has_suffix(f, ".a") || has_suffix(f, ".so") || strstr(f, ".so.")) {
		const char *base = strrchr(f, '/') ? strrchr(f, '/') + 1 : f;
		char lib[64];
		/* ".../libcublas.so.13", "libcusparse_static.a": CMake's CUDA::cublas targets */
		int named = !strncmp(base, "lib", 3) && sscanf(base + 3, "%63[A-Za-z]", lib) == 1;
		if (named && cublas_lib(c, lib, f))
			return;
		if (named && gpu_lib_name(lib)) {
			if (!c->gpu_lib)
				c->gpu_lib = fmt("%s%s", lib, ""), c->gpu_arg = f;
		}
		push(&c->obj, f);
	}
	else
		usage("don't know what to do with input file '%s'", f);
}

/* Options accepted with no effect: GPU code generation and nvcc's own bookkeeping. */
static const char *const ignored[] = {
	"-G", "-lineinfo", "--generate-line-info", "--expt-relaxed-constexpr",
	"-expt-relaxed-constexpr", "--expt-extended-lambda", "-expt-extended-lambda",
	"--extended-lambda", "-extended-lambda", "--use_fast_math", "-use_fast_math",
	"--use-fast-math", "-Wno-deprecated-gpu-targets", "--keep", "-keep", "-m64",
	"-forward-unknown-to-host-compiler", "--forward-unknown-to-host-compiler",
	"-restrict", "--restrict", "-cudart=shared", "-cudart=static", "--cudart=shared",
	"--cudart=static", "-cudart=none", NULL};
/* Options with a value accepted with no effect (value as next argument or after '='). */
static const char *const ignored_val[] = {
	"-arch", "--gpu-architecture", "-gencode", "--generate-code", "-code", "--gpu-code",
	"-ccbin", "--compiler-bindir", "-Xptxas", "--ptxas-options", "-Xnvlink",
	"--nvlink-options", "-maxrregcount", "--maxrregcount", "--keep-dir", "-keep-dir",
	"-ftz", "-prec-div", "-prec-sqrt", "-fmad",
	"--ftz", "--prec-div", "--prec-sqrt", "--fmad", "-Werror", "--Werror",
	"-diag-suppress", "--diag-suppress", "--diag_suppress", "-t", "--threads", "-cudart",
	"--cudart", "--default-stream", "-default-stream", NULL};

/* If a is NAME or NAME=V (one of names), the value (next argument or after '='), else NULL. */
static const char *valued(const char *const *names, int argc, char **argv, int *i)
{
	const char *a = argv[*i];
	for (size_t k = 0; names[k]; k++) {
		size_t n = strlen(names[k]);
		if (strncmp(a, names[k], n))
			continue;
		if (a[n] == '=')
			return a + n + 1;
		if (a[n] == 0) {
			if (*i + 1 >= argc)
				usage("option '%s' needs a value", a);
			return argv[++*i];
		}
	}
	return NULL;
}

static int in_list(const char *const *l, const char *a)
{
	for (size_t k = 0; l[k]; k++)
		if (!strcmp(l[k], a))
			return 1;
	return 0;
}

/* -I, -D, -U, -isystem, -L, -l, -o, -x, -MT, -MF: value joined or as the next argument. */
static const char *joined(const char *opt, int argc, char **argv, int *i)
{
	const char *a = argv[*i];
	size_t n = strlen(opt);
	if (strncmp(a, opt, n))
		return NULL;
	if (a[n])
		return a + n + (a[n] == '=' && strcmp(opt, "-D") ? 1 : 0);
	if (*i + 1 >= argc)
		usage("option '%s' needs a value", a);
	return argv[++*i];
}

/* nvcc's --options-file FILE / -optf FILE (CMake puts -isystem=DIR of imported targets
 * such as CUDA::cublas there) and response files @FILE (CMake's link lines: objects,
 * libraries such as .../libcublas.so, which cublas_lib must see): the arguments of each
 * file in place of the option, split at white space, "double quotes" grouping. An @FILE
 * that cannot be read stays as it is (for clang to report). */
static void options_files(Args *out, int argc, char **argv)
{
	push(out, argv[0]);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *f = NULL;
		if ((!strcmp(a, "--options-file") || !strcmp(a, "-optf")) && i + 1 < argc)
			f = argv[++i];
		else if (!strncmp(a, "--options-file=", 15))
			f = a + 15;
		else if (a[0] == '@')
			f = a + 1;
		if (!f) {
			push(out, a);
			continue;
		}
		FILE *fp = fopen(f, "r");
		if (!fp && a[0] == '@') {
			push(out, a);
			continue;
		}
		if (!fp) {
			fprintf(stderr, "cuda2hlo-cc: error: cannot read options file '%s'\n", f);
			exit(1);
		}
		char tok[4096];
		size_t n = 0;
		int ch, quoted = 0, any = 0;
		while ((ch = fgetc(fp)) != EOF || any) {
			if (ch == EOF || (!quoted && (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'))) {
				if (any) {
					tok[n] = 0;
					push(out, fmt("%s%s", tok, ""));
				}
				n = 0, any = 0;
				if (ch == EOF)
					break;
			} else if (ch == '"') {
				quoted = !quoted, any = 1;
			} else if (n + 1 < sizeof tok) {
				tok[n++] = (char)ch, any = 1;
			}
		}
		fclose(fp);
	}
}

static void parse(Cc *c, int argc, char **argv)
{
	int forward = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v;
		if (a[0] == '@') {
			push(&c->obj, a);       /* a response file of objects (CMake's link lines) */
		} else if (a[0] != '-') {
			add_input(c, a);
		} else if (in_list(ignored, a) || valued(ignored_val, argc, argv, &i)) {
			if (strstr(a, "forward-unknown-to-host-compiler"))
				forward = 1;
		} else if ((v = valued((const char *const[]){"-rdc", "--relocatable-device-code", NULL}, argc, argv, &i))) {
			if (strcmp(v, "true") && strcmp(v, "false"))
				usage("-rdc '%s': expected true or false", v);
			c->rdc = !strcmp(v, "true");
		} else if (!strcmp(a, "-c") || !strcmp(a, "--compile") || !strcmp(a, "-dc")) {
			c->compile_only = 1;
			c->rdc |= !strcmp(a, "-dc");
		} else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
			c->verbose = 1;
		} else if (!strcmp(a, "-M") || !strcmp(a, "-MM")) {
			c->deps_only = 1;
			push(&c->host, a);
		} else if (!strcmp(a, "-MD") || !strcmp(a, "-MMD") || !strcmp(a, "-MP") || !strcmp(a, "-g")
		           || !strcmp(a, "-w") || !strncmp(a, "-O", 2) || !strcmp(a, "-fPIC")
		           || !strcmp(a, "-fPIE") || !strcmp(a, "-fopenmp") || !strcmp(a, "-pthread")) {
			push(&c->host, a);
			if (!strcmp(a, "-fopenmp") || !strcmp(a, "-pthread"))
				push(&c->link, a);
		} else if (!strcmp(a, "-shared") || !strcmp(a, "--shared")) {
			c->shared = 1;
		} else if ((v = joined("-MT", argc, argv, &i)) || (v = joined("-MF", argc, argv, &i))) {
			push(&c->host, a[2] == 'T' ? "-MT" : "-MF");
			push(&c->host, v);
		} else if ((v = joined("-o", argc, argv, &i)) || (v = valued((const char *const[]){"--output-file", NULL}, argc, argv, &i))) {
			c->out = v;
		} else if ((v = joined("-isystem", argc, argv, &i))) {
			push(&c->host, fmt("-isystem%s%s", absolute(v), ""));
			push(&c->payload, fmt("-I%s%s", absolute(v), ""));
		} else if ((v = joined("-I", argc, argv, &i)) || (v = valued((const char *const[]){"--include-path", NULL}, argc, argv, &i))) {
			push(&c->host, fmt("-I%s%s", absolute(v), ""));
			push(&c->payload, fmt("-I%s%s", absolute(v), ""));
		} else if ((v = joined("-D", argc, argv, &i)) || (v = valued((const char *const[]){"--define-macro", NULL}, argc, argv, &i))) {
			push(&c->host, fmt("-D%s%s", v, ""));
			push(&c->payload, fmt("-D%s%s", v, ""));
		} else if ((v = joined("-U", argc, argv, &i))) {
			push(&c->host, fmt("-U%s%s", v, ""));
			push(&c->payload, fmt("-U%s%s", v, ""));
		} else if ((v = valued((const char *const[]){"-std", "--std", NULL}, argc, argv, &i))) {
			push(&c->host, fmt("-std=%s%s", v, ""));
			push(&c->payload, fmt("-std=%s%s", v, ""));
		} else if ((v = valued((const char *const[]){"-x", "--x", NULL}, argc, argv, &i)) || (v = joined("-x", argc, argv, &i))) {
			c->xlang = !strcmp(v, "none") ? NULL : v;
			if (c->xlang && strcmp(v, "cu") && strcmp(v, "c++") && strcmp(v, "c"))
				usage("-x '%s': expected cu, c++, c or none", v);
		} else if ((v = valued((const char *const[]){"-Xcompiler", "--compiler-options", NULL}, argc, argv, &i))) {
			push_split(&c->host, "", v);
			push_split(&c->link, "", v);     /* nvcc hands them to the host linker too (-fopenmp) */
		} else if ((v = valued((const char *const[]){"-Xlinker", "--linker-options", NULL}, argc, argv, &i))) {
			push_split(&c->link, "-Wl,", v);
		} else if ((v = joined("-L", argc, argv, &i))) {
			push(&c->link, fmt("-L%s%s", v, ""));
		} else if ((v = joined("-l", argc, argv, &i))) {
			if (cublas_lib(c, v, fmt("-l%s%s", v, ""))) {
				;
			} else if (gpu_lib_name(v)) {
				if (!c->gpu_lib)
					c->gpu_lib = v, c->gpu_arg = fmt("-l%s%s", v, "");
			} else if (strcmp(v, "cudart") && strcmp(v, "cudart_static") && strcmp(v, "cudadevrt")
			           && strcmp(v, "cuda"))   /* the runtime is ours */
				push(&c->link, fmt("-l%s%s", v, ""));
		} else if (!strncmp(a, "-Wl,", 4) || !strcmp(a, "-rdynamic")) {
			push(&c->link, a);
		} else if (forward) {
			push(&c->host, a);
			push(&c->link, a);
		} else {
			usage("unknown option '%s' (nvcc's options are listed in docs/cudart.md; "
			      "host compiler options go through -Xcompiler)", a);
		}
	}
}

static int verbose;

/* Runs argv; its exit status (127 when it cannot start). With err, its stderr goes to
 * the file err. */
static int run_to(Args *a, const char *err)
{
	pid_t pid;
	int st;
	if (verbose) {
		fputs("#$", stderr);
		for (size_t i = 0; i < a->n; i++)
			fprintf(stderr, " %s", a->v[i]);
		fputc('\n', stderr);
	}
	fflush(NULL);
	if ((pid = fork()) < 0) {
		perror("cuda2hlo-cc: fork");
		return 127;
	}
	if (pid == 0) {
		if (err && !freopen(err, "w", stderr))
			_exit(127);
		execvp(a->v[0], (char *const *)a->v);
		fprintf(stderr, "cuda2hlo-cc: cannot run %s: %s\n", a->v[0], strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return 127;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static int run(Args *a)
{
	return run_to(a, NULL);
}

/* The payload register.c reads: header, flags, source text (NUL-terminated). */
static int write_payload(const Cc *c, const char *src, const char *path)
{
	FILE *in = fopen(src, "rb"), *out;
	char *text = NULL;
	long n;
	if (!in) {
		fprintf(stderr, "cuda2hlo-cc: cannot read '%s': %s\n", src, strerror(errno));
		return 1;
	}
	if (fseek(in, 0, SEEK_END) || (n = ftell(in)) < 0 || fseek(in, 0, SEEK_SET)
	    || !(text = malloc((size_t)n + 1)) || fread(text, 1, (size_t)n, in) != (size_t)n) {
		fprintf(stderr, "cuda2hlo-cc: cannot read '%s'\n", src);
		fclose(in);
		free(text);
		return 1;
	}
	fclose(in);
	text[n] = 0;
	if (strlen(text) != (size_t)n) {
		fprintf(stderr, "cuda2hlo-cc: '%s' holds a NUL byte\n", src);
		free(text);
		return 1;
	}
	if (!(out = fopen(path, "wb"))) {
		free(text);
		return 1;
	}
	fprintf(out, "cuda2hlo-device-code 1\nfile %s\n", absolute(src));
	for (size_t i = 0; i < c->payload.n; i++)
		fprintf(out, "flag %s\n", c->payload.v[i]);
	if (c->rdc)
		fprintf(out, "rdc\n");
	fprintf(out, "source %ld\n", n);
	fwrite(text, 1, (size_t)n + 1, out);
	free(text);
	return fclose(out) ? 1 : 0;
}

static char tmpdir[] = "/tmp/cuda2hlo-cc-XXXXXX";
static int have_tmp;

static const char *tmpfile_named(const char *base, const char *suffix)
{
	if (!have_tmp) {
		if (!mkdtemp(tmpdir)) {
			perror("cuda2hlo-cc: mkdtemp");
			exit(1);
		}
		have_tmp = 1;
	}
	const char *slash = strrchr(base, '/');
	char *p = fmt("%s/%s", tmpdir, slash ? slash + 1 : base);
	return fmt("%s%s", p, suffix);
}

static void cleanup(void)
{
	if (have_tmp) {
		Args rm = {0};
		push(&rm, "rm");
		push(&rm, "-rf");
		push(&rm, tmpdir);
		int v = verbose;
		verbose = 0;
		run(&rm);
		args_free(&rm);
		verbose = v;
	}
}

/* clang++ from C2H_CLANG ("/x/clang" -> "/x/clang++"). */
static const char *clangxx(void)
{
	return fmt("%s%s", C2H_CLANG, "++");
}

/* nvcc's version macros, from the toolkit the host side is built against. */
static char vmajor[40], vminor[40];

static void version_macros(void)
{
	snprintf(vmajor, sizeof vmajor, "-D__CUDACC_VER_MAJOR__=%d", CUDART_VERSION / 1000);
	snprintf(vminor, sizeof vminor, "-D__CUDACC_VER_MINOR__=%d", CUDART_VERSION % 1000 / 10);
}

/* With relocatable device code, a header declaring one __device__ variable named after
 * src: clang registers an object's payload only when it has a kernel or a device
 * variable, and a file of device functions alone must be registered too (register.c
 * joins the program's files); NULL when it cannot be written. */
static const char *unit_marker(const char *src)
{
	const char *path = tmpfile_named(src, ".unit.h");
	FILE *f = fopen(path, "w");
	unsigned long long h = 1469598103934665603ull;
	for (const char *p = absolute(src); *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ull;
	if (!f)
		return NULL;
	fprintf(f, "__device__ char __cuda2hlo_unit_%016llx;\n", h);
	return fclose(f) ? NULL : path;
}

/* The host compile of src (kind k) to obj: clang's arguments. hd: the header that makes
 * the file's own functions __host__ __device__ (hostdev.c), or NULL. */
static void host_args(Args *a, const Cc *c, const char *src, InKind k, const char *obj,
                      const char *payload, const char *marker, const char *hd)
{
	push(a, k == IN_C ? C2H_CLANG : clangxx());
	if (k == IN_CU) {
		push(a, "-x");
		push(a, "cuda");
		push(a, "--cuda-host-only");
		push(a, "--cuda-gpu-arch=sm_" C2H_STR(CUDART_PTX_ARCH));   /* __CUDA_ARCH_LIST__ */
		push(a, "--cuda-path=" C2H_CUDA_PATH);
		push(a, "-Wno-unknown-cuda-version");
		push(a, thrustdir);   /* thrust's device memory from cudaMalloc (cuda2hlo_cc_host.h) */
		push(a, "-isystem" C2H_CUDA_PATH "/include/cccl");   /* thrust, cub, libcu++: nvcc adds it */
		push(a, "-D__NVCC__");
		push(a, "-D__CUDA2HLO_CC__");
		push(a, vmajor);
		push(a, vminor);
		push(a, "-D__CUDACC_VER_BUILD__=0");
		push(a, "-include");            /* nvcc's host min/max overloads */
		push(a, hosthdr);
		if (marker) {
			push(a, "-include");
			push(a, marker);
		}
		if (hd) {
			push(a, "-include");
			push(a, hd);
		}
		push(a, "-Xclang");
		push(a, "-fcuda-include-gpubinary");
		push(a, "-Xclang");
		push(a, payload);
	} else {
		push(a, "-I" C2H_CUDA_PATH "/include");
	}
	for (size_t i = 0; i < c->host.n; i++) {
		const char *f = c->host.v[i];
		if (k == IN_C && (!strncmp(f, "-std=c++", 8) || !strncmp(f, "-std=gnu++", 10))) {
			/* nvcc hands a .c to the host compiler as C with the build's flags; gcc
			 * warns about a C++ standard and goes on, clang would stop */
			fprintf(stderr, "cuda2hlo-cc: warning: '%s' is for C++, not for the C file %s: ignored\n", f, src);
			continue;
		}
		push(a, f);
	}
	if (!c->deps_only)
		push(a, "-c");
	push(a, src);
	if (obj) {
		push(a, "-o");
		push(a, obj);
	}
}

/* The header hostdev.c writes for src, or NULL when src uses no thrust or cub (or it
 * cannot be written: the file then compiles as it is). */
static const char *hostdev_header(const Cc *c, const char *src)
{
	Args dirs = {0};
	for (size_t i = 0; i < c->host.n; i++)
		if (!strncmp(c->host.v[i], "-I", 2) && c->host.v[i][2])
			push(&dirs, c->host.v[i] + 2);
	const char *path = tmpfile_named(src, ".hostdev.h");
	int rc = cc_hostdev_header(src, dirs.v, dirs.n, path);
	args_free(&dirs);
	return rc == 1 ? path : NULL;
}

/* Copies the file at path to stderr; with first, only its first line holding "error:". */
static void show(const char *path, int first)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	while (f && fgets(line, sizeof line, f))
		if (!first || strstr(line, "error:")) {
			fputs(line, stderr);
			if (first)
				break;
		}
	if (f)
		fclose(f);
}

/* Host-compiles src (kind k) to obj. A .cu that uses thrust or cub is compiled with its
 * own functions __host__ __device__ (hostdev.c: host-run thrust and cub call its
 * __device__ functors); when that does not compile, as it is, with a note naming the
 * first error. */
static int compile(const Cc *c, const char *src, InKind k, const char *obj)
{
	Args a = {0};
	const char *payload = NULL, *marker = NULL, *hd = NULL;
	if (k == IN_CU) {
		payload = tmpfile_named(src, ".payload");
		if (write_payload(c, src, payload))
			return 1;
		if (c->rdc && !(marker = unit_marker(src)))
			return 1;
		if (!c->deps_only)
			hd = hostdev_header(c, src);
	}
	int rc;
	if (hd) {
		const char *err = tmpfile_named(src, ".hostdev.err");
		host_args(&a, c, src, k, obj, payload, marker, hd);
		rc = run_to(&a, err);
		args_free(&a);
		if (!rc) {
			show(err, 0);   /* its warnings */
			return 0;
		}
		fprintf(stderr, "cuda2hlo-cc: note: %s: compiled as written: its own functions do not "
		        "compile as __host__ __device__ (then host-run thrust and cub cannot call its "
		        "__device__ functions):\n", src);
		show(err, 1);
	}
	host_args(&a, c, src, k, obj, payload, marker, NULL);
	rc = run(&a);
	args_free(&a);
	return rc;
}

/* What CMake reads from nvcc -v (Modules/CMakeDetermineCUDACompiler.cmake): the toolkit
 * (TOP), include and library lines, an architecture, and a link line holding LIBRARIES
 * whose first word (this program) becomes CMake's CUDA link launcher. */
static void print_nvcc_env(void)
{
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	self[n > 0 ? n : 0] = 0;
	fprintf(stderr, "#$ _NVVM_BRANCH_=nvvm\n#$ TOP=%s\n", C2H_CUDA_PATH);
	fprintf(stderr, "#$ NVVMIR_LIBRARY_DIR=%s/nvvm/libdevice\n", C2H_CUDA_PATH);
	fprintf(stderr, "#$ PATH=%s\n", getenv("PATH") ? getenv("PATH") : "");
	fprintf(stderr, "#$ INCLUDES=\"-I%s/include\"\n", C2H_CUDA_PATH);
	fprintf(stderr, "#$ LIBRARIES=  \"-L%s\" -lcuda2hlo_cudart\n", libdir);
	fprintf(stderr, "#$ cuda2hlo: device code is kept as source and raised at launch "
	        "(-arch compute_90)\n");
	fprintf(stderr, "#$ %s -o a.out \"-L%s\" -lcuda2hlo_cudart\n", self, libdir);
}

static int print_version(void)
{
	printf("nvcc: NVIDIA (R) Cuda compiler driver\n"
	       "cuda2hlo-cc: a drop-in for nvcc: host code by clang, kernels raised to StableHLO\n"
	       "Cuda compilation tools, release %d.%d, V%d.%d.0\n",
	       CUDART_VERSION / 1000, CUDART_VERSION % 1000 / 10,
	       CUDART_VERSION / 1000, CUDART_VERSION % 1000 / 10);
	return 0;
}

static void find_libdir(void)
{
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (n <= 0) {
		snprintf(libdir, sizeof libdir, "%s", "/usr/local/lib");
		snprintf(hosthdr, sizeof hosthdr, "%s", "/usr/local/include/cuda2hlo_cc_host.h");
		snprintf(thrustdir, sizeof thrustdir, "%s", "-isystem/usr/local/include/cuda2hlo_thrust");
		return;
	}
	self[n] = 0;
	char *s = strrchr(self, '/');
	*s = 0;                                  /* .../bin */
	s = strrchr(self, '/');
	if (s)
		*s = 0;                              /* ... */
	snprintf(libdir, sizeof libdir, "%s/lib", self);
	snprintf(hosthdr, sizeof hosthdr, "%s/include/cuda2hlo_cc_host.h", self);
	snprintf(thrustdir, sizeof thrustdir, "-isystem%s/include/cuda2hlo_thrust", self);
}

/* The object an input compiles to: -o with -c, else NAME.o here, else a temporary. */
static const char *object_for(const Cc *c, const char *src, size_t ninputs)
{
	if (c->compile_only && c->out && ninputs == 1)
		return c->out;
	if (c->compile_only) {
		const char *slash = strrchr(src, '/'), *base = slash ? slash + 1 : src;
		char *o = fmt("%s%s", base, ".o"), *dot = strrchr(o, '.');
		*dot = 0;                                /* "a.cu.o" -> "a.cu" */
		if ((dot = strrchr(o, '.')) != NULL)
			*dot = 0;                            /* -> "a" */
		return fmt("%s%s", o, ".o");
	}
	return tmpfile_named(src, ".o");
}

static int link_all(const Cc *c, const Args *objs)
{
	Args a = {0};
	push(&a, clangxx());
#ifdef C2H_SANITIZER_LIBS
	push(&a, "-Wl,--push-state,--no-as-needed," C2H_SANITIZER_LIBS ",--pop-state");
#endif
	if (c->shared)
		push(&a, "-shared");
	for (size_t i = 0; i < objs->n; i++)
		push(&a, objs->v[i]);
	push(&a, "-o");
	push(&a, c->out ? c->out : "a.out");
	for (size_t i = 0; i < c->link.n; i++)
		push(&a, c->link.v[i]);
	push(&a, fmt("-L%s%s", libdir, ""));
	push(&a, fmt("-Wl,-rpath,%s%s", libdir, ""));
	push(&a, "-lcuda2hlo_cudart");
	int rc = run(&a);
	args_free(&a);
	return rc;
}

/* The command line's lists and the objects to link: freed at exit with the pool, so an
 * exit from anywhere (usage, a failed step) leaves nothing allocated. */
static Cc cc;
static Args objs, expanded;    /* expanded: the command line, options files read */

static void free_all(void)
{
	Args *lists[] = {&cc.cu, &cc.cxx, &cc.c, &cc.obj, &cc.host, &cc.payload, &cc.link, &objs,
	                 &expanded};
	for (size_t i = 0; i < sizeof lists / sizeof *lists; i++)
		args_free(lists[i]);
	free_pool();
}

int main(int argc, char **argv)
{
	Cc *c = &cc;
	int rc = 0;

	atexit(free_all);        /* registered first, so it runs last (after cleanup) */
	find_libdir();
	version_macros();
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--version") || !strcmp(argv[i], "-V"))
			return print_version();
		if (!strcmp(argv[i], "-v") || !strcmp(argv[i], "--verbose"))
			verbose = 1;
	}
	if (verbose)          /* before parsing: CMake probes with `-v __cmake_determine_cuda` */
		print_nvcc_env();
	options_files(&expanded, argc, argv);
	parse(c, (int)expanded.n, (char **)expanded.v);
	size_t nsrc = c->cu.n + c->cxx.n + c->c.n;
	if (nsrc + c->obj.n == 0)
		usage("no input files%s", "");
	if (c->compile_only && c->out && nsrc > 1)
		usage("-o with -c and several inputs%s", "");
	if (!c->gpu_lib && c->cublaslt_arg && !c->cublas)
		c->gpu_lib = "cublasLt", c->gpu_arg = c->cublaslt_arg;
	if (c->gpu_lib && !c->compile_only && !c->deps_only) {   /* before compiling anything */
		fprintf(stderr, "cuda2hlo-cc: error: %s: %s runs on an NVIDIA GPU and is not provided by "
		        "cuda2hlo (libcuda2hlo_cudart implements the CUDA runtime API and cuBLAS only); the "
		        "program is not linked\n", c->gpu_arg, gpu_lib_name(c->gpu_lib));
		return 1;
	}
	atexit(cleanup);
	const Args *lists[] = {&c->cu, &c->cxx, &c->c};
	const InKind kinds[] = {IN_CU, IN_CXX, IN_C};
	for (int l = 0; l < 3 && rc == 0; l++)
		for (size_t i = 0; i < lists[l]->n && rc == 0; i++) {
			const char *src = lists[l]->v[i];
			const char *obj = c->deps_only ? c->out : object_for(c, src, nsrc);
			rc = compile(c, src, kinds[l], obj);
			push(&objs, obj);
		}
	if (rc || c->compile_only || c->deps_only)
		return rc ? 1 : 0;
	for (size_t i = 0; i < c->obj.n; i++)
		push(&objs, c->obj.v[i]);
	return link_all(c, &objs) ? 1 : 0;
}
