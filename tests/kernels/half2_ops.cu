/* cuda2hlo-test
launch: half2_ops<<<2, 64>>>(a, b, c, pairs, ints, approx, n)
buffer: a f16 256 uniform -4 4
buffer: b f16 256 uniform -4 4
buffer: c f16 128 uniform -300 300
buffer: pairs f16 128*40 zeros
buffer: ints i32 128*24 zeros
buffer: approx f32 128*18 zeros
scalar: n = 120
check: pairs rtol=0 atol=0
check: ints rtol=0 atol=0
check: approx rtol=2e-3 atol=2e-3
note: cuda_fp16.h's __half2 operators and lane functions, comparisons, moves, bit views and
note: integer conversions exact; h2exp ... the float function per lane rounded once to half
*/
// __half2 as published code uses it: operators (unary -, + - * /, compound, comparisons),
// the lane functions and moves of cuda_fp16.h, bit views and integer conversions of halves.
#include <cuda_fp16.h>

__device__ void put(__half *p, int k, half2 v) {
  p[2 * k] = __low2half(v);
  p[2 * k + 1] = __high2half(v);
}

__device__ void putf(float *o, int k, half2 v) {
  o[2 * k] = __low2float(v);
  o[2 * k + 1] = __high2float(v);
}

__global__ void half2_ops(const __half *a, const __half *b, const __half *c, __half *pairs,
                          int *ints, float *approx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  half2 x = __halves2half2(a[2 * i], a[2 * i + 1]);
  // every third pair shares its high lane with x, so == and the ordered tests see equality
  half2 y = __halves2half2(b[2 * i], i % 3 == 0 ? a[2 * i + 1] : b[2 * i + 1]);
  __half h = c[i];
  __half *p = pairs + 40 * i;
  int *q = ints + 24 * i;
  half2 r = -x + y * x;
  r -= make_half2(__float2half(0.25f), h);
  put(p, 0, r);
  r += y / (__habs2(x) + make_half2(__float2half(1.0f), __float2half(3.0f)));
  r *= x;
  put(p, 1, r);
  put(p, 2, __hmax2(x, __hneg2(__habs2(y))));
  put(p, 3, __hmin2(x, y));
  put(p, 4, __heq2(x, y));
  put(p, 5, __hne2(x, y));
  put(p, 6, __hlt2(x, y));
  put(p, 7, __hle2(x, y));
  put(p, 8, __hgt2(x, y) + __hge2(x, y));
  put(p, 9, __lows2half2(x, y));
  put(p, 10, __highs2half2(x, y));
  put(p, 11, __low2half2(y) - __high2half2(x));
  put(p, 12, __lowhigh2highlow(x) + __half2half2(h));
  put(p, 13, h2floor(x * make_half2(h, h)));
  put(p, 14, h2ceil(y) + h2trunc(x));
  put(p, 15, h2rint(y * __float2half2_rn(2.5f)));
  p[32] = __ushort_as_half((unsigned short)(__half_as_ushort(a[2 * i]) ^ 0x8000u));
  p[33] = __short_as_half((short)(__half_as_short(b[2 * i]) & 0x7fff));
  p[34] = __uint2half_rn((unsigned)(i * 977 + 3));
  p[35] = __short2half_rn((short)(-i * 37));
  p[36] = __ushort2half_rn((unsigned short)(i * 541));
  p[37] = __ll2half_rn((long long)i * 70001ll - 4000000ll);
  q[0] = x == y;
  q[1] = x != y;
  q[2] = x < y;
  q[3] = x <= y;
  q[4] = x > y;
  q[5] = x >= y;
  q[6] = __hbeq2(x, y) + 2 * __hbne2(x, y) + 4 * __hbneu2(x, y);
  q[7] = __hblt2(x, y) + 2 * __hble2(x, y) + 4 * __hbgt2(x, y) + 8 * __hbge2(x, y);
  q[8] = __half_as_ushort(h);
  q[9] = __half_as_short(__hneg(h));
  q[10] = __half2int_rn(h);
  q[11] = __half2int_rd(h);
  q[12] = __half2int_ru(h);
  q[13] = (int)__half2uint_rz(__habs(h));
  q[14] = __half2short_rz(h);
  q[15] = __half2ushort_rz(__habs(h));
  q[16] = (int)(__half2ll_rz(h) * 3);
  q[17] = __hisinf(h * h) + 2 * __hisinf(-(h * h));
  q[18] = __hneu(a[2 * i], y.x == x.x ? a[2 * i] : b[2 * i]);
  q[19] = __half2int_rn(__float2half(0.5f) + __int2half_rn(i % 4));
  float *o = approx + 18 * i;
  half2 s = __habs2(y) + __float2half2_rn(0.125f);
  putf(o, 0, h2exp(x));
  putf(o, 1, h2exp2(x));
  putf(o, 2, h2log(s));
  putf(o, 3, h2log2(s));
  putf(o, 4, h2sin(x));
  putf(o, 5, h2cos(x));
  putf(o, 6, h2rcp(s));
  putf(o, 7, h2rsqrt(s));
  putf(o, 8, h2sqrt(s));
}
