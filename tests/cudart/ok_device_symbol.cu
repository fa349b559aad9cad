// __device__ variables in a program built with cuda2hlo-cc: each kernel's module takes the
// symbols it uses as arguments named after them and returns those it writes; the
// runtime binds them to the program's own copies, so what cudaMemcpyToSymbol wrote
// (offset = 100) holds at the first launch, a counter starting at 0 carries from launch
// to launch, and cudaMemcpyFromSymbol reads what the kernels left.
// expect-stdout: count 86 offset 100 sums 2773 2773
#include <cstdio>

__device__ int count = 0;
__device__ int offset;
__device__ int sums[2];

__global__ void tally(const int *x, int n, int slot) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && x[i] % 2 == 0) atomicAdd(&count, 1);
  if (i < n) atomicAdd(&sums[slot], x[i] + offset / 100);
}

int main() {
  const int n = 64;
  int h[n], *d;
  for (int i = 0; i < n; i++) h[i] = i % 3 == 0 ? 2 * i : i;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  int hundred = 100;
  cudaMemcpyToSymbol(offset, &hundred, sizeof hundred);
  tally<<<2, 32>>>(d, n, 0);
  tally<<<2, 32>>>(d, n, 1);
  int c, o, s[2];
  cudaMemcpyFromSymbol(&c, count, sizeof c);
  cudaMemcpyFromSymbol(&o, offset, sizeof o);
  cudaMemcpyFromSymbol(s, sums, sizeof s);
  printf("count %d offset %d sums %d %d\n", c, o, s[0], s[1]);
  cudaFree(d);
  return 0;
}
