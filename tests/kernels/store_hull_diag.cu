/* cuda2hlo-test
launch: diag_wave<<<3, 16>>>(src, grid, diag)
buffer: src f32 3*16*16 uniform -1 1
buffer: grid f32 3*17*17 const 0.25
buffer: diag f32 3*31*16 const -3
check: grid
check: diag
note: a wavefront in global memory: at step m thread t (t <= m, then t > m - 16) writes
note: cell (m - t + 1, t + 1) of its block's 17 x 17 grid from its upper and left
note: neighbours, and the step's value into row m of diag: each store's range is an
note: anti-diagonal (no union of boxes), raised as a select over its hull box
*/
// Each block owns one 17 x 17 grid (row 0 and column 0 are the boundary) and a 31 x 16
// record of the anti-diagonals; one barrier per anti-diagonal.
#define N 16

__global__ void diag_wave(const float *src, float *grid, float *diag) {
  int t = threadIdx.x;
  const float *s = src + blockIdx.x * N * N;
  float *g = grid + blockIdx.x * (N + 1) * (N + 1);
  float *d = diag + blockIdx.x * (2 * N - 1) * N;
  for (int m = 0; m < N; m++) {            // upper-left triangle: anti-diagonal m
    if (t <= m) {
      int y = m - t + 1, x = t + 1;
      float v = 0.5f * (g[(y - 1) * (N + 1) + x] + g[y * (N + 1) + x - 1]) + s[(y - 1) * N + x - 1];
      g[y * (N + 1) + x] = v;
      d[m * N + t] = v * (float)(m + 1);
    }
    __syncthreads();
  }
  for (int m = N; m < 2 * N - 1; m++) {    // lower-right triangle
    if (t > m - N) {
      int y = m - t + 1, x = t + 1;
      float v = 0.5f * (g[(y - 1) * (N + 1) + x] + g[y * (N + 1) + x - 1]) - s[(y - 1) * N + x - 1];
      g[y * (N + 1) + x] = v;
      d[m * N + t] = v;
    }
    __syncthreads();
  }
}
