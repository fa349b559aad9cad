/* cuda2hlo-test
launch: tail_guarded<<<4, 64>>>(coord, w, cost, n, dim, x)
buffer: coord f32 1000 uniform -1 1
buffer: w f32 200 uniform 0 2
buffer: cost f32 256 zeros
scalar: n = 200
scalar: dim = 5
scalar: x = 17
check: cost rtol=1e-5 atol=1e-6
note: a barrier under the kernel's last if, whose condition differs between the threads of the last block
*/
// As clustering codes write it: the whole body is under `if (tid < num)`, with a barrier
// inside (thread 0 stages one point's coordinates in shared memory for the others). In
// the last block the threads past num never enter; nothing of the kernel runs after the
// if, so they are done, as if they had returned, and the barrier is among the threads that
// entered. A nested if with a second barrier is the last statement of the first one.
__global__ void tail_guarded(const float *coord, const float *w, float *cost, int n, int dim,
                             int x) {
  __shared__ float s[8];
  __shared__ float part[64];
  int local = threadIdx.x;
  int tid = blockIdx.x * blockDim.x + local;
  if (tid < n) {
    if (local == 0)
      for (int i = 0; i < dim; i++) s[i] = coord[i * n + x];
    __syncthreads();
    float c = 0.0f;
    for (int i = 0; i < dim; i++) {
      float d = coord[i * n + tid] - s[i];
      c += d * d;
    }
    cost[tid] = c * w[tid];
    if (local < 32) {
      part[local] = c;
      __syncthreads();
      cost[tid] += part[local + 1 - 2 * (local % 2)];   // its pair's, which entered too
    }
  }
}
