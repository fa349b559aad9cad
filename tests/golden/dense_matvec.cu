/* cuda2hlo-test
launch: matvec<<<2, 64>>>(A, x, y, rows, cols)
buffer: A f32 8000 uniform -1 1
buffer: x f32 80 uniform -1 1
buffer: y f32 100 zeros
scalar: rows = 100
scalar: cols = 80
check: y rtol=1e-5 atol=1e-5
note: raise strategy 2 golden: a long accumulation loop that is a contraction is a dot_general (reshape, dot_general)
*/
__global__ void matvec(const float *A, const float *x, float *y, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float s = 0.0f;
  for (int c = 0; c < cols; c++) s += A[r * cols + c] * x[c];
  y[r] = s;
}
