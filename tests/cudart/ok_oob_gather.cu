// expect-exit: 0
// expect-stdout: gather 4096 of 4096
// expect-stdout: scatter 4096 of 4096
// expect-stdout: spmv 1024 of 1024
// expect-stdout: shift 12096 of 12096
// expect-no-stderr: out of bounds
// Accesses the bounds walk cannot prove in bounds, checked as the module runs
// (--oob-check, which libcuda2hlo_cudart always gives: docs/bounds.md), on launches
// where every index stays inside its buffer: the checks fire nowhere and the results are
// those of the host loops below (a gather, a scatter through a permutation, a CSR
// product whose row lengths come from memory, a shift by a scalar that changes between
// launches). The failing runs are bad_oob_gather.cu, bad_oob_shift.cu, bad_batch_oob_gather.cu.
#include <cstdio>
#include <cuda_runtime.h>
#define N 4096
#define ROWS 1024
__global__ void gather(const float *x, const int *idx, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = x[idx[i]] + 1.0f;
}
__global__ void scatter(const float *x, const int *idx, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[idx[i]] = 2.0f * x[i];
}
__global__ void spmv(const int *rowptr, const int *col, const float *val, const float *x, float *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = rowptr[r]; k < rowptr[r + 1]; k++)
    s += val[k] * x[col[k]];
  y[r] = s;
}
__global__ void shift(const float *x, float *y, int d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N - 64) y[i] = x[i + d];
}
static float hx[N], hy[N], hv[N];
static int hidx[N], hrow[ROWS + 1], hcol[N];
int main() {
  float *x, *y, *val;
  int *idx, *row, *col, ok;
  for (int i = 0; i < N; i++) {
    hx[i] = (float)(i % 97) - 40.0f;
    hidx[i] = (i * 1237) % N;             /* 1237 is odd: a permutation of 0..N-1 */
    hcol[i] = (i * 31 + 7) % N;
    hv[i] = (float)(i % 5) * 0.5f;
  }
  for (int r = 0; r <= ROWS; r++)
    hrow[r] = r * (N / ROWS);
  cudaMalloc(&x, sizeof hx);
  cudaMalloc(&y, sizeof hy);
  cudaMalloc(&val, sizeof hv);
  cudaMalloc(&idx, sizeof hidx);
  cudaMalloc(&row, sizeof hrow);
  cudaMalloc(&col, sizeof hcol);
  cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
  cudaMemcpy(val, hv, sizeof hv, cudaMemcpyHostToDevice);
  cudaMemcpy(idx, hidx, sizeof hidx, cudaMemcpyHostToDevice);
  cudaMemcpy(row, hrow, sizeof hrow, cudaMemcpyHostToDevice);
  cudaMemcpy(col, hcol, sizeof hcol, cudaMemcpyHostToDevice);

  gather<<<N / 256, 256>>>(x, idx, y);
  cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
  ok = 0;
  for (int i = 0; i < N; i++)
    ok += hy[i] == hx[hidx[i]] + 1.0f;
  printf("gather %d of %d\n", ok, N);

  scatter<<<N / 256, 256>>>(x, idx, y);
  cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
  ok = 0;
  for (int i = 0; i < N; i++)
    ok += hy[hidx[i]] == 2.0f * hx[i];
  printf("scatter %d of %d\n", ok, N);

  spmv<<<ROWS / 128, 128>>>(row, col, val, x, y);
  cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
  ok = 0;
  for (int r = 0; r < ROWS; r++) {
    float s = 0.0f;
    for (int k = hrow[r]; k < hrow[r + 1]; k++)
      s += hv[k] * hx[hcol[k]];
    ok += hy[r] == s;
  }
  printf("spmv %d of %d\n", ok, ROWS);

  ok = 0;
  for (int d = 0; d <= 64; d += 32) {
    shift<<<N / 256, 256>>>(x, y, d);
    cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
    for (int i = 0; i < N - 64; i++)
      ok += hy[i] == hx[i + d];
  }
  printf("shift %d of %d\n", ok, 3 * (N - 64));
  return 0;
}
