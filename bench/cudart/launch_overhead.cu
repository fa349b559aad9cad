// launch_overhead: the cost of a kernel launch through libcuda2hlo_cudart (docs/benchmarks.md).
// The first launch raises and compiles; the next N reuse the compiled module (a changing
// float scalar a included: it is a module input). Usage: launch_overhead [N] [ELEMS]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
__global__ void saxpy(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
int main(int argc, char **argv) {
  int iters = argc > 1 ? atoi(argv[1]) : 2000, n = argc > 2 ? atoi(argv[2]) : 256;
  float *x, *y;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  auto t0 = std::chrono::steady_clock::now();
  saxpy<<<(n + 255) / 256, 256>>>(y, x, 1.0f, n);
  cudaDeviceSynchronize();
  auto t1 = std::chrono::steady_clock::now();
  for (int i = 0; i < iters; i++)
    saxpy<<<(n + 255) / 256, 256>>>(y, x, 0.5f + i, n);
  cudaDeviceSynchronize();
  auto t2 = std::chrono::steady_clock::now();
  printf("first launch %.1f ms, then %.2f us per launch (%d launches, %d elements)\n",
         std::chrono::duration<double, std::milli>(t1 - t0).count(),
         std::chrono::duration<double, std::micro>(t2 - t1).count() / iters, iters, n);
  return 0;
}
