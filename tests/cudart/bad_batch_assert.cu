// expect-exit: 1
// expect-stdout: first launch: 231000 of 231000
// expect-stderr: bad_batch_assert.cu:33: void check(const int *, int *, int): block: [5,1,0], thread: [100,0,0] Assertion `m < 1000` failed.
// expect-stderr: bad_batch_assert.cu:33: void check(const int *, int *, int): block: [200,2,0], thread: [7,0,0] Assertion `m < 1000` failed.
// expect-stderr: bad_batch_assert.cu:33: void check(const int *, int *, int): block: [200,2,0], thread: [31,0,0] Assertion `m < 1000` failed.
// expect-stderr: a device assert failed (cudaErrorAssert
// expect-stderr-count: 64 Assertion
// expect-no-stderr: PASS
// A device assert in a launch larger than one SIMT batch (dim3(301, 3) x 256: 231168
// threads, batches of 452 and 451 blocks, the last partial; docs/report.md "A large
// SIMT launch in batches of blocks"). A warp's largest value (a shuffle: the launch
// runs SIMT) must stay below 1000: the second launch plants one large value in a warp of
// each batch, so the assert fails in the 32 threads of warp 3 of block (5,1) (linear
// block 306, first batch) and of warp 0 of block (200,2) (linear block 802, second
// batch), and CUDA's message names each thread by its own block and thread, whatever
// its batch. The first launch's asserts all hold.
#include <cassert>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define N 231168

__global__ void check(const int *x, int *out, int n) {
  int b = blockIdx.y * gridDim.x + blockIdx.x;
  int i = b * blockDim.x + threadIdx.x;
  int m = i < n ? x[i] : 0;
  for (int off = 16; off > 0; off >>= 1)
    m = max(m, __shfl_xor_sync(0xffffffffu, m, off));
  if (i >= n)
    return;
  out[i] = m;
  assert(m < 1000);
}

int main() {
  static int h[N], r[N];
  int *x, *out;
  for (int i = 0; i < N; i++)
    h[i] = i % 997;
  cudaMalloc(&x, sizeof h);
  cudaMalloc(&out, sizeof r);
  cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
  check<<<dim3(301, 3), 256>>>(x, out, 231000);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  int ok = 0;
  for (int i = 0; i < 231000; i++) {
    int w = i / 32 * 32, m = 0;
    for (int j = w; j < w + 32; j++)
      m = h[j] > m && j < 231000 ? h[j] : m;
    ok += r[i] == m;
  }
  printf("first launch: %d of 231000\n", ok);
  h[306 * 256 + 100] = 5000;      // block (5,1), thread 100: warp 3
  h[802 * 256 + 7] = 5000;        // block (200,2), thread 7: warp 0
  cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
  check<<<dim3(301, 3), 256>>>(x, out, 231000);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", e == cudaSuccess ? "PASS" : "FAIL");
  return 0;
}
