// RUN: cuda2hlo %s --grid 2 --block 64 --size x=128 --size out=128 -o %out/k.mlir
// ERROR: barrier_do_forward_thread_value\.cu:12:5: error: __syncthreads\(\) inside a loop that is not uniform across the thread block
// A do-while's test sees only the value its variable was last given in the body
// (tests/kernels/ctrl_do_forward_cond.cu); here that value is the thread's own element of
// the reduction, not the block's, so the test may differ between threads: refused.
__global__ void k(const int *x, int *out) {
  __shared__ int red[64];
  int t = threadIdx.x, b = blockIdx.x;
  int v = x[b * 64 + t], margin;
  do {
    red[t] = v - 300;
    __syncthreads();
    if (t < 32)
      red[t] = min(red[t], red[t + 32]);
    v += 3;
    margin = red[t];
    __syncthreads();
  } while (margin < 0);
  out[b * 64 + t] = v;
}
