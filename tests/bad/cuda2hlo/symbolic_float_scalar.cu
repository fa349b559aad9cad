// RUN: cuda2hlo %s --grid 4 --block 256 --size x=1024 --size y=1024 --symbolic a -o %out/x.mlir
// ERROR: symbolic_float_scalar.cu:3:55: error: --symbolic a: 'a' is not an integer scalar
__global__ void scale(const float *x, float *y, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i];
}
