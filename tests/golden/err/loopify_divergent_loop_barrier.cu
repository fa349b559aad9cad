// RUN-FLAGS: --emit loops --grid 1 --block 32 --size x=32 --size n=32
// A loop whose trip count comes from loaded data holds a barrier: refused.
__global__ void data_loop(float *x, const int *n) {
  for (int k = 0; k < n[threadIdx.x]; k++) {
    x[threadIdx.x] += 1.0f;
    __syncthreads();
  }
}
