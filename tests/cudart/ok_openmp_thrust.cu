// expect-exit: 0
// expect-stdout: PASS
// cc-flags: -Xcompiler -fopenmp -std=c++17
// nvcc hands -Xcompiler flags to the host compiler and the host linker (an OpenMP CPU
// reference needs -fopenmp at link time too), and puts the toolkit's cccl headers
// (thrust, cub) on the include path: host code using thrust's host algorithms builds.
#include <cstdio>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <cuda_runtime.h>
__global__ void twice(int *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 2;
}
int main() {
  const int n = 1000;
  thrust::host_vector<int> h(n);
  #pragma omp parallel for
  for (int i = 0; i < n; i++) h[i] = i;
  int *d;
  cudaMalloc(&d, n * sizeof(int));
  cudaMemcpy(d, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  twice<<<(n + 255) / 256, 256>>>(d, n);
  cudaMemcpy(h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost);
  long sum = thrust::reduce(h.begin(), h.end(), 0L);
  printf("%ld\n%s\n", sum, sum == (long)n * (n - 1) ? "PASS" : "FAIL");
  return sum != (long)n * (n - 1);
}
