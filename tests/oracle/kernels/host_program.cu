/* cuda2hlo-test
launch: scale_add<<<3, 100>>>(x, y, n)
buffer: x f32 300 uniform -2 2
buffer: y f32 300 uniform -2 2
scalar: n = 300
check: y
note: __constant__ memory; also an ordinary host main (run with the oracle's --main)
*/
#include <cstdio>
#include <cuda_runtime.h>
__constant__ float coef[2] = {1.5f, -0.25f};
__global__ void scale_add(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = coef[0] * x[i] + coef[1] * y[i];
}
int main() {
  const int n = 1000;
  float hx[n], hy[n], c[2] = {2.0f, 1.0f};
  for (int i = 0; i < n; i++) { hx[i] = (float)i; hy[i] = 1.0f; }
  float *dx, *dy;
  cudaMalloc(&dx, n * sizeof(float));
  cudaMalloc((void **)&dy, n * sizeof(float));
  cudaMemcpy(dx, hx, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, hy, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpyToSymbol(coef, c, sizeof c);
  cudaEvent_t a, b;
  cudaEventCreate(&a); cudaEventCreate(&b);
  cudaEventRecord(a);
  scale_add<<<(n + 255) / 256, 256>>>(dx, dy, n);
  cudaEventRecord(b);
  cudaEventSynchronize(b);
  if (cudaGetLastError() != cudaSuccess) return 1;
  cudaMemcpy(hy, dy, n * sizeof(float), cudaMemcpyDeviceToHost);
  double s = 0;
  for (int i = 0; i < n; i++) s += hy[i];
  printf("sum %.1f\n", s);   /* 2 * (0 + ... + 999) + 1000 = 1000000 */
  cudaFree(dx); cudaFree(dy);
  return s == 1000000.0 ? 0 : 1;
}
