/* cuda2hlo-test
launch: scan_blelloch<<<4, 128>>>(x, out, sums, n)
buffer: x i32 1000 randint 0 100
buffer: out i32 1000 zeros
buffer: sums i32 4 zeros
scalar: n = 1000
check: out
check: sums
note: exclusive scan of each 256-element block (two elements per thread) and the block totals
*/
// Blelloch work-efficient exclusive scan: up-sweep, clear the root, down-sweep.
#define ELEMS 256

__global__ void scan_blelloch(const int *x, int *out, int *sums, int n) {
  __shared__ int temp[ELEMS];
  int t = threadIdx.x;
  int base = blockIdx.x * ELEMS;
  temp[2 * t] = base + 2 * t < n ? x[base + 2 * t] : 0;
  temp[2 * t + 1] = base + 2 * t + 1 < n ? x[base + 2 * t + 1] : 0;
  int offset = 1;
  for (int d = ELEMS >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  if (t == 0) {
    sums[blockIdx.x] = temp[ELEMS - 1];
    temp[ELEMS - 1] = 0;
  }
  for (int d = 1; d < ELEMS; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
      int v = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += v;
    }
  }
  __syncthreads();
  if (base + 2 * t < n) out[base + 2 * t] = temp[2 * t];
  if (base + 2 * t + 1 < n) out[base + 2 * t + 1] = temp[2 * t + 1];
}
