/* cuda2hlo-test
entry: sum_of_squares(x, partial, out, n)
buffer: x f32 5000 uniform -1 1
buffer: partial f32 20 zeros
buffer: out f32 1 zeros
scalar: n = 5000
check: partial rtol=1e-5 atol=1e-5
check: out rtol=1e-5 atol=1e-5
note: two-pass reduction in a host function: per-block partial sums in shared memory (a grid-stride loop, 20 blocks), then one block reduces the partials
*/
#include <cuda_runtime.h>

#define THREADS 128

__global__ void partial_sums(const float *x, float *partial, int n) {
  __shared__ float s[THREADS];
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    acc += x[i] * x[i];
  s[threadIdx.x] = acc;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w /= 2) {
    if (threadIdx.x < w) s[threadIdx.x] += s[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}

__global__ void final_sum(const float *partial, float *out, int m) {
  __shared__ float s[32];
  s[threadIdx.x] = threadIdx.x < m ? partial[threadIdx.x] : 0.0f;
  __syncthreads();
  for (int w = 16; w > 0; w /= 2) {
    if (threadIdx.x < w) s[threadIdx.x] += s[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[0] = s[0];
}

void sum_of_squares(const float *x, float *partial, float *out, int n) {
  const int blocks = 20;
  partial_sums<<<blocks, THREADS>>>(x, partial, n);
  final_sum<<<1, 32>>>(partial, out, blocks);
}
