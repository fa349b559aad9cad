// RUN: cuda2hlo %s --grid 1 --block 32 --size best=1 --size v=32 -o %out/k.mlir
// ERROR: atomic_view_max\.cu:11:3: error: an atomic operation through a pointer that reinterprets 'best' as u32 cannot be translated
// ERROR: note: in kernel 'view_max'
// An atomic through a pointer that views ints as unsigned ints is translated when it
// computes the same bits either way (add, sub, and, or, xor, exch, cas:
// tests/kernels/atomic_int_view.cu). A max compares by sign: -1 as unsigned is the
// largest value, as int one of the smallest, so the maximum of the words depends on the
// view and it stays refused.
__global__ void view_max(int *best, const unsigned *v) {
  int i = threadIdx.x;
  atomicMax((unsigned *)best, v[i]);
}
