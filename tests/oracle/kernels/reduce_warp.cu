/* cuda2hlo-test
launch: warp_sum<<<5, 256>>>(x, total, n)
buffer: x i32 1200 randint -50 50
buffer: total i32 1 zeros
scalar: n = 1200
check: total
note: __shfl_down_sync within each warp, per-warp sums in shared memory, atomicAdd
*/
__device__ __forceinline__ int warp_reduce(int v) {
  for (int off = warpSize / 2; off > 0; off /= 2)
    v += __shfl_down_sync(0xffffffffu, v, off);
  return v;
}
__global__ void warp_sum(const int *__restrict__ x, int *total, int n) {
  __shared__ int warps[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? x[i] : 0;
  v = warp_reduce(v);
  int lane = threadIdx.x % warpSize, w = threadIdx.x / warpSize;
  if (lane == 0) warps[w] = v;
  __syncthreads();
  if (w == 0) {
    v = lane < blockDim.x / warpSize ? warps[lane] : 0;
    v = warp_reduce(v);
    if (lane == 0) atomicAdd(total, v);
  }
}
