/* cuda2hlo-test
launch: roots<<<2, 128>>>(x, y, sq, rs, pw, fm, fd, hy, n)
buffer: x f32 256 uniform 0.1 10
buffer: y f32 256 uniform -2 2
buffer: sq f32 256 zeros
buffer: rs f32 256 zeros
buffer: pw f32 256 zeros
buffer: fm f32 256 zeros
buffer: fd f32 256 zeros
buffer: hy f32 256 zeros
scalar: n = 256
check: sq rtol=1e-6 atol=1e-7
check: rs rtol=1e-5 atol=1e-7
check: pw rtol=1e-4 atol=1e-6
check: fm rtol=1e-6 atol=1e-6
check: fd rtol=1e-5 atol=1e-7
check: hy rtol=1e-5 atol=1e-6
*/
// Roots and powers: sqrtf, rsqrtf, powf with a signed exponent, fmaf, __fdividef, hypotf.
__global__ void roots(const float *x, const float *y, float *sq, float *rs, float *pw, float *fm,
                      float *fd, float *hy, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float a = x[i], b = y[i];
  sq[i] = sqrtf(a);
  rs[i] = rsqrtf(a);
  pw[i] = powf(a, b);
  fm[i] = fmaf(a, b, 1.0f);
  fd[i] = __fdividef(b, a);
  hy[i] = hypotf(a, b);
}
