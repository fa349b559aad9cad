// RUN-FLAGS: --grid 1 --block 32
// `*p++ = p[1]`: the incremented pointer is read again in the same statement.
__global__ void k(float *a, int n) {
  float *p = a + threadIdx.x * n;
  for (int i = 0; i < n; i++) *p++ = p[1];
}
