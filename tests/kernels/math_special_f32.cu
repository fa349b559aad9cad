/* cuda2hlo-test
launch: special<<<1, 256>>>(x, ef, ec, em1, cb, n)
buffer: x f32 256 uniform -2.5 2.5
buffer: ef f32 256 zeros
buffer: ec f32 256 zeros
buffer: em1 f32 256 zeros
buffer: cb f32 256 zeros
scalar: n = 256
check: ef rtol=1e-5 atol=1e-6
check: ec rtol=1e-5 atol=1e-6
check: em1 rtol=1e-5 atol=1e-6
check: cb rtol=1e-5 atol=1e-6
*/
// Special functions in single precision: erff, erfcf, expm1f, cbrtf (negative arguments too).
__global__ void special(const float *x, float *ef, float *ec, float *em1, float *cb, int n) {
  int i = threadIdx.x;
  if (i < n) {
    float v = x[i];
    ef[i] = erff(v);
    ec[i] = erfcf(v);
    em1[i] = expm1f(v);
    cb[i] = cbrtf(v);
  }
}
