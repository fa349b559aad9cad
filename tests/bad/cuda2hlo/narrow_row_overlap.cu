// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 -o %out/k.mlir
// ERROR: narrow_row_overlap\.cu:15:5: error: a store through a pointer that views the i64 elements of shared 'rows' as i8 cannot be translated: only when each thread's object is its own row, `threadIdx\.x \* s \+ c` elements in \(global memory: `blockIdx\.x \* blockDim\.x \+ threadIdx\.x`\) with a launch of one dimension, as other threads may write the other bytes of its elements
// ERROR: note: inlined from a call in kernel 'overlap' \(device function 'fill'\)
// A store through a narrow view of a thread's row is the read-modify-write of its element
// (tests/kernels/narrow_row_view.cu), exact only when no other thread writes another byte
// of that element in the same phase. Here each thread's 16 bytes start at element t: the
// second element of thread t's row is the first of thread t+1's, whose bytes that thread
// writes at the same time, so the store is refused.
#include <stdint.h>

typedef int8_t Bytes[16];

__device__ void fill(Bytes &b, int t) {
  for (int j = 0; j < 16; j++)
    b[j] = (int8_t)(t + j);
}

__global__ void overlap(long long *out) {
  __shared__ long long rows[33];
  int t = threadIdx.x;
  fill(*(Bytes *)&rows[t], t);
  __syncthreads();
  out[t] = rows[t];
}
