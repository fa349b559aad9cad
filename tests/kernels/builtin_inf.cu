/* cuda2hlo-test
launch: builtin_inf<<<2, 64>>>(mx, flags, in, n)
buffer: mx f32 128 zeros
buffer: flags i32 128*3 zeros
buffer: in f32 128*8 uniform -1000 1000
scalar: n = 100
check: mx rtol=0 atol=0
check: flags
note: INFINITY and NAN as glibc's <math.h> defines them (__builtin_inff(), __builtin_nanf(""))
note: and the double builtins: a running maximum that starts at -INFINITY and stays there
note: for threads that see no element, comparisons with an infinity, isnan of a NaN; exact
*/
// Published kernels (softmax, perplexity search) start a running maximum at -INFINITY from
// the C library's math.h, which spells it as a compiler builtin rather than a header function.
#include <math.h>

__global__ void builtin_inf(float *mx, int *flags, const float *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float m = -INFINITY;
  for (int k = 0; k < 8; k++)
    if (t < n && in[8 * t + k] > 0.0f)
      m = fmaxf(m, in[8 * t + k]);
  mx[t] = m;
  double big = __builtin_huge_val();
  flags[3 * t] = (m == -__builtin_inff()) + 2 * ((double)m < big) + 4 * (INFINITY > 1e38f);
  float q = NAN;
  flags[3 * t + 1] = isnan(q) + 2 * isnan(__builtin_nan("")) + 4 * (q != q) + 8 * isinf(m);
  flags[3 * t + 2] = (int)(t < n ? in[8 * t] : 0.0f) + (m < INFINITY);
}
