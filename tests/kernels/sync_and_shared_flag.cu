/* cuda2hlo-test
launch: sync_and_shared_flag<<<8, 128>>>(bits, flag)
buffer: bits u8 4096 randint 0 250
buffer: flag u8 8 zeros
check: flag
note: every thread of a block stores the block's __syncthreads_and result to one byte
note: and reads it back in the next round after its own store: one value for all
note: writers, so no race (src/raise/race_same.c)
*/
// Per block: is no byte of four 128-wide rounds a 7 (among the bytes each round tests)? The running answer lives in the
// block's byte of `flag`, written by every thread after each vote.
__device__ void vote_into(unsigned char *f, int c) {
  *f = __syncthreads_and(c);
}

__global__ void sync_and_shared_flag(const unsigned char *bits, unsigned char *flag) {
  int idx = blockIdx.x * 512 + threadIdx.x;
  vote_into(&flag[blockIdx.x], bits[idx] != 7 || (threadIdx.x & 1));
  for (int i = 0; i < 3; i++) {
    idx += 128;
    vote_into(&flag[blockIdx.x], flag[blockIdx.x] && (bits[idx] != 7 || threadIdx.x % 3 != 0));
  }
}
