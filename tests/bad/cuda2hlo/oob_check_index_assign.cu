// RUN: cuda2hlo %s --grid 4 --block 256 --size x=1024 --size idx=1024 --size y=1024 --oob-check -o %out/m.mlir
// ERROR: oob_check_index_assign\.cu:10:7: error: this access is not proven in bounds and cannot be checked at run time \(its index has an effect
// ERROR: in kernel 'index_assign'
// --oob-check checks an access not proven in bounds before its statement, evaluating
// the index again; an index with an assignment in it would repeat its effect, and an
// if's test has no place after it for a captured index: refused (main before session 26
// left it unchecked).
__global__ void index_assign(const float *x, const int *idx, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (x[atomicAdd((int *)idx, 1)] > 0.0f)
    y[i] = 1.0f;
}
