// RUN-FLAGS: --grid 1 --block 32
__device__ float twice(float v) { return 2 * v; }
__global__ void k(float *x) {
  float (*f)(float) = twice;
  x[threadIdx.x] = f(x[threadIdx.x]);
}
