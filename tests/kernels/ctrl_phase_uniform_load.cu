/* cuda2hlo-test
launch: ctrl_phase_uniform_load<<<4, 64>>>(x, same, best, out, cutoff)
buffer: x i32 256 randint 0 1000
buffer: same i32 4 const 7
buffer: best i32 4 zeros
buffer: out i32 256 zeros
scalar: cutoff = 3
check: same
check: best
check: out
note: barrier loops whose test loads memory the kernel writes, but not in the test's phase:
note: a do-while on a global counter one thread updates between two barriers (the
note: generations of a genetic search until the best has not improved for `cutoff`
note: rounds), and a while on a __shared__ flag set by thread 0 between the loop's two
note: barriers; every thread of a block reads the same value, so the loops are uniform
*/
// Generations of a block-wide search: reduce the block's best, count rounds without an
// improvement in global memory, mutate, repeat; then a second search driven by a shared
// stop flag.
__global__ void ctrl_phase_uniform_load(const int *x, int *same, int *best, int *out, int cutoff) {
  __shared__ int s[64];
  __shared__ int stop;
  int t = threadIdx.x, b = blockIdx.x;
  int v = x[b * 64 + t];
  if (t == 0) {
    same[b] = 0;
    best[b] = -1;
    stop = 0;
  }
  __syncthreads();
  int gen = 0;
  do {
    s[t] = v;
    __syncthreads();
    for (int k = 32; k > 0; k >>= 1) {
      if (t < k)
        s[t] = max(s[t], s[t + k]);
      __syncthreads();
    }
    if (t == 0) {
      same[b]++;
      if (s[0] > best[b]) {
        best[b] = s[0];
        same[b] = 0;
      }
    }
    __syncthreads();
    v = (v * 37 + t + gen) % 1000;
    gen++;
  } while (same[b] < cutoff);
  int r = 0;
  while (stop == 0) {
    s[t] = (v >> r) & 1;
    __syncthreads();
    if (t == 0) {
      int c = 0;
      for (int i = 0; i < 64; i++)
        c += s[i];
      if (c < 28 || r > 8)
        stop = 1;
    }
    __syncthreads();
    r++;
  }
  out[b * 64 + t] = v + 1000 * gen + 100000 * r;
}
