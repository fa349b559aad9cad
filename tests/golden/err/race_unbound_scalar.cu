// RUN-FLAGS: --grid 4 --block 256 --size y=1024 --emit stablehlo
// m is not bound: for any m below the launch's 1024 threads two threads write one
// element (reported with m = 1, the first value tried that races).
__global__ void fold(float *y, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i % m] = (float)i;
}
