// expect-exit: 1
// expect-stdout: d = 32: y[63] = 95
// expect-stderr: bad_oob_shift.cu:17:21: block: [0,0,0], thread: [56,0,0] 'x' is read out of bounds at index 96 (96 elements)
// expect-stderr-count: 1 'x' is read out of bounds
// A shift x[i + d] by a scalar d that varies between launches: libcuda2hlo_cudart makes
// d a module input, and isl cannot prove i + d in bounds for every d (it may overflow),
// so the module checks the index as it runs. d = 0, 8, ..., 32 stay inside x's 96
// elements (thread 63 reads x[63 + d]); d = 40 sends threads 56..63 past the end (on a
// GPU, an undefined read; before the check the module read the clamped x[95] and the
// program printed y[63] = 95 for d = 40): that launch stops the program, exit status 1,
// with one message naming the first thread out of bounds (the record is one element per
// access, not one per thread).
#include <cstdio>
#include <cuda_runtime.h>
__global__ void shift(const float *x, float *y, int n, int d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i + d];
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
  for (int d = 0; d <= 40; d += 8) {   /* the last launch reads past x */
    shift<<<1, 64>>>(x, y, n, d);
    cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
    printf("d = %d: y[63] = %g\n", d, hy[63]);
    fflush(stdout);
  }
  return 0;
}
