/* cuda2hlo-test
launch: two_level<<<6, 128>>>(x, lanesum, blockmax, n)
buffer: x i32 700 randint -1000 1000
buffer: lanesum i32 768 zeros
buffer: blockmax i32 6 zeros
scalar: n = 700
check: lanesum
check: blockmax
note: two shuffle reductions, the second over the first one's results, under a guard of whole warps
*/
// Two levels of warp shuffles (issue 18): an xor butterfly sums each warp (every lane gets
// the sum), the warp sums go through shared memory, and the first warp of each block takes
// the max of them with shfl_down, whose value is the first level's copied to other lanes.
// Integer values: the results are exact.
__device__ int warp_sum(int v) {
  for (int m = 16; m > 0; m >>= 1) v += __shfl_xor_sync(0xffffffffu, v, m);
  return v;
}

__global__ void two_level(const int *x, int *lanesum, int *blockmax, int n) {
  __shared__ int sums[4];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  int v = warp_sum(i < n ? x[i] * (lane + 1) : lane);
  lanesum[i] = v - lane;
  if (lane == 0) sums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    int m = lane < 4 ? sums[lane] : -2147483647;
    for (int off = 16; off > 0; off >>= 1) m = max(m, __shfl_down_sync(0xffffffffu, m, off));
    if (lane == 0) blockmax[blockIdx.x] = m;
  }
}
