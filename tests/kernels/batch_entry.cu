/* cuda2hlo-test
entry: batch_run(a, b, cnt, n, steps)
buffer: a i32 153856 randint 0 100000
buffer: b i32 153856 const -7
buffer: cnt i32 4 zeros
scalar: n = 153800
scalar: steps = 3
check: a
check: b
check: cnt
note: --entry: a host loop of 3 steps launches a kernel of 153856 lanes (601 blocks
note: of 256) that runs in two SIMT batches of 301 and 300 blocks inside the entry's
note: module, the buffers swapped between steps; atomics across the batches
*/
// A host function whose time loop launches a kernel larger than one SIMT batch: a
// data-dependent loop per thread, a warp shuffle (the launch runs SIMT), an atomic sum
// of the steps of every thread; the pointers are swapped after each launch.
#include <cuda_runtime.h>
#include <utility>

__global__ void step(const int *src, int *dst, int *cnt, int n, int t) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? src[i] : 0, k = 0;
  while (v > 1) {
    v = v % 2 ? 3 * v + 1 : v / 2;
    k++;
  }
  int m = k;
  for (int off = 16; off > 0; off >>= 1) m = max(m, __shfl_xor_sync(0xffffffffu, m, off));
  if (i >= n) return;
  dst[i] = (src[i] + m * 7 + t) % 100003;
  atomicAdd(&cnt[0], k);
  atomicMax(&cnt[1], m * 1000 + t);
}

void batch_run(int *a, int *b, int *cnt, int n, int steps) {
  for (int t = 0; t < steps; t++) {
    step<<<601, 256>>>(a, b, cnt, n, t);
    std::swap(a, b);
  }
}
