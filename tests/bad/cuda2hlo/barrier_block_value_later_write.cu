// RUN: cuda2hlo %s --grid 4 --block 64 --size dest=24 --size dist=96 --set nd=24 --set nc=4 -o %out
// ERROR: barrier_block_value_later_write\.cu:14:5: error: __syncthreads\(\) inside a loop that is not uniform across the thread block
// `sum = smem[0];` after a barrier is the block's value, and the statements after it read
// a fresh copy of it (src/loopify/cond_forward.c split_block), but only when nothing after
// writes sum: here thread 0 adds to it, so the test before `continue` differs between
// threads and the loop holding barriers stays refused.
// (tests/kernels/ctrl_block_value_continue.cu has the accepted form.)
__global__ void later_write(int *dest, const float *dist, int nd, int nc) {
  __shared__ float smem[64];
  for (int d = blockIdx.x; d < nd; d += gridDim.x) {
    float sum = 0.0f;
    for (int c = threadIdx.x; c < nc; c += blockDim.x) sum += dist[d * nc + c];
    smem[threadIdx.x] = sum;
    __syncthreads();
    if (threadIdx.x == 0) {
      float t = 0.0f;
      for (int k = 0; k < 64; k++) t += smem[k];
      smem[0] = t;
    }
    __syncthreads();
    sum = smem[0];
    __syncthreads();
    if (threadIdx.x == 0) sum = 0.0f;
    if (sum == 0.0f) continue;
    if (threadIdx.x == 1) dest[d] = 1;
    __syncthreads();
  }
}
