/* cuda2hlo-test
launch: rank1<<<dim3(4, 8), dim3(32, 4)>>>(A, x, y, rows, cols, alpha)
buffer: A f32 3000 uniform -1 1
buffer: x f32 30 uniform -1 1
buffer: y f32 100 uniform -1 1
scalar: rows = 30
scalar: cols = 100
scalar: alpha = -0.5
check: A
*/
// Rank-1 update A += alpha x y^T (BLAS ger), read-modify-write of each element.
__global__ void rank1(float *A, const float *x, const float *y, int rows, int cols, float alpha) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < rows && c < cols) A[r * cols + c] += alpha * x[r] * y[c];
}
