/* cuda2hlo-test
launch: hints_toolkit<<<4, 64>>>(out, out4, outd, outi2, small, in, in4, n)
buffer: out f32 256 zeros
buffer: out4 f32 256x4 zeros
buffer: outd f64 256 zeros
buffer: outi2 i32 256x2 zeros
buffer: small i16 256 zeros
buffer: in f32 256 uniform -10 10
buffer: in4 f32 256x4 uniform -10 10
scalar: n = 250
check: out rtol=0 atol=0
check: out4 rtol=0 atol=0
check: outd rtol=0 atol=0
check: outi2
check: small
note: the cache-hinted stores (__stcs, __stcg, __stwb, __stwt) and loads when the file is
note: parsed with the CUDA toolkit's headers (it includes cuda_bf16.h, which the bundled
note: set lacks): clang's CUDA wrapper declares only __stwt there, and the Math API header
note: declares the others. Before, under the toolkit, '__stcs' had no matching function and
note: the Math API header itself did not compile (its list of types came from the bundled set).
*/
#include <cuda_bf16.h>

__global__ void hints_toolkit(float *out, float4 *out4, double *outd, int2 *outi2,
                              short *small, const float *in, const float4 *in4, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  float a = __ldcs(in + t);
  float4 v = __ldcg(&in4[t]);
  float b = __ldca(&in[(t + 5) % n]) - __ldlu(&in[(t + 9) % n]);
  __stcs(out + t, a * 0.5f - b);
  v.y -= a;
  v.z *= b;
  __stwt(&out4[t], v);
  __stwb(outd + t, (double)a * (double)b + 1.0);
  int2 p;
  p.x = t * 3 - 7;
  p.y = (int)(a * 100.0f);
  __stcg(&outi2[t], p);
  __stcs(&small[t], (short)(t * 131 - 9000));
}
