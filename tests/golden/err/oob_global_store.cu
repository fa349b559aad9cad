// RUN-FLAGS: --grid 4 --block 256 --size x=1000 --size y=1000 --set n=1000 --emit stablehlo
// A store one past the end: thread 999 passes the guard and writes y[1000].
__global__ void shift_store(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i + 1] = x[i];
}
