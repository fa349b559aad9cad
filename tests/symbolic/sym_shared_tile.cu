/* cuda2hlo-test
launch: tile_smooth<<<8, 128>>>(x, y, n)
buffer: x f32 1024 uniform -1 1
buffer: y f32 1024 uniform -1 1
scalar: n = 1024
check: y
note: a 3-point average of the first n elements through a shared tile with a halo of one
*/
// A 3-point average through a shared-memory tile of 128 + 2 (a halo of one each side,
// zero outside [0, n)): the length n is a runtime scalar (--symbolic n).
#define T 128
__global__ void tile_smooth(const float *x, float *y, int n) {
  __shared__ float s[T + 2];
  int i = blockIdx.x * T + threadIdx.x;
  int t = threadIdx.x + 1;
  s[t] = 0.0f;
  if (i < n) s[t] = x[i];
  if (threadIdx.x == 0) {
    s[0] = 0.0f;
    if (i > 0 && i - 1 < n) s[0] = x[i - 1];
  }
  if (threadIdx.x == T - 1) {
    s[T + 1] = 0.0f;
    if (i + 1 < n) s[T + 1] = x[i + 1];
  }
  __syncthreads();
  if (i < n) y[i] = (s[t - 1] + s[t] + s[t + 1]) * (1.0f / 3.0f);
}
