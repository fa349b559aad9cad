// RUN-FLAGS: --grid 1 --block 32
__global__ void k(float *x) { x[threadIdx.x] = erfinvf(x[threadIdx.x]); }
