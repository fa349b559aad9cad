/* cuda2hlo-test
launch: polar<<<2, 256>>>(x, y, r, theta, lo, hi, n)
buffer: x f32 400 uniform -2 2
buffer: y f32 400 uniform -2 2
buffer: r f32 400 zeros
buffer: theta f32 400 zeros
buffer: lo f32 400 zeros
buffer: hi f32 400 zeros
scalar: n = 400
check: r rtol=1e-5 atol=1e-6
check: theta rtol=1e-5 atol=1e-6
check: lo
check: hi
*/
// Device functions that return through pointers to locals and through references.
__device__ void to_polar(float x, float y, float *r, float *theta) {
  *r = sqrtf(x * x + y * y);
  *theta = atan2f(y, x);
}

__device__ __forceinline__ void order(float a, float b, float &lo, float &hi) {
  lo = a < b ? a : b;
  hi = a < b ? b : a;
}

__global__ void polar(const float *x, const float *y, float *r, float *theta, float *lo, float *hi, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float rr, tt, a, b;
  to_polar(x[i], y[i], &rr, &tt);
  order(x[i], y[i], a, b);
  r[i] = rr;
  theta[i] = tt;
  lo[i] = a;
  hi[i] = b;
}
