// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 -o %out
// ERROR: constant_ref_store\.cu:19:3: error: __constant__ memory is read-only in a kernel
// ERROR: constant_ref_store\.cu:25:8: error: __constant__ memory is read-only in a kernel
// ERROR: note: in kernel 'through_ptr_store'
// ERROR: note: in kernel 'through_ref'
// __constant__ memory read through a pointer cast from the array, or bound to a
// `const int &`, converts (tests/kernels/constant_const_ref.cu); a store through such a
// pointer, or binding a non-const reference a callee may write through, stays refused.
__constant__ int table[32];

__device__ void bump(int &v) { v += 1; }

__global__ void through_ptr(int *out) {
  int *p = (int *)table;
  out[threadIdx.x] = p[threadIdx.x];
}
__global__ void through_ptr_store(int *out) {
  int *p = (int *)table;
  p[threadIdx.x] = 1;
  out[threadIdx.x] = 0;
}
__global__ void through_ref(int *out) {
  int *p = (int *)table;
  out[threadIdx.x] = p[0];
  bump(p[threadIdx.x]);
}
