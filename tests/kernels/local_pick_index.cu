/* cuda2hlo-test
launch: pick<<<3, 64>>>(x, y, n)
buffer: x f32 200 uniform -2 2
buffer: y f32 600 const 9
scalar: n = 180
check: y
note: local arrays read at indices that are quasi-affine in the thread and loop counters
note: (w[i % 8], c[(i + 1) % 3], w[7 - (i + 2) % 8], w[(i / 3) % 4 + 4]), each a pick
note: among the few elements the index can take
*/
// Per thread a table of 8 values and 3 coefficients, read at thread-dependent positions.
__global__ void pick(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float w[8], c[3] = {0.5f, -1.0f, 2.0f};
  for (int k = 0; k < 8; k++)
    w[k] = x[i] * (float)k - (float)(k * k);
  y[i] = w[i % 8] + c[i % 3];
  y[200 + i] = c[(i + 1) % 3] * w[7 - (i + 2) % 8];
  y[400 + i] = w[(i / 3) % 4 + 4];
}
