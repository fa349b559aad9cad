/* cuda2hlo-test
launch: dp<<<2, 64>>>(a, b, c, out, n)
buffer: a u32 100 randint 0 4294967296
buffer: b u32 100 randint 0 4294967296
buffer: c u32 100 randint 0 4294967296
buffer: out u32 100*6 zeros
scalar: n = 100
check: out
note: every result exact (sums wrap in 32 bits); each thread writes 6 words
*/
// The integer dot products of sm_61 on random words: __dp4a (four byte products added to
// an accumulator) and __dp2a_lo/__dp2a_hi (two halfword-by-byte products), signed and
// unsigned, with a running sum as in a dot-product loop.
__global__ void dp(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i], z = c[i];
  int sx = (int)x, sy = (int)y, sz = (int)z;
  unsigned *o = out + 6 * i;
  o[0] = (unsigned)__dp4a(sx, sy, sz);
  o[1] = __dp4a(x, y, z);
  o[2] = (unsigned)__dp2a_lo(sx, sy, sz) ^ __dp2a_lo(x, y, z);
  o[3] = (unsigned)__dp2a_hi(sx, sy, sz) + __dp2a_hi(x, y, z);
  int s = 0;
  unsigned u = 0;
  for (int k = 0; k < 4; k++) {
    int j = (i + k * 17) % n;
    s = __dp4a((int)a[j], (int)b[j], s);
    u = __dp4a(a[j], c[j], u);
  }
  o[4] = (unsigned)s;
  o[5] = u;
}
