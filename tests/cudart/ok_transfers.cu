// expect-exit: 0
// expect-stdout: PASS
// expect-stderr: cuda2hlo-stats: 62 launches, 2 copies into modules (0.01 MB), 3 copies back (0.01 MB), 62 donated, 21 updates in place, 0.00 MB copied for updates
// Run with CUDA2HLO_CUDART_STATS=1 (cudart/CMakeLists.txt). Device memory stays in the
// runtime between launches (mem.c): a time loop of launches with pointer swaps copies
// nothing between memory and the modules once each buffer is there. Counted here:
// into modules: u and v at the first diffuse launch, each kept for its allocation (at
// the second launch v's memory, not yet written by a kernel, is bound where u was with
// no copy: it was 3 copies while such copies were kept per module); back to memory: v's result
// read by the cudaMemcpy in the middle of the loop, then the two buffers read at the end.
// Before results were kept, every launch copied its buffers in and out (62 in and 62 back at least).
// source's u[n/2] += s is a dynamic_update_slice whose update reads u: materialized first
// (runtime/cpu/plan.c), then written in place into the donated u: 21 updates in place
// and no bytes copied for them (it was 0 and 21 x 4000 bytes).
// Expected values: the same loop on the host.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void diffuse(const float *u, float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float l = i > 0 ? u[i - 1] : u[i], r = i < n - 1 ? u[i + 1] : u[i];
    v[i] = 0.25f * l + 0.5f * u[i] + 0.25f * r;
  }
}
__global__ void source(float *u, int n, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == n / 2) u[i] += s;
}
static void host_step(const float *u, float *v, int n) {
  for (int i = 0; i < n; i++) {
    float l = i > 0 ? u[i - 1] : u[i], r = i < n - 1 ? u[i + 1] : u[i];
    v[i] = 0.25f * l + 0.5f * u[i] + 0.25f * r;
  }
}
int main() {
  const int n = 1000, steps = 41;
  static float h[n], g[n], want[n], tmp[n], mid[n];
  for (int i = 0; i < n; i++)
    h[i] = (float)(i % 7);
  float *u, *v;
  cudaMalloc(&u, sizeof h);
  cudaMalloc(&v, sizeof h);
  cudaMemcpy(u, h, sizeof h, cudaMemcpyHostToDevice);
  for (int i = 0; i < n; i++)
    want[i] = h[i];
  int bad = 0;
  for (int t = 0; t < steps; t++) {
    diffuse<<<(n + 255) / 256, 256>>>(u, v, n);
    float *s = u; u = v; v = s;
    host_step(want, tmp, n);
    for (int i = 0; i < n; i++)
      want[i] = tmp[i];
    if (t % 2 == 0) {
      source<<<(n + 255) / 256, 256>>>(u, n, 1.0f);
      want[n / 2] += 1.0f;
    }
    if (t == 20) {   /* a copy to the host in the middle of the loop */
      cudaMemcpy(mid, u, sizeof mid, cudaMemcpyDeviceToHost);
      for (int i = 0; i < n; i++)
        bad += mid[i] != want[i];
    }
  }
  cudaMemcpy(g, u, sizeof g, cudaMemcpyDeviceToHost);
  cudaMemcpy(tmp, v, sizeof tmp, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++)
    bad += g[i] != want[i];
  printf("%s\n", bad ? "FAIL" : "PASS");
  cudaFree(u);
  cudaFree(v);
  return bad != 0;
}
