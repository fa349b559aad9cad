// RUN-FLAGS: --grid 1 --block 32
// An error inside the converted kernel (line 6) is reported with its location; the
// host code's errors (lines 10, 11) are not: they do not concern the conversion.
#include <cuda_runtime.h>
__global__ void k(float *x) {
  x[threadIdx.x] = undeclared_in_kernel;
}

int main() {
  cudaNoSuchFunction(0);
  float *p = undeclared_allocator(1000);
  k<<<1, 32>>>(p);
}
