/* cuda2hlo-test
launch: partial_sums<<<32, 256>>>(x, partial, n)
launch: final_sum<<<1, 32>>>(partial, total, m)
buffer: x f32 50000 uniform -1 1
buffer: partial f32 32 zeros
buffer: total f32 1 zeros
scalar: n = 50000
scalar: m = 32
check: partial rtol=1e-5 atol=1e-4
check: total rtol=1e-5 atol=1e-4
*/
// Two-pass sum: a grid-stride load then a shared tree per block, then one block over the
// partial sums. Host code shows the launch sequence and buffer sizes.
#include <cstdio>
#include <cstdlib>

#define BLOCK 256

__global__ void partial_sums(const float *x, float *partial, int n) {
  __shared__ float s[BLOCK];
  int t = threadIdx.x;
  float acc = 0.0f;
  for (int i = blockIdx.x * BLOCK + t; i < n; i += BLOCK * gridDim.x) acc += x[i];
  s[t] = acc;
  __syncthreads();
  for (int w = BLOCK / 2; w > 0; w >>= 1) {
    if (t < w) s[t] += s[t + w];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = s[0];
}

__global__ void final_sum(const float *partial, float *total, int m) {
  __shared__ float s[32];
  int t = threadIdx.x;
  s[t] = t < m ? partial[t] : 0.0f;
  __syncthreads();
  for (int w = 16; w > 0; w >>= 1) {
    if (t < w) s[t] += s[t + w];
    __syncthreads();
  }
  if (t == 0) *total = s[0];
}

int main() {
  const int n = 50000, blocks = 32;
  float *h = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; i++) h[i] = 1.0f / (1 + i % 100);
  float *d_x, *d_partial, *d_total, total = 0.0f;
  cudaMalloc(&d_x, n * sizeof(float));
  cudaMalloc(&d_partial, blocks * sizeof(float));
  cudaMalloc(&d_total, sizeof(float));
  cudaMemcpy(d_x, h, n * sizeof(float), cudaMemcpyHostToDevice);
  partial_sums<<<blocks, BLOCK>>>(d_x, d_partial, n);
  final_sum<<<1, 32>>>(d_partial, d_total, blocks);
  cudaMemcpy(&total, d_total, sizeof(float), cudaMemcpyDeviceToHost);
  printf("sum = %f\n", total);
  cudaFree(d_x);
  cudaFree(d_partial);
  cudaFree(d_total);
  free(h);
  return 0;
}
