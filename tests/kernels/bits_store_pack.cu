/* cuda2hlo-test
launch: pack_scale<float><<<2, 32>>>(xf, wf, outf, n)
launch: pack_scale<__half><<<2, 32>>>(xh, wh, outh, n)
launch: pack_pieces<<<2, 32>>>(xf, words, n)
buffer: xf f32 64*4 uniform -100 100
buffer: wf f32 64*4 uniform -2 2
buffer: outf u32 64*4 zeros
buffer: xh f16 64*8 uniform -8 8
buffer: wh f16 64*8 uniform -2 2
buffer: outh u32 64*4 zeros
buffer: words u32 64*8 zeros
scalar: n = 60
check: outf
check: outh
check: words
note: stores into a local variable's bits through a pointer of another type: a 16-byte
note: pack filled a float or a half at a time through a `T &` parameter at the loop's
note: index and stored whole; halves, shorts and bytes at constant indices with the
note: other bytes kept, compound assignments, a local reference at a run-time index read
note: back, a float into a float4 and into a member; checked bit for bit
*/
// Packed kernels (attention merges, vectorised activations) build a 128-bit register
// pack element by element through a reinterpret_cast view and write it out at once.
#include <cuda_fp16.h>

__device__ float widen(float v) { return v; }
__device__ float widen(__half v) { return __half2float(v); }
__device__ void narrow_into(float &d, float s) { d = s; }
__device__ void narrow_into(__half &d, float s) { d = __float2half(s); }

template <typename T>
__global__ void pack_scale(const T *x, const T *w, unsigned *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  const int per = 16 / sizeof(T);
  uint4 xs = reinterpret_cast<const uint4 *>(x)[t];
  uint4 ws = reinterpret_cast<const uint4 *>(w)[t];
  uint4 r;                         // set only through its bits
  for (int i = 0; i < per; i++) {
    float p = widen(reinterpret_cast<const T *>(&xs)[i]) *
              widen(reinterpret_cast<const T *>(&ws)[per - 1 - i]);
    narrow_into(reinterpret_cast<T *>(&r)[i], p);
  }
  reinterpret_cast<uint4 *>(out)[t] = r;
}

__global__ void pack_pieces(const float *x, unsigned *words, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  float a = x[4 * t], b = x[4 * t + 1];
  uint2 q = make_uint2(0x01234567u, 0x89abcdefu);
  __half *qh = reinterpret_cast<__half *>(&q);
  qh[1] = __float2half(a);                                // q.x's low half kept
  qh[2] = __float2half(b);
  reinterpret_cast<unsigned short *>(&q)[3] ^= 0x8000u;   // the top half's sign
  reinterpret_cast<unsigned char *>(&q)[0] += 0xf0;       // one byte, wrapping
  words[8 * t] = q.x;
  words[8 * t + 1] = q.y;
  float4 f = make_float4(a, b, -a, -b);
  reinterpret_cast<float *>(&f)[t % 4] = b * 0.25f;       // a float at a run-time index
  __half &slot = reinterpret_cast<__half *>(&f)[2 * (t % 3)];   // a low (mantissa) half
  slot = __float2half(a * 0.5f);
  float back = __half2float(slot);                        // read back through it
  words[8 * t + 2] = __float_as_uint(f.x);
  words[8 * t + 3] = __float_as_uint(f.y);
  words[8 * t + 4] = __float_as_uint(f.z);
  words[8 * t + 5] = __float_as_uint(f.w);
  words[8 * t + 6] = __float_as_uint(back);
  uint2 u = make_uint2(7u, 9u);
  *(float *)&u.y = a - b;                                 // a member's bits
  words[8 * t + 7] = u.x * 31u + u.y;
}
