/* cuda2hlo-test
launch: first_above<<<1, 128>>>(m, where, rows, cols, t)
buffer: m f32 6400 uniform 0 1
buffer: where i32 100 const 5
scalar: rows = 100
scalar: cols = 64
scalar: t = 0.97
check: where
note: about 14 percent of rows have no value above t and get -1
*/
// return from inside a loop: the first column whose value exceeds t, or -1.
__global__ void first_above(const float *m, int *where, int rows, int cols, float t) {
  int r = threadIdx.x;
  if (r >= rows) return;
  for (int c = 0; c < cols; c++) {
    if (m[r * cols + c] > t) {
      where[r] = c;
      return;
    }
  }
  where[r] = -1;
}
