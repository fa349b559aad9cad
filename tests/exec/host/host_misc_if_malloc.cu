/* cuda2hlo-test
entry: run(x, y, n, steps, mode)
buffer: x f32 300 uniform -1 1
buffer: y f32 300 uniform 3 4
scalar: n = 300
scalar: steps = 7
scalar: mode = 1
check: x rtol=1e-5 atol=1e-6
check: y rtol=1e-5 atol=1e-6
note: cudaMalloc temp, partial memcpy, memset of part, loop-dependent scalars and an if on the counter
*/
#include <cuda_runtime.h>
#include <utility>

__global__ void axpb(const float *x, float *y, int n, float a, float b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + b;
}

static void twice(float *p, float *q, int n, float a) {
  axpb<<<(n + 63) / 64, 64>>>(p, q, n, a, 0.0f);
  axpb<<<(n + 63) / 64, 64>>>(q, p, n, a, 1.0f);
}

void run(float *x, float *y, int n, int steps, int mode) {
  float *t;
  cudaMalloc(&t, n * sizeof(float));
  cudaMemset(t, 0, n * sizeof(float));
  cudaMemcpy(t, x, (n / 2) * sizeof(float), cudaMemcpyDeviceToDevice);
  float acc = 0.5f;
  for (int s = 0; s < steps; s++) {
    float a = (s % 3 == 0) ? 0.5f : 0.25f;
    acc += 0.125f * a;
    if (s == 2)
      axpb<<<(n + 63) / 64, 64>>>(t, y, n, acc, -1.0f);
    else
      twice(t, y, n, a);
    if (mode)
      std::swap(x, t);
  }
  cudaMemset(y, 0, 16 * sizeof(float));
  axpb<<<(n + 63) / 64, 64>>>(t, x, n, acc, 2.0f);

}
