/* cuda2hlo-test
launch: ids<<<dim3(3, 2, 2), dim3(4, 2, 3)>>>(linear, coords, total)
buffer: linear i32 288 const -1
buffer: coords i32 1728 const -1
buffer: total i32 1 zeros
check: linear
check: coords
check: total
note: every builtin of a 3-D launch (12 blocks of 24 threads) written out per thread
*/
// threadIdx, blockIdx, blockDim and gridDim in all three dimensions; a global linear id.
__global__ void ids(int *linear, int *coords, int *total) {
  int bid = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  int tid = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  int per_block = blockDim.x * blockDim.y * blockDim.z;
  int g = bid * per_block + tid;
  linear[g] = tid * 1000 + bid;
  int *c = coords + 6 * g;
  c[0] = threadIdx.x; c[1] = threadIdx.y; c[2] = threadIdx.z;
  c[3] = blockIdx.x;  c[4] = blockIdx.y;  c[5] = blockIdx.z;
  if (g == 0) *total = per_block * gridDim.x * gridDim.y * gridDim.z + warpSize;
}
