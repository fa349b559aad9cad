/* cuda2hlo-test
launch: piecewise<<<4, 256>>>(x, y, n)
buffer: x f32 1000 uniform -1 2
buffer: y f32 1000 const 9
scalar: n = 1000
check: y
*/
// Several early returns: the store that runs depends on the value read.
__global__ void piecewise(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  if (v < 0.0f) {
    y[i] = 0.0f;
    return;
  }
  if (v > 1.0f) {
    y[i] = 1.0f + 0.5f * (v - 1.0f);
    return;
  }
  y[i] = v * v;
}
