/* cuda2hlo-test
launch: batch_own_weights<<<600, 256>>>(x, w, out, n)
buffer: x f32 153600 uniform 0 1
buffer: w f32 153600 zeros
buffer: out f32 600 zeros
scalar: n = 153600
check: w
check: out rtol=1e-5 atol=1e-5
note: 153600 lanes, more than a SIMT batch: w is written before the barrier and read after
note: it, which batches could not order if another block's thread read it; the race walk
note: proves that each thread reads back its own element (race_blocks.c): 2 batches
*/
// Weights then a block sum of them, as HeCBench particlefilter's kernel_likelihood: each
// thread stores its weight (a data-dependent loop, then a shuffle of the warp's maximum),
// and after a barrier reads it back into shared memory for the block's tree sum. A
// launch larger than one SIMT batch; session 24 kept it whole (the read after the
// barrier might have been another block's element), the relations of race_blocks.c
// show it is the thread's own, so it runs in batches.
__global__ void batch_own_weights(const float *x, float *w, float *out, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? x[i] : 0.0f;
  int k = 0;
  while (v > 0.05f && k < 40) {
    v *= 0.7f;
    k++;
  }
  float m = (float)k;
  for (int off = 16; off > 0; off >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, off));
  if (i < n) w[i] = (float)k / (m + 1.0f);
  __syncthreads();
  s[threadIdx.x] = i < n ? w[i] : 0.0f;
  __syncthreads();
  for (int t = 128; t > 0; t >>= 1) {
    if (threadIdx.x < t) s[threadIdx.x] += s[threadIdx.x + t];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}
