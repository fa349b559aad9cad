/* cuda2hlo-test
launch: lambdas<<<3, 64>>>(x, y, n, a)
buffer: x f32 180 uniform -2 2
buffer: y f32 180 zeros
scalar: n = 180
scalar: a = 0.75
check: y
*/
// Lambdas and std::min/std::max in device code: a captureless lambda, one capturing a
// parameter and a local by copy, one by reference, and a kernel with __launch_bounds__
// and #pragma unroll 2.
#include <algorithm>

__global__ void __launch_bounds__(64) lambdas(const float *x, float *y, int n, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float off = 0.25f * a;
  auto sq = [](float v) { return v * v; };
  auto affine = [=](float v) { return a * v + off; };
  auto clampv = [&](float v) { return std::min(std::max(v, -off), 1.0f); };
  float acc = 0.0f;
#pragma unroll 2
  for (int j = 0; j < 4; j++) acc += affine(x[i] + (float)j);
  y[i] = sq(x[i]) + clampv(acc) + (float)std::max(i % 7, 3);
}
