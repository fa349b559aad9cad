// expect-exit: 1
// expect-stderr: bad_printf.cu:8:
// A kernel that cannot be raised exactly (device printf) stops the program at its launch
// with the located diagnostic; nothing is computed silently wrong.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void shout(int *x) {
  printf("thread %d\n", threadIdx.x);
  x[threadIdx.x] = 1;
}
int main() {
  int *d;
  cudaMalloc(&d, 32 * sizeof(int));
  shout<<<1, 32>>>(d);
  cudaDeviceSynchronize();
  printf("PASS\n");
  return 0;
}
