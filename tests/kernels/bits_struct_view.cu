/* cuda2hlo-test
launch: bits_struct_view<<<2, 32>>>(in, f, out, fo, n)
buffer: in f16 64*8 uniform -8 8
buffer: f f32 64*4 uniform -100 100
buffer: out f16 64*8 zeros
buffer: fo f32 64*4 zeros
scalar: n = 60
check: out rtol=0 atol=0
check: fo rtol=0 atol=0
note: structs read through a pointer into a local variable's bits: the half2s of a float4
note: passed by value at the loop's index (from the end, too) and at a constant index, the
note: float2s of a uint4 through a local pointer, one dereferenced; exact bit for bit
*/
// Vectorised half kernels load 16 bytes as one float4 and take them apart as __half2
// values through a pointer of that type to the register copy.
#include <cuda_fp16.h>

__device__ void split(const __half *src, __half *dst) {
  float4 v = *reinterpret_cast<const float4 *>(src);
  const __half2 *h = reinterpret_cast<const __half2 *>(&v);
  for (int i = 0; i < 4; i++) {
    dst[2 * i] = __high2half(h[i]);
    dst[2 * i + 1] = __low2half(h[3 - i]);
  }
}

__device__ float2 twice(float2 p) { return make_float2(p.x * 2.0f, p.y - 1.0f); }

__global__ void bits_struct_view(const __half *in, const float *f, __half *out, float *fo, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  __half loc[8];
  split(in + 8 * t, loc);
  loc[0] = __hadd(loc[0], __low2half(reinterpret_cast<const __half2 *>(&loc)[3]));
  for (int i = 0; i < 8; i++) out[8 * t + i] = loc[i];
  uint4 u = reinterpret_cast<const uint4 *>(f)[t];
  const float2 *q = reinterpret_cast<const float2 *>(&u);
  float2 a = twice(q[t % 2]);
  float2 b = *q;
  fo[4 * t] = a.x;
  fo[4 * t + 1] = a.y;
  fo[4 * t + 2] = b.x + q[1].y;
  fo[4 * t + 3] = b.y;
}
