/* cuda2hlo-test
launch: twice<<<2, 64>>>(a, b, n)
launch: twice<<<2, 64>>>(b, a, n)
launch: twice<<<2, 64>>>(a, c, n)
buffer: a f32 100 uniform -1 1
buffer: b f32 100 zeros
buffer: c f32 100 zeros
scalar: n = 100
check: a
check: b
check: c
note: buffers bound to differently named parameters, swapped between launches
*/
__global__ void twice(const float *src, float *dst, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = 2.0f * src[i] + 1.0f;
}
