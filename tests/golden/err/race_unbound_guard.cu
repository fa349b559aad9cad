// RUN-FLAGS: --grid 2 --block 128 --size x=256 --size y=1 --emit stablehlo
// n is not bound: every thread below n writes y[0], a race as soon as n >= 2 (isl finds
// the first pair of threads and the smallest such n).
__global__ void last(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[0] = x[i];
}
