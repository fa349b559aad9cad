/* cuda2hlo-test
launch: normalize<<<16, 256>>>(x, y, n, lo, hi)
launch: square_sum<<<16, 256>>>(y, acc, n)
buffer: x f32 4000 uniform 0 10
buffer: y f32 4000 zeros
buffer: acc f32 1 zeros
scalar: n = 4000
scalar: lo = 0.0
scalar: hi = 10.0
check: y rtol=1e-6 atol=1e-6
check: acc rtol=1e-4 atol=1e-4
*/
// A small host program with two kernels in sequence, error checks and events.
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                       \
  do {                                                                    \
    cudaError_t err_ = (call);                                            \
    if (err_ != cudaSuccess) {                                            \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      exit(1);                                                            \
    }                                                                     \
  } while (0)

__global__ void normalize(const float *x, float *y, int n, float lo, float hi) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = (x[i] - lo) / (hi - lo);
}

__global__ void square_sum(const float *y, float *acc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(acc, y[i] * y[i]);
}

int main(void) {
  const int n = 4000;
  const size_t bytes = n * sizeof(float);
  float *h_x = (float *)malloc(bytes);
  for (int i = 0; i < n; i++) h_x[i] = (float)(i % 101) / 10.1f;
  float *d_x, *d_y, *d_acc, h_acc = 0.0f;
  CHECK(cudaMalloc(&d_x, bytes));
  CHECK(cudaMalloc(&d_y, bytes));
  CHECK(cudaMalloc(&d_acc, sizeof(float)));
  CHECK(cudaMemcpy(d_x, h_x, bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_acc, 0, sizeof(float)));
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start);
  int threads = 256, blocks = (n + threads - 1) / threads;
  normalize<<<blocks, threads>>>(d_x, d_y, n, 0.0f, 10.0f);
  square_sum<<<blocks, threads>>>(d_y, d_acc, n);
  CHECK(cudaGetLastError());
  cudaEventRecord(stop);
  cudaEventSynchronize(stop);
  float ms = 0.0f;
  cudaEventElapsedTime(&ms, start, stop);
  CHECK(cudaMemcpy(&h_acc, d_acc, sizeof(float), cudaMemcpyDeviceToHost));
  printf("sum of squares = %f (%.3f ms)\n", h_acc, ms);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_y));
  CHECK(cudaFree(d_acc));
  free(h_x);
  return 0;
}
