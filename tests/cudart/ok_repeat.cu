// expect-exit: 0
// expect-stdout: PASS
// expect-stderr-count: 1 'add' .*raising its module
// expect-stderr: 'add' 1,1,1 x 64,1,1: 256 launches, per launch
// expect-stderr-count: 2 'bump' .*raising its module
// expect-stderr-count: 3 'wrap' .*raising its module
// expect-no-stderr: error
// Run with CUDA2HLO_CUDART_STATS=1. A launch whose specialisation bytes (geometry, pointer
// extents, specialised scalars: launch.c fingerprint) equal the last launch's of that
// kernel takes the last launch's module without building its cache key; any difference
// looks the module up by key as before. add: 300 launches of one specialisation, one raise.
// bump alternates between two allocations of different sizes (another extent, so another
// module: 2 raises) with the same n; wrap alternates m = 3, 5, 3, 5, ...: m decides which
// threads write one element (a race unless known), so it stays specialised after the
// quiet try as an input (3 raises: m=3, the try, m=5), and each launch must take the
// module of its own m, never the last launch's. Values checked against the host.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void add(int *x, int v) {
  x[threadIdx.x] += v;
}
__global__ void bump(int *x, int n) {
  int i = threadIdx.x;
  if (i < n) x[i] += i;
}
__global__ void wrap(int *y, int m) {
  int i = threadIdx.x;
  if (i * m < 64) y[i * m] = i + m;
}
int main() {
  int *x, *a, *b, *y, h[64], bad = 0;
  cudaMalloc(&x, 64 * sizeof(int));
  cudaMalloc(&a, 64 * sizeof(int));
  cudaMalloc(&b, 128 * sizeof(int));
  cudaMalloc(&y, 64 * sizeof(int));
  for (int i = 0; i < 300; i++)
    add<<<1, 64>>>(x, 2);
  cudaMemcpy(h, x, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64; i++)
    bad += h[i] != 600;
  for (int i = 0; i < 6; i++)
    bump<<<1, 64>>>(i % 2 ? b : a, 64);
  cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64; i++)
    bad += h[i] != 3 * i;
  cudaMemcpy(h, b, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64; i++)
    bad += h[i] != 3 * i;
  for (int i = 0; i < 8; i++) {
    int m = i % 2 ? 5 : 3;
    cudaMemset(y, 0, 64 * sizeof(int));
    wrap<<<1, 64>>>(y, m);
    cudaMemcpy(h, y, sizeof h, cudaMemcpyDeviceToHost);
    for (int j = 0; j < 64; j++)
      bad += h[j] != (j % m == 0 ? j / m + m : 0);
  }
  printf("%s (%d wrong)\n", bad ? "FAIL" : "PASS", bad);
  return bad != 0;
}
