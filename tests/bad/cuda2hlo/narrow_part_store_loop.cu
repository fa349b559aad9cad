// RUN: cuda2hlo %s --grid 1 --block 32 --size w=32 --set n=4 -o %out/k.mlir
// ERROR: narrow_part_store_loop\.cu:13:5: error: a store into part of a 4-byte element of 'w' cannot be translated: the race check does not follow the iterations of its loop exactly
// ERROR: note: in kernel 'fill_bytes'
// The bytes of each thread's own word, but in a while loop: the race check follows its
// first two iterations only, so it cannot prove the later ones single-writer and the
// word's read-modify-write is refused (a `for` of constant step is followed exactly:
// tests/kernels/narrow_part_store.cu).
__global__ void fill_bytes(unsigned *w, int n) {
  int i = threadIdx.x;
  unsigned char *b = (unsigned char *)&w[i];
  int k = 0;
  while (k < n) {
    b[k] = (unsigned char)(i + k);
    k++;
  }
}
