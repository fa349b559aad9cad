/* cuda2hlo-test
launch: big_tables<<<2, 32>>>(src, out, n)
buffer: src u8 2048 randint 0 255
buffer: out i32 64 zeros
scalar: n = 64
check: out rtol=0 atol=0
note: memset and memcpy of more elements than are stored one by one (a loop over the elements)
*/
// A per-thread table of 1000 bytes cleared with memset before each use, as state
// machines and histogram codes do, and a shared staging copy of 1024 bytes with memcpy:
// both larger than the calls lowered element by element, so each is a loop over the
// elements. Each thread then counts its table's entries that a short random walk set.
#include <string.h>

__global__ void big_tables(const unsigned char *src, int *out, int n) {
  __shared__ unsigned char stage[1024];
  unsigned char table[1000];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  if (t == 0) memcpy(stage, src + blockIdx.x * 1024, 1024);
  __syncthreads();
  int count = 0;
  for (int round = 0; round < 2; round++) {
    memset(table, 0, sizeof table);
    int pos = (i * 37 + round) % 1000;
    for (int k = 0; k < 16; k++) {
      pos = (pos + stage[(t * 16 + k + round) % 1024] + 1) % 1000;
      table[pos] = 1;
    }
    for (int k = 0; k < 1000; k += 10) count += table[k] + table[k + 3];
  }
  if (i < n) out[i] = count;
}
