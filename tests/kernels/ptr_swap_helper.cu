/* cuda2hlo-test
launch: ptr_swap_helper<<<2, 64>>>(a, b, cost, rows, out, h)
buffer: a f32 128 uniform -8 8
buffer: b f32 128 zeros
buffer: cost i32 128*6 randint 0 100
buffer: rows i32 128*6 zeros
buffer: out i32 128 zeros
scalar: h = 6
check: a rtol=0 atol=0
check: b rtol=0 atol=0
check: rows
check: out
note: pointers swapped by a helper that takes their addresses: `float **` over two
note: buffers in global memory (the pointers choose between them), and `void **` over two
note: halves of one shared array (a row-by-row minimum-cost sweep that reads the last row
note: from one half and writes the next into the other, as HeCBench seam-carving's
note: compute_M kernels); exact bit for bit (scalings by powers of two, integers)
*/
__device__ void swap_rows(float **p, float **q) {
  float *t = *p;
  *p = *q;
  *q = t;
}

__device__ void swap_any(void **p, void **q) {
  void *t;
  t = *p;
  *p = *q;
  *q = t;
}

__global__ void ptr_swap_helper(float *a, float *b, const int *cost, int *rows, int *out, int h) {
  int t = threadIdx.x, n = blockDim.x, i = blockIdx.x * n + t;

  // Three smoothing steps over the block between a and b, swapped by the helper.
  float *r = a, *w = b;
  for (int k = 0; k < 3; k++) {
    float left = t > 0 ? r[i - 1] : 0.0f;
    w[i] = 0.5f * r[i] + 0.5f * left;
    __syncthreads();
    swap_rows(&r, &w);
  }
  out[i] = (int)(r[i] * 1024.0f);

  // Row by row: the cheapest of the three cells above plus this cell's cost.
  __shared__ int cache[2 * 64];
  int *m = cache, *m_next = &cache[n];
  m[t] = cost[blockIdx.x * n * h + t];
  rows[blockIdx.x * n * h + t] = m[t];
  __syncthreads();
  for (int row = 1; row < h; row++) {
    int best = m[t];
    if (t > 0 && m[t - 1] < best) best = m[t - 1];
    if (t + 1 < n && m[t + 1] < best) best = m[t + 1];
    best += cost[blockIdx.x * n * h + row * n + t];
    rows[blockIdx.x * n * h + row * n + t] = best;
    swap_any((void **)&m, (void **)&m_next);
    m[t] = best;
    __syncthreads();
  }
}
