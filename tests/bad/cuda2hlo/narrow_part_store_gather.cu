// RUN: cuda2hlo %s --grid 1 --block 32 --size w=32 --size at=32 -o %out/k.mlir
// ERROR: narrow_part_store_gather\.cu:9:3: error: a store into part of a 4-byte element of 'w' cannot be translated: its element index is not a quasi-affine function of the thread; it rewrites the whole element
// ERROR: note: in kernel 'scatter_byte'
// A byte store at a loaded index (as HeCBench pns-cuda's marking updates): which threads
// share a word is not known, so the word's read-modify-write is refused.
__global__ void scatter_byte(unsigned *w, const int *at) {
  int i = threadIdx.x;
  unsigned char *b = (unsigned char *)w;
  b[at[i] & 127] = (unsigned char)i;
}
