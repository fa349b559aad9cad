// RUN: cuda2hlo %s --grid 2 --block 64 --size x=100 --size y=128 --set n=100 -o %out/k.mlir
// ERROR: barrier_tail_if_else\.cu:12:5: error: __syncthreads\(\) inside an if that is not uniform across the thread block
// A barrier under the kernel's last if is taken among the threads that enter it (the
// others are done: tests/kernels/ctrl_barrier_tail_if.cu), but not when the if has an
// else: the threads of the else are not done, and which barrier they would meet is not
// one that C++'s control flow gives. Refused.
__global__ void k(const float *x, float *y, int n) {
  __shared__ float s[64];
  int t = threadIdx.x, i = blockIdx.x * 64 + t;
  if (i < n) {
    s[t] = x[i];
    __syncthreads();
    y[i] = s[63 - t];
  } else {
    y[i] = 0.0f;
  }
}
