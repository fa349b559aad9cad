/* cuda2hlo-test
launch: union_pun<<<2, 32>>>(out, bits, in, r, n)
buffer: out f32 64*4 zeros
buffer: bits u32 64*2 zeros
buffer: in f32 64 uniform -100 100
buffer: r u32 64 randint 0 4294967296
scalar: n = 60
check: out rtol=0 atol=0
check: bits
note: the type-punning union: a float's bits read and written through an integer member
note: of the same size (exponent extraction, a random float in [0, 1) built from bits, a
note: sign mask, compound assignments, a union copied); exact bit for bit
*/
// Published codes (random number generators, fast log2, branch-free SVD) convert between
// a float and its bits with a union rather than __float_as_uint.
typedef union bits32 {
  float f;
  unsigned int u;
} bits32;

__device__ float unit_float(unsigned int r) {
  union {
    float f;
    int i;
  } v;
  v.i = (int)((r & 0x007fffffu) | 0x3f800000u);
  return v.f - 1.0f;
}

__device__ int exponent_of(float x) {
  bits32 b;
  b.f = x;
  return (int)((b.u >> 23) & 0xffu) - 127;
}

__global__ void union_pun(float *out, unsigned *bits, const float *in, const unsigned *r, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  bits32 a, m;
  a.f = in[t];
  m.u = (a.f >= 0.5f) ? 0xffffffffu : 0u;      // an all-ones mask picks a's bits
  m.u = m.u & a.u;
  a.u &= 0x807fffffu;                         // keep sign and mantissa: a in [1, 2) by magnitude
  a.u |= 0x3f800000u;
  bits32 c = a;
  c.f *= 3.0f;
  c.u ^= 0x80000000u;
  out[4 * t] = a.f;
  out[4 * t + 1] = unit_float(r[t]) + (float)exponent_of(in[t]);
  out[4 * t + 2] = c.f;
  out[4 * t + 3] = m.f;
  bits[2 * t] = c.u;
  bits[2 * t + 1] = (m.u >> 3) + (unsigned)(a.u == c.u);
}
