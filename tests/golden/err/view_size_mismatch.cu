// RUN-FLAGS: --grid 1 --block 32 --shmem 512
// One extern __shared__ array read as elements of another size: 8-byte doubles over
// 4-byte floats would need the bytes of two elements at once.
__global__ void k(double *out) {
  extern __shared__ float s[];
  double *d = (double *)s;
  d[threadIdx.x] = 1.0;
  out[threadIdx.x] = d[threadIdx.x];
}
