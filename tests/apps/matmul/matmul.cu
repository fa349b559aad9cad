// matmul: C = A * B with 16x16 shared-memory tiles, then C' = alpha*C + beta*C0 by a second
// kernel; checked against a CPU triple loop. Usage: matmul [M N K]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
  fprintf(stderr, "error %s at line %d\n", cudaGetErrorString(e), __LINE__); return 1; } } while (0)
#define TILE 16

__global__ void matmul_tiled(const float *A, const float *B, float *C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < (K + TILE - 1) / TILE; t++) {
    int ka = t * TILE + threadIdx.x, kb = t * TILE + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = (row < M && ka < K) ? A[row * K + ka] : 0.0f;
    Bs[threadIdx.y][threadIdx.x] = (kb < K && col < N) ? B[kb * N + col] : 0.0f;
    __syncthreads();
    for (int k = 0; k < TILE; k++) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = acc;
}

__global__ void axpby(float *y, const float *x, float alpha, float beta, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = alpha * y[i] + beta * x[i];
}

int main(int argc, char **argv) {
  int M = argc > 3 ? atoi(argv[1]) : 70, N = argc > 3 ? atoi(argv[2]) : 50, K = argc > 3 ? atoi(argv[3]) : 40;
  float *A = (float *)malloc(M * K * 4), *B = (float *)malloc(K * N * 4), *C = (float *)malloc(M * N * 4);
  float *C0 = (float *)malloc(M * N * 4);
  for (int i = 0; i < M * K; i++) A[i] = (float)((i * 7) % 13) / 13.0f - 0.5f;
  for (int i = 0; i < K * N; i++) B[i] = (float)((i * 5) % 11) / 11.0f - 0.5f;
  for (int i = 0; i < M * N; i++) C0[i] = (float)(i % 3);
  float *dA, *dB, *dC, *dC0;
  CK(cudaMalloc(&dA, M * K * 4)); CK(cudaMalloc(&dB, K * N * 4));
  CK(cudaMalloc(&dC, M * N * 4)); CK(cudaMalloc(&dC0, M * N * 4));
  CK(cudaMemcpy(dA, A, M * K * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dB, B, K * N * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dC0, C0, M * N * 4, cudaMemcpyHostToDevice));
  dim3 block(TILE, TILE), grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
  matmul_tiled<<<grid, block>>>(dA, dB, dC, M, N, K);
  axpby<<<(M * N + 127) / 128, 128>>>(dC, dC0, 2.0f, -1.0f, M * N);
  CK(cudaGetLastError());
  CK(cudaMemcpy(C, dC, M * N * 4, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double s = 0;
      for (int k = 0; k < K; k++) s += (double)A[i * K + k] * B[k * N + j];
      double want = 2.0 * s - C0[i * N + j];
      if (fabs(C[i * N + j] - want) > 1e-4 * (1 + fabs(want))) bad++;
    }
  printf("%dx%dx%d: %d mismatches\n%s\n", M, N, K, bad, bad ? "FAIL" : "PASS");
  free(A); free(B); free(C); free(C0);
  return bad != 0;
}
