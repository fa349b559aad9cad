/* cuda2hlo-test
launch: color_convert<<<4, 128>>>(rgb, yuv, n)
constant: c_m f32 9 uniform -1 1
buffer: rgb f32 1500 uniform 0 1
buffer: yuv f32 1500 zeros
scalar: n = 500
check: yuv rtol=1e-5 atol=1e-6
note: the host program uploads the matrix with cudaMemcpyToSymbol, so the initialiser is
note: not what the kernel reads: c_m is an input of the module (filled here by `constant:`)
*/
// A __constant__ 3 x 3 matrix written by cudaMemcpyToSymbol in the host program.
#include <cstdio>
#include <cstdlib>

__constant__ float c_m[9] = {0.299f, 0.587f, 0.114f, -0.14713f, -0.28886f, 0.436f,
                             0.615f, -0.51499f, -0.10001f};

__global__ void color_convert(const float *rgb, float *yuv, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float *p = rgb + 3 * i;
  for (int r = 0; r < 3; r++)
    yuv[3 * i + r] = c_m[3 * r] * p[0] + c_m[3 * r + 1] * p[1] + c_m[3 * r + 2] * p[2];
}

int main() {
  const int n = 500;
  const float m[9] = {0.299f, 0.587f, 0.114f, -0.14713f, -0.28886f, 0.436f,
                      0.615f, -0.51499f, -0.10001f};
  float *h = (float *)malloc(3 * n * sizeof(float));
  for (int i = 0; i < 3 * n; i++) h[i] = (float)(i % 256) / 255.0f;
  float *d_rgb, *d_yuv;
  cudaMalloc(&d_rgb, 3 * n * sizeof(float));
  cudaMalloc(&d_yuv, 3 * n * sizeof(float));
  cudaMemcpyToSymbol(c_m, m, sizeof(m));
  cudaMemcpy(d_rgb, h, 3 * n * sizeof(float), cudaMemcpyHostToDevice);
  color_convert<<<(n + 127) / 128, 128>>>(d_rgb, d_yuv, n);
  cudaMemcpy(h, d_yuv, 3 * n * sizeof(float), cudaMemcpyDeviceToHost);
  printf("Y[0] = %f\n", h[0]);
  cudaFree(d_rgb);
  cudaFree(d_yuv);
  free(h);
  return 0;
}
