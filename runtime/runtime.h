/* runtime.h: the internal surface of runtime/ (the public one is include/cuda2hlo_runtime.h).
 * Sections follow the .c files: npy.c, parse*.c (written by the tensor-ir engineer),
 * value.c, interp*.c, backend.c, api.c. */
#ifndef CUDA2HLO_RUNTIME_INTERNAL_H
#define CUDA2HLO_RUNTIME_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"

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
/* Writes PATH.tmpPID then renames it to PATH. */
NpyStatus npy_write_file(const char *path, const NpyArray *a, char *msg);
void npy_array_free(NpyArray *a);
size_t npy_dtype_size(NpyDtype t);
const char *npy_dtype_name(NpyDtype t);

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

#endif
