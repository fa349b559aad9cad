/* cuda2hlo-test
launch: thrust_complex_accum<<<3, 32>>>(out, in, n)
buffer: out f32 96*4 zeros
buffer: in f32 96*2 uniform -100 100
scalar: n = 90
check: out rtol=0 atol=0
note: thrust::complex<float> from the toolkit's own header: its operator+= and -= (a
note: complex and a scalar right operand) assign `*this` through the binary operator and
note: return *this; exact (sums and differences)
*/
// FFT and N-body codes accumulate thrust::complex values in registers with +=.
#include <thrust/complex.h>

typedef thrust::complex<float> cf;

__global__ void thrust_complex_accum(float *out, const float *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  cf acc(1.0f, -2.0f), d(0.5f, 0.0f);
  for (int j = 0; j < 4; j++) {
    acc += cf(in[t * 2], in[t * 2 + 1] - (float)j);
    d -= in[((t + j) % n) * 2 + 1];
  }
  d += 3.0f;
  out[t * 4] = acc.real();
  out[t * 4 + 1] = acc.imag();
  out[t * 4 + 2] = d.real();
  out[t * 4 + 3] = d.imag();
}
