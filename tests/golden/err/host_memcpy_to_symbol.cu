// RUN-FLAGS: --entry run --size x=64 --emit stablehlo
// Refused: the entry copies into __constant__ memory; a symbol the host fills before
// calling the entry is an input of the module instead (docs/entry.md).
#include <cuda_runtime.h>

__constant__ float k[2];

__global__ void mul(float *x) { x[threadIdx.x] *= k[threadIdx.x % 2]; }

void run(float *x) {
  cudaMemcpyToSymbol(k, x, 2 * sizeof(float));
  mul<<<1, 64>>>(x);
}
