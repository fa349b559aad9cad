// RUN: cuda2hlo %s --grid 1 --block 32 --size in=32 --size out=32 -o %out
// ERROR: bits_pointer_refused\.cu:21:10: error: 'us' points into the bits of a variable: only reads and stores through it can be translated \(moving it, an increment or passing it on cannot\)
// ERROR: note: in kernel 'pass_pack'
// ERROR: bits_pointer_refused\.cu:28:3: error: an element of a variable's bits \(through a pointer of another type to it\) can be read, assigned \(= and op=\) and bound to a reference, not incremented or have its address taken
// ERROR: note: in kernel 'bump_pack'
// ERROR: bits_pointer_refused\.cu:35:14: error: this read of a 'const float2' at byte 8 of 'uint2' \(8 bytes\) is past its end
// ERROR: note: in kernel 'past_pack'
// Reads and stores through a pointer into a variable's bits are exact
// (tests/kernels/wide_elem_view.cu, bits_store_pack.cu); passing such a pointer on and
// incrementing an element through it are not translated, so they are refused where they
// are written rather than dropped; a struct read past the variable's end is refused.
#include <stdint.h>

__device__ void set1(unsigned short *p) { p[1] = 3; }

__global__ void pass_pack(const uint4 *in, unsigned *out) {
  int i = threadIdx.x;
  uint4 u = in[i];
  unsigned short *us = reinterpret_cast<unsigned short *>(&u);
  if (i < 32)
    set1(us);
  out[i] = u.x + u.y;
}

__global__ void bump_pack(const uint4 *in, unsigned *out) {
  int i = threadIdx.x;
  uint4 u = in[i];
  reinterpret_cast<unsigned short *>(&u)[1]++;
  out[i] = u.x + u.y;
}

__global__ void past_pack(const uint2 *in, float *out) {
  int i = threadIdx.x;
  uint2 u = in[i];
  float2 p = reinterpret_cast<const float2 *>(&u)[1];
  out[i] = p.x;
}
