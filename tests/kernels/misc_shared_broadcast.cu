/* cuda2hlo-test
launch: subtract_block_first<<<8, 128>>>(x, y, scale, n)
buffer: x f32 1000 uniform -1 1
buffer: y f32 1000 zeros
buffer: scale f32 8 zeros
scalar: n = 1000
check: y
check: scale
*/
// A shared scalar broadcast across a barrier: thread 0 computes it, every thread reads it.
__global__ void subtract_block_first(const float *x, float *y, float *scale, int n) {
  __shared__ float first;
  __shared__ float s;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) {
    first = x[i];
    s = 1.0f + fabsf(first);
    scale[blockIdx.x] = s;
  }
  __syncthreads();
  if (i < n) y[i] = (x[i] - first) / s;
}
