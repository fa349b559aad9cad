// expect-exit: 1
// expect-stderr: overlap and the kernel writes one
// Two pointer arguments into one allocation, one of them written: the module would see
// two copies of one memory, so the launch is refused rather than guessed.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void shift(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] + 1.0f;
}
int main() {
  float *d;
  cudaMalloc(&d, 200 * sizeof(float));
  shift<<<1, 128>>>(d, d + 50, 100);
  printf("PASS\n");
  return 0;
}
