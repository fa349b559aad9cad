// expect-exit: 0
// expect-stdout: PASS
// A launch keeps its copy of an input while that memory is not written (mem.c versions):
// every way of writing device memory between two launches of the same kernel must reach
// the second launch. Expected values are computed on the host.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
__global__ void add(const int *a, const int *b, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] + 10 * b[i];
}
__global__ void twice(int *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 2;
}
const int n = 300;
static int bad;
static void check(const char *what, const int *dout, const int *a, const int *b) {
  int r[n];
  cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++)
    if (r[i] != a[i] + 10 * b[i]) {
      printf("%s: out[%d] = %d, expected %d\n", what, i, r[i], a[i] + 10 * b[i]);
      bad++;
      return;
    }
}
static void run(const char *what, int *da, int *db, int *dout, const int *a, const int *b) {
  add<<<(n + 127) / 128, 128>>>(da, db, dout, n);
  check(what, dout, a, b);
}
int main() {
  int a[n], b[n], zero[n];
  for (int i = 0; i < n; i++) a[i] = i, b[i] = 1, zero[i] = 0;
  int *da, *db, *dout, *m;
  cudaMalloc(&da, sizeof a);
  cudaMalloc(&db, sizeof b);
  cudaMalloc(&dout, sizeof a);
  cudaMallocManaged(&m, sizeof a);
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
  run("first", da, db, dout, a, b);
  run("unchanged", da, db, dout, a, b);
  for (int i = 0; i < n; i++) a[i] = 3 * i;
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  run("cudaMemcpy HtoD", da, db, dout, a, b);
  cudaMemset(db, 0, sizeof b);
  run("cudaMemset", da, db, dout, a, zero);
  twice<<<(n + 127) / 128, 128>>>(da, n);          /* a kernel writes an input */
  for (int i = 0; i < n; i++) a[i] *= 2;
  run("kernel result", da, db, dout, a, zero);
  cudaMemcpy(db, da, sizeof a, cudaMemcpyDeviceToDevice);
  run("cudaMemcpy DtoD", da, db, dout, a, a);
  cudaMemcpy2D(db, 16, zero, 16, 16, n * sizeof(int) / 16, cudaMemcpyHostToDevice);
  run("cudaMemcpy2D", da, db, dout, a, zero);
  for (int i = 0; i < n; i++) m[i] = 5;            /* managed memory: written by the host */
  run("managed", m, db, dout, m, zero);
  for (int i = 0; i < n; i++) m[i] = 7;
  run("managed rewritten", m, db, dout, m, zero);
  twice<<<(n + 127) / 128, 128>>>(m, n);           /* a kernel result the host reads */
  for (int i = 0; i < n; i++) {                    /* directly, then writes */
    if (m[i] != 14 && !bad++)
      printf("managed kernel result: m[%d] = %d, expected 14\n", i, m[i]);
    m[i] += 1;
  }
  run("managed after a kernel", m, db, dout, m, zero);
  cudaFree(da);
  int *dc;                                         /* may reuse da's address */
  cudaMalloc(&dc, sizeof a);
  cudaMemcpy(dc, b, sizeof b, cudaMemcpyHostToDevice);
  int ones[n];
  for (int i = 0; i < n; i++) ones[i] = 1;
  run("new allocation", dc, db, dout, ones, zero);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
