// RUN-FLAGS:
// Launches only in member functions and in a header's host function, in a file that
// includes a header found nowhere (a fatal error for clang, after which it instantiates
// no template): every kernel is listed with the geometry of its launch: offset<3> from a
// method of a class template, shift<float> (argument deduced) from a constructor,
// halve from launch_halve in host_member_launch.cuh.
#include "no_such_timer_library.h"

template <int K>
__global__ void offset(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += K;
}

template <typename T>
__global__ void shift(T *x, T d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] + d;
}

__global__ void halve(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 0.5f * x[i];
}

#include "host_member_launch.cuh"

template <typename T>
struct Runner {
  void go(int *a, int n) { offset<3><<<(n + 63) / 64, 64>>>(a, n); }
};

class Shifter {
 public:
  Shifter(float *x, int n) { shift<<<(n + 127) / 128, 128>>>(x, 2.0f, n); }
};

int main() {
  const int n = 300;
  int *a;
  float *x;
  cudaMalloc(&a, n * sizeof(int));
  cudaMalloc(&x, n * sizeof(float));
  Runner<long> r;
  r.go(a, n);
  Shifter s(x, n);
  launch_halve(x, n);
  report_time(timer_now());
  return 0;
}
