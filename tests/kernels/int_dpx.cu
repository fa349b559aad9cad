/* cuda2hlo-test
launch: dpx<<<2, 64>>>(a, b, c, out, n)
buffer: a u32 100 randint 0 4294967296
buffer: b u32 100 randint 0 4294967296
buffer: c u32 100 randint 0 4294967296
buffer: out u32 100*16 zeros
scalar: n = 100
check: out
note: every result exact; each thread writes 16 words
*/
// The DPX intrinsics of CUDA 12 on random words: three-way max/min, add-then-max/min
// (the sum wraps in the lane: 32 bits, or 16 bits per halfword), their relu forms (a max
// with 0), and __vibmax/__vibmin with the predicates they store through pointers.
__global__ void dpx(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i], z = c[i];
  int sx = (int)x, sy = (int)y, sz = (int)z;
  unsigned *o = out + 16 * i;
  o[0] = (unsigned)__vimax3_s32(sx, sy, sz) ^ __vimin3_u32(x, y, z);
  o[1] = (unsigned)__vimax3_s32_relu(sx, sy, sz) + (unsigned)__vimin3_s32_relu(sx, sy, sz);
  o[2] = __vimax3_s16x2(x, y, z) ^ __vimin3_u16x2(x, y, z);
  o[3] = __vimax3_s16x2_relu(x, y, z);
  o[4] = __vimin3_s16x2_relu(x, y, z) + __vimax3_u16x2(x, y, z);
  o[5] = (unsigned)__viaddmax_s32(sx, sy, sz) ^ __viaddmin_u32(x, y, z);
  o[6] = (unsigned)__viaddmax_s32_relu(sx, sy, sz) + (unsigned)__viaddmin_s32_relu(sx, sy, sz);
  o[7] = __viaddmax_s16x2(x, y, z) ^ __viaddmin_u16x2(x, y, z);
  o[8] = __viaddmax_s16x2_relu(x, y, z) + __viaddmin_s16x2(x, y, z);
  o[9] = __viaddmin_s16x2_relu(x, y, z) ^ __viaddmax_u16x2(x, y, z);
  o[10] = (unsigned)__vimax_s32_relu(sx, sy) + (unsigned)__vimin_s32_relu(sx, sz);
  o[11] = __vimax_s16x2_relu(x, y) ^ __vimin_s16x2_relu(x, z);
  bool p, q;
  unsigned r = (unsigned)__vibmax_s32(sx, sy, &p);
  r += (unsigned)__vibmin_s32(sx, sz, &q);
  o[12] = r + (p ? 1u : 0u) + (q ? 2u : 0u);
  r = __vibmax_u32(x, y, &p);
  r += __vibmin_u32(x, z, &q);
  o[13] = r + (p ? 4u : 0u) + (q ? 8u : 0u);
  bool hi, lo;
  r = __vibmax_s16x2(x, y, &hi, &lo);
  o[14] = r + (hi ? 16u : 0u) + (lo ? 32u : 0u);
  bool h2, l2, h3, l3, p2, q2;
  unsigned m = __vibmin_u16x2(x, z, &h2, &l2);
  m += __vibmax_u16x2(y, z, &p2, &q2);
  m += __vibmin_s16x2(y, x, &h3, &l3);
  o[15] = m + (h2 ? 64u : 0u) + (l2 ? 128u : 0u) + (p2 ? 256u : 0u) + (q2 ? 512u : 0u) + (h3 ? 1024u : 0u) +
          (l3 ? 2048u : 0u);
}
