/* cuda2hlo-test
launch: bucket<<<3, 32>>>(out, x, edges, n)
buffer: x f32 384 uniform 0 64
buffer: edges f32 64 iota
buffer: out i32 384 const -5
scalar: n = 350
check: out
note: a blocked load of 4 items per thread with a partial tail leaves items past n unset;
note: every item goes through a binary search over 64 edges in shared memory (an
note: inlined device function whose `if`s on the item set only locals and return), and
note: only the items below n are stored. The unset items' search branches on them and
note: reads edges[pos] at a position that depends on them: the branches carry the
note: item's "not set" bit into what they set, the reads stay in [0, 63] for every
note: value (poison_range.c) and carry it too, and no store sees one; exact
*/
#define ITEMS 4
#define THREADS 32

__device__ int search(const float *e, float v) {
  int pos = 31, lo = 0, hi = 63;
  float at = e[pos];
  for (int step = 16; step > 0; step >>= 1) {
    if (v > at) {
      lo = pos;
      pos += step;
    } else {
      hi = pos;
      pos -= step;
    }
    at = e[pos];
  }
  if (hi == 63)
    at = e[hi];
  if (v > at)
    return lo + hi > 60 ? hi : pos + 1;
  else
    return pos;
}

__global__ void bucket(int *out, const float *x, const float *edges, int n) {
  __shared__ float e[64];
  float items[ITEMS];
  int res[ITEMS];
  int base = blockIdx.x * THREADS * ITEMS;
  for (int i = threadIdx.x; i < 64; i += THREADS)
    e[i] = edges[i];
  __syncthreads();
  for (int k = 0; k < ITEMS; k++)
    if (base + threadIdx.x * ITEMS + k < n)
      items[k] = x[base + threadIdx.x * ITEMS + k];
  for (int k = 0; k < ITEMS; k++)
    res[k] = search(e, items[k]);
  for (int k = 0; k < ITEMS; k++)
    if (base + threadIdx.x * ITEMS + k < n)
      out[base + threadIdx.x * ITEMS + k] = res[k];
}
