/* cuda2hlo-test
launch: narrow_row_view<<<2, 32>>>(g, out, seed)
buffer: g i64 64*2 randint -9000000000000000000 9000000000000000000
buffer: out i64 64*5 zeros
buffer: seed i32 64 randint 0 1000000
check: g rtol=0 atol=0
check: out rtol=0 atol=0
note: each thread views its own row of 64-bit elements as an array of narrow numbers
note: (langford's search state): bytes and shorts of a __shared__ row, bytes of a global
note: row (the bytes it does not store keep their random values), shorts of a local
note: array; stores at data-dependent indices, compound read-modify-writes in loops, a
note: view passed by reference to a device function; exact bit for bit (little-endian)
*/
// Each thread keeps a small state of 1- and 2-byte numbers in 64-bit words it owns.
#include <stdint.h>

typedef int8_t Bytes[16];
typedef short Halves[4];

__device__ void stir(Bytes &b, Halves &h, int s) {
  for (int k = 0; k < 3 + s % 7; k++) {
    int m = (s >> (k % 5)) & 15;
    b[m] += (int8_t)(37 * k + 1);
    h[k & 3] ^= (short)(b[m] * 301);
    b[(m + 5) & 15] = (int8_t)(b[m] - h[(k + 1) & 3]);
  }
}

__global__ void narrow_row_view(long long *g, long long *out, const int *seed) {
  __shared__ long long rows[32 * 3];
  long long loc[2];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  int s = seed[i];
  Bytes &b = *(Bytes *)&rows[3 * t];
  Halves &h = *(Halves *)&rows[3 * t + 2];
  for (int j = 0; j < 16; j++)
    b[j] = (int8_t)(s * (j + 3));
  for (int j = 0; j < 4; j++)
    h[j] = (short)(s >> j);
  stir(b, h, s);
  uint8_t (&gb)[16] = *(uint8_t (*)[16])&g[2 * (blockIdx.x * blockDim.x + threadIdx.x)];
  for (int j = 0; j < 16; j += 3)
    gb[j] ^= (uint8_t)b[j];
  loc[0] = s;
  loc[1] = -s;
  unsigned short (&lh)[8] = *(unsigned short (*)[8])loc;
  for (int j = 0; j < 8; j += 2)
    lh[j] = (unsigned short)(h[j & 3] + j);
  lh[s & 7] <<= 3;
  out[5 * i] = rows[3 * t];
  out[5 * i + 1] = rows[3 * t + 1];
  out[5 * i + 2] = rows[3 * t + 2];
  out[5 * i + 3] = loc[0];
  out[5 * i + 4] = loc[1] + b[s & 15] + h[s & 3] + gb[s & 15];
}

// The launch in host code, as in the programs this comes from: the proof that the global
// rows are the threads' own needs a grid of one dimension, known here without --grid.
void launch_narrow_row_view(long long *g, long long *out, const int *seed) {
  narrow_row_view<<<2, 32>>>(g, out, seed);
}
