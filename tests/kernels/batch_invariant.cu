/* cuda2hlo-test
launch: batch_invariant<<<1030, 128>>>(x, coef, out, n, m, e)
buffer: x f32 131840 uniform -1 1
buffer: coef f32 16 uniform -1 1
buffer: out f32 131840 zeros
scalar: n = 131800
scalar: m = 13
scalar: e = 1000003
check: out rtol=1e-4 atol=1e-4
note: 131840 lanes, more than a SIMT batch: 2 batches; the polynomial's loop over m and
note: the square-and-multiply while over e do not depend on the lane: each runs on one
note: lane in each batch (simt_uniform.c)
*/
// Lane-invariant work inside a batched SIMT launch (as HeCBench ecdh's scalar-only point
// arithmetic): every thread evaluates the same polynomial of the scalar coefficients (a
// loop over the scalar m) and the same modular power (a while over the bits of the scalar
// e), then combines them with its own element and its warp's maximum step count (a shuffle
// of a data-dependent value keeps the SIMT strategy).
__global__ void batch_invariant(const float *x, const float *coef, float *out, int n, int m,
                                int e) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float p = 0.0f;
  for (int j = 0; j < m; j++)
    p = p * 0.5f + coef[j];
  unsigned r = 1, b = 7, k = (unsigned)e;
  while (k > 0) {
    if (k & 1) r = (r * b) % 65521;
    b = (b * b) % 65521;
    k >>= 1;
  }
  float v = i < n ? x[i] : 0.0f, t = fabsf(v);
  int c = 0;
  while (t > 0.05f && c < 30) {
    t *= 0.7f;
    c++;
  }
  float s = (float)c;
  for (int off = 16; off > 0; off >>= 1) s = fmaxf(s, __shfl_xor_sync(0xffffffffu, s, off));
  if (i < n) out[i] = v * p + s * 0.001f + (float)(r % 100) * 0.01f;
}
