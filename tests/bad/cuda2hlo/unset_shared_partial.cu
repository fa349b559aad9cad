// RUN: cuda2hlo %s --grid 2 --block 64 --size x=128 --size out=128 -o %out/k.mlir
// ERROR: unset_shared_partial\.cu:13:19: error: element \[32\] of shared array 's' is read here but no thread of its block has written it before
// ERROR: unset_shared_partial\.cu:13:19: note: read by block \(0,0,0\) thread \(32,0,0\)
// ERROR: unset_shared_partial\.cu:9:20: note: 's' declared here
// Half of a block's shared array is filled; every thread reads its own element, so the
// upper half reads memory no thread set (indeterminate in CUDA; a raised module would
// read 0).
__global__ void k(const float *x, float *out) {
  __shared__ float s[64];
  int i = threadIdx.x, g = blockIdx.x * 64 + i;
  if (i < 32) s[i] = x[g];
  __syncthreads();
  out[g] = 2.0f * s[i];
}
