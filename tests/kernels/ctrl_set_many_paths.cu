/* cuda2hlo-test
launch: weigh<<<2, 64>>>(t, w, out, n, m)
buffer: t f32 64 uniform -1 1
buffer: w f32 64 uniform -1 1
buffer: out f32 128 zeros
scalar: n = 120
scalar: m = 8
check: out
note: loop counters declared at the top and reused by two modes; the first mode's inner
note: loop runs under a data-dependent test in each of 64 iterations of known loops
*/
// Definite assignment under many paths: `r` is set by its own for-initialiser before every
// read, but the walk over the known loops (8 x 8 iterations, each with a new test of a
// loaded weight) set it under more paths than a cell keeps; the newest path must survive.
__global__ void weigh(const float *t, const float *w, float *out, int n, int m) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < n) {
    int mode = tid % 2, row = tid / 2 % m;
    int p, q, r;
    float wv;
    float acc = 0.0f;
    if (mode == 0) {
      for (p = 0; p < m; ++p)
        for (q = 0; q < m; ++q) {
          wv = w[p * m + q];
          if (wv > 0.0f)
            for (r = 0; r < m; ++r) acc += t[row * m + r] * wv;
        }
    }
    if (mode == 1) {
      r = row;
      for (p = 0; p < m; ++p) {
        wv = w[p * m + r];
        if (wv > 0.0f) acc += t[p * m + r] * wv;
      }
    }
    out[tid] = acc;
  }
}
