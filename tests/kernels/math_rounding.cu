/* cuda2hlo-test
launch: rounding<<<4, 128>>>(fl, ce, ro, tr, ri, mn, mx, ab, n)
buffer: fl f32 401 zeros
buffer: ce f32 401 zeros
buffer: ro f32 401 zeros
buffer: tr f32 401 zeros
buffer: ri f32 401 zeros
buffer: mn f32 401 zeros
buffer: mx f32 401 zeros
buffer: ab f32 401 zeros
scalar: n = 401
check: fl rtol=0 atol=0
check: ce rtol=0 atol=0
check: ro rtol=0 atol=0
check: tr rtol=0 atol=0
check: ri rtol=0 atol=0
check: mn rtol=0 atol=0
check: mx rtol=0 atol=0
check: ab rtol=0 atol=0
note: inputs are the exact quarters -50.00 .. 50.00, so halfway cases (x.5) occur:
note: roundf rounds them away from zero, rintf to even
*/
// Rounding and selection: floorf, ceilf, roundf, truncf, rintf, fminf, fmaxf, fabsf.
__global__ void rounding(float *fl, float *ce, float *ro, float *tr, float *ri, float *mn, float *mx,
                         float *ab, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = (float)(i - 200) * 0.25f;
  fl[i] = floorf(v);
  ce[i] = ceilf(v);
  ro[i] = roundf(v);
  tr[i] = truncf(v);
  ri[i] = rintf(v);
  mn[i] = fminf(v, 3.0f - v);
  mx[i] = fmaxf(v, -v * 0.5f);
  ab[i] = fabsf(v - 10.0f);
}
