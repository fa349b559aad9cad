// RUN: cuda2hlo %s --grid 1 --block 32 --size h=4 --size out=32 -o %out/k.mlir
// ERROR: vector_atomic_old\.cu:12:17: error: the old value of a vector atomic \('atomicAdd' of a '__half2'\) cannot be translated: only the atomic as a statement can
// ERROR: note: in kernel 'keep_old'
// atomicAdd of a __half2 is one atomic add per half (tests/kernels/atomic_vector_add.cu);
// the pair of old values it returns would need both adds' old values in lane order, which
// is not translated yet, so a use of it is refused rather than guessed.
#include <cuda_fp16.h>

__global__ void keep_old(__half2 *h, float *out) {
  int i = threadIdx.x;
  __half2 v = __halves2half2(__float2half(1.0f), __float2half(2.0f));
  __half2 old = atomicAdd(&h[i % 4], v);
  out[i] = __low2float(old);
}
