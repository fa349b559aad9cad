// RUN: cuda2hlo %s --grid 1 --block 4 --size out=4 -o %out/k.mlir
// ERROR: struct_arrfield_list\.cu:14:15: error: element 0 of this array field cannot be initialised here
// ERROR: note: in kernel 'k'
// An array field that code stores into at a run-time index is a local array of its own
// in every local struct (tests/kernels/struct_arrfield_vec.cu); a brace list that sets it
// is not lowered into that array yet, so it is refused rather than leaving the elements
// unset.
struct Row {
  int n;
  float d[4];
};

__global__ void k(float *out, int j) {
  Row s = {1, {1.0f, 2.0f, 3.0f, 4.0f}};
  s.d[j & 3] = 5.0f;
  out[threadIdx.x] = s.d[threadIdx.x & 3];
}
