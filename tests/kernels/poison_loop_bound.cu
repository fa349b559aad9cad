/* cuda2hlo-test
launch: runs<<<2, 64>>>(out, x, cnt, n)
buffer: x f32 128 uniform -1 1
buffer: cnt i32 128 randint 0 9
buffer: out f32 128 const -3
scalar: n = 100
check: out
note: a trip count set only where x[i] > 0 (assigned.c cannot see that the loop runs
note: under the same condition, spelled !(x[i] <= 0)), then a loop bounded by it: its test
note: is checked at each iteration (poison.c loop_body) and never sees an unset value,
note: so the kernel raises and its result is exact (main before: refused, "'m' is read
note: here but is not set on every path")
*/
__global__ void runs(float *out, const float *x, const int *cnt, int n) {
  int i = blockIdx.x * 64 + threadIdx.x;
  int m;
  if (i < n && x[i] > 0.0f)
    m = cnt[i];
  if (i < n && !(x[i] <= 0.0f)) {
    float s = 0.0f;
    for (int j = 0; j < m; j++)
      s += x[(i + j) % 128];
    out[i] = s;
  }
}
