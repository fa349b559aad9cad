// RUN: cuda2hlo %s --grid 1 --block 64 --size x=128 --size out=64 -o %out/k.mlir
// ERROR: shared_pointer_two_buffers\.cu:18:7: error: __shared__ pointer 'cur' is assigned an address in 'b' after one in 'a': a __shared__ pointer is held as an offset into one buffer
// A __shared__ pointer is held as an offset in shared memory into one buffer fixed at
// translation time (tests/kernels/shared_pointer.cu); one that thread 0 points at one
// of two shared arrays by a loaded value (as HeCBench quicksort's lqsort_kernel swaps
// its two pointers between its two shared arrays) would need the choice held too.
// Refused at the assignment into the second buffer.
__global__ void k(const float *x, float *out) {
  __shared__ float a[64], b[64];
  __shared__ float *cur;
  int t = threadIdx.x;
  a[t] = x[t];
  b[t] = x[64 + t];
  if (t == 0) {
    if (x[0] > 0.0f)
      cur = a;
    else
      cur = b;
  }
  __syncthreads();
  out[t] = cur[t];
}
