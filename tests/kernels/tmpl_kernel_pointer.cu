/* cuda2hlo-test
launch: axpb<3><<<4, 64>>>(x, y, n)
launch: axpb<-2><<<4, 64>>>(y, x, n)
buffer: x f32 250 uniform -1 1
buffer: y f32 250 zeros
scalar: n = 250
check: x
check: y
note: both instances reach the GPU only as function pointers handed to a launcher
*/
// A kernel template whose instances the host code passes to a generic launcher as function
// pointers (never launched by name).
#include <cstdio>

template <int A>
__global__ void axpb(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = A * in[i] + 1.0f;
}

template <typename K, typename... Args>
void launch(K kernel, int n, int block, Args... args) {
  kernel<<<(n + block - 1) / block, block>>>(args...);
}

int main() {
  const int n = 250;
  float *x, *y;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  launch(axpb<3>, n, 64, x, y, n);
  launch(&axpb<-2>, n, 64, y, x, n);
  cudaDeviceSynchronize();
  cudaFree(x);
  cudaFree(y);
  return 0;
}
