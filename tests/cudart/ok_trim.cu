// expect-exit: 0
// expect-stdout: PASS
// expect-stderr: run least recently:
// expect-stderr: trims of memory kept for reuse:
// expect-no-stderr: internal error
// Run with CUDA2HLO_CUDART_STATS=1 and CUDA2HLO_CUDART_CACHE_BYTES=4M (cudart/CMakeLists.txt):
// a 5-point filter runs at 20 sizes (each its own module: the size is specialised), with
// its weights in a struct passed by value (an input the entry copies into a buffer of its
// own), and an axpy at one size runs between them (updated in place). The cpu backend's
// pools of all the filter's sizes exceed the 4 MiB budget, so the entries run least
// recently are trimmed (a stats line says so); the filter then runs at its first sizes
// again, on trimmed entries, and the axpy goes on. Every result is checked against the
// same computation on the host (small integers: exact in float).
#include <cstdio>
#include <cuda_runtime.h>
struct Weights {
  float w[5];
};
__global__ void filter5(Weights wt, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float s = 0.0f;
    for (int k = -2; k <= 2; k++) {
      int j = min(max(i + k, 0), n - 1);
      s += x[j] * wt.w[k + 2];
    }
    y[i] = s;
  }
}
__global__ void axpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += a * x[i];
}
static int check_filter(const Weights &wt, const float *hx, const float *hy, int n) {
  int bad = 0;
  for (int i = 0; i < n; i++) {
    float r = 0.0f;
    for (int k = -2; k <= 2; k++) {
      int j = i + k < 0 ? 0 : i + k > n - 1 ? n - 1 : i + k;
      r += hx[j] * wt.w[k + 2];
    }
    bad += hy[i] != r;
  }
  return bad;
}
int main() {
  const int step = 32768, maxn = 20 * step, m = 1 << 18;
  float *hx = new float[maxn], *hy = new float[maxn];
  float *bx = new float[m], *by = new float[m], *want = new float[m];
  for (int i = 0; i < maxn; i++) hx[i] = (float)(i % 13);
  for (int i = 0; i < m; i++) bx[i] = (float)(i % 5), want[i] = by[i] = 1.0f;
  float *dx, *dy, *dbx, *dby;
  cudaMalloc(&dx, maxn * sizeof(float));
  cudaMalloc(&dy, maxn * sizeof(float));
  cudaMalloc(&dbx, m * sizeof(float));
  cudaMalloc(&dby, m * sizeof(float));
  cudaMemcpy(dx, hx, maxn * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dbx, bx, m * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dby, by, m * sizeof(float), cudaMemcpyHostToDevice);
  int bad = 0;
  // sizes 1..20 steps, then 1..3 again (entries trimmed by then)
  for (int s = 0; s < 23; s++) {
    int n = (s % 20 + 1) * step;
    Weights wt = {{1.0f, 2.0f, (float)(s % 4), 2.0f, 1.0f}};
    filter5<<<(n + 255) / 256, 256>>>(wt, dx, dy, n);
    axpy<<<m / 256, 256>>>(2.0f, dbx, dby, m);
    for (int i = 0; i < m; i++) want[i] += 2.0f * bx[i];
    cudaMemcpy(hy, dy, n * sizeof(float), cudaMemcpyDeviceToHost);
    int b = check_filter(wt, hx, hy, n);
    if (b) printf("size %d: %d wrong\n", n, b);
    bad += b;
  }
  cudaMemcpy(by, dby, m * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < m; i++) bad += by[i] != want[i];
  printf("%s %d\n", bad ? "FAIL" : "PASS", bad);
  cudaFree(dx), cudaFree(dy), cudaFree(dbx), cudaFree(dby);
  delete[] hx;
  delete[] hy;
  delete[] bx;
  delete[] by;
  delete[] want;
  return bad != 0;
}
