// RUN-FLAGS: --grid 2 --block 64 --size x=128 --size y=128 --set n=128 --emit stablehlo
// Two kernels, no --kernel and no -o DIR: one module each is needed, so it is an error
// that names both.
__global__ void scale(float *y, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] *= a;
}

__global__ void copy(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
