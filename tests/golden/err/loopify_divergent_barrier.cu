// RUN-FLAGS: --emit loops --grid 2 --block 64 --size x=128
// A barrier under a condition that depends on threadIdx: CUDA requires every thread of
// the block to reach it, so loopify refuses it (DESIGN.md, "Loop IR").
__global__ void half_sync(float *x) {
  __shared__ float s[64];
  s[threadIdx.x] = x[threadIdx.x];
  if (threadIdx.x < 16) __syncthreads();
  x[threadIdx.x] = s[63 - threadIdx.x];
}
