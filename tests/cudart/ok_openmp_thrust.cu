// expect-exit: 0
// expect-stdout: PASS
// cc-flags: -Xcompiler -fopenmp -std=c++17
// nvcc hands -Xcompiler flags to the host compiler and the host linker (an OpenMP CPU
// reference needs -fopenmp at link time too), and puts the toolkit's cccl headers
// (thrust, cub) on the include path: host code using thrust's host algorithms builds.
// One architecture throughout, as nvcc -arch=compute_XY gives: the __CUDA_ARCH__ device
// code sees, cudaFuncGetAttributes' ptxVersion (x 10) and the host's __CUDA_ARCH_LIST__
// agree, so cub::PtxVersion, which thrust's device algorithms call first, succeeds (it
// failed with cudaErrorInvalidDeviceFunction, and thrust threw, when they did not).
#include <cstdio>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <cub/util_device.cuh>
#include <cuda_runtime.h>
__global__ void twice(int *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 2;
}
__global__ void arch(int *a) {
#ifdef __CUDA_ARCH__
  a[0] = __CUDA_ARCH__;
#endif
}
static int in_arch_list(int v) {
  const int list[] = {__CUDA_ARCH_LIST__};
  for (int l : list)
    if (l == v) return 1;
  return 0;
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
  int dev_arch = 0, ptx = 0;
  arch<<<1, 1>>>(d);
  cudaMemcpy(&dev_arch, d, sizeof dev_arch, cudaMemcpyDeviceToHost);
  cudaFuncAttributes fa;
  int ok_attr = cudaFuncGetAttributes(&fa, arch) == cudaSuccess && fa.ptxVersion * 10 == dev_arch;
  int ok_cub = cub::PtxVersion(ptx) == cudaSuccess && ptx == dev_arch;
  int ok = sum == (long)n * (n - 1) && dev_arch >= 520 && in_arch_list(dev_arch) && ok_attr && ok_cub;
  printf("%ld __CUDA_ARCH__ %d ptxVersion %d cub %d\n%s\n", sum, dev_arch, fa.ptxVersion, ptx,
         ok ? "PASS" : "FAIL");
  return !ok;
}
