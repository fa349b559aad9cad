// blas: a kernel fills A (n x k) and B (k x n), cublasSgemm forms C = A B, a second
// kernel adds the identity, and cublasSnrm2 / cublasSasum summarise it; checked against
// CPU loops. Usage: blas [N K]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cublas_v2.h>
#include <cuda_runtime.h>

__global__ void init(float *A, float *B, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n * k) {
    A[i] = (float)(i % 13) / 13 - 0.5f;
    B[i] = (float)(i % 7) / 7 - 0.25f;
  }
}

__global__ void add_identity(float *C, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) C[i + (size_t)i * n] += 1;
}

int main(int argc, char **argv) {
  int n = argc > 2 ? atoi(argv[1]) : 96, k = argc > 2 ? atoi(argv[2]) : 80;
  float *A, *B, *C;
  cudaMalloc(&A, sizeof(float) * n * k);
  cudaMalloc(&B, sizeof(float) * n * k);
  cudaMalloc(&C, sizeof(float) * n * n);
  init<<<(n * k + 127) / 128, 128>>>(A, B, n, k);
  cublasHandle_t h;
  if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS) { puts("FAIL: cublasCreate"); return 1; }
  const float one = 1, zero = 0;
  cublasStatus_t s = cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, k, &one, A, n, B, k, &zero, C, n);
  add_identity<<<(n + 127) / 128, 128>>>(C, n);
  float nrm = 0, asum = 0;
  if (s == CUBLAS_STATUS_SUCCESS) s = cublasSnrm2(h, n * n, C, 1, &nrm);
  if (s == CUBLAS_STATUS_SUCCESS) s = cublasSasum(h, n * n, C, 1, &asum);
  if (s != CUBLAS_STATUS_SUCCESS) { printf("FAIL: %s\n", cublasGetStatusString(s)); return 1; }
  float *hc = (float *)malloc(sizeof(float) * n * n);
  cudaMemcpy(hc, C, sizeof(float) * n * n, cudaMemcpyDeviceToHost);
  double worst = 0, n2 = 0, a1 = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      double c = i == j;
      for (int p = 0; p < k; p++)
        c += (double)((float)((i + p * n) % 13) / 13 - 0.5f) * ((float)((p + j * k) % 7) / 7 - 0.25f);
      worst = fmax(worst, fabs(c - hc[i + j * n]));
      n2 += c * c, a1 += fabs(c);
    }
  int ok = worst < 1e-3 && fabs(nrm - sqrt(n2)) < 1e-3 * sqrt(n2) && fabs(asum - a1) < 1e-3 * a1;
  printf("max error %g, nrm2 %g (%g), asum %g (%g)\n%s\n", worst, nrm, sqrt(n2), asum, a1, ok ? "PASS" : "FAIL");
  cublasDestroy(h);
  cudaFree(A), cudaFree(B), cudaFree(C);
  free(hc);
  return !ok;
}
