// RUN-FLAGS:
// A kernel template launched from host code needs a header found nowhere: the missing
// header no longer stops clang from instantiating it (the file is parsed again with the
// header empty), so the error is the one in the kernel, located, with a note naming the
// headers taken as empty.
#include "no_such_block_helpers.h"

template <int N>
__global__ void scale_by(float *x) {
  x[threadIdx.x] = helper_scale<N>(x[threadIdx.x]);
}

int main() {
  float *x;
  cudaMalloc(&x, 64 * sizeof(float));
  scale_by<4><<<1, 64>>>(x);
  return 0;
}
