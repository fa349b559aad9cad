// RUN: cuda2hlo %s --grid 1 --block 32 --size p=64 --size out=32 -o %out/k.mlir
// ERROR: ptr_int_past_align\.cu:13:64: error: the remainder modulo 16 of a pointer into 's' cannot be known: its start is aligned only to 4 bytes
// ERROR: ptr_int_past_align\.cu:14:64: error: the remainder modulo 512 of a pointer into 'p' cannot be known: its start is aligned only to 256 bytes
// ERROR: ptr_int_past_align\.cu:15:48: error: the bits of mask 256 of a pointer into 'p' cannot be known: its start is aligned only to 256 bytes
// A static __shared__ float array is aligned to 4 bytes (the layout promises no more);
// cudaMalloc memory to 256 (ptrint.c): a remainder modulo more is not known.
#include <stdint.h>
__global__ void past_align(const float *p, unsigned *out) {
  __shared__ float s[64];
  int t = threadIdx.x;
  s[t] = p[t];
  __syncthreads();
  unsigned a = (unsigned)(reinterpret_cast<uintptr_t>(&s[t]) % 16);
  unsigned b = (unsigned)(reinterpret_cast<uintptr_t>(p + t) % 512);
  unsigned c = (unsigned)((uintptr_t)(p + t) & 256);
  out[t] = a + b + c;
}
