// expect-exit: 1
// expect-stdout: first 16 of 16 stored
// expect-stderr: bad_poison_loop.cu:21: block: [0,0,0], thread: [13,0,0] a value that was never set (read from 'm') reaches a branch condition
// expect-stderr: a device assert failed (cudaErrorAssert
// expect-stderr-count: 3 thread: \[1[3-5],0,0\] a value that was never set
// expect-no-stderr: PASS
// A loop whose trip count may be unset (refused before issue 20): its test is checked
// at each iteration, so the first launch (every count set) runs, and the second fails
// in the threads whose loop would run a made-up number of times.
#include <cstdio>
#include <cuda_runtime.h>

#define THREADS 16

__global__ void sums(float *out, const int *cnt, int n) {
  int t = threadIdx.x;
  int m;
  if (t < n)
    m = cnt[t];
  float s = 0.0f;
  for (int j = 0; j < m; j++)
    s += 0.5f;
  out[t] = s;
}

int main() {
  int hc[THREADS], *cnt;
  float r[THREADS], *out;
  for (int i = 0; i < THREADS; i++)
    hc[i] = i % 5;
  cudaMalloc(&cnt, sizeof hc);
  cudaMalloc(&out, sizeof r);
  cudaMemcpy(cnt, hc, sizeof hc, cudaMemcpyHostToDevice);
  sums<<<1, THREADS>>>(out, cnt, THREADS);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  int ok = 0;
  for (int i = 0; i < THREADS; i++)
    ok += r[i] == 0.5f * hc[i];
  printf("first %d of %d stored\n", ok, THREADS);
  sums<<<1, THREADS>>>(out, cnt, 13);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", e == cudaSuccess ? "PASS" : "FAIL");
  return 0;
}
