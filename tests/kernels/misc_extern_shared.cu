/* cuda2hlo-test
launch: reverse_blocks<<<8, 128, 512>>>(x, y, n)
buffer: x f32 1024 uniform -1 1
buffer: y f32 1024 zeros
scalar: n = 1024
check: y rtol=0 atol=0
note: 512 bytes of dynamic shared memory = 128 floats, one per thread
*/
// extern __shared__ dynamic shared memory, sized by the launch: reverse each block's segment.
__global__ void reverse_blocks(const float *x, float *y, int n) {
  extern __shared__ float buf[];
  int t = threadIdx.x;
  int base = blockIdx.x * blockDim.x;
  buf[t] = x[base + t];
  __syncthreads();
  y[base + t] = buf[blockDim.x - 1 - t];
}
