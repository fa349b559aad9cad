/* cuda2hlo-test
launch: scaled_diff<double><<<4, 128>>>(c, u, v, w, n)
launch: fill_mod<7><<<8, 64>>>(m, n)
buffer: u f64 500 uniform -1 1
buffer: v f64 500 uniform -1 1
buffer: w f64 500 zeros
buffer: m i32 500 randint -5 5
scalar: n = 500
scalar: c = 1.5
check: w
check: m
note: the launches sit in member functions: scaled_diff's in a method of a class template (its template argument deduced from the launch's arguments), fill_mod's in the constructor of a plain class; the converter finds both instances from main()
*/
// Kernel templates launched only from member functions. With no --kernel, the converter
// lists the instances these launches make (scaled_diff<double>, fill_mod<7>) by walking
// the member functions that main() calls, the constructor included.
#include <cstdio>

template <typename T>
__global__ void scaled_diff(T c, const T *u, const T *v, T *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) w[i] = c * (u[i] - v[i]);
}

template <int K>
__global__ void fill_mod(int *m, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) m[i] = (i * 3 + m[i]) % K;
}

template <typename T>
class Differ {
 public:
  explicit Differ(T c) : c_(c) {}
  void run(const T *u, const T *v, T *w, int n) const {
    scaled_diff<<<(n + 127) / 128, 128>>>(c_, u, v, w, n);
  }

 private:
  T c_;
};

struct ModFiller {
  ModFiller(int *m, int n) { fill_mod<7><<<(n + 63) / 64, 64>>>(m, n); }
};

int main() {
  const int n = 500;
  double h[n];
  int hm[n];
  for (int i = 0; i < n; i++) {
    h[i] = 0.01 * i;
    hm[i] = i % 5;
  }
  double *u, *v, *w;
  int *m;
  cudaMalloc(&u, n * sizeof(double));
  cudaMalloc(&v, n * sizeof(double));
  cudaMalloc(&w, n * sizeof(double));
  cudaMalloc(&m, n * sizeof(int));
  cudaMemcpy(u, h, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(v, h, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(m, hm, n * sizeof(int), cudaMemcpyHostToDevice);
  Differ<double> d(1.5);
  d.run(u, v, w, n);
  ModFiller f(m, n);
  cudaMemcpy(h, w, n * sizeof(double), cudaMemcpyDeviceToHost);
  printf("w[1] = %f\n", h[1]);
  cudaFree(u);
  cudaFree(v);
  cudaFree(w);
  cudaFree(m);
  return 0;
}
