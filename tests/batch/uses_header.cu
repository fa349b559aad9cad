// A kernel whose sizes come from a header found only through the build's include path.
#include "params.h"
__global__ void fill(float *y) { y[blockIdx.x * blockDim.x + threadIdx.x] = FILL_VALUE; }
int main() {
  float *y;
  cudaMalloc(&y, FILL_N * sizeof(float));
  fill<<<FILL_N / 32, 32>>>(y);
  return 0;
}
