/* cuda2hlo-test
launch: simd_bytes<<<3, 64>>>(a, b, s, out, n)
buffer: a u32 150 randint 0 4294967296
buffer: b u32 150 randint 0 4294967296
buffer: s u32 150 randint 0 65536
buffer: out u32 150*26 zeros
scalar: n = 150
check: out
note: every result exact; each thread writes 26 words
*/
// Byte and lane intrinsics of the CUDA Math API on random words: __byte_perm with a
// random selector, funnel shifts (masked and clamped amounts), halving adds, and the
// SIMD intrinsics on 4 bytes and 2 halfwords (wrapping, saturating, absolute difference,
// min/max, averages (unsigned, and signed with halves rounded away from zero), comparisons as masks and as 0/1, sums of absolute differences).
__global__ void simd_bytes(const unsigned *a, const unsigned *b, const unsigned *s, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i], k = s[i];
  unsigned *o = out + 26 * i;
  o[0] = __byte_perm(x, y, k);
  o[1] = __funnelshift_l(x, y, k & 63u);
  o[2] = __funnelshift_r(x, y, k & 63u);
  o[3] = __funnelshift_lc(x, y, k & 63u);
  o[4] = __funnelshift_rc(x, y, k & 63u);
  o[5] = (unsigned)__hadd((int)x, (int)y) ^ (unsigned)__rhadd((int)x, (int)y);
  o[6] = __uhadd(x, y) + __urhadd(x, y);
  o[7] = __vadd4(x, y) ^ __vsub2(x, y);
  o[8] = __vaddss4(x, y);
  o[9] = __vsubus4(x, y);
  o[10] = __vaddus2(x, y) ^ __vsubss2(x, y);
  o[11] = __vabsdiffu4(x, y);
  o[12] = __vabsdiffs2(x, y);
  o[13] = __vmaxs4(x, y) ^ __vminu2(x, y);
  o[14] = __vavgu4(x, y) ^ __vhaddu2(x, y);
  o[15] = __vcmpgts4(x, y) ^ __vcmpeq2(x, x & 0xffff0000u);
  o[16] = __vcmpleu4(x, y) + __vsetgeu2(x, y);
  o[17] = __vsetlts4(x, y);
  o[18] = __vsadu4(x, y) + __vsads2(x, y);
  o[19] = __vabs4(x) ^ __vneg2(y);
  o[20] = __vabsss4(x);
  o[21] = __vnegss2(y);
  o[22] = __vmins4(x, y) ^ __vmaxu4(x, y);
  o[23] = __byte_perm(x, 0u, 0x0123u) + __vcmpne4(x, y);
  o[24] = __vavgs4(x, y);
  o[25] = __vavgs2(x, y);
}
