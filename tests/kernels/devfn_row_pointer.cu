/* cuda2hlo-test
launch: normalize_rows<<<1, 128>>>(A, rows, cols)
buffer: A f32 6400 uniform 0.1 1
scalar: rows = 100
scalar: cols = 64
check: A rtol=1e-5 atol=1e-7
*/
// Pointer arithmetic into one buffer: a row pointer A + r * cols handed to device functions
// that read and then rewrite the row in place.
__device__ float row_sum(const float *row, int cols) {
  float s = 0.0f;
  for (int c = 0; c < cols; c++) s += row[c];
  return s;
}

__device__ void row_scale(float *row, int cols, float s) {
  for (int c = 0; c < cols; c++) row[c] *= s;
}

__global__ void normalize_rows(float *A, int rows, int cols) {
  int r = threadIdx.x;
  if (r >= rows) return;
  float *row = A + r * cols;
  row_scale(row, cols, 1.0f / row_sum(row, cols));
}
