// expect-exit: 0
// expect-stdout: PASS
// A float4 pointer argument: the frontend counts N objects as 4N scalars, so the launch
// sizes the buffer in objects (it read 4x past the allocation before: a SEGV).
#include <cstdio>
#include <cuda_runtime.h>
__global__ void norm2(const float4 *v, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = v[i].x * v[i].x + v[i].y * v[i].y + v[i].z * v[i].z + v[i].w * v[i].w;
}
int main() {
  const int n = 1000;
  float4 h[n];
  float r[n];
  for (int i = 0; i < n; i++) h[i] = make_float4(i, 1, 2, 3);
  float4 *dv;
  float *dout;
  cudaMalloc(&dv, n * sizeof(float4));
  cudaMalloc(&dout, n * sizeof(float));
  cudaMemcpy(dv, h, sizeof h, cudaMemcpyHostToDevice);
  norm2<<<(n + 255) / 256, 256>>>(dv, dout, n);
  cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; i++)
    if (r[i] != (float)i * i + 14.0f) bad++;
  printf("%d wrong\n%s\n", bad, bad ? "FAIL" : "PASS");
  return bad != 0;
}
