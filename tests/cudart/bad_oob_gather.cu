// expect-exit: 1
// expect-stdout: in bounds: 256 of 256
// expect-stderr: bad_oob_gather.cu:15:21: block: [0,0,0], thread: [100,0,0] 'x' is read out of bounds at index 261 (256 elements)
// expect-stderr: device assert failed
// expect-stderr-count: 1 out of bounds
// A gather x[idx[i]] whose index comes from memory: the bounds walk cannot prove it in
// bounds, so the module checks it as it runs (--oob-check, which libcuda2hlo_cudart
// always gives: docs/bounds.md). The first launch stays in bounds and computes x[idx[i]];
// the second has idx[100] = 261, past the end of x (on a GPU, an undefined read): it
// stops the program with the access, the thread and x's extent named, exit status 1.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void gather(const float *x, const int *idx, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[idx[i]];
}
int main() {
  const int n = 256;
  float hx[n], hy[n];
  int hi[n];
  for (int i = 0; i < n; i++) {
    hx[i] = 0.5f * (float)i;
    hi[i] = (i * 7) % n;
  }
  float *x, *y;
  int *idx;
  cudaMalloc(&x, sizeof hx);
  cudaMalloc(&y, sizeof hy);
  cudaMalloc(&idx, sizeof hi);
  cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
  cudaMemcpy(idx, hi, sizeof hi, cudaMemcpyHostToDevice);
  gather<<<2, 128>>>(x, idx, y, n);
  cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
  int ok = 0;
  for (int i = 0; i < n; i++)
    ok += hy[i] == 0.5f * (float)((i * 7) % n);
  printf("in bounds: %d of %d\n", ok, n);
  fflush(stdout);
  hi[100] = n + 5;
  cudaMemcpy(idx, hi, sizeof hi, cudaMemcpyHostToDevice);
  gather<<<2, 128>>>(x, idx, y, n);
  cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
  printf("reached the end: y[100] = %g\n", hy[100]);
  return 0;
}
