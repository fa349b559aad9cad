/* cuda2hlo-test
launch: bits_var_view<<<2, 32>>>(hp, w, f, out, hop, n)
buffer: hp f16 64*2 uniform -8 8
buffer: w u32 64 randint 0 4294967296
buffer: f f32 64 uniform -100 100
buffer: out u32 64*6 zeros
buffer: hop f16 64*4 zeros
scalar: n = 60
check: out
check: hop rtol=0 atol=0
note: a variable's bits read as another type of its size: a half2 as one word and back, a
note: half as a short (sign-extended after), a float as an int, a struct of mixed widths
note: as one word, a float2 as a 64-bit word; exact bit for bit
*/
// Bit tricks on values held in registers, as half-precision max/min kernels write them:
// `*reinterpret_cast<unsigned *>(&h2)` takes both halves at once, the word goes back
// through `*reinterpret_cast<__half2 *>(&u)`.
#include <cuda_fp16.h>

struct Mixed {
  unsigned short lo;
  unsigned char mid;
  signed char top;
};

__device__ __half2 swap_halves(__half2 x) {
  unsigned u = *reinterpret_cast<const unsigned *>(&x);
  unsigned r = (u >> 16) | (u << 16);
  return *reinterpret_cast<const __half2 *>(&r);
}

__global__ void bits_var_view(const __half *hp, const unsigned *w, const float *f, unsigned *out, __half *hop, int n) {
  const __half2 *h = reinterpret_cast<const __half2 *>(hp);
  __half2 *ho = reinterpret_cast<__half2 *>(hop);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 x = h[i];
  unsigned u = *reinterpret_cast<unsigned *>(&x);
  out[6 * i] = u ^ 0x80008000u;
  __half hx = x.y;
  short s = *(short *)&hx;
  out[6 * i + 1] = (unsigned)(int)s;
  float g = f[i];
  int gi = *(int *)&g;
  out[6 * i + 2] = (unsigned)(gi >> 3);
  unsigned v = w[i];
  Mixed m = {(unsigned short)(v * 7u), (unsigned char)(v >> 16), (signed char)(v >> 24)};
  out[6 * i + 3] = *reinterpret_cast<unsigned *>(&m);
  float2 ff = make_float2(g, -g * 0.5f);
  unsigned long long q = *(unsigned long long *)&ff;
  out[6 * i + 4] = (unsigned)(q >> 20);
  out[6 * i + 5] = (unsigned)(q >> 40);
  ho[2 * i] = *reinterpret_cast<__half2 *>(&v);
  ho[2 * i + 1] = swap_halves(x);
}
