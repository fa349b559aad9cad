// expect-exit: 1
// expect-stdout: t = 49: 231168 of 231168
// expect-stderr: 'seq' is read out of bounds (50 elements) when t = 50
// A step counter t that varies between launches indexes seq[t] in a launch larger than
// one SIMT batch (dim3(301, 3) x 256: batches of 452 and 451 blocks, the last partial):
// the batched module takes t as an input and carries the check of its values for which
// seq[t] leaves seq (docs/bounds.md, --oob-check), evaluated before each run. The last
// launch passes t = 50, one past the end: it stops the program with the access named,
// nothing of it run. The in-bounds launches compute what the whole launch would.
#include <cstdio>
#include <cuda_runtime.h>

#define N 231168

__global__ void shift(const int *x, const int *seq, int *out, int t) {
  int b = blockIdx.y * gridDim.x + blockIdx.x;
  int i = b * blockDim.x + threadIdx.x;
  int v = x[i], k = 0;
  while (v > 1) {                   // data-dependent, then shuffled: the launch runs SIMT
    v /= 3;
    k++;
  }
  out[i] = seq[t] + __shfl_xor_sync(0xffffffffu, k, 1);
}

static int steps(int u) {
  int k = 0;
  for (; u > 1; u /= 3)
    k++;
  return k;
}

int main() {
  static int h[N], r[N];
  int hseq[50], *x, *seq, *out;
  for (int i = 0; i < N; i++)
    h[i] = (i * 7919) % 100000;
  for (int i = 0; i < 50; i++)
    hseq[i] = 1000 * i;
  cudaMalloc(&x, sizeof h);
  cudaMalloc(&seq, sizeof hseq);
  cudaMalloc(&out, sizeof r);
  cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemcpy(seq, hseq, sizeof hseq, cudaMemcpyHostToDevice);
  for (int t = 48; t <= 50; t++) {  /* one launch too many */
    shift<<<dim3(301, 3), 256>>>(x, seq, out, t);
    cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
    int ok = 0;
    for (int i = 0; i < N; i++)
      ok += r[i] == hseq[t] + steps(h[i ^ 1]);
    printf("t = %d: %d of %d\n", t, ok, N);
  }
  printf("reached the end\n");
  return 0;
}
