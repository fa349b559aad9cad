/* cuda2hlo-test
launch: fast<<<2, 128>>>(x, s, c, l, p, sat, n)
buffer: x f32 256 uniform 0.1 3
buffer: s f32 256 zeros
buffer: c f32 256 zeros
buffer: l f32 256 zeros
buffer: p f32 256 zeros
buffer: sat f32 256 zeros
scalar: n = 256
check: s rtol=1e-4 atol=1e-5
check: c rtol=1e-4 atol=1e-5
check: l rtol=1e-4 atol=1e-5
check: p rtol=1e-4 atol=1e-5
check: sat rtol=0 atol=0
note: hardware approximations: the tolerances allow their documented error bounds
*/
// Fast intrinsics: __sinf, __cosf, __logf, __powf and __saturatef.
__global__ void fast(const float *x, float *s, float *c, float *l, float *p, float *sat, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  s[i] = __sinf(v);
  c[i] = __cosf(v);
  l[i] = __logf(v);
  p[i] = __powf(v, 1.5f);
  sat[i] = __saturatef(v - 1.0f);
}
