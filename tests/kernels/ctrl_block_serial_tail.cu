/* cuda2hlo-test
launch: ctrl_block_serial_tail<<<dim3(5, 3), 96>>>(out, cnt, x, n)
buffer: out f32 15 zeros
buffer: cnt i32 1440 zeros
buffer: x f32 1400 uniform -1 1
scalar: n = 1400
check: out rtol=1e-5 atol=1e-6
check: cnt
note: a per-block serial tail after a barrier (the end of a block reduction): thread 0 of
note: each block sums the block's shared array; the loop runs on one lane per block
note: (simt_narrow.c), and a count set only on those lanes is read by every thread after
*/
__global__ void ctrl_block_serial_tail(float *out, int *cnt, const float *x, int n) {
  __shared__ float s[96];
  int t = threadIdx.x;
  int b = blockIdx.y * gridDim.x + blockIdx.x;
  int i = b * blockDim.x + t;
  int seen = 0;
  s[t] = i < n ? x[i] : 0.0f;
  __syncthreads();
  if (threadIdx.x == 0) {
    float acc = 0.0f;
    for (int k = 0; k < blockDim.x; k++) {
      if (s[k] > 0.0f) seen++;
      acc += s[k];
    }
    out[b] = acc;
  }
  cnt[i] = seen + t;
}
