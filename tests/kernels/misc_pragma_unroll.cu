/* cuda2hlo-test
launch: poly_unrolled<<<2, 128>>>(x, y, n)
buffer: x f32 256 uniform -1 1
buffer: y f32 1024 zeros
scalar: n = 256
check: y rtol=1e-5 atol=1e-6
note: four outputs per thread, y[4 * i + k]
*/
// #pragma unroll in its three spellings (full, with a count, and disabled) over local arrays.
__global__ void poly_unrolled(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float p[8];
  float v = x[i];
  p[0] = 1.0f;
#pragma unroll
  for (int k = 1; k < 8; k++) p[k] = p[k - 1] * v;
  float acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
#pragma unroll 2
  for (int k = 0; k < 8; k++) acc[k % 4] += p[k] / (float)(k + 1);
#pragma unroll 1
  for (int k = 0; k < 4; k++) y[4 * i + k] = acc[k];
}
