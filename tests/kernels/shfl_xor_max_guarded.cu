/* cuda2hlo-test
launch: warp_max_index<<<3, 256>>>(out, n)
buffer: out u32 24 randint 0 100000
scalar: n = 292
check: out
note: the warp's largest index under i < n, by a butterfly of __shfl_xor_sync and max;
note: warps 9 (half past n) and 10..23 (wholly past n: 0) test the guard.
note: as an integer function of the thread each level multiplies its pieces (the lane
note: bit times the guard), past what is analysed (poly/expr.c, EXPR_MAX_PIECES): the
note: value is built from its operands (a dense select per level, no gather)
*/
// A butterfly maximum over the warp of a guarded index.
__global__ void warp_max_index(unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  unsigned v = 0u;
  if (i < n)
    v = (unsigned)i;
  for (int off = 16; off > 0; off >>= 1)
    v = max(v, __shfl_xor_sync(0xffffffffu, v, off));
  if (lane == 0) out[i / 32] = v;
}
