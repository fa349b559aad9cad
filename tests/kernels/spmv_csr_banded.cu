/* cuda2hlo-test
launch: build_banded<<<3, 128>>>(row_ptr, col_idx, vals, n)
launch: spmv_csr<<<3, 128>>>(row_ptr, col_idx, vals, x, y, n)
buffer: row_ptr i32 301 zeros
buffer: col_idx i32 1494 zeros
buffer: vals f32 1494 zeros
buffer: x f32 300 uniform -1 1
buffer: y f32 300 zeros
scalar: n = 300
check: row_ptr
check: col_idx
check: vals
check: y rtol=1e-5 atol=1e-5
note: a pentadiagonal 300 x 300 matrix has 5 n - 6 = 1494 nonzeros
*/
// A CSR matrix built on the device from a formula (band |c - r| <= 2), then multiplied.
#define HALF_BAND 2

__device__ int row_length(int r, int n) {
  int lo = r - HALF_BAND < 0 ? 0 : r - HALF_BAND;
  int hi = r + HALF_BAND > n - 1 ? n - 1 : r + HALF_BAND;
  return hi - lo + 1;
}

__global__ void build_banded(int *row_ptr, int *col_idx, float *vals, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n) return;
  int start = 0;
  for (int q = 0; q < r; q++) start += row_length(q, n);
  row_ptr[r] = start;
  if (r == n - 1) row_ptr[n] = start + row_length(r, n);
  int k = start;
  for (int c = r - HALF_BAND; c <= r + HALF_BAND; c++) {
    if (c < 0 || c >= n) continue;
    col_idx[k] = c;
    vals[k] = (c == r ? 4.0f : -1.0f / (float)(c > r ? c - r : r - c)) * (float)(r % 3 + 1);
    k++;
  }
}

__global__ void spmv_csr(const int *row_ptr, const int *col_idx, const float *vals,
                         const float *x, float *y, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < n) {
    float s = 0.0f;
    for (int k = row_ptr[r]; k < row_ptr[r + 1]; k++) s += vals[k] * x[col_idx[k]];
    y[r] = s;
  }
}
