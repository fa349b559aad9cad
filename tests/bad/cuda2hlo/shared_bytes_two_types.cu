// RUN: cuda2hlo %s --grid 1 --block 32 --shmem 256 --size o=32 -o %out/k.mlir
// ERROR: shared_bytes_two_types\.cu:9:13: error: the cast to 'int \*' reads the i8 elements of 'smem' as i32: only a reinterpretation as a type of the same size \(1 bytes\) can be translated
// ERROR: note: in kernel 'two_types'
// Dynamic shared memory declared as chars is retyped when it is used through one other
// type only (tests/kernels/shared_bytes_retype.cu); used as ints and as floats it stays
// bytes, and a view of its bytes as a wider type is refused at the cast.
__global__ void two_types(int *o) {
  extern __shared__ char smem[];
  int *si = (int *)smem;
  int t = threadIdx.x;
  si[t] = t;
  float *sf = (float *)smem;
  __syncthreads();
  o[t] = si[(t + 1) % 32] + (int)sf[t];
}
