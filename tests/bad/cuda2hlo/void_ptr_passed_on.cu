// RUN: cuda2hlo %s --grid 1 --block 32 --size p=32 -o %out/k.mlir
// ERROR: void_ptr_passed_on\.cu:12:7: error: the 'void \*' buffer 'p' is used other than as the operand of a cast to a typed pointer: its element type is unknown
// ERROR: note: in kernel 'passed_on'
// A `void *` parameter is a buffer of the element type its casts give only when the
// kernel's body uses it through such casts alone (src/frontend/voidptr.c); passed on
// uncast, its type would be what the callee makes of it, which is not looked into.
__device__ void put(void *q, int i) {
  ((float *)q)[i] = 1.0f;
}

__global__ void passed_on(void *p) {
  put(p, threadIdx.x);
}
