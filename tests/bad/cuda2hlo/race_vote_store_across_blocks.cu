// RUN: cuda2hlo %s --grid 2 --block 64 --size bits=128 --size flag=1 -o %out/k.mlir
// ERROR: race_vote_store_across_blocks\.cu:9:3: error: data race on 'flag': block \(0,0,0\) thread \(0,0,0\) writes it here and block \(1,0,0\) thread \(0,0,0\) writes it
// Every thread of a block storing the block's __syncthreads_and result to one element is
// no race (tests/kernels/sync_and_shared_flag.cu); here both blocks store to the same
// element, and their results may differ: refused.
__global__ void k(const unsigned char *bits, unsigned char *flag) {
  int c = bits[blockIdx.x * 64 + threadIdx.x] != 7;
  int all = __syncthreads_and(c);
  flag[0] = all;
}
