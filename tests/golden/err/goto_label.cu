// RUN-FLAGS: --grid 1 --block 32
__global__ void k(float *x) {
  if (x[0] > 0) goto out;
  x[threadIdx.x] = 1;
out:
  return;
}
