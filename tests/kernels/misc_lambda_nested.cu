/* cuda2hlo-test
launch: lambda_nested<<<2, 64>>>(src, dst, n, scale)
buffer: src f32 160 uniform -2 2
buffer: dst f32 160 zeros
scalar: n = 160
scalar: scale = 0.5
check: dst rtol=1e-6 atol=1e-6
note: lambdas made in each trip of a loop; one calls another it captured by copy
*/
// Lambdas as some ported codes write them: made inside a loop (so the
// closure is made again on each trip), an index helper with a deduced result, a kernel
// that calls it, and a void lambda that captures both by copy and stores. Calling a lambda
// leaves it as it is, and a lambda whose result is deduced as void is a statement.
__global__ void lambda_nested(const float *src, float *dst, int n, float scale) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 2; ++k) {
    int idx = 2 * t + k;
    auto off = [=](int row, int col) { return row * 16 + col; };
    auto ker = [=](int row, int col) {
      float s = 0.0f;
      for (int c = -1; c <= 1; ++c)
        if (col + c >= 0 && col + c < 16)
          s += src[off(row, col + c)];
      return scale * s;
    };
    auto apply = [=](int row, int col) {
      dst[off(row, col)] = ker(row, col);
    };
    if (idx < n)
      apply(idx / 16, idx % 16);
  }
}
