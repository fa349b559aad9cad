// scan: an inclusive prefix sum of N ints in three kernels: a Hillis-Steele scan of each
// 256-element block in shared memory, a scan of the block totals by one block, and the
// totals added back; checked exactly against the CPU. Usage: scan [N]
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  printf("CUDA error: %s (%s:%d)\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(1); } } while (0)
#define B 256

__global__ void scan_blocks(const int *in, int *out, int *totals, int n) {
  __shared__ int buf[2][B];
  int t = threadIdx.x, i = blockIdx.x * B + t;
  int src = 0;
  buf[0][t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int off = 1; off < B; off *= 2) {
    int v = buf[src][t];
    if (t >= off) v += buf[src][t - off];
    buf[1 - src][t] = v;
    src = 1 - src;
    __syncthreads();
  }
  if (i < n) out[i] = buf[src][t];
  if (t == B - 1) totals[blockIdx.x] = buf[src][t];
}

__global__ void scan_totals(int *totals, int m) {
  __shared__ int s[B];
  int t = threadIdx.x;
  s[t] = t < m ? totals[t] : 0;
  __syncthreads();
  for (int off = 1; off < B; off *= 2) {
    int v = t >= off ? s[t - off] : 0;
    __syncthreads();
    s[t] += v;
    __syncthreads();
  }
  if (t < m) totals[t] = s[t];
}

__global__ void add_offsets(int *out, const int *totals, int n) {
  int i = blockIdx.x * B + threadIdx.x;
  if (blockIdx.x > 0 && i < n) out[i] += totals[blockIdx.x - 1];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20000;
  int blocks = (n + B - 1) / B;
  if (blocks > B) { printf("N too large\nFAIL\n"); return 1; }
  int *h = (int *)malloc(n * sizeof(int)), *g = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) h[i] = (i * 37) % 11 - 5;
  int *din, *dout, *dtot;
  CHECK(cudaMalloc(&din, n * sizeof(int)));
  CHECK(cudaMalloc(&dout, n * sizeof(int)));
  CHECK(cudaMalloc(&dtot, blocks * sizeof(int)));
  CHECK(cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice));
  scan_blocks<<<blocks, B>>>(din, dout, dtot, n);
  scan_totals<<<1, B>>>(dtot, blocks);
  add_offsets<<<blocks, B>>>(dout, dtot, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(g, dout, n * sizeof(int), cudaMemcpyDeviceToHost));
  int bad = 0, acc = 0;
  for (int i = 0; i < n; i++) { acc += h[i]; if (g[i] != acc) bad++; }
  printf("%d wrong of %d\n%s\n", bad, n, bad ? "FAIL" : "PASS");
  free(h); free(g);
  return bad != 0;
}
