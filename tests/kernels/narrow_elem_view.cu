/* cuda2hlo-test
launch: narrow_elem_view<<<2, 32>>>(w, si, q, f, out, n)
buffer: w u32 64 randint 0 4294967296
buffer: si i32 64 randint -2147483648 2147483647
buffer: q i64 64 randint -9000000000000000000 9000000000000000000
buffer: f f32 64 uniform -100 100
buffer: out u32 64*8 zeros
scalar: n = 60
check: out rtol=0 atol=0
note: buffer elements read through a pointer to a narrower type: the bytes of a u32 word
note: as unsigned chars (constant and loop subscripts, a moving pointer, a device function),
note: an int's bytes as signed chars (a dot product of 4 x int8 as dp4a-style kernels write
note: it), a 64-bit word's quarters at a data-dependent index, a float's halves as shorts,
note: bytes of a shared array; exact bit for bit (little-endian, as the GPU)
*/
// Packed 8-bit data kept in 32-bit words and unpacked by viewing the words as bytes.
#include <stdint.h>

__device__ unsigned byte_sum(const unsigned char *p) {
  return p[0] + 2u * p[1] + 3u * *(p + 2) + 5u * p[3];
}

__global__ void narrow_elem_view(const unsigned *w, const int *si, const long long *q, const float *f,
                                 unsigned *out, int n) {
  __shared__ unsigned sw[32];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  sw[t] = w[i] ^ 0x5a5a5a5au;
  __syncthreads();
  if (i >= n) return;
  const uint8_t *b = (const uint8_t *)&w[i];
  out[8 * i] = b[0] | (b[1] << 8) | (b[3] << 16) | ((unsigned)b[2] << 24);
  unsigned h = 0;
  for (int k = 0; k < 4; k++)
    h = h * 31u + b[k];
  out[8 * i + 1] = h;
  const int8_t *a8 = (const int8_t *)&si[i];
  const int8_t *c8 = reinterpret_cast<const int8_t *>(si + (i + 1) % n);
  int dot = a8[0] * c8[0] + a8[1] * c8[1] + a8[2] * c8[2] + a8[3] * c8[3];
  out[8 * i + 2] = (unsigned)dot;
  const unsigned short *q16 = (const unsigned short *)q;
  int k = (int)(w[i] & 3u);
  out[8 * i + 3] = q16[4 * i + k] | ((unsigned)q16[4 * i + 3 - k] << 16);
  const short *f16 = (const short *)&f[i];
  out[8 * i + 4] = (unsigned)(int)f16[1] + (unsigned)f16[0];
  const unsigned char *p = (const unsigned char *)(w + i);
  unsigned m = 0;
  for (int j = 0; j < 4; j++) {
    m = (m << 3) ^ *p;
    p++;
  }
  out[8 * i + 5] = m;
  out[8 * i + 6] = byte_sum((const unsigned char *)&w[(i + 7) % n]);
  const unsigned char *s8 = (const unsigned char *)sw;
  out[8 * i + 7] = s8[4 * ((t + 1) % 32) + 1] + 256u * s8[4 * t + 3];
}
