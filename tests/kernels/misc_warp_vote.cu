/* cuda2hlo-test
launch: votes<<<4, 64>>>(x, ballots, any_neg, all_pos, below, n)
buffer: x f32 256 uniform -0.2 1
buffer: ballots u32 8 zeros
buffer: any_neg i32 8 zeros
buffer: all_pos i32 8 zeros
buffer: below i32 256 zeros
scalar: n = 250
check: ballots
check: any_neg
check: all_pos
check: below
note: lanes with i >= n vote as if positive; results are per warp (8 warps)
*/
// Warp votes: __ballot_sync, __any_sync, __all_sync, and __popc of a masked ballot.
__global__ void votes(const float *x, unsigned *ballots, int *any_neg, int *all_pos, int *below, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32, warp = i / 32;
  float v = i < n ? x[i] : 1.0f;
  unsigned b = __ballot_sync(0xffffffffu, v < 0.0f);
  int a = __any_sync(0xffffffffu, v < 0.0f);
  int p = __all_sync(0xffffffffu, v > 0.0f);
  if (lane == 0) {
    ballots[warp] = b;
    any_neg[warp] = a ? 1 : 0;
    all_pos[warp] = p ? 1 : 0;
  }
  below[i] = __popc(b & ((1u << lane) - 1u));
}
