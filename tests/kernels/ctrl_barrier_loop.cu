/* cuda2hlo-test
launch: relax_block<<<6, 64>>>(u, out, iters)
buffer: u f32 384 uniform -1 1
buffer: out f32 384 zeros
scalar: iters = 10
check: out
note: each block relaxes its own 64-element segment; segment ends stay fixed
*/
// A loop whose body holds two barriers; its trip count is a kernel argument (uniform).
__global__ void relax_block(const float *u, float *out, int iters) {
  __shared__ float s[64];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = u[i];
  __syncthreads();
  for (int it = 0; it < iters; it++) {
    float v = s[t];
    if (t > 0 && t < blockDim.x - 1) v = 0.5f * s[t] + 0.25f * (s[t - 1] + s[t + 1]);
    __syncthreads();
    s[t] = v;
    __syncthreads();
  }
  out[i] = s[t];
}
