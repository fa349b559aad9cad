// RUN-FLAGS: --grid 1 --block 32
__global__ void k(float *x) { x[threadIdx.x] = __fadd_ru(x[threadIdx.x], 1.0f); }
