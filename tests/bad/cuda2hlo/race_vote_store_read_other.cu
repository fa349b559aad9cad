// RUN: cuda2hlo %s --grid 2 --block 64 --size bits=128 --size flag=4 --size out=128 -o %out/k.mlir
// ERROR: race_vote_store_read_other\.cu:11:3: error: data race on 'flag': .* writes it here and .* reads it
// A thread reading back the block's vote after its own store of it is no race
// (tests/kernels/sync_and_shared_flag.cu); here the odd threads store into one byte, the
// even into another, and each reads the byte it did not store, maybe before any store
// to it: refused.
__global__ void k(const unsigned char *bits, unsigned char *flag, int *out) {
  int t = threadIdx.x, b = blockIdx.x;
  int c = bits[b * 64 + t] != 7;
  int all = __syncthreads_or(c);
  flag[b * 2 + (t & 1)] = all;
  out[b * 64 + t] = flag[b * 2 + 1 - (t & 1)];
}
