// RUN-FLAGS: --grid 1 --block 32
__global__ void k(float *x, int *y) { y[threadIdx.x] = *reinterpret_cast<int *>(&x[threadIdx.x]); }
