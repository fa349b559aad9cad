/* cuda2hlo-test
launch: ctrl_barrier_uniform_load<<<dim3(6, 3), 64>>>(out, x, len, nb, n)
buffer: out f32 18 zeros
buffer: x f32 1800 uniform -1 1
buffer: len i32 3 randint 0 8
scalar: nb = 2
scalar: n = 100
check: out rtol=1e-5 atol=1e-6
note: barriers under an if whose condition loads a block-uniform element of a buffer the
note: kernel never writes (HeCBench logprob's `step < lengths[bidx] - 1`): uniform in the block
*/
__global__ void ctrl_barrier_uniform_load(float *out, const float *x, const int *len, int nb, int n) {
  __shared__ float part[64];
  __shared__ float m;
  int b = blockIdx.y, s = blockIdx.x;
  if (b < nb && s < len[b] - 1) {
    const float *row = x + (b * 6 + s) * n;
    float v = -1e30f;
    for (int i = threadIdx.x; i < n; i += blockDim.x) v = fmaxf(v, row[i]);
    part[threadIdx.x] = v;
    __syncthreads();
    if (threadIdx.x == 0) {
      float r = part[0];
      for (int t = 1; t < 64; t++) r = fmaxf(r, part[t]);
      m = r;
    }
    __syncthreads();
    if (threadIdx.x == 0) out[b * 6 + s] = m + (float)len[b];
  }
}
