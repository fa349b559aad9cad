/* cuda2hlo-test
launch: histo<<<6, 96>>>(x, bins, n)
buffer: x u32 5000 randint 0 1000000
buffer: bins u32 64 zeros
scalar: n = 5000
check: bins
note: shared-memory histogram with atomicAdd, grid-stride loop, then merged with global atomics
*/
#define NB 64
__global__ void histo(const unsigned *x, unsigned *bins, int n) {
  __shared__ unsigned local[NB];
  for (int b = threadIdx.x; b < NB; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[(x[i] * 2654435761u) >> 26], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < NB; b += blockDim.x) atomicAdd(&bins[b], local[b]);
}
