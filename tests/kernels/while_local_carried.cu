/* cuda2hlo-test
launch: row_moments<<<4, 64>>>(row_ptr, vals, mom, rows)
launch: row_lookup<<<4, 64>>>(row_ptr, col_idx, vals, tab, look, rows, ntab)
buffer: row_ptr i32 201 file data/csr_row_ptr.npy
buffer: col_idx i32 1102 file data/csr_col_idx.npy
buffer: vals f32 1102 file data/csr_vals.npy
buffer: tab i32 500 iota
buffer: mom f32 800 const -9
buffer: look f32 400 const -9
scalar: rows = 200
scalar: ntab = 500
check: mom rtol=1e-5 atol=1e-4
check: look rtol=1e-5 atol=1e-4
note: local arrays stored inside a data-dependent loop (a CSR row's nonzeros: its trip
note: count is the row's length). row_moments: each nonzero's powers in a small local
note: array t (set before it is read in the iteration: the body's own), weighted by a
note: local array w set before the loop (read only), accumulated into the local array
note: acc (each element a carried value of the while), one element only where the value
note: is positive (a guarded store); row_lookup: the nonzero's column looked up by a
note: binary search in a sorted table inside a device function that fills the local
note: array t through a pointer (a while nested in the row loop's body), accumulated
note: into acc as above. acc is stored after the loop.
*/
// Local array elements carried by a data-dependent loop.
__global__ void row_moments(const int *row_ptr, const float *vals, float *mom, int rows) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows) return;
  float acc[4], w[3];
  for (int k = 0; k < 3; k++) {
    acc[k] = 0.0f;
    w[k] = 1.0f / (k + 1);
  }
  acc[3] = -1.0f;
  for (int p = row_ptr[i]; p < row_ptr[i + 1]; p++) {
    float v = vals[p];
    float t[3];
    t[0] = 1.0f;
    t[1] = v;
    t[2] = v * v;
    for (int k = 0; k < 3; k++)
      acc[k] += t[k] * w[k];
    if (v > 0.0f)
      acc[3] += t[1];
  }
  for (int k = 0; k < 4; k++)
    mom[i * 4 + k] = acc[k];
}

__device__ void find_col(const int *tab, int n, int key, float *t) {
  int lo = 0, hi = n - 1;
  while (hi - lo > 1) {
    int mid = (lo + hi) / 2;
    if (tab[mid] > key)
      hi = mid;
    else
      lo = mid;
  }
  t[0] = (float)lo;
  t[1] = (float)(tab[hi] - key);
}

__global__ void row_lookup(const int *row_ptr, const int *col_idx, const float *vals,
                           const int *tab, float *look, int rows, int ntab) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows) return;
  float acc[2];
  acc[0] = 0.0f;
  acc[1] = 0.0f;
  for (int p = row_ptr[i]; p < row_ptr[i + 1]; p++) {
    float t[2];
    find_col(tab, ntab, col_idx[p] * 2 + 1, t);
    for (int k = 0; k < 2; k++)
      acc[k] += t[k] * vals[p];
  }
  look[i * 2] = acc[0];
  look[i * 2 + 1] = acc[1];
}
