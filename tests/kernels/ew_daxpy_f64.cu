/* cuda2hlo-test
launch: daxpy<<<7, 128>>>(n, a, x, y)
buffer: x f64 777 uniform -10 10
buffer: y f64 777 uniform -10 10
scalar: n = 777
scalar: a = -0.75
check: y
*/
// Double-precision a*x + y on a size that leaves most of the last block idle.
__global__ void daxpy(int n, double a, const double *x, double *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  y[i] = a * x[i] + y[i];
}
