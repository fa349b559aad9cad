/* cuda2hlo-test
launch: matmul_tiled<<<dim3(4, 5), dim3(16, 16)>>>(A, B, C, M, N, K)
buffer: A f32 3150 uniform -1 1
buffer: B f32 2250 uniform -1 1
buffer: C f32 3500 zeros
scalar: M = 70
scalar: N = 50
scalar: K = 45
check: C rtol=1e-5 atol=1e-5
note: the tile loop has two barriers per trip; partial tiles load zeros
*/
// Shared-memory tiled matrix product with a complete host program.
#include <cstdio>
#include <vector>

#define TILE 16

__global__ void matmul_tiled(const float *A, const float *B, float *C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int t = 0; t < (K + TILE - 1) / TILE; t++) {
    int ka = t * TILE + tx, kb = t * TILE + ty;
    As[ty][tx] = (row < M && ka < K) ? A[row * K + ka] : 0.0f;
    Bs[ty][tx] = (kb < K && col < N) ? B[kb * N + col] : 0.0f;
    __syncthreads();
    for (int k = 0; k < TILE; k++) acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = acc;
}

int main() {
  const int M = 70, N = 50, K = 45;
  std::vector<float> hA(M * K), hB(K * N), hC(M * N);
  for (int i = 0; i < M * K; i++) hA[i] = (float)((i * 7) % 11) / 11.0f;
  for (int i = 0; i < K * N; i++) hB[i] = (float)((i * 5) % 13) / 13.0f;
  float *dA, *dB, *dC;
  cudaMalloc(&dA, M * K * sizeof(float));
  cudaMalloc(&dB, K * N * sizeof(float));
  cudaMalloc(&dC, M * N * sizeof(float));
  cudaMemcpy(dA, hA.data(), M * K * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dB, hB.data(), K * N * sizeof(float), cudaMemcpyHostToDevice);
  dim3 block(TILE, TILE);
  dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
  matmul_tiled<<<grid, block>>>(dA, dB, dC, M, N, K);
  cudaMemcpy(hC.data(), dC, M * N * sizeof(float), cudaMemcpyDeviceToHost);
  printf("C[0] = %f, C[last] = %f\n", hC[0], hC[M * N - 1]);
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);
  return 0;
}
