/* cuda2hlo-test
launch: pair_sort<<<4, 64, 512>>>(keys, vals, okeys, ovals, n)
buffer: keys i32 256 randint 0 1000
buffer: vals f32 256 uniform -1 1
buffer: okeys i32 256 zeros
buffer: ovals f32 256 zeros
scalar: n = 256
check: okeys
check: ovals rtol=0 atol=0
note: 512 bytes = 64 ints followed by 64 floats carved out of one extern array
note: each block sorts its 64 (key, value) pairs by key, ties by original position
*/
// One dynamic shared buffer split into two typed arrays; a rank sort within each block.
__global__ void pair_sort(const int *keys, const float *vals, int *okeys, float *ovals, int n) {
  extern __shared__ int smem[];
  int *sk = smem;
  float *sv = (float *)(smem + blockDim.x);
  int t = threadIdx.x;
  int base = blockIdx.x * blockDim.x;
  sk[t] = keys[base + t];
  sv[t] = vals[base + t];
  __syncthreads();
  int k = sk[t], rank = 0;
  for (int j = 0; j < blockDim.x; j++) {
    int kj = sk[j];
    rank += (kj < k) || (kj == k && j < t);
  }
  okeys[base + rank] = k;
  ovals[base + rank] = sv[t];
}
