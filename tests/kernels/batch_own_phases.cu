/* cuda2hlo-test
launch: batch_own_phases<<<1100, 128>>>(seed, x, ind, table, w, part, n, c)
buffer: seed i32 140800 randint 1 100000
buffer: x f32 140800 uniform 0 1
buffer: ind i32 140800*5 zeros
buffer: table f32 97 uniform -1 1
buffer: w f32 140800 zeros
buffer: part f32 1100 zeros
scalar: n = 140704
scalar: c = 5
check: seed
check: x rtol=1e-5 atol=1e-5
check: ind
check: w rtol=1e-4 atol=1e-4
check: part rtol=1e-4 atol=1e-3
note: 140800 lanes, more than a SIMT batch; seed, x and w are written before a barrier and
note: accessed after it, but only each thread's own elements: the race walk proves that no
note: block touches an element another block writes (race_blocks.c), so it runs in batches
*/
// A particle-filter likelihood step (as HeCBench particlefilter's kernel_likelihood):
// each particle advances its random seed and moves, then after a barrier reads its own
// seed and position back, writes c neighbour indices into its row of ind (a loop whose
// bound is a scalar) and reads them back, weights itself, and the block sums the weights
// in shared memory for thread 0 to store. The threads past n only take part in the sum.
__global__ void batch_own_phases(int *seed, float *x, int *ind, const float *table, float *w,
                                 float *part, int n, int c) {
  __shared__ float s[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {       /* n is a multiple of 32: whole warps shuffle */
    seed[i] = (1103 * seed[i] + 12345) % 65536;
    float v = seed[i] / 65536.0f;
    int k = 0;
    while (v > 0.1f && k < 20) {      /* a data-dependent trip count */
      v *= 0.8f;
      k++;
    }
    float m = (float)k;         /* the warp's maximum: a shuffle keeps the SIMT strategy */
    for (int off = 16; off > 0; off >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, off));
    x[i] += 0.25f * k + 0.01f * m;
    w[i] = 1.0f / n;
  }
  __syncthreads();
  if (i < n) {
    int y;
    for (y = 0; y < c; y++)
      ind[i * c + y] = (seed[i] + 31 * y + (int)x[i]) % 97;
    float sum = 0.0f;
    for (int j = 0; j < c; j++)
      sum += table[ind[i * c + j]];
    w[i] = w[i] * expf(sum / c);
  }
  s[threadIdx.x] = i < n ? w[i] : 0.0f;
  __syncthreads();
  for (int t = 64; t > 0; t >>= 1) {
    if (threadIdx.x < t) s[threadIdx.x] += s[threadIdx.x + t];
    __syncthreads();
  }
  if (threadIdx.x == 0) part[blockIdx.x] = s[0];
}
