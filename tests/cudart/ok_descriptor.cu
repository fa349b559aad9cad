// expect-exit: 0
// expect-stdout: PASS
// expect-no-stderr: error
// A kernel parameter that points to a descriptor struct in device memory whose fields are
// device pointers and an int (a struct-of-arrays handle, as HeCBench gmm's clusters_t):
// the host cudaMallocs the arrays and the descriptor, copies a host descriptor holding the
// device pointers into it, and launches with the descriptor's address. The runtime reads
// each field from the struct's bytes at launch (docs/cudart.md), so a second launch after
// the host rewrote the descriptor (its two arrays swapped, n smaller) uses the new fields.
// A device helper takes the descriptor pointer too. The host checks the results itself.
#include <cstdio>
#include <cuda_runtime.h>
typedef struct {
  float *N, *pi;
  const float *w;
  int n;
  double *out;
} clusters_t;

__device__ float weight(const clusters_t *c, int i) {
  return c->N[i] * (*c).w[i];
}

__device__ void normalise(clusters_t *c, int i, float sum) {
  c->pi[i] = c->N[i] / sum;
}

__global__ void step(clusters_t *c, float sum) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < c[0].n) {
    c->out[i] = weight(c, i) + c->n;
    normalise(c, i, sum);
  }
}

int main() {
  const int n = 200;
  float hN[n], hw[n], pi[n];
  double out[n];
  for (int i = 0; i < n; i++) {
    hN[i] = 0.5f * i + 1;
    hw[i] = (float)(i % 7) - 3;
  }
  clusters_t h, *dc;
  float *a, *b;
  cudaMalloc(&a, sizeof hN);
  cudaMalloc(&b, sizeof hN);
  cudaMalloc((void **)&h.w, sizeof hw);
  cudaMalloc(&h.out, sizeof out);
  cudaMemcpy(a, hN, sizeof hN, cudaMemcpyHostToDevice);
  cudaMemcpy((void *)h.w, hw, sizeof hw, cudaMemcpyHostToDevice);
  cudaMalloc(&dc, sizeof h);
  h.N = a, h.pi = b, h.n = n;
  cudaMemcpy(dc, &h, sizeof h, cudaMemcpyHostToDevice);
  step<<<(n + 63) / 64, 64>>>(dc, 4.0f);
  int bad = 0;
  cudaMemcpy(pi, b, sizeof pi, cudaMemcpyDeviceToHost);
  cudaMemcpy(out, h.out, sizeof out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++)
    if (pi[i] != hN[i] / 4.0f || out[i] != (double)(hN[i] * hw[i]) + n)
      bad++;
  /* the arrays swapped and n halved: pi (now a) = b / 2 for the first n/2 */
  h.N = b, h.pi = a, h.n = n / 2;
  cudaMemcpy(dc, &h, sizeof h, cudaMemcpyHostToDevice);
  step<<<(n + 63) / 64, 64>>>(dc, 2.0f);
  float ra[n];
  cudaMemcpy(ra, a, sizeof ra, cudaMemcpyDeviceToHost);
  cudaMemcpy(out, h.out, sizeof out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) {
    float want = i < n / 2 ? pi[i] / 2.0f : hN[i];
    double wo = i < n / 2 ? (double)(pi[i] * hw[i]) + n / 2 : (double)(hN[i] * hw[i]) + n;
    if (ra[i] != want || out[i] != wo)
      bad++;
  }
  cudaFree(a), cudaFree(b), cudaFree((void *)h.w), cudaFree(h.out), cudaFree(dc);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
