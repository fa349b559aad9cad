// expect-exit: 0
// expect-stdout: PASS
// expect-no-stderr: error
// A parameter struct passed by value whose fields include small arrays (floats, ints and
// a double after them, so the layout has padding): cuda2hlo-cc lays one parameter per
// element over the CUDA argument at the struct's C layout; the coefficients change
// between launches.
#include <cstdio>
#include <cuda_runtime.h>
struct Params {
  float w[3];
  int off[2];
  char tag;
  double scale;
};
__global__ void apply(Params p, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = (float)(p.scale * (p.w[i % 3] * x[i] + p.off[i % 2])) + (float)p.tag;
}
int main() {
  const int n = 200;
  float hx[n], hy[n];
  for (int i = 0; i < n; i++) hx[i] = 0.25f * (float)(i % 17) - 1.0f;
  float *x, *y;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  cudaMemcpy(x, hx, n * sizeof(float), cudaMemcpyHostToDevice);
  int bad = 0;
  for (int round = 0; round < 3; round++) {
    Params p;
    p.w[0] = 0.5f + round; p.w[1] = -1.0f; p.w[2] = 2.0f * round;
    p.off[0] = round; p.off[1] = -3;
    p.tag = (char)(2 + round);
    p.scale = 0.5 * (round + 1);
    apply<<<(n + 63) / 64, 64>>>(p, x, y, n);
    cudaMemcpy(hy, y, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
      float want = (float)(p.scale * (p.w[i % 3] * hx[i] + p.off[i % 2])) + (float)p.tag;
      if (hy[i] != want) {
        if (bad < 5) printf("round %d y[%d] = %g, want %g\n", round, i, hy[i], want);
        bad++;
      }
    }
  }
  cudaFree(x);
  cudaFree(y);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
