/* cuda2hlo_runtime.h: the public C API of the cuda2hlo runtime.
 *
 * Load a StableHLO module (text as cuda2hlo or jax prints it), list its parameters and
 * results with their names and types, bind input buffers by name or position, run it on
 * a backend chosen by name, read the results:
 *
 *   c2h_module *m;  char msg[512];
 *   if (c2h_module_create_from_file("k.mlir", &m, msg, sizeof msg) != C2H_OK) ...msg...
 *   c2h_session *s;
 *   if (c2h_session_create(m, "interp", &s, msg, sizeof msg) != C2H_OK) ...
 *   c2h_buffer *u = c2h_buffer_create(C2H_F32, 1, (int64_t[]){1000}, NULL, 0);
 *   c2h_session_bind(s, "u", u);          // copies nothing: u must outlive the run
 *   if (c2h_session_run(s) != C2H_OK) puts(c2h_session_message(s));
 *   const c2h_buffer *v = c2h_session_result(s, 0);
 *   c2h_session_destroy(s); c2h_buffer_destroy(u); c2h_module_destroy(m);
 *
 * Rules: every handle has a _create/_destroy pair (destroy accepts NULL); nothing exits
 * or prints; there is no global state, so independent handles may be used from
 * different threads; a failing call returns a status and leaves a one-line message
 * (in the caller's buffer for creators, in the session for session calls). */
#ifndef CUDA2HLO_RUNTIME_H
#define CUDA2HLO_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
	C2H_OK = 0,
	C2H_EINVAL,        /* bad argument: NULL handle, bad rank, index out of range */
	C2H_EIO,           /* cannot read or write a file */
	C2H_EPARSE,        /* the module text is malformed or ill-typed */
	C2H_EUNSUPPORTED,  /* valid StableHLO the runtime does not handle (op, element type) */
	C2H_ENOTFOUND,     /* no parameter with that name */
	C2H_ETYPE,         /* a bound buffer's element type or shape is not the parameter's */
	C2H_EUNBOUND,      /* run with a parameter left unbound */
	C2H_ERUN,          /* the program failed while running */
	C2H_EBACKEND,      /* the backend is unknown, not built, or failed to start */
	C2H_ENOMEM,
} c2h_status;

/* Element types (StableHLO spellings in comments). */
typedef enum {
	C2H_BOOL,  /* i1 */
	C2H_I8, C2H_I16, C2H_I32, C2H_I64,
	C2H_U8, C2H_U16, C2H_U32, C2H_U64,   /* ui8 .. ui64 */
	C2H_F16, C2H_BF16, C2H_F32, C2H_F64,
	C2H_NDTYPES
} c2h_dtype;

enum { C2H_MAX_RANK = 8 };

typedef struct c2h_module c2h_module;
typedef struct c2h_buffer c2h_buffer;
typedef struct c2h_session c2h_session;

/* A parameter or result of the entry function. name: the `cuda2hlo.param` attribute,
 * else `jax.arg_info` / `jax.result_info`, else "arg<i>" / "result<i>". Borrowed from
 * the module. A dimension written `?` (a shape-polymorphic module) is -1: a parameter
 * takes any extent there, and each run refines the module to the bound inputs' shapes
 * (docs/symbolic.md); the results' extents are those of the result buffers. */
typedef struct c2h_param_info {
	const char *name;
	c2h_dtype dtype;
	int rank;
	int64_t dims[C2H_MAX_RANK];
} c2h_param_info;

const char *c2h_status_name(c2h_status st);          /* "C2H_EPARSE" */
const char *c2h_dtype_name(c2h_dtype t);             /* "f32", "i1", "ui8" */
size_t c2h_dtype_size(c2h_dtype t);                  /* bytes per element */

/* ---- modules ---- */

/* Parses and verifies one module. file names the text in messages (may be NULL).
 * On failure *out is NULL and msg (when not NULL) holds `file:line:col: error: ...`. */
c2h_status c2h_module_create(const char *text, size_t len, const char *file, c2h_module **out,
                             char *msg, size_t msglen);
c2h_status c2h_module_create_from_file(const char *path, c2h_module **out, char *msg, size_t msglen);
void c2h_module_destroy(c2h_module *m);
int c2h_module_num_params(const c2h_module *m);
int c2h_module_num_results(const c2h_module *m);
c2h_status c2h_module_param(const c2h_module *m, int i, c2h_param_info *info);
c2h_status c2h_module_result(const c2h_module *m, int i, c2h_param_info *info);
/* Index of the parameter named name, or -1. */
int c2h_module_find_param(const c2h_module *m, const char *name);

/* ---- buffers: dense host tensors in C order ---- */

/* data (nbytes, which must equal the tensor's size) is copied; data NULL: zero-filled.
 * Returns NULL on bad arguments or when out of memory. */
c2h_buffer *c2h_buffer_create(c2h_dtype t, int rank, const int64_t *dims, const void *data,
                              size_t nbytes);
/* A buffer over the caller's storage: nothing is copied (an input bound to it reads data
 * itself). data must hold nbytes, the tensor's size, be aligned to the element size, and
 * stay alive and unchanged while the buffer is bound to a run; c2h_buffer_destroy leaves
 * it alone. A borrowed buffer cannot be donated (c2h_session_donate: C2H_EINVAL).
 * NULL on bad arguments or a misaligned data. */
c2h_buffer *c2h_buffer_borrow(c2h_dtype t, int rank, const int64_t *dims, void *data,
                              size_t nbytes);
void c2h_buffer_destroy(c2h_buffer *b);
c2h_dtype c2h_buffer_dtype(const c2h_buffer *b);
int c2h_buffer_rank(const c2h_buffer *b);
const int64_t *c2h_buffer_dims(const c2h_buffer *b);
void *c2h_buffer_data(c2h_buffer *b);
const void *c2h_buffer_data_const(const c2h_buffer *b);
size_t c2h_buffer_nbytes(const c2h_buffer *b);

/* ---- sessions: one module on one backend ---- */

/* backend: "interp" (the reference interpreter), "cpu" (compiled loops), or
 * "pjrt[:PLUGIN]" (a PJRT plugin: a .so path, "cpu" or "cuda"; default: the one found
 * in $CUDA2HLO_PJRT_PLUGIN or the Python environment); NULL: the fastest backend built
 * in ("cpu" where built, else "interp"). The module must outlive the session. */
c2h_status c2h_session_create(const c2h_module *m, const char *backend, c2h_session **out,
                              char *msg, size_t msglen);
void c2h_session_destroy(c2h_session *s);
/* Binds input i / the input named name to b (borrowed until the next bind of that input
 * or the session's end). The buffer's type and shape must be the parameter's. */
c2h_status c2h_session_bind(c2h_session *s, const char *name, const c2h_buffer *b);
c2h_status c2h_session_bind_index(c2h_session *s, int i, const c2h_buffer *b);
/* Binds input i to b for the next run only and gives that run b's storage (XLA's donated
 * arguments): a result may be computed in it in place, with no copy of the input. After
 * the run, successful or not, b has no storage (c2h_buffer_data(b) is NULL; the caller
 * still destroys it) and input i is unbound. */
c2h_status c2h_session_donate(c2h_session *s, int i, c2h_buffer *b);
c2h_status c2h_session_run(c2h_session *s);
/* Result i of the last successful run: borrowed, valid until the next run. */
const c2h_buffer *c2h_session_result(const c2h_session *s, int i);
/* Result i of the last successful run, moved to the caller (who destroys it): the next
 * run does not overwrite it, and it may be bound as another run's input without a copy.
 * Its storage is shared with no input: a result that is an input's or a constant's storage
 * is copied (counted in c2h_session_stats.taken_bytes_copied); one the backend would reuse
 * for a later run (the cpu backend's buffer pool) leaves the backend instead, with no
 * copy. NULL when there is none (or it was taken);
 * c2h_session_result(s, i) is NULL afterwards. */
c2h_buffer *c2h_session_take_result(c2h_session *s, int i);
/* What the module's device printf sites printed in the last successful run (module
 * attribute cuda2hlo.printf; docs/idioms.md "Device printf"): the caller frees it. NULL
 * when the module prints nothing, or after a failure (c2h_session_message says why). */
char *c2h_session_device_output(c2h_session *s);
/* The messages of the device asserts that failed in the last successful run, as CUDA
 * prints them (`file:line: function: block: [x,y,z], thread: [x,y,z] Assertion `expr`
 * failed.`, one per failing thread): the run's results are then those of a launch that
 * CUDA reports as cudaErrorAssert. The caller frees it; NULL when none failed (or after
 * a failure: c2h_session_message then says why). */
char *c2h_session_device_asserts(c2h_session *s);
/* The message of the last failure on s ("" when none). */
const char *c2h_session_message(const c2h_session *s);
/* Limits on a session's runs (docs/reliability.md); value 0 means unlimited.
 *   C2H_LIMIT_MEMORY      bytes: a run whose planned peak (arguments, live values, results)
 *                         exceeds it fails with C2H_ENOMEM before anything is allocated,
 *                         naming the op where the peak is. Default: c2h_physical_memory().
 *   C2H_LIMIT_ITERATIONS  iterations of any one stablehlo.while: the run fails with
 *                         C2H_ERUN when one reaches it. Default: 0 (unlimited).
 * The PJRT backend honours the memory limit only. */
typedef enum { C2H_LIMIT_MEMORY, C2H_LIMIT_ITERATIONS } c2h_limit;
c2h_status c2h_session_set_limit(c2h_session *s, c2h_limit which, int64_t value);
/* The machine's physical memory in bytes (0 when unknown). */
int64_t c2h_physical_memory(void);
/* The backend's name as created ("interp", "pjrt:/path/to/plugin.so"). */
const char *c2h_session_backend(const c2h_session *s);
/* What a session's runs did, summed since its creation; the difference of two readings is
 * what the runs between them did (docs/cudart.md "Donated arguments"):
 *   runs              successful runs
 *   counted           1 when the backend counts the two below (cpu), else 0 and they are 0
 *                     (interp and pjrt copy or not as they do, uncounted)
 *   updates_in_place  scatter, dynamic_update_slice and concatenate results computed in
 *                     their operand's own storage: an input donated to the run
 *                     (c2h_session_donate) that the module updates, a loop's carried value
 *   bytes_copied      bytes of operands copied into a new buffer for such a result because
 *                     the operand could not be taken (a bound input, which the run must
 *                     not change; a value read again later)
 *   taken_bytes_copied  bytes c2h_session_take_result copied because the result's storage
 *                     was shared (with an input or a constant; any backend) */
typedef struct c2h_session_stats {
	int64_t runs;
	int counted;
	int64_t updates_in_place;
	int64_t bytes_copied;
	int64_t taken_bytes_copied;
} c2h_session_stats;
c2h_status c2h_session_get_stats(const c2h_session *s, c2h_session_stats *out);
/* Memory the backend keeps between runs only to reuse it (the cpu backend's buffer pool:
 * its buffers that nothing else holds, its threads' scratch, and its constants of 64 KiB
 * and more filled out to their shape, made again when next needed), in bytes; 0 for
 * interp and pjrt. c2h_session_trim frees it: the next run allocates (and faults in) afresh and
 * gives the same results. Results of the last run, taken results, bound and donated
 * inputs are untouched: a pooled buffer something else still holds stays. A caller that
 * keeps many sessions (one per shape) trims the ones it ran least recently. */
size_t c2h_session_cached_bytes(const c2h_session *s);
void c2h_session_trim(c2h_session *s);

#ifdef __cplusplus
}
#endif

#endif
