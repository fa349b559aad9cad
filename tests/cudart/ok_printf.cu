// expect-stdout: before
// expect-stdout: launch 1: x[5] = 5.000 > 4 (block 1, thread 1)
// expect-stdout: launch 1: x[7] = 7.000 > 4 (block 1, thread 3)
// expect-stdout: launch 2: x[7] = 14.000 > 4 (block 1, thread 3)
// expect-stdout: launch 2: x[3] = 6.000 > 4 (block 0, thread 3)
// expect-stdout: PASS
// expect-stderr-count: 0 launch
// Device printf through the CUDA runtime library: each launch prints what its threads
// recorded (docs/idioms.md "Device printf"), zeros again for the next launch; the
// launch count and the buffer the kernel also writes are the program's.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void report(float *x, int n, int launch) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && x[i] > 4.0f)
    printf("launch %d: x[%d] = %.3f > 4 (block %d, thread %u)\n", launch, i, x[i], blockIdx.x, threadIdx.x);
  if (i < n)
    x[i] = 2.0f * x[i];
}
int main() {
  float h[8], *d;
  for (int i = 0; i < 8; i++)
    h[i] = (float)i;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  printf("before\n");
  fflush(stdout);
  report<<<2, 4>>>(d, 8, 1);
  cudaDeviceSynchronize();
  report<<<2, 4>>>(d, 8, 2);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int ok = h[7] == 28.0f && h[0] == 0.0f;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return !ok;
}
