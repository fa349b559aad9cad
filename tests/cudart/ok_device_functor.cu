// expect-exit: 0
// expect-stdout: PASS
// expect-no-stderr: note:
// cc-flags: -std=c++17
// Host-run thrust and cub calling functions the program wrote as __device__ only:
// thrust::sort of keys whose operator< is __device__ (in a header of the test's own, as
// HeCBench gerbil), cub::DeviceScan::ExclusiveScan with a __device__ template functor (as
// HeCBench scan3), thrust::transform with a __device__ functor calling a __device__
// function that is not inline. cuda2hlo-cc compiles the host side with the file's own
// functions __host__ __device__ (cudart/hostdev.c); main's build before session 25 fails
// to compile the sort ("reference to __device__ function 'operator<'") and stops the
// scan at run time ("its operator is a __device__ function"). The kernel's inline helper
// reads threadIdx: inline, it is not compiled for the host, and the file keeps the
// mechanism. Every result is checked against a loop here.
#include <cstdio>
#include <vector>
#include <algorithm>
#include <cub/cub.cuh>
#include <thrust/device_ptr.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <cuda_runtime.h>
#include "device_functor_key.h"

static int fails = 0;
#define CHECK(c, what) do { if (!(c)) { printf("FAIL %s (line %d)\n", what, __LINE__); fails++; } } while (0)

struct Sum {
  template <typename T, typename U>
  __device__ __forceinline__ auto operator()(T &&t, U &&u) const -> decltype(t + u) { return t + u; }
};

__device__ int mix(int x) { return x * 3 + 1; }   // not inline: compiled for the host too

struct Mix {
  __device__ int operator()(int x) const { return mix(x) - 2; }
};

__device__ __forceinline__ unsigned gid() { return blockIdx.x * blockDim.x + threadIdx.x; }

__global__ void fill(Key *k, int *v, int n) {
  unsigned i = gid();
  if (i < n) {
    k[i].hi = (i * 7u) % 5u;
    k[i].lo = (i * 13u) % 11u;
    v[i] = (int)(i % 9u) - 4;
  }
}

static bool host_less(const Key &a, const Key &b) { return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo); }

int main() {
  const int n = 1000;
  Key *dk;
  int *dv, *dout;
  cudaMalloc(&dk, n * sizeof(Key));
  cudaMalloc(&dv, n * sizeof(int));
  cudaMalloc(&dout, n * sizeof(int));
  fill<<<(n + 127) / 128, 128>>>(dk, dv, n);
  std::vector<Key> hk(n), want(n);
  std::vector<int> hv(n), got(n);
  cudaMemcpy(hk.data(), dk, n * sizeof(Key), cudaMemcpyDeviceToHost);
  cudaMemcpy(hv.data(), dv, n * sizeof(int), cudaMemcpyDeviceToHost);

  want = hk;
  std::stable_sort(want.begin(), want.end(), host_less);
  thrust::device_ptr<Key> pk(dk);
  thrust::sort(pk, pk + n);
  cudaMemcpy(hk.data(), dk, n * sizeof(Key), cudaMemcpyDeviceToHost);
  bool same = true;
  for (int i = 0; i < n; i++)
    same &= hk[i].hi == want[i].hi && hk[i].lo == want[i].lo;
  CHECK(same, "thrust::sort with a __device__ operator<");

  size_t bytes = 0;
  cub::DeviceScan::ExclusiveScan(nullptr, bytes, dv, dout, Sum(), 5, n);
  void *tmp;
  cudaMalloc(&tmp, bytes);
  cub::DeviceScan::ExclusiveScan(tmp, bytes, dv, dout, Sum(), 5, n);
  cudaMemcpy(got.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost);
  int acc = 5;
  same = true;
  for (int i = 0; i < n; i++) {
    same &= got[i] == acc;
    acc += hv[i];
  }
  CHECK(same, "cub::DeviceScan::ExclusiveScan with a __device__ functor");

  thrust::device_ptr<int> pv(dv), po(dout);
  thrust::transform(pv, pv + n, po, Mix());
  cudaMemcpy(got.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost);
  same = true;
  for (int i = 0; i < n; i++)
    same &= got[i] == hv[i] * 3 + 1 - 2;
  CHECK(same, "thrust::transform with a __device__ functor calling a __device__ function");

  cudaFree(tmp);
  cudaFree(dk);
  cudaFree(dv);
  cudaFree(dout);
  printf(fails ? "FAILED\n" : "PASS\n");
  return fails != 0;
}
