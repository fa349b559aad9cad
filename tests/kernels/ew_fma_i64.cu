/* cuda2hlo-test
launch: fma_i64<<<3, 256>>>(a, b, c, d, n)
buffer: a i64 600 randint -2000000000 2000000000
buffer: b i64 600 randint -2000000000 2000000000
buffer: c i64 600 randint -1000000000000000000 1000000000000000000
buffer: d i64 600 zeros
scalar: n = 600
check: d
*/
// 64-bit signed multiply-add; operand ranges keep every product inside int64.
__global__ void fma_i64(const long long *a, const long long *b, const long long *c,
                        long long *d, long long n) {
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) d[i] = a[i] * b[i] + c[i] - (a[i] / 7) * i;
}
