// expect-exit: 1
// expect-stderr: 'seq' is read out of bounds (50 elements) when t = 50
// A step counter t that varies between launches indexes seq[t]: the module takes t as an
// input and checks, before each run, the values for which seq[t] leaves seq (t < 0 or
// t >= 50). The loop's last launch passes t = 50, one past the end (on a GPU, an
// undefined read): that launch stops the program with the kernel and the access named,
// exit status 1, and nothing of it is computed. The in-bounds run is ok_varying_guard.cu.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void pick(const int *seq, int *out, int n, int t) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = seq[t] + i;
}
int main() {
  const int len = 50, n = 32;
  int hseq[len], h[n];
  for (int i = 0; i < len; i++)
    hseq[i] = 3 * i;
  int *seq, *out;
  cudaMalloc(&seq, sizeof hseq);
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(seq, hseq, sizeof hseq, cudaMemcpyHostToDevice);
  for (int t = 0; t <= len; t++)   /* one launch too many */
    pick<<<1, 32>>>(seq, out, n, t);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  printf("reached the end: out[0] = %d\n", h[0]);
  return 0;
}
