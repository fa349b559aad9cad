// RUN: cuda2hlo %s --grid 1 --block 32 --shmem 256 --size o=32 -o %out/k.mlir
// ERROR: shared_bytes_two_types\.cu:12:14: error: the cast to 'bool \*' reads the i8 elements of 'smem' as i1: only a view whose numbers each cover whole 1-byte elements, or one at a time part of one, can be translated
// ERROR: note: in kernel 'two_types'
// Dynamic shared memory declared as chars is retyped when it is used through one other
// type only (tests/kernels/shared_bytes_retype.cu); used as ints and as bools it stays
// bytes: the ints cover whole bytes (a wide view, tests/kernels/wide_elem_view.cu), a
// bool over a byte is refused at the cast (any nonzero byte would have to read as true).
__global__ void two_types(int *o) {
  extern __shared__ char smem[];
  int *si = (int *)smem;
  int t = threadIdx.x;
  bool *sb = (bool *)smem;
  si[t] = t;
  __syncthreads();
  o[t] = si[(t + 1) % 32] + (sb[t] ? 1 : 0);
}
