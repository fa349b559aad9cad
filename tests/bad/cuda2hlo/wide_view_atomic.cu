// RUN: cuda2hlo %s --grid 1 --block 32 --size w=64 -o %out/k.mlir
// ERROR: wide_view_atomic\.cu:13:5: error: an atomic operation through a pointer that views 2 u32 elements of 'w' as one u64 at an element offset not known to be a multiple of 2 \(a misaligned atomic faults on the GPU\) cannot be translated
// ERROR: note: in kernel 'count_pairs'
// An atomic on two 32-bit words as one 64-bit word is exact when the word is aligned
// (tests/kernels/atomic_wide_view.cu: the raise reads the buffer as 64-bit units). Here
// the word starts at element i % 4 + 1, odd for even i: the GPU would fault on the
// misaligned address, and no unit of the buffer is that word, so it is refused at the
// call.
__global__ void count_pairs(unsigned *w) {
  int i = threadIdx.x;
  unsigned long long *w64 = (unsigned long long *)&w[i % 4 + 1];
  if (i < 32)
    atomicAdd(w64, 1ull);
}
