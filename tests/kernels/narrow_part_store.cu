/* cuda2hlo-test
launch: narrow_part_store<<<2, 32>>>(w, q, d, out, n)
buffer: w u32 64 randint 0 4294967296
buffer: q i64 64 randint -9000000000000000000 9000000000000000000
buffer: d f64 64 uniform -100 100
buffer: out u32 64*2 zeros
scalar: n = 60
check: w rtol=0 atol=0
check: q rtol=0 atol=0
check: d rtol=0 atol=0
check: out rtol=0 atol=0
note: stores into part of an element through a plain pointer to a narrower type: bytes of
note: a thread's own u32 elements (global, and __shared__ read back by a neighbour after a
note: barrier; in a loop of constant step), the i32 halves of its own i64s, the low u32 of
note: its own doubles; each a read-modify-write of the whole element that the raise
note: proves no other thread shares; exact bit for bit (little-endian)
*/
// A thread packs small results into the bytes of words it owns, and writes one half of a
// 64-bit value (a counter's high word, a double's low word) without touching the other.
__global__ void narrow_part_store(unsigned *w, long long *q, double *d, unsigned *out, int n) {
  __shared__ unsigned s[32];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int x = threadIdx.x;
  unsigned char *b = (unsigned char *)w;
  unsigned char *sb = (unsigned char *)s;
  s[x] = 0x01020304u * (unsigned)(x + 1);
  __syncthreads();
  sb[4 * x + 2] = (unsigned char)(200 + x);
  sb[4 * x] += 7;
  __syncthreads();
  out[2 * t] = s[(x + 1) % 32];
  if (t >= n)
    return;
  b[4 * t + 1] = (unsigned char)(t * 37 + 5);
  b[4 * t + 3] ^= 0x5a;
  for (int k = 0; k < 4; k += 2)
    b[4 * t + k] = (unsigned char)(b[4 * t + k] + k + t);
  int *h = (int *)&q[t];
  h[1] = -t - 1000;
  h[0] += 3 * t;
  unsigned *u = (unsigned *)&d[t];
  u[0] = 0x9e3779b9u * (unsigned)t;
  out[2 * t + 1] = (unsigned)h[1] ^ u[1];
}
