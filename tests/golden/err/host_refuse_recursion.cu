// RUN-FLAGS: --entry run --size x=256 --set n=256 --set depth=3 --emit stablehlo
// Refused: a host function the entry calls calls itself (inlining would not end).
#include <cuda_runtime.h>

__global__ void twice(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 2.0f * x[i];
}

static void again(float *x, int n, int depth) {
  twice<<<(n + 127) / 128, 128>>>(x, n);
  if (depth > 0)
    again(x, n, depth - 1);
}

void run(float *x, int n, int depth) { again(x, n, depth); }
