// RUN: cuda2hlo %s --grid 1 --block 32 --size in=32 --size out=32 -o %out/k.mlir
// ERROR: bits_pointer_store\.cu:14:5: error: 'us' points into the bits of a variable: only reads through it can be translated \(a store, an increment or passing it on cannot\)
// ERROR: note: in kernel 'patch_pack'
// Reads through a pointer into a variable's bits are exact (tests/kernels/wide_elem_view.cu);
// a store through it would rewrite part of the variable's scalars, which is not
// translated yet, so it is refused at the store rather than dropped.
#include <stdint.h>

__global__ void patch_pack(const uint4 *in, unsigned *out) {
  int i = threadIdx.x;
  uint4 u = in[i];
  unsigned short *us = reinterpret_cast<unsigned short *>(&u);
  if (i < 32)
    us[1] = 3;
  out[i] = u.x + u.y;
}
