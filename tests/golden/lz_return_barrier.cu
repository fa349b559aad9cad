/* cuda2hlo-test
launch: tail_sum<<<4, 64>>>(x, out, n)
buffer: x i32 256 randint -100 100
buffer: out i32 256 zeros
scalar: n = 200
check: out
note: threads past n return before the barrier; the rest read a neighbour written before it
*/
// loopify golden: an early return before __syncthreads (the exited-flag array), and a
// value (i) live across the barrier (a spill).
__global__ void tail_sum(const int *x, int *out, int n) {
  __shared__ int s[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? x[i] : 0;
  if (i >= n) return;
  __syncthreads();
  out[i] = s[threadIdx.x] + (threadIdx.x > 0 ? s[threadIdx.x - 1] : 0);
}
