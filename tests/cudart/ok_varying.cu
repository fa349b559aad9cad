// expect-exit: 0
// expect-stdout: PASS
// expect-stderr: 'shift' 2,1,1 x 64,1,1: 32 launches, per launch
// expect-stderr: 'wave' <=32,1,1 x 8,1,1: 8 launches, per launch
// expect-stderr-count: 6 'wave' .*raising its module
// expect-no-stderr: error
// Run with CUDA2HLO_CUDART_STATS=1. An integer scalar that changes at every launch (a
// step counter) becomes a module input after its second value: one module serves the 40
// launches (32 are reported by one specialisation). wrap's m cannot be an input: with m
// unknown, i % m may send two threads to one element (a race the raise refuses), so the
// library keeps specialising m, silently, and every result is still right.
// wave is a wavefront over 32 x 32 tiles of 8 x 8 cells: diagonal d launches one block per
// tile on it, 1, 2, ..., 32, ..., 2, 1 blocks, twice (126 launches). Once gridDim.x has
// changed it is a module input and the modules are raised over 4, 8, 16, 32 blocks, each
// serving every launch of up to that many: 6 raises for the 63 grids of the first pass
// (1 and 2 blocks specialised, d an input from its second value; <=4, <=8, <=16, <=32
// going up), none coming down nor in the second pass: a launch whose own bucket has no
// module takes the smallest larger one when that one's runs are cheap against a raise
// (launch.c larger: here well under a millisecond against hundreds), so 2 blocks and 1
// block take <=4 (stderr: a line as each raise starts). Specialised per grid (the
// library before gridDim.x inputs) it was 33 raises; with a module per bucket also coming
// down, 8 (<=2 and <=1).
#include <cstdio>
#include <cuda_runtime.h>
__global__ void shift(int *x, int n, int step) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += step;
}
__global__ void wrap(int *y, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i % m] = i + m;
}
#define TB 8              // threads per block, cells per tile side
#define NT 32             // tiles per side
#define NC (NT * TB + 1)  // cells per side of the score table, with its first row and column
__device__ int best(int a, int b) { return a > b ? a : b; }
// Block b computes tile (ti, d - ti), ti = max(0, d - NT + 1) + b: thread tx its row tx,
// cell (tx, k - tx) at step k, from its upper and left neighbours in the shared tile.
__global__ void wave(int *s, const int *w, int d) {
  __shared__ int t[TB + 1][TB + 1];
  int ti = (d >= NT ? d - NT + 1 : 0) + blockIdx.x, tj = d - ti, tx = threadIdx.x;
  int r0 = ti * TB, c0 = tj * TB;
  t[0][tx + 1] = s[r0 * NC + c0 + tx + 1];
  t[tx + 1][0] = s[(r0 + tx + 1) * NC + c0];
  if (tx == 0) t[0][0] = s[r0 * NC + c0];
  __syncthreads();
  for (int k = 0; k < 2 * TB - 1; k++) {
    int j = k - tx;
    if (j >= 0 && j < TB)
      t[tx + 1][j + 1] = w[(r0 + tx) * (NC - 1) + c0 + j] + best(t[tx][j + 1], t[tx + 1][j]);
    __syncthreads();
  }
  for (int j = 0; j < TB; j++)
    s[(r0 + tx + 1) * NC + c0 + j + 1] = t[tx + 1][j + 1];
}
// The CPU reference of wave's table: s[i][j] = w[i-1][j-1] + max(s[i-1][j], s[i][j-1]).
static int wave_check(int *ds, int *dw) {
  static int s[NC * NC], w[(NC - 1) * (NC - 1)], got[NC * NC];
  unsigned x = 12345;
  for (int i = 0; i < (NC - 1) * (NC - 1); i++) {
    x = x * 1103515245u + 12345u;
    w[i] = (int)((x >> 16) % 11) - 5;
  }
  for (int i = 0; i < NC; i++)
    for (int j = 0; j < NC; j++)
      s[i * NC + j] = i == 0 ? -j : j == 0 ? -i : 0;
  cudaMemcpy(dw, w, sizeof w, cudaMemcpyHostToDevice);
  for (int rep = 0; rep < 2; rep++) {
    cudaMemcpy(ds, s, sizeof s, cudaMemcpyHostToDevice);
    for (int d = 0; d < 2 * NT - 1; d++)
      wave<<<d < NT ? d + 1 : 2 * NT - 1 - d, TB>>>(ds, dw, d);
  }
  cudaMemcpy(got, ds, sizeof got, cudaMemcpyDeviceToHost);
  for (int i = 1; i < NC; i++)
    for (int j = 1; j < NC; j++) {
      int up = s[(i - 1) * NC + j], left = s[i * NC + j - 1];
      s[i * NC + j] = w[(i - 1) * (NC - 1) + j - 1] + (up > left ? up : left);
    }
  int bad = 0;
  for (int i = 0; i < NC * NC; i++)
    bad += got[i] != s[i];
  return bad;
}
int main() {
  const int n = 100;
  int h[128], *d, *dy;
  cudaMalloc(&d, n * sizeof(int));
  cudaMalloc(&dy, 1024 * sizeof(int));
  cudaMemset(d, 0, n * sizeof(int));
  int want = 0, bad = 0;
  for (int step = 1; step <= 40; step++) {
    shift<<<2, 64>>>(d, n, step);
    want += step;
  }
  cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++)
    bad += h[i] != want;
  for (int m = 128; m <= 512; m *= 2) {
    wrap<<<2, 64>>>(dy, m);
    cudaMemcpy(h, dy, 128 * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 128; i++)
      bad += h[i] != i + m;
  }
  int *ds, *dw;
  cudaMalloc(&ds, NC * NC * sizeof(int));
  cudaMalloc(&dw, (NC - 1) * (NC - 1) * sizeof(int));
  bad += wave_check(ds, dw);
  printf("%d wrong\n%s\n", bad, bad ? "FAIL" : "PASS");
  return bad != 0;
}
