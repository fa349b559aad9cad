// RUN: cuda2hlo %s --grid 1 --block 64 --size x=64 --size out=64 -o %out/k.mlir
// ERROR: unset_shared_written_later\.cu:9:10: error: element \[0\] of shared array 's' is read here but no thread of its block has written it before
// The shared array is read in the phase before the one that fills it: every element
// written somewhere in the kernel, none before this read.
__global__ void k(const float *x, float *out) {
  __shared__ float s[64];
  int i = threadIdx.x;
  float prev;
  prev = s[i];
  __syncthreads();
  s[i] = x[i];
  __syncthreads();
  out[i] = s[63 - i] + prev;
}
