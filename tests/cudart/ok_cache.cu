// runs: 2
// expect-exit: 0
// expect-stdout: PASS
// expect-stderr: 'scale': signature read in
// expect-stderr: 'shift': signature read in
// expect-stderr-count: 2 module read in
// expect-stderr-count: 0 signature parsed|raising its module|module raised
// Run with CUDA2HLO_CUDART_STATS=1 (cudart/CMakeLists.txt), twice with one cache folder:
// the second run parses no device code and raises nothing. Each kernel's signature (the
// layout of its parameters: a struct argument's fields, a float4 pointer's 4 scalars per
// element) and each module come from the disk cache, and the results are still right.
#include <cstdio>
#include <cuda_runtime.h>
struct Affine {
  float a;
  int n;
  float b;
};
__global__ void scale(float4 *v, Affine t) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < t.n) {
    v[i].x = t.a * v[i].x + t.b;
    v[i].w = t.a * v[i].w;
  }
}
__global__ void shift(int *x, const int *y, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = y[i] + k * i;
}
int main() {
  const int n = 100;
  float4 hv[n];
  int hx[n], hy[n];
  for (int i = 0; i < n; i++) {
    hv[i] = make_float4((float)i, 1.0f, 2.0f, (float)(n - i));
    hy[i] = 3 * i - 7;
  }
  float4 *dv;
  int *dx, *dy;
  cudaMalloc(&dv, sizeof hv);
  cudaMalloc(&dx, sizeof hx);
  cudaMalloc(&dy, sizeof hy);
  cudaMemcpy(dv, hv, sizeof hv, cudaMemcpyHostToDevice);
  cudaMemcpy(dy, hy, sizeof hy, cudaMemcpyHostToDevice);
  Affine t = {2.0f, n, 0.5f};
  scale<<<2, 64>>>(dv, t);
  shift<<<4, 32>>>(dx, dy, n, 5);
  cudaMemcpy(hv, dv, sizeof hv, cudaMemcpyDeviceToHost);
  cudaMemcpy(hx, dx, sizeof hx, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; i++) {
    bad += hv[i].x != 2.0f * (float)i + 0.5f || hv[i].y != 1.0f || hv[i].z != 2.0f;
    bad += hv[i].w != 2.0f * (float)(n - i);
    bad += hx[i] != 3 * i - 7 + 5 * i;
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
