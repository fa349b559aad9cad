// RUN: cuda2hlo %s --grid 2 --block 128 --size x=256 --size y=2 --oob-check -o %out/m.mlir
// ERROR: oob_scaled_loop\.cu:15:17: error: 's' is read out of bounds: block \(0,0,0\) thread \(0,0,0\) reads s\[128\] of 128 elements
// ERROR: in kernel 'halve_too_far'
// A tree reduction started one level too high (t = 128 over 128 elements): s[tid + t]
// leaves the shared array on the first iteration. The later iterations of a loop that
// halves its variable are proven on [0, 128] (race_later.c scaled()); the first one,
// followed exactly, is reported with the thread and the element.
__global__ void halve_too_far(const float *x, float *y) {
  __shared__ float s[128];
  unsigned tid = threadIdx.x;
  s[tid] = x[blockIdx.x * 128 + tid];
  __syncthreads();
  for (unsigned t = 128; t > 0; t >>= 1) {
    if (tid < t)
      s[tid] += s[tid + t];
    __syncthreads();
  }
  if (tid == 0) y[blockIdx.x] = s[0];
}
