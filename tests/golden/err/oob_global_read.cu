// RUN-FLAGS: --grid 4 --block 256 --size x=1000 --size y=1000 --set n=1000 --emit stablehlo
// A read past the end: threads 990..999 read x[1000..1009] (the store stays inside).
__global__ void shift_read(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i + 10];
}
