// RUN: cuda2hlo %s --grid 2,16 --block 8 --set n=4 --size x=64 --size out=256
// ERROR: unset_past_launch_search\.cu:29:7: warning: 'row' is read here but is not set on every path that reaches this read
// ERROR: note: declared here without an initial value
// pair_of sets *row only when blockIdx.y is one of the n(n+1)/2 = 10 pairs of the lower
// triangle (tests/kernels/assigned_launch_range.cu launches exactly 10 rows of blocks):
// with gridDim.y = 16 the blocks 10 .. 15 leave the search without setting it, so the
// read is not accepted as set: a warning, and a poison bit beside row that fails the
// launch where it reaches the index (docs/idioms.md "Values that may be unset"; as a `Must be launched with a M x D*D grid` covariance kernel would
// read an unset row in its last D(D-1)/2 rows of blocks).
__device__ void pair_of(int n, int *row, int *col) {
  int i = 0;
  for (int r = 0; r < n; r++)
    for (int c = 0; c <= r; c++) {
      if (i == blockIdx.y) {
        *row = r;
        *col = c;
        return;
      }
      i++;
    }
}

__global__ void tri_pairs(const float *x, float *out, int n) {
  int row, col;
  pair_of(n, &row, &col);
  int t = threadIdx.x;
  if (blockIdx.x < 2)
    out[(blockIdx.x * gridDim.y + blockIdx.y) * blockDim.x + t] =
    x[row * 8 + t] + (float)col;
}
// The read is checked at run time (docs/idioms.md, "Values that may be unset"):
// EXIT: 0
