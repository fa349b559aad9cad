/* cublas.c: the classic cuBLAS v2 API (cublas_v2.h) on the host, for programs built by
 * cuda2hlo-cc that link -lcublas (cc.c maps it to libcuda2hlo_cudart, docs/cudart.md).
 * Device memory is host memory (mem.c), so each routine computes in place with plain
 * loops: before it reads memory a kernel result the runtime still holds for it is
 * copied in (cudart_alloc_sync), and memory it writes gets a new version
 * (cudart_alloc_written) so that later launches copy it again. Every call runs at once
 * on the calling thread's stream order (streams are in-order and synchronous, api.c).
 *
 * Matrices are column-major, op(X) is X, X^T (or X^H, the same for real types), as
 * NVIDIA's cuBLAS documentation defines each argument. gemm is cache-blocked: panels of
 * op(A) and op(B) are packed into contiguous, zero-padded tiles and a register tile of C
 * is accumulated by a micro-kernel the compiler vectorises, on up to CUBLAS_THREADS
 * threads over column blocks of C. With beta == 0, C is not read (NaN there is ignored),
 * as cuBLAS documents.
 *
 * What is not implemented: a routine not defined here fails at link time naming it; a
 * data type, compute type, operation or negative increment that a routine here does not
 * support prints "cuda2hlo: cuBLAS FN: WHAT is not supported by libcuda2hlo_cudart" and
 * returns CUBLAS_STATUS_NOT_SUPPORTED, never a result computed some other way. */
#include "cudart.h"

#include <cublas_v2.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct cublasContext {
	cudaStream_t stream;
	cublasPointerMode_t pmode;
	cublasMath_t math;
};

/* fn as the program calls it: cublas_v2.h renames cublasSaxpy to cublasSaxpy_v2. Each
 * message is printed once (a timing loop of refused calls would repeat it thousands of
 * times); every call returns the status. */
static cublasStatus_t unsupported(const char *fn, const char *what)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	static uint64_t said[64];
	static size_t nsaid;
	size_t n = strlen(fn);
	if (n > 3 && !strcmp(fn + n - 3, "_v2"))
		n -= 3;
	uint64_t key = cudart_hash(what, strlen(what), cudart_hash(fn, n, 0));
	int seen = 0;
	pthread_mutex_lock(&lock);
	for (size_t i = 0; i < nsaid && !seen; i++)
		seen = said[i] == key;
	if (!seen && nsaid < sizeof said / sizeof *said)
		said[nsaid++] = key;
	pthread_mutex_unlock(&lock);
	if (!seen)
		fprintf(stderr, "cuda2hlo: cuBLAS %.*s: %s is not supported by libcuda2hlo_cudart\n",
		        (int)n, fn, what);
	return CUBLAS_STATUS_NOT_SUPPORTED;
}

/* Memory the routine reads: a kept kernel result reaches memory first. */
static void in(const void *p)
{
	if (p)
		cudart_alloc_sync(p);
}

/* Memory the routine writes (partly, so synced first) and then has written. */
static void before_write(void *p)
{
	if (p)
		cudart_alloc_sync(p);
}

static void written(void *p)
{
	if (p)
		cudart_alloc_written(p);
}

/* ---- handle ---- */

cublasStatus_t cublasCreate_v2(cublasHandle_t *handle)
{
	if (!handle)
		return CUBLAS_STATUS_INVALID_VALUE;
	*handle = calloc(1, sizeof **handle);
	return *handle ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_ALLOC_FAILED;
}

cublasStatus_t cublasDestroy_v2(cublasHandle_t handle)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	free(handle);
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetVersion_v2(cublasHandle_t handle, int *version)
{
	(void)handle;
	if (!version)
		return CUBLAS_STATUS_INVALID_VALUE;
	*version = CUBLAS_VERSION;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetStream_v2(cublasHandle_t handle, cudaStream_t stream)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	handle->stream = stream;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetStream_v2(cublasHandle_t handle, cudaStream_t *stream)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (!stream)
		return CUBLAS_STATUS_INVALID_VALUE;
	*stream = handle->stream;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t handle, cublasPointerMode_t mode)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (mode != CUBLAS_POINTER_MODE_HOST && mode != CUBLAS_POINTER_MODE_DEVICE)
		return CUBLAS_STATUS_INVALID_VALUE;
	handle->pmode = mode;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetPointerMode_v2(cublasHandle_t handle, cublasPointerMode_t *mode)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (!mode)
		return CUBLAS_STATUS_INVALID_VALUE;
	*mode = handle->pmode;
	return CUBLAS_STATUS_SUCCESS;
}

/* Every math mode is accepted and computes in full precision: the reduced-precision
 * modes (tensor ops, TF32) only allow cuBLAS to round inputs, never require it. */
cublasStatus_t cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	handle->math = mode;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetMathMode(cublasHandle_t handle, cublasMath_t *mode)
{
	if (!handle)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (!mode)
		return CUBLAS_STATUS_INVALID_VALUE;
	*mode = handle->math;
	return CUBLAS_STATUS_SUCCESS;
}

/* A workspace is cuBLAS's scratch memory on the GPU: nothing here needs one. */
cublasStatus_t cublasSetWorkspace_v2(cublasHandle_t handle, void *workspace, size_t bytes)
{
	(void)workspace, (void)bytes;
	return handle ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_NOT_INITIALIZED;
}

static const struct { cublasStatus_t s; const char *name, *text; } statuses[] = {
	{CUBLAS_STATUS_SUCCESS, "CUBLAS_STATUS_SUCCESS", "success"},
	{CUBLAS_STATUS_NOT_INITIALIZED, "CUBLAS_STATUS_NOT_INITIALIZED", "the library was not initialized"},
	{CUBLAS_STATUS_ALLOC_FAILED, "CUBLAS_STATUS_ALLOC_FAILED", "the resource allocation failed"},
	{CUBLAS_STATUS_INVALID_VALUE, "CUBLAS_STATUS_INVALID_VALUE", "an invalid numeric value was used as an argument"},
	{CUBLAS_STATUS_ARCH_MISMATCH, "CUBLAS_STATUS_ARCH_MISMATCH", "an absent device architectural feature is required"},
	{CUBLAS_STATUS_MAPPING_ERROR, "CUBLAS_STATUS_MAPPING_ERROR", "an access to GPU memory space failed"},
	{CUBLAS_STATUS_EXECUTION_FAILED, "CUBLAS_STATUS_EXECUTION_FAILED", "the GPU program failed to execute"},
	{CUBLAS_STATUS_INTERNAL_ERROR, "CUBLAS_STATUS_INTERNAL_ERROR", "an internal operation failed"},
	{CUBLAS_STATUS_NOT_SUPPORTED, "CUBLAS_STATUS_NOT_SUPPORTED", "the functionality requested is not supported"},
	{CUBLAS_STATUS_LICENSE_ERROR, "CUBLAS_STATUS_LICENSE_ERROR", "the functionality requested requires some license"},
};

const char *cublasGetStatusName(cublasStatus_t s)
{
	for (size_t i = 0; i < sizeof statuses / sizeof *statuses; i++)
		if (statuses[i].s == s)
			return statuses[i].name;
	return "CUBLAS_STATUS_UNKNOWN";
}

const char *cublasGetStatusString(cublasStatus_t s)
{
	for (size_t i = 0; i < sizeof statuses / sizeof *statuses; i++)
		if (statuses[i].s == s)
			return statuses[i].text;
	return "unknown error";
}

/* ---- vectors and matrices between host and device ---- */

/* rows x cols elements of es bytes from src (column stride lds elements) to dst (ldd). */
static void copy2d(int rows, int cols, int es, const void *src, long lds, void *dst, long ldd)
{
	in(src);
	before_write(dst);
	for (int j = 0; j < cols; j++) {
		const char *s = (const char *)src + (size_t)j * lds * es;
		char *d = (char *)dst + (size_t)j * ldd * es;
		if (rows == 1 || (lds == 1 && ldd == 1)) {
			memcpy(d, s, (size_t)rows * es);
			continue;
		}
		for (int i = 0; i < rows; i++)
			memcpy(d + (size_t)i * es, s + (size_t)i * es, es);
	}
	written(dst);
}

/* A vector with increment inc is a 1 x n matrix with column stride inc. */
static cublasStatus_t vec(const char *fn, int n, int es, const void *x, int incx, void *y, int incy)
{
	if (n < 0 || es <= 0)
		return CUBLAS_STATUS_INVALID_VALUE;
	if (incx <= 0 || incy <= 0)
		return unsupported(fn, "an increment <= 0");
	if (n > 0)
		copy2d(1, n, es, x, incx, y, incy);
	return CUBLAS_STATUS_SUCCESS;
}

static cublasStatus_t mat(int rows, int cols, int es, const void *a, int lda, void *b, int ldb)
{
	if (rows < 0 || cols < 0 || es <= 0 || lda < (rows > 1 ? rows : 1) || ldb < (rows > 1 ? rows : 1))
		return CUBLAS_STATUS_INVALID_VALUE;
	if (rows > 0 && cols > 0)
		copy2d(rows, cols, es, a, lda, b, ldb);
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetVector(int n, int es, const void *x, int incx, void *y, int incy)
{
	return vec("cublasSetVector", n, es, x, incx, y, incy);
}

cublasStatus_t cublasGetVector(int n, int es, const void *x, int incx, void *y, int incy)
{
	return vec("cublasGetVector", n, es, x, incx, y, incy);
}

cublasStatus_t cublasSetVectorAsync(int n, int es, const void *x, int incx, void *y, int incy,
                                    cudaStream_t s)
{
	(void)s;
	return vec("cublasSetVectorAsync", n, es, x, incx, y, incy);
}

cublasStatus_t cublasGetVectorAsync(int n, int es, const void *x, int incx, void *y, int incy,
                                    cudaStream_t s)
{
	(void)s;
	return vec("cublasGetVectorAsync", n, es, x, incx, y, incy);
}

cublasStatus_t cublasSetMatrix(int rows, int cols, int es, const void *a, int lda, void *b, int ldb)
{
	return mat(rows, cols, es, a, lda, b, ldb);
}

cublasStatus_t cublasGetMatrix(int rows, int cols, int es, const void *a, int lda, void *b, int ldb)
{
	return mat(rows, cols, es, a, lda, b, ldb);
}

cublasStatus_t cublasSetMatrixAsync(int rows, int cols, int es, const void *a, int lda, void *b,
                                    int ldb, cudaStream_t s)
{
	(void)s;
	return mat(rows, cols, es, a, lda, b, ldb);
}

cublasStatus_t cublasGetMatrixAsync(int rows, int cols, int es, const void *a, int lda, void *b,
                                    int ldb, cudaStream_t s)
{
	(void)s;
	return mat(rows, cols, es, a, lda, b, ldb);
}

/* ---- scalars: alpha, beta and results in host or device memory ---- */

static double scalar_f(cublasHandle_t h, const float *p)
{
	if (h->pmode == CUBLAS_POINTER_MODE_DEVICE)
		in(p);
	return *p;
}

static double scalar_d(cublasHandle_t h, const double *p)
{
	if (h->pmode == CUBLAS_POINTER_MODE_DEVICE)
		in(p);
	return *p;
}

/* A result is written where it points, host or device memory alike. */
static void result(void *r, const void *v, size_t bytes)
{
	before_write(r);
	memcpy(r, v, bytes);
	written(r);
}

static void result_f(float *r, double v)
{
	float f = (float)v;
	result(r, &f, sizeof f);
}

static void result_d(double *r, double v)
{
	result(r, &v, sizeof v);
}

static void result_i(int *r, int v)
{
	result(r, &v, sizeof v);
}

/* The checks of a level-1 call: handle, n and increments (an increment <= 0 is refused:
 * its meaning differs between routines and BLAS implementations). 1: go on. */
static int level1(cublasHandle_t h, const char *fn, int n, int incx, int incy, cublasStatus_t *st)
{
	*st = CUBLAS_STATUS_SUCCESS;
	if (!h)
		*st = CUBLAS_STATUS_NOT_INITIALIZED;
	else if (n > 0 && (incx <= 0 || incy <= 0))
		*st = unsupported(fn, "an increment <= 0");
	return *st == CUBLAS_STATUS_SUCCESS;
}

/* ---- level 1 ---- */

/* One body per routine, for float (S) and double (D). */
#define AXPY(NAME, T, SCALAR)                                                                 \
cublasStatus_t NAME(cublasHandle_t h, int n, const T *alpha, const T *x, int incx, T *y,      \
                    int incy)                                                                 \
{                                                                                             \
	cublasStatus_t st;                                                                        \
	if (!level1(h, #NAME, n, incx, incy, &st) || n <= 0)                                      \
		return st;                                                                            \
	T a = (T)SCALAR(h, alpha);                                                                \
	in(x);                                                                                    \
	before_write(y);                                                                          \
	for (long i = 0; i < n; i++)                                                              \
		y[i * incy] += a * x[i * incx];                                                       \
	written(y);                                                                               \
	return CUBLAS_STATUS_SUCCESS;                                                             \
}
AXPY(cublasSaxpy_v2, float, scalar_f)
AXPY(cublasDaxpy_v2, double, scalar_d)

#define SCAL(NAME, T, SCALAR)                                                                 \
cublasStatus_t NAME(cublasHandle_t h, int n, const T *alpha, T *x, int incx)                  \
{                                                                                             \
	cublasStatus_t st;                                                                        \
	if (!level1(h, #NAME, n, incx, 1, &st) || n <= 0)                                         \
		return st;                                                                            \
	T a = (T)SCALAR(h, alpha);                                                                \
	before_write(x);                                                                          \
	for (long i = 0; i < n; i++)                                                              \
		x[i * incx] *= a;                                                                     \
	written(x);                                                                               \
	return CUBLAS_STATUS_SUCCESS;                                                             \
}
SCAL(cublasSscal_v2, float, scalar_f)
SCAL(cublasDscal_v2, double, scalar_d)

#define COPY(NAME, T)                                                                         \
cublasStatus_t NAME(cublasHandle_t h, int n, const T *x, int incx, T *y, int incy)            \
{                                                                                             \
	cublasStatus_t st;                                                                        \
	if (!level1(h, #NAME, n, incx, incy, &st) || n <= 0)                                      \
		return st;                                                                            \
	copy2d(1, n, sizeof(T), x, incx, y, incy);                                                \
	return CUBLAS_STATUS_SUCCESS;                                                             \
}
COPY(cublasScopy_v2, float)
COPY(cublasDcopy_v2, double)

#define SWAP(NAME, T)                                                                         \
cublasStatus_t NAME(cublasHandle_t h, int n, T *x, int incx, T *y, int incy)                  \
{                                                                                             \
	cublasStatus_t st;                                                                        \
	if (!level1(h, #NAME, n, incx, incy, &st) || n <= 0)                                      \
		return st;                                                                            \
	before_write(x);                                                                          \
	before_write(y);                                                                          \
	for (long i = 0; i < n; i++) {                                                            \
		T t = x[i * incx];                                                                    \
		x[i * incx] = y[i * incy];                                                            \
		y[i * incy] = t;                                                                      \
	}                                                                                         \
	written(x);                                                                               \
	written(y);                                                                               \
	return CUBLAS_STATUS_SUCCESS;                                                             \
}
SWAP(cublasSswap_v2, float)
SWAP(cublasDswap_v2, double)

/* Sums accumulate in double (float routines) or with pairs of partial sums, so their
 * error stays well inside what a GPU's tree reduction gives. */
#define DOT(NAME, T, RESULT)                                                                  \
cublasStatus_t NAME(cublasHandle_t h, int n, const T *x, int incx, const T *y, int incy,      \
                    T *r)                                                                     \
{                                                                                             \
	cublasStatus_t st;                                                                        \
	if (!level1(h, #NAME, n, incx, incy, &st))                                                \
		return st;                                                                            \
	double s = 0;                                                                             \
	in(x);                                                                                    \
	in(y);                                                                                    \
	for (long i = 0; i < n; i++)                                                              \
		s += (double)x[i * incx] * y[i * incy];                                               \
	RESULT(r, s);                                                                             \
	return CUBLAS_STATUS_SUCCESS;                                                             \
}
DOT(cublasSdot_v2, float, result_f)
DOT(cublasDdot_v2, double, result_d)

#define ASUM(NAME, T, RESULT)                                                                 \
cublasStatus_t NAME(cublasHandle_t h, int n, const T *x, int incx, T *r)                      \
{                                                                                             \
	cublasStatus_t st;                                                                        \
	if (!level1(h, #NAME, n, incx, 1, &st))                                                   \
		return st;                                                                            \
	double s = 0;                                                                             \
	in(x);                                                                                    \
	for (long i = 0; i < n; i++)                                                              \
		s += fabs((double)x[i * incx]);                                                       \
	RESULT(r, s);                                                                             \
	return CUBLAS_STATUS_SUCCESS;                                                             \
}
ASUM(cublasSasum_v2, float, result_f)
ASUM(cublasDasum_v2, double, result_d)

/* sum of x[i]^2 over float x in double, eight partial sums so that the loop vectorises
 * (a float squared cannot overflow a double, nor can 2^31 of them). */
static double sumsq_f(const float *x, long n, long inc)
{
	double p[8] = {0};
	long i = 0;
	if (inc == 1)
		for (; i + 8 <= n; i += 8)
			for (int l = 0; l < 8; l++)
				p[l] += (double)x[i + l] * x[i + l];
	for (; i < n; i++)
		p[0] += (double)x[i * inc] * x[i * inc];
	return ((p[0] + p[1]) + (p[2] + p[3])) + ((p[4] + p[5]) + (p[6] + p[7]));
}

cublasStatus_t cublasSnrm2_v2(cublasHandle_t h, int n, const float *x, int incx, float *r)
{
	cublasStatus_t st;
	if (!level1(h, "cublasSnrm2", n, incx, 1, &st))
		return st;
	in(x);
	result_f(r, sqrt(sumsq_f(x, n, incx)));
	return CUBLAS_STATUS_SUCCESS;
}

/* Euclidean norm of doubles scaled by the largest magnitude so that no square
 * overflows. */
cublasStatus_t cublasDnrm2_v2(cublasHandle_t h, int n, const double *x, int incx, double *r)
{
	cublasStatus_t st;
	if (!level1(h, "cublasDnrm2", n, incx, 1, &st))
		return st;
	double big = 0, s = 0;
	in(x);
	for (long i = 0; i < n; i++)
		big = fmax(big, fabs(x[i * incx]));
	if (big > 0 && isfinite(big))
		for (long i = 0; i < n; i++) {
			double v = x[i * incx] / big;
			s += v * v;
		}
	result_d(r, big > 0 && isfinite(big) ? big * sqrt(s) : big);
	return CUBLAS_STATUS_SUCCESS;
}

/* The 1-based index of the first element of largest (smallest) magnitude; 0 for n <= 0. */
#define IAMAX(NAME, T, CMP)                                                                   \
cublasStatus_t NAME(cublasHandle_t h, int n, const T *x, int incx, int *r)                    \
{                                                                                             \
	cublasStatus_t st;                                                                        \
	if (!level1(h, #NAME, n, incx, 1, &st))                                                   \
		return st;                                                                            \
	int best = 0;                                                                             \
	in(x);                                                                                    \
	for (long i = 1; i < n; i++)                                                              \
		if (fabs((double)x[i * incx]) CMP fabs((double)x[(long)best * incx]))                 \
			best = (int)i;                                                                    \
	result_i(r, n > 0 ? best + 1 : 0);                                                        \
	return CUBLAS_STATUS_SUCCESS;                                                             \
}
IAMAX(cublasIsamax_v2, float, >)
IAMAX(cublasIdamax_v2, double, >)
IAMAX(cublasIsamin_v2, float, <)
IAMAX(cublasIdamin_v2, double, <)

/* ---- half and bfloat16 (cudaDataType CUDA_R_16F, CUDA_R_16BF) ---- */

static float f32_bits(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

static uint32_t bits_f32(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

static float half_f32(uint16_t h)
{
	uint32_t sign = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 31, m = h & 1023;
	if (e == 31)
		return f32_bits(sign | 0x7f800000 | m << 13);
	if (e == 0)        /* zero and subnormals: m * 2^-24 */
		return sign ? -(float)m * 0x1p-24f : (float)m * 0x1p-24f;
	return f32_bits(sign | (e + 112) << 23 | m << 13);
}

/* Round to nearest even, overflow to infinity, as __float2half. */
static uint16_t f32_half(float f)
{
	uint32_t u = bits_f32(f), sign = (u >> 16) & 0x8000;
	float a = fabsf(f);
	if (a != a)
		return (uint16_t)(sign | 0x7e00);
	if (a >= 65520.0f)                          /* rounds past the largest half, 65504 */
		return (uint16_t)(sign | 0x7c00);
	if (a < 0x1p-14f) {                         /* subnormal: a multiple of 2^-24 */
		float q = nearbyintf(a * 0x1p24f);      /* default rounding: to nearest even */
		return (uint16_t)(sign | (uint32_t)q);
	}
	uint32_t v = bits_f32(a), low = v & 0x1fff, r = v >> 13;
	if (low > 0x1000 || (low == 0x1000 && (r & 1)))
		r++;
	return (uint16_t)(sign | (r - (112u << 10)));
}

static float bf16_f32(uint16_t b)
{
	return f32_bits((uint32_t)b << 16);
}

static uint16_t f32_bf16(float f)
{
	uint32_t u = bits_f32(f);
	if (f != f)
		return (uint16_t)((u >> 16) | 0x40);
	u += 0x7fff + ((u >> 16) & 1);
	return (uint16_t)(u >> 16);
}

static int type_bytes(cudaDataType t)
{
	switch (t) {
	case CUDA_R_16F: case CUDA_R_16BF: return 2;
	case CUDA_R_32F: return 4;
	case CUDA_R_64F: return 8;
	default: return 0;
	}
}

static double load(const void *p, cudaDataType t, long i)
{
	switch (t) {
	case CUDA_R_16F: return half_f32(((const uint16_t *)p)[i]);
	case CUDA_R_16BF: return bf16_f32(((const uint16_t *)p)[i]);
	case CUDA_R_32F: return ((const float *)p)[i];
	default: return ((const double *)p)[i];
	}
}

static void store(void *p, cudaDataType t, long i, double v)
{
	switch (t) {
	case CUDA_R_16F: ((uint16_t *)p)[i] = f32_half((float)v); break;
	case CUDA_R_16BF: ((uint16_t *)p)[i] = f32_bf16((float)v); break;
	case CUDA_R_32F: ((float *)p)[i] = (float)v; break;
	default: ((double *)p)[i] = v; break;
	}
}

/* x . y for x, y of one real type, accumulated in double and rounded to the result
 * type: execution type CUDA_R_32F for half, bfloat16 and float, CUDA_R_64F for double
 * (the combinations cuBLAS documents for real types). */
cublasStatus_t cublasDotEx(cublasHandle_t h, int n, const void *x, cudaDataType xt, int incx,
                           const void *y, cudaDataType yt, int incy, void *r, cudaDataType rt,
                           cudaDataType et)
{
	cublasStatus_t st;
	if (!level1(h, "cublasDotEx", n, incx, incy, &st))
		return st;
	if (xt != yt || xt != rt || !type_bytes(xt)
	    || et != (xt == CUDA_R_64F ? CUDA_R_64F : CUDA_R_32F))
		return unsupported("cublasDotEx", "this combination of data types (real half, "
		                   "bfloat16, float or double, with their execution type, are)");
	double s = 0;
	in(x);
	in(y);
	for (long i = 0; i < n; i++)
		s += load(x, xt, i * incx) * load(y, yt, i * incy);
	unsigned char v[8];
	store(v, rt, 0, s);
	result(r, v, type_bytes(rt));
	return CUBLAS_STATUS_SUCCESS;
}

/* ---- level 2 ---- */

static int transposed(cublasOperation_t op)
{
	return op == CUBLAS_OP_T || op == CUBLAS_OP_C;
}

static int valid_op(cublasOperation_t op)
{
	return op == CUBLAS_OP_N || op == CUBLAS_OP_T || op == CUBLAS_OP_C;
}

/* y = alpha op(A) x + beta y, A m x n; y is not read when beta == 0. */
#define GEMV(NAME, T, SCALAR)                                                                 \
cublasStatus_t NAME(cublasHandle_t h, cublasOperation_t trans, int m, int n, const T *alpha,  \
                    const T *A, int lda, const T *x, int incx, const T *beta, T *y, int incy) \
{                                                                                             \
	if (!h)                                                                                   \
		return CUBLAS_STATUS_NOT_INITIALIZED;                                                 \
	if (!valid_op(trans) || m < 0 || n < 0 || lda < (m > 1 ? m : 1) || !incx || !incy)        \
		return CUBLAS_STATUS_INVALID_VALUE;                                                   \
	int t = transposed(trans), leny = t ? n : m, lenx = t ? m : n;                            \
	if (m == 0 || n == 0)                                                                     \
		return CUBLAS_STATUS_SUCCESS;                                                         \
	if (incx < 0 || incy < 0)                                                                 \
		return unsupported(#NAME, "an increment < 0");                                        \
	double a = SCALAR(h, alpha), b = SCALAR(h, beta);                                         \
	double *acc = calloc((size_t)leny, sizeof *acc);                                          \
	if (!acc)                                                                                 \
		return CUBLAS_STATUS_ALLOC_FAILED;                                                    \
	in(A);                                                                                    \
	in(x);                                                                                    \
	before_write(y);                                                                          \
	for (long j = 0; j < n; j++) {                                                            \
		const T *col = A + j * lda;                                                           \
		if (t) {                                                                              \
			double s = 0;                                                                     \
			for (long i = 0; i < m; i++)                                                      \
				s += (double)col[i] * x[i * incx];                                            \
			acc[j] = s;                                                                       \
		} else {                                                                              \
			double xj = x[j * incx];                                                          \
			for (long i = 0; i < m; i++)                                                      \
				acc[i] += col[i] * xj;                                                        \
		}                                                                                     \
	}                                                                                         \
	(void)lenx;                                                                               \
	for (long i = 0; i < leny; i++)                                                           \
		y[i * incy] = (T)(b == 0 ? a * acc[i] : a * acc[i] + b * y[i * incy]);                \
	free(acc);                                                                                \
	written(y);                                                                               \
	return CUBLAS_STATUS_SUCCESS;                                                             \
}
GEMV(cublasSgemv_v2, float, scalar_f)
GEMV(cublasDgemv_v2, double, scalar_d)

/* ---- level 3: gemm ---- */

/* Blocking: a KC x NC panel of op(B) and an MC x KC block of op(A) are packed per
 * thread; MR x NR tiles of C are accumulated in registers. */
enum { KC = 256, MC = 128, NC = 1024, NR = 6, MR_S = 16, MR_D = 8 };
/* Below this many multiply-adds a plain loop nest costs less than packing (a batch of
 * thousands of 4 x 4 gemms). */
enum { SMALL_GEMM = 16384 };

/* Read at each large gemm (no cache shared between threads: cheap beside the gemm). */
static int nthreads(void)
{
	const char *e = getenv("CUBLAS_THREADS");
	long v = e ? atol(e) : sysconf(_SC_NPROCESSORS_ONLN);
	return v < 1 ? 1 : v > 64 ? 64 : (int)v;
}

/* The micro-kernel is also built for AVX2+FMA (x86-64-v3) and chosen at load time. */
#if defined(__x86_64__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define MICRO_TARGETS __attribute__((target_clones("arch=x86-64-v3", "default")))
#endif
#endif
#ifndef MICRO_TARGETS
#define MICRO_TARGETS
#endif
#if defined(__clang__)
#define UNROLL _Pragma("clang loop unroll(full)")
#elif defined(__GNUC__)
#define UNROLL _Pragma("GCC unroll 8")
#else
#define UNROLL
#endif

/* The gemm of one element type: pack, micro-kernel, blocked loop, threads. */
#define GEMM_CORE(P, T, MR)                                                                   \
/* op(A) rows [i0, i0+mc) x cols [p0, p0+kc) into MR-row strips, p-major in each. */          \
static void P##pack_a(int ta, const T *A, long lda, int i0, int mc, int p0, int kc, T *dst)   \
{                                                                                             \
	for (int is = 0; is < mc; is += MR)                                                       \
		for (int p = 0; p < kc; p++)                                                          \
			for (int i = 0; i < MR; i++) {                                                    \
				long r = i0 + is + i, c = p0 + p;                                             \
				*dst++ = is + i < mc ? (ta ? A[c + r * lda] : A[r + c * lda]) : 0;            \
			}                                                                                 \
}                                                                                             \
/* op(B) rows [p0, p0+kc) x cols [j0, j0+nc) into NR-column strips, p-major in each. */       \
static void P##pack_b(int tb, const T *B, long ldb, int p0, int kc, int j0, int nc, T *dst)   \
{                                                                                             \
	for (int js = 0; js < nc; js += NR)                                                       \
		for (int p = 0; p < kc; p++)                                                          \
			for (int j = 0; j < NR; j++) {                                                    \
				long r = p0 + p, c = j0 + js + j;                                             \
				*dst++ = js + j < nc ? (tb ? B[c + r * ldb] : B[r + c * ldb]) : 0;            \
			}                                                                                 \
}                                                                                             \
/* C[0:mr, 0:nr] += alpha * (a strip x b strip): the MR x NR sums are NR x 2 vectors    \
 * (GCC/clang vector extensions, which the compiler keeps in registers), each step of p   \
 * two vector loads of the a strip times NR broadcasts of the b strip. */                 \
MICRO_TARGETS                                                                                 \
static void P##micro(int kc, const T *restrict a, const T *restrict b, T alpha, T *C, long ldc,\
                     int mr, int nr)                                                          \
{                                                                                             \
	typedef T V __attribute__((vector_size(MR / 2 * sizeof(T))));                             \
	V acc[NR][2], a0, a1;                                                                     \
	memset(acc, 0, sizeof acc);                                                               \
	for (int p = 0; p < kc; p++, a += MR, b += NR) {                                          \
		memcpy(&a0, a, sizeof a0);                                                            \
		memcpy(&a1, a + MR / 2, sizeof a1);                                                   \
		UNROLL                                                                                \
		for (int j = 0; j < NR; j++) {                                                        \
			acc[j][0] += a0 * b[j];                                                           \
			acc[j][1] += a1 * b[j];                                                           \
		}                                                                                     \
	}                                                                                         \
	T t[NR][MR];                                                                              \
	memcpy(t, acc, sizeof t);                                                                 \
	for (int j = 0; j < nr; j++)                                                              \
		for (int i = 0; i < mr; i++)                                                          \
			C[i + j * ldc] += alpha * t[j][i];                                                \
}                                                                                             \
typedef struct {                                                                              \
	int ta, tb, m, n, k, j0, j1;                                                              \
	T alpha;                                                                                  \
	const T *A, *B;                                                                           \
	T *C;                                                                                     \
	long lda, ldb, ldc;                                                                       \
	int failed;                                                                               \
} P##Job;                                                                                     \
/* Columns [j0, j1) of C += alpha op(A) op(B). */                                             \
static void *P##blocked(void *arg)                                                            \
{                                                                                             \
	P##Job *g = arg;                                                                          \
	/* packs as large as this gemm needs: a batch of small ones allocates little */         \
	size_t kb = g->k < KC ? g->k : KC, w = g->j1 - g->j0;                                     \
	size_t mb = (size_t)(g->m < MC ? g->m : MC) + MR, nb = (w < NC ? w : NC) + NR;            \
	T *pa = malloc(sizeof(T) * mb * kb), *pb = malloc(sizeof(T) * nb * kb);                   \
	if (!pa || !pb) {                                                                         \
		g->failed = 1;                                                                        \
		goto out;                                                                             \
	}                                                                                         \
	for (int jc = g->j0; jc < g->j1; jc += NC) {                                              \
		int nc = g->j1 - jc < NC ? g->j1 - jc : NC;                                           \
		for (int pc = 0; pc < g->k; pc += KC) {                                               \
			int kc = g->k - pc < KC ? g->k - pc : KC;                                         \
			P##pack_b(g->tb, g->B, g->ldb, pc, kc, jc, nc, pb);                               \
			for (int ic = 0; ic < g->m; ic += MC) {                                           \
				int mc = g->m - ic < MC ? g->m - ic : MC;                                     \
				P##pack_a(g->ta, g->A, g->lda, ic, mc, pc, kc, pa);                           \
				for (int jr = 0; jr < nc; jr += NR)                                           \
					for (int ir = 0; ir < mc; ir += MR)                                       \
						P##micro(kc, pa + (long)ir * kc, pb + (long)jr * kc, g->alpha,        \
						         g->C + ic + ir + (long)(jc + jr) * g->ldc, g->ldc,           \
						         mc - ir < MR ? mc - ir : MR, nc - jr < NR ? nc - jr : NR);   \
			}                                                                                 \
		}                                                                                     \
	}                                                                                         \
out:                                                                                          \
	free(pa);                                                                                 \
	free(pb);                                                                                 \
	return NULL;                                                                              \
}                                                                                             \
/* C = alpha op(A) op(B) + beta C on memory already synced; 0, or -1 out of memory. */        \
static int P##gemm(int ta, int tb, int m, int n, int k, T alpha, const T *A, long lda,        \
                   const T *B, long ldb, T beta, T *C, long ldc)                              \
{                                                                                             \
	for (long j = 0; j < n; j++)                                                              \
		for (long i = 0; i < m; i++)                                                          \
			C[i + j * ldc] = beta == 0 ? 0 : beta * C[i + j * ldc];                           \
	if (k == 0 || alpha == 0)                                                                 \
		return 0;                                                                             \
	if ((long)m * n * k <= SMALL_GEMM) {                                                      \
		for (long j = 0; j < n; j++)                                                          \
			for (long i = 0; i < m; i++) {                                                    \
				T s = 0;                                                                      \
				for (long p = 0; p < k; p++)                                                  \
					s += (ta ? A[p + i * lda] : A[i + p * lda])                               \
					     * (tb ? B[j + p * ldb] : B[p + j * ldb]);                              \
				C[i + j * ldc] += alpha * s;                                                  \
			}                                                                                 \
		return 0;                                                                             \
	}                                                                                         \
	/* a thread per share of at least 64 columns (MR x NR tiles keep their shape) */          \
	long work = (long)m * n * k;                                                              \
	int nt = work < (1L << 21) ? 1 : nthreads();                                              \
	if (nt > (n + 63) / 64)                                                                   \
		nt = (n + 63) / 64;                                                                   \
	P##Job jobs[64];                                                                          \
	pthread_t tid[64];                                                                        \
	int share = (n + nt - 1) / nt;                                                            \
	share = (share + NR - 1) / NR * NR;                                                       \
	int started[64], failed = 0;                                                              \
	for (int t = 0; t < nt; t++) {                                                            \
		int j0 = t * share, j1 = j0 + share < n ? j0 + share : n;                             \
		jobs[t] = (P##Job){ta, tb, m, n, k, j0 < n ? j0 : n, j1, alpha, A, B, C,              \
		                   lda, ldb, ldc, 0};                                                 \
		/* the last share runs here, and so does one whose thread did not start */           \
		started[t] = t < nt - 1 && !pthread_create(&tid[t], NULL, P##blocked, &jobs[t]);      \
		if (!started[t])                                                                      \
			P##blocked(&jobs[t]);                                                             \
	}                                                                                         \
	for (int t = 0; t < nt - 1; t++)                                                          \
		if (started[t])                                                                       \
			pthread_join(tid[t], NULL);                                                       \
	for (int t = 0; t < nt; t++)                                                              \
		failed |= jobs[t].failed;                                                             \
	return failed ? -1 : 0;                                                                   \
}
GEMM_CORE(s, float, MR_S)
GEMM_CORE(d, double, MR_D)

/* The argument checks of cuBLAS's gemm: 1 when valid. */
static int gemm_args(cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, int lda,
                     int ldb, int ldc)
{
	int rows_a = transposed(ta) ? k : m, rows_b = transposed(tb) ? n : k;
	return valid_op(ta) && valid_op(tb) && m >= 0 && n >= 0 && k >= 0
	       && lda >= (rows_a > 1 ? rows_a : 1) && ldb >= (rows_b > 1 ? rows_b : 1)
	       && ldc >= (m > 1 ? m : 1);
}

#define GEMM(NAME, P, T, SCALAR)                                                              \
cublasStatus_t NAME(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,      \
                    int n, int k, const T *alpha, const T *A, int lda, const T *B, int ldb,   \
                    const T *beta, T *C, int ldc)                                             \
{                                                                                             \
	if (!h)                                                                                   \
		return CUBLAS_STATUS_NOT_INITIALIZED;                                                 \
	if (!gemm_args(ta, tb, m, n, k, lda, ldb, ldc))                                           \
		return CUBLAS_STATUS_INVALID_VALUE;                                                   \
	if (m == 0 || n == 0)                                                                     \
		return CUBLAS_STATUS_SUCCESS;                                                         \
	T a = (T)SCALAR(h, alpha), b = (T)SCALAR(h, beta);                                        \
	in(A);                                                                                \
	in(B);                                                                                \
	before_write(C);                                                                          \
	int rc = P##gemm(transposed(ta), transposed(tb), m, n, k, a, A, lda, B, ldb, b, C, ldc);  \
	written(C);                                                                               \
	return rc ? CUBLAS_STATUS_ALLOC_FAILED : CUBLAS_STATUS_SUCCESS;                           \
}
GEMM(cublasSgemm_v2, s, float, scalar_f)
GEMM(cublasDgemm_v2, d, double, scalar_d)

#define GEMM_STRIDED(NAME, P, T, SCALAR)                                                      \
cublasStatus_t NAME(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,      \
                    int n, int k, const T *alpha, const T *A, int lda, long long sa,          \
                    const T *B, int ldb, long long sb, const T *beta, T *C, int ldc,          \
                    long long sc, int count)                                                  \
{                                                                                             \
	if (!h)                                                                                   \
		return CUBLAS_STATUS_NOT_INITIALIZED;                                                 \
	if (!gemm_args(ta, tb, m, n, k, lda, ldb, ldc) || count < 0)                              \
		return CUBLAS_STATUS_INVALID_VALUE;                                                   \
	if (m == 0 || n == 0 || count == 0)                                                       \
		return CUBLAS_STATUS_SUCCESS;                                                         \
	T a = (T)SCALAR(h, alpha), b = (T)SCALAR(h, beta);                                        \
	in(A);                                                                                \
	in(B);                                                                                \
	before_write(C);                                                                          \
	int rc = 0;                                                                               \
	for (long long i = 0; i < count && !rc; i++)                                              \
		rc = P##gemm(transposed(ta), transposed(tb), m, n, k, a, A + i * sa, lda, B + i * sb, \
		             ldb, b, C + i * sc, ldc);                                                \
	written(C);                                                                               \
	return rc ? CUBLAS_STATUS_ALLOC_FAILED : CUBLAS_STATUS_SUCCESS;                           \
}
GEMM_STRIDED(cublasSgemmStridedBatched, s, float, scalar_f)
GEMM_STRIDED(cublasDgemmStridedBatched, d, double, scalar_d)

/* The arrays of pointers are in device memory too: synced before they are read. */
#define GEMM_BATCHED(NAME, P, T, SCALAR)                                                      \
cublasStatus_t NAME(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,      \
                    int n, int k, const T *alpha, const T *const Aarray[], int lda,           \
                    const T *const Barray[], int ldb, const T *beta, T *const Carray[],       \
                    int ldc, int count)                                                       \
{                                                                                             \
	if (!h)                                                                                   \
		return CUBLAS_STATUS_NOT_INITIALIZED;                                                 \
	if (!gemm_args(ta, tb, m, n, k, lda, ldb, ldc) || count < 0)                              \
		return CUBLAS_STATUS_INVALID_VALUE;                                                   \
	if (m == 0 || n == 0 || count == 0)                                                       \
		return CUBLAS_STATUS_SUCCESS;                                                         \
	T a = (T)SCALAR(h, alpha), b = (T)SCALAR(h, beta);                                        \
	in(Aarray);                                                                               \
	in(Barray);                                                                               \
	in(Carray);                                                                               \
	int rc = 0;                                                                               \
	for (int i = 0; i < count && !rc; i++) {                                                  \
		in(Aarray[i]);                                                                    \
		in(Barray[i]);                                                                    \
		before_write(Carray[i]);                                                              \
		rc = P##gemm(transposed(ta), transposed(tb), m, n, k, a, Aarray[i], lda, Barray[i],   \
		             ldb, b, Carray[i], ldc);                                                 \
		written(Carray[i]);                                                                   \
	}                                                                                         \
	return rc ? CUBLAS_STATUS_ALLOC_FAILED : CUBLAS_STATUS_SUCCESS;                           \
}
GEMM_BATCHED(cublasSgemmBatched, s, float, scalar_f)
GEMM_BATCHED(cublasDgemmBatched, d, double, scalar_d)

/* ---- gemm with data and compute types (cublasGemmEx and its batched forms) ---- */

static const char *type_name(cudaDataType t)
{
	switch (t) {
	case CUDA_R_16F: return "CUDA_R_16F";
	case CUDA_R_16BF: return "CUDA_R_16BF";
	case CUDA_R_32F: return "CUDA_R_32F";
	case CUDA_R_64F: return "CUDA_R_64F";
	case CUDA_R_8I: return "CUDA_R_8I";
	case CUDA_R_32I: return "CUDA_R_32I";
	default: return "a complex, 8-bit float or other integer type";
	}
}

static const char *compute_name(cublasComputeType_t c)
{
	switch (c) {
	case CUBLAS_COMPUTE_16F: case CUBLAS_COMPUTE_16F_PEDANTIC: return "CUBLAS_COMPUTE_16F";
	case CUBLAS_COMPUTE_32I: case CUBLAS_COMPUTE_32I_PEDANTIC: return "CUBLAS_COMPUTE_32I";
	default: return "this compute type";
	}
}

/* What is implemented: A, B and C double with CUBLAS_COMPUTE_64F; A and B half,
 * bfloat16 or float and C the same type or float, with a float compute type (alpha and
 * beta float); A and B int8, C int32 with CUBLAS_COMPUTE_32I (alpha, beta int32). The "fast" float compute types allow cuBLAS to round inputs to half,
 * bfloat16 or TF32; computing them exactly in float is one of the results they allow.
 * NULL, or why not (in buf). */
static const char *gemm_ex_types(cudaDataType at, cudaDataType bt, cudaDataType ct,
                                 cublasComputeType_t comp, char *buf, size_t len)
{
	int f64 = comp == CUBLAS_COMPUTE_64F || comp == CUBLAS_COMPUTE_64F_PEDANTIC;
	int f32 = comp == CUBLAS_COMPUTE_32F || comp == CUBLAS_COMPUTE_32F_PEDANTIC
	          || comp == CUBLAS_COMPUTE_32F_FAST_16F || comp == CUBLAS_COMPUTE_32F_FAST_16BF
	          || comp == CUBLAS_COMPUTE_32F_FAST_TF32;
	int i32 = comp == CUBLAS_COMPUTE_32I || comp == CUBLAS_COMPUTE_32I_PEDANTIC;
	if (i32)
		return at == CUDA_R_8I && bt == CUDA_R_8I && ct == CUDA_R_32I ? NULL
		       : (snprintf(buf, len, "A %s, B %s, C %s with CUBLAS_COMPUTE_32I", type_name(at),
		                   type_name(bt), type_name(ct)), buf);
	int ok = at == bt && (f64 ? at == CUDA_R_64F && ct == CUDA_R_64F
	                      : f32 && (at == CUDA_R_32F || at == CUDA_R_16F || at == CUDA_R_16BF)
	                        && (ct == at || ct == CUDA_R_32F));
	if (ok)
		return NULL;
	snprintf(buf, len, "A %s, B %s, C %s with %s", type_name(at), type_name(bt),
	         type_name(ct), compute_name(comp));
	return buf;
}

/* The rows x cols matrix (column stride ld) of type t at p as float: a copy of the
 * memory it spans, or that memory itself for float. */
static float *as_float(const void *p, cudaDataType t, long rows, long ld, long cols, int *copied)
{
	*copied = t != CUDA_R_32F;
	if (!*copied)
		return (float *)p;
	long span = (cols - 1) * ld + rows;
	float *f = malloc(sizeof *f * (size_t)span);
	if (f)
		for (long i = 0; i < span; i++)
			f[i] = (float)load(p, t, i);
	return f;
}

/* int8 A and B, int32 C: sums of products in 32 bits, wrapping as the GPU's integer
 * arithmetic does (unsigned here, where C leaves signed overflow undefined), so the
 * order of the sum does not matter and the result is exact. A column of C at a time,
 * its sums contiguous so that the loop over i vectorises. 0, or -1 out of memory. */
static int igemm(int ta, int tb, int m, int n, int k, int32_t alpha, const int8_t *A, long lda,
                 const int8_t *B, long ldb, int32_t beta, int32_t *C, long ldc)
{
	uint32_t *acc = malloc(sizeof *acc * (size_t)m);
	if (!acc)
		return -1;
	for (long j = 0; j < n; j++) {
		memset(acc, 0, sizeof *acc * (size_t)m);
		for (long p = 0; p < k; p++) {
			uint32_t b = (uint32_t)(int32_t)(tb ? B[j + p * ldb] : B[p + j * ldb]);
			if (ta)
				for (long i = 0; i < m; i++)
					acc[i] += (uint32_t)(int32_t)A[p + i * lda] * b;
			else
				for (long i = 0; i < m; i++)
					acc[i] += (uint32_t)(int32_t)A[i + p * lda] * b;
		}
		for (long i = 0; i < m; i++) {
			uint32_t c = (uint32_t)alpha * acc[i];
			if (beta != 0)
				c += (uint32_t)beta * (uint32_t)C[i + j * ldc];
			C[i + j * ldc] = (int32_t)c;
		}
	}
	free(acc);
	return 0;
}

/* One gemm of GemmEx (memory synced); alpha and beta are the compute type's values. */
static cublasStatus_t gemm_ex1(int ta, int tb, int m, int n, int k, double alpha,
                               const void *A, cudaDataType at, int lda, const void *B, int ldb,
                               double beta, void *C, cudaDataType ct, int ldc)
{
	if (at == CUDA_R_64F)
		return dgemm(ta, tb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc)
		       ? CUBLAS_STATUS_ALLOC_FAILED : CUBLAS_STATUS_SUCCESS;
	if (at == CUDA_R_8I)
		return igemm(ta, tb, m, n, k, (int32_t)alpha, A, lda, B, ldb, (int32_t)beta, C, ldc)
		       ? CUBLAS_STATUS_ALLOC_FAILED : CUBLAS_STATUS_SUCCESS;
	int ca, cb, cc;
	float *fa = as_float(A, at, ta ? k : m, lda, ta ? m : k, &ca);
	float *fb = as_float(B, at, tb ? n : k, ldb, tb ? k : n, &cb);
	float *fc = as_float(C, ct, m, ldc, n, &cc);
	int rc = !fa || !fb || !fc ? -1
	         : sgemm(ta, tb, m, n, k, (float)alpha, fa, lda, fb, ldb, (float)beta, fc, ldc);
	if (!rc && cc)
		for (long j = 0; j < n; j++)
			for (long i = 0; i < m; i++)
				store(C, ct, i + j * ldc, fc[i + j * ldc]);
	if (ca)
		free(fa);
	if (cb)
		free(fb);
	if (cc)
		free(fc);
	return rc ? CUBLAS_STATUS_ALLOC_FAILED : CUBLAS_STATUS_SUCCESS;
}

/* alpha and beta of the compute type (double for CUBLAS_COMPUTE_64F, else float). */
static void ex_scalars(cublasHandle_t h, cudaDataType at, const void *alpha, const void *beta,
                       double out[2])
{
	if (h->pmode == CUBLAS_POINTER_MODE_DEVICE) {
		in(alpha);
		in(beta);
	}
	out[0] = at == CUDA_R_64F ? *(const double *)alpha : at == CUDA_R_8I
	         ? *(const int32_t *)alpha : *(const float *)alpha;
	out[1] = at == CUDA_R_64F ? *(const double *)beta : at == CUDA_R_8I
	         ? *(const int32_t *)beta : *(const float *)beta;
}

static cublasStatus_t gemm_ex(const char *fn, cublasHandle_t h, cublasOperation_t ta,
                              cublasOperation_t tb, int m, int n, int k, const void *alpha,
                              const void *const *As, cudaDataType at, int lda, long long sa,
                              const void *const *Bs, cudaDataType bt, int ldb, long long sb,
                              const void *beta, void *const *Cs, cudaDataType ct, int ldc,
                              long long sc, int count, cublasComputeType_t comp)
{
	if (!h)
		return CUBLAS_STATUS_NOT_INITIALIZED;
	if (!gemm_args(ta, tb, m, n, k, lda, ldb, ldc) || count < 0)
		return CUBLAS_STATUS_INVALID_VALUE;
	char buf[512];
	const char *why = gemm_ex_types(at, bt, ct, comp, buf, sizeof buf);
	if (why)
		return unsupported(fn, why);
	if (m == 0 || n == 0 || count == 0)
		return CUBLAS_STATUS_SUCCESS;
	double s[2];
	ex_scalars(h, at, alpha, beta, s);
	int ea = at == CUDA_R_8I ? 1 : type_bytes(at), ec = ct == CUDA_R_32I ? 4 : type_bytes(ct);
	cublasStatus_t st = CUBLAS_STATUS_SUCCESS;
	for (int i = 0; i < count && st == CUBLAS_STATUS_SUCCESS; i++) {
		const char *A = (const char *)As[sa < 0 ? i : 0] + (sa < 0 ? 0 : i * sa * ea);
		const char *B = (const char *)Bs[sb < 0 ? i : 0] + (sb < 0 ? 0 : i * sb * ea);
		char *C = (char *)Cs[sc < 0 ? i : 0] + (sc < 0 ? 0 : i * sc * ec);
		in(A);
		in(B);
		before_write(C);
		st = gemm_ex1(transposed(ta), transposed(tb), m, n, k, s[0], A, at, lda, B, ldb,
		              s[1], C, ct, ldc);
		written(C);
	}
	return st;
}

cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                            int n, int k, const void *alpha, const void *A, cudaDataType at,
                            int lda, const void *B, cudaDataType bt, int ldb, const void *beta,
                            void *C, cudaDataType ct, int ldc, cublasComputeType_t comp,
                            cublasGemmAlgo_t algo)
{
	(void)algo;              /* an algorithm choice changes speed, not the result's meaning */
	return gemm_ex("cublasGemmEx", h, ta, tb, m, n, k, alpha, &A, at, lda, 0, &B, bt, ldb, 0,
	               beta, &C, ct, ldc, 0, 1, comp);
}

cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t h, cublasOperation_t ta,
                                          cublasOperation_t tb, int m, int n, int k,
                                          const void *alpha, const void *A, cudaDataType at,
                                          int lda, long long sa, const void *B, cudaDataType bt,
                                          int ldb, long long sb, const void *beta, void *C,
                                          cudaDataType ct, int ldc, long long sc, int count,
                                          cublasComputeType_t comp, cublasGemmAlgo_t algo)
{
	(void)algo;
	if (sa < 0 || sb < 0 || sc < 0)
		return unsupported("cublasGemmStridedBatchedEx", "a negative stride");
	return gemm_ex("cublasGemmStridedBatchedEx", h, ta, tb, m, n, k, alpha, &A, at, lda, sa,
	               &B, bt, ldb, sb, beta, &C, ct, ldc, sc, count, comp);
}

cublasStatus_t cublasGemmBatchedEx(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb,
                                   int m, int n, int k, const void *alpha,
                                   const void *const Aarray[], cudaDataType at, int lda,
                                   const void *const Barray[], cudaDataType bt, int ldb,
                                   const void *beta, void *const Carray[], cudaDataType ct,
                                   int ldc, int count, cublasComputeType_t comp,
                                   cublasGemmAlgo_t algo)
{
	(void)algo;
	in(Aarray);
	in(Barray);
	in(Carray);
	return gemm_ex("cublasGemmBatchedEx", h, ta, tb, m, n, k, alpha, (const void *const *)Aarray,
	               at, lda, -1, (const void *const *)Barray, bt, ldb, -1, beta, Carray, ct, ldc,
	               -1, count, comp);
}

/* ---- geam: C = alpha op(A) + beta op(B) ---- */

/* In place (C is A or B) only without a transpose of that operand, as cuBLAS allows;
 * B is not read when beta == 0, nor A when alpha == 0. */
#define GEAM(NAME, T, SCALAR)                                                                 \
cublasStatus_t NAME(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,      \
                    int n, const T *alpha, const T *A, int lda, const T *beta, const T *B,    \
                    int ldb, T *C, int ldc)                                                   \
{                                                                                             \
	if (!h)                                                                                   \
		return CUBLAS_STATUS_NOT_INITIALIZED;                                                 \
	int rows_a = transposed(ta) ? n : m, rows_b = transposed(tb) ? n : m;                     \
	if (!valid_op(ta) || !valid_op(tb) || m < 0 || n < 0 || lda < (rows_a > 1 ? rows_a : 1)   \
	    || ldb < (rows_b > 1 ? rows_b : 1) || ldc < (m > 1 ? m : 1))                           \
		return CUBLAS_STATUS_INVALID_VALUE;                                                   \
	if ((C == A && (transposed(ta) || lda != ldc)) || (C == B && (transposed(tb) || ldb != ldc)))\
		return CUBLAS_STATUS_INVALID_VALUE;                                                   \
	if (m == 0 || n == 0)                                                                     \
		return CUBLAS_STATUS_SUCCESS;                                                         \
	T a = (T)SCALAR(h, alpha), b = (T)SCALAR(h, beta);                                        \
	int ra = transposed(ta), rb = transposed(tb);                                             \
	in(A);                                                                                    \
	in(B);                                                                                    \
	before_write(C);                                                                          \
	/* 32 x 32 tiles: a transposed operand is read a few cache lines at a time */            \
	for (long jb = 0; jb < n; jb += 32)                                                       \
		for (long ib = 0; ib < m; ib += 32)                                                   \
			for (long j = jb; j < n && j < jb + 32; j++)                                      \
				for (long i = ib; i < m && i < ib + 32; i++) {                                \
					T v = 0;                                                                  \
					if (a != 0)                                                               \
						v = a * (ra ? A[j + i * lda] : A[i + j * lda]);                       \
					if (b != 0)                                                               \
						v += b * (rb ? B[j + i * ldb] : B[i + j * ldb]);                      \
					C[i + j * ldc] = v;                                                       \
				}                                                                             \
	written(C);                                                                               \
	return CUBLAS_STATUS_SUCCESS;                                                             \
}
GEAM(cublasSgeam, float, scalar_f)
GEAM(cublasDgeam, double, scalar_d)

/* ---- refused by name: half-precision gemm computes in half, whose rounding at each
 * step cuBLAS does not specify. cublas_api.h declares these for C++ only (extern "C"):
 * __half is passed by pointer, so void pointers give the same ABI. ---- */

cublasStatus_t cublasHgemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,
                           int n, int k, const void *alpha, const void *A, int lda,
                           const void *B, int ldb, const void *beta, void *C, int ldc)
{
	(void)h, (void)ta, (void)tb, (void)m, (void)n, (void)k, (void)alpha, (void)A, (void)lda;
	(void)B, (void)ldb, (void)beta, (void)C, (void)ldc;
	return unsupported("cublasHgemm", "half-precision compute");
}

cublasStatus_t cublasHgemmBatched(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb,
                                  int m, int n, int k, const void *alpha,
                                  const void *const Aarray[], int lda,
                                  const void *const Barray[], int ldb, const void *beta,
                                  void *const Carray[], int ldc, int count)
{
	(void)h, (void)ta, (void)tb, (void)m, (void)n, (void)k, (void)alpha, (void)Aarray;
	(void)lda, (void)Barray, (void)ldb, (void)beta, (void)Carray, (void)ldc, (void)count;
	return unsupported("cublasHgemmBatched", "half-precision compute");
}

cublasStatus_t cublasHgemmStridedBatched(cublasHandle_t h, cublasOperation_t ta,
                                         cublasOperation_t tb, int m, int n, int k,
                                         const void *alpha, const void *A, int lda,
                                         long long sa, const void *B, int ldb, long long sb,
                                         const void *beta, void *C, int ldc, long long sc,
                                         int count)
{
	(void)h, (void)ta, (void)tb, (void)m, (void)n, (void)k, (void)alpha, (void)A, (void)lda;
	(void)sa, (void)B, (void)ldb, (void)sb, (void)beta, (void)C, (void)ldc, (void)sc, (void)count;
	return unsupported("cublasHgemmStridedBatched", "half-precision compute");
}
