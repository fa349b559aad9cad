// expect-exit: 1
// expect-stderr: bad_printf.cu:10:5: error: device printf inside a loop cannot be translated
// A kernel that cannot be raised exactly (a device printf in a loop: a call site keeps one
// record per thread) stops the program at its launch with the located diagnostic; nothing
// is computed silently wrong. tests/cudart/ok_printf.cu prints.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void shout(int *x, int n) {
  for (int i = 0; i < n; i++)
    printf("thread %d step %d\n", threadIdx.x, i);
  x[threadIdx.x] = 1;
}
int main() {
  int *d;
  cudaMalloc(&d, 32 * sizeof(int));
  shout<<<1, 32>>>(d, 2);
  cudaDeviceSynchronize();
  printf("PASS\n");
  return 0;
}
