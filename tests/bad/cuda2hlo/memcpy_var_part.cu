// RUN: cuda2hlo %s --grid 1 --block 32 --size x=32 --size y=32 -o %out/k.mlir
// ERROR: memcpy_var_part\.cu:10:3: error: memcpy of 2 bytes with a variable cannot be translated
// A memcpy into part of a variable (2 of its 4 bytes) is not a whole-variable bit cast:
// refused at the call. Before, a copy whose destination was a variable was dropped without
// a word, and the variable kept its old value (7 here): a wrong result.
#include <string.h>
__global__ void k(const unsigned short *x, unsigned *y) {
  int i = threadIdx.x;
  unsigned b = 7;
  memcpy(&b, &x[i], 2);
  y[i] = b;
}
