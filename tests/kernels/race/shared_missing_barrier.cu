/* cuda2hlo-test
launch: rotate_block<<<4, 128>>>(x, y, n)
buffer: x f32 512 uniform -1 1
buffer: y f32 512 zeros
scalar: n = 512
expect: race
note: s[(t + 1) % 128] is written by another thread; the __syncthreads that should separate
note: the store and the load is missing
*/
// RACE: a shared-memory read before the barrier that should separate it from the write.
__global__ void rotate_block(const float *x, float *y, int n) {
  __shared__ float s[128];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = x[i];
  y[i] = s[(t + 1) % 128];
}
