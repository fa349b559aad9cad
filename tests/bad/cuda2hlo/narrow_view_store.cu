// RUN: cuda2hlo %s --grid 1 --block 32 --size w=32 -o %out/k.mlir
// ERROR: narrow_view_store\.cu:13:3: error: a store through a pointer that views the u32 elements of 'w' as u8 cannot be translated: only reads can \(a part of an element other threads may also write\)
// ERROR: note: in kernel 'set_byte'
// Reads through a pointer to a narrower type are exact (tests/kernels/narrow_elem_view.cu);
// a store would rewrite one byte of a word: a read-modify-write of the whole element, a
// race with the thread that writes the word's next byte (here thread i+1 writes the byte
// after thread i's), so it is refused at the store.
__global__ void set_byte(unsigned *w) {
  int i = threadIdx.x;
  unsigned char *b = (unsigned char *)w;
  if (i >= 32)
    return;
  b[i] = (unsigned char)(i * 3);
}
