// RUN-FLAGS: --grid 1 --block 32
__global__ void k(int *x) {
  while (__syncthreads_or(x[threadIdx.x] > 0)) x[threadIdx.x]--;
}
