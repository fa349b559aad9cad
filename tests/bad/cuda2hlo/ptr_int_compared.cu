// RUN: cuda2hlo %s --grid 1 --block 32 --size p=64 --size q=64 --size out=32 -o %out/k.mlir
// ERROR: ptr_int_compared\.cu:10:12: error: a pointer converted to an integer is used in '<': only `% N` and `\& M` \(N a power of two, M below it\) up to its buffer's alignment can be translated
// Two pointers' integers compared (an overlap test between distinct buffers) depend on
// where the allocations lie, which a converted kernel does not know: refused (ptrint.c).
#include <stdint.h>
__global__ void compared(const float *p, const float *q, float *out) {
  int t = threadIdx.x;
  const float *a = p + t;
  const float *b = q + t;
  out[t] = reinterpret_cast<uintptr_t>(a) < reinterpret_cast<uintptr_t>(b) ? 1.0f : 0.0f;
}
