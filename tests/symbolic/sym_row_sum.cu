/* cuda2hlo-test
launch: row_sum_n<<<2, 32>>>(a, s, n)
buffer: a i32 4096 randint -1000 1000
buffer: s i32 64 zeros
scalar: n = 64
check: s
note: 64 rows of 64; each thread sums the first n of its row
*/
// Row sums over the first n columns (n a runtime scalar: --symbolic n), integers: exact.
__global__ void row_sum_n(const int *a, int *s, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  int acc = 0;
  for (int j = 0; j < n; j++) acc += a[r * 64 + j];
  s[r] = acc;
}
