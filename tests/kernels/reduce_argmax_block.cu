/* cuda2hlo-test
launch: argmax_block<<<6, 64>>>(x, best, where, n)
buffer: x f32 350 uniform -10 10
buffer: best f32 6 zeros
buffer: where i32 6 zeros
scalar: n = 350
check: best rtol=0 atol=0
check: where
*/
// Per-block argmax: a tree over (value, index) pairs in two shared arrays; ties keep the
// smaller index, so the result is deterministic.
__global__ void argmax_block(const float *x, float *best, int *where, int n) {
  __shared__ float sv[64];
  __shared__ int si[64];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  sv[t] = i < n ? x[i] : -1e30f;
  si[t] = i < n ? i : n;
  __syncthreads();
  for (int w = 32; w >= 1; w >>= 1) {
    if (t < w) {
      float a = sv[t], b = sv[t + w];
      if (b > a || (b == a && si[t + w] < si[t])) {
        sv[t] = b;
        si[t] = si[t + w];
      }
    }
    __syncthreads();
  }
  if (t == 0) {
    best[blockIdx.x] = sv[0];
    where[blockIdx.x] = si[0];
  }
}
