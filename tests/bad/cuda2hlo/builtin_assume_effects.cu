// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 -o %out/k.mlir
// ERROR: builtin_assume_effects\.cu:11:3: error: __builtin_assume with an argument that has side effects cannot be translated
// __builtin_assume is checked as a device assert of its condition (a false one is
// undefined behaviour), but clang never evaluates the argument: checking one that
// increments a variable would change the result, so it is refused.
#include <cuda_runtime.h>

__global__ void k(float *out) {
  int i = threadIdx.x;
  int j = i;
  __builtin_assume(j++ < 32);
  out[i] = (float)j;
}
