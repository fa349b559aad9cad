/* cuda2hlo-test
launch: ctrl_uniform_loops<<<4, 64>>>(x, coef, out, n, m)
buffer: x f32 256 uniform -1 1
buffer: coef f32 8 uniform -1 1
buffer: out f32 256*6 zeros
scalar: n = 250
scalar: m = 7
check: out rtol=1e-5 atol=1e-5
note: loops the same on every running lane run on one lane (simt_uniform.c, --report
note: `loop at L:C: the same on every running lane, run on one lane`); the others not
*/
// Lane-invariant loops and near misses in a SIMT kernel (a data loop and a shuffle keep
// it off the affine strategies). Run on one lane: a loop over coef under `i >= 5` (the
// first running lane is not lane 0), a loop with a break at a value of m, a loop inside
// a loop whose trip count differs per thread (its running lanes shrink). Not: a while
// over e, which threads increment under different conditions; a loop over c, which a
// continue taken by some threads only keeps apart.
__global__ void ctrl_uniform_loops(const float *x, const float *coef, float *out, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? x[i] : 0.0f, t = fabsf(v);
  int steps = 0;
  while (t > 0.05f && steps < 30) {
    t *= 0.7f;
    steps++;
  }
  float w = (float)steps;
  for (int off = 16; off > 0; off >>= 1) w = fmaxf(w, __shfl_xor_sync(0xffffffffu, w, off));
  float p = -1.0f;
  if (i >= 5) {
    p = 0.0f;
    for (int j = 0; j < m; j++)
      p = p * 0.5f + coef[j];
  }
  int q = 0;
  for (int j = 0; j < 100; j++) {
    if (j * j > 3 * m)
      break;
    q = j;
  }
  int e = m;
  for (int k = 0; k < 3; k++)
    if ((int)threadIdx.x % 4 < k)
      e = e + 1;
  float acc = 0.0f;
  while (e > 0) {
    acc += 0.5f * e;
    e--;
  }
  int c = 0;
  for (int k = 0; k < 8; k++) {
    if ((int)threadIdx.x % 3 == k % 3)
      continue;
    c += k;
  }
  int s = 0;
  for (int j = 0; j < c; j++)
    s += j;
  float z2 = 0.0f;
  for (int r = 0; r < (int)threadIdx.x % 4; r++) {
    int z = 0;
    for (int j = 0; j < m; j++)
      z += j * r;
    z2 += z;
  }
  if (i < n) {
    out[6 * i] = v * w;
    out[6 * i + 1] = p;
    out[6 * i + 2] = (float)q;
    out[6 * i + 3] = acc;
    out[6 * i + 4] = (float)s;
    out[6 * i + 5] = z2;
  }
}
