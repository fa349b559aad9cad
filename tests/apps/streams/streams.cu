// streams: a vector split into chunks, each copied in, scaled and offset, and copied out
// on its own stream with cudaMemcpyAsync, timed with events; checked exactly on the CPU.
// Usage: streams [N CHUNKS]
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e = (call); if (e != cudaSuccess) { \
  fprintf(stderr, "%s: %s\n", #call, cudaGetErrorName(e)); return 1; } } while (0)

__global__ void scale_offset(float *x, int n, float a, int offset) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = a * x[i] + (float)(offset + i);
}

int main(int argc, char **argv) {
  int n = argc > 2 ? atoi(argv[1]) : 12000, chunks = argc > 2 ? atoi(argv[2]) : 4;
  int per = (n + chunks - 1) / chunks;
  float *h, *d;
  CK(cudaMallocHost((void **)&h, n * sizeof(float)));
  CK(cudaMalloc((void **)&d, n * sizeof(float)));
  for (int i = 0; i < n; i++) h[i] = (float)(i % 100);
  cudaStream_t *st = (cudaStream_t *)malloc(chunks * sizeof(cudaStream_t));
  for (int c = 0; c < chunks; c++) CK(cudaStreamCreateWithFlags(&st[c], cudaStreamNonBlocking));
  cudaEvent_t start, stop;
  CK(cudaEventCreate(&start));
  CK(cudaEventCreate(&stop));
  CK(cudaEventRecord(start, 0));
  for (int c = 0; c < chunks; c++) {
    int off = c * per, len = off + per <= n ? per : n - off;
    if (len <= 0) break;
    CK(cudaMemcpyAsync(d + off, h + off, len * sizeof(float), cudaMemcpyHostToDevice, st[c]));
    scale_offset<<<(len + 127) / 128, 128, 0, st[c]>>>(d + off, len, 3.0f, off);
    CK(cudaMemcpyAsync(h + off, d + off, len * sizeof(float), cudaMemcpyDeviceToHost, st[c]));
  }
  CK(cudaEventRecord(stop, 0));
  CK(cudaEventSynchronize(stop));
  CK(cudaDeviceSynchronize());
  float ms = 0;
  CK(cudaEventElapsedTime(&ms, start, stop));
  int bad = 0;
  for (int i = 0; i < n; i++)
    if (h[i] != 3.0f * (float)(i % 100) + (float)i) bad++;
  printf("%d chunks, %.3f ms, %d wrong\n%s\n", chunks, ms, bad, bad || ms < 0 ? "FAIL" : "PASS");
  for (int c = 0; c < chunks; c++) cudaStreamDestroy(st[c]);
  cudaFreeHost(h);
  cudaFree(d);
  cudaEventDestroy(start); cudaEventDestroy(stop);
  free(st);
  return bad != 0;
}
