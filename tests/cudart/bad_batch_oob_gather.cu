// expect-exit: 1
// expect-stdout: in bounds: 231168 of 231168
// expect-stderr: bad_batch_oob_gather.cu:25:12: block: [300,2,0], thread: [255,0,0] 'x' is read out of bounds at index 231168 (231168 elements)
// expect-stderr-count: 1 out of bounds
// A gather x[idx[i]] whose index comes from memory, in a launch that runs SIMT (a
// data-dependent loop, then a shuffle) in more than one batch (dim3(301, 3) x 256:
// batches of 452 and 451 blocks, the last partial; simt_batch.c). The module checks the
// index as it runs (--oob-check). The first launch stays in bounds and computes what the
// host loop below does; the second sets the last thread's index one past the end of x
// (on a GPU, an undefined read): the check fires in the last batch, the program stops
// with the access, the thread and x's extent named, exit status 1.
#include <cstdio>
#include <cuda_runtime.h>

#define N 231168

__global__ void hop(const int *x, const int *idx, int *out) {
  int b = blockIdx.y * gridDim.x + blockIdx.x;
  int i = b * blockDim.x + threadIdx.x;
  int v = x[i], k = 0;
  while (v > 1) {                   // data-dependent, then shuffled: the launch runs SIMT
    v /= 3;
    k++;
  }
  out[i] = x[idx[i]] + __shfl_xor_sync(0xffffffffu, k, 1);
}

static int steps(int u) {
  int k = 0;
  for (; u > 1; u /= 3)
    k++;
  return k;
}

int main() {
  static int h[N], hi[N], r[N];
  int *x, *idx, *out;
  for (int i = 0; i < N; i++) {
    h[i] = (i * 7919) % 100000;
    hi[i] = (i * 15 + 3) % N;
  }
  cudaMalloc(&x, sizeof h);
  cudaMalloc(&idx, sizeof hi);
  cudaMalloc(&out, sizeof r);
  cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemcpy(idx, hi, sizeof hi, cudaMemcpyHostToDevice);
  hop<<<dim3(301, 3), 256>>>(x, idx, out);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  int ok = 0;
  for (int i = 0; i < N; i++)
    ok += r[i] == h[hi[i]] + steps(h[i ^ 1]);
  printf("in bounds: %d of %d\n", ok, N);
  fflush(stdout);
  hi[N - 1] = N;                    /* one past the end */
  cudaMemcpy(idx, hi, sizeof hi, cudaMemcpyHostToDevice);
  hop<<<dim3(301, 3), 256>>>(x, idx, out);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  printf("reached the end\n");
  return 0;
}
