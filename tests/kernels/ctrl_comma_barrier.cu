/* cuda2hlo-test
launch: block_sums<<<4, 64>>>(x, out, n)
buffer: x f32 256 uniform -1 1
buffer: out f32 8 zeros
scalar: n = 256
check: out rtol=0 atol=0
note: each block sums its 64 values by a tree (in the barrier loop's order, exact) and takes their maximum
*/
// Barriers inside comma expressions, as some published reductions write them: the for
// header `nt /= 2, __syncthreads()` runs a barrier before the first test and after each
// step, and a statement `buf[t] = v, __syncthreads();` stores then waits.
__global__ void block_sums(const float *x, float *out, int n) {
  __shared__ float sum[64];
  __shared__ float big[64];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  float v = i < n ? x[i] : 0.0f;
  sum[t] = v, big[t] = v, __syncthreads();
  int nt;
  for (nt = blockDim.x, nt /= 2, __syncthreads(); nt > 0; nt /= 2, __syncthreads())
    if (t < nt) {
      sum[t] += sum[t + nt];
      big[t] = fmaxf(big[t], big[t + nt]);
    }
  if (t == 0) {
    out[2 * blockIdx.x] = sum[0];
    out[2 * blockIdx.x + 1] = big[0];
  }
}
