// expect-exit: 0
// expect-stdout: PASS
// expect-stderr: 'inc' 2,1,1 x 64,1,1: 2 launches, per launch
// expect-stderr: 'inc' 2,1,1 x 64,1,1: raising its module
// Run with CUDA2HLO_CUDART_STATS=1 (cudart/CMakeLists.txt): the library reports each
// specialisation's raise and compile time and, after launches 1, 2, 4, ..., the time per
// launch; a fresh cache folder, so the module is raised (and a line says so when the raise
// starts: a program stopped by a time limit during a raise has said which).
#include <cstdio>
#include <cuda_runtime.h>
__global__ void inc(int *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += 1;
}
int main() {
  const int n = 100;
  int h[n], *d;
  cudaMalloc(&d, sizeof h);
  cudaMemset(d, 0, sizeof h);
  for (int r = 0; r < 3; r++)
    inc<<<2, 64>>>(d, n);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += h[i] != 3;
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
