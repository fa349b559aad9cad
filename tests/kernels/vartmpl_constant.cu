/* cuda2hlo-test
launch: smooth<float><<<4, 64>>>(yf, xf, n)
launch: smooth<int><<<4, 64>>>(yi, xi, n)
constant: taps<float> f32 5 uniform -1 1
constant: taps<int> i32 5 randint -4 5
constant: bias<2> f32 1 uniform -1 1
buffer: xf f32 250 uniform -10 10
buffer: yf f32 250 zeros
buffer: xi i32 250 randint -100 100
buffer: yi i32 250 zeros
scalar: n = 250
check: yf
check: yi
note: variable templates in constant memory: taps<T> and bias<2> are filled by the host
note: through host templates (`taps<T>`, `bias<K>`), so each instance is an input of the
note: module named as the instance (`taps<float>`, `taps<int>`: two symbols); scale<T>
note: has an initialiser nothing overwrites, a constant (bias<2>'s initialiser is not what
note: the kernel reads: main's binary folded it); the int launch is exact
*/
// A 5-tap smoothing filter whose weights live in a __constant__ variable template, one
// instance per element type, as generic filter codes keep one table per precision.
#include <cuda_runtime.h>

template <typename T> __constant__ T taps[5];
template <int K> __constant__ float bias = K;
template <typename T> __constant__ T scale = T(3);

template <typename T>
__global__ void smooth(T *y, const T *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  T s = 0;
  for (int j = 0; j < 5; j++) {
    int k = i + j - 2;
    if (k >= 0 && k < n) s += taps<T>[j] * x[k];
  }
  y[i] = s * scale<T> + (T)bias<2>;
}

template <typename T> void upload(const T *w) { cudaMemcpyToSymbol(taps<T>, w, 5 * sizeof(T)); }
template <int K> void set_bias(float b) { cudaMemcpyToSymbol(bias<K>, &b, sizeof b); }

int main() {
  const int n = 250;
  float wf[5] = {0.1f, 0.2f, 0.4f, 0.2f, 0.1f}, b = 0.5f, *xf, *yf;
  int wi[5] = {1, 2, 4, 2, 1}, *xi, *yi;
  cudaMalloc(&xf, n * sizeof(float));
  cudaMalloc(&yf, n * sizeof(float));
  cudaMalloc(&xi, n * sizeof(int));
  cudaMalloc(&yi, n * sizeof(int));
  upload(wf);
  upload(wi);
  set_bias<2>(b);
  smooth<<<(n + 63) / 64, 64>>>(yf, xf, n);
  smooth<<<(n + 63) / 64, 64>>>(yi, xi, n);
  cudaFree(xf);
  cudaFree(yf);
  cudaFree(xi);
  cudaFree(yi);
  return 0;
}
