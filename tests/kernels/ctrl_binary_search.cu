/* cuda2hlo-test
launch: row_of<<<9, 128>>>(row_ptr, rows_out, rows, nnz)
buffer: row_ptr i32 201 file data/csr_row_ptr.npy
buffer: rows_out i32 1102 const -1
scalar: rows = 200
scalar: nnz = 1102
check: rows_out
note: the answer equals data/coo_rows.npy (an independent check of the while loop)
*/
// Binary search in a nondecreasing array with repeats: a while loop with a data-dependent
// trip count; finds r with row_ptr[r] <= k < row_ptr[r + 1].
__global__ void row_of(const int *row_ptr, int *rows_out, int rows, int nnz) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= nnz) return;
  int lo = 0, hi = rows;  // invariant: row_ptr[lo] <= k < row_ptr[hi]
  while (hi - lo > 1) {
    int mid = (lo + hi) / 2;
    if (row_ptr[mid] <= k) lo = mid;
    else hi = mid;
  }
  rows_out[k] = lo;
}
