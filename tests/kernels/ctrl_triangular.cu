/* cuda2hlo-test
launch: lower_matvec<<<2, 128>>>(L, x, y, n)
buffer: L f32 65536 uniform -1 1
buffer: x f32 256 uniform -1 1
buffer: y f32 256 zeros
scalar: n = 256
check: y rtol=1e-5 atol=1e-4
note: only the lower triangle of L is read
*/
// Lower-triangular matrix-vector product: the inner trip count is the row index plus one.
__global__ void lower_matvec(const float *L, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float s = 0.0f;
    for (int j = 0; j <= i; j++) s += L[i * n + j] * x[j];
    y[i] = s;
  }
}
