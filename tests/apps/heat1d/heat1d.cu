// heat1d: explicit 1-D diffusion with __constant__ weights, a time loop with pointer swaps,
// then a template kernel scaling the result; checked against the same steps on the CPU.
// Usage: heat1d [N]
#include <cstdio>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("CUDA error %s at %d\n", cudaGetErrorString(e), __LINE__); return 1; } } while (0)
__constant__ float coef[2];
__global__ void step(const float *u, float *v, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1) v[i] = u[i] + dt * (coef[0] * u[i-1] + coef[1] * u[i] + coef[0] * u[i+1]);
  else if (i == 0 || i == n - 1) v[i] = u[i];
}
template <typename T> __global__ void scale(T *x, T a, int n) { int i = blockIdx.x*blockDim.x+threadIdx.x; if (i < n) x[i] *= a; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000, steps = 10;
  float *h = (float*)malloc(n*sizeof(float)), *r = (float*)malloc(n*sizeof(float)), *t = (float*)malloc(n*sizeof(float));
  for (int i = 0; i < n; i++) h[i] = r[i] = (float)(i % 17);
  float c[2] = {1.0f, -2.0f};
  CHECK(cudaMemcpyToSymbol(coef, c, sizeof c));
  float *du, *dv; CHECK(cudaMalloc(&du, n*sizeof(float))); CHECK(cudaMalloc(&dv, n*sizeof(float)));
  CHECK(cudaMemcpy(du, h, n*sizeof(float), cudaMemcpyHostToDevice));
  for (int s = 0; s < steps; s++) {
    step<<<(n+255)/256, 256>>>(du, dv, 0.1f, n);
    float *tmp = du; du = dv; dv = tmp;
  }
  scale<float><<<(n+127)/128, 128>>>(du, 2.0f, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, du, n*sizeof(float), cudaMemcpyDeviceToHost));
  for (int s = 0; s < steps; s++) {
    for (int i = 0; i < n; i++) t[i] = (i > 0 && i < n-1) ? r[i] + 0.1f*(c[0]*r[i-1] + c[1]*r[i] + c[0]*r[i+1]) : r[i];
    memcpy(r, t, n*sizeof(float));
  }
  int bad = 0;
  for (int i = 0; i < n; i++) if (fabsf(h[i] - 2*r[i]) > 1e-3f * (1 + fabsf(r[i]))) bad++;
  printf("%s\n", bad ? "FAIL" : "PASS");
  free(h); free(r); free(t);
  return bad != 0;
}
