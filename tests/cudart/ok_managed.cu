// __managed__ variables in a program built with cuda2hlo-cc: the host assigns and reads
// them directly (no cudaMemcpyToSymbol), after cudaDeviceSynchronize it sees what the
// kernels wrote, and a value the host changes between launches is what the next launch
// reads. Independent check: the host recomputes the expected counts itself.
// expect-stdout: managed ok hits 81 81 total 142 142
#include <cstdio>

__managed__ int P;
__managed__ int hits;
__device__ __managed__ int total = 0;

__global__ void step(const int *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (x[i] % P == 0) atomicAdd(&hits, 1);
  atomicAdd(&total, x[i] % P);
}

int main() {
  const int n = 96;
  int h[n], *d;
  for (int i = 0; i < n; i++) h[i] = (7 * i + 3) % 50;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  int want_hits = 0, want_total = 0;
  for (int p = 2; p <= 3; p++)
    for (int i = 0; i < n; i++) {
      want_hits += h[i] % p == 0;
      want_total += h[i] % p;
    }
  hits = 0;
  P = 2;
  step<<<2, 64>>>(d, n);
  cudaDeviceSynchronize();
  P = 3;
  step<<<2, 64>>>(d, n);
  cudaDeviceSynchronize();
  printf("managed %s hits %d %d total %d %d\n",
         hits == want_hits && total == want_total ? "ok" : "WRONG", hits, want_hits, total,
         want_total);
  cudaFree(d);
  return 0;
}
