// RUN-FLAGS: --grid 1 --block 32
__global__ void k(float *x) {
  x[threadIdx.x] = __shfl_xor_sync(0xffffffffu, x[threadIdx.x], 1, 12);
}
