/* cuda2hlo-test
launch: half_math<<<2, 64>>>(a, p, exact, approx, n)
buffer: a f16 128 uniform -4 4
buffer: p f16 128 uniform 0.05 8
buffer: exact f16 128*4 zeros
buffer: approx f32 128*11 zeros
scalar: n = 128
check: exact rtol=0 atol=0
check: approx rtol=2e-3 atol=2e-3
note: hfloor/hceil/htrunc/hrint exact; the others are the float function rounded to half (within a half ulp of each other, 2^-11 relative)
*/
// cuda_fp16.h's half math functions: rounding functions (exact), and exponentials,
// logarithms, trigonometry, reciprocal and reciprocal square root, computed through
// float and rounded once to half (CUDA's own are approximate too).
#include <cuda_fp16.h>

__global__ void half_math(const __half *a, const __half *p, __half *exact, float *approx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half x = a[i], y = p[i];
  exact[4 * i] = hfloor(x);
  exact[4 * i + 1] = hceil(x);
  exact[4 * i + 2] = htrunc(x);
  exact[4 * i + 3] = hrint(x);
  float *o = approx + 11 * i;
  o[0] = __half2float(hexp(x));
  o[1] = __half2float(hexp2(x));
  o[2] = __half2float(hexp10(__hmul(x, __float2half(0.5f))));
  o[3] = __half2float(hlog(y));
  o[4] = __half2float(hlog2(y));
  o[5] = __half2float(hlog10(y));
  o[6] = __half2float(hsin(x));
  o[7] = __half2float(hcos(x));
  o[8] = __half2float(hrcp(y));
  o[9] = __half2float(hrsqrt(y));
  o[10] = __half2float(hsqrt(y));
}
