// RUN: cuda2hlo %s --grid 1 --block 64 --size x=64 --size y=64 -o %out/k.mlir
// ERROR: lambda_arg_changed\.cu:6:72: error: a lambda that uses 'k', which changes in the kernel, cannot be translated
// A lambda handed to a device function is inlined where it is called; one that captured
// 'k' by copy must see k's value when it was made (2), not the later one (5): a captured
// variable that changes anywhere in the kernel is refused, through a call too.
template <typename Op> __device__ float twice(float v, Op op) { return op(op(v)); }
__global__ void k1(const float *x, float *y) {
  int i = threadIdx.x;
  int k = 2;
  auto add = [=](float v) { return v + (float)k; };
  k = 5;
  y[i] = twice(x[i], add) + (float)k;
}
