/* cuda2hlo-test
launch: matvec_t<<<2, 128>>>(A, x, y, rows, cols, alpha, beta)
buffer: A f64 36000 uniform -1 1
buffer: x f64 180 uniform -1 1
buffer: y f64 200 uniform -1 1
scalar: rows = 180
scalar: cols = 200
scalar: alpha = 2.0
scalar: beta = 0.5
check: y rtol=1e-12 atol=1e-12
*/
// Transposed matrix-vector product y = alpha A^T x + beta y in double (coalesced columns).
__global__ void matvec_t(const double *A, const double *x, double *y, int rows, int cols,
                         double alpha, double beta) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < cols) {
    double s = 0.0;
    for (int r = 0; r < rows; r++) s += A[r * cols + c] * x[r];
    y[c] = alpha * s + beta * y[c];
  }
}
