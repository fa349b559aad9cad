/* cuda2hlo-test
launch: block_sums<<<10, 128>>>(x, sums, n)
buffer: x f32 1200 uniform 0 1
buffer: sums f32 10 zeros
scalar: n = 1200
check: sums rtol=1e-5 atol=1e-5
note: includes cooperative groups (with reduce.h) and the profiler API as programs do;
note: the kernel synchronises through its thread_block group.
*/
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_profiler_api.h>
#include <cstdio>
#include <cstdlib>

namespace cg = cooperative_groups;

// sums[b] = the sum of block b's 128 elements of x (a shared-memory tree).
__global__ void block_sums(const float *x, float *sums, int n) {
  __shared__ float part[128];
  cg::thread_block block = cg::this_thread_block();
  unsigned t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  part[t] = i < n ? x[i] : 0.0f;
  block.sync();
  for (unsigned s = 64; s > 0; s >>= 1) {
    if (t < s) part[t] += part[t + s];
    block.sync();
  }
  if (t == 0) sums[blockIdx.x] = part[0];
}

int main() {
  const int n = 1200, nb = (n + 127) / 128;
  float *x, *sums;
  cudaMallocManaged(&x, n * sizeof(float));
  cudaMallocManaged(&sums, nb * sizeof(float));
  for (int i = 0; i < n; i++) x[i] = (float)(i % 7) / 7.0f;
  cudaProfilerStart();
  block_sums<<<nb, 128>>>(x, sums, n);
  cudaDeviceSynchronize();
  cudaProfilerStop();
  float total = 0.0f;
  for (int b = 0; b < nb; b++) total += sums[b];
  printf("total %f\n", total);
  cudaFree(x);
  cudaFree(sums);
  return EXIT_SUCCESS;
}
