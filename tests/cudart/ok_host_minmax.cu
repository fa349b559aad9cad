// cc-flags: -std=c++17 -rdc=true %dir/host_minmax_helper.c %dir/host_minmax_rdc.cu
// expect-exit: 0
// expect-stdout: PASS
// Host code that calls the global min and max as nvcc's headers declare them (host and
// device): max on floats without std:: (the maximum error of a check loop), mixed signed
// and unsigned (compared as unsigned, as the toolkit's umax does), long long, float with
// double, and a NaN argument (fmaxf gives the other one); the kernel uses the device
// ones. A C file of the program is built with the C++ standard flag of the build. The
// program is built with -rdc=true: kernel soft calls soft_cap, defined in its other .cu
// file (host_minmax_rdc.cu), each file with its own static shrink; the host computes the
// same functions as its reference.
#include <cmath>
#include <cstdio>
#include <cuda_runtime.h>
extern "C" int c2h_helper_clamp(int v, int lo, int hi);
__host__ __device__ float soft_cap(float x);   // host_minmax_rdc.cu
static __host__ __device__ float shrink(float x) { return x - 1.0f; }
__global__ void relu_cap(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = min(max(x[i], 0.0f), 2.0f);
}
__global__ void soft(float *y, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = soft_cap(x[i]) + shrink(x[i]);
}
int main() {
  const int n = 64;
  float h[n], r[n], s[n], *d, *y;
  for (int i = 0; i < n; i++) h[i] = 0.1f * (float)(i - 20);
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&y, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  soft<<<2, 32>>>(y, d, n);
  relu_cap<<<2, 32>>>(d, n);
  cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost);
  cudaMemcpy(s, y, sizeof s, cudaMemcpyDeviceToHost);
  float err = 0.0f;
  for (int i = 0; i < n; i++) {
    float want = h[i] < 0.0f ? 0.0f : h[i] > 2.0f ? 2.0f : h[i];
    err = max(fabsf(r[i] - want), err);
    err = max(fabsf(s[i] - (soft_cap(h[i]) + shrink(h[i]))), err);
  }
  int bad = err != 0.0f;
  bad += max(-1, 3u) != 4294967295u;
  bad += min(5ll, -2ll) != -2ll;
  bad += max(1.5f, 2.5) != 2.5;
  bad += max(NAN, 1.0f) != 1.0f;
  bad += min(7u, 9u) != 7u;
  bad += c2h_helper_clamp(12, 0, 10) != 10;
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
