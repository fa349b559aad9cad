// RUN: cuda2hlo %s --grid 1 --block 32 --size w=64 -o %out/k.mlir
// ERROR: wide_view_atomic\.cu:12:5: error: an atomic operation through a pointer that reinterprets 'w' as u64 cannot be translated
// ERROR: note: in kernel 'count_pairs'
// Reads and plain stores through a pointer to a wider type are exact
// (tests/kernels/wide_elem_view.cu): each covers whole elements. An atomic on two 32-bit
// words as one 64-bit word is one read-modify-write of both, which no element-wise
// scatter-add can express, so it is refused at the call.
__global__ void count_pairs(unsigned *w) {
  int i = threadIdx.x;
  unsigned long long *w64 = (unsigned long long *)w;
  if (i < 32)
    atomicAdd(w64 + i % 4, 1ull);
}
