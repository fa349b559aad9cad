/* cuda2hlo-test
launch: row_stats<<<2, 64>>>(m, mean, var, cnt, rows, cols)
buffer: m f32 6400 uniform -2 2
buffer: mean f32 100 zeros
buffer: var f32 100 zeros
buffer: cnt i32 100 zeros
scalar: rows = 100
scalar: cols = 64
check: mean rtol=1e-5 atol=1e-6
check: var rtol=1e-4 atol=1e-5
check: cnt
*/
// A local struct updated in a loop and returned by value from a device function.
struct Stats {
  float sum, sumsq;
  int positive;
};

__device__ Stats add_sample(Stats s, float v) {
  s.sum += v;
  s.sumsq += v * v;
  s.positive += v > 0.0f;
  return s;
}

__global__ void row_stats(const float *m, float *mean, float *var, int *cnt, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  Stats s = {0.0f, 0.0f, 0};
  for (int c = 0; c < cols; c++) s = add_sample(s, m[r * cols + c]);
  float mu = s.sum / cols;
  mean[r] = mu;
  var[r] = s.sumsq / cols - mu * mu;
  cnt[r] = s.positive;
}
