/* headers.c: which CUDA headers a parse sees. Consumes the Options (--cuda-path,
 * --bundled-cuda, -v) and, after a parse with the bundled set, the unit's inclusions and
 * errors; produces clang's header arguments and the unsaved files of the bundled set.
 *
 * The bundled set (cuda_api.cuh as cuda_runtime.h, cuda_runtime_api.cuh,
 * cooperative_groups.cuh, cuda_fp16.cuh, math_api.cuh (also with a toolkit), and the
 * toolkit's other header names that only include cuda_runtime.h) needs no toolkit and
 * parses several times faster than the toolkit's cuda_runtime.h (docs/headers.md). Host
 * C and C++ come from the system's own headers either way. A file that includes a header
 * the bundled set lacks (cub, thrust, cuda_bf16.h, curand_kernel.h, ...) and finds it in
 * a toolkit, or finds it nowhere while a toolkit has it, is parsed again with that
 * toolkit: --cuda-path DIR, else $CUDA_PATH, else /usr/local/cuda. --bundled-cuda never uses a toolkit; --cuda-path
 * always does. The parse is the device side (--cuda-device-only --cuda-gpu-arch=sm_80,
 * parse.c); with a CUDA 13 toolkit clang-22 needs -Wno-unknown-cuda-version (it knows
 * CUDA up to 12.9) and include/cccl on the path (CUDA 13 moved
 * cub, thrust and libcu++ there).
 * Versions: the bundled set says it is the toolkit that would be used (its CUDART_VERSION,
 * which cuda2hlo-cc's host side also sees), else CUDA 13.0: CUDART_VERSION and
 * __CUDACC_VER_MAJOR__/MINOR__ always (nvcc includes cuda_runtime.h in every file), and
 * CUDA_VERSION once cuda.h is included, as in the toolkit, so `#if CUDA_VERSION >= 12080`
 * takes the branch that nvcc and the host side take. */
#include "parse.h"

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* Toolkit header names the bundled cuda_runtime.h stands for. */
static const char *const aliases[] = {
	"cuda.h", "device_launch_parameters.h", "device_functions.h", "math_constants.h",
	"driver_types.h", "vector_types.h", "vector_functions.h", "builtin_types.h",
	"device_types.h", "host_defines.h", "channel_descriptor.h", "texture_types.h",
	"surface_types.h", "cuda_texture_types.h", "cuda_surface_types.h", "library_types.h",
	"cuda_device_runtime_api.h", "cuda_profiler_api.h", "common_functions.h",
	"math_functions.h", "device_atomic_functions.h", "sm_20_atomic_functions.h",
	"sm_32_intrinsics.h", "sm_35_intrinsics.h", "driver_functions.h",
	"cooperative_groups/reduce.h",
};

static int is_dir(const char *p)
{
	struct stat st;

	return !stat(p, &st) && S_ISDIR(st.st_mode);
}

static int readable(const char *p)
{
	return !access(p, R_OK);
}

/* The toolkit to fall back to: $CUDA_PATH or /usr/local/cuda when it has headers. */
static const char *detected(Arena *a)
{
	const char *e = getenv("CUDA_PATH");
	const char *d = e && *e ? e : "/usr/local/cuda";

	return readable(arena_printf(a, "%s/include/cuda_runtime.h", d)) ? arena_strdup(a, d) : NULL;
}

/* The CUDART_VERSION that the toolkit tk's cuda_runtime_api.h defines (13000 for CUDA
 * 13.0), else 0. */
static int toolkit_version(Arena *a, const char *tk)
{
	FILE *f = fopen(arena_printf(a, "%s/include/cuda_runtime_api.h", tk), "r");
	char line[256];
	int v = 0;

	if (!f)
		return 0;
	while (!v && fgets(line, sizeof line, f))
		if (sscanf(line, " #define CUDART_VERSION %d", &v) != 1 || v < 1000)
			v = 0;
	fclose(f);
	return v;
}

void headers_args(Ctx *cx, StrVec *args)
{
	const char *tk = cx->toolkit;
	int v;

	if (tk) {
		VEC_PUSH(*args, arena_printf(cx->a, "--cuda-path=%s", tk));
		if (is_dir(arena_printf(cx->a, "%s/include/cccl", tk))) {
			VEC_PUSH(*args, "-isystem");
			VEC_PUSH(*args, arena_printf(cx->a, "%s/include/cccl", tk));
		}
#ifdef CLANG_RESOURCE_DIR
		/* so that libclang puts clang's cuda_wrappers on the include path, as the driver
		 * does: their device placement new (cub's BlockLoad constructs items with it), and
		 * the device <cmath>, <complex> and <algorithm> (src/frontend/CMakeLists.txt) */
		if (is_dir(CLANG_RESOURCE_DIR "/include/cuda_wrappers")) {
			VEC_PUSH(*args, "-resource-dir");
			VEC_PUSH(*args, CLANG_RESOURCE_DIR);
		}
#endif
		VEC_PUSH(*args, "-include");       /* the Math API written in CUDA (math_api.cuh) */
		VEC_PUSH(*args, BUNDLED_DIR "/cuda2hlo_math_api.h");
		return;
	}
	if (!cx->o->bundled_cuda && (tk = detected(cx->a)) && (v = toolkit_version(cx->a, tk)))
		VEC_PUSH(*args, arena_printf(cx->a, "-D__CUDA2HLO_CUDART_VERSION=%d", v));
	VEC_PUSH(*args, "-nocudainc");
	VEC_PUSH(*args, "-nocudalib");
	VEC_PUSH(*args, "-I" BUNDLED_DIR);
	VEC_PUSH(*args, "-include");
	VEC_PUSH(*args, BUNDLED_DIR "/cuda_runtime.h");
}

static struct CXUnsavedFile unsaved(const char *name, const char *text)
{
	return (struct CXUnsavedFile){name, text, (unsigned long)strlen(text)};
}

/* The bundled set as unsaved files (with a toolkit: only the Math API, math_api.cuh);
 * their count. */
size_t headers_bundled(Ctx *cx, struct CXUnsavedFile *un, size_t max)
{
	size_t n = 0, na = sizeof aliases / sizeof *aliases;

	ASSERT(max >= na + 5);
	un[n++] = unsaved(BUNDLED_DIR "/cuda2hlo_math_api.h", frontend_bundled_math_api);
	if (cx->toolkit)
		return n;
	un[n++] = unsaved(BUNDLED_DIR "/cuda_runtime.h", frontend_bundled_cuda_api);
	un[n++] = unsaved(BUNDLED_DIR "/cuda_runtime_api.h", frontend_bundled_cuda_runtime_api);
	un[n++] = unsaved(BUNDLED_DIR "/cooperative_groups.h", frontend_bundled_cooperative_groups);
	un[n++] = unsaved(BUNDLED_DIR "/cuda_fp16.h", frontend_bundled_cuda_fp16);
	for (size_t i = 0; i < na; i++)
		un[n++] = unsaved(arena_printf(cx->a, BUNDLED_DIR "/%s", aliases[i]),
		                  strchr(aliases[i], '/') ? "#include <cooperative_groups.h>\n"
		                  : !strcmp(aliases[i], "cuda.h") ? "#include <cuda_runtime.h>\n"
		                                                    "#define CUDA_VERSION CUDART_VERSION\n"
		                                                  : "#include <cuda_runtime.h>\n");
	return n;
}

/* 1 when `path` is a file of the toolkit whose include folder's real path is `inc`
 * (also through a link, as /usr/local/include/cuda_fp16.h may be). */
static int toolkit_file(const char *inc, const char *path)
{
	char *r = realpath(path, NULL);
	int in = r && !strncmp(r, inc, strlen(inc)) && r[strlen(inc)] == '/';

	free(r);
	return in;
}

typedef struct Need {
	Ctx *cx;
	const char *inc;         /* the toolkit's include folder, a real path */
	const char *header;      /* the first toolkit header included, else NULL */
} Need;

static void inclusion(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	Need *n = data;
	const char *p;

	(void)stack;
	if (n->header || !depth)
		return;
	p = str(n->cx->a, clang_getFileName(f));
	if (toolkit_file(n->inc, p))
		n->header = p;
}

/* A header that a "'X' file not found" error names and the toolkit has, else NULL. */
static const char *missing_in(Ctx *cx, const char *tk)
{
	for (size_t i = 0; i < cx->errs.len; i++) {
		CXDiagnostic d = clang_getDiagnostic(cx->tu, (unsigned)cx->errs.data[i]);
		const char *m = str(cx->a, clang_getDiagnosticSpelling(d)), *q = strchr(m, '\'');
		const char *e = q ? strstr(q + 1, "' file not found") : NULL;
		clang_disposeDiagnostic(d);
		if (!e)
			continue;
		const char *h = arena_strndup(cx->a, q + 1, (size_t)(e - q - 1));
		if (readable(arena_printf(cx->a, "%s/include/%s", tk, h)) ||
		    readable(arena_printf(cx->a, "%s/include/cccl/%s", tk, h)))
			return h;
	}
	return NULL;
}

/* After a parse with the bundled set: when the file needs a toolkit's header and one is
 * found, sets cx->toolkit and returns 1 (parse again). */
int headers_want_toolkit(Ctx *cx)
{
	Need n = {cx, NULL, NULL};
	const char *tk;
	char *inc;

	if (cx->toolkit || cx->o->bundled_cuda || !cx->tu || !(tk = detected(cx->a)))
		return 0;
	if (!(inc = realpath(arena_printf(cx->a, "%s/include", tk), NULL)))
		return 0;
	n.inc = arena_strdup(cx->a, inc);
	free(inc);
	clang_getInclusions(cx->tu, inclusion, &n);
	if (!n.header && !(n.header = missing_in(cx, tk)))
		return 0;
	cx->toolkit = tk;
	if (cx->o->verbose)
		diag_note(NOLOC, "parsing with the CUDA toolkit in '%s': the file includes '%s', which the bundled header set lacks",
		          tk, n.header);
	return 1;
}
