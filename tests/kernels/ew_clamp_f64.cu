/* cuda2hlo-test
launch: clamp_f64<<<4, 100>>>(x, lo, hi, y, n)
buffer: x f64 350 uniform -5 5
buffer: lo f64 1 const -2
buffer: hi f64 1 const 3.5
buffer: y f64 350 zeros
scalar: n = 350
check: y
*/
// Clamp against bounds read from one-element buffers (a thread-invariant load).
__global__ void clamp_f64(const double *x, const double *lo, const double *hi, double *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double v = x[i];
    if (v < lo[0]) v = lo[0];
    if (v > hi[0]) v = hi[0];
    y[i] = v;
  }
}
