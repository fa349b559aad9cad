/* cuda2hlo-test
launch: wide_elem_view<<<2, 32>>>(h, f, w, out, ho, fo, wo, bo, n)
buffer: h f16 64*8 uniform -8 8
buffer: f f32 64*4 uniform -100 100
buffer: w u32 64*2 randint 0 4294967296
buffer: out u32 64*8 zeros
buffer: ho f16 64*8 zeros
buffer: fo f32 64*4 zeros
buffer: wo u32 64*2 zeros
buffer: bo u32 64*4 zeros
scalar: n = 60
check: out rtol=0 atol=0
check: ho rtol=0 atol=0
check: fo rtol=0 atol=0
check: wo rtol=0 atol=0
check: bo rtol=0 atol=0
note: buffer elements read and written through a pointer to a wider type: eight halves as one
note: float4 (each float the bits of two halves, little-endian), four floats as a uint4, two
note: words as one 64-bit integer (read and written), a float2 of four halves through a device function, whole
note: packs stored back; the difference of two float4 pointers counts float4s; the loaded
note: packs read through pointers into their bits (a half2 of one float field, shorts and
note: floats of a uint4 at a run-time index, a byte of a 64-bit value); exact bit for bit
*/
// Vectorised 128-bit loads and stores of half and float data, as GEMV and attention kernels
// write them: `float4 v = reinterpret_cast<const float4 *>(h)[j]` moves eight halves at once.
#include <cuda_fp16.h>
#include <stdint.h>

__device__ unsigned pair_bits(const float2 *p, int k) {
  float2 v = p[k];
  return __float_as_uint(v.x) ^ (__float_as_uint(v.y) >> 3);
}

__global__ void wide_elem_view(const __half *h, const float *f, const unsigned *w, unsigned *out,
                               __half *ho, float *fo, unsigned *wo, unsigned *bo, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float4 *h4 = reinterpret_cast<const float4 *>(h);
  float4 v = h4[i];
  out[8 * i] = __float_as_uint(v.x) + 3u * __float_as_uint(v.w);
  out[8 * i + 1] = __float_as_uint(h4[(i + 5) % n].z);
  const uint4 *f4 = (const uint4 *)f;
  uint4 u = f4[i];
  out[8 * i + 2] = u.x ^ u.y ^ (u.z << 1) ^ (u.w >> 1);
  const unsigned long long *w64 = (const unsigned long long *)w;
  unsigned long long q = w64[i] * 3ull;
  out[8 * i + 3] = (unsigned)(q >> 32) ^ (unsigned)q;
  out[8 * i + 4] = pair_bits((const float2 *)h, 2 * i + 1);
  const float4 *a = h4 + i, *b = h4 + 1;
  const float4 *fa = (const float4 *)f + i, *fb = (const float4 *)f;
  out[8 * i + 5] = (unsigned)(a - b) + 7u + 1000u * (unsigned)(fa - fb);
  const float2 *h2 = (const float2 *)(h + 8 * i);
  out[8 * i + 6] = __float_as_uint(h2[1].x) - __float_as_uint(h2->y);
  out[8 * i + 7] = __float_as_uint((h4 + (n - 1 - i))->y);
  // whole packs stored: the halves of one float4 rotated by one float, floats as words
  float4 r = make_float4(v.y, v.z, v.w, v.x);
  reinterpret_cast<float4 *>(ho)[i] = r;
  uint4 s = u;
  s.x ^= 0x80000000u;
  s.w = u.x;
  reinterpret_cast<uint4 *>(fo)[i] = s;
  unsigned long long *o64 = (unsigned long long *)wo;
  o64[i] = q ^ 0x123456789abcdefull;
  // the packs held in registers, read through pointers into their bits
  const __half2 *hy = (const __half2 *)&v.y;
  bo[4 * i] = __float_as_uint(__half2float(hy->x) * 3.0f - __half2float(hy->y));
  const unsigned short *us = reinterpret_cast<const unsigned short *>(&u);
  int k = (int)(w[i] % 8u);
  bo[4 * i + 1] = us[k] | ((unsigned)us[7 - k] << 16);
  bo[4 * i + 2] = __float_as_uint(reinterpret_cast<const float *>(&u)[i & 3]) ^ *(const unsigned char *)&q;
  const __half2 *hz = reinterpret_cast<const __half2 *>(&v);
  bo[4 * i + 3] = __float_as_uint(__half2float(hz[3].y) + __half2float((*(hz + 1)).x));
}
