// expect-exit: 1
// expect-stdout: before
// expect-stderr: bad_unreachable.cu:28: block: [1,0,0], thread: [2,0,0] reached __builtin_unreachable()
// expect-stderr: bad_unreachable.cu:34: block: [0,0,0], thread: [3,0,0] __builtin_assume does not hold
// expect-stderr: a device assert failed (cudaErrorAssert
// expect-stderr-count: 1 reached __builtin_unreachable
// expect-stderr-count: 1 __builtin_assume does not hold
// expect-no-stderr: PASS
// __builtin_unreachable() that a thread reaches, and a __builtin_assume whose condition is
// false for one thread: undefined behaviour in CUDA C++, checked here as a device assert
// that fails (message, then cudaErrorAssert for the program), never a statement that
// does nothing. The first launch reaches neither; the one after a return in
// lane_class's first branch is dead code and never checked.
#include <cstdio>
#include <cuda_runtime.h>

__device__ int lane_class(int v) {
  if (v >= 0 && v < 100) {
    return v % 3;
    __builtin_unreachable();
  }
  switch (v % 2) {
  case 0:
    return 10;
  case 1:
    return 11;
  }
  __builtin_unreachable();    // v % 2 is -1 for an odd negative v
}

__global__ void classify(const int *x, int *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    __builtin_assume(x[i] != 7);
    y[i] = lane_class(x[i]);
  }
}

int main() {
  int h[8] = {1, 2, 300, 4, 5, 6, 200, 8}, *x, *y;
  cudaMalloc(&x, sizeof h);
  cudaMalloc(&y, sizeof h);
  cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
  classify<<<2, 4>>>(x, y, 8);
  printf("before\n");
  h[3] = 7;
  h[6] = -5;
  cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
  classify<<<2, 4>>>(x, y, 8);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", e == cudaSuccess ? "PASS" : "FAIL");
  return 0;
}
