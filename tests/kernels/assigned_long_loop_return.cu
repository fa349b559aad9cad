/* cuda2hlo-test
launch: first_gap<<<2, 64>>>(a, out, rows, len)
buffer: a i32 128*300 randint 0 2
buffer: out i32 128 zeros
scalar: rows = 120
scalar: len = 300
check: out
*/
// A device function that returns from inside a loop whose trip count --set makes known
// (300), read by its caller: each unrolled iteration's return sets the result on its own
// path, more paths than the definite-assignment check (src/frontend/assigned.c) keeps
// per value; a join where the value is set on each side's whole path makes it set
// everywhere (issue 20; HeCBench bwt's pattern). Also a local set before every break of
// such a loop and at its end.
__device__ int gap_at(const int *u, const int *v, int len) {
  for (int k = 0; k < len; k++) {
    if (u[k] != v[k])
      return k;
  }
  return -1;
}

__global__ void first_gap(const int *a, int *out, int rows, int len) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  int d = gap_at(a + r * len, a + (r + 1) * len, len);
  int w;
  for (int k = 0; k < len; k++) {
    if (a[r * len + k] + a[(r + 1) * len + k] == 2) {
      w = k * 3;
      break;
    }
    if (k == len - 1)
      w = -5;
  }
  out[r] = (d < 0 ? 0 : d * 4 + a[r * len + d] - a[(r + 1) * len + d]) + w;
}
