/* cuda2hlo-test
launch: ctrl_block_value_continue<<<4, 64>>>(dest, part, dist, nd, nc)
buffer: dest i32 24 const -1
buffer: part f32 1536 zeros
buffer: dist f32 96 uniform -1 1
scalar: nd = 24
scalar: nc = 4
check: dest
check: part rtol=1e-5 atol=1e-6
note: a grid-stride loop holding barriers whose `continue` is under a test of a value
note: the block shares: `sum = smem[0];` read back after the block's reduction, while
note: sum held each thread's partial sum earlier in the body (HeCBench multinomial). The
note: statements after the assignment read a fresh copy (src/loopify/cond_forward.c
note: split_block), whose level is the block's; main refused: "__syncthreads() inside a
note: loop that is not uniform across the thread block"
*/
__global__ void ctrl_block_value_continue(int *dest, float *part, const float *dist, int nd, int nc) {
  __shared__ float smem[64];
  for (int d = blockIdx.x; d < nd; d += gridDim.x) {
    float sum = 0.0f;
    for (int c = threadIdx.x; c < nc; c += blockDim.x) {
      float x = dist[d * nc + c];
      sum += x > 0.5f ? x : 0.0f;
    }
    part[d * 64 + threadIdx.x] = sum;
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
    if (sum == 0.0f) {
      if (threadIdx.x == 0) dest[d] = 0;
      continue;
    }
    smem[threadIdx.x] = sum * (float)threadIdx.x;
    __syncthreads();
    if (threadIdx.x == 0) dest[d] = 1 + (int)(smem[63] * 10.0f);
    __syncthreads();
  }
}
