// RUN: cuda2hlo %s --set count=2.5 -o %out/x.mlir
// ERROR: host_set_not_integer\.cu:13:18: error: --set count=2\.5: not an integer for parameter type i32
// --set of a host variable that a launch's grid is computed from is checked as a
// kernel parameter's value is: it must fit the variable's type.
#include <cstdlib>
__global__ void k(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 1.0f;
}
int main(int argc, char **argv) {
  int count = atoi(argv[1]);
  float *x;
  cudaMalloc(&x, count * sizeof(float));
  k<<<(count + 127) / 128, 128>>>(x, count);
  return 0;
}
