// expect-exit: 0
// expect-stdout: PASS
// The runtime API without a GPU: properties, memset, 2-D copies, symbols, streams, events,
// errors; launches of one kernel with different float scalars (one module), also through
// cudaLaunchKernelExC, with the attribute and occupancy queries thrust makes; stream-ordered
// allocation, cudaMalloc3D, limits and stream priorities.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
__constant__ int offs[4];
__device__ float gscale;
__global__ void axpb(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + (float)offs[i % 4];
}
int main() {
  cudaDeviceProp p;
  int bad = 0, n = 300;
  if (cudaGetDeviceProperties(&p, 0) != cudaSuccess || p.warpSize != 32 || p.maxThreadsPerBlock != 1024) bad |= 1;
  float *x, *y, h[300], g[300];
  cudaMalloc(&x, n * sizeof(float));
  cudaMallocManaged(&y, n * sizeof(float));
  if (cudaMemset(y, 0, n * sizeof(float)) != cudaSuccess) bad |= 2;
  for (int i = 0; i < n; i++) h[i] = (float)i;
  cudaMemcpy2D(x, 10 * sizeof(float), h, 10 * sizeof(float), 10 * sizeof(float), 30, cudaMemcpyHostToDevice);
  int o[4] = {1, 2, 3, 4}, back[4];
  cudaMemcpyToSymbol(offs, o, sizeof o);
  cudaMemcpyFromSymbol(back, offs, sizeof back);
  if (memcmp(o, back, sizeof o)) bad |= 4;
  cudaStream_t s;
  cudaEvent_t e0, e1;
  cudaStreamCreate(&s);
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  cudaEventRecord(e0, s);
  for (int r = 1; r <= 3; r++) {
    axpb<<<(n + 127) / 128, 128, 0, s>>>(y, x, (float)r, n);
    cudaMemcpyAsync(g, y, n * sizeof(float), cudaMemcpyDeviceToHost, s);
    cudaStreamSynchronize(s);
    for (int i = 0; i < n; i++)
      if (g[i] != r * h[i] + o[i % 4]) bad |= 8;
  }
  cudaEventRecord(e1, s);
  cudaEventSynchronize(e1);
  float ms = -1;
  if (cudaEventElapsedTime(&ms, e0, e1) != cudaSuccess || ms < 0) bad |= 16;
  if (cudaGetLastError() != cudaSuccess) bad |= 32;
  if (cudaFree(h) == cudaSuccess || cudaGetLastError() != cudaErrorInvalidDevicePointer) bad |= 64;
  if (cudaGetLastError() != cudaSuccess) bad |= 128;
  cudaFuncAttributes fa;
  int nb = 0;
  if (cudaFuncGetAttributes(&fa, (const void *)axpb) != cudaSuccess || fa.maxThreadsPerBlock < 128) bad |= 256;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, (const void *)axpb, 128, 0) != cudaSuccess || nb < 1) bad |= 512;
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3((n + 127) / 128);
  cfg.blockDim = dim3(128);
  float four = 4.0f;
  void *args[] = {&y, &x, &four, &n};
  if (cudaLaunchKernelExC(&cfg, (const void *)axpb, args) != cudaSuccess) bad |= 1024;
  cudaMemcpy(g, y, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++)
    if (g[i] != 4 * h[i] + o[i % 4]) bad |= 2048;
  // stream-ordered allocation from the default pool, a 3-D pitched allocation, limits,
  // stream priorities (CUDA's defaults and orders; hand values)
  float *z = nullptr;
  cudaMemPool_t pool;
  unsigned long long thr = ~0ull;
  if (cudaDeviceGetDefaultMemPool(&pool, 0) != cudaSuccess
      || cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &thr) != cudaSuccess) bad |= 4096;
  if (cudaMallocAsync((void **)&z, n * sizeof(float), s) != cudaSuccess || !z) bad |= 8192;
  axpb<<<(n + 127) / 128, 128, 0, s>>>(z, x, 5.0f, n);
  cudaMemcpyAsync(g, z, n * sizeof(float), cudaMemcpyDeviceToHost, s);
  for (int i = 0; i < n; i++)
    if (g[i] != 5 * h[i] + o[i % 4]) bad |= 8192;
  if (cudaFreeAsync(z, s) != cudaSuccess) bad |= 8192;
  cudaPitchedPtr pp;
  if (cudaMalloc3D(&pp, make_cudaExtent(10 * sizeof(float), 3, 2)) != cudaSuccess
      || pp.pitch < 10 * sizeof(float) || pp.xsize != 10 * sizeof(float) || pp.ysize != 3
      || cudaMemset(pp.ptr, 0, pp.pitch * 3 * 2) != cudaSuccess || cudaFree(pp.ptr) != cudaSuccess) bad |= 16384;
  size_t lim = 0;
  if (cudaDeviceGetLimit(&lim, cudaLimitStackSize) != cudaSuccess || lim != 1024) bad |= 32768;
  if (cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 26) != cudaSuccess
      || cudaDeviceGetLimit(&lim, cudaLimitMallocHeapSize) != cudaSuccess || lim != 1 << 26) bad |= 32768;
  int least = 1, greatest = 1;
  if (cudaDeviceGetStreamPriorityRange(&least, &greatest) != cudaSuccess || least != 0 || greatest > least) bad |= 65536;
  cudaFree(x);
  cudaFree(y);
  cudaEventDestroy(e0);
  cudaEventDestroy(e1);
  cudaStreamDestroy(s);
  printf("%s %d\n", bad ? "FAIL" : "PASS", bad);
  return bad != 0;
}
