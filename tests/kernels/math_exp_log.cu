/* cuda2hlo-test
launch: exp_log<<<2, 256>>>(x, e, fe, l, l1p, e2, l2, n)
buffer: x f32 500 uniform 0.01 4
buffer: e f32 500 zeros
buffer: fe f32 500 zeros
buffer: l f32 500 zeros
buffer: l1p f32 500 zeros
buffer: e2 f32 500 zeros
buffer: l2 f32 500 zeros
scalar: n = 500
check: e rtol=1e-5 atol=1e-6
check: fe rtol=1e-4 atol=1e-6
check: l rtol=1e-5 atol=1e-6
check: l1p rtol=1e-5 atol=1e-6
check: e2 rtol=1e-5 atol=1e-6
check: l2 rtol=1e-5 atol=1e-6
note: __expf is the fast hardware approximation (loose tolerance)
*/
// Exponentials and logarithms: expf, __expf, logf, log1pf, exp2f, log2f.
__global__ void exp_log(const float *x, float *e, float *fe, float *l, float *l1p, float *e2,
                        float *l2, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    e[i] = expf(v);
    fe[i] = __expf(-v);
    l[i] = logf(v);
    l1p[i] = log1pf(v * 1e-3f);
    e2[i] = exp2f(v - 2.0f);
    l2[i] = log2f(v);
  }
}
