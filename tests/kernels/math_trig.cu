/* cuda2hlo-test
launch: trig<<<2, 256>>>(x, y, s, c, t, a2, at, n)
buffer: x f32 400 uniform -3 3
buffer: y f32 400 uniform -3 3
buffer: s f32 400 zeros
buffer: c f32 400 zeros
buffer: t f32 400 zeros
buffer: a2 f32 400 zeros
buffer: at f32 400 zeros
scalar: n = 400
check: s rtol=1e-5 atol=1e-6
check: c rtol=1e-5 atol=1e-6
check: t rtol=1e-5 atol=1e-6
check: a2 rtol=1e-5 atol=1e-6
check: at rtol=1e-5 atol=1e-6
*/
// Trigonometric and hyperbolic functions: sinf, cosf, tanhf, atan2f (all four quadrants), atanf.
__global__ void trig(const float *x, const float *y, float *s, float *c, float *t, float *a2,
                     float *at, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float u = x[i], v = y[i];
  s[i] = sinf(u);
  c[i] = cosf(u);
  t[i] = tanhf(u);
  a2[i] = atan2f(v, u);
  at[i] = atanf(u * v);
}
