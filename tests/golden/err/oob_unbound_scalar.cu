// RUN-FLAGS: --grid 4 --block 256 --size x=1000 --size y=1000 --emit stablehlo
// n is not bound: for n > 1000 the guard lets threads 1000..1023 through.
__global__ void copy_n(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i];
}
