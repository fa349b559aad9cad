/* cuda2hlo-test
launch: block_max<128><<<8, 128>>>(x, out, n)
buffer: x i32 1000 randint -1000000 1000000
buffer: out i32 8 zeros
scalar: n = 1000
check: out
*/
// A template over the block size: the shared array size and the unrolled tree depth are
// compile-time constants.
template <int BLOCK>
__global__ void block_max(const int *x, int *out, int n) {
  __shared__ int s[BLOCK];
  int t = threadIdx.x;
  int i = blockIdx.x * BLOCK + t;
  s[t] = i < n ? x[i] : -2147483647 - 1;
  __syncthreads();
#pragma unroll
  for (int w = BLOCK / 2; w > 0; w /= 2) {
    if (t < w) s[t] = max(s[t], s[t + w]);
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

template __global__ void block_max<128>(const int *, int *, int);
