// expect-exit: 0
// expect-stdout: PASS
// A program whose kernels use nvcc's built-in atomics of CUDA 12.8 (__nv_atomic_load_n,
// __nv_atomic_fetch_add, __nv_atomic_compare_exchange_n with orders and scopes), which
// clang does not declare: the host side compiles (cuda2hlo_cc_host.h declares them for
// the device) and the kernels are raised with their meaning. A float maximum as a
// compare-exchange loop on bits, an integer sum and a 64-bit count; the host computes
// the same as its reference.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__device__ void max_bits(float *address, float val) {
  unsigned int *a = (unsigned int *)address;
  unsigned int old = __nv_atomic_load_n(a, __NV_ATOMIC_RELAXED);
  while (val > __uint_as_float(old) &&
         !__nv_atomic_compare_exchange_n(a, &old, __float_as_uint(val), false,
                                         __NV_ATOMIC_RELAXED, __NV_ATOMIC_RELAXED))
    ;
}

__global__ void reduce(const float *x, float *mx, int *sum, unsigned long long *cnt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = __nv_atomic_load_n(&x[i], __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
  max_bits(&mx[blockIdx.x], v);
  __nv_atomic_fetch_add(sum, (int)v, __NV_ATOMIC_RELAXED);
  if (v > 0.0f) __nv_atomic_fetch_add(cnt, 1ull, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_SYSTEM);
}

int main() {
  const int n = 500, block = 128, grid = (n + block - 1) / block;
  float h[n], mx[grid], *dx, *dmx;
  int sum = 0, *dsum;
  unsigned long long cnt = 0, *dcnt;
  for (int i = 0; i < n; i++) h[i] = (float)((i * 37) % 101 - 50);
  for (int b = 0; b < grid; b++) mx[b] = -1e30f;
  cudaMalloc(&dx, sizeof h);
  cudaMalloc(&dmx, sizeof mx);
  cudaMalloc(&dsum, sizeof sum);
  cudaMalloc(&dcnt, sizeof cnt);
  cudaMemcpy(dx, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemcpy(dmx, mx, sizeof mx, cudaMemcpyHostToDevice);
  cudaMemcpy(dsum, &sum, sizeof sum, cudaMemcpyHostToDevice);
  cudaMemcpy(dcnt, &cnt, sizeof cnt, cudaMemcpyHostToDevice);
  reduce<<<grid, block>>>(dx, dmx, dsum, dcnt, n);
  if (cudaGetLastError() != cudaSuccess) { printf("FAIL launch\n"); return 1; }
  cudaMemcpy(mx, dmx, sizeof mx, cudaMemcpyDeviceToHost);
  cudaMemcpy(&sum, dsum, sizeof sum, cudaMemcpyDeviceToHost);
  cudaMemcpy(&cnt, dcnt, sizeof cnt, cudaMemcpyDeviceToHost);
  int rsum = 0;
  unsigned long long rcnt = 0;
  int ok = 1;
  for (int i = 0; i < n; i++) { rsum += (int)h[i]; rcnt += h[i] > 0.0f; }
  for (int b = 0; b < grid; b++) {
    float r = -1e30f;
    for (int i = b * block; i < n && i < (b + 1) * block; i++) r = h[i] > r ? h[i] : r;
    if (memcmp(&r, &mx[b], sizeof r)) { printf("max[%d] %g, expected %g\n", b, mx[b], r); ok = 0; }
  }
  if (sum != rsum || cnt != rcnt) { printf("sum %d cnt %llu, expected %d %llu\n", sum, cnt, rsum, rcnt); ok = 0; }
  printf(ok ? "PASS\n" : "FAIL\n");
  cudaFree(dx); cudaFree(dmx); cudaFree(dsum); cudaFree(dcnt);
  return ok ? 0 : 1;
}
