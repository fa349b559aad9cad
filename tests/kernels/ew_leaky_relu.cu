/* cuda2hlo-test
launch: leaky_relu<<<5, 200>>>(x, y, n, alpha)
buffer: x f32 999 uniform -3 3
buffer: y f32 999 zeros
scalar: n = 999
scalar: alpha = 0.1
check: y
note: block size 200 is not a power of two
*/
// Ternary select on the sign of the input.
__global__ void leaky_relu(const float *x, float *y, int n, float alpha) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    y[i] = v > 0.0f ? v : alpha * v;
  }
}
