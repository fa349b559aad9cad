/* cuda2hlo-test
launch: search<<<4, 64>>>(cdf, noisy, u, out, at, n)
buffer: cdf f32 300 iota
buffer: noisy f32 300 uniform 0 300
buffer: u f32 256 uniform -10 320
buffer: out f32 1024 zeros
buffer: at i32 1024 zeros
scalar: n = 250
check: out
check: at
*/
// Per-thread searches `for (x = ..; x < E; x++) if (A[x] OP v) { ..; break; }` (HeCBench
// particlefilter's kernel_find_index), which the affine strategy raises as a while over
// the lanes; where A is sorted (checked when the module runs) each lane's while starts at
// the first iteration that stops, found by a binary search (src/raise/affine_search.c).
// cdf is sorted (iota): the first loop leaps (some lanes find nothing: index -1, others
// stop at x = n before the end of cdf); the second (u[i] < cdf[x], cdf on the right, x
// from a start that depends on the thread, x += 1) leaps too; noisy is not sorted, so the
// third runs every iteration as before; the fourth asks cdf[x] <= v, which needs cdf
// non-increasing: it is not, so it runs as before.
__global__ void search(const float *cdf, const float *noisy, const float *u, float *out,
                       int *at, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int index = -1;
  float val = 0.0f;
  int x;
  for (x = 0; x < n; x++) {
    if (cdf[x] >= u[i]) {
      index = x;
      val = cdf[x] * 2.0f;
      break;
    }
  }
  at[i] = index;
  out[i] = val + (float)x;
  int j = -1;
  for (int y = i % 7; y < 300; y += 1) {
    if (u[i] < cdf[y]) {
      j = y;
      break;
    }
  }
  at[256 + i] = j;
  int k = -1;
  for (int z = 0; z < n; z++)
    if (noisy[z] > u[i]) {
      k = z;
      break;
    }
  at[512 + i] = k;
  out[512 + i] = k >= 0 ? noisy[k] : -1.0f;
  int m = -1;
  for (int w = 0; w < 300; ++w)
    if (cdf[w] <= u[i] - 200.0f) {
      m = w;
      break;
    }
  at[768 + i] = m;
}
