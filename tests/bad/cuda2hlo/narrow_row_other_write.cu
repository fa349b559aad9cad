// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 --size pick=1 -o %out/k.mlir
// ERROR: narrow_row_other_write\.cu:20:5: error: this write into 'rows', whose elements threads also write a byte at a time through a view of their own rows, cannot be translated: only the narrow stores may write it \(another write could share an element with another thread's\)
// ERROR: note: in kernel 'other_write'
// Each thread stores bytes of its own row of 'rows' (elements 2t and 2t+1): proven its
// own (narrow_store.c). But thread 0 also stores whole elements of 'rows' at an index the
// frontend does not follow (here the row of thread k, while thread k writes its bytes):
// every other write into a buffer that takes narrow stores is refused at its location.
#include <stdint.h>

typedef uint8_t Bytes[16];

__global__ void other_write(long long *out, const int *pick) {
  __shared__ long long rows[64];
  int t = threadIdx.x;
  Bytes &b = *(Bytes *)&rows[2 * t];
  for (int j = 0; j < 16; j++)
    b[j] = (uint8_t)(t * j);
  if (t == 0) {
    int k = pick[0] & 63;
    rows[k] = -1;
  }
  __syncthreads();
  out[t] = rows[2 * t];
}
