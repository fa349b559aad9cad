/* cuda2hlo-test
launch: norm_rows<<<8, 32>>>(x, y, mean, rstd, bias, cols)
buffer: x f32 8*48 uniform -1 1
buffer: y f32 8*48 zeros
buffer: mean f32 8 zeros
buffer: rstd f32 8 zeros
buffer: bias f32 48 uniform -0.5 0.5
scalar: cols = 48
check: y
check: mean rtol=1e-5 atol=1e-5
check: rstd rtol=1e-4 atol=1e-5
note: optional outputs and inputs tested against null, as library kernels do; the host passes every one
*/
// Optional pointer parameters tested against null (`if (mean != nullptr)`, `if (bias)`,
// `p == NULL`, `!p`): a pointer parameter of a converted kernel is a module argument, a
// tensor, so every such test is a constant. Each row of x is normalised by one block.
#include <cstddef>

__device__ float add_bias(const float *b, int j, float v) {
  if (b == NULL) return v;
  return v + b[j];
}

__global__ void norm_rows(const float *x, float *y, float *mean, float *rstd, const float *bias, int cols) {
  const float *row = x + blockIdx.x * cols;
  float s = 0.0f, s2 = 0.0f;
  for (int j = 0; j < cols; j++) {
    s += row[j];
    s2 += row[j] * row[j];
  }
  float m = s / cols;
  float r = rsqrtf(s2 / cols - m * m + 1e-5f);
  if (mean != nullptr && threadIdx.x == 0) mean[blockIdx.x] = m;
  if (rstd && threadIdx.x == 0) rstd[blockIdx.x] = r;
  if (!y) return;
  for (int j = threadIdx.x; j < cols; j += blockDim.x) {
    float v = (row[j] - m) * r;
    y[blockIdx.x * cols + j] = bias != nullptr ? add_bias(bias, j, v) : v;
  }
}
