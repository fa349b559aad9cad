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
/* END parse section */

#endif
