/* cuda2hlo-test
launch: dot_f64<<<8, 128>>>(x, y, partial, result, n)
buffer: x f64 1000 uniform -1 1
buffer: y f64 1000 uniform -1 1
buffer: partial f64 8 zeros
buffer: result f64 1 zeros
scalar: n = 1000
check: partial rtol=1e-12 atol=1e-12
check: result rtol=1e-10 atol=1e-12
note: double atomicAdd of eight block sums (order-dependent in the last bits)
*/
// Double dot product: shared tree per block, block results combined with atomicAdd.
__global__ void dot_f64(const double *x, const double *y, double *partial, double *result, int n) {
  __shared__ double s[128];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? x[i] * y[i] : 0.0;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w /= 2) {
    if (t < w) s[t] += s[t + w];
    __syncthreads();
  }
  if (t == 0) {
    partial[blockIdx.x] = s[0];
    atomicAdd(result, s[0]);
  }
}
