// RUN: cuda2hlo %s --grid 1 --block 32 --size in=256 --size out=32 -o %out/k.mlir
// ERROR: bits_store_unset\.cu:19:15: error: 'r\.w' is read here but is not set on every path that reaches this read
// ERROR: note: declared here without an initial value
// A pack set only through stores into its bits is set where each of its bytes is
// (tests/kernels/bits_store_pack.cu): here the loop writes seven of its eight halves, so
// the top half of r.w stays indeterminate and reading r.w is refused rather than read as
// zero.
#include <cuda_fp16.h>

__device__ void put(__half &d, float s) { d = __float2half(s); }

__global__ void seven_of_eight(const float *in, unsigned *out) {
  int t = threadIdx.x;
  uint4 r;
  for (int i = 0; i < 7; i++)
    put(reinterpret_cast<__half *>(&r)[i], in[8 * t + i]);
  out[t] = r.x;
  out[t] ^= r.z;
  out[t] += r.w;
}
