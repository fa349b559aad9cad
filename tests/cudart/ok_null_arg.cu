// expect-exit: 0
// expect-stdout: PASS
// A pointer argument that is null: optional inputs and outputs a kernel tests before
// use (`if (bias)`, `if (out != nullptr)`; HeCBench kernelLaunch passes nullptr for its
// `char *out`). The launch raises the kernel with `--set P=0`: its tests are constants,
// the code under them is not translated. The same kernel launched with every pointer set
// is another specialisation. Before 2026-12-07 the first launch stopped the program:
// "pointer argument 'bias' is NULL".
#include <cstdio>
#include <cuda_runtime.h>
__global__ void affine(const float *x, const float *bias, float *y, float *sum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = 2.0f * x[i];
  if (bias) v += bias[i];
  y[i] = v;
  if (sum != nullptr) atomicAdd(sum, v);
}
int main() {
  const int n = 100;
  float hx[n], hb[n], hy[n], hs = 0, want = 0;
  for (int i = 0; i < n; i++) hx[i] = (float)i, hb[i] = 0.5f * (float)(i % 7);
  float *x, *b, *y, *s;
  cudaMalloc(&x, sizeof hx);
  cudaMalloc(&b, sizeof hb);
  cudaMalloc(&y, sizeof hy);
  cudaMalloc(&s, sizeof hs);
  cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
  cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice);
  cudaMemset(s, 0, sizeof hs);
  int bad = 0;
  affine<<<4, 32>>>(x, nullptr, y, nullptr, n);     /* no bias, no sum */
  if (cudaGetLastError() != cudaSuccess) bad++;
  cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) bad += hy[i] != 2.0f * hx[i];
  affine<<<4, 32>>>(x, b, y, s, n);                 /* both */
  cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hs, s, sizeof hs, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) {
    bad += hy[i] != 2.0f * hx[i] + hb[i];
    want += 2.0f * hx[i] + hb[i];
  }
  bad += hs != want;                                /* small integers and halves: exact */
  affine<<<4, 32>>>(x, nullptr, y, s, n);           /* sum only: adds the unbiased total */
  cudaMemcpy(&hs, s, sizeof hs, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) want += 2.0f * hx[i];
  bad += hs != want;
  printf("%d wrong\n%s\n", bad, bad ? "FAIL" : "PASS");
  return bad != 0;
}
