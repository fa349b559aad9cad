/* cuda2hlo-test
launch: hist_global<<<20, 256>>>(data, hist, n)
buffer: data i32 5000 randint 0 64
buffer: hist i32 64 zeros
scalar: n = 5000
check: hist
*/
// Histogram with atomicAdd on global memory: the target index is the data value.
__global__ void hist_global(const int *data, int *hist, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&hist[data[i]], 1);
}
