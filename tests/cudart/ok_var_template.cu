// Variable templates in constant memory in a program built with cuda2hlo-cc: each
// instance a kernel reads is an input of its module named as the instance
// ("taps<float>", "taps<int>", "gain<3>", "ramp<float,2>" without its namespace), which
// the runtime binds to the symbol the program registered (its device name mangled:
// _Z4tapsIfE, _ZN3lut4rampIfLi2EEE), so what a host template uploads with
// cudaMemcpyToSymbol(taps<T>, ...) is what each launch reads.
// expect-stdout: float 81.00 int 81 gain 15.00
#include <cstdio>

template <typename T> __constant__ T taps[3];
template <int K> __constant__ float gain = K;
namespace lut {
template <typename T, int N> __constant__ T ramp[N];
}

template <typename T>
__global__ void blur(const T *x, T *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1) y[i] = taps<T>[0] * x[i - 1] + taps<T>[1] * x[i] + taps<T>[2] * x[i + 1];
}

__global__ void amplify(float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] *= gain<3> + lut::ramp<float, 2>[1];
}

template <typename T> float run(const T *w) {
  const int n = 64;
  T h[n], *x, *y;
  for (int i = 0; i < n; i++) h[i] = (T)(i % 7);
  cudaMemcpyToSymbol(taps<T>, w, 3 * sizeof(T));
  cudaMalloc(&x, sizeof h);
  cudaMalloc(&y, sizeof h);
  cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(y, 0, sizeof h);
  blur<<<2, 32>>>(x, y, n);
  cudaMemcpy(h, y, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(x);
  cudaFree(y);
  return (float)h[5] * 2 + (float)h[6];
}

int main() {
  const float wf[3] = {1, 2, 3};
  const int wi[3] = {1, 2, 3};
  float four = 4, ramp[2] = {0, 1}, *g, r;
  printf("float %.2f ", run(wf));
  printf("int %d ", (int)run(wi));
  cudaMemcpyToSymbol(gain<3>, &four, sizeof four);
  cudaMemcpyToSymbol(lut::ramp<float, 2>, ramp, sizeof ramp);
  cudaMalloc(&g, sizeof r);
  r = 3;
  cudaMemcpy(g, &r, sizeof r, cudaMemcpyHostToDevice);
  amplify<<<1, 32>>>(g, 1);
  cudaMemcpy(&r, g, sizeof r, cudaMemcpyDeviceToHost);
  printf("gain %.2f\n", r);
  cudaFree(g);
  return 0;
}
