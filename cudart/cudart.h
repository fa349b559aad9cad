/* cudart.h: the internal surface of cudart/, the CUDA runtime library that programs
 * built by cuda2hlo-cc link (libcuda2hlo_cudart.so). Sections follow the .c files:
 * mem.c (allocations), register.c (device code and symbols registered by each object's
 * constructor), jit.c (a kernel raised for one launch), cache.c (modules in memory and on
 * disk), launch.c (cudaLaunchKernel). The CUDA API itself (api.c, launch.c) is declared by
 * the toolkit's cuda_runtime_api.h, so its ABI is the one the program was compiled for. */
#ifndef CUDA2HLO_CUDART_H
#define CUDA2HLO_CUDART_H

#include <stddef.h>
#include <stdint.h>

/* The virtual architecture device code is compiled for, as nvcc's `-arch=compute_80`:
 * the frontend parses device code for sm_80 (src/frontend/parse.c), cuda2hlo-cc compiles
 * the host side for it (clang's __CUDA_ARCH_LIST__, the list of architectures a program's
 * kernels were built for), and cudaFuncGetAttributes reports it as every kernel's
 * ptxVersion. thrust and cub check the runtime's ptxVersion against __CUDA_ARCH_LIST__
 * (cudaErrorInvalidDeviceFunction when it is not there) and pick by it the tuning policy
 * whose tile sizes the host side launches with, while the kernel's device code was parsed
 * with the policy of __CUDA_ARCH__: all three must name the same architecture. */
#define CUDART_PTX_ARCH 80

/* ---- mem.c: every allocation the program made through the API ---- */
struct c2h_buffer;
typedef struct CudartAlloc {
	char *base;
	size_t bytes;
	uint64_t version;        /* changes at every write through the API (never reused) */
	int host;                /* the host may write it directly (managed, host memory) */
	/* A kernel's result kept in the runtime: the bytes of [base + dev_off, + its size)
	 * at version dev_version; newer than the memory while stale. */
	struct c2h_buffer *dev;
	size_t dev_off;
	uint64_t dev_version;
	int stale;
} CudartAlloc;
/* zero-filled, tracked; NULL on OOM. host: cudaMallocManaged/MallocHost/HostAlloc. */
void *cudart_alloc(size_t bytes, int host);
int cudart_free(void *p);                              /* 0, or -1 when p is not an allocation */
/* From now on every allocation is one the host may write (host code that runs thrust's
 * device algorithms on device memory: cudart/include/cuda2hlo_thrust/). Exported. */
void cuda2hlo_cudart_host_coherent(void);
/* The allocation holding p (also an interior pointer), or NULL. */
const CudartAlloc *cudart_alloc_find(const void *p);
/* The version of the device-only allocation holding p; 0 when p is in none, or in memory
 * the host may write directly (its contents can change without the API seeing it). */
uint64_t cudart_alloc_version(const void *p);
/* The API wrote memory at p (a copy, a memset): a new version; the kernel result kept
 * for it is dropped (call cudart_alloc_sync first: its bytes must be in memory). */
void cudart_alloc_written(const void *p);
/* A version no allocation or symbol had before (the counter of both). */
uint64_t cudart_version_next(void);
/* Memory at p is about to be read or partly written by the host side of the API
 * (cudaMemcpy*, cudaMemset*, a launch's copy into a module): a kernel result still held
 * in the runtime is copied into it first. No effect on memory outside allocations. */
void cudart_alloc_sync(const void *p);
/* A kernel wrote the memory from p on: its result buffer b (owned from now on) is kept
 * as the newest contents, copied into memory only when something reads it there (or at
 * once for memory the host reads directly). 0, or -1 when p is in no allocation (then b
 * is not taken). */
int cudart_alloc_keep(void *p, struct c2h_buffer *b);
/* The kept result holding exactly the memory from p at its current version, when its
 * type is rank 1 of n elements of dtype (c2h_dtype); else NULL. Bound as a module input
 * without a copy. */
struct c2h_buffer *cudart_alloc_resident(const void *p, int dtype, int64_t n);
/* For an allocation from cudaMalloc that holds no kept buffer: a buffer holding a copy
 * of its n elements of dtype from p, kept from now on as that memory's contents (not
 * stale: memory holds the same bytes), so that a launch whose kernel writes the memory
 * may be donated it, and every launch of every module reading the memory as that tensor
 * binds it until the memory is written (a copy or memset through the API, a kernel
 * result). NULL when p is in no such allocation, the
 * allocation holds a kept buffer already, or the tensor does not fit. */
struct c2h_buffer *cudart_alloc_resident_copy(const void *p, int dtype, int64_t n);

/* ---- register.c: the device code of each object and its kernels and symbols ---- */
typedef struct CudartCode {
	const char *file;        /* the .cu as compiled (absolute) */
	const char *source;      /* its text when compiled */
	const char **flags;      /* -I/-D/-std flags for the frontend */
	size_t nflags;
	uint64_t hash;           /* of file, flags and source: part of every cache key */
	int rdc;                 /* compiled with -dc / -rdc=true (cuda2hlo-cc) */
} CudartCode;
typedef struct CudartKernel {
	const void *stub;        /* the host stub cudaLaunchKernel is called with */
	const char *mangled;     /* "_Z6kernelPfi" */
	char *name;              /* as the frontend names it: "kernel", "scale<float>" */
	const CudartCode *code;
	struct CudartSig *sig;   /* parameters, found by the first launch (jit.c) */
	/* Launches that differ in gridDim.x (launch.c): 1 its modules take it as an input,
	 * -1 specialised for good, 0 not known yet; the last launch's grid.x and the
	 * gathers, scatters and whiles of its module (when specialised). */
	int grid_input;
	unsigned last_gx;
	int last_cost;
	/* The last launch's specialisation in bytes (launch.c fingerprint) and its entry: a
	 * launch with the same bytes takes that entry without building the cache key. */
	unsigned char *last_fp;
	size_t last_fplen;
	void *last_entry;
	/* The last launch when a repeat of it may be skipped (launch.c remember): its entry
	 * (NULL: none), geometry, shmem, the bytes of its parameters, and per pointer
	 * parameter the version of its memory as the launch left it. */
	void *memo_entry;
	unsigned memo_geom[6];
	size_t memo_shmem;
	unsigned char *memo_args;
	size_t memo_arglen;
	uint64_t *memo_versions;
	/* and per symbol of its signature (CudartSig.syms) the version and the bytes the
	 * launch left it with: the host may assign a symbol's shadow directly (it is the
	 * memory here), which no version sees */
	uint64_t *memo_symv;
	unsigned char *memo_symbytes;
} CudartKernel;
typedef struct CudartVar {
	void *host;              /* the host shadow: cudaMemcpyToSymbol writes here */
	const char *name;        /* device name of the __constant__ / __device__ variable */
	char *fname;             /* as the frontend names it: "c", "mask<float>" ("_Z4maskIfE") */
	size_t bytes;
	int constant;
	uint64_t version;        /* changes at every write through the API or by a kernel
	                            (cudart_var_written; from mem.c's counter, never 0) */
} CudartVar;
const CudartKernel *cudart_kernel_find(const void *stub);
const CudartVar *cudart_var_find(const void *host);          /* by host shadow address */
const CudartVar *cudart_var_named(const char *name);
/* The symbol holding p was written (a copy, a memset, a kernel's result): a new version.
 * No effect when p is in no symbol. */
void cudart_var_written(const void *p);
uint64_t cudart_hash(const void *data, size_t len, uint64_t h);  /* FNV-1a; h = 0 to start */
const CudartCode *cudart_rdc_code(size_t i);        /* register.c: -rdc files, NULL past the last */
uint64_t cudart_code_key(const CudartCode *c);      /* c's hash with its -rdc files' */

/* ---- jit.c: one kernel raised for one launch ---- */
typedef struct CudartParam {
	const char *name;        /* "n", "g.nx" */
	int arg;                 /* index of the CUDA argument holding it */
	size_t offset;           /* byte offset inside that argument */
	int bytes;               /* scalar size; 8 for a pointer */
	int is_ptr, is_float, is_unsigned;   /* is_ptr 2: an array field of a struct (jit.c), bytes of it in the argument */
	int elem_bytes;          /* pointer: element size */
	int indirect;            /* a field of the struct the argument points to (a descriptor
	                            in device memory, KirParam.indirect): offset is the field's
	                            in that struct, read at launch (launch.c arg_at) */
	/* Integer scalars are specialised until one changes between launches; then the
	 * kernel is raised with it as a module input (launch.c), unless that raise fails. */
	int input;               /* 1: a module input; 2: tried as one in this launch */
	int fixed;               /* the raise needs its value: always specialised */
	int seen;
	unsigned char last[8];   /* its bytes at the last launch */
	/* A pointer (is_ptr 1): whether the kernel reads its memory (a load, an atomic, a
	 * compound assignment or increment, a part store's read-modify-write) and whether it
	 * writes it, from the kernel IR (jit.c access facts) */
	int reads, writes;
} CudartParam;
typedef struct CudartSig {
	CudartParam *params;
	size_t nparams;
	/* reads/writes (and syms) say exactly which memory the kernel touches: every access
	 * is through a pointer parameter of its own or a symbol of syms (no descriptor
	 * field, no array field), and it has no device printf site, so a launch
	 * repeating the last with that memory unchanged may be skipped (launch.c) */
	int memo;
	/* The __constant__ / __device__ symbols the kernel touches, by the name its module
	 * binds them with (cudart_var_named), each read and/or written */
	struct CudartSym {
		char *name;
		int reads, writes;
	} *syms;
	size_t nsyms;
} CudartSig;
/* The kernel's parameters (a frontend parse of its device code); NULL after diagnostics. */
CudartSig *cudart_signature(const CudartKernel *k);
/* One launch as the raise sees it: geometry, buffer sizes, bound scalars. */
typedef struct CudartSpec {
	unsigned grid[3], block[3];
	int grid_input;          /* gridDim.x is the module input CUDART_GRID_PARAM, the body
	                            runs for blockIdx.x below it; grid[0]: the most blocks */
	size_t shmem;
	char **sizes;            /* "x=1000" per pointer parameter */
	char **sets;             /* "n=1000" per specialised scalar */
	size_t nsizes, nsets;
	char **offsets;          /* "x=12" per pointer argument that starts 12 bytes past a
	                            256-byte boundary of its allocation (cuda2hlo --offset) */
	size_t noffsets;
} CudartSpec;
#define CUDART_GRID_PARAM "gridDim_x"
/* StableHLO text of k raised for spec (malloc'd), or NULL after diagnostics on stderr. */
int cudart_is_printf(const char *name);   /* a device printf site's records (no argument) */
char *cudart_raise(const CudartKernel *k, const CudartSpec *spec);

/* ---- cache.c: raised modules and signatures on disk ($CUDA2HLO_CACHE_DIR) ---- */
char *cudart_cache_read(const char *key);          /* module text or NULL; caller frees */
void cudart_cache_write(const char *key, const char *text);
char *cudart_cache_read_sig(const char *key);      /* a signature's text (jit.c) */
void cudart_cache_write_sig(const char *key, const char *text);

/* ---- stats.c: time per specialisation, printed when CUDA2HLO_CUDART_STATS is set ---- */
typedef struct CudartStats {
	uint64_t launches;       /* that ran */
	uint64_t skipped;        /* launches skipped: the result was already in place */
	double run_ms, copy_ms;
} CudartStats;
int cudart_stats_on(void);
double cudart_now_ms(void);                        /* CLOCK_MONOTONIC */
/* The kernel's signature was parsed from its device code, or read from the disk cache. */
void cudart_stats_signature(const char *kernel, int cached, double ms);
/* A raise starts (a program stopped by a time limit while it runs says so). */
/* gin: the module takes gridDim.x as an input, g[0] the most blocks ("<=g" in the line) */
void cudart_stats_raising(const char *kernel, int gin, const unsigned g[3], const unsigned b[3]);
void cudart_stats_module(const char *kernel, int gin, const unsigned g[3], const unsigned b[3],
                         int cached, double raise_ms, double compile_ms);
/* A copy between memory and a module's buffer: into the module (in) or back (out). */
void cudart_stats_copy(int out, size_t bytes);
/* Entries trimmed after a launch (launch.c cache_after): how many, the bytes they
 * freed, the bytes all entries keep now and the budget. */
void cudart_stats_trimmed(size_t entries, size_t bytes, size_t kept, size_t budget);
void cudart_stats_donated(void);                   /* a kept result donated to a launch */
/* A run's share of its session's counters (c2h_session_get_stats): updates the backend
 * computed in place, bytes it copied for updates. */
void cudart_stats_updates(int64_t in_place, int64_t bytes_copied);
void cudart_stats_launch(CudartStats *s, const char *kernel, int gin, const unsigned g[3],
                         const unsigned b[3], double run_ms, double copy_ms);
/* A launch skipped: it repeats the last with its memory unchanged (launch.c). */
void cudart_stats_skipped(CudartStats *s, const char *kernel, int gin, const unsigned g[3],
                          const unsigned b[3]);

/* ---- hostdev.c: cuda2hlo-cc's host compile of a .cu that uses thrust or cub ---- */
/* Writes to path the header that makes src's own functions __host__ __device__ in the
 * host compile (dirs: the build's -I directories). 1 when written; 0 when src includes
 * no thrust or cub header or its own code tests __CUDA_ARCH__ (nothing written); -1 when
 * it cannot be written. */
int cc_hostdev_header(const char *src, const char *const *dirs, size_t ndirs, const char *path);

/* ---- api.c ---- */
void cudart_set_error(int err);                    /* the sticky cudaGetLastError value */
/* Prints "cuda2hlo: FN is not implemented by libcuda2hlo_cudart" and exits 1. */
void cudart_unimplemented(const char *fn);

#endif
