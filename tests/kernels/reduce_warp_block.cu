/* cuda2hlo-test
launch: block_warp_sum<<<12, 256>>>(x, sum, n)
buffer: x f32 3000 uniform 0 1
buffer: sum f32 1 zeros
scalar: n = 3000
check: sum rtol=1e-4 atol=1e-4
*/
// Two-level reduction: shuffles within each warp, warp sums through shared memory, the first
// warp shuffles again, and thread 0 adds the block total atomically.
__device__ float warp_reduce(float v) {
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
  return v;
}

__global__ void block_warp_sum(const float *x, float *sum, int n) {
  __shared__ float warp_sums[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  float v = warp_reduce(i < n ? x[i] : 0.0f);
  if (lane == 0) warp_sums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < blockDim.x / 32 ? warp_sums[lane] : 0.0f;
    v = warp_reduce(v);
    if (lane == 0) atomicAdd(sum, v);
  }
}
