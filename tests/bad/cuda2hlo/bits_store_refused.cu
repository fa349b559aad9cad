// RUN: cuda2hlo %s --grid 1 --block 32 --size in=32 --size out=32 -o %out
// ERROR: bits_store_refused\.cu:22:3: error: this 2-byte store at byte 8 of 'uint2' \(8 bytes\) is past its end
// ERROR: bits_store_refused\.cu:29:3: error: this 8-byte store at byte 0 of 'float' \(4 bytes\) is past its end
// ERROR: bits_store_refused\.cu:36:3: error: this 1-byte store at byte 1 of 'Padded' would write padding, bytes no field holds \(a later read would not see them\)
// ERROR: bits_store_refused\.cu:43:3: error: this 2-byte store at byte 0 of 'Padded' would write padding
// A store through a pointer into a variable's bits is exact only within the variable and
// on bytes its fields hold (tests/kernels/bits_store_pack.cu): an element past its end, a
// store wider than it, and a store into padding (at a constant index, or at a run-time
// index that may name it) are refused at the store.
#include <cuda_fp16.h>

struct Padded {
  char c;
  int v;
};

__device__ void use(unsigned *out, int i, unsigned w) { out[i] = w; }

__global__ void past_end(const float *in, unsigned *out) {
  int i = threadIdx.x;
  uint2 q = make_uint2(1u, 2u);
  reinterpret_cast<__half *>(&q)[4] = __float2half(in[i]);
  use(out, i, q.x);
}

__global__ void too_wide(const float *in, unsigned *out) {
  int i = threadIdx.x;
  float f = in[i];
  *(double *)&f = 1.0;
  use(out, i, __float_as_uint(f));
}

__global__ void padding_const(const float *in, unsigned *out) {
  int i = threadIdx.x;
  Padded p = {1, 2};
  reinterpret_cast<char *>(&p)[1] = 5;
  use(out, i, (unsigned)p.v);
}

__global__ void padding_index(const float *in, unsigned *out) {
  int i = threadIdx.x;
  Padded p = {1, 2};
  reinterpret_cast<unsigned short *>(&p)[i % 4] = 5;
  use(out, i, (unsigned)p.v);
}
