/* cuda2hlo-test
launch: scan_blocks<<<12, 256>>>(x, out, block_sums, n)
launch: scan_sums<<<1, 16>>>(block_sums, nb)
launch: add_offsets<<<12, 256>>>(out, block_sums, n)
buffer: x i32 3000 randint 0 1000
buffer: out i32 3000 zeros
buffer: block_sums i32 12 zeros
scalar: n = 3000
scalar: nb = 12
check: out
check: block_sums
note: a whole-array inclusive scan in three launches; block_sums ends up exclusive-scanned
*/
// Full-array scan: per-block scans, an exclusive scan of the block totals, then a
// uniform add of each block's offset.
__global__ void scan_blocks(const int *x, int *out, int *block_sums, int n) {
  __shared__ int s[256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? x[i] : 0;
  __syncthreads();
  for (int off = 1; off < 256; off *= 2) {
    int v = t >= off ? s[t - off] : 0;
    __syncthreads();
    s[t] += v;
    __syncthreads();
  }
  if (i < n) out[i] = s[t];
  if (t == 255) block_sums[blockIdx.x] = s[t];
}

__global__ void scan_sums(int *block_sums, int nb) {
  __shared__ int s[16];
  int t = threadIdx.x;
  s[t] = t < nb ? block_sums[t] : 0;
  __syncthreads();
  if (t == 0) {
    int run = 0;
    for (int k = 0; k < nb; k++) {
      int v = s[k];
      s[k] = run;
      run += v;
    }
  }
  __syncthreads();
  if (t < nb) block_sums[t] = s[t];
}

__global__ void add_offsets(int *out, const int *block_sums, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] += block_sums[blockIdx.x];
}
