// RUN: cuda2hlo %s --grid 1 --block 32 -o %out/k.mlir
// ERROR: compound_literal_member\.cu:9:41: error: member access into memory cannot be translated here
// ERROR: note: in kernel 'literal_member'
// A compound literal is accepted where a struct value is (tests/kernels/compound_literal_cplx.cu:
// initialised, assigned, passed, returned, stored); a member read straight from one is not
// lowered yet and stays refused.
typedef float2 cf;
__global__ void literal_member(float *o) {
  o[threadIdx.x] = ((cf){ 1.0f, 2.0f }).y;
}
