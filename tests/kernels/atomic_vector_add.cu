/* cuda2hlo-test
launch: atomic_vector_add<<<4, 64>>>(hist2, acc2, acc4, hs, n)
buffer: hist2 f16 16x2 zeros
buffer: acc2 f32 8x2 zeros
buffer: acc4 f32 4x4 zeros
buffer: hs f16 8 zeros
scalar: n = 250
check: hist2 rtol=0 atol=0
check: acc2 rtol=0 atol=0
check: acc4 rtol=0 atol=0
check: hs rtol=0 atol=0
note: atomicAdd of a __half2, a float2 and a float4 (one atomic add per field, as CUDA
note: guarantees atomicity per scalar) and of a __half, into bins chosen by the thread;
note: the added values are small integers, so the sums are exact in any order
*/
// Counting into packed half2 histograms and float2/float4 accumulators, as mixed-precision
// kernels do with the vector atomics of CUDA 12.
#include <cuda_fp16.h>

__global__ void atomic_vector_add(__half2 *hist2, float2 *acc2, float4 *acc4, __half *hs, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  __half2 one = __halves2half2(__float2half(1.0f), __float2half((float)(t % 3)));
  atomicAdd(&hist2[t % 16], one);
  float2 v = make_float2((float)(t & 7), -2.0f);
  atomicAdd(acc2 + (t / 3) % 8, v);
  float4 w = make_float4(1.0f, (float)(t % 5), 0.5f, (float)(t >> 4));
  atomicAdd(&acc4[(t * 7) % 4], w);
  atomicAdd(&hs[t % 8], __float2half(0.25f));
}
