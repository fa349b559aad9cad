/* cuda2hlo-test
launch: box_blur<3><<<4, 256>>>(in, out, n)
buffer: in f32 1000 uniform -1 1
buffer: out f32 1000 zeros
scalar: n = 1000
check: out
note: radius 3: a 7-tap mean; the first and last 3 elements are copied
*/
// A kernel template over the blur radius, instantiated by the launch in host code.
#include <cstdio>

template <int R>
__global__ void box_blur(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (i < R || i >= n - R) {
    out[i] = in[i];
    return;
  }
  float s = 0.0f;
#pragma unroll
  for (int k = -R; k <= R; k++) s += in[i + k];
  out[i] = s / (2 * R + 1);
}

void blur_on_device(const float *d_in, float *d_out, int n) {
  box_blur<3><<<(n + 255) / 256, 256>>>(d_in, d_out, n);
}

int main() {
  const int n = 1000;
  float h[n];
  for (int i = 0; i < n; i++) h[i] = (float)(i % 10);
  float *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice);
  blur_on_device(d_in, d_out, n);
  cudaMemcpy(h, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  printf("out[500] = %f\n", h[500]);
  cudaFree(d_in);
  cudaFree(d_out);
  return 0;
}
