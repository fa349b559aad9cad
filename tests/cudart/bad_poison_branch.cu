// expect-exit: 1
// expect-stdout: first 16 of 16 stored
// expect-stderr: bad_poison_branch.cu:26: block: [0,0,0], thread: [12,0,0] a value that was never set (read from 'v') reaches a store to global memory
// expect-stderr: a device assert failed (cudaErrorAssert
// expect-stderr-count: 4 thread: \[1[2-5],0,0\] a value that was never set
// expect-no-stderr: PASS
// An `if` on a value that may be unset whose arms set only a local (issue 20): the local
// carries the condition's "not set" bit instead of a check at the branch, so the first
// launch (every v set) runs, and the second fails where the local, decided by an unset
// v, is stored: never the 0 or 1 that v's made-up value would give.
#include <cstdio>
#include <cuda_runtime.h>

#define THREADS 16

__global__ void sign(int *out, const float *in, int n) {
  float v;
  int t = threadIdx.x;
  if (t < n)
    v = in[t];
  int s;
  if (v > 0.0f)
    s = 1;
  else
    s = -1;
  out[t] = s;
}

int main() {
  float h[THREADS];
  int r[THREADS], *out;
  float *in;
  for (int i = 0; i < THREADS; i++)
    h[i] = (float)(i % 3) - 1.0f;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof r);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  sign<<<1, THREADS>>>(out, in, THREADS);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  int ok = 0;
  for (int i = 0; i < THREADS; i++)
    ok += r[i] == (h[i] > 0.0f ? 1 : -1);
  printf("first %d of %d stored\n", ok, THREADS);
  sign<<<1, THREADS>>>(out, in, 12);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", e == cudaSuccess ? "PASS" : "FAIL");
  return 0;
}
