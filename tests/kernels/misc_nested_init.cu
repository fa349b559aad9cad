/* cuda2hlo-test
launch: rows_init<<<2, 64>>>(x, y, n)
buffer: x f32 100 uniform -1 1
buffer: y f32 600 zeros
scalar: n = 100
check: y
note: acc's braces give some elements, the rest start at zero; z = {{0}} zeroes a whole 3x2 array
*/
// Mutable local arrays initialised by nested braced lists: a list per row, elements left
// out are zero (`float z[3][2] = {{0}}`, the idiom of accumulators).
__global__ void rows_init(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float acc[2][3] = {{1.0f, 2.0f}, {3.0f}};
  float z[3][2] = {{0}};
  for (int r = 0; r < 2; r++)
    for (int c = 0; c < 3; c++) acc[r][c] += x[i] * (r + 1) + z[c][r];
  for (int c = 0; c < 3; c++) z[c][1] = acc[1][c] - acc[0][c];
  for (int k = 0; k < 6; k++) y[6 * i + k] = k < 3 ? acc[0][k] : z[k - 3][1];
}
