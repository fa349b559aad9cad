// RUN-FLAGS: --entry run --size x=256 --set n=128 --emit stablehlo
// Refused: a launch passes a device pointer with an offset (x + n): buffers are passed whole.
#include <cuda_runtime.h>

__global__ void twice(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 2.0f * x[i];
}

void run(float *x, int n) {
  twice<<<(n + 127) / 128, 128>>>(x, n);
  twice<<<(n + 127) / 128, 128>>>(x + n, n);
}
