// expect-exit: 0
// expect-stdout: PASS
// expect-stderr: 'shift' 2,1,1 x 64,1,1: 32 launches, per launch
// expect-no-stderr: error
// Run with CUDA2HLO_CUDART_STATS=1. An integer scalar that changes at every launch (a
// step counter) becomes a module input after its second value: one module serves the 40
// launches (32 are reported by one specialisation). wrap's m cannot be an input: with m
// unknown, i % m may send two threads to one element (a race the raise refuses), so the
// library keeps specialising m, silently, and every result is still right.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void shift(int *x, int n, int step) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += step;
}
__global__ void wrap(int *y, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i % m] = i + m;
}
int main() {
  const int n = 100;
  int h[128], *d, *dy;
  cudaMalloc(&d, n * sizeof(int));
  cudaMalloc(&dy, 1024 * sizeof(int));
  cudaMemset(d, 0, n * sizeof(int));
  int want = 0, bad = 0;
  for (int step = 1; step <= 40; step++) {
    shift<<<2, 64>>>(d, n, step);
    want += step;
  }
  cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++)
    bad += h[i] != want;
  for (int m = 128; m <= 512; m *= 2) {
    wrap<<<2, 64>>>(dy, m);
    cudaMemcpy(h, dy, 128 * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 128; i++)
      bad += h[i] != i + m;
  }
  printf("%d wrong\n%s\n", bad, bad ? "FAIL" : "PASS");
  return bad != 0;
}
