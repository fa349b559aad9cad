// scripts/coverage.sh's test input: three kernels, one refused (device printf in a loop), and a
// template launched at one instance; a template never instantiated is no kernel.
#include <cstdio>

__global__ void scale(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i];
}

__global__ void talk(int *y) {
  for (int j = 0; j < y[0]; j++) printf("thread %d\n", (int)threadIdx.x);
  y[threadIdx.x] = 1;
}

template <int R> __global__ void shift(float *y, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + R < n) y[i] = x[i + R];
}

template <typename T> __global__ void unused(T *y) { y[threadIdx.x] = T(1); }

int main() {
  shift<2><<<1, 64>>>(nullptr, nullptr, 64);
  return 0;
}
