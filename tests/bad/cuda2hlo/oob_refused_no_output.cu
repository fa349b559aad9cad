// RUN: cuda2hlo %s --grid 2 --block 64 --size x=128 --size y=128 -o %out/k.mlir
// ERROR: oob_refused_no_output\.cu:9:38: error: 's' is read out of bounds: block \(0,0,0\) thread \(0,0,0\) reads s\[100\] of 64 elements \(one copy per block\)
// ERROR: note: in kernel 'far' \(--allow-oob accepts it as a warning
// An out-of-bounds access is refused: exit 1 and no module written.
__global__ void far(const float *x, float *y) {
  __shared__ float s[64];
  s[threadIdx.x] = x[blockIdx.x * 64 + threadIdx.x];
  __syncthreads();
  y[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x + 100];
}
