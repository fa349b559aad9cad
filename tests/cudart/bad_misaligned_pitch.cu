// expect-exit: 1
// expect-stdout: rows 1 17
// expect-stderr: bad_misaligned_pitch.cu:18: block: [0,0,0], thread: [1,0,0] misaligned address
// expect-stderr: a device assert failed (cudaErrorAssert
// expect-no-stderr: PASS
// Rows of a pitched array reached through a byte pointer and cast back to float
// (narrow.c whole_again): with a pitch of whole floats the rows are read exactly; with a
// pitch of 10 bytes row 1 starts inside a float, which the GPU faults on (misaligned
// address), and here is a device assert at the cast: a message and cudaErrorAssert, never
// a read of part of two elements. Thread 0's row is at byte 0 either way.
#include <cstdio>
#include <cuda_runtime.h>

typedef unsigned char uchar;

__global__ void row_sums(const float *image, float *out, unsigned pitch, int width) {
  int y = threadIdx.x;
  const float *line = (const float *)((const uchar *)image + y * pitch);
  float s = 0.0f;
  for (int x = 0; x < width; x++)
    s += line[x];
  out[y] = s;
}

int main() {
  float h[16], o[2], *img, *out;
  for (int i = 0; i < 16; i++)
    h[i] = (float)i;
  cudaMalloc(&img, sizeof h);
  cudaMalloc(&out, sizeof o);
  cudaMemcpy(img, h, sizeof h, cudaMemcpyHostToDevice);
  row_sums<<<1, 2>>>(img, out, 8 * sizeof(float), 2);
  cudaMemcpy(o, out, sizeof o, cudaMemcpyDeviceToHost);
  printf("rows %g %g\n", o[0], o[1]);              // 0 + 1, 8 + 9
  row_sums<<<1, 2>>>(img, out, 10, 2);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", e == cudaSuccess ? "PASS" : "FAIL");
  return 0;
}
