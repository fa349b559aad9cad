#include <cuda_runtime.h>
/* cuda2hlo-test
launch: hist_shared<<<16, 128>>>(data, hist, n)
buffer: data u8 8000 randint 0 256
buffer: hist u32 256 zeros
scalar: n = 8000
check: hist
*/
// Block-private histogram in shared memory (zeroed by a strided loop, filled with shared
// atomics, merged into global memory with global atomics), grid-stride over the input.
#define BINS 256

__global__ void hist_shared(const unsigned char *data, unsigned *hist, int n) {
  __shared__ unsigned local[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    if (local[b]) atomicAdd(&hist[b], local[b]);
}
