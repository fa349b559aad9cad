/* cuda2hlo-test
launch: shared_atomics<<<6, 64>>>(key, val, bins, nonzero, top, sums, n)
launch: shared_atomics<<<dim3(3, 2), dim3(16, 4)>>>(key, val, bins, nonzero, top, sums, m)
buffer: key i32 1152 randint 0 16
buffer: val i32 1152 randint 0 8
buffer: bins i32 6*16 zeros
buffer: nonzero i32 6 zeros
buffer: top i32 16 zeros
buffer: sums f32 6*16 zeros
scalar: n = 1152
scalar: m = 1000
check: bins
check: nonzero
check: top
check: sums
note: per-block bins at data-dependent addresses (a grid-stride loop over n), a shared
note: counter per block, atomicMax into a global array, a float atomicAdd into shared
note: memory (halves of small integers: exact in any order). The second launch: 2-D grid
note: and blocks, and m not a multiple of the threads (the grid-stride loop's last trip
note: partial): its lanes are (block and iteration, thread) numbers
*/
// Atomics on __shared__ memory: each block has its own copy, so the same in-block address
// in two blocks is two elements.
#define NB 16

__global__ void shared_atomics(const int *key, const int *val, int *bins, int *nonzero,
                               int *top, float *sums, int n) {
  __shared__ int hist[NB];
  __shared__ float part[NB];
  __shared__ int count;
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  int blk = blockIdx.y * gridDim.x + blockIdx.x;
  int nt = blockDim.x * blockDim.y, all = nt * gridDim.x * gridDim.y;
  if (t < NB) {
    hist[t] = 0;
    part[t] = 0.0f;
  }
  if (t == 0) count = 0;
  __syncthreads();
  for (int i = blk * nt + t; i < n; i += all) {
    atomicAdd(&hist[key[i]], 1);
    atomicAdd(&count, key[i] > 7 ? 1 : 0);
  }
  int j = blk * nt + t;
  if (val[j] > 2) atomicAdd(&part[key[j]], 0.5f * (float)val[j]);
  __syncthreads();
  if (t < NB) {
    bins[blk * NB + t] = hist[t];
    sums[blk * NB + t] = part[t];
    atomicMax(&top[t], hist[t]);
  }
  if (t == 0) nonzero[blk] = count;
}
