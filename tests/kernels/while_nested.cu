/* cuda2hlo-test
launch: row_search<<<4, 64>>>(row_ptr, col_idx, vals, out, hits, rows)
launch: hop_bits<<<3, 100>>>(start, next, steps, acc, n)
launch: probe_chain<<<3, 100>>>(start, tab, chain, n)
launch: probe_break<<<3, 100>>>(start, tab, chain2, n)
buffer: row_ptr i32 201 file data/csr_row_ptr.npy
buffer: col_idx i32 1102 file data/csr_col_idx.npy
buffer: vals f32 1102 file data/csr_vals.npy
buffer: out f32 256 const -9
buffer: hits i32 256 const -9
buffer: start i32 300 randint -1 300
buffer: next i32 300 randint -1 300
buffer: tab i32 900 randint 0 100000
buffer: steps i32 300 const -9
buffer: acc i32 300 const -9
buffer: chain i32 300 const -9
buffer: chain2 i32 300 const -9
scalar: rows = 200
scalar: n = 300
check: out rtol=1e-5 atol=1e-4
check: hits
check: steps
check: acc
check: chain
check: chain2
note: buffers persist between launches, so each launch writes its own outputs.
note: row_search: for each nonzero of a CSR row (a loop whose trip count is the row's
note: length), a binary search of 7 * column in row_ptr (the row holding that position,
note: a while whose trip count depends on the key), as HeCBench xsbench's per-nuclide grid
note: search; hop_bits: a walk of a random successor list (a while on loaded data) that
note: counts the bits of each node's successor (a while in its body); probe_chain: the
note: walk again, with two probes per node (a loop of 2 trips, unrolled in the outer body)
note: that each run a while in base 3; probe_break: the walk with a loop of 3 probes that
note: breaks at a probe divisible by 5 (its break is its own: a while of its own, not
note: unrolled, in the walk's body)
*/
// Data-dependent loops nested in data-dependent loops: the inner while is built in the
// body of the outer one's, over the lanes the outer loop still runs.
__global__ void row_search(const int *row_ptr, const int *col_idx, const float *vals,
                           float *out, int *hits, int rows) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows) return;
  float s = 0.0f;
  int h = 0;
  for (int k = row_ptr[i]; k < row_ptr[i + 1]; k++) {
    int key = col_idx[k] * 7;
    int lo = 0, hi = rows;    // row_ptr[lo] <= key < row_ptr[hi]
    while (hi - lo > 1) {
      int mid = (lo + hi) / 2;
      if (row_ptr[mid] <= key)
        lo = mid;
      else
        hi = mid;
    }
    s += vals[k] * lo;
    h += lo & 1;
  }
  out[i] = s;
  hits[i] = h;
}

__global__ void hop_bits(const int *start, const int *next, int *steps, int *acc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int p = start[i], s = 0, a = 0;
  while (p >= 0 && s < 20) {
    int v = next[p] + 1;
    while (v > 1) {
      a += v & 1;
      v = v / 2;
    }
    p = next[p];
    s++;
  }
  steps[i] = s;
  acc[i] = a;
}

__global__ void probe_chain(const int *start, const int *tab, int *chain, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int p = start[i], t = 0, c = 0;
  while (p >= 0 && c < 8) {
    for (int j = 0; j < 2; j++) {
      int q = tab[p * 3 + j + 1];
      while (q > 0) {
        t += q % 3;
        q = q / 3;
      }
    }
    p = tab[p * 3] % 301 - 1;
    c++;
  }
  chain[i] = t * 100 + c;
}

__global__ void probe_break(const int *start, const int *tab, int *chain, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int p = start[i], t = 0, c = 0;
  while (p >= 0 && c < 8) {
    for (int j = 0; j < 3; j++) {
      if (tab[p * 3 + j] % 5 == 0)
        break;
      t += tab[p * 3 + j] % 7;
    }
    p = tab[p * 3 + 2] % 301 - 1;
    c++;
  }
  chain[i] = t * 100 + c;
}
