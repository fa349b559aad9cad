// histogram: byte values counted into 256 bins with global atomicAdd, then the bins
// normalised to a probability by a second kernel; checked against the CPU.
// Usage: histogram [N]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call) do { cudaError_t err = call; if (err != cudaSuccess) { \
  printf("%s failed: %s\n", #call, cudaGetErrorString(err)); exit(EXIT_FAILURE); } } while (0)
#define BINS 256

__global__ void count(const unsigned char *data, unsigned int *bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int stride = blockDim.x * gridDim.x;
  for (; i < n; i += stride) atomicAdd(&bins[data[i]], 1u);
}

__global__ void normalise(const unsigned int *bins, float *prob, int n) {
  int b = threadIdx.x;
  if (b < BINS) prob[b] = (float)bins[b] / (float)n;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 50000;
  unsigned char *h = (unsigned char *)malloc(n);
  unsigned int ref[BINS] = {0}, got[BINS];
  float prob[BINS];
  unsigned s = 12345;
  for (int i = 0; i < n; i++) { s = s * 1103515245u + 12345u; h[i] = (unsigned char)(s >> 16); ref[h[i]]++; }
  unsigned char *dd; unsigned int *db; float *dp;
  CHECK(cudaMalloc(&dd, n));
  CHECK(cudaMalloc(&db, BINS * sizeof(unsigned int)));
  CHECK(cudaMalloc(&dp, BINS * sizeof(float)));
  CHECK(cudaMemcpy(dd, h, n, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(db, 0, BINS * sizeof(unsigned int)));
  count<<<32, 256>>>(dd, db, n);
  normalise<<<1, BINS>>>(db, dp, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(got, db, sizeof got, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(prob, dp, sizeof prob, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int b = 0; b < BINS; b++)
    // counts exact; the quotient within 1e-6 relative (XLA CPU's f32 divide is 1 ulp off IEEE here)
    if (got[b] != ref[b] || fabsf(prob[b] - (float)ref[b] / (float)n) > 1e-6f * ((float)ref[b] / (float)n)) bad++;
  printf("%d bins wrong\n%s\n", bad, bad ? "FAIL" : "PASS");
  free(h);
  return bad ? 1 : 0;
}
