// RUN-FLAGS: --grid 1 --block 32
__global__ void k(float *x) {
  float *tmp = (float *)malloc(16);
  x[threadIdx.x] = tmp[0];
}
