// expect-exit: 0
// expect-stdout: PASS
// Pointer arguments whose objects are several scalars: a struct of three floats, rows
// of `float (*)[4]`, and a `void *` read as float2. The frontend counts N objects as
// N*k scalars (KirBuffer.per_object), and the launch sizes each buffer in objects from
// the one parse of the signature (cudart/jit.c layout).
#include <cstdio>
#include <cuda_runtime.h>
struct P3 { float x, y, z; };
__global__ void objects(const P3 *p, const float (*rows)[4], const void *v, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const float2 *w = (const float2 *)v;
    out[i] = p[i].x + 2 * p[i].y + 3 * p[i].z + rows[i][0] + rows[i][3] + w[i].x * w[i].y;
  }
}
int main() {
  const int n = 700;
  static P3 hp[n];
  static float hr[n][4];
  static float2 hw[n];
  static float r[n];
  for (int i = 0; i < n; i++) {
    hp[i].x = i, hp[i].y = 1, hp[i].z = -1;
    for (int j = 0; j < 4; j++) hr[i][j] = i + j;
    hw[i] = make_float2(i % 7, 2);
  }
  P3 *dp;
  float (*dr)[4];
  void *dw;
  float *dout;
  cudaMalloc(&dp, sizeof hp);
  cudaMalloc(&dr, sizeof hr);
  cudaMalloc(&dw, sizeof hw);
  cudaMalloc(&dout, sizeof r);
  cudaMemcpy(dp, hp, sizeof hp, cudaMemcpyHostToDevice);
  cudaMemcpy(dr, hr, sizeof hr, cudaMemcpyHostToDevice);
  cudaMemcpy(dw, hw, sizeof hw, cudaMemcpyHostToDevice);
  objects<<<(n + 127) / 128, 128>>>(dp, dr, dw, dout, n);
  cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; i++)
    if (r[i] != (float)i - 1.0f + (float)i + (float)(i + 3) + (float)(i % 7) * 2.0f) bad++;
  printf("%d wrong\n%s\n", bad, bad ? "FAIL" : "PASS");
  return bad != 0;
}
