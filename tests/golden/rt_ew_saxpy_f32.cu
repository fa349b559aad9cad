#include <cuda_runtime.h>
/* cuda2hlo-test
launch: saxpy<<<4, 256>>>(n, a, x, y)
buffer: x f32 1000 uniform -1 1
buffer: y f32 1000 uniform -1 1
scalar: n = 1000
scalar: a = 2.5
check: y rtol=1e-6 atol=1e-6
note: 1000 is not a multiple of the block size; the last 24 threads do nothing
*/
// Single-precision a*x + y, the canonical element-wise kernel.
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
