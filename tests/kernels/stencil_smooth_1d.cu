/* cuda2hlo-test
launch: smooth<<<4, 256>>>(u, v, n)
buffer: u f32 1000 uniform -1 1
buffer: v f32 1000 zeros
scalar: n = 1000
check: v
note: the example of DESIGN.md: three translated reads, one guarded box store [1, 999)
*/
// 1-D three-point smoothing with an interior guard, plus a complete host program.
#include <cstdio>
#include <cstdlib>

__global__ void smooth(const float *u, float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1) v[i] = 0.25f * u[i - 1] + 0.5f * u[i] + 0.25f * u[i + 1];
}

int main() {
  const int n = 1000;
  float *h_u = (float *)malloc(n * sizeof(float));
  float *h_v = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; i++) h_u[i] = (float)(i % 17) - 8.0f;
  float *d_u, *d_v;
  cudaMalloc(&d_u, n * sizeof(float));
  cudaMalloc(&d_v, n * sizeof(float));
  cudaMemcpy(d_u, h_u, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_v, 0, n * sizeof(float));
  smooth<<<(n + 255) / 256, 256>>>(d_u, d_v, n);
  cudaDeviceSynchronize();
  cudaMemcpy(h_v, d_v, n * sizeof(float), cudaMemcpyDeviceToHost);
  printf("v[1] = %g, v[%d] = %g\n", h_v[1], n - 2, h_v[n - 2]);
  cudaFree(d_u);
  cudaFree(d_v);
  free(h_u);
  free(h_v);
  return 0;
}
