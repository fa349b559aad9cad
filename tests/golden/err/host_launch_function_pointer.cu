// RUN-FLAGS: --entry apply --size x=256 --set n=256 --set mode=1 --emit stablehlo
// Refused: the entry launches a kernel through a function pointer, chosen at run time.
#include <cuda_runtime.h>

__global__ void negate(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = -x[i];
}

__global__ void square(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] * x[i];
}

void apply(float *x, int n, int mode) {
  void (*kernel)(float *, int) = mode ? square : negate;
  kernel<<<(n + 127) / 128, 128>>>(x, n);
}
