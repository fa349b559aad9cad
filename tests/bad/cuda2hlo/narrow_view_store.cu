// RUN: cuda2hlo %s --grid 1 --block 32 --size w=32 --allow-races -o %out/k.mlir
// ERROR: narrow_view_store\.cu:14:3: error: a store into part of a 4-byte element of 'w' cannot be translated: two threads write parts of one element \(block \(0,0,0\) thread \(\d+,0,0\) and block \(0,0,0\) thread \(\d+,0,0\), both here\); it rewrites the whole element \(a read-modify-write\), exact only when no other thread writes a part of it
// ERROR: note: in kernel 'set_byte'
// Reads through a pointer to a narrower type are exact (tests/kernels/narrow_elem_view.cu),
// and so are stores that the raise proves single-writer per element
// (tests/kernels/narrow_part_store.cu). Here thread i writes byte i: a read-modify-write
// of word i / 4 that threads i & ~3 .. i | 3 share, so it is refused at the store, even
// with --allow-races (CUDA's byte stores do not race; ours would lose updates).
__global__ void set_byte(unsigned *w) {
  int i = threadIdx.x;
  unsigned char *b = (unsigned char *)w;
  if (i >= 32)
    return;
  b[i] = (unsigned char)(i * 3);
}
