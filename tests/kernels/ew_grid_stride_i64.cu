/* cuda2hlo-test
launch: square_i64<<<3, 64>>>(x, y, n)
buffer: x i64 2000 randint -3000000 3000000
buffer: y i64 2000 zeros
scalar: n = 2000
check: y
*/
// Grid-stride loop with a 64-bit induction variable and a while loop.
__global__ void square_i64(const long long *x, long long *y, long long n) {
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  long long stride = (long long)blockDim.x * gridDim.x;
  while (i < n) {
    y[i] = x[i] * x[i] - i;
    i += stride;
  }
}
