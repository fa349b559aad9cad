/* cuda2hlo-test
launch: block_total<<<8, 128>>>(x, out_big, n)
launch: block_total<<<32, 32>>>(x, out_small, n)
buffer: x i32 1000 randint -100 100
buffer: out_big i32 8 zeros
buffer: out_small i32 32 zeros
scalar: n = 1000
check: out_big
check: out_small
note: the barrier sits inside if (blockDim.x > 32): uniform per block; the two launches
note: take the two branches
*/
// __syncthreads inside a block-uniform condition: large blocks combine warps through shared
// memory, a single-warp block only shuffles.
__global__ void block_total(const int *x, int *out, int n) {
  __shared__ int warp_sums[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int v = i < n ? x[i] : 0;
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
  if (blockDim.x > 32) {
    if (lane == 0) warp_sums[threadIdx.x / 32] = v;
    __syncthreads();
    if (threadIdx.x == 0) {
      int s = 0;
      for (int w = 0; w < blockDim.x / 32; w++) s += warp_sums[w];
      out[blockIdx.x] = s;
    }
  } else {
    if (lane == 0) out[blockIdx.x] = v;
  }
}
