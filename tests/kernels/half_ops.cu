/* cuda2hlo-test
launch: half_ops<<<4, 64>>>(a, b, c, out, acc, f, n)
buffer: a f16 256 uniform -4 4
buffer: b f16 256 uniform -4 4
buffer: c f16 256 uniform -8 8
buffer: out f16 256*4 zeros
buffer: acc f32 256 zeros
buffer: f f32 256 uniform -70000 70000
scalar: n = 256
check: out rtol=0 atol=0
check: acc rtol=1e-6 atol=1e-6
note: half arithmetic as cuda_fp16.h defines it: each operator and __hadd/__hmul one
note: rounding to nearest even, __hfma one rounding, float <-> half conversions (f spans
note: past 65504, so some convert to infinity), half2 lanes; out must match bit for bit.
*/
#include <cuda_fp16.h>

__global__ void half_ops(const __half *a, const __half *b, const half *c, half *out,
                         float *acc, const float *f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half x = a[i], y = b[i], z = c[i];
  half p = x * y + z;                       // two roundings
  half q = __hfma(x, y, z);                 // one rounding
  half r = __hadd(__hmul(x, x), __hneg(y));
  __half2 v = __halves2half2(x, y);
  __half2 w = __hmul2(v, __float2half2_rn(0.5f));
  out[i] = p;
  out[n + i] = __hlt(q, r) ? __hsub(q, r) : hsqrt(__habs(q));
  out[2 * n + i] = __hadd(__low2half(w), __high2half(w));
  out[3 * n + i] = __float2half(f[i]);
  float s = __half2float(p) + __low2float(w) * __high2float(w);
  acc[i] = s + (float)(x > y ? x : y);
}
