// expect-exit: 1
// expect-stdout: first launch: 231168 of 231168
// expect-stderr: bad_batch_poison.cu:42: block: [248,2,0], thread: [100,0,0] a value that was never set (read from 'v') reaches a store to global memory
// expect-stderr: bad_batch_poison.cu:42: block: [248,2,0], thread: [255,0,0] a value that was never set (read from 'v') reaches a store to global memory
// expect-stderr: a device assert failed (cudaErrorAssert
// expect-stderr-count: 156 block: \[248,2,0\], thread: \[[0-9]+,0,0\] a value that was never set
// expect-stderr-count: 156 a value that was never set
// expect-no-stderr: PASS
// A value that may be unset (poison.c) in a launch larger than one SIMT batch
// (dim3(301, 3) x 256: batches of 452 and 451 blocks, the last partial). Each thread
// loads its element when it is below n, counts the steps of a data-dependent loop
// and takes its warp neighbour's count (a shuffle: the launch runs SIMT), and the
// store is guarded by the block's start only: in the block that holds n (linear block
// 850 = (248,2), second batch) the threads past n store a value that was never set. The
// launch fails with the message of each such thread, named by its own block and thread,
// whatever its batch; the first launch (n the whole launch) stores set values only.
#include <cstdio>
#include <cuda_runtime.h>

#define N 231168

static int steps(int u) {
  int k = 0;
  for (; u > 1; u /= 3)
    k++;
  return k;
}

__global__ void tail(const int *x, int *out, int n) {
  int b = blockIdx.y * gridDim.x + blockIdx.x;
  int i = b * blockDim.x + threadIdx.x;
  int v;
  if (i < n)
    v = x[i];
  int u = x[i], k = 0;
  while (u > 1) {                   // data-dependent, then shuffled: the launch runs SIMT
    u /= 3;
    k++;
  }
  int w = __shfl_xor_sync(0xffffffffu, k, 1);
  if (b * (int)blockDim.x < n)
    out[i] = v + w;
}

int main() {
  static int h[N], r[N];
  int *x, *out;
  for (int i = 0; i < N; i++)
    h[i] = i % 1000;
  cudaMalloc(&x, sizeof h);
  cudaMalloc(&out, sizeof r);
  cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
  tail<<<dim3(301, 3), 256>>>(x, out, N);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  int ok = 0;
  for (int i = 0; i < N; i++)
    ok += r[i] == h[i] + steps(h[i ^ 1]);
  printf("first launch: %d of %d\n", ok, N);
  tail<<<dim3(301, 3), 256>>>(x, out, 850 * 256 + 100);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", e == cudaSuccess ? "PASS" : "FAIL");
  return 0;
}
