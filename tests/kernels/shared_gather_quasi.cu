/* cuda2hlo-test
launch: sgather<<<dim3(2, 3), 64>>>(x, y)
buffer: x f32 384 uniform -1 1
buffer: y f32 384 const 4
check: y
note: a shared tile read after the barrier at quasi-affine indices that no slice gives
note: ((5 t) % 64, (t + t % 4) % 64) on a 2-D grid: gathers of the blocks' copies, the
note: rest of the kernel dense
*/
// Each block loads 64 values into shared memory and reads them back permuted.
__global__ void sgather(const float *x, float *y) {
  __shared__ float s[64];
  int t = threadIdx.x;
  int b = blockIdx.y * gridDim.x + blockIdx.x;
  s[t] = x[b * 64 + t] * (float)(blockIdx.y + 1);
  __syncthreads();
  y[b * 64 + t] = s[(t * 5) % 64] + 0.5f * s[(t + t % 4) % 64] - s[t];
}
