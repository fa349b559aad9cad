// expect-exit: 1
// expect-stdout: first 16 of 16 stored
// expect-stderr: bad_poison_index.cu:24: block: [0,0,0], thread: [10,0,0] a value that was never set (read from 'k') reaches a store to global memory
// expect-stderr: a device assert failed (cudaErrorAssert
// expect-stderr-count: 6 thread: \[1[0-5],0,0\] a value that was never set
// expect-no-stderr: PASS
// A read of a table at an index that may be unset, in bounds for every value the index
// can take (k & 7 of an 8-entry table, poison_range.c): the read is no error, its value
// carries the index's "not set" bit (issue 20), so the second launch fails where such a
// value is stored, never storing the entry a made-up index would pick.
#include <cstdio>
#include <cuda_runtime.h>

#define THREADS 16

__global__ void lookup(float *out, const int *idx, const float *table, int n) {
  __shared__ float tab[8];
  int t = threadIdx.x, k;
  if (t < 8)
    tab[t] = table[t];
  if (t < n)
    k = idx[t];
  __syncthreads();
  out[t] = tab[k & 7];
}

int main() {
  int hi[THREADS];
  float ht[8], r[THREADS], *out, *table;
  int *idx;
  for (int i = 0; i < THREADS; i++)
    hi[i] = 3 * i + 1;
  for (int i = 0; i < 8; i++)
    ht[i] = 10.0f * i;
  cudaMalloc(&idx, sizeof hi);
  cudaMalloc(&table, sizeof ht);
  cudaMalloc(&out, sizeof r);
  cudaMemcpy(idx, hi, sizeof hi, cudaMemcpyHostToDevice);
  cudaMemcpy(table, ht, sizeof ht, cudaMemcpyHostToDevice);
  lookup<<<1, THREADS>>>(out, idx, table, THREADS);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  int ok = 0;
  for (int i = 0; i < THREADS; i++)
    ok += r[i] == ht[hi[i] & 7];
  printf("first %d of %d stored\n", ok, THREADS);
  lookup<<<1, THREADS>>>(out, idx, table, 10);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", e == cudaSuccess ? "PASS" : "FAIL");
  return 0;
}
