/* cuda2hlo-test
launch: spmv_coo<<<9, 128>>>(rows_of, col_idx, vals, x, y, nnz)
buffer: rows_of i32 1102 file data/coo_rows.npy
buffer: col_idx i32 1102 file data/csr_col_idx.npy
buffer: vals f32 1102 file data/csr_vals.npy
buffer: x f32 150 uniform 0 1
buffer: y f32 200 zeros
scalar: nnz = 1102
check: y rtol=1e-4 atol=1e-5
note: the same matrix as spmv_csr_scalar in COO form; positive inputs for the float atomics
*/
// COO SpMV: one thread per nonzero, atomicAdd into the row's output (a data-dependent scatter).
__global__ void spmv_coo(const int *rows_of, const int *col_idx, const float *vals,
                         const float *x, float *y, int nnz) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < nnz) atomicAdd(&y[rows_of[k]], vals[k] * x[col_idx[k]]);
}
