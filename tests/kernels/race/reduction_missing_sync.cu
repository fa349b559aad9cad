/* cuda2hlo-test
launch: bad_block_sum<<<4, 256>>>(x, partial, n)
buffer: x f32 1000 uniform -1 1
buffer: partial f32 4 zeros
scalar: n = 1000
expect: race
note: the tree levels are not separated by barriers: level s reads sdata[tid + s] while
note: thread tid + s may still be adding into it
*/
// RACE: a shared-memory tree reduction with the per-level __syncthreads left out.
__global__ void bad_block_sum(const float *x, float *partial, int n) {
  __shared__ float sdata[256];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  sdata[tid] = i < n ? x[i] : 0.0f;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1)
    if (tid < s) sdata[tid] += sdata[tid + s];
  if (tid == 0) partial[blockIdx.x] = sdata[0];
}
