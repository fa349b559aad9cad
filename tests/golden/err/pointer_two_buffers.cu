// RUN-FLAGS: --grid 1 --block 32
// A pointer variable assigned addresses in two different buffers.
__global__ void k(float *a, float *b, int c) {
  float *p = a;
  if (c) p = b;
  p[threadIdx.x] = 1.0f;
}
