/* cuda2hlo-test
launch: ptr_result_same<<<2, 64>>>(pool, n)
buffer: pool u32 100*8 randint 0 1000
scalar: n = 90
check: pool
note: device functions that return a pointer into a buffer: an offset through a reference
note: parameter, a result passed on as a pointer argument, offset, subscripted, and returned
note: again by another such function; every offset affine, so every store dense
*/
// A pool of fixed-size nodes addressed through a function that returns the node's first
// word, as tree and hash-table kernels reach their nodes.
__device__ unsigned *node(unsigned *pool, const unsigned &k) { return pool + k * 8; }

__device__ unsigned *slot(unsigned *pool, unsigned k, int j) { return node(pool, k) + j; }

__device__ void bump(unsigned *p, unsigned v) {
  p[0] += v;
  p[1] ^= v * 5u;
}

__global__ void ptr_result_same(unsigned *pool, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned k = (unsigned)(n - 1 - i);
  unsigned *p = node(pool, k);
  p[5] = k * 3u + 1u;
  bump(node(pool, k) + 2, (unsigned)i);
  *slot(pool, k, 7) += p[0] + 11u;
  node(pool, k)[6] = *slot(pool, k, 1) >> 1;
}
