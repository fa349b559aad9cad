// expect-exit: 1
// expect-stdout: before
// expect-stderr: bad_assert.cu:20: void check(const float *, int): block: [1,0,0], thread: [1,0,0] Assertion `x[i] < 5.0f` failed.
// expect-stderr: bad_assert.cu:20: void check(const float *, int): block: [1,0,0], thread: [2,0,0] Assertion `x[i] < 5.0f` failed.
// expect-stderr: bad_assert.cu:20: void check(const float *, int): block: [1,0,0], thread: [3,0,0] Assertion `x[i] < 5.0f` failed.
// expect-stderr: a device assert failed (cudaErrorAssert
// expect-stderr-count: 3 Assertion
// expect-no-stderr: PASS
// A device assert that fails for some threads: CUDA's message for each (file:line:
// function: block, thread, the expression), then the program stops, since CUDA reports
// cudaErrorAssert to every later call (docs/idioms.md "Device assert"). The first launch's
// asserts all hold.
#include <cassert>
#include <cstdio>
#include <cuda_runtime.h>

__global__ void check(const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    assert(x[i] < 5.0f);
}
int main() {
  float h[8], *d;
  for (int i = 0; i < 8; i++)
    h[i] = (float)i;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  check<<<2, 4>>>(d, 5);
  printf("before\n");
  check<<<2, 4>>>(d, 8);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", e == cudaSuccess ? "PASS" : "FAIL");
  return 0;
}
