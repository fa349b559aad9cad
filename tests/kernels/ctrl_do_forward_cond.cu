/* cuda2hlo-test
launch: ctrl_do_forward_cond<<<4, 64>>>(x, out, rounds)
buffer: x i32 256 randint 0 400
buffer: out i32 256 zeros
buffer: rounds i32 4 zeros
check: out
check: rounds
note: a barrier do-while whose test variable varies by thread inside the loop (each
note: thread's own margin, compared with the block's minimum) but is last set from a
note: __shared__ element read by every thread after a barrier: the test sees that one
note: value, the same for the whole block (loopify/cond_forward.c)
*/
// Rounds of a block-wide climb: every thread's margin is its value less a target; the
// block's smallest margin is found by a tree reduction; the first thread holding it
// climbs faster; the loop goes on while the smallest margin is negative.
__global__ void ctrl_do_forward_cond(const int *x, int *out, int *rounds) {
  __shared__ int red[64];
  __shared__ int first;
  int t = threadIdx.x, b = blockIdx.x;
  int v = x[b * 64 + t];
  int margin, n = 0;
  do {
    margin = v - 300;
    red[t] = margin;
    if (t == 0)
      first = 64;
    __syncthreads();
    for (int k = 32; k > 0; k >>= 1) {
      if (t < k)
        red[t] = min(red[t], red[t + k]);
      __syncthreads();
    }
    if (margin == red[0])
      atomicMin(&first, t);
    __syncthreads();
    if (t == first)
      v += 40;
    v += 3 + (t & 3);
    margin = red[0];
    n++;
    __syncthreads();
  } while (margin < 0);
  out[b * 64 + t] = v * 100 + margin;
  if (t == 0)
    rounds[b] = n;
}
