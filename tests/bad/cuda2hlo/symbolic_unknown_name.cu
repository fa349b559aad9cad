// RUN: cuda2hlo %s --grid 4 --block 256 --size x=1024 --size y=1024 --symbolic m -o %out/x.mlir
// ERROR: error: --symbolic m: no converted kernel has a scalar or pointer parameter of that name
// ERROR: note: the parameters of kernel 'scale': x, y, n
__global__ void scale(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 2.0f * x[i];
}
