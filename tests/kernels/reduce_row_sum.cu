/* cuda2hlo-test
launch: row_sum<<<4, 128>>>(m, sums, rows, cols)
buffer: m i32 32000 randint -1000 1000
buffer: sums i64 500 zeros
scalar: rows = 500
scalar: cols = 64
check: sums
*/
// Row sums of an int matrix into 64-bit accumulators, one thread per row.
__global__ void row_sum(const int *m, long long *sums, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    long long s = 0;
    for (int c = 0; c < cols; c++) s += m[r * cols + c];
    sums[r] = s;
  }
}
