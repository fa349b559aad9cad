// expect-exit: 0
// expect-stdout: PASS
// A pointer argument that is null: optional inputs and outputs a kernel tests before
// use (`if (bias)`, `if (out != nullptr)`; HeCBench kernelLaunch passes nullptr for its
// `char *out`). The launch raises the kernel with `--set P=0`: its tests are constants,
// the code under them is not translated. The same kernel launched with every pointer set
// is another specialisation. Before 2026-12-07 the first launch stopped the program:
// "pointer argument 'bias' is NULL".
// `remap` passes its null `map` on to a device function that tests it (HeCBench
// moe-align's kernels hand `expert_map` to `_moe_align_block_size...`): the callee's
// parameter is null too (src/frontend/call.c); before session 24 the call was refused,
// "'map' is a null pointer here".
#include <cstdio>
#include <cuda_runtime.h>
__global__ void affine(const float *x, const float *bias, float *y, float *sum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = 2.0f * x[i];
  if (bias) v += bias[i];
  y[i] = v;
  if (sum != nullptr) atomicAdd(sum, v);
}
__device__ void remap_ids(const int *ids, int *out, const int *map, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int e = ids[i];
  if (map != nullptr) e = map[e];
  out[i] = e;
}
__global__ void remap(const int *ids, int *out, const int *map, int n) {
  remap_ids(ids, out, map, n);
}
int main() {
  const int n = 100;
  float hx[n], hb[n], hy[n], hs = 0, want = 0;
  for (int i = 0; i < n; i++) hx[i] = (float)i, hb[i] = 0.5f * (float)(i % 7);
  float *x, *b, *y, *s;
  cudaMalloc(&x, sizeof hx);
  cudaMalloc(&b, sizeof hb);
  cudaMalloc(&y, sizeof hy);
  cudaMalloc(&s, sizeof hs);
  cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
  cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice);
  cudaMemset(s, 0, sizeof hs);
  int bad = 0;
  affine<<<4, 32>>>(x, nullptr, y, nullptr, n);     /* no bias, no sum */
  if (cudaGetLastError() != cudaSuccess) bad++;
  cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) bad += hy[i] != 2.0f * hx[i];
  affine<<<4, 32>>>(x, b, y, s, n);                 /* both */
  cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hs, s, sizeof hs, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) {
    bad += hy[i] != 2.0f * hx[i] + hb[i];
    want += 2.0f * hx[i] + hb[i];
  }
  bad += hs != want;                                /* small integers and halves: exact */
  affine<<<4, 32>>>(x, nullptr, y, s, n);           /* sum only: adds the unbiased total */
  cudaMemcpy(&hs, s, sizeof hs, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) want += 2.0f * hx[i];
  bad += hs != want;
  int hi[n], ho[n], hm[n], *ids, *o, *m;
  for (int i = 0; i < n; i++) hi[i] = (i * 7) % n, hm[i] = n - 1 - i;
  cudaMalloc(&ids, sizeof hi);
  cudaMalloc(&o, sizeof ho);
  cudaMalloc(&m, sizeof hm);
  cudaMemcpy(ids, hi, sizeof hi, cudaMemcpyHostToDevice);
  cudaMemcpy(m, hm, sizeof hm, cudaMemcpyHostToDevice);
  remap<<<4, 32>>>(ids, o, nullptr, n);             /* no map: the ids */
  if (cudaGetLastError() != cudaSuccess) bad++;
  cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) bad += ho[i] != hi[i];
  remap<<<4, 32>>>(ids, o, m, n);                   /* mapped */
  cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) bad += ho[i] != hm[hi[i]];
  printf("%d wrong\n%s\n", bad, bad ? "FAIL" : "PASS");
  return bad != 0;
}
