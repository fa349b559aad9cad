// RUN-FLAGS: --grid 1 --block 32
__global__ void k(float *x, int w) {
  x[threadIdx.x] = __shfl_down_sync(0xffffffffu, x[threadIdx.x], 1, w);
}
