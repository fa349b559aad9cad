// RUN: cuda2hlo %s --grid 4 --block 256 --size x=1000 --size y=1000 --symbolic n -o %out/x.mlir
// ERROR: symbolic_always_out_of_bounds.cu:7:3: error: 'y' is written out of bounds: block \(3,0,0\) thread \(232,0,0\)
// The store is not guarded by n: no value of n keeps it in bounds, so there is no
// assertion to emit, only the error.
__global__ void fill(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = (i < n) ? x[i % 1000] : 0.0f;
}
