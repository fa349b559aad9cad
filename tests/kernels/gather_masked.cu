/* cuda2hlo-test
launch: gather_masked<<<4, 128>>>(x, idx, clamped, masked, n, m, fill)
buffer: x f64 400 uniform -1 1
buffer: idx i32 500 randint -50 450
buffer: clamped f64 500 zeros
buffer: masked f64 500 zeros
scalar: n = 500
scalar: m = 400
scalar: fill = -7.0
check: clamped rtol=0 atol=0
check: masked rtol=0 atol=0
note: about a fifth of the indices are out of range; they are clamped or masked, never read
*/
// Gathers with out-of-range indices: clamped with min/max, or masked with a fill value
// behind a short-circuit guard.
__global__ void gather_masked(const double *x, const int *idx, double *clamped, double *masked,
                              int n, int m, double fill) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int j = idx[i];
  clamped[i] = x[max(0, min(j, m - 1))];
  masked[i] = (j >= 0 && j < m) ? x[j] : fill;
}
