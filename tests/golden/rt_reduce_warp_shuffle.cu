#include <cuda_runtime.h>
/* cuda2hlo-test
launch: warp_sum<<<32, 128>>>(x, out, n)
buffer: x f32 4000 uniform -1 1
buffer: out f32 128 zeros
scalar: n = 4000
check: out rtol=1e-5 atol=1e-5
note: one sum per warp; all 32 lanes take part in every shuffle, out-of-range lanes add 0
*/
// Warp reduction with __shfl_down_sync; lane 0 of each warp writes the warp's sum.
__global__ void warp_sum(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? x[i] : 0.0f;
  for (int off = warpSize / 2; off > 0; off /= 2)
    v += __shfl_down_sync(0xffffffffu, v, off);
  if ((threadIdx.x & 31) == 0) out[i / 32] = v;
}
