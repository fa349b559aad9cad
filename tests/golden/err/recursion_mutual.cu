// RUN-FLAGS: --grid 1 --block 32
__device__ int odd(int n);
__device__ int even(int n) { if (n == 0) return 1; return odd(n - 1); }
__device__ int odd(int n) { if (n == 0) return 0; return even(n - 1); }
__global__ void k(int *x) { x[threadIdx.x] = even(x[threadIdx.x]); }
