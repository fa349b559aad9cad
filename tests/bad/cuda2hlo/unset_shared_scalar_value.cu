// RUN: cuda2hlo %s --grid 1 --block 64 --size x=64 --size out=64 -o %out/k.mlir
// ERROR: unset_shared_scalar_value\.cu:12:23: error: element \[63\] of shared array 's' is read here but no thread of its block has written it before
// ERROR: unset_shared_scalar_value\.cu:12:23: note: read by block \(0,0,0\) thread \(0,0,0\) when n = 1
// Threads below n fill the array and read it mirrored: for n < 64 (n is not bound by --set)
// thread 0 reads element 63, which no thread wrote.
__global__ void k(const float *x, float *out, int n) {
  __shared__ float s[64];
  int i = threadIdx.x;
  if (i < n)
    s[i] = x[i];
  __syncthreads();
  if (i < n) out[i] = s[63 - i];
}
