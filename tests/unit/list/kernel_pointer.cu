// Kernel template instances that the host code passes as function pointers to a
// launcher (never launched by name): C++ instantiates them, so they are kernels of the
// file. `unused` is never instantiated and is listed by its bare name.
template <int N>
__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= N;
}

template <typename T>
__global__ void unused(T *x) { x[threadIdx.x] = 0; }

template <typename K, typename... A>
void launch1(K kernel, int n, A... args) { kernel<<<(n + 127) / 128, 128>>>(args...); }

int main() {
  constexpr int w = 7;
  float *x = nullptr;
  launch1(scale<w>, 100, x, 100);
  launch1(scale<5>, 100, x, 100);
  launch1(&scale<7>, 100, x, 100);
  return 0;
}
