/* cuda2hlo-test
launch: block_sum<<<8, 128>>>(x, partial, n)
buffer: x i32 1000 randint -1000 1000
buffer: partial i32 8 zeros
scalar: n = 1000
check: partial
note: shared-memory tree reduction; the last block is partial (1000 = 7*128 + 104)
*/
#define BS 128
__global__ void block_sum(const int *x, int *partial, int n) {
  __shared__ int s[BS];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? x[i] : 0;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = s[0];
}
