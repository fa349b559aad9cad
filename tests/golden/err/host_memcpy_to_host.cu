// RUN-FLAGS: --entry step --size x=256 --size y=256 --set n=256 --emit stablehlo
// Refused: the entry copies device memory to the host (cudaMemcpyDeviceToHost), a host
// read of device memory that one module cannot express.
#include <cuda_runtime.h>

__global__ void twice(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 2.0f * x[i];
}

void step(const float *x, float *y, int n) {
  float first;
  twice<<<(n + 127) / 128, 128>>>(x, y, n);
  cudaMemcpy(&first, y, sizeof(float), cudaMemcpyDeviceToHost);
}
