// RUN: cuda2hlo %s --grid 2 --block 64 --size x=128 --size out=128 -o %out/k.mlir
// ERROR: barrier_do_forward_later_write\.cu:12:5: error: __syncthreads\(\) inside a loop that is not uniform across the thread block
// The block's minimum read after a barrier would make the test uniform
// (tests/kernels/ctrl_do_forward_cond.cu), but thread 0 changes its copy after that
// read, so the value the test sees differs between threads: refused.
__global__ void k(const int *x, int *out) {
  __shared__ int red[64];
  int t = threadIdx.x, b = blockIdx.x;
  int v = x[b * 64 + t], margin;
  do {
    red[t] = v - 300;
    __syncthreads();
    if (t < 32)
      red[t] = min(red[t], red[t + 32]);
    __syncthreads();
    margin = red[0];
    if (t == 0)
      margin++;
    v += 3;
    __syncthreads();
  } while (margin < 0);
  out[b * 64 + t] = v;
}
