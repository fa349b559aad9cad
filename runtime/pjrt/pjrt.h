/* pjrt.h: run StableHLO text through a PJRT plugin (XLA CPU, XLA GPU, TPU).
 *
 * The whole surface of runtime/pjrt. No PJRT type crosses this header: a plugin and its
 * client are one opaque PjrtBackend, a compiled module is a PjrtExec. Every call returns
 * a PjrtStatus; on failure the backend keeps a message (the plugin's own text for
 * PJRT errors), read with pjrt_backend_message(). Nothing here exits or prints.
 *
 * Sections follow the .c files: plugin.c (find, load, check, initialise), exec.c
 * (compile, execute, arrays). docs/pjrt.md describes plugins and the GPU set-up. */
#ifndef CUDA2HLO_PJRT_H
#define CUDA2HLO_PJRT_H

#include <stddef.h>
#include <stdint.h>

/* Element types. The codes are ours and stable (documented in docs/pjrt.md); each
 * maps to a PJRT_Buffer_Type inside exec.c.
 * X(enum, code, StableHLO spelling, bytes per element, numpy dtype name) */
#define PJRT_TYPES(X) \
	X(PJRT_PRED, 0, "i1", 1, "bool") \
	X(PJRT_S8, 1, "i8", 1, "int8") \
	X(PJRT_S16, 2, "i16", 2, "int16") \
	X(PJRT_S32, 3, "i32", 4, "int32") \
	X(PJRT_S64, 4, "i64", 8, "int64") \
	X(PJRT_U8, 5, "ui8", 1, "uint8") \
	X(PJRT_U16, 6, "ui16", 2, "uint16") \
	X(PJRT_U32, 7, "ui32", 4, "uint32") \
	X(PJRT_U64, 8, "ui64", 8, "uint64") \
	X(PJRT_F16, 9, "f16", 2, "float16") \
	X(PJRT_F32, 10, "f32", 4, "float32") \
	X(PJRT_F64, 11, "f64", 8, "float64") \
	X(PJRT_BF16, 12, "bf16", 2, "bfloat16")

typedef enum {
#define X(e, code, hlo, size, np) e = code,
	PJRT_TYPES(X)
#undef X
	PJRT_NTYPES
} PjrtType;

typedef enum {
	PJRT_OK,
	PJRT_ENOPLUGIN,  /* no plugin path given and none found (env, venv) */
	PJRT_ELOAD,      /* dlopen failed or the library has no GetPjrtApi */
	PJRT_EVERSION,   /* API major version or table size not what we declare */
	PJRT_EPLUGIN,    /* a PJRT call returned an error; the message is the plugin's */
	PJRT_EARG,       /* bad arguments from the caller (type, rank, count, size) */
	PJRT_ENOMEM,
} PjrtStatus;

enum { PJRT_MAX_DIMS = 16 };

/* One dense array in C order. For inputs data is borrowed; for outputs data is
 * malloc'ed by pjrt_exec_run and released with pjrt_arrays_free. */
typedef struct PjrtArray {
	PjrtType type;
	int ndims;
	int64_t dims[PJRT_MAX_DIMS];
	void *data;
	size_t nbytes;
} PjrtArray;

typedef struct PjrtBackend PjrtBackend;
typedef struct PjrtExec PjrtExec;

/* ---- plugin.c ---- */

/* Loads a plugin and creates a client. spec is NULL or "" (then $CUDA2HLO_PJRT_PLUGIN,
 * then the known pip packages of the Python environment: $VIRTUAL_ENV, else the build's
 * venv), "cpu" or "cuda" (the known packages of that kind only), or a path to a .so.
 * *out is set even on failure (unless out of memory) so that the message can be read;
 * the caller always calls pjrt_backend_destroy. */
PjrtStatus pjrt_backend_create(const char *spec, PjrtBackend **out);
void pjrt_backend_destroy(PjrtBackend *b);
/* The message of the last failure ("" when none); lives until the next call on b. */
const char *pjrt_backend_message(const PjrtBackend *b);
/* One line: plugin path, PJRT API version, platform name and version. */
const char *pjrt_backend_describe(const PjrtBackend *b);
/* The plugin path that spec resolves to, without loading it: a malloc'ed string the
 * caller frees, or NULL when none is found. */
char *pjrt_plugin_find(const char *spec);
/* Every known plugin of kind ("cpu", "cuda", NULL: any) installed in the Python
 * environment, in order of preference: up to cap malloc'ed paths; returns the count. */
int pjrt_plugins_installed(const char *kind, char **paths, int cap);
/* The serialized CompileOptionsProto we pass (num_replicas = num_partitions = 1). */
const uint8_t *pjrt_compile_options(size_t *len);
/* CompileOptionsProto for n SPMD partitions (Shardy) on devices 0..n-1 into buf; returns
 * its length, 0 when n is not in 1..127 or cap is too small (docs/sharding.md). */
size_t pjrt_compile_options_partitioned(int n, uint8_t *buf, size_t cap);

/* ---- exec.c ---- */

/* Compiles StableHLO (or MLIR bytecode) of len bytes with program format "mlir". */
PjrtStatus pjrt_exec_compile(PjrtBackend *b, const char *text, size_t len, PjrtExec **out);
void pjrt_exec_destroy(PjrtExec *e);
int pjrt_exec_num_outputs(const PjrtExec *e);
/* Copies nin inputs to the device, runs, copies every result back: *outs is a
 * malloc'ed array of *nouts arrays. Inputs are matched to parameters by position.
 * On a CPU plugin an input whose data is 64-byte aligned is used in place, not copied
 * (XLA's CPU client aliases aligned host memory); align large inputs. */
PjrtStatus pjrt_exec_run(PjrtExec *e, const PjrtArray *ins, int nin, PjrtArray **outs,
                         int *nouts);
/* For benchmarks: copies the inputs to the device once, then executes reps times;
 * times[k] is the wall time in seconds of execution k, from the Execute call to its
 * completion event. Results stay on the device and are dropped. */
PjrtStatus pjrt_exec_time(PjrtExec *e, const PjrtArray *ins, int nin, int reps,
                          double *times);
/* Compile, run once, destroy. */
PjrtStatus pjrt_run(PjrtBackend *b, const char *text, size_t len, const PjrtArray *ins,
                    int nin, PjrtArray **outs, int *nouts);
void pjrt_arrays_free(PjrtArray *a, int n);

/* ---- exec.c: partitioned runs (sdy-annotated modules, docs/sharding.md) ----
 * How one array is split over the n devices of a partitioned run: device k holds the box
 * of `shard` elements per dimension from start[k] (zero-padded past the array's end, as
 * XLA pads uneven tiles); a replicated array has shard = dims and every start 0. */
typedef struct PjrtShard {
	int64_t shard[PJRT_MAX_DIMS];
	int64_t (*start)[PJRT_MAX_DIMS];    /* [n][ndims] */
} PjrtShard;
/* Compiles for n partitions on the first n addressable devices (n <= their count). */
PjrtStatus pjrt_exec_compile_partitioned(PjrtBackend *b, const char *text, size_t len, int n,
                                         PjrtExec **out);
/* Splits each input by its PjrtShard, runs on every device, and assembles each result
 * from the devices' blocks into outs[i] (type, dims, data and nbytes set by the caller). */
PjrtStatus pjrt_exec_run_sharded(PjrtExec *e, const PjrtArray *ins, const PjrtShard *in_shards,
                                 int nin, PjrtArray *outs, const PjrtShard *out_shards, int nouts);

size_t pjrt_type_size(PjrtType t);
const char *pjrt_type_hlo_name(PjrtType t);    /* "f32" */
const char *pjrt_type_numpy_name(PjrtType t);  /* "float32" */
size_t pjrt_array_count(const PjrtArray *a);   /* product of dims */

#endif
