/* cuda2hlo-test
launch: tri_pairs<<<dim3(2, 10), 8>>>(x, out, n)
launch: tri_lower<<<dim3(2, 6, 2), dim3(8, 3)>>>(x, low, n3)
buffer: x f32 64 uniform -1 1
buffer: out f32 160 zeros
buffer: low f32 576 zeros
scalar: n = 4
scalar: n3 = 3
check: out
check: low
*/
// Values set only on some paths of a search over the launch: pair_of walks the lower
// triangle of an n x n matrix and sets *row, *col (then returns) at the pair numbered
// blockIdx.y, so they are set exactly when blockIdx.y < n(n+1)/2, which the launch's
// grid (gridDim.y == n(n+1)/2 here) makes always true: the definite-assignment check
// (src/frontend/assigned.c) knows blockIdx.y < gridDim.y, and the path that leaves the
// search without a hit, on which blockIdx.y is none of 0 .. n(n+1)/2 - 1, is never
// taken. tri_lower: the same over blockIdx.z and threadIdx.y, with a test `<` and a
// test `>=` on the builtins (a value set when blockIdx.z < 2 || threadIdx.y >= 3 is
// read, the launch has gridDim.z == 2).
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
  out[(blockIdx.x * gridDim.y + blockIdx.y) * blockDim.x + t] =
      x[row * 8 + t] * x[col * 8 + t] + (float)(row * 10 + col);
}

__global__ void tri_lower(const float *x, float *low, int n) {
  int row, col, z;
  pair_of(n, &row, &col);
  if (blockIdx.z < 2)
    z = blockIdx.z * 5;
  if (threadIdx.y >= 3)
    z = 7;
  int t = threadIdx.x;
  int at = ((blockIdx.z * gridDim.x + blockIdx.x) * gridDim.y + blockIdx.y) * 24 + threadIdx.y * 8 + t;
  low[at] = x[row * 8 + t] - x[col * 8 + t] + (float)(row * 100 + col * 10 + z);
}
