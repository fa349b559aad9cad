// expect-exit: 0
// expect-stdout: PASS
// Kernel templates whose arguments the host's demangler spells otherwise than clang's
// own names: a bool (`fill<true, float>`), an unsigned constant (`128u`), and a kernel
// named like a standard algorithm under `using namespace std`, an enumerator of an
// inline namespace (`(ns::v1::Algo)1`, as cub's BlockScanAlgorithm). Each launch finds its
// instance; the results are checked against a loop on the host.
#include <algorithm>
#include <cstdio>
#include <cuda_runtime.h>
using namespace std;

template <bool weighted, typename T>
__global__ void fill(const int e, T *w, const T value) {
  for (int j = threadIdx.x + blockIdx.x * blockDim.x; j < e; j += gridDim.x * blockDim.x)
    w[j] = weighted ? (T)(j + 1) / (T)e : value;
}

template <typename T, unsigned N>
__global__ void tile_sum(const T *x, T *y) {
  unsigned i = blockIdx.x * N + threadIdx.x;
  y[i] = x[i] + (T)N;
}

namespace ns {
inline namespace v1 {
enum Algo { PLAIN, TWICE };
}
}  // namespace ns

template <int N, ns::Algo A>
__global__ void scaled(const float *x, float *y) {
  int i = blockIdx.x * N + threadIdx.x;
  y[i] = A == ns::TWICE ? 2.0f * x[i] : x[i];
}

int main() {
  const int e = 1000;
  float *w, *x, *y;
  int bad_z = 0;
  cudaMalloc(&w, 2 * e * sizeof(float));
  cudaMalloc(&x, 256 * sizeof(float));
  cudaMalloc(&y, 256 * sizeof(float));
  fill<true, float><<<4, 64>>>(e, w, 0.0f);
  fill<false, float><<<4, 64>>>(e, w + e, 2.5f);
  float hx[256];
  for (int i = 0; i < 256; i++) hx[i] = (float)(i % 17);
  cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
  tile_sum<float, 128u><<<2, 128>>>(x, y);
  float *z;
  cudaMalloc(&z, 256 * sizeof(float));
  scaled<128, ns::TWICE><<<2, 128>>>(x, z);
  float hw[2 * e], hy[256], hz[256];
  cudaMemcpy(hz, z, sizeof hz, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 256; i++) bad_z += hz[i] != 2.0f * hx[i];
  cudaMemcpy(hw, w, sizeof hw, cudaMemcpyDeviceToHost);
  cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
  int bad = bad_z;
  for (int j = 0; j < e; j++) {
    bad += hw[j] != (float)(j + 1) / (float)e;
    bad += hw[e + j] != 2.5f;
  }
  for (int i = 0; i < 256; i++) bad += hy[i] != hx[i] + 128.0f;
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
