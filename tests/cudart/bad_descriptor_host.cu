// expect-exit: 1
// expect-stderr: field 'd.n' of the struct the argument points to does not lie in memory from cudaMalloc
// A descriptor struct (device pointers and an int) left in host memory: the kernel's
// parameter points to it, but the runtime reads a descriptor's fields at launch only from
// memory the program allocated through the API (docs/cudart.md), so the launch fails.
#include <cstdio>
#include <cuda_runtime.h>
struct Desc {
  float *a;
  int n;
};
__global__ void inc(Desc *d) {
  int i = threadIdx.x;
  if (i < d->n) d->a[i] += 1.0f;
}
int main() {
  Desc h;
  cudaMalloc(&h.a, 64 * sizeof(float));
  h.n = 64;
  inc<<<1, 64>>>(&h);
  cudaDeviceSynchronize();
  printf("launched\n");
  return 0;
}
