/* cuda2hlo-test
launch: classify<<<4, 128>>>(x, cls, y, n)
buffer: x f32 480 uniform -3 3
buffer: cls i32 480 zeros
buffer: y f32 480 zeros
scalar: n = 480
check: cls
check: y
*/
// Nested ternaries: a class index and a smooth-step value from the same chain.
__global__ void classify(const float *x, int *cls, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    cls[i] = v < -2.0f ? 0 : v < -1.0f ? 1 : v < 0.0f ? 2 : v < 1.0f ? 3 : v < 2.0f ? 4 : 5;
    float t = v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v);
    y[i] = (v < 0.0f) ? -t : t * t * (3.0f - 2.0f * t);
  }
}
