/* cuda2hlo-test
launch: ctrl_phase_uniform_store<<<3, 64>>>(w, u, pick, rows, cats)
buffer: w i32 2000 randint 0 9
buffer: u i32 8 randint 0 1000
buffer: pick i32 8 const -1
scalar: rows = 8
scalar: cats = 250
check: pick
note: a loop test that reads a __shared__ flag which, in the test's phase, every thread
note: sets to the same constant before the loop (`found = false`), while some threads set
note: it `true` before the body's last barrier (HeCBench multinomial's sampler): in each
note: run of the phase either every thread stored false before its test or none stored,
note: so the test is uniform across the block
*/
// Sample one category per row: scan a row's weights chunk by chunk (one category per
// thread), stop at the chunk whose running sum passes the row's threshold.
__global__ void ctrl_phase_uniform_store(const int *w, const int *u, int *pick, int rows, int cats) {
  __shared__ int s[64];
  __shared__ bool found;
  __shared__ int pos;
  int t = threadIdx.x;
  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
    int sum = 0;
    for (int c = t; c < cats; c += blockDim.x)
      sum += w[r * cats + c];
    s[t] = sum;
    __syncthreads();
    if (t == 0) {
      int tot = 0;
      for (int i = 0; i < 64; i++)
        tot += s[i];
      s[0] = tot;
      pos = -1;
    }
    __syncthreads();
    int total = s[0];
    __syncthreads();
    if (total == 0)
      continue;
    int target = u[r] % total;
    int chunks = (cats + (int)blockDim.x - 1) / blockDim.x;
    int before = 0;
    found = false;
    for (int chunk = 0; chunk < chunks && !found; ++chunk) {
      int cat = chunk * blockDim.x + t;
      int v = cat < cats ? w[r * cats + cat] : 0;
      s[t] = v;
      __syncthreads();
      for (int off = 1; off < blockDim.x; off *= 2) {
        int x = t >= off ? s[t - off] + s[t] : s[t];
        __syncthreads();
        s[t] = x;
        __syncthreads();
      }
      int hi = before + s[t];
      int lo = hi - v;
      if (cat < cats && v > 0 && target >= lo && target < hi) {
        atomicMax(&pos, cat);
        found = true;
      }
      before += s[blockDim.x - 1];
      __syncthreads();
    }
    if (t == 0)
      pick[r] = found ? pos : -2;
    __syncthreads();
  }
}
