// RUN: cuda2hlo %s --grid 2 --block 32 --size w=64 --size out=64 -o %out/k.mlir
// ERROR: part_store_race_byte\.cu:\d+:\d+: error: data race on 'w'
// Thread i stores byte 1 of w[i] (the word's read-modify-write) while thread i - 1 reads
// byte 1 of w[i] in the same phase: a race in CUDA, refused, though reads of the word's
// other bytes beside such a store are not races (tests/kernels/part_store_read.cu).
__global__ void k(unsigned *w, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  ((unsigned char *)w)[4 * i + 1] = (unsigned char)i;
  out[i] = ((unsigned char *)w)[4 * ((i + 1) % 64) + 1];
}
