/* cuda2hlo-test
launch: heat_step<<<dim3(2, 2), dim3(16, 16)>>>(a, b, n, r)
launch: heat_step<<<dim3(2, 2), dim3(16, 16)>>>(b, a, n, r)
launch: heat_step<<<dim3(2, 2), dim3(16, 16)>>>(a, b, n, r)
launch: heat_step<<<dim3(2, 2), dim3(16, 16)>>>(b, a, n, r)
buffer: a f32 1024 uniform 0 1
buffer: b f32 1024 zeros
scalar: n = 32
scalar: r = 0.2
check: a
check: b
note: four ping-pong launches; boundary cells are copied so both buffers stay complete
*/
// Explicit heat equation, one launch per time step, buffers swapped between launches.
__global__ void heat_step(const float *src, float *dst, int n, float r) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= n || j >= n) return;
  int k = j * n + i;
  if (i == 0 || j == 0 || i == n - 1 || j == n - 1) {
    dst[k] = src[k];
  } else {
    dst[k] = src[k] + r * (src[k - 1] + src[k + 1] + src[k - n] + src[k + n] - 4.0f * src[k]);
  }
}
