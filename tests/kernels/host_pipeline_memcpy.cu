/* cuda2hlo-test
entry: pipeline(in, tmp, acc, out, n, gain)
buffer: in f32 700 uniform -2 2
buffer: tmp f32 700 uniform 5 6
buffer: acc f32 700 uniform 5 6
buffer: out f32 700 uniform 5 6
scalar: n = 700
scalar: gain = 1.5
check: tmp rtol=1e-6 atol=1e-6
check: acc rtol=1e-6 atol=1e-6
check: out rtol=1e-6 atol=1e-6
note: multi-kernel pipeline: cudaMemset, cudaMemcpy device to device, cudaMemcpyAsync on a stream, launches on that stream and cudaDeviceSynchronize; the buffers start with garbage that the memset and copies must overwrite
*/
#include <cuda_runtime.h>

__global__ void scale(const float *x, float *y, int n, float g) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = g * x[i];
}

__global__ void accumulate(const float *x, float *acc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) acc[i] += x[i] * x[i];
}

__global__ void combine(const float *a, const float *b, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a[i] - 0.5f * b[i];
}

void pipeline(const float *in, float *tmp, float *acc, float *out, int n, float gain) {
  size_t bytes = n * sizeof(float);
  int threads = 256, blocks = (n + threads - 1) / threads;
  cudaStream_t stream = 0;
  cudaMemset(acc, 0, bytes);                                   // acc = 0
  cudaMemcpy(tmp, in, bytes, cudaMemcpyDeviceToDevice);        // tmp = in
  scale<<<blocks, threads, 0, stream>>>(tmp, out, n, gain);    // out = gain * in
  accumulate<<<blocks, threads, 0, stream>>>(out, acc, n);     // acc = out^2
  accumulate<<<blocks, threads, 0, stream>>>(tmp, acc, n);     // acc += in^2
  cudaMemcpyAsync(tmp, out, bytes, cudaMemcpyDeviceToDevice, stream);   // tmp = out
  cudaDeviceSynchronize();
  combine<<<blocks, threads>>>(tmp, acc, out, n);              // out = tmp - acc / 2
  cudaDeviceSynchronize();
}
