// expect-exit: 0
// expect-stdout: PASS
// expect-stderr-count: 1 'k_same' .*: 4 launches, per launch [0-9.]+ ms run, [0-9.]+ ms copies$
// expect-no-stderr: skipped
// Run with CUDA2HLO_CUDART_STATS=1 CUDA2HLO_CUDART_SKIP=0 (cudart/CMakeLists.txt): the
// same launch four times, which ok_skip.cu shows skipped, runs every time when skipping
// is turned off. Expected values: the kernel's arithmetic on the host.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void k_same(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * 3.0f - 1.0f;
}
int main() {
  const int n = 300;
  static float h[n], got[n];
  float *in, *out;
  for (int i = 0; i < n; i++)
    h[i] = (float)(i % 11);
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  for (int t = 0; t < 4; t++)
    k_same<<<(n + 127) / 128, 128>>>(in, out, n);
  cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += got[i] != h[i] * 3.0f - 1.0f;
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
