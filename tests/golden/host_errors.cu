// RUN-FLAGS: --kernel scale
// Host code with errors clang cannot parse (an unknown library, undeclared functions),
// a header that does not exist and a second kernel with an error: none concerns the
// kernel converted, so it converts, with the launch geometry of its host launch.
#include <cuda_runtime.h>
#include "no_such_library.h"
#include <stdlib.h>

__global__ void scale(float *y, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 2.0f * x[i];
}

__global__ void broken(float *y) { y[0] = undeclared_in_other_kernel; }

int main(int argc, char **argv) {
  int n = 1000;
  float *x, *y;
  lib::Context ctx(argc, argv);
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  scale<<<4, 256>>>(y, x, n);
  report_timing(ctx, undeclared_timer());
  return EXIT_SUCCESS;
}
