/* runtime.h: the internal surface of runtime/ (the public one is include/cuda2hlo_runtime.h).
 * Sections follow the .c files: npy.c, parse*.c (written by the tensor-ir engineer),
 * value.c, interp*.c, backend.c, api.c. */
#ifndef CUDA2HLO_RUNTIME_INTERNAL_H
#define CUDA2HLO_RUNTIME_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"
#include "hlo_emit.h"

/* ---- npy.c: .npy files (format versions 1.0, 2.0, 3.0), little-endian, C order ---- */

/* X(enum, descr without byte order, item size, numpy name) */
#define NPY_DTYPES(X) \
	X(NPYT_BOOL, "b1", 1, "bool") \
	X(NPYT_I8, "i1", 1, "int8") \
	X(NPYT_I16, "i2", 2, "int16") \
	X(NPYT_I32, "i4", 4, "int32") \
	X(NPYT_I64, "i8", 8, "int64") \
	X(NPYT_U8, "u1", 1, "uint8") \
	X(NPYT_U16, "u2", 2, "uint16") \
	X(NPYT_U32, "u4", 4, "uint32") \
	X(NPYT_U64, "u8", 8, "uint64") \
	X(NPYT_F16, "f2", 2, "float16") \
	X(NPYT_F32, "f4", 4, "float32") \
	X(NPYT_F64, "f8", 8, "float64")

typedef enum {
#define X(E, code, size, name) E,
	NPY_DTYPES(X)
#undef X
	NPY_NDTYPES
} NpyDtype;

typedef enum {
	NPY_OK,
	NPY_EIO,        /* cannot open, read, write or rename; out of memory */
	NPY_EMAGIC,     /* not a .npy file */
	NPY_EVERSION,   /* format version other than 1.0, 2.0, 3.0 */
	NPY_EHEADER,    /* the header dict is malformed or truncated */
	NPY_EDTYPE,     /* dtype not supported */
	NPY_EENDIAN,    /* big-endian data */
	NPY_EFORTRAN,   /* fortran_order: True with more than one dimension */
	NPY_ESHAPE,     /* too many dimensions, or a size that overflows */
	NPY_ESHORT,     /* fewer data bytes than the shape needs */
	NPY_ETRAILING,  /* more data bytes than the shape needs */
} NpyStatus;

enum { NPY_MAX_DIMS = 64, NPY_MSG_MAX = 256 };

typedef struct NpyArray {
	NpyDtype dtype;
	int ndim;
	int64_t shape[NPY_MAX_DIMS];
	void *data;       /* malloc'ed, C order, little-endian; npy_array_free releases */
	size_t nbytes;
} NpyArray;

/* Readers fill *out (data owned by the caller) or return a status with a one-line message
 * in msg[NPY_MSG_MAX] (msg may be NULL). */
NpyStatus npy_read_mem(const void *buf, size_t len, NpyArray *out, char *msg);
NpyStatus npy_read_file(const char *path, NpyArray *out, char *msg);
/* *out is malloc'ed; the caller frees it. */
NpyStatus npy_write_mem(const NpyArray *a, uint8_t **out, size_t *len, char *msg);
/* Writes a fresh temporary file beside path (DIR/.NAME.XXXXXX by mkstemp: O_EXCL, so
 * it never opens an existing file or follows a symlink); *tmp (malloc'ed) names it for
 * the caller to rename into place or unlink. */
NpyStatus npy_write_temp(const char *path, const NpyArray *a, char **tmp, char *msg);
/* npy_write_temp, then rename onto path (which replaces a symlink, never follows it). */
NpyStatus npy_write_file(const char *path, const NpyArray *a, char *msg);
void npy_array_free(NpyArray *a);
size_t npy_dtype_size(NpyDtype t);
const char *npy_dtype_name(NpyDtype t);

/* ---- value.c: runtime values (tensors with refcounted storage; tuples; tokens) ----
 * A tensor's elements sit in C order in the element type's storage layout (hlo_emit.h,
 * TIR_DTYPES). Storage is shared by reference counting, so reshape, bitcast of equal
 * width and argument passing copy no data. Small buffers are recycled through a free
 * list owned by the caller (an RtPool), never a global one. */
typedef struct RtBuf {
	int64_t refs;
	size_t cap;            /* bytes allocated for data (0: borrowed, rt_tensor_borrow) */
	struct RtBuf *next;    /* free-list link */
	unsigned char *data;   /* own: the bytes that follow; borrowed: the caller's */
	_Alignas(16) unsigned char own[];
} RtBuf;

typedef struct RtPool {
	RtBuf *free;           /* buffers of RT_SMALL bytes */
	int nfree;
} RtPool;
enum { RT_SMALL = 64, RT_POOL_MAX = 256 };

typedef struct RtValue {
	TType type;            /* TY_TENSOR, TY_TUPLE or TY_TOKEN */
	RtBuf *buf;            /* tensors: storage (NULL only for an unset value) */
	struct RtValue *elems; /* tuples: malloc'ed elements */
	int nelems;
} RtValue;

/* A fresh tensor of type t (contents uninitialised / zeroed). */
RtValue rt_tensor_new(RtPool *p, const TType *t);
RtValue rt_tensor_zeros(RtPool *p, const TType *t);
/* For sizes the caller chose (the C API's buffers): 0, or -1 when the byte size
 * overflows or memory is short, never an abort. Contents uninitialised. */
int rt_tensor_try_new(const TType *t, RtValue *out);
/* A tensor over storage the caller owns (the C API's borrowed buffers): nothing is
 * copied, releasing it frees only the header, and it is never pooled nor updated in
 * place (cap 0). The caller keeps data alive and unchanged while the tensor is used. */
RtValue rt_tensor_borrow(const TType *t, void *data);
static inline void *rt_data(const RtValue *v) { return v->buf ? v->buf->data : NULL; }
static inline int64_t rt_numel(const RtValue *v) { return tir_type_numel(&v->type); }
RtValue rt_value_ref(const RtValue *v);              /* shares storage */
void rt_value_release(RtPool *p, RtValue *v);        /* p may be NULL */

/* ---- printf.c: the text of device printf sites (cuda2hlo.printf) ---- */
/* The i64 data and element count of the result named name, or NULL. */
typedef const int64_t *(*RtPrintfFind)(void *ctx, const char *name, int64_t *count);
/* The printed text of the sites of kind 'p' (printf) or 'a' (failed asserts' messages)
 * (the caller frees), or NULL with why when desc is malformed or a result it names is
 * missing. */
char *rt_printf_text(const char *desc, char kind, RtPrintfFind find, void *ctx, char *why, size_t whylen);

/* ---- guard.c: a module's run-time bounds checks (cuda2hlo.oob_checks, --oob-check) ---- */
typedef struct RtGuards RtGuards;
/* text against @main's arguments (names: their cuda2hlo.param names): 0, or -1 with
 * msg when malformed or naming no integer scalar argument. */
int rt_guards_parse(const char *text, const char *const *names, const TParam *args, int nargs,
                    RtGuards **out, char *msg, size_t msglen);
void rt_guards_free(RtGuards *g);
/* 0, or -1 with msg ("k.cu:8:29: 'seq' is read out of bounds (100 elements) when t = 100
 * ...") when a check's condition holds for the arguments of this run. */
int rt_guards_check(const RtGuards *g, const char *const *names, const RtValue *args, char *msg,
                    size_t msglen);
void rt_pool_drain(RtPool *p);
/* Copies t's storage when it is shared, so it can be written in place. */
void rt_make_unique(RtPool *p, RtValue *v);

/* Fills n elements of esz bytes with a copy of *elem (typed loops for 1, 2, 4, 8). */
void rt_fill(void *dst, const void *elem, size_t esz, int64_t n);
/* Element access for the slow paths (any element type). Integers are sign- or
 * zero-extended by type; bool is 0/1; floats go through double exactly. */
double rt_get_f64(DType t, const void *base, int64_t i);
void rt_set_f64(DType t, void *base, int64_t i, double x);      /* rounds to nearest even */
int64_t rt_get_i64(DType t, const void *base, int64_t i);       /* floats: not allowed */
void rt_set_i64(DType t, void *base, int64_t i, int64_t x);     /* wraps to the width */
/* Normalizes sub-byte integers (i2, i4, ui2, ui4) after arithmetic in a byte: sign- or
 * zero-extends the low bits, so every stored byte is a valid value. */
void rt_wrap_subbyte(DType t, void *base, int64_t n);

/* f16 / bf16 by bit manipulation, round-to-nearest-even, NaN stays NaN. */
double rt_f16_to_f64(uint16_t h);
uint16_t rt_f64_to_f16(double x);
double rt_bf16_to_f64(uint16_t h);
uint16_t rt_f64_to_bf16(double x);
/* Formats element i as text (for messages): "1.5", "-3", "true", "0x7FC00000". */
void rt_format_elem(StrBuf *out, DType t, const void *base, int64_t i);
/* Prints a value as `tensor<2xf32> [1, 2]` (at most max_elems elements). */
void rt_format_value(StrBuf *out, const RtValue *v, int max_elems);

/* ---- interp*.c: the reference interpreter over the tensor IR ----
 * interp.c: functions, blocks, regions, control flow, calls, check ops.
 * interp_ew.c: element-wise ops, compare, select, clamp, convert, bitcast_convert.
 * interp_shape.c: constant, iota, broadcast, reshape, transpose, reverse, slices, pad,
 *                 concatenate, gather, scatter, tuples.
 * interp_reduce.c: reduce, reduce_window, select_and_scatter, map, sort, dot_general. */
typedef struct Interp {
	const TModule *module;
	RtPool pool;
	int error;              /* set once: msg holds the first error */
	char msg[512];
	SrcLoc loc;             /* location of the op that failed */
	int depth;              /* call depth, bounded */
	int64_t max_iterations; /* of any one while loop; 0: unlimited (--max-iterations) */
	/* check ops: a failure is recorded, execution continues */
	int checks_run, checks_failed;
	char check_msg[512];    /* first failed check */
	SrcLoc check_loc;
} Interp;

void interp_init(Interp *it, const TModule *m);
void interp_fini(Interp *it);
/* Runs f on args (borrowed); on success fills results[0..f->nresults) (owned by the
 * caller, release with rt_value_release) and returns 0; else -1 with it->msg set. */
int interp_call(Interp *it, const TFunc *f, const RtValue *args, RtValue *results);
/* Reports an error at op (first one wins); returns -1 so callers can `return fail(...)`. */
int interp_fail(Interp *it, const TOp *op, const char *fmt, ...) C2H_PRINTF(3, 4);
/* Before iteration iter (from 0) of while op: 0, or -1 after interp_fail when the
 * limit it->max_iterations is reached. Every backend's while loop calls it. */
int interp_check_iterations(Interp *it, const TOp *op, int64_t iter);
/* Does the interpreter implement this op (and the check ops)? */
int interp_supports(TOpKind k);

/* A region applied to scalars: the body's block arguments are bound to nargs 0-d
 * values, the returned values land in outs. Callers prepare a RegionCall once per op. */
typedef struct RegionCall {
	Interp *it;
	const TFunc *f;
	RtValue *env;
	const TBlock *body;
	TOpKind fast;           /* the body is one binary op on its two args: that op; else -1 */
	int fast_swapped;
} RegionCall;
void region_prepare(RegionCall *rc, Interp *it, const TFunc *f, RtValue *env, const TBlock *b);
int region_run(RegionCall *rc, const RtValue *args, int nargs, RtValue *outs, int nouts);

/* Per-file op groups: each returns 0, or -1 after interp_fail. env holds the values. */
int interp_elementwise(Interp *it, const TFunc *f, RtValue *env, const TOp *op);
int interp_shape_op(Interp *it, const TFunc *f, RtValue *env, const TOp *op);
int interp_reduce_op(Interp *it, const TFunc *f, RtValue *env, const TOp *op);
/* Binary element-wise kernel on n elements (used by reduce fast paths):
 * r[i] = a[i] op b[i] for op in add/multiply/maximum/minimum/and/or/xor/subtract. */
int interp_binary_kernel(TOpKind k, DType t, const void *a, const void *b, void *r, int64_t n);
/* Strided index helpers */
void rt_strides(const TType *t, int64_t *strides);   /* C-order element strides */

/* ---- backend.c: execution backends behind one small vtable ----
 * A backend runs the entry function of one module. "interp" is the interpreter above;
 * "pjrt[:PLUGIN]" hands the module text to a PJRT plugin (runtime/pjrt, when built);
 * "cpu" is reserved for the compiled-loops backend. Adding a backend is one BackendOps
 * entry in backend.c. */
typedef struct Backend Backend;
typedef struct BackendOps {
	const char *name;
	/* arg: the text after "name:" (NULL when absent). 0, or -1 with msg set. */
	int (*create)(Backend *b, const char *arg, char *msg, size_t msglen);
	/* args: the entry's nargs inputs (borrowed, but see donated); results: nresults
	 * owned outputs. */
	int (*run)(Backend *b, const RtValue *args, RtValue *results, char *msg, size_t msglen);
	void (*destroy)(Backend *b);
	int takes_donated;      /* run takes over each args[i] with b->donated[i] set (may
	                           update its storage in place) and releases it itself */
	/* Optional: a result's storage leaves the backend for good (c2h_session_take_result):
	 * drop any reference the backend keeps to buf for reuse (the cpu buffer pool), so
	 * that the caller holds it alone and it is not copied. */
	void (*disown)(Backend *b, RtBuf *buf);
	/* Optional (c2h_session_cached_bytes, c2h_session_trim): the bytes the backend keeps
	 * between runs only for reuse (storage nothing else holds), and freeing them; the next
	 * run allocates afresh. Absent: 0, nothing to free. */
	size_t (*cached_bytes)(const Backend *b);
	void (*trim)(Backend *b);
} BackendOps;

/* What a backend's runs did, summed over its life (c2h_session_get_stats). counted: the
 * backend counts the two updates figures (cpu; a refining backend once its inner one does). */
typedef struct BackendStats {
	int counted;
	int64_t in_place;       /* scatter / dynamic_update_slice / concatenate results computed
	                           in their operand's storage */
	int64_t bytes_copied;   /* operand bytes copied into a new buffer for such a result */
} BackendStats;

struct Backend {
	const BackendOps *ops;
	const TModule *module;
	const TFunc *entry;
	const char *text;       /* the module's source text (for backends that compile it) */
	size_t len;
	char *spec;             /* as given: "interp", "pjrt:cpu" */
	void *state;
	int64_t max_iterations; /* copied into the backend's Interp on each run; 0: unlimited */
	const uint8_t *donated; /* during backend_run_donated: per entry argument */
	BackendStats stats;
};

typedef enum { BACKEND_OK, BACKEND_UNKNOWN, BACKEND_NOT_BUILT, BACKEND_FAILED } BackendStatus;
/* Deepest func.call nesting any backend runs before failing with a message. */
enum { RT_MAX_CALL_DEPTH = 256 };
const char *backend_default_name(void);      /* "cpu" where built, else "interp" */
BackendStatus backend_create(const char *spec, const TModule *m, const TFunc *entry,
                             const char *text, size_t len, Backend **out, char *msg, size_t msglen);
int backend_run(Backend *b, const RtValue *args, RtValue *results, char *msg, size_t msglen);
/* backend_run where each args[i] with donated[i] is a reference the call consumes (XLA's
 * donated arguments): a backend that takes them may compute a result in that storage in
 * place when it holds the only reference; the others run as backend_run, and the
 * references are released after the run. */
int backend_run_donated(Backend *b, RtValue *args, const uint8_t *donated, RtValue *results,
                        char *msg, size_t msglen);
void backend_disown(Backend *b, RtBuf *buf);   /* BackendOps.disown, when the backend has one */
size_t backend_cached_bytes(const Backend *b);  /* BackendOps.cached_bytes, else 0 */
void backend_trim(Backend *b);                  /* BackendOps.trim, when the backend has one */
void backend_destroy(Backend *b);

/* ---- refine.c, refine_backend.c: shape-polymorphic modules (docs/symbolic.md) ----
 * runtime_refine: m (parsed with `?` dimensions, m->dynamic) made static in place for
 * a call with these arguments: 0, or -1 with msg set (a failed shape assertion says its
 * message). runtime_refining_backend: what backend_create gives for such a module; it
 * refines per call and runs the backend named by the spec on the static module, one
 * cached program per distinct argument shapes and 0-d integer values. */
int runtime_refine(TModule *m, const RtValue *args, int nargs, char *msg, size_t msglen);
extern const BackendOps runtime_refining_backend;

/* ---- budget.c: the memory a function plans to use (--max-memory) ----
 * The bytes live at the function's peak (arguments, values from definition to last use,
 * plus the peak of the regions and callees of the op where it is reached), saturating
 * at INT64_MAX; *at (may be NULL) is that op's location. */
int64_t rt_planned_peak(const TFunc *f, SrcLoc *at);

/* ---- check.c: running check-dialect test files (cuda2hlo-run --check) ---- */
typedef struct CheckTotals {
	int passed, failed, skipped;
} CheckTotals;
/* Runs every case of the file; prints one line per failed case to out
 * (`file:line: op: reason`), and with verbose one per skipped case. Returns 0, or -1
 * when the file cannot be read (message printed). */
int check_run_file(const char *path, FILE *out, int verbose, CheckTotals *tot);
/* Why a case is skipped ("collective", "quantized", ...), or NULL to run it. */
const char *check_skip_reason(const char *text, size_t len);

/* ---- parse*.c: StableHLO text -> tensor IR (owned by the tensor-ir engineer) ---- */
/* BEGIN parse section */
#include "hlo_emit.h"

typedef enum {
	PARSE_OK,
	PARSE_ERROR,        /* malformed or ill-typed text */
	PARSE_UNSUPPORTED,  /* valid StableHLO the runtime does not handle: complex, quantized
	                       or f8 element types, dynamic dimensions, unknown ops */
} ParseStatus;

/* Parses one module (a `module {...}` or bare func.func's). file names the text in
 * diagnostics. On PARSE_OK *out is the module (tir_module_destroy releases it) and it
 * passed tir_verify; otherwise *out is NULL and the error was reported with diag_error
 * as `file:line:col: error: ...`. */
ParseStatus runtime_parse(const char *file, const char *text, size_t len, TModule **out);

typedef struct ParseCase {
	TModule *module;     /* NULL unless PARSE_OK */
	ParseStatus status;
	int line;            /* line of the case's first text line in the whole file */
	SrcLoc err_loc;      /* first error, when not PARSE_OK */
	char message[256];
} ParseCase;

/* A check-dialect file: splits at lines `// -----` and parses each case; line numbers
 * are those of the whole file. Nothing is printed: errors are in cases[i].message.
 * Returns the number of cases; *cases is malloc'ed, runtime_parse_cases_free frees
 * it and the modules. */
int runtime_parse_cases(const char *file, const char *text, size_t len, ParseCase **cases);
void runtime_parse_cases_free(ParseCase *cases, int n);
/* END parse section */

/* BEGIN interp_cplx section (tensor-ir engineer): complex ops of the interpreter.
 * interp_cplx_wants: does op take or give complex values (or is complex/real/imag/fft)?
 * interp_cplx_op: evaluates such an op like interp_elementwise does (0, or -1 after
 * interp_fail). */
int interp_cplx_wants(const TFunc *f, const TOp *op);
int interp_cplx_op(Interp *it, const TFunc *f, RtValue *env, const TOp *op);
/* interp_linalg.c: convolution, cholesky, composite, get_dimension_size, dynamic_* ops */
int interp_linalg_wants(TOpKind k);
int interp_linalg_op(Interp *it, const TFunc *f, RtValue *env, const TOp *op);
/* END interp_cplx section */

#endif
