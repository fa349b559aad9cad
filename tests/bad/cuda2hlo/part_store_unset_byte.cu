// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 -o %out/k.mlir
// ERROR: part_store_unset_byte\.cu:15:\d+: error: element \[\d+\] of shared array 's' is read here but no thread of its block has written it before
// ERROR: part_store_unset_byte\.cu:15:\d+: note: byte 2 of it is read, which no store before it has set
// Byte stores into shared words no thread wrote set only their own bytes (bytes 0 and 1
// of each word here): a later read of byte 2 reads memory no thread set (indeterminate in
// CUDA) and is refused; a read of the bytes stored is translated
// (tests/kernels/part_store_shared.cu).
__global__ void k(int *out) {
  __shared__ unsigned s[32];
  int t = threadIdx.x;
  ((unsigned char *)s)[4 * t] = (unsigned char)t;
  ((unsigned char *)s)[4 * t + 1] = (unsigned char)(t * 5);
  __syncthreads();
  int u = (t + 1) % 32;
  out[t] = ((unsigned char *)s)[4 * u] + ((unsigned char *)s)[4 * u + 2];
}
