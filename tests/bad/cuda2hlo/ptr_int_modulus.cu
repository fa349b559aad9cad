// RUN: cuda2hlo %s --grid 1 --block 32 --size p=64 --size out=32 -o %out/k.mlir
// ERROR: ptr_int_modulus\.cu:9:64: error: a pointer converted to an integer can be taken only modulo a power of two
// ERROR: ptr_int_modulus\.cu:10:64: error: an alignment test of a pointer converted to an integer needs a constant modulus
// Only the low bits of an address are known (its buffer's alignment): a remainder
// modulo 12, or modulo a run-time value, depends on the rest (ptrint.c).
#include <stdint.h>
__global__ void modulus(const float *p, unsigned *out, unsigned m) {
  int t = threadIdx.x;
  unsigned a = (unsigned)(reinterpret_cast<uintptr_t>(p + t) % 12);
  unsigned b = (unsigned)(reinterpret_cast<uintptr_t>(p + t) % m);
  out[t] = a + b;
}
