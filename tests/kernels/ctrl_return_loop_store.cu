/* cuda2hlo-test
launch: clip_prefix<<<2, 64>>>(x, out, count, n, lim)
buffer: x f32 1024 uniform -1 1
buffer: out f32 1024 zeros
buffer: count i32 128 const 7
scalar: n = 120
scalar: lim = 0.9
check: out
check: count
note: each thread walks its 8 values in order, storing each one (and a running sum) until
note: one is above lim: there it stores the value negated and returns, so the store after
note: the loop (count) is made only by threads that never returned (some do, some do not)
*/
// A return under a data-dependent guard inside a loop that stores before and after it.
__global__ void clip_prefix(const float *x, float *out, int *count, int n, float lim) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  float s = 0.0f;
  for (int k = 0; k < 8; k++) {
    float v = x[t * 8 + k];
    out[t * 8 + k] = v + s;
    if (v > lim) {
      out[t * 8 + k] = -v;
      count[t] = -k;
      return;
    }
    s += v;
  }
  count[t] = 8;
}
