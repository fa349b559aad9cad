/* cuda2hlo-test
entry: jacobi_run(a, b, n, iters)
buffer: a f32 1000 uniform -1 1
buffer: b f32 1000 zeros
scalar: n = 1000
scalar: iters = 25
check: a rtol=1e-5 atol=1e-6
check: b rtol=1e-5 atol=1e-6
note: 1-D Jacobi sweeps with std::swap of the two device pointers; the trip count is a parameter
*/
// After an odd number of sweeps the newest values are in the caller's b, after an
// even number in a: the swap renames, so the module returns both buffers.
#include <cuda_runtime.h>
#include <utility>

__global__ void jacobi1d(const float *src, float *dst, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (i == 0 || i == n - 1)
    dst[i] = src[i];
  else
    dst[i] = 0.25f * src[i - 1] + 0.5f * src[i] + 0.25f * src[i + 1];
}

void jacobi_run(float *a, float *b, int n, int iters) {
  int threads = 128, blocks = (n + threads - 1) / threads;
  for (int it = 0; it < iters; it++) {
    jacobi1d<<<blocks, threads>>>(a, b, n);
    std::swap(a, b);
  }
}
