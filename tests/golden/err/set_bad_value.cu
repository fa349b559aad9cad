// RUN-FLAGS: --grid 1 --block 32 --set n=ten
__global__ void k(float *x, int n) { if (threadIdx.x < n) x[threadIdx.x] = 1; }
