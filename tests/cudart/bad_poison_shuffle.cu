// expect-exit: 1
// expect-stdout: first 32 of 32 stored
// expect-stderr: bad_poison_shuffle.cu:23: block: [0,0,0], thread: [11,0,0] a value that was never set (read from 'v') reaches a store to global memory
// expect-stderr: a device assert failed (cudaErrorAssert
// expect-stderr-count: 21 thread: \[(1[1-9]|2[0-9]|3[01]),0,0\] a value that was never set
// expect-no-stderr: PASS
// A value that may be unset moved by a warp shuffle (issue 20): its "not set" bit moves
// with it (the same shuffle of the bit), so the first launch (every lane sets v) runs,
// and the second, where lanes 12.. leave v unset, fails at the store in lane 11, which
// received lane 12's unset value: never the 0 the made-up value would give. Lanes 12..
// take their own (unset) value only when the source is out of range, which the store
// also catches: lane 11 is the first.
#include <cstdio>
#include <cuda_runtime.h>

#define THREADS 32

__global__ void next(int *out, const int *in, int n) {
  int v;
  int t = threadIdx.x;
  if (t < n)
    v = in[t];
  out[t] = __shfl_down_sync(0xffffffffu, v, 1);
}

int main() {
  int h[THREADS], r[THREADS], *in, *out;
  for (int i = 0; i < THREADS; i++)
    h[i] = 3 * i + 1;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof r);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  next<<<1, THREADS>>>(out, in, THREADS);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  int ok = 0;
  for (int i = 0; i < THREADS; i++)
    ok += r[i] == h[i < THREADS - 1 ? i + 1 : i];
  printf("first %d of %d stored\n", ok, THREADS);
  next<<<1, THREADS>>>(out, in, 12);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", e == cudaSuccess ? "PASS" : "FAIL");
  return 0;
}
