// expect-exit: 1
// expect-stdout: d = 0: thread 1 reads 1
// expect-stdout: d = 8: thread 7 reads 15
// expect-stderr: bad_oob_printf_assert.cu:26: void shift(const float *, float *, int, int): block: [0,0,0], thread: [60,0,0] Assertion `i != 60 || d < 40` failed.
// expect-stderr: bad_oob_printf_assert.cu:27:12: block: [0,0,0], thread: [56,0,0] 'x' is read out of bounds at index 96 (96 elements)
// expect-stderr-count: 1 Assertion
// expect-stderr-count: 1 out of bounds
// expect-stderr-count: 0 reads
// expect-no-stderr: PASS
// A kernel with every kind of device text a module records: a printf (per thread, some
// threads), an assert (per thread) and a run-time bounds check (one element: a shift by
// a scalar that varies between launches, so the index is checked as the module runs).
// The printf and the assert text each come from their own sites' records, thread by
// thread, and the bounds check's from its one element (runtime/printf.c walks the
// threads only for the sites of the kind it prints: a module whose only sites are bounds
// checks walks none). d = 40: thread 60's assert fails and threads 56..63 read past x;
// both are reported, the assert first, and the program stops.
#include <cassert>
#include <cstdio>
#include <cuda_runtime.h>
__global__ void shift(const float *x, float *y, int n, int d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if (i % 6 == 1)
      printf("d = %d: thread %d reads %d\n", d, i, i + d);
    assert(i != 60 || d < 40);
    y[i] = x[i + d];
  }
}
int main() {
  const int n = 64, len = 96;
  float hx[len], hy[n];
  for (int i = 0; i < len; i++)
    hx[i] = (float)i;
  float *x, *y;
  cudaMalloc(&x, sizeof hx);
  cudaMalloc(&y, sizeof hy);
  cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
  for (int d = 0; d <= 40; d += 8) {
    shift<<<1, 64>>>(x, y, n, d);
    cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
    if (hy[n - 1] != (float)(n - 1 + d)) {
      printf("FAIL: d = %d: y[63] = %g\n", d, hy[n - 1]);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
