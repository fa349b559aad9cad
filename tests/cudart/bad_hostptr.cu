// expect-exit: 1
// expect-stderr: pointer argument 'x' is not memory from cudaMalloc
// A host pointer passed to a kernel: no device allocation holds it.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void inc(float *x, int n) {
  int i = threadIdx.x;
  if (i < n) x[i] += 1.0f;
}
int main() {
  static float h[64];
  inc<<<1, 64>>>(h, 64);
  printf("PASS\n");
  return 0;
}
