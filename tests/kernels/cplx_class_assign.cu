/* cuda2hlo-test
launch: cplx_class_assign<<<2, 64>>>(out, din, n)
buffer: out f32 128x2 zeros
buffer: din i32 128 randint -20 20
scalar: n = 124
check: out rtol=0 atol=0
note: a small complex class used the way codes use thrust::complex<float>: a converting
note: constructor (a float argument of an operator taking complexes becomes one), free
note: operator+ and operator* returning by value, and a member operator= from a float
note: that returns *this by reference (lowered for its effect); integer-valued operands
note: keep every result exact, bit for bit
*/
// Written for this test; the pattern is `acc = 0.0f; acc = acc + x * w;` in a DFT loop.
struct cplx {
  float re, im;
  __device__ cplx() : re(0.0f), im(0.0f) {}
  __device__ cplx(float r, float i = 0.0f) : re(r), im(i) {}
  __device__ cplx &operator=(float r) {
    re = r;
    im = 0.0f;
    return *this;
  }
};

__device__ cplx operator+(const cplx &a, const cplx &b) { return cplx(a.re + b.re, a.im + b.im); }
__device__ cplx operator*(const cplx &a, const cplx &b) {
  return cplx(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
}

__global__ void cplx_class_assign(cplx *out, const int *din, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  cplx sum, w;
  sum = 7.0f;                       // re = 7, im = 0
  sum = (float)(t & 3);             // overwritten: re = t & 3, im = 0
  for (int k = 0; k < 4; ++k) {
    w = cplx((float)(k - 1), (float)(2 - k));
    sum = sum + (float)din[t + k] * w;
  }
  cplx z;
  z = sum * cplx(0.0f, 1.0f);
  out[t] = z + 1.0f;
}
