// RUN-FLAGS: --grid 1 --block 32
__device__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
__global__ void k(int *x) { x[threadIdx.x] = fact(x[threadIdx.x]); }
