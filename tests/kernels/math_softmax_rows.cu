/* cuda2hlo-test
launch: softmax<<<64, 128>>>(x, y, cols)
buffer: x f32 8192 uniform -5 5
buffer: y f32 8192 zeros
scalar: cols = 128
check: y rtol=1e-5 atol=1e-7
note: one block per row of 128; a max reduction then a sum reduction in shared memory
*/
// Row softmax: shared-memory max and sum trees, with a broadcast of each result.
__global__ void softmax(const float *x, float *y, int cols) {
  __shared__ float red[128];
  int t = threadIdx.x;
  const float *row = x + blockIdx.x * cols;
  float v = row[t];
  red[t] = v;
  __syncthreads();
  for (int s = 64; s > 0; s >>= 1) {
    if (t < s) red[t] = fmaxf(red[t], red[t + s]);
    __syncthreads();
  }
  float m = red[0];
  __syncthreads();
  float e = expf(v - m);
  red[t] = e;
  __syncthreads();
  for (int s = 64; s > 0; s >>= 1) {
    if (t < s) red[t] += red[t + s];
    __syncthreads();
  }
  y[blockIdx.x * cols + t] = e / red[0];
}
