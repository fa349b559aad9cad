/* cuda2hlo-test
entry: run(x, y, n, w)
buffer: x f32 256 uniform -1 1
buffer: y f32 256 uniform 2 3
scalar: n = 256
scalar: w = 0.75
check: x rtol=1e-6 atol=1e-6
check: y rtol=1e-6 atol=1e-6
note: kernel parameters named like the entry's (n) receive other values (n / 2, n - 8); a scalar argument computed on the host (w * 2); one kernel raised for two constant bindings
*/
#include <cuda_runtime.h>

__global__ void scale(float *x, int n, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = s * x[i];
}

__global__ void add(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += x[i];
}

void run(float *x, float *y, int n, float w) {
  scale<<<(n + 63) / 64, 64>>>(x, n / 2, w * 2.0f);
  scale<<<(n + 63) / 64, 64>>>(y, n - 8, 0.5f);
  add<<<(n + 127) / 128, 128>>>(x, y, n);
}
