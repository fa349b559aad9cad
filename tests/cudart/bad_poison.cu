// expect-exit: 1
// expect-stdout: first 24 of 24 stored
// expect-stderr: bad_poison.cu:31: block: [0,0,0], thread: [4,0,0] a value that was never set (read from 'items') reaches a store to global memory
// expect-stderr: bad_poison.cu:31: block: [0,0,0], thread: [7,0,0] a value that was never set (read from 'items') reaches a store to global memory
// expect-stderr: a device assert failed (cudaErrorAssert
// expect-stderr-count: 4 thread: \[[0-9],0,0\] a value that was never set
// expect-no-stderr: PASS
// A partial blocked load leaves items unset past n; they go through shared memory
// (blocked to striped), and the store is guarded by the thread's own range, not by
// where the item came from: CUDA stores indeterminate values there. The raise carries a
// "not set" bit beside them (docs/idioms.md, "Values that may be unset"), and the launch
// fails with a device assert's message in each thread that would store one, never a
// made-up value. The first launch (n a multiple of the items) stores set values only.
#include <cstdio>
#include <cuda_runtime.h>

#define ITEMS 3
#define THREADS 8

__global__ void exchange(float *out, const float *in, int n) {
  __shared__ float tile[THREADS * ITEMS];
  float items[ITEMS];
  for (int k = 0; k < ITEMS; k++)
    if (threadIdx.x * ITEMS + k < n)
      items[k] = in[threadIdx.x * ITEMS + k];
  for (int k = 0; k < ITEMS; k++)
    tile[threadIdx.x * ITEMS + k] = items[k];
  __syncthreads();
  for (int k = 0; k < ITEMS; k++)
    if (threadIdx.x < n)
      out[k * THREADS + threadIdx.x] = tile[k * THREADS + threadIdx.x];
}

int main() {
  float h[24], r[24], *in, *out;
  for (int i = 0; i < 24; i++)
    h[i] = (float)i;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  exchange<<<1, THREADS>>>(out, in, 24);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  int ok = 0;
  for (int i = 0; i < 24; i++)       // tile[i] holds in[i]: the exchange is a copy here
    ok += r[i] == h[i];
  printf("first %d of 24 stored\n", ok);
  exchange<<<1, THREADS>>>(out, in, 20);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", e == cudaSuccess ? "PASS" : "FAIL");
  return 0;
}
