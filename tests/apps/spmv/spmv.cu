// spmv: y = A x for a banded sparse matrix in CSR (row pointers, column indices, values),
// one thread per row, repeated as a power iteration with pointer swaps and a
// normalisation by the max; checked against the CPU. Usage: spmv [N ITERS]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
  fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); exit(1); } } while (0)

__global__ void csr_spmv(const int *rowptr, const int *col, const float *val, const float *x, float *y, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n) return;
  float s = 0.0f;
  for (int k = rowptr[r]; k < rowptr[r + 1]; k++) s += val[k] * x[col[k]];
  y[r] = s;
}

__global__ void scale(float *y, float inv, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] *= inv;
}

int main(int argc, char **argv) {
  int n = argc > 2 ? atoi(argv[1]) : 2000, iters = argc > 2 ? atoi(argv[2]) : 8;
  int *rp = (int *)malloc((n + 1) * sizeof(int)), *ci = (int *)malloc(3 * n * sizeof(int));
  float *v = (float *)malloc(3 * n * sizeof(float)), *x = (float *)malloc(n * 4), *y = (float *)malloc(n * 4);
  float *rx = (float *)malloc(n * 4), *ry = (float *)malloc(n * 4);
  int nnz = 0;
  for (int r = 0; r < n; r++) {
    rp[r] = nnz;
    for (int d = -1; d <= 1; d++) {
      int c = (r + d * 7 + n) % n;
      ci[nnz] = c;
      v[nnz++] = d == 0 ? 2.0f : -0.5f + 0.001f * (r % 5);
    }
  }
  rp[n] = nnz;
  for (int i = 0; i < n; i++) x[i] = rx[i] = 1.0f + (i % 3);
  int *drp, *dci; float *dv, *dx, *dy;
  CHECK(cudaMalloc(&drp, (n + 1) * sizeof(int))); CHECK(cudaMalloc(&dci, nnz * sizeof(int)));
  CHECK(cudaMalloc(&dv, nnz * 4)); CHECK(cudaMalloc(&dx, n * 4)); CHECK(cudaMalloc(&dy, n * 4));
  CHECK(cudaMemcpy(drp, rp, (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dci, ci, nnz * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dv, v, nnz * 4, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dx, x, n * 4, cudaMemcpyHostToDevice));
  for (int it = 0; it < iters; it++) {
    csr_spmv<<<(n + 127) / 128, 128>>>(drp, dci, dv, dx, dy, n);
    CHECK(cudaMemcpy(y, dy, n * 4, cudaMemcpyDeviceToHost));
    float m = 0;
    for (int i = 0; i < n; i++) m = fmaxf(m, fabsf(y[i]));
    scale<<<(n + 127) / 128, 128>>>(dy, 1.0f / m, n);
    float *t = dx; dx = dy; dy = t;
    for (int r = 0; r < n; r++) {
      float s = 0;
      for (int k = rp[r]; k < rp[r + 1]; k++) s += v[k] * rx[ci[k]];
      ry[r] = s;
    }
    float rm = 0;
    for (int i = 0; i < n; i++) rm = fmaxf(rm, fabsf(ry[i]));
    for (int i = 0; i < n; i++) rx[i] = ry[i] * (1.0f / rm);
  }
  CHECK(cudaMemcpy(x, dx, n * 4, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; i++) if (fabsf(x[i] - rx[i]) > 1e-5f) bad++;
  printf("%d wrong\n%s\n", bad, bad ? "FAIL" : "PASS");
  free(rp); free(ci); free(v); free(x); free(y); free(rx); free(ry);
  return bad != 0;
}
