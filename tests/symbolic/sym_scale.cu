/* cuda2hlo-test
launch: axpy_n<<<4, 256>>>(x, y, a, n)
buffer: x f32 1000 uniform -1 1
buffer: y f32 1000 uniform -1 1
scalar: a = 1.5
scalar: n = 1000
check: y
note: the first n of 1000 elements; 24 threads of the last block idle at n = 1000
*/
// y = a*x + y on the first n elements; n is a runtime scalar (--symbolic n).
__global__ void axpy_n(const float *x, float *y, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
