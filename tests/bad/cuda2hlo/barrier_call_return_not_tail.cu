// RUN: cuda2hlo %s --grid 2 --block 64 --size out=128 --size x=128 --set n=100 -o %out
// ERROR: barrier_call_return_not_tail\.cu:17:3: error: an early return from 'fill' before a barrier is not supported
// A `return` in a device function ends the thread only when nothing of the kernel runs
// after the call (src/loopify/tail_exits.c): here the store after the call runs in every
// thread, those that returned from `fill` early too, so the return is not a kernel
// return and the barrier after it is still refused. (tests/kernels/ctrl_tail_call_return.cu
// has the call as the kernel's last statement.)
__device__ void fill(float *out, const float *x, int n) {
  __shared__ float s[64];
  int i = blockIdx.x * 64 + threadIdx.x;
  if (i >= n) return;
  s[threadIdx.x] = x[i];
  __syncthreads();
  out[i] = s[63 - threadIdx.x];
}
__global__ void not_tail(float *out, const float *x, int n) {
  fill(out, x, n);
  out[blockIdx.x * 64 + threadIdx.x] += 1.0f;
}
