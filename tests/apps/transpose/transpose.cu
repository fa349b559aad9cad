// transpose: an R x C matrix transposed through a padded 32x8 shared-memory tile (each
// thread moves 4 elements), twice, giving the original back; checked exactly on the CPU.
// Usage: transpose [R C]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define CUDA_CHECK(x) do { cudaError_t e = x; if (e != cudaSuccess) { \
  fprintf(stderr, "CUDA: %s\n", cudaGetErrorString(e)); return 2; } } while (0)
#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transpose_tile(float *out, const float *in, int rows, int cols) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < rows && y + j < cols) out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main(int argc, char **argv) {
  int R = argc > 2 ? atoi(argv[1]) : 100, C = argc > 2 ? atoi(argv[2]) : 70;
  size_t bytes = (size_t)R * C * sizeof(float);
  float *h = (float *)malloc(bytes), *t = (float *)malloc(bytes), *back = (float *)malloc(bytes);
  for (int i = 0; i < R * C; i++) h[i] = (float)i;
  float *da, *db;
  CUDA_CHECK(cudaMalloc(&da, bytes));
  CUDA_CHECK(cudaMalloc(&db, bytes));
  CUDA_CHECK(cudaMemcpy(da, h, bytes, cudaMemcpyHostToDevice));
  dim3 block(TILE_DIM, BLOCK_ROWS);
  dim3 g1((C + TILE_DIM - 1) / TILE_DIM, (R + TILE_DIM - 1) / TILE_DIM);
  dim3 g2((R + TILE_DIM - 1) / TILE_DIM, (C + TILE_DIM - 1) / TILE_DIM);
  transpose_tile<<<g1, block>>>(db, da, R, C);
  CUDA_CHECK(cudaMemcpy(t, db, bytes, cudaMemcpyDeviceToHost));
  transpose_tile<<<g2, block>>>(da, db, C, R);
  CUDA_CHECK(cudaMemcpy(back, da, bytes, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      if (t[c * R + r] != h[r * C + c]) bad++;
  if (memcmp(back, h, bytes)) bad++;
  printf("%d errors\n%s\n", bad, bad ? "FAIL" : "PASS");
  free(h); free(t); free(back);
  return bad != 0;
}
