// cc-flags: -lcublas
// expect-stdout: PASS
// expect-no-stderr: cuda2hlo:
// cuBLAS on the host (cudart/cublas.c): every routine libcuda2hlo_cudart implements,
// with strides, leading dimensions past the rows, every transpose pair, host and device
// pointer modes, checked against plain loops written here from the column-major
// definitions of NVIDIA's cuBLAS documentation (float sums within a relative 1e-4).
// Kernels run before and after the calls: a kernel's result the runtime keeps must reach
// cuBLAS, and what cuBLAS writes must reach the next launch.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cublas_v2.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

static int fails;
#define CK(x) do { int s_ = (int)(x); if (s_) { printf("line %d: status %d\n", __LINE__, s_); fails++; } } while (0)

static void near(const char *what, double got, double want, double tol = 1e-4)
{
  if (!(fabs(got - want) <= tol * (1 + fabs(want)))) {
    if (fails < 20)
      printf("%s: got %.9g, want %.9g\n", what, got, want);
    fails++;
  }
}

static double rnd(unsigned *s) { *s = *s * 1103515245u + 12345u; return ((*s >> 8) % 2001) / 1000.0 - 1.0; }

template <typename T> static T *dev(size_t n) { T *p; cudaMalloc(&p, n * sizeof(T)); return p; }
template <typename T> static T *fill(size_t n, unsigned seed)
{
  T *h = (T *)malloc(n * sizeof(T));
  for (size_t i = 0; i < n; i++) h[i] = (T)rnd(&seed);
  return h;
}

__global__ void ramp(float *x, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] = 0.5f * i; }
__global__ void twice(const float *x, float *y, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = 2 * x[i]; }

// op(X)(r, c) of a column-major X with leading dimension ld.
template <typename T> static T at(const T *X, int ld, int t, int r, int c) { return t ? X[c + (size_t)r * ld] : X[r + (size_t)c * ld]; }

/* ---- gemm: C = alpha op(A) op(B) + beta C for one type ---- */
template <typename T> struct Blas;
template <> struct Blas<float> {
  static cublasStatus_t gemm(cublasHandle_t h, cublasOperation_t a, cublasOperation_t b, int m, int n, int k, const float *al, const float *A, int lda, const float *B, int ldb, const float *be, float *C, int ldc) { return cublasSgemm(h, a, b, m, n, k, al, A, lda, B, ldb, be, C, ldc); }
  static cublasStatus_t strided(cublasHandle_t h, cublasOperation_t a, cublasOperation_t b, int m, int n, int k, const float *al, const float *A, int lda, long long sa, const float *B, int ldb, long long sb, const float *be, float *C, int ldc, long long sc, int cnt) { return cublasSgemmStridedBatched(h, a, b, m, n, k, al, A, lda, sa, B, ldb, sb, be, C, ldc, sc, cnt); }
  static cublasStatus_t batched(cublasHandle_t h, cublasOperation_t a, cublasOperation_t b, int m, int n, int k, const float *al, const float *const *A, int lda, const float *const *B, int ldb, const float *be, float *const *C, int ldc, int cnt) { return cublasSgemmBatched(h, a, b, m, n, k, al, A, lda, B, ldb, be, C, ldc, cnt); }
  static cublasStatus_t gemv(cublasHandle_t h, cublasOperation_t t, int m, int n, const float *al, const float *A, int lda, const float *x, int incx, const float *be, float *y, int incy) { return cublasSgemv(h, t, m, n, al, A, lda, x, incx, be, y, incy); }
  static cublasStatus_t geam(cublasHandle_t h, cublasOperation_t a, cublasOperation_t b, int m, int n, const float *al, const float *A, int lda, const float *be, const float *B, int ldb, float *C, int ldc) { return cublasSgeam(h, a, b, m, n, al, A, lda, be, B, ldb, C, ldc); }
  static const char *name() { return "S"; }
};
template <> struct Blas<double> {
  static cublasStatus_t gemm(cublasHandle_t h, cublasOperation_t a, cublasOperation_t b, int m, int n, int k, const double *al, const double *A, int lda, const double *B, int ldb, const double *be, double *C, int ldc) { return cublasDgemm(h, a, b, m, n, k, al, A, lda, B, ldb, be, C, ldc); }
  static cublasStatus_t strided(cublasHandle_t h, cublasOperation_t a, cublasOperation_t b, int m, int n, int k, const double *al, const double *A, int lda, long long sa, const double *B, int ldb, long long sb, const double *be, double *C, int ldc, long long sc, int cnt) { return cublasDgemmStridedBatched(h, a, b, m, n, k, al, A, lda, sa, B, ldb, sb, be, C, ldc, sc, cnt); }
  static cublasStatus_t batched(cublasHandle_t h, cublasOperation_t a, cublasOperation_t b, int m, int n, int k, const double *al, const double *const *A, int lda, const double *const *B, int ldb, const double *be, double *const *C, int ldc, int cnt) { return cublasDgemmBatched(h, a, b, m, n, k, al, A, lda, B, ldb, be, C, ldc, cnt); }
  static cublasStatus_t gemv(cublasHandle_t h, cublasOperation_t t, int m, int n, const double *al, const double *A, int lda, const double *x, int incx, const double *be, double *y, int incy) { return cublasDgemv(h, t, m, n, al, A, lda, x, incx, be, y, incy); }
  static cublasStatus_t geam(cublasHandle_t h, cublasOperation_t a, cublasOperation_t b, int m, int n, const double *al, const double *A, int lda, const double *be, const double *B, int ldb, double *C, int ldc) { return cublasDgeam(h, a, b, m, n, al, A, lda, be, B, ldb, C, ldc); }
  static const char *name() { return "D"; }
};

// The reference: C0 updated in place, every element of op(A) op(B) summed in double.
template <typename T>
static void ref_gemm(int ta, int tb, int m, int n, int k, double al, const T *A, int lda, const T *B, int ldb, double be, T *C, int ldc)
{
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      double s = 0;
      for (int p = 0; p < k; p++) s += (double)at(A, lda, ta, i, p) * at(B, ldb, tb, p, j);
      C[i + (size_t)j * ldc] = (T)(be == 0 ? al * s : al * s + be * C[i + (size_t)j * ldc]);
    }
}

static const cublasOperation_t ops[3] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};

// One gemm of m x n x k, leading dimensions padded by 3, each transpose pair; beta == 0
// over a C of NaN (not read), then beta != 0; the padding rows of C stay as they were.
template <typename T>
static void test_gemm(cublasHandle_t h, int m, int n, int k, int pairs)
{
  for (int q = 0; q < pairs; q++) {
    int ta = q / 3, tb = q % 3, tA = ta != 0, tB = tb != 0;
    int lda = (tA ? k : m) + 3, ldb = (tB ? n : k) + 3, ldc = m + 3;
    size_t na = (size_t)lda * (tA ? m : k), nb = (size_t)ldb * (tB ? k : n), nc = (size_t)ldc * n;
    T *A = fill<T>(na, 1 + q), *B = fill<T>(nb, 7 + q), *C = fill<T>(nc, 11 + q), *R = (T *)malloc(nc * sizeof(T));
    T *dA = dev<T>(na), *dB = dev<T>(nb), *dC = dev<T>(nc);
    cudaMemcpy(dA, A, na * sizeof(T), cudaMemcpyHostToDevice);
    cudaMemcpy(dB, B, nb * sizeof(T), cudaMemcpyHostToDevice);
    for (int pass = 0; pass < 2; pass++) {
      T al = (T)1.5, be = pass ? (T)-0.5 : (T)0;
      if (pass == 0)
        for (size_t i = 0; i < nc; i++) if (i % ldc < (size_t)m) C[i] = (T)NAN;
      memcpy(R, C, nc * sizeof(T));
      cudaMemcpy(dC, C, nc * sizeof(T), cudaMemcpyHostToDevice);
      CK(Blas<T>::gemm(h, ops[ta], ops[tb], m, n, k, &al, dA, lda, dB, ldb, &be, dC, ldc));
      ref_gemm(tA, tB, m, n, k, al, A, lda, B, ldb, be, R, ldc);
      cudaMemcpy(C, dC, nc * sizeof(T), cudaMemcpyDeviceToHost);
      char what[64];
      snprintf(what, sizeof what, "%sgemm %d%d %dx%dx%d pass %d", Blas<T>::name(), ta, tb, m, n, k, pass);
      for (size_t i = 0; i < nc; i++)
        near(what, C[i], R[i]);
    }
    cudaFree(dA), cudaFree(dB), cudaFree(dC);
    free(A), free(B), free(C), free(R);
  }
}

// Batched forms: 3 gemms whose matrices lie strideX apart (past each other's end), and
// the same as arrays of pointers held in device memory; alpha, beta in device memory.
template <typename T>
static void test_batched(cublasHandle_t h)
{
  int m = 9, n = 7, k = 5, lda = k + 2, ldb = n + 1, ldc = m + 1, cnt = 3;   // A^T, B^T
  long long sa = lda * m + 4, sb = ldb * k + 2, sc = ldc * n + 3;
  T *A = fill<T>(sa * cnt, 3), *B = fill<T>(sb * cnt, 4), *C = fill<T>(sc * cnt, 5), *R = (T *)malloc(sc * cnt * sizeof(T));
  T *dA = dev<T>(sa * cnt), *dB = dev<T>(sb * cnt), *dC = dev<T>(sc * cnt), *dS = dev<T>(2);
  T s[2] = {(T)0.75, (T)2};
  cudaMemcpy(dA, A, sa * cnt * sizeof(T), cudaMemcpyHostToDevice);
  cudaMemcpy(dB, B, sb * cnt * sizeof(T), cudaMemcpyHostToDevice);
  cudaMemcpy(dC, C, sc * cnt * sizeof(T), cudaMemcpyHostToDevice);
  cudaMemcpy(dS, s, sizeof s, cudaMemcpyHostToDevice);
  memcpy(R, C, sc * cnt * sizeof(T));
  for (int i = 0; i < cnt; i++)
    ref_gemm(1, 1, m, n, k, s[0], A + i * sa, lda, B + i * sb, ldb, s[1], R + i * sc, ldc);
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  CK(Blas<T>::strided(h, CUBLAS_OP_T, CUBLAS_OP_T, m, n, k, dS, dA, lda, sa, dB, ldb, sb, dS + 1, dC, ldc, sc, cnt));
  cudaMemcpy(C, dC, sc * cnt * sizeof(T), cudaMemcpyDeviceToHost);
  for (long long i = 0; i < sc * cnt; i++) near("gemmStridedBatched", C[i], R[i]);
  // again through pointer arrays, on the result: C = 0.75 A^T B^T + 2 C once more
  const T *pa[3], *pb[3];
  T *pc[3];
  for (int i = 0; i < cnt; i++) pa[i] = dA + i * sa, pb[i] = dB + i * sb, pc[i] = dC + i * sc;
  const T **dpa = dev<const T *>(3), **dpb = dev<const T *>(3);
  T **dpc = dev<T *>(3);
  cudaMemcpy(dpa, pa, sizeof pa, cudaMemcpyHostToDevice);
  cudaMemcpy(dpb, pb, sizeof pb, cudaMemcpyHostToDevice);
  cudaMemcpy(dpc, pc, sizeof pc, cudaMemcpyHostToDevice);
  for (int i = 0; i < cnt; i++)
    ref_gemm(1, 1, m, n, k, s[0], A + i * sa, lda, B + i * sb, ldb, s[1], R + i * sc, ldc);
  CK(Blas<T>::batched(h, CUBLAS_OP_T, CUBLAS_OP_T, m, n, k, dS, dpa, lda, dpb, ldb, dS + 1, dpc, ldc, cnt));
  cudaMemcpy(C, dC, sc * cnt * sizeof(T), cudaMemcpyDeviceToHost);
  for (long long i = 0; i < sc * cnt; i++) near("gemmBatched", C[i], R[i]);
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST);
  cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dS), cudaFree(dpa), cudaFree(dpb), cudaFree(dpc);
  free(A), free(B), free(C), free(R);
}

// gemv, both transposes, incx 2, incy 3, beta 0 over NaN then beta != 0; geam with
// transposes.
template <typename T>
static void test_level2(cublasHandle_t h)
{
  int m = 13, n = 8, lda = 17;
  T *A = fill<T>(lda * n, 21), *x = fill<T>(2 * 13, 22), *y = fill<T>(3 * 13, 23), *r = (T *)malloc(3 * 13 * sizeof(T));
  T *dA = dev<T>(lda * n), *dx = dev<T>(2 * 13), *dy = dev<T>(3 * 13);
  cudaMemcpy(dA, A, lda * n * sizeof(T), cudaMemcpyHostToDevice);
  cudaMemcpy(dx, x, 2 * 13 * sizeof(T), cudaMemcpyHostToDevice);
  for (int t = 0; t < 2; t++)
    for (int pass = 0; pass < 2; pass++) {
      int leny = t ? n : m, lenx = t ? m : n;
      T al = (T)-1.25, be = pass ? (T)0.5 : (T)0;
      if (!pass) for (int i = 0; i < leny; i++) y[3 * i] = (T)NAN;
      memcpy(r, y, 3 * 13 * sizeof(T));
      cudaMemcpy(dy, y, 3 * 13 * sizeof(T), cudaMemcpyHostToDevice);
      CK(Blas<T>::gemv(h, t ? CUBLAS_OP_T : CUBLAS_OP_N, m, n, &al, dA, lda, dx, 2, &be, dy, 3));
      for (int i = 0; i < leny; i++) {
        double s = 0;
        for (int j = 0; j < lenx; j++) s += (double)at(A, lda, t, i, j) * x[2 * j];
        r[3 * i] = (T)(pass ? al * s + be * r[3 * i] : al * s);
      }
      cudaMemcpy(y, dy, 3 * 13 * sizeof(T), cudaMemcpyDeviceToHost);
      for (int i = 0; i < 3 * 13; i++) near(t ? "gemv T" : "gemv N", y[i], r[i]);
    }
  // geam: C (m x n, ldc 14) = 2 A^T - B, B m x n (ldb 15)
  int ldb = 15, ldc = 14;
  T *B = fill<T>(ldb * n, 31), *C = fill<T>(ldc * n, 32), *R = (T *)malloc(ldc * n * sizeof(T));
  T *dB = dev<T>(ldb * n), *dC = dev<T>(ldc * n);
  cudaMemcpy(dB, B, ldb * n * sizeof(T), cudaMemcpyHostToDevice);
  cudaMemcpy(dC, C, ldc * n * sizeof(T), cudaMemcpyHostToDevice);
  memcpy(R, C, ldc * n * sizeof(T));
  T al = 2, be = -1;
  // A read as the n x m matrix with lda 8 (104 of its 136 elements)
  CK(Blas<T>::geam(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, &al, dA, 8, &be, dB, ldb, dC, ldc));
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) R[i + j * ldc] = (T)(2.0 * at(A, 8, 1, i, j) - B[i + j * ldb]);
  cudaMemcpy(C, dC, ldc * n * sizeof(T), cudaMemcpyDeviceToHost);
  for (int i = 0; i < ldc * n; i++) near("geam", C[i], R[i]);
  cudaFree(dA), cudaFree(dx), cudaFree(dy), cudaFree(dB), cudaFree(dC);
  free(A), free(x), free(y), free(r), free(B), free(C), free(R);
}

// Level 1 through both pointer modes, strides 2 and 3.
static void test_level1(cublasHandle_t h)
{
  const int n = 50;
  float *x = fill<float>(2 * n, 41), *y = fill<float>(3 * n, 42);
  double *xd = fill<double>(2 * n, 43), *yd = fill<double>(3 * n, 44);
  x[2 * 17] = 5, x[2 * 31] = -5, x[2 * 8] = 0, x[2 * 40] = 0;   // amax: first of |5|; amin: first 0
  xd[2 * 3] = -9, xd[2 * 9] = 0.0001;
  float *dx = dev<float>(2 * n), *dy = dev<float>(3 * n), *dr = dev<float>(2);
  double *dxd = dev<double>(2 * n), *dyd = dev<double>(3 * n), *drd = dev<double>(2);
  cudaMemcpy(dx, x, 2 * n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y, 3 * n * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dxd, xd, 2 * n * 8, cudaMemcpyHostToDevice);
  cudaMemcpy(dyd, yd, 3 * n * 8, cudaMemcpyHostToDevice);
  double dot = 0, dotd = 0, asum = 0, nrm = 0, nrmd = 0;
  for (int i = 0; i < n; i++) {
    dot += (double)x[2 * i] * y[3 * i], dotd += xd[2 * i] * yd[3 * i];
    asum += fabs(x[2 * i]), nrm += (double)x[2 * i] * x[2 * i], nrmd += xd[2 * i] * xd[2 * i];
  }
  float r;
  double rd;
  int ri;
  CK(cublasSdot(h, n, dx, 2, dy, 3, &r)); near("Sdot", r, dot);
  CK(cublasDdot(h, n, dxd, 2, dyd, 3, &rd)); near("Ddot", rd, dotd, 1e-12);
  CK(cublasSasum(h, n, dx, 2, &r)); near("Sasum", r, asum);
  CK(cublasSnrm2(h, n, dx, 2, &r)); near("Snrm2", r, sqrt(nrm));
  double nrm1 = 0;
  for (int i = 0; i < 3 * n; i++) nrm1 += (double)y[i] * y[i];
  CK(cublasSnrm2(h, 3 * n, dy, 1, &r)); near("Snrm2 inc 1", r, sqrt(nrm1));
  CK(cublasDnrm2(h, n, dxd, 2, &rd)); near("Dnrm2", rd, sqrt(nrmd), 1e-12);
  double asumd = 0;
  for (int i = 0; i < n; i++) asumd += fabs(xd[2 * i]);
  CK(cublasDasum(h, n, dxd, 2, &rd)); near("Dasum", rd, asumd, 1e-12);
  CK(cublasIsamax(h, n, dx, 2, &ri)); near("Isamax", ri, 18, 0);
  CK(cublasIsamin(h, n, dx, 2, &ri)); near("Isamin", ri, 9, 0);
  CK(cublasIdamax(h, n, dxd, 2, &ri)); near("Idamax", ri, 4, 0);
  int want = 1;
  for (int i = 1; i < n; i++) if (fabs(xd[2 * i]) < fabs(xd[2 * (want - 1)])) want = i + 1;
  CK(cublasIdamin(h, n, dxd, 2, &ri)); near("Idamin", ri, want, 0);
  // device pointer mode: alpha and the results in device memory
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
  float al[2] = {0.25f, 0};
  cudaMemcpy(dr, al, sizeof al, cudaMemcpyHostToDevice);
  CK(cublasSaxpy(h, n, dr, dx, 2, dy, 3));       // y += 0.25 x
  for (int i = 0; i < n; i++) y[3 * i] += 0.25f * x[2 * i];
  CK(cublasSdot(h, n, dx, 2, dy, 3, dr + 1));
  dot = 0;
  for (int i = 0; i < n; i++) dot += (double)x[2 * i] * y[3 * i];
  cudaMemcpy(al, dr, sizeof al, cudaMemcpyDeviceToHost);
  near("Sdot device", al[1], dot);
  double two = 2;
  cudaMemcpy(drd, &two, 8, cudaMemcpyHostToDevice);
  CK(cublasDscal(h, n, drd, dxd, 2));
  CK(cublasDaxpy(h, n, drd, dxd, 2, dyd, 3));   // y += 2 (2 x)
  CK(cublasDdot(h, n, dxd, 2, dyd, 3, drd + 1));
  cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST);
  for (int i = 0; i < n; i++) xd[2 * i] *= 2, yd[3 * i] += 2 * xd[2 * i];
  dotd = 0;
  for (int i = 0; i < n; i++) dotd += xd[2 * i] * yd[3 * i];
  cudaMemcpy(&rd, drd + 1, 8, cudaMemcpyDeviceToHost);
  near("Ddot device", rd, dotd, 1e-12);
  float s = -3;
  CK(cublasSscal(h, n, &s, dx, 2));
  CK(cublasScopy(h, n, dx, 2, dy, 3));
  double *h2 = (double *)malloc(3 * n * 8);
  CK(cublasDcopy(h, n, dxd, 2, dyd, 3));
  float *hy = (float *)malloc(3 * n * 4);
  cudaMemcpy(hy, dy, 3 * n * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(h2, dyd, 3 * n * 8, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 3 * n; i++) {
    near("Sscal+Scopy", hy[i], i % 3 ? y[i] : -3 * x[2 * (i / 3)]);
    near("Dcopy", h2[i], i % 3 ? yd[i] : xd[2 * (i / 3)], 0);
  }
  cudaFree(dx), cudaFree(dy), cudaFree(dr), cudaFree(dxd), cudaFree(dyd), cudaFree(drd);
  free(x), free(y), free(xd), free(yd), free(h2), free(hy);
}

// Set/Get Vector and Matrix with strides, then kernels on both sides of cuBLAS calls.
static void test_transfers(cublasHandle_t h, cudaStream_t st)
{
  float hx[12], back[20] = {0};
  for (int i = 0; i < 12; i++) hx[i] = (float)i;
  float *d = dev<float>(20);
  CK(cublasSetVector(4, 4, hx, 3, d, 5));           // d[0,5,10,15] = 0,3,6,9
  CK(cublasGetVector(4, 4, d, 5, back, 2));         // back[0,2,4,6]
  for (int i = 0; i < 4; i++) near("Set/GetVector", back[2 * i], 3 * i, 0);
  near("GetVector gap", back[1], 0, 0);
  float M[15], out[24];
  for (int i = 0; i < 15; i++) M[i] = 100 + i;
  for (int i = 0; i < 24; i++) out[i] = -1;
  CK(cublasSetMatrixAsync(2, 3, 4, M, 5, d, 3, st));     // 2 x 3 from lda 5 into ldb 3
  CK(cublasGetMatrix(2, 3, 4, d, 3, out, 4));
  for (int j = 0; j < 3; j++)
    for (int i = 0; i < 4; i++)
      near("Set/GetMatrix", out[i + 4 * j], i < 2 ? M[i + 5 * j] : -1, 0);
  CK(cublasSetVectorAsync(3, 4, hx, 1, d, 1, st));
  CK(cublasGetVectorAsync(3, 4, d, 1, back, 1, st));
  CK(cublasGetMatrixAsync(1, 3, 4, d, 1, out, 1, st));
  for (int i = 0; i < 3; i++) near("Async", back[i] + out[i], 2 * i, 0);
  cudaFree(d);
  // a kernel's result into cuBLAS, cuBLAS's result into a kernel
  const int n = 1000;
  float *x = dev<float>(n), *y = dev<float>(n), *z = dev<float>(n), one = 1;
  ramp<<<(n + 255) / 256, 256>>>(x, n);              // x = 0.5 i, kept by the runtime
  CK(cublasSaxpy(h, n, &one, x, 1, y, 1));           // y = 0.5 i
  twice<<<(n + 255) / 256, 256>>>(y, z, n);          // z = i
  CK(cublasSaxpy(h, n, &one, z, 1, y, 1));           // y = 1.5 i
  twice<<<(n + 255) / 256, 256>>>(y, z, n);          // z = 3 i
  float *hz = (float *)malloc(n * 4);
  cudaMemcpy(hz, z, n * 4, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) near("kernel/cuBLAS/kernel", hz[i], 3.0 * i, 0);
  free(hz);
  cudaFree(x), cudaFree(y), cudaFree(z);
}

// GemmEx: float; half A, B into float C and into half C; double; int8 into int32; the
// strided batched form with half data. References from NVIDIA's own __half2float / __float2half.
static void test_gemm_ex(cublasHandle_t h)
{
  int m = 21, n = 11, k = 19, lda = k + 1, ldb = k + 2, ldc = m + 1;   // A^T, B
  size_t na = (size_t)lda * m, nb = (size_t)ldb * n, nc = (size_t)ldc * n;
  float *A = fill<float>(na, 51), *B = fill<float>(nb, 52), *C = fill<float>(nc, 53), *R = (float *)malloc(nc * 4);
  __half *Ah = (__half *)malloc(na * 2), *Bh = (__half *)malloc(nb * 2), *Ch = (__half *)malloc(nc * 2);
  for (size_t i = 0; i < na; i++) Ah[i] = __float2half(A[i]), A[i] = __half2float(Ah[i]);
  for (size_t i = 0; i < nb; i++) Bh[i] = __float2half(B[i]), B[i] = __half2float(Bh[i]);
  for (size_t i = 0; i < nc; i++) Ch[i] = __float2half(C[i]), C[i] = __half2float(Ch[i]);
  float *dA = dev<float>(na), *dB = dev<float>(nb), *dC = dev<float>(nc);
  __half *dAh = dev<__half>(na), *dBh = dev<__half>(nb), *dCh = dev<__half>(nc);
  cudaMemcpy(dA, A, na * 4, cudaMemcpyHostToDevice), cudaMemcpy(dB, B, nb * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dAh, Ah, na * 2, cudaMemcpyHostToDevice), cudaMemcpy(dBh, Bh, nb * 2, cudaMemcpyHostToDevice);
  float al = 0.5f, be = 0.25f;
  for (int v = 0; v < 3; v++) {          // 0: float; 1: half -> float; 2: half -> half
    memcpy(R, C, nc * 4);
    ref_gemm(1, 0, m, n, k, al, A, lda, B, ldb, be, R, ldc);
    cudaMemcpy(dC, C, nc * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dCh, Ch, nc * 2, cudaMemcpyHostToDevice);
    cudaDataType t = v ? CUDA_R_16F : CUDA_R_32F, ct = v == 2 ? CUDA_R_16F : CUDA_R_32F;
    CK(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &al, v ? (void *)dAh : dA, t, lda,
                    v ? (void *)dBh : dB, t, ldb, &be, v == 2 ? (void *)dCh : dC, ct, ldc,
                    v ? CUBLAS_COMPUTE_32F : CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_DEFAULT));
    float *got = (float *)malloc(nc * 4);
    if (v == 2) {
      __half *g = (__half *)malloc(nc * 2);
      cudaMemcpy(g, dCh, nc * 2, cudaMemcpyDeviceToHost);
      for (size_t i = 0; i < nc; i++) got[i] = __half2float(g[i]);
      for (size_t i = 0; i < nc; i++) near("GemmEx half C", got[i], __half2float(__float2half(R[i])), 1e-3);
      free(g);
    } else {
      cudaMemcpy(got, dC, nc * 4, cudaMemcpyDeviceToHost);
      for (size_t i = 0; i < nc; i++) near(v ? "GemmEx half A,B" : "GemmEx float", got[i], R[i]);
    }
    free(got);
  }
  // double
  double *Ad = fill<double>(na, 61), *Bd = fill<double>(nb, 62), *Cd = fill<double>(nc, 63), *Rd = (double *)malloc(nc * 8);
  double *dAd = dev<double>(na), *dBd = dev<double>(nb), *dCd = dev<double>(nc), ald = 1.5, bed = 0;
  cudaMemcpy(dAd, Ad, na * 8, cudaMemcpyHostToDevice), cudaMemcpy(dBd, Bd, nb * 8, cudaMemcpyHostToDevice);
  memcpy(Rd, Cd, nc * 8);
  ref_gemm(1, 0, m, n, k, ald, Ad, lda, Bd, ldb, bed, Rd, ldc);
  CK(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &ald, dAd, CUDA_R_64F, lda, dBd, CUDA_R_64F, ldb,
                  &bed, dCd, CUDA_R_64F, ldc, CUBLAS_COMPUTE_64F, CUBLAS_GEMM_DEFAULT_TENSOR_OP));
  cudaMemcpy(Cd, dCd, nc * 8, cudaMemcpyDeviceToHost);
  for (size_t i = 0; i < (size_t)ldc * n; i++)
    if (i % ldc < (size_t)m) near("GemmEx double", Cd[i], Rd[i], 1e-12);
  // strided batched, half A and B, float C: two gemms of m x 5 x k, A shared (stride 0)
  int nn = 5;
  long long sc = (long long)ldc * nn;
  memcpy(R, C, nc * 4);
  ref_gemm(1, 0, m, nn, k, al, A, lda, B, ldb, be, R, ldc);
  ref_gemm(1, 0, m, nn, k, al, A, lda, B + (size_t)ldb * nn, ldb, be, R + sc, ldc);
  cudaMemcpy(dC, C, nc * 4, cudaMemcpyHostToDevice);
  CK(cublasGemmStridedBatchedEx(h, CUBLAS_OP_T, CUBLAS_OP_N, m, nn, k, &al, dAh, CUDA_R_16F, lda, 0,
                                dBh, CUDA_R_16F, ldb, (long long)ldb * nn, &be, dC, CUDA_R_32F, ldc, sc, 2,
                                CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  cudaMemcpy(C, dC, nc * 4, cudaMemcpyDeviceToHost);
  for (long long i = 0; i < 2 * sc; i++) near("GemmStridedBatchedEx", C[i], R[i]);
  // int8 A^T and B into int32 C with CUBLAS_COMPUTE_32I: exact integer sums
  {
    int8_t *Ai = (int8_t *)malloc(na), *Bi = (int8_t *)malloc(nb), *di, *dj;
    int32_t *Ci = (int32_t *)malloc(nc * 4), *Ri = (int32_t *)malloc(nc * 4), *dc, ia = 3, ib = -2;
    for (size_t i = 0; i < na; i++) Ai[i] = (int8_t)((i * 37) % 255 - 127);
    for (size_t i = 0; i < nb; i++) Bi[i] = (int8_t)((i * 53) % 251 - 125);
    for (size_t i = 0; i < nc; i++) Ci[i] = Ri[i] = (int32_t)(i * 1001 % 7919) - 4000;
    cudaMalloc(&di, na), cudaMalloc(&dj, nb), cudaMalloc(&dc, nc * 4);
    cudaMemcpy(di, Ai, na, cudaMemcpyHostToDevice), cudaMemcpy(dj, Bi, nb, cudaMemcpyHostToDevice);
    cudaMemcpy(dc, Ci, nc * 4, cudaMemcpyHostToDevice);
    for (int j = 0; j < n; j++)
      for (int i = 0; i < m; i++) {
        long long acc = 0;
        for (int p = 0; p < k; p++) acc += (long long)Ai[p + (size_t)i * lda] * Bi[p + (size_t)j * ldb];
        Ri[i + (size_t)j * ldc] = (int32_t)(ia * acc + ib * (long long)Ri[i + (size_t)j * ldc]);
      }
    CK(cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &ia, di, CUDA_R_8I, lda, dj, CUDA_R_8I, ldb,
                    &ib, dc, CUDA_R_32I, ldc, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT));
    cudaMemcpy(Ci, dc, nc * 4, cudaMemcpyDeviceToHost);
    for (size_t i = 0; i < nc; i++) near("GemmEx int8", Ci[i], Ri[i], 0);
    cudaFree(di), cudaFree(dj), cudaFree(dc);
    free(Ai), free(Bi), free(Ci), free(Ri);
  }
  // DotEx: half vectors, half result, float execution
  float dot = 0;
  for (int i = 0; i < 10; i++) dot += A[3 * i] * B[i];
  __half hr;
  CK(cublasDotEx(h, 10, dAh, CUDA_R_16F, 3, dBh, CUDA_R_16F, 1, &hr, CUDA_R_16F, CUDA_R_32F));
  near("DotEx half", __half2float(hr), __half2float(__float2half(dot)), 1e-3);
  float fr;
  CK(cublasDotEx(h, 10, dA, CUDA_R_32F, 3, dB, CUDA_R_32F, 1, &fr, CUDA_R_32F, CUDA_R_32F));
  near("DotEx float", fr, dot);
  cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dAh), cudaFree(dBh), cudaFree(dCh);
  cudaFree(dAd), cudaFree(dBd), cudaFree(dCd);
  free(A), free(B), free(C), free(R), free(Ah), free(Bh), free(Ch), free(Ad), free(Bd), free(Cd), free(Rd);
}

int main()
{
  cublasHandle_t h;
  cudaStream_t st, got;
  cublasPointerMode_t pm;
  cublasMath_t mm;
  CK(cublasCreate(&h));
  cudaStreamCreate(&st);
  CK(cublasSetStream(h, st));
  CK(cublasGetStream(h, &got));
  if (got != st) printf("GetStream\n"), fails++;
  CK(cublasSetMathMode(h, CUBLAS_TF32_TENSOR_OP_MATH));
  CK(cublasGetMathMode(h, &mm));
  CK(cublasGetPointerMode(h, &pm));
  if (mm != CUBLAS_TF32_TENSOR_OP_MATH || pm != CUBLAS_POINTER_MODE_HOST) printf("modes\n"), fails++;
  if (strcmp(cublasGetStatusName(CUBLAS_STATUS_INVALID_VALUE), "CUBLAS_STATUS_INVALID_VALUE") || !cublasGetStatusString(CUBLAS_STATUS_NOT_SUPPORTED)[0])
    printf("status names\n"), fails++;
  test_transfers(h, st);
  test_level1(h);
  test_level2<float>(h);
  test_level2<double>(h);
  test_gemm<float>(h, 37, 29, 41, 9);
  test_gemm<double>(h, 37, 29, 41, 9);
  test_gemm<float>(h, 300, 200, 270, 9);    // several K, M blocks; threads
  test_gemm<double>(h, 131, 70, 300, 4);
  test_batched<float>(h);
  test_batched<double>(h);
  test_gemm_ex(h);
  CK(cublasDestroy(h));
  cudaStreamDestroy(st);
  printf(fails ? "FAIL (%d)\n" : "PASS\n", fails);
  return fails != 0;
}
