// expect-exit: 0
// expect-stdout: PASS
// cc-flags: -std=c++17
// thrust's device algorithms (sort, exclusive_scan, reduce, find, copy) on a
// device_vector, on device_ptr over cudaMalloc memory and with the thrust::device policy
// on raw cudaMalloc pointers, between launches of the program's own kernel on that
// memory (raw_pointer_cast(v.data()) and the cudaMalloc pointer). cuda2hlo-cc makes
// thrust's device system its C++ host system (docs/cudart.md): the algorithms run in the
// host code, device_vector storage comes from cudaMalloc (so the kernel's launch and
// cudaMemcpy accept it), and each kernel's result is in the memory when its launch
// returns. With thrust's CUDA system the first algorithm stopped the program: no kernel
// named 'cub::...' (cub's kernels are not raised). thrust::cuda::par and par_nosync are the
// C++ system's par; <cub/cub.cuh> compiles beside them. thrust's sequential radix sort, which
// sorts arithmetic keys, put negative int keys after the positive ones (its encoder widens
// an int to 64 bits): cuda2hlo_thrust's sort.h sends int to the merge sort; every key type
// is checked against std::stable_sort here, by sort and sort_by_key, ascending and
// descending.
#include <cstdio>
#include <vector>
#include <algorithm>
#include <numeric>
#include <thrust/copy.h>
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/find.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/system/cuda/execution_policy.h>
#include <cub/cub.cuh>
#include <cuda_runtime.h>
__global__ void affine(int *x, int n, int a, int b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] * a + b;
}
template <class T> static int sorts(int n) {
  std::vector<T> h(n), k(n);
  for (int i = 0; i < n; i++) h[i] = (T)((i * 7919) % 1009 - 500) / (T)3, k[i] = h[i];
  thrust::device_vector<T> v(h.begin(), h.end()), w(h.begin(), h.end());
  thrust::device_vector<int> idx(n);
  thrust::sequence(idx.begin(), idx.end());
  thrust::sort(v.begin(), v.end());
  thrust::stable_sort_by_key(w.begin(), w.end(), idx.begin());
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return h[a] < h[b]; });
  std::sort(k.begin(), k.end());
  int ok = 1;
  for (int i = 0; i < n; i++) ok &= v[i] == k[i] && w[i] == k[i] && idx[i] == order[i];
  thrust::sort(v.begin(), v.end(), thrust::greater<T>());
  for (int i = 0; i < n; i++) ok &= v[i] == k[n - 1 - i];
  if (!ok) printf("sort of %zu-byte keys: wrong\n", sizeof(T));
  return ok;
}
int main() {
  const int n = 1000, blocks = (n + 255) / 256;
  std::vector<int> h(n);
  for (int i = 0; i < n; i++) h[i] = (i * 7919) % 1009 - 500;
  int ok = 1;

  // device_vector: kernel, sort, reduce, find, kernel again, cudaMemcpy out
  thrust::device_vector<int> v(h.begin(), h.end());
  affine<<<blocks, 256>>>(thrust::raw_pointer_cast(v.data()), n, 3, 1);
  thrust::sort(v.begin(), v.end());
  long sum = thrust::reduce(v.begin(), v.end(), 0L);
  std::vector<int> e(n);
  for (int i = 0; i < n; i++) e[i] = h[i] * 3 + 1;
  std::sort(e.begin(), e.end());
  ok &= sum == std::accumulate(e.begin(), e.end(), 0L);
  int key = e[n / 3];
  auto it = thrust::find(v.begin(), v.end(), key);
  ok &= it - v.begin() == std::find(e.begin(), e.end(), key) - e.begin();
  ok &= thrust::find(v.begin(), v.end(), 2) == v.end();   // 3x+1 is never 2
  affine<<<blocks, 256>>>(thrust::raw_pointer_cast(v.data()), n, 1, -7);
  std::vector<int> r(n);
  cudaMemcpy(r.data(), thrust::raw_pointer_cast(v.data()), n * sizeof(int), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) ok &= r[i] == e[i] - 7;
  ok &= v[5] == e[5] - 7;   // element access through the device reference

  // device_ptr over cudaMalloc memory: kernel, exclusive_scan in place, copy out
  int *d;
  cudaMalloc(&d, n * sizeof(int));
  cudaMemcpy(d, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  affine<<<blocks, 256>>>(d, n, 2, 0);
  thrust::device_ptr<int> p(d);
  thrust::exclusive_scan(p, p + n, p, 5);
  std::vector<int> s(n);
  thrust::copy(p, p + n, s.begin());
  long acc = 5;
  for (int i = 0; i < n; i++) {
    ok &= s[i] == acc;
    acc += 2 * h[i];
  }
  // the kernel reads what the scan wrote
  affine<<<blocks, 256>>>(d, n, 1, 1);
  cudaMemcpy(r.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) ok &= r[i] == s[i] + 1;

  // thrust::device policy on the raw pointer
  thrust::sort(thrust::device, d, d + n);
  int mx = thrust::reduce(thrust::device, d, d + n, -1000000, thrust::maximum<int>());
  // the explicit CUDA policies, on a stream too
  cudaStream_t st;
  cudaStreamCreate(&st);
  ok &= thrust::reduce(thrust::cuda::par, p, p + n, -1000000, thrust::maximum<int>()) == mx;
  ok &= thrust::reduce(thrust::cuda::par_nosync.on(st), v.begin(), v.end(), 0L) == sum - 7L * n;
  cudaStreamDestroy(st);
  std::sort(s.begin(), s.end());
  ok &= mx == s[n - 1] + 1;
  cudaMemcpy(r.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) ok &= r[i] == s[i] + 1;
  cudaFree(d);
  ok &= sorts<signed char>(200) && sorts<short>(n) && sorts<int>(n) && sorts<long>(n) &&
        sorts<long long>(n) && sorts<float>(n) && sorts<double>(n) && sorts<unsigned>(n);
  printf("sum %ld max %d\n%s\n", sum, mx, ok ? "PASS" : "FAIL");
  return !ok;
}
