/* cuda2hlo-test
launch: matvec<<<3, 128>>>(A, x, y, rows, cols)
buffer: A f32 60000 uniform -1 1
buffer: x f32 200 uniform -1 1
buffer: y f32 300 zeros
scalar: rows = 300
scalar: cols = 200
check: y rtol=1e-5 atol=1e-4
*/
// Matrix-vector product y = A x, one thread per row, a sequential dot product inside.
__global__ void matvec(const float *A, const float *x, float *y, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  const float *a = A + r * cols;
  float s = 0.0f;
  for (int c = 0; c < cols; c++) s += a[c] * x[c];
  y[r] = s;
}
