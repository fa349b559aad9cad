// RUN: cuda2hlo %s --grid 1 --block 32 --size p=64 -o %out/k.mlir
// ERROR: ptr_int_printed\.cu:9:20: error: a pointer converted to an integer is used as a value \(stored, passed, printed or converted\): only `% N` and `\& M` \(N a power of two, M below it\) up to its buffer's alignment can be translated
// A device printf of an address converted to an integer: the GPU prints where the memory
// lies, which a converted kernel does not know: refused (ptrint.c).
#include <cstdio>
#include <stdint.h>
__global__ void printed(const float *p) {
  int t = threadIdx.x;
  printf("%llu\n", (unsigned long long)(p + t));
}
