// RUN: cuda2hlo %s --grid 1 --block 4 --size out=4 -o %out/k.mlir
// ERROR: vartmpl_unnamed_args\.cu:9:42: error: this instance of variable template 'scale' \(_Z5scaleIPfE\) has template arguments that cannot be named
// An instance of a variable template in constant memory is a module input named as the
// host's demangler spells it (vartmpl.c); a pointer type argument is not among the
// spellings decoded, so the instance is refused rather than given a name the runtime
// could not match to the program's symbol.
#include <cuda_runtime.h>

template <typename T> __constant__ float scale[4];

__global__ void k(float *out) {
  int i = threadIdx.x;
  out[i] = scale<float *>[i];
}
