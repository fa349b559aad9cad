/* cuda2hlo-test
launch: scaled_sum<<<4, 32>>>(x, y, n, k)
buffer: x f32 128 uniform 0 1
buffer: y f32 128 zeros
scalar: n = 120
scalar: k = 5
check: y
check: stdout
note: device asserts that hold for every thread (in the kernel, in a loop, in a device
note: function and in a constructor inlined per call) convert: each is a record of one
note: flag per thread that the host checks after the launch (none fires here, so the
note: buffers and the printed line equal the oracle's); a failing one is
note: tests/cudart/bad_assert.cu
*/
// Checks as published code writes them: preconditions asserted in device code.
#include <cassert>
#include <cstdio>

struct Acc {
  float sum;
  int terms;
  __device__ Acc(int t) : sum(0.0f), terms(t) { assert(t > 0 && t <= 8); }
};

__device__ float clamp01(float v) {
  assert(v >= 0.0f);
  return v > 1.0f ? 1.0f : v;
}

__global__ void scaled_sum(const float *x, float *y, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(blockDim.x == 32);
  if (i >= n)
    return;
  Acc a(k);
  for (int j = 0; j < a.terms; j++) {
    assert(j < 8);
    a.sum += clamp01(x[(i + j) % n]);
  }
  y[i] = a.sum;
  if (i == 7)
    printf("y[7] = %.4f\n", a.sum);
}
