// expect-exit: 0
// expect-stdout: PASS
// expect-stderr: 'emit' 1,1,1 x 64,1,1: 32 launches, per launch
// expect-no-stderr: error
// Run with CUDA2HLO_CUDART_STATS=1. The step counter t changes at every launch and
// indexes seq[t]: with t unknown that read may leave seq, so the module is converted with
// the condition (t < 0 or t >= 50) checked before each run (runtime/guard.c) instead of
// being raised again for every t: one specialisation serves the 48 launches after the
// first (32 reported). Expected values: the same recurrence on the host.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void emit(const float *prev, const int *seq, float *next, int m, int t) {
  int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s < m) {
    float best = prev[0];
    for (int r = 1; r < m; r++)
      best = fmaxf(best, prev[r] - 0.5f * (float)((r + s) % 3));
    next[s] = best + 0.25f * (float)seq[t];
  }
}
int main() {
  const int m = 40, len = 50;
  int hseq[len];
  float h[m], want[m], tmp[m];
  for (int i = 0; i < len; i++)
    hseq[i] = (i * 7) % 11;
  for (int s = 0; s < m; s++)
    h[s] = want[s] = (float)(s % 5);
  float *a, *b;
  int *seq;
  cudaMalloc(&a, sizeof h);
  cudaMalloc(&b, sizeof h);
  cudaMalloc(&seq, sizeof hseq);
  cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemcpy(seq, hseq, sizeof hseq, cudaMemcpyHostToDevice);
  for (int t = 1; t < len; t++) {
    emit<<<1, 64>>>(a, seq, b, m, t);
    float *x = a; a = b; b = x;
    for (int s = 0; s < m; s++) {
      float best = want[0];
      for (int r = 1; r < m; r++)
        best = fmaxf(best, want[r] - 0.5f * (float)((r + s) % 3));
      tmp[s] = best + 0.25f * (float)hseq[t];
    }
    for (int s = 0; s < m; s++)
      want[s] = tmp[s];
  }
  cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int s = 0; s < m; s++)
    bad += h[s] != want[s];
  printf("%d wrong\n%s\n", bad, bad ? "FAIL" : "PASS");
  return bad != 0;
}
