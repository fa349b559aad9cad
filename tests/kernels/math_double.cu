/* cuda2hlo-test
launch: dmath<<<2, 128>>>(x, y, out, n)
buffer: x f64 200 uniform 0.1 3
buffer: y f64 200 uniform -2 2
buffer: out f64 3200 zeros
scalar: n = 200
check: out rtol=1e-12 atol=1e-13
note: 16 results per input, stored as out[k * n + i]
*/
// The double-precision math library: exp, log, sin, cos, tanh, sqrt, pow, erf, log1p,
// atan2, fmin, fmax, floor, ceil, round, trunc.
__global__ void dmath(const double *x, const double *y, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double a = x[i], b = y[i];
  double r[16] = {exp(b),         log(a),         sin(b),          cos(b),
                  tanh(b),        sqrt(a),        pow(a, b),       erf(b),
                  log1p(a),       atan2(b, a),    fmin(a, b),      fmax(a, b),
                  floor(4.0 * b), ceil(4.0 * b),  round(4.0 * b),  trunc(4.0 * b)};
  for (int k = 0; k < 16; k++) out[k * n + i] = r[k];
}
