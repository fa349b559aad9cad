// n is known only at run time: --set n=VALUE makes the grid (n + 127) / 128 known.
#include <cstdlib>
__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 0;
  float *x;
  cudaMalloc(&x, n * sizeof(float));
  scale<<<(n + 127) / 128, 128>>>(x, 2.0f, n);
  return 0;
}
