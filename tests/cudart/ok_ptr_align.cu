// expect-exit: 0
// expect-stdout: PASS
// Interior pointers into a cudaMalloc allocation (256-byte aligned, CUDA C++ Programming
// Guide, Device Memory Accesses): an alignment test `(uintptr_t)p % 16` in the kernel reads
// the pointer's offset into its allocation, which the launch passes (cuda2hlo --offset).
// Taken as the start of a buffer the shifted launches would all take the float4 path.
#include <cstdint>
#include <cstdio>
#include <cuda_runtime.h>
__global__ void copy4(const float *in, float *out, unsigned *res, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float *p = in + 4 * i;
  res[i] = (unsigned)(reinterpret_cast<uintptr_t>(p) % 256);
  if (reinterpret_cast<uintptr_t>(p) % 16 == 0) {
    float4 v = *reinterpret_cast<const float4 *>(p);
    out[4 * i] = v.x, out[4 * i + 1] = v.y, out[4 * i + 2] = v.z, out[4 * i + 3] = v.w;
  } else {
    for (int j = 0; j < 4; j++) out[4 * i + j] = -p[j];
  }
}
int main() {
  const int n = 64, len = 4 * n + 64;
  float h[len], r[4 * n];
  unsigned res[n];
  for (int i = 0; i < len; i++) h[i] = (float)i;
  float *din, *dout;
  unsigned *dres;
  cudaMalloc(&din, len * sizeof(float));
  cudaMalloc(&dout, 4 * n * sizeof(float));
  cudaMalloc(&dres, n * sizeof(unsigned));
  cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
  int bad = 0;
  for (int s = 0; s < 6; s++) {        /* shifts of 0..5 floats: aligned when s % 4 == 0 */
    copy4<<<2, 32>>>(din + s, dout, dres, n);
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    cudaMemcpy(res, dres, sizeof res, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
      unsigned want = (unsigned)((s + 4 * i) * 4 % 256);
      if (res[i] != want) bad++;
      for (int j = 0; j < 4; j++) {
        float v = (float)(s + 4 * i + j);
        if (r[4 * i + j] != (s % 4 == 0 ? v : -v)) bad++;
      }
    }
  }
  printf("%d wrong\n%s\n", bad, bad ? "FAIL" : "PASS");
  return bad != 0;
}
