// RUN-FLAGS: --grid 4 --block 256
// Headers the bundled set lacks (cub, cuda_fp16.h): with a toolkit installed the file is
// parsed with it (cuda2hlo -v says so; tests/unit/cli_test.sh checks), without one the
// missing headers are errors outside the kernel. Either way the kernel IR is this.
#include <cub/cub.cuh>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__global__ void axpb(float *y, const float *x, float a, float b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + b;
}
