// expect-cc-exit: 1
// expect-stderr: note: 
// expect-stderr: bad_device_functor.cu:17:83: error: reference to __device__ function '__fetch_builtin_x' in __host__ __device__ function
// expect-stderr: error: reference to __device__ function 'operator<' in __host__ __device__ function
// Host-run thrust calling a __device__ operator< that cannot run on the host: it reads
// threadIdx, which has no host form. cuda2hlo-cc's host compile with the file's own
// functions __host__ __device__ (cudart/hostdev.c) fails at the read (a located error,
// shown in a note), the file is compiled as written, and there the sort's call of the
// __device__ operator is clang's located error: the program is not built, never run
// with a wrong order.
#include <cstdio>
#include <thrust/device_ptr.h>
#include <thrust/sort.h>
#include <cuda_runtime.h>
struct Key {
  int v;
  __device__ bool operator<(const Key &o) const { return v < o.v + (int)threadIdx.x; }
};
int main() {
  Key *d;
  cudaMalloc(&d, 8 * sizeof(Key));
  thrust::device_ptr<Key> p(d);
  thrust::sort(p, p + 8);
  printf("not reached\n");
  return 0;
}
