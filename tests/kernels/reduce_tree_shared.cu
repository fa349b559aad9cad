/* cuda2hlo-test
launch: block_sum<<<40, 256>>>(x, partial, n)
buffer: x f32 10000 uniform -1 1
buffer: partial f32 40 zeros
scalar: n = 10000
check: partial rtol=1e-5 atol=1e-5
note: one partial sum per block; the last block is 16 elements long
*/
// Shared-memory tree reduction: halve the active threads each level, a barrier per level.
__global__ void block_sum(const float *x, float *partial, int n) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  sdata[tid] = i < n ? x[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) partial[blockIdx.x] = sdata[0];
}
