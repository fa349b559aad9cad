/* cuda2hlo-test
launch: spmv_vector<<<50, 128>>>(row_ptr, col_idx, vals, x, y, rows)
buffer: row_ptr i32 201 file data/csr_row_ptr.npy
buffer: col_idx i32 1102 file data/csr_col_idx.npy
buffer: vals f32 1102 file data/csr_vals.npy
buffer: x f32 150 uniform -1 1
buffer: y f32 200 zeros
scalar: rows = 200
check: y rtol=1e-5 atol=1e-5
note: one warp per row (4 warps per block, 50 blocks)
*/
// CSR SpMV, vector kernel: the 32 lanes of a warp stride through one row, then a shuffle
// reduction; every lane of a warp has the same row, so the shuffles are warp-uniform.
__global__ void spmv_vector(const int *row_ptr, const int *col_idx, const float *vals,
                            const float *x, float *y, int rows) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  float s = 0.0f;
  if (warp < rows)
    for (int k = row_ptr[warp] + lane; k < row_ptr[warp + 1]; k += 32) s += vals[k] * x[col_idx[k]];
  for (int off = 16; off > 0; off /= 2) s += __shfl_down_sync(0xffffffffu, s, off);
  if (warp < rows && lane == 0) y[warp] = s;
}
