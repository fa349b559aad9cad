// RUN: cuda2hlo %s --grid 2 --block 64 --size x=128 --size out=128 -o %out/k.mlir
// ERROR: barrier_do_forward_continue\.cu:13:5: error: __syncthreads\(\) inside a loop that is not uniform across the thread block
// The test would see the block's minimum read after a barrier
// (tests/kernels/ctrl_do_forward_cond.cu), but in the second round the block continues
// before that read and the test sees each thread's own margin: refused.
__global__ void k(const int *x, int *out) {
  __shared__ int red[64];
  int t = threadIdx.x, b = blockIdx.x;
  int v = x[b * 64 + t], margin, n = 0;
  do {
    margin = v - 300;
    red[t] = margin;
    __syncthreads();
    v += 3;
    n++;
    if (n == 2)
      continue;
    __syncthreads();
    margin = red[0];
    __syncthreads();
  } while (margin < 0);
  out[b * 64 + t] = v;
}
