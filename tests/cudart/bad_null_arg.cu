// expect-exit: 1
// expect-stderr: error: 'out' is a null pointer here
// expect-stderr: launch of kernel 'copy'
// expect-no-stderr: PASS
// A null pointer argument that the kernel stores through without testing it: the launch
// raised with `--set out=0` refuses the store at its location (on a GPU it faults), and
// the program stops at the launch, never running a module that drops the store.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void copy(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = x[i];
}
int main() {
  float *x;
  cudaMalloc(&x, 64 * sizeof(float));
  copy<<<2, 32>>>(x, nullptr, 64);
  cudaDeviceSynchronize();
  printf("PASS\n");
  return 0;
}
