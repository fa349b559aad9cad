/* cuda2hlo-test
launch: api_round<<<3, 64>>>(x, d, e, f, li, n)
buffer: x f32 160 uniform -40 40
buffer: d f64 160 uniform -1e6 1e6
buffer: e i32 160 randint -140 140
buffer: f f32 160*12 zeros
buffer: li i64 160*6 zeros
scalar: n = 160
check: f rtol=1e-5 atol=2e-5
check: li
note: sinpi/cospi/normcdf within a few ulp of the oracle's libm forms; the rest exact
*/
// CUDA Math API functions beyond the elementary ones: rounding to long (lrintf,
// llroundf, ...), sincosf and sincospif through pointers, modff, sinpif/cospif, normcdff,
// ldexpf/scalbnf over the whole exponent range, nextafterf, the halves of a double
// (__double2hiint, __double2loint, __hiloint2double) and fdividef.
__global__ void api_round(const float *x, const double *d, const int *e, float *f, long long *li, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i], s, c, ip;
  double w = d[i];
  sincosf(v, &s, &c);
  f[12 * i + 0] = s;
  f[12 * i + 1] = c;
  f[12 * i + 2] = modff(v, &ip);
  f[12 * i + 3] = ip;
  f[12 * i + 4] = sinpif(v * 0.37f);
  f[12 * i + 5] = cospif(v);
  f[12 * i + 6] = normcdff(v * 0.1f);
  f[12 * i + 7] = ldexpf(v, e[i]);
  f[12 * i + 8] = scalbnf(v * 1e-30f, e[i] / 2);
  f[12 * i + 9] = nextafterf(v, e[i] > 0 ? 100.0f : -100.0f) - v;
  f[12 * i + 10] = fdividef(v, 3.0f);
  sincospif(v * 0.01f, &s, &c);
  f[12 * i + 11] = s * c;
  li[6 * i + 0] = lrintf(v * 10.0f);
  li[6 * i + 1] = llrintf(v * 1000.0f);
  li[6 * i + 2] = lroundf(v * 3.0f);
  li[6 * i + 3] = llround(w) + lrint(w * 0.5);
  li[6 * i + 4] = __double2hiint(w) + (long long)__double2loint(w) * 3;
  li[6 * i + 5] = (long long)__hiloint2double(__double2hiint(w), __double2loint(w) ^ 1);
}
