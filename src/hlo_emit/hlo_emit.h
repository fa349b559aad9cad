/* hlo_emit.h: the tensor IR (TIR) and its emitters, the whole public surface of
 * src/hlo_emit. The raise stage builds a TModule with the builders below; the runtime
 * parses StableHLO text into the same TModule (runtime/parse.c) and interprets it.
 * Sections follow the .c files: tir.c (types, ops, IR), build.c (builders), verify.c,
 * print_stablehlo.c, print_hlo.c.
 *
 * The IR is StableHLO in SSA form: a module holds functions; a function holds a body
 * block and a flat table of values (every value of the function, region arguments
 * included, has a small integer id, so an interpreter can keep its environment in an
 * array); a block holds arguments and ops; an op holds operand ids, result ids,
 * named attributes and regions. Shapes are data (TType), never baked into code.
 * Attribute names are the StableHLO generic-form names ("broadcast_dimensions",
 * "start_indices", "comparison_direction", ...), whichever syntax they came from. */
#ifndef CUDA2HLO_HLO_EMIT_H
#define CUDA2HLO_HLO_EMIT_H

#include "base.h"

/* ====================================================================================
 * ---- tir.c: element types ----
 * X(ID, mlir name, storage bytes, bit width, kind). Storage: one element per
 * `bytes` bytes, little-endian. i1 is one byte 0/1. Sub-byte integers (i2, i4, ui2, ui4,
 * used by the conformance suite) sit in one byte, sign-extended (iN) or zero-extended
 * (uiN). f16/bf16 hold their raw 16 bits. complex<f32> / complex<f64> hold the real part,
 * then the imaginary part (C's float _Complex layout). The f8/f6/f4 types of the spec
 * (and of ml_dtypes: E4M3FN has no infinity and one NaN per sign, *FNUZ types have one NaN
 * 0x80 and no -0, E8M0FNU is an unsigned power of two with NaN 0xFF, f6/f4 have neither
 * NaN nor infinity) hold their bits in the low bits of one byte. */
#define TIR_DTYPES(X) \
	X(I1, "i1", 1, 1, DK_BOOL) \
	X(I2, "i2", 1, 2, DK_INT) \
	X(I4, "i4", 1, 4, DK_INT) \
	X(I8, "i8", 1, 8, DK_INT) \
	X(I16, "i16", 2, 16, DK_INT) \
	X(I32, "i32", 4, 32, DK_INT) \
	X(I64, "i64", 8, 64, DK_INT) \
	X(UI2, "ui2", 1, 2, DK_UINT) \
	X(UI4, "ui4", 1, 4, DK_UINT) \
	X(UI8, "ui8", 1, 8, DK_UINT) \
	X(UI16, "ui16", 2, 16, DK_UINT) \
	X(UI32, "ui32", 4, 32, DK_UINT) \
	X(UI64, "ui64", 8, 64, DK_UINT) \
	X(F16, "f16", 2, 16, DK_FLOAT) \
	X(BF16, "bf16", 2, 16, DK_FLOAT) \
	X(F32, "f32", 4, 32, DK_FLOAT) \
	X(F64, "f64", 8, 64, DK_FLOAT) \
	X(C64, "complex<f32>", 8, 64, DK_COMPLEX) \
	X(C128, "complex<f64>", 16, 128, DK_COMPLEX) \
	X(F8E4M3FN, "f8E4M3FN", 1, 8, DK_FLOAT) \
	X(F8E5M2, "f8E5M2", 1, 8, DK_FLOAT) \
	X(F8E4M3FNUZ, "f8E4M3FNUZ", 1, 8, DK_FLOAT) \
	X(F8E5M2FNUZ, "f8E5M2FNUZ", 1, 8, DK_FLOAT) \
	X(F8E4M3B11FNUZ, "f8E4M3B11FNUZ", 1, 8, DK_FLOAT) \
	X(F8E3M4, "f8E3M4", 1, 8, DK_FLOAT) \
	X(F8E4M3, "f8E4M3", 1, 8, DK_FLOAT) \
	X(F8E8M0FNU, "f8E8M0FNU", 1, 8, DK_FLOAT) \
	X(F6E2M3FN, "f6E2M3FN", 1, 6, DK_FLOAT) \
	X(F6E3M2FN, "f6E3M2FN", 1, 6, DK_FLOAT) \
	X(F4E2M1FN, "f4E2M1FN", 1, 4, DK_FLOAT)

typedef enum { DK_BOOL, DK_INT, DK_UINT, DK_FLOAT, DK_COMPLEX } DKind;

typedef enum {
#define X(id, name, bytes, bits, kind) DT_##id,
	TIR_DTYPES(X)
#undef X
	DT_COUNT
} DType;

const char *dtype_name(DType t);          /* "f32" */
int dtype_size(DType t);                  /* storage bytes */
int dtype_bits(DType t);                  /* 1 for i1, 4 for i4, 16 for bf16 */
DKind dtype_kind(DType t);
int dtype_is_float(DType t);
int dtype_is_int(DType t);                /* signed or unsigned integer, not i1 */
int dtype_is_signed(DType t);             /* signed integer or float */
int dtype_is_complex(DType t);
DType dtype_complex_part(DType t);        /* complex<f32> -> f32, complex<f64> -> f64 */
DType dtype_complex_of(DType part);       /* f32 -> complex<f32>, f64 -> complex<f64> */
/* f16, bf16 and the f8/f6/f4 types: encoded by tir_elem_get_f/set_f (not native C) */
int dtype_is_minifloat(DType t);
/* Returns the type for an MLIR name ("f32", "ui8"), or -1 when unknown. */
int dtype_from_name(const char *s, size_t n);

/* ---- tir.c: element values ----
 * Elements are read and written through these, in the storage layout above.
 * Float encodings round to nearest even; a NaN stays a quiet NaN. */
uint16_t tir_f16_from_double(double x);
uint16_t tir_bf16_from_double(double x);
double tir_f16_to_double(uint16_t h);
double tir_bf16_to_double(uint16_t h);
/* Rounds x to a binary format with ebits exponent and mbits mantissa bits (the
 * semantics of reduce_precision); returns the rounded value as a double. */
double tir_round_to_format(double x, int ebits, int mbits);
/* Complex elements: get_f reads the real part; set_f stores (v, 0); get_c/set_c both
 * parts (a real element type: im is dropped / 0). */
double tir_elem_get_f(DType t, const void *p);      /* integers converted */
int64_t tir_elem_get_i(DType t, const void *p);     /* sign- or zero-extended; floats truncated */
void tir_elem_set_f(DType t, void *p, double v);    /* integers: truncated toward zero */
void tir_elem_set_i(DType t, void *p, int64_t v);   /* wraps to the width; floats rounded */
void tir_elem_get_c(DType t, const void *p, double *re, double *im);
void tir_elem_set_c(DType t, void *p, double re, double im);
/* Appends one element in MLIR dense<> syntax: true/false, 42, shortest round-tripping
 * 1.5e+00 style floats, 0x7FC00000 for non-finite floats, (1.5e+00,-2.0e+00) for complex. */
void tir_elem_print(StrBuf *out, DType t, const void *p);

/* ---- tir.c: value types ----
 * A tensor type is an element type and a static shape; a 0-d tensor is a scalar.
 * Tuples and tokens exist for the few conformance ops that use them. */
#define TIR_MAX_RANK 8

typedef enum { TY_TENSOR, TY_TUPLE, TY_TOKEN } TTypeKind;

typedef struct TType {
	TTypeKind kind;
	DType dt;                  /* TY_TENSOR */
	int rank;
	int64_t dims[TIR_MAX_RANK];
	const struct TType *elems; /* TY_TUPLE: element types (arena) */
	int nelems;
} TType;

/* A dimension written `?` (runtime_parse of a shape-polymorphic module only). */
#define TIR_DYN (-1)
static inline int tir_dims_dynamic(int rank, const int64_t *dims)
{
	for (int i = 0; i < rank; i++)
		if (dims[i] == TIR_DYN)
			return 1;
	return 0;
}
TType tir_type_tensor(DType dt, int rank, const int64_t *dims);
TType tir_type_scalar(DType dt);
TType tir_type_vector(DType dt, int64_t n);   /* 1-D */
TType tir_type_with_dtype(TType t, DType dt); /* same shape, other element type */
int64_t tir_type_numel(const TType *t);       /* product of dims; 1 for a scalar */
int64_t tir_type_bytes(const TType *t);
int tir_type_equal(const TType *a, const TType *b);
int tir_type_same_shape(const TType *a, const TType *b);
/* Appends the MLIR spelling: tensor<4x3xf32>, tensor<i1>, tuple<...>, !stablehlo.token */
void tir_type_print(StrBuf *out, const TType *t);

/* ---- tir.c: ops ----
 * X(ID, name, operands, results, type class, flags)
 *   operands / results: a count, or -1 for variadic.
 *   type class: which element types the operands may have (StableHLO spec, per op):
 *     TC_ANY   bool, integer or float        TC_NUM  integer or float (not bool)
 *     TC_SNUM  signed integer or float        TC_FLT  float
 *     TC_LOGIC bool or integer               TC_INT  integer (not bool)
 *     TC_NONE  checked by the op's own verifier rule
 *   flags: OF_EW  element-wise (result shape = operand shape)
 *          OF_UN / OF_BIN  element-wise unary / binary
 *          OF_PRED result element type is i1
 *          OF_REGION has regions
 *          OF_CHECK  check-dialect test op (conformance suite)
 *          OF_TERM   terminator
 *          OF_RARE   the interpreter may not support it (parsed and printed only)
 *          OF_CPLX   complex element types are allowed too (StableHLO spec, per op);
 *                    no type class includes complex on its own
 * Every op prints in generic form "name"(...) with this name; the pretty forms are the
 * printer's business. */
#define TIR_OPS(X) \
	/* structure */ \
	X(RETURN, "func.return", -1, 0, TC_NONE, OF_TERM) \
	X(CALL, "func.call", -1, -1, TC_NONE, 0) \
	/* constants and shapes */ \
	X(CONSTANT, "stablehlo.constant", 0, 1, TC_NONE, 0) \
	X(IOTA, "stablehlo.iota", 0, 1, TC_NONE, 0) \
	X(BROADCAST_IN_DIM, "stablehlo.broadcast_in_dim", 1, 1, TC_NONE, 0) \
	X(BROADCAST, "stablehlo.broadcast", 1, 1, TC_NONE, OF_RARE) \
	X(RESHAPE, "stablehlo.reshape", 1, 1, TC_NONE, 0) \
	X(TRANSPOSE, "stablehlo.transpose", 1, 1, TC_NONE, 0) \
	X(REVERSE, "stablehlo.reverse", 1, 1, TC_NONE, 0) \
	X(CONVERT, "stablehlo.convert", 1, 1, TC_ANY, OF_EW | OF_CPLX) \
	X(BITCAST_CONVERT, "stablehlo.bitcast_convert", 1, 1, TC_NONE, 0) \
	X(SLICE, "stablehlo.slice", 1, 1, TC_NONE, 0) \
	X(DYNAMIC_SLICE, "stablehlo.dynamic_slice", -1, 1, TC_NONE, 0) \
	X(DYNAMIC_UPDATE_SLICE, "stablehlo.dynamic_update_slice", -1, 1, TC_NONE, 0) \
	X(PAD, "stablehlo.pad", 2, 1, TC_NONE, 0) \
	X(CONCATENATE, "stablehlo.concatenate", -1, 1, TC_NONE, 0) \
	X(GATHER, "stablehlo.gather", 2, 1, TC_NONE, 0) \
	X(SCATTER, "stablehlo.scatter", -1, -1, TC_NONE, OF_REGION) \
	X(DOT_GENERAL, "stablehlo.dot_general", 2, 1, TC_NONE, 0) \
	X(TRIANGULAR_SOLVE, "stablehlo.triangular_solve", 2, 1, TC_FLT, OF_RARE | OF_CPLX) \
	X(GET_TUPLE_ELEMENT, "stablehlo.get_tuple_element", 1, 1, TC_NONE, 0) \
	X(TUPLE, "stablehlo.tuple", -1, 1, TC_NONE, 0) \
	X(OPTIMIZATION_BARRIER, "stablehlo.optimization_barrier", -1, -1, TC_NONE, 0) \
	X(AFTER_ALL, "stablehlo.after_all", -1, 1, TC_NONE, 0) \
	X(REDUCE_PRECISION, "stablehlo.reduce_precision", 1, 1, TC_FLT, OF_EW | OF_UN) \
	/* complex numbers (result types differ from operand types: not OF_EW) */ \
	X(COMPLEX, "stablehlo.complex", 2, 1, TC_FLT, 0) \
	X(REAL, "stablehlo.real", 1, 1, TC_FLT, OF_CPLX) \
	X(IMAG, "stablehlo.imag", 1, 1, TC_FLT, OF_CPLX) \
	X(FFT, "stablehlo.fft", 1, 1, TC_FLT, OF_CPLX) \
	/* linear algebra, convolution */ \
	X(CHOLESKY, "stablehlo.cholesky", 1, 1, TC_FLT, OF_CPLX) \
	X(CONVOLUTION, "stablehlo.convolution", 2, 1, TC_NONE, 0) \
	/* dynamic-shape ops whose shapes are static here (shape operands are data) */ \
	X(DYNAMIC_BROADCAST_IN_DIM, "stablehlo.dynamic_broadcast_in_dim", 2, 1, TC_NONE, 0) \
	X(DYNAMIC_IOTA, "stablehlo.dynamic_iota", 1, 1, TC_NONE, 0) \
	X(DYNAMIC_PAD, "stablehlo.dynamic_pad", 5, 1, TC_NONE, 0) \
	X(DYNAMIC_RESHAPE, "stablehlo.dynamic_reshape", 2, 1, TC_NONE, 0) \
	X(DYNAMIC_GATHER, "stablehlo.dynamic_gather", 3, 1, TC_NONE, 0) \
	X(DYNAMIC_CONV, "stablehlo.dynamic_conv", 3, 1, TC_NONE, 0) \
	X(GET_DIMENSION_SIZE, "stablehlo.get_dimension_size", 1, 1, TC_NONE, 0) \
	X(COMPOSITE, "stablehlo.composite", -1, -1, TC_NONE, 0) \
	X(CUSTOM_CALL, "stablehlo.custom_call", -1, -1, TC_NONE, OF_RARE) \
	X(REAL_DYNAMIC_SLICE, "stablehlo.real_dynamic_slice", 4, 1, TC_NONE, OF_RARE) \
	/* selection and comparison */ \
	X(SELECT, "stablehlo.select", 3, 1, TC_NONE, 0) \
	X(CLAMP, "stablehlo.clamp", 3, 1, TC_NONE, 0) \
	X(COMPARE, "stablehlo.compare", 2, 1, TC_ANY, OF_EW | OF_BIN | OF_PRED | OF_CPLX) \
	/* element-wise binary */ \
	X(ADD, "stablehlo.add", 2, 1, TC_ANY, OF_EW | OF_BIN | OF_CPLX) \
	X(SUBTRACT, "stablehlo.subtract", 2, 1, TC_NUM, OF_EW | OF_BIN | OF_CPLX) \
	X(MULTIPLY, "stablehlo.multiply", 2, 1, TC_ANY, OF_EW | OF_BIN | OF_CPLX) \
	X(DIVIDE, "stablehlo.divide", 2, 1, TC_NUM, OF_EW | OF_BIN | OF_CPLX) \
	X(REMAINDER, "stablehlo.remainder", 2, 1, TC_NUM, OF_EW | OF_BIN) \
	X(MAXIMUM, "stablehlo.maximum", 2, 1, TC_ANY, OF_EW | OF_BIN | OF_CPLX) \
	X(MINIMUM, "stablehlo.minimum", 2, 1, TC_ANY, OF_EW | OF_BIN | OF_CPLX) \
	X(POWER, "stablehlo.power", 2, 1, TC_NUM, OF_EW | OF_BIN | OF_CPLX) \
	X(ATAN2, "stablehlo.atan2", 2, 1, TC_FLT, OF_EW | OF_BIN | OF_CPLX) \
	X(AND, "stablehlo.and", 2, 1, TC_LOGIC, OF_EW | OF_BIN) \
	X(OR, "stablehlo.or", 2, 1, TC_LOGIC, OF_EW | OF_BIN) \
	X(XOR, "stablehlo.xor", 2, 1, TC_LOGIC, OF_EW | OF_BIN) \
	X(SHIFT_LEFT, "stablehlo.shift_left", 2, 1, TC_INT, OF_EW | OF_BIN) \
	X(SHIFT_RIGHT_ARITHMETIC, "stablehlo.shift_right_arithmetic", 2, 1, TC_INT, OF_EW | OF_BIN) \
	X(SHIFT_RIGHT_LOGICAL, "stablehlo.shift_right_logical", 2, 1, TC_INT, OF_EW | OF_BIN) \
	/* element-wise unary */ \
	X(ABS, "stablehlo.abs", 1, 1, TC_SNUM, OF_EW | OF_UN | OF_CPLX) \
	X(NEGATE, "stablehlo.negate", 1, 1, TC_NUM, OF_EW | OF_UN | OF_CPLX) \
	X(SIGN, "stablehlo.sign", 1, 1, TC_SNUM, OF_EW | OF_UN | OF_CPLX) \
	X(NOT, "stablehlo.not", 1, 1, TC_LOGIC, OF_EW | OF_UN) \
	X(POPCNT, "stablehlo.popcnt", 1, 1, TC_INT, OF_EW | OF_UN) \
	X(COUNT_LEADING_ZEROS, "stablehlo.count_leading_zeros", 1, 1, TC_INT, OF_EW | OF_UN) \
	X(FLOOR, "stablehlo.floor", 1, 1, TC_FLT, OF_EW | OF_UN) \
	X(CEIL, "stablehlo.ceil", 1, 1, TC_FLT, OF_EW | OF_UN) \
	X(ROUND_NEAREST_AFZ, "stablehlo.round_nearest_afz", 1, 1, TC_FLT, OF_EW | OF_UN) \
	X(ROUND_NEAREST_EVEN, "stablehlo.round_nearest_even", 1, 1, TC_FLT, OF_EW | OF_UN) \
	X(EXPONENTIAL, "stablehlo.exponential", 1, 1, TC_FLT, OF_EW | OF_UN | OF_CPLX) \
	X(EXPONENTIAL_MINUS_ONE, "stablehlo.exponential_minus_one", 1, 1, TC_FLT, OF_EW | OF_UN | OF_CPLX) \
	X(LOG, "stablehlo.log", 1, 1, TC_FLT, OF_EW | OF_UN | OF_CPLX) \
	X(LOG_PLUS_ONE, "stablehlo.log_plus_one", 1, 1, TC_FLT, OF_EW | OF_UN | OF_CPLX) \
	X(SQRT, "stablehlo.sqrt", 1, 1, TC_FLT, OF_EW | OF_UN | OF_CPLX) \
	X(RSQRT, "stablehlo.rsqrt", 1, 1, TC_FLT, OF_EW | OF_UN | OF_CPLX) \
	X(CBRT, "stablehlo.cbrt", 1, 1, TC_FLT, OF_EW | OF_UN | OF_CPLX) \
	X(SINE, "stablehlo.sine", 1, 1, TC_FLT, OF_EW | OF_UN | OF_CPLX) \
	X(COSINE, "stablehlo.cosine", 1, 1, TC_FLT, OF_EW | OF_UN | OF_CPLX) \
	X(TAN, "stablehlo.tan", 1, 1, TC_FLT, OF_EW | OF_UN | OF_CPLX) \
	X(TANH, "stablehlo.tanh", 1, 1, TC_FLT, OF_EW | OF_UN | OF_CPLX) \
	X(LOGISTIC, "stablehlo.logistic", 1, 1, TC_FLT, OF_EW | OF_UN | OF_CPLX) \
	X(IS_FINITE, "stablehlo.is_finite", 1, 1, TC_FLT, OF_EW | OF_UN | OF_PRED) \
	/* ops with regions */ \
	X(REDUCE, "stablehlo.reduce", -1, -1, TC_NONE, OF_REGION) \
	X(REDUCE_WINDOW, "stablehlo.reduce_window", -1, -1, TC_NONE, OF_REGION) \
	X(SELECT_AND_SCATTER, "stablehlo.select_and_scatter", 3, 1, TC_NONE, OF_REGION) \
	X(MAP, "stablehlo.map", -1, 1, TC_NONE, OF_REGION) \
	X(SORT, "stablehlo.sort", -1, -1, TC_NONE, OF_REGION) \
	X(WHILE, "stablehlo.while", -1, -1, TC_NONE, OF_REGION) \
	X(IF, "stablehlo.if", 1, -1, TC_NONE, OF_REGION) \
	X(CASE, "stablehlo.case", 1, -1, TC_NONE, OF_REGION) \
	/* check dialect of the StableHLO interpreter tests */ \
	X(EXPECT_EQ, "check.expect_eq", 2, 0, TC_NONE, OF_CHECK) \
	X(EXPECT_EQ_CONST, "check.expect_eq_const", 1, 0, TC_NONE, OF_CHECK) \
	X(EXPECT_ALMOST_EQ, "check.expect_almost_eq", 2, 0, TC_NONE, OF_CHECK) \
	X(EXPECT_ALMOST_EQ_CONST, "check.expect_almost_eq_const", 1, 0, TC_NONE, OF_CHECK) \
	X(EXPECT_CLOSE, "check.expect_close", 2, 0, TC_NONE, OF_CHECK)

typedef enum {
#define X(id, name, nopnds, nres, tc, flags) TOP_##id,
	TIR_OPS(X)
#undef X
	TOP_COUNT
} TOpKind;

typedef enum { TC_NONE, TC_ANY, TC_NUM, TC_SNUM, TC_FLT, TC_LOGIC, TC_INT } TTypeClass;

enum {
	OF_EW = 1 << 0, OF_UN = 1 << 1, OF_BIN = 1 << 2, OF_PRED = 1 << 3,
	OF_REGION = 1 << 4, OF_CHECK = 1 << 5, OF_TERM = 1 << 6, OF_RARE = 1 << 7,
	OF_CPLX = 1 << 8,
};

const char *tir_op_name(TOpKind k);       /* "stablehlo.add" */
const char *tir_op_short_name(TOpKind k); /* "add" (after the dialect's dot) */
int tir_op_noperands(TOpKind k);          /* -1 variadic */
int tir_op_nresults(TOpKind k);
TTypeClass tir_op_type_class(TOpKind k);
unsigned tir_op_flags(TOpKind k);
/* Full name ("stablehlo.add", "func.return") -> kind, or -1. Also accepts "return" and
 * "stablehlo.return" (-> TOP_RETURN). */
int tir_op_from_name(const char *s, size_t n);
/* Does dtype t belong to type class c? (complex types belong to none but TC_NONE) */
int tir_type_class_allows(TTypeClass c, DType t);
/* May op k's operands have element type t (its type class, or complex with OF_CPLX)? */
int tir_op_allows_dtype(TOpKind k, DType t);

/* ---- tir.c: attributes ----
 * A tagged union. Names are StableHLO generic names; for example
 *   constant: "value" (TA_DENSE)           iota: "iota_dimension" (TA_INT)
 *   broadcast_in_dim: "broadcast_dimensions" (TA_INTS)
 *   transpose: "permutation"  reverse/reduce: "dimensions"  concatenate: "dimension"
 *   slice: "start_indices" "limit_indices" "strides"  dynamic_slice: "slice_sizes"
 *   pad: "edge_padding_low" "edge_padding_high" "interior_padding"
 *   compare: "comparison_direction" (TA_CMP_DIR), "compare_type" (TA_CMP_TYPE)
 *   dot_general: "dot_dimension_numbers" (TA_DOT_DIMS)
 *   gather: "dimension_numbers" (TA_GATHER_DIMS), "slice_sizes", "indices_are_sorted"
 *   scatter: "scatter_dimension_numbers" (TA_SCATTER_DIMS), "indices_are_sorted",
 *            "unique_indices"
 *   reduce_window: "window_dimensions" "window_strides" "base_dilations"
 *                  "window_dilations" (TA_INTS), "padding" (TA_INTS2D, N x 2)
 *   select_and_scatter: "window_dimensions" "window_strides" "padding"
 *   sort: "dimension" (TA_INT), "is_stable" (TA_BOOL)
 *   get_tuple_element: "index"   reduce_precision: "exponent_bits" "mantissa_bits"
 *   func.call: "callee" (TA_STRING, without the @)
 *   check.*_const: "value" (TA_DENSE); expect_almost_eq*: "tolerance" (TA_FLOAT);
 *   expect_close: "max_ulp_difference" "min_ulp_difference" (TA_INT)
 *   convolution / dynamic_conv: "dimension_numbers" (TA_CONV_DIMS), "window_strides",
 *            "lhs_dilation", "rhs_dilation", "window_reversal" (TA_INTS, 0/1),
 *            "padding" (TA_INTS2D), "feature_group_count" "batch_group_count" (TA_INT)
 *   fft: "fft_type" (TA_RAW "#stablehlo<fft_type FFT>"), "fft_length" (TA_INTS)
 *   cholesky: "lower" (TA_BOOL)   get_dimension_size: "dimension" (TA_INT, i64)
 *   dynamic_iota: "iota_dimension"   dynamic_broadcast_in_dim: "broadcast_dimensions"
 *   composite: "name" (TA_STRING), "decomposition" (TA_STRING, callee without @),
 *            "composite_attributes" (TA_RAW), "version" (TA_INT)
 * TA_RAW keeps an attribute we do not interpret (precision_config, algorithm, ...) as
 * its MLIR text, so the printer writes it back unchanged. */
typedef enum { CMP_EQ, CMP_NE, CMP_GE, CMP_GT, CMP_LE, CMP_LT } TCmpDir;
typedef enum { CT_NOTYPE, CT_FLOAT, CT_TOTALORDER, CT_SIGNED, CT_UNSIGNED } TCmpType;
const char *tir_cmp_dir_name(TCmpDir d);     /* "EQ" */
const char *tir_cmp_type_name(TCmpType t);   /* "FLOAT" */

typedef struct TInts {
	const int64_t *v;
	int n;
} TInts;

typedef struct TDotDims {
	TInts lhs_batch, rhs_batch, lhs_contract, rhs_contract;
} TDotDims;

typedef struct TGatherDims {
	TInts offset_dims, collapsed_slice_dims, operand_batching_dims,
		start_indices_batching_dims, start_index_map;
	int64_t index_vector_dim;
} TGatherDims;

typedef struct TScatterDims {
	TInts update_window_dims, inserted_window_dims, input_batching_dims,
		scatter_indices_batching_dims, scatter_dims_to_operand_dims;
	int64_t index_vector_dim;
} TScatterDims;

/* #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>: the input's batch and
 * feature dimensions, the kernel's input and output feature dimensions, the output's
 * batch and feature dimensions, and the spatial dimensions of each in order 0, 1, ... */
typedef struct TConvDims {
	int64_t in_batch, in_feature, k_in_feature, k_out_feature, out_batch, out_feature;
	TInts in_spatial, k_spatial, out_spatial;
} TConvDims;

typedef enum {
	TA_INT, TA_FLOAT, TA_BOOL, TA_STRING, TA_INTS, TA_INTS2D, TA_DENSE,
	TA_CMP_DIR, TA_CMP_TYPE, TA_DOT_DIMS, TA_GATHER_DIMS, TA_SCATTER_DIMS, TA_CONV_DIMS,
	TA_RAW
} TAttrKind;

typedef struct TAttr {
	TAttrKind kind;
	const char *name;
	union {
		int64_t i;                /* TA_INT (int_type says i32/i64 for printing) */
		double f;                 /* TA_FLOAT */
		int b;                    /* TA_BOOL */
		const char *s;            /* TA_STRING (unescaped), TA_RAW (MLIR text) */
		TInts ints;               /* TA_INTS */
		struct { const int64_t *v; int rows, cols; } ints2d;   /* TA_INTS2D, row-major */
		struct { TType type; const void *data; int splat; } dense;
		/* TA_DENSE: data holds numel elements (or one when splat) in the element
		 * type's storage layout; type is the attribute's own tensor type. */
		TCmpDir cmp_dir;
		TCmpType cmp_type;
		TDotDims dot;
		TGatherDims gather;
		TScatterDims scatter;
		TConvDims conv;
	} u;
	DType int_type;               /* TA_INT / TA_FLOAT: i64 by default, f64 */
} TAttr;

/* ---- tir.c: values, blocks, ops, functions, modules ---- */
typedef struct TOp TOp;
typedef struct TBlock TBlock;

typedef struct TValue {
	TType type;
	TOp *def;          /* defining op; NULL for function and block arguments */
	const char *name;  /* name from parsed text ("operand"), or NULL; printing ignores it */
} TValue;

struct TBlock {
	int *args;         /* value ids */
	int nargs, capargs;
	TOp **ops;
	int nops, capops;
};

struct TOp {
	TOpKind kind;
	SrcLoc loc;        /* parsed text: line:col in the .mlir; raised: the CUDA source */
	int *operands;
	int noperands, capoperands;
	int *results;      /* value ids; types live in the function's value table */
	int nresults, capresults;
	TAttr *attrs;
	int nattrs, capattrs;
	TBlock **regions;  /* reduce/map/sort/reduce_window/scatter: body; while: cond, body;
	                      if: true, false; case: branches; select_and_scatter: select, scatter */
	int nregions, capregions;
};

typedef struct TParam {
	int value;         /* value id of a function argument (results: -1) */
	TType type;
	TAttr *attrs;      /* "cuda2hlo.param" = "u", "jax.result_info" = "result[0]" */
	int nattrs, capattrs;
} TParam;

typedef struct TModule TModule;

typedef struct TFunc {
	TModule *module;
	const char *name;  /* without @ */
	int is_public;     /* public @main; callees private */
	SrcLoc loc;
	TParam *args;
	int nargs, capargs;
	TParam *results;
	int nresults, capresults;
	TBlock *body;
	TValue *values;    /* every value of the function, by id */
	int nvalues, capvalues;
} TFunc;

/* A Shardy device mesh, `sdy.mesh @name = <["x"=4, "y"=2]>` (axes: the text from '<'). */
typedef struct TMesh {
	const char *name;
	const char *axes;
} TMesh;

struct TModule {
	Arena *arena;      /* owns everything reachable from the module */
	const char *name;  /* `module @name`, or NULL */
	TAttr *attrs;      /* module attributes (kept as given, mostly TA_RAW) */
	int nattrs, capattrs;
	TMesh *meshes;     /* printed before the functions; shardings name them */
	int nmeshes, capmeshes;
	TFunc **funcs;
	int nfuncs, capfuncs;
	int dynamic;       /* some type has a TIR_DYN dimension (runtime/refine.c makes it static) */
};

TModule *tir_module_create(void);           /* caller destroys */
void tir_module_destroy(TModule *m);
TFunc *tir_module_find_func(const TModule *m, const char *name);
TFunc *tir_module_main(const TModule *m);   /* @main, else the only public func, else NULL */
void tir_module_add_mesh(TModule *m, const char *name, const char *axes);   /* copied */
const TMesh *tir_module_find_mesh(const TModule *m, const char *name);      /* or NULL */

TFunc *tir_func_new(TModule *m, const char *name, int is_public, SrcLoc loc);
/* Adds an argument; returns its value id. cuda_name: "cuda2hlo.param" string, or NULL. */
int tir_func_add_arg(TFunc *f, TType t, const char *cuda_name);
void tir_func_add_result(TFunc *f, TType t, const char *cuda_name);
void tir_param_set_string(TFunc *f, TParam *p, const char *name, const char *value);
TAttr *tir_param_attr(const TParam *p, const char *name);    /* NULL when absent */
/* A module attribute `name = "value"` (replaced when present) / its value, NULL when
 * absent or not a string. */
void tir_module_set_string(TModule *m, const char *name, const char *value);
const char *tir_module_string(const TModule *m, const char *name);
/* Pointers into f->values move when values are added: hold ids, not pointers. */
static inline const TType *tir_value_type(const TFunc *f, int v) { return &f->values[v].type; }

int tir_value_new(TFunc *f, TType t);                        /* fresh value id */
TBlock *tir_block_new(TFunc *f);
int tir_block_add_arg(TFunc *f, TBlock *b, TType t);         /* returns the value id */
/* An op appended at the end of block b (b may be NULL: a detached op, for parsers that
 * append later with tir_block_append). */
TOp *tir_op_new(TFunc *f, TBlock *b, TOpKind k, SrcLoc loc);
void tir_block_append(TFunc *f, TBlock *b, TOp *op);
void tir_op_add_operand(TFunc *f, TOp *op, int v);
int tir_op_add_result(TFunc *f, TOp *op, TType t);          /* returns the value id */
TBlock *tir_op_add_region(TFunc *f, TOp *op);

/* Attributes (replace an attribute of the same name). Arrays are copied into the arena. */
TAttr *tir_op_attr(const TOp *op, const char *name);        /* NULL when absent */
TAttr *tir_op_set_attr(TFunc *f, TOp *op, TAttr a);         /* copies a; name is copied */
void tir_op_set_int(TFunc *f, TOp *op, const char *name, int64_t v);
void tir_op_set_float(TFunc *f, TOp *op, const char *name, double v);
void tir_op_set_bool(TFunc *f, TOp *op, const char *name, int v);
void tir_op_set_string(TFunc *f, TOp *op, const char *name, const char *s);
void tir_op_set_ints(TFunc *f, TOp *op, const char *name, const int64_t *v, int n);
void tir_op_set_dense(TFunc *f, TOp *op, const char *name, TType t, const void *data,
                      int splat);
/* Lookup helpers for the interpreter: the attribute's value, or dflt when absent. */
int64_t tir_op_get_int(const TOp *op, const char *name, int64_t dflt);
TInts tir_op_get_ints(const TOp *op, const char *name);     /* {NULL, 0} when absent */
/* Attribute helpers for any arena (the parser) */
TInts tir_ints_copy(Arena *a, const int64_t *v, int n);

/* ---- build.c: builders for the raise stage ----
 * A builder appends ops at the end of one block, all with one source location; each
 * returns the id of the op's (first) result and infers the result type by the
 * StableHLO spec (die() on an ill-typed request: that is a bug in the caller). */
typedef struct TBuilder {
	TFunc *func;
	TBlock *block;
	SrcLoc loc;
} TBuilder;

TBuilder tir_builder(TFunc *f, TBlock *b, SrcLoc loc);
TOp *tir_build_op(TBuilder *b, TOpKind k, const int *operands, int n);   /* no results */
int tir_build_unary(TBuilder *b, TOpKind k, int x);          /* is_finite gives i1 */
int tir_build_binary(TBuilder *b, TOpKind k, int lhs, int rhs);
/* compare_type from the element type: FLOAT, SIGNED or UNSIGNED (i1: UNSIGNED) */
int tir_build_compare(TBuilder *b, TCmpDir d, int lhs, int rhs);
int tir_build_select(TBuilder *b, int pred, int on_true, int on_false);
int tir_build_clamp(TBuilder *b, int lo, int x, int hi);
int tir_build_convert(TBuilder *b, int x, DType to);
int tir_build_bitcast_convert(TBuilder *b, int x, DType to); /* same bit width */
int tir_build_constant(TBuilder *b, TType t, const void *data);        /* numel elements */
int tir_build_splat_int(TBuilder *b, TType t, int64_t v);    /* integer/bool element type */
int tir_build_splat_float(TBuilder *b, TType t, double v);   /* rounded to t's type */
int tir_build_iota(TBuilder *b, TType t, int dim);
int tir_build_broadcast_in_dim(TBuilder *b, int x, TType t, const int64_t *dims);
int tir_build_reshape(TBuilder *b, int x, TType t);
int tir_build_transpose(TBuilder *b, int x, const int64_t *perm);
int tir_build_reverse(TBuilder *b, int x, const int64_t *dims, int ndims);
/* strides NULL: all 1 */
int tir_build_slice(TBuilder *b, int x, const int64_t *start, const int64_t *limit,
                    const int64_t *strides);
/* starts: rank value ids of 0-d integer tensors */
int tir_build_dynamic_slice(TBuilder *b, int x, const int *starts, const int64_t *sizes);
int tir_build_dynamic_update_slice(TBuilder *b, int x, int update, const int *starts);
/* interior NULL: all 0 */
int tir_build_pad(TBuilder *b, int x, int padval, const int64_t *lo, const int64_t *hi,
                  const int64_t *interior);
int tir_build_concatenate(TBuilder *b, const int *xs, int n, int dim);
/* A reduce over dims with a one-op body `combiner` (TOP_ADD, TOP_MAXIMUM, ...). */
int tir_build_reduce(TBuilder *b, int x, int init, const int64_t *dims, int ndims,
                     TOpKind combiner);
int tir_build_dot_general(TBuilder *b, int lhs, int rhs, const TDotDims *dd);
/* gather/scatter: the caller gives the result type; scatter with a one-op combiner
 * (combiner -1: the update replaces, body returns the update). */
int tir_build_gather(TBuilder *b, int operand, int indices, const TGatherDims *gd,
                     const int64_t *slice_sizes, TType result);
int tir_build_scatter(TBuilder *b, int operand, int indices, int updates,
                      const TScatterDims *sd, int combiner);
void tir_build_return(TBuilder *b, const int *vals, int n);

/* ---- verify.c: types and shapes by the StableHLO spec ----
 * Reports each problem with diag_error at the op's location, naming the op
 * ("'stablehlo.add' operand types differ: tensor<4xf32> vs tensor<4xf64>"). Returns
 * the number of errors (0: the module is well-typed). Also checks that every operand
 * is defined before use. */
int tir_verify(const TModule *m);
int tir_verify_func(const TFunc *f);
/* The same; quiet: print nothing. The first error's location and message (without the
 * location) go to *first_loc / first_msg[cap] when those are not NULL. */
int tir_verify_report(const TModule *m, int quiet, SrcLoc *first_loc, char *first_msg,
                      size_t cap);

/* ---- print_stablehlo.c: StableHLO text (pretty form where jaxlib's parser has one) ----
 * Values are named %argN (function arguments), %N (op results, per function, in order
 * of definition), %iterArgN_M / %bbN_M style names are not used: region arguments are
 * ordinary %N. The same module always prints to the same bytes. */
void hlo_emit_stablehlo(StrBuf *out, const TModule *m);
/* One attribute value in MLIR syntax (`array<i64: 1, 2>`, `dense<...> : tensor<...>`). */
void hlo_emit_attr_value(StrBuf *out, const TAttr *a);

/* ---- shard.c: Shardy annotations for --mesh / --shard (docs/sharding.md) ----
 * Adds `sdy.mesh @mesh` from mesh ("x=4,y=2"), and for each shard (BUF, SPEC: an axis or _
 * per dimension, checked by options.c) a sdy.sharding on @main's arguments and results
 * named BUF and on the reshapes that make BUF's rank-k views (k = SPEC's length). Returns
 * the number of errors (reported at @main: a buffer that is not there, no such view). */
int hlo_shard(TModule *m, const char *mesh, const NameValue *shards, size_t nshards);
/* shard_dus.c: every dynamic_update_slice with constant starts becomes the same elements
 * as select(pad(true, false), pad(update), operand), a form XLA partitions without
 * gathering (hlo_shard calls it). Returns how many were rewritten. */
int hlo_shard_dus_to_select(TModule *m);

/* ---- print_hlo.c: classic HLO text (`--emit hlo`) ----
 * The entry is @main. Returns the number of errors (reported with diag_error at the op):
 * if, case, select_and_scatter, calls, check ops and regions that capture outer values
 * have no HLO form here. */
int hlo_emit_hlo(StrBuf *out, const TModule *m);

#endif
