/* cuda2hlo-test
launch: warp_votes<<<4, 64>>>(x, out, flags, first, n)
buffer: x i32 256 randint -100 100
buffer: out u32 512 zeros
buffer: flags i32 256 zeros
buffer: first u32 4 zeros
scalar: n = 250
check: out
check: flags
check: first
note: every lane of whole warps votes; lanes past n vote with x = 0
*/
// Warp votes raised densely (issue 18): the ballot is the predicate at each lane of the
// warp, bit j from lane j. A ballot, all over half-warp masks (each half names its own
// lanes), any over the full warp, __activemask, __popc of a ballot, and a ballot that only
// the first warp of each block takes (a guard of whole warps).
__global__ void warp_votes(const int *x, unsigned *out, int *flags, unsigned *first, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int v = i < n ? x[i] : 0;
  unsigned half = lane < 16 ? 0x0000ffffu : 0xffff0000u;
  unsigned b = __ballot_sync(half, v % 3 == 0);
  unsigned act = __activemask();
  int any = __any_sync(0xffffffffu, v > 90);
  int all = __all_sync(half, v > -95);
  out[2 * i] = b;
  out[2 * i + 1] = act ^ (unsigned)lane;
  flags[i] = (any ? 1 : 0) + 2 * (all ? 1 : 0) + 4 * __popc(b);
  if (threadIdx.x < 32) {
    unsigned w = __ballot_sync(0xffffffffu, (v & 1) != 0);
    if (lane == 0) first[blockIdx.x] = w;
  }
}
