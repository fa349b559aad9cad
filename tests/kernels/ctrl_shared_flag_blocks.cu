/* cuda2hlo-test
launch: ctrl_shared_flag_blocks<<<4, 64>>>(x, out)
buffer: x i32 256 randint 0 1000
buffer: out i32 256 zeros
check: out
note: a barrier loop on a __shared__ flag that thread 0 sets between the loop's two
note: barriers, with nothing else in the kernel reading blockIdx: the flag is uniform in
note: each block but differs between blocks (each stops after its own number of rounds),
note: so the loop is per block, not one loop for the whole grid
*/
// Halve every thread's value until the block's sum is under a limit; report the rounds.
__global__ void ctrl_shared_flag_blocks(const int *x, int *out) {
  __shared__ int s[64];
  __shared__ int stop;
  int t = threadIdx.x;
  int v = x[t + 64 * blockIdx.x];
  int r = 0;
  if (t == 0)
    stop = 0;
  __syncthreads();
  while (stop == 0) {
    s[t] = v;
    __syncthreads();
    if (t == 0) {
      int c = 0;
      for (int i = 0; i < 64; i++)
        c += s[i];
      if (c < 2000)
        stop = 1;
    }
    __syncthreads();
    v = v / 2;
    r++;
  }
  out[t + 64 * blockIdx.x] = v + 1000 * r;
}
