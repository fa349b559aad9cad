/* cuda2hlo-test
launch: sum_until<<<2, 128>>>(m, sums, stops, rows, cols, limit)
buffer: m i32 8192 randint -20 100
buffer: sums i32 256 zeros
buffer: stops i32 256 zeros
scalar: rows = 256
scalar: cols = 32
scalar: limit = 95
check: sums
check: stops
*/
// A loop with continue (skip negatives) and break (stop at the first value above limit).
__global__ void sum_until(const int *m, int *sums, int *stops, int rows, int cols, int limit) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  int s = 0, c = 0;
  for (; c < cols; c++) {
    int v = m[r * cols + c];
    if (v < 0) continue;
    if (v > limit) break;
    s += v;
  }
  sums[r] = s;
  stops[r] = c;
}
