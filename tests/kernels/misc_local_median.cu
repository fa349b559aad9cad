/* cuda2hlo-test
launch: median5<<<4, 128>>>(x, y, n)
buffer: x f32 500 uniform -1 1
buffer: y f32 500 zeros
scalar: n = 500
check: y rtol=0 atol=0
note: edge windows clamp their indices to [0, n - 1]
*/
// A thread-local array filled by an unrolled loop, sorted by insertion sort (a median filter).
#define W 5

__global__ void median5(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float w[W];
#pragma unroll
  for (int k = 0; k < W; k++) {
    int j = min(max(i + k - W / 2, 0), n - 1);
    w[k] = x[j];
  }
  for (int a = 1; a < W; a++) {
    float v = w[a];
    int b = a - 1;
    while (b >= 0 && w[b] > v) {
      w[b + 1] = w[b];
      b--;
    }
    w[b + 1] = v;
  }
  y[i] = w[W / 2];
}
