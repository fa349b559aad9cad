/* cuda2hlo-test
launch: spmv_scalar<<<2, 128>>>(row_ptr, col_idx, vals, x, y, rows)
buffer: row_ptr i32 201 file data/csr_row_ptr.npy
buffer: col_idx i32 1102 file data/csr_col_idx.npy
buffer: vals f32 1102 file data/csr_vals.npy
buffer: x f32 150 uniform -1 1
buffer: y f32 200 zeros
scalar: rows = 200
check: y rtol=1e-5 atol=1e-5
note: CSR from data/make.py: 200 x 150, 0..12 entries per row, some rows empty
*/
// CSR sparse matrix-vector product, one thread per row: the trip count is row_ptr data.
__global__ void spmv_scalar(const int *row_ptr, const int *col_idx, const float *vals,
                            const float *x, float *y, int rows) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    float s = 0.0f;
    for (int k = row_ptr[r]; k < row_ptr[r + 1]; k++) s += vals[k] * x[col_idx[k]];
    y[r] = s;
  }
}
