// RUN: cuda2hlo %s --grid 1 --block 32 --size p=64 --size out=32 -o %out/k.mlir
// ERROR: ptr_int_stored\.cu:10:11: error: a pointer converted to an integer is used as a value \(stored, passed, printed or converted\): only `% N` and `\& M` \(N a power of two, M below it\) up to its buffer's alignment can be translated
// An address converted to an integer has no value in a converted kernel (a buffer is a
// tensor): only its low bits, which the buffer's alignment fixes, are known (ptrint.c).
// Stored, it could be printed or compared later: refused where it is converted.
#include <stdint.h>
typedef unsigned long long u64;
__global__ void stored(const float *p, u64 *out) {
  int t = threadIdx.x;
  u64 a = (uintptr_t)(p + t);
  out[t] = a;
}
