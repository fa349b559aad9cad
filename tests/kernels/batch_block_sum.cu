/* cuda2hlo-test
launch: batch_block_sum<<<1200, 256>>>(x, sums, total, ftotal, n)
buffer: x i32 300000 randint 0 50
buffer: sums i32 1200 zeros
buffer: total i32 1 zeros
buffer: ftotal f32 1 zeros
scalar: n = 300000
check: sums
check: total
check: ftotal rtol=1e-5 atol=1e-3
note: 307200 lanes: the SIMT strategy runs them in batches of whole blocks
*/
// A launch larger than one SIMT batch (simt_batch.c): each thread walks a data-dependent
// number of steps, the block sums through warp shuffles and a shared-memory tree, and
// thread 0 stores its block's sum and adds it atomically to the grand totals (an integer
// one, exact, and a float one).
__device__ int warp_sum(int v) {
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
  return v;
}

__global__ void batch_block_sum(const int *x, int *sums, int *total, float *ftotal, int n) {
  __shared__ int warps[8];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = 0;
  if (i < n)
    for (int k = x[i]; k > 0; k -= 7) v += k % 5;
  v = warp_sum(v);
  if (threadIdx.x % 32 == 0) warps[threadIdx.x / 32] = v;
  __syncthreads();
  for (int s = 4; s > 0; s >>= 1) {
    if (threadIdx.x < s) warps[threadIdx.x] += warps[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    sums[blockIdx.x] = warps[0];
    atomicAdd(total, warps[0]);
    atomicAdd(ftotal, (float)warps[0] * 0.5f);
  }
}
