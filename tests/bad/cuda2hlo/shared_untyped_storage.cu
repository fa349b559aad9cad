// RUN: cuda2hlo %s --grid 1 --block 32 --size out=32 -o %out/k.mlir
// ERROR: shared_untyped_storage\.cu:14:73: error: array of type '.*aligned_storage.*' is not supported
// ERROR: note: in kernel 'welford_shared'
// A __shared__ array of std::aligned_storage (raw bytes with a size and an alignment, no
// element type) that the kernel then uses as an array of structs through
// reinterpret_cast. The array is refused at its declaration. Before, its buffer (with no
// element type) stayed bound, and the struct store through the cast pointer divided by
// its element size, zero: cuda2hlo died of SIGFPE (HeCBench rowwiseMoments-cuda
// main.cu:37 and rotary-cuda, in the full HeCBench run of session 14).
#include <type_traits>
struct W { float m, v; int n; };

__global__ void welford_shared(float *out) {
  __shared__ typename std::aligned_storage<sizeof(W), alignof(W)>::type sh[32];
  W *p = reinterpret_cast<W *>(sh);
  W w = {1.0f, 2.0f, 3};
  p[threadIdx.x] = w;
  __syncthreads();
  out[threadIdx.x] = p[(threadIdx.x + 1) % 32].m + p[threadIdx.x].v;
}
