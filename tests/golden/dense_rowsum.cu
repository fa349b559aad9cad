/* cuda2hlo-test
launch: rowsum<<<2, 64>>>(m, s, rows, cols)
buffer: m f32 10000 uniform -1 1
buffer: s f32 100 zeros
scalar: rows = 100
scalar: cols = 100
check: s rtol=1e-5 atol=1e-5
note: raise strategy 2 golden: a long accumulation loop that is not a contraction is a reduce over the loop dimension
*/
__global__ void rowsum(const float *m, float *s, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float acc = 0.0f;
  for (int c = 0; c < cols; c++) acc += 2.0f * m[r * cols + c];
  s[r] = acc;
}
