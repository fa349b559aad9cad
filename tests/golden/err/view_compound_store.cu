// RUN-FLAGS: --grid 1 --block 32 --shmem 256
// A compound assignment through a pointer that reinterprets ints as floats.
__global__ void k(float *out) {
  extern __shared__ int s[];
  float *f = (float *)s;
  f[threadIdx.x] = 0.0f;
  f[threadIdx.x] += 1.0f;
  out[threadIdx.x] = f[threadIdx.x];
}
