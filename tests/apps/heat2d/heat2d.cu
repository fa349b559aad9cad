// heat2d: explicit 2-D diffusion whose grid is a struct passed by value (nx, ny, and the
// diffusion number), a time loop with pointer swaps, fixed boundaries, and the total heat
// reduced per block in shared memory each 10 steps; checked against the CPU. Usage: heat2d [NX NY STEPS]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(x) do { if ((x) != cudaSuccess) { printf("CUDA error line %d\n", __LINE__); return 1; } } while (0)

struct Grid {
  int nx, ny;
  float r;   // alpha * dt / h^2
};

__global__ void step(Grid g, const float *u, float *v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= g.nx || j >= g.ny) return;
  int k = j * g.nx + i;
  if (i == 0 || j == 0 || i == g.nx - 1 || j == g.ny - 1) { v[k] = u[k]; return; }
  v[k] = u[k] + g.r * (u[k - 1] + u[k + 1] + u[k - g.nx] + u[k + g.nx] - 4.0f * u[k]);
}

__global__ void total(const float *u, float *part, int n) {
  __shared__ float s[128];
  int t = threadIdx.x, i = blockIdx.x * 128 + t;
  s[t] = i < n ? u[i] : 0.0f;
  __syncthreads();
  for (int h = 64; h > 0; h >>= 1) {
    if (t < h) s[t] += s[t + h];
    __syncthreads();
  }
  if (t == 0) part[blockIdx.x] = s[0];
}

int main(int argc, char **argv) {
  Grid g = {argc > 3 ? atoi(argv[1]) : 64, argc > 3 ? atoi(argv[2]) : 48, 0.2f};
  int steps = argc > 3 ? atoi(argv[3]) : 40, n = g.nx * g.ny, nb = (n + 127) / 128;
  float *h = (float *)calloc(n, 4), *r = (float *)calloc(n, 4), *t = (float *)calloc(n, 4);
  float *part = (float *)malloc(nb * 4);
  for (int j = g.ny / 3; j < 2 * g.ny / 3; j++)
    for (int i = g.nx / 3; i < 2 * g.nx / 3; i++) h[j * g.nx + i] = r[j * g.nx + i] = 10.0f;
  float *du, *dv, *dp;
  CHECK(cudaMalloc(&du, n * 4)); CHECK(cudaMalloc(&dv, n * 4)); CHECK(cudaMalloc(&dp, nb * 4));
  CHECK(cudaMemcpy(du, h, n * 4, cudaMemcpyHostToDevice));
  dim3 b(16, 8), gr((g.nx + 15) / 16, (g.ny + 7) / 8);
  int bad = 0;
  for (int s = 1; s <= steps; s++) {
    step<<<gr, b>>>(g, du, dv);
    float *x = du; du = dv; dv = x;
    for (int j = 0; j < g.ny; j++)
      for (int i = 0; i < g.nx; i++) {
        int k = j * g.nx + i;
        t[k] = (i == 0 || j == 0 || i == g.nx - 1 || j == g.ny - 1) ? r[k]
             : r[k] + g.r * (r[k - 1] + r[k + 1] + r[k - g.nx] + r[k + g.nx] - 4.0f * r[k]);
      }
    memcpy(r, t, n * 4);
    if (s % 10 == 0) {
      total<<<nb, 128>>>(du, dp, n);
      CHECK(cudaMemcpy(part, dp, nb * 4, cudaMemcpyDeviceToHost));
      double sum = 0, ref = 0;
      for (int q = 0; q < nb; q++) sum += part[q];
      for (int k = 0; k < n; k++) ref += r[k];
      if (fabs(sum - ref) > 1e-3 * (1 + fabs(ref))) bad++;
    }
  }
  CHECK(cudaMemcpy(h, du, n * 4, cudaMemcpyDeviceToHost));
  for (int k = 0; k < n; k++)
    if (fabsf(h[k] - r[k]) > 1e-4f) bad++;
  printf("%d mismatches\n%s\n", bad, bad ? "FAIL" : "PASS");
  free(h); free(r); free(t); free(part);
  return bad != 0;
}
