/* cuda2hlo-test
launch: shared_ptr_choice<<<4, 64>>>(out, in, dirs)
buffer: out f32 256 zeros
buffer: in f32 256 uniform -1 1
buffer: dirs i32 4 randint 0 2
check: out
note: __shared__ pointers that choose between two __shared__ buffers (HeCBench quicksort's
note: `__shared__ T *s, *sn;`): thread 0 sets them by a direction it flips each round,
note: every thread reads through one and stores through the other after a barrier, and
note: a local pointer derived from one copies its choice; main's binary refuses the second
note: buffer assigned to each
*/
// Ping-pong between two shared buffers, the direction chosen per block by data.
__global__ void shared_ptr_choice(float *out, const float *in, const int *dirs) {
  __shared__ float mys[64], mysn[64];
  __shared__ float *s, *sn;
  __shared__ int dir;
  int t = threadIdx.x;
  mys[t] = in[blockIdx.x * 64 + t];
  mysn[t] = 0.0f;
  if (t == 0)
    dir = dirs[blockIdx.x];
  __syncthreads();
  for (int r = 0; r < 3; r++) {
    if (t == 0) {
      if (dir == 1) {
        s = mys;
        sn = mysn;
      } else {
        s = mysn;
        sn = mys;
      }
      dir ^= 1;
    }
    __syncthreads();
    const float *q = s + 2;
    float v = s[t] + 0.5f * s[(t + 1) % 64] + 0.25f * q[t % 60];
    sn[63 - t] = v;
    __syncthreads();
  }
  out[blockIdx.x * 64 + t] = mys[t] + 10.0f * mysn[t];
}
