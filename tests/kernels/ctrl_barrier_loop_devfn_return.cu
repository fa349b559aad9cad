/* cuda2hlo-test
launch: wavefront<<<dim3(3), dim3(16)>>>(cost, score, gap)
buffer: cost i32 3*16*16 randint -4 5
buffer: score i32 3*17*17 const 7
scalar: gap = 2
check: score
note: a barrier loop with constant bounds whose body calls a device function with two
note: returns under a thread-dependent if (an anti-diagonal wavefront, one tile per block)
*/
// Dynamic programming over a 17 x 17 shared tile, one anti-diagonal per barrier phase.
#define TB 16

__device__ int best3(int a, int b, int c) {
  int m = a > b ? a : b;
  if (m > c) return m;     // two returns: the inlined body exits early on some threads
  return c;
}

__global__ void wavefront(const int *cost, int *score, int gap) {
  __shared__ int t[TB + 1][TB + 1];
  int tx = threadIdx.x;
  const int *c = cost + blockIdx.x * TB * TB;
  int *out = score + blockIdx.x * (TB + 1) * (TB + 1);
  for (int y = 0; y <= TB; y++) t[y][tx + 1] = 0;
  t[0][tx + 1] = -(tx + 1) * gap;
  t[tx + 1][0] = -(tx + 1) * gap;
  if (tx == 0) t[0][0] = 0;
  __syncthreads();
  for (int m = 0; m < TB; m++) {           // upper-left triangle, diagonal m
    if (tx <= m) {
      int x = tx + 1, y = m - tx + 1;
      t[y][x] = best3(t[y - 1][x - 1] + c[(y - 1) * TB + x - 1], t[y][x - 1] - gap, t[y - 1][x] - gap);
    }
    __syncthreads();
  }
  for (int m = TB - 2; m >= 0; m--) {      // lower-right triangle
    if (tx <= m) {
      int x = tx + TB - m, y = TB - tx;
      t[y][x] = best3(t[y - 1][x - 1] + c[(y - 1) * TB + x - 1], t[y][x - 1] - gap, t[y - 1][x] - gap);
    }
    __syncthreads();
  }
  for (int y = 0; y <= TB; y++) out[y * (TB + 1) + tx + 1] = t[y][tx + 1];
  if (tx == 0)
    for (int y = 0; y <= TB; y++) out[y * (TB + 1)] = t[y][0];
}
