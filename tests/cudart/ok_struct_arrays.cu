// expect-exit: 0
// expect-stdout: PASS
// expect-no-stderr: error
// A parameter struct passed by value whose fields include small arrays (floats, ints and
// a double after them, so the layout has padding): cuda2hlo-cc lays one parameter per
// element over the CUDA argument at the struct's C layout; the coefficients change
// between launches. Then a struct whose arrays are over 64 scalars (an array of structs
// {int; float} read through a pointer to a row, a float table read at run-time indices
// and through a pointer passed to a device function, doubles): each such array is one
// read-only input of the module, filled from the argument's bytes at every launch; a
// const reference to an element of a small array field at a run-time index.
#include <cmath>
#include <cstdio>
#include <cuda_runtime.h>
struct Params {
  float w[3];
  int off[2];
  char tag;
  double scale;
};
__global__ void apply(Params p, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = (float)(p.scale * (p.w[i % 3] * x[i] + p.off[i % 2])) + (float)p.tag;
}
struct Coef {
  int k;
  float f;
};
struct Table {
  char mode;
  Coef coef[12][8];
  float aff[16][6];
  int used;
  double bias[70];
  float shade[20];
};
__host__ __device__ float affine(const float *m, float x, float y) { return m[0] * x + m[1] * y + m[2]; }
__host__ __device__ float mix(const Table &t, int row, float x) {
  const Coef *c = &t.coef[row][0];
  float s = 0.0f;
  for (int j = 0; j < 8; j++) s += c[j].f * (float)(c[j].k + 1) * x;
  return s;
}
__host__ __device__ float table_value(const Table &t, float x, int i) {
  float v = affine(&t.aff[i % 16][0], x, (float)t.mode) + mix(t, (i / 3) % 12, x);
  const float &shade = t.shade[(i * 3) % 20];    // 20 scalars: one parameter each
  return v + (float)t.bias[(i * 7) % 70] * t.aff[i % 16][5] + (float)t.used + shade;
}
__global__ void table_apply(Table t, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = table_value(t, x[i], i);
}
static int check_table(const float *x, const float *hx, float *y, float *hy, int n) {
  static Table t;
  int bad = 0;
  for (int round = 0; round < 2; round++) {
    t.mode = (char)(3 - round);
    for (int r = 0; r < 12; r++)
      for (int j = 0; j < 8; j++) t.coef[r][j] = {(r * 5 + j + round) % 7 - 3, 0.125f * (float)((r + 2 * j) % 9) - 0.5f};
    for (int r = 0; r < 16; r++)
      for (int j = 0; j < 6; j++) t.aff[r][j] = 0.25f * (float)((r * 3 + j * 5 + round) % 11) - 1.0f;
    t.used = 10 * round - 4;
    for (int j = 0; j < 20; j++) t.shade[j] = 0.75f * (float)((j * 7 + round) % 5);
    for (int j = 0; j < 70; j++) t.bias[j] = 0.5 * (double)((j * 13 + round) % 17) - 4.0;
    table_apply<<<(n + 63) / 64, 64>>>(t, x, y, n);
    cudaMemcpy(hy, y, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
      float want = table_value(t, hx[i], i);
      if (std::fabs(hy[i] - want) > 1e-4f * (1.0f + std::fabs(want))) {
        if (bad < 5) printf("table round %d y[%d] = %g, want %g\n", round, i, hy[i], want);
        bad++;
      }
    }
  }
  return bad;
}
int main() {
  const int n = 200;
  float hx[n], hy[n];
  for (int i = 0; i < n; i++) hx[i] = 0.25f * (float)(i % 17) - 1.0f;
  float *x, *y;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  cudaMemcpy(x, hx, n * sizeof(float), cudaMemcpyHostToDevice);
  int bad = 0;
  for (int round = 0; round < 3; round++) {
    Params p;
    p.w[0] = 0.5f + round; p.w[1] = -1.0f; p.w[2] = 2.0f * round;
    p.off[0] = round; p.off[1] = -3;
    p.tag = (char)(2 + round);
    p.scale = 0.5 * (round + 1);
    apply<<<(n + 63) / 64, 64>>>(p, x, y, n);
    cudaMemcpy(hy, y, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
      float want = (float)(p.scale * (p.w[i % 3] * hx[i] + p.off[i % 2])) + (float)p.tag;
      if (hy[i] != want) {
        if (bad < 5) printf("round %d y[%d] = %g, want %g\n", round, i, hy[i], want);
        bad++;
      }
    }
  }
  bad += check_table(x, hx, y, hy, n);
  cudaFree(x);
  cudaFree(y);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
