// cc-flags: -lcublas
// expect-exit: 1
// expect-stderr: cuda2hlo: cuBLAS cublasHgemm: half-precision compute is not supported by libcuda2hlo_cudart
// expect-stderr: cuda2hlo: cuBLAS cublasGemmEx: A CUDA_R_8I, B CUDA_R_8I, C CUDA_R_8I with CUBLAS_COMPUTE_32I is not supported
// expect-stderr: cuda2hlo: cuBLAS cublasGemmEx: A CUDA_R_16F, B CUDA_R_16F, C CUDA_R_16F with CUBLAS_COMPUTE_16F is not supported
// expect-stderr: cuda2hlo: cuBLAS cublasSaxpy: an increment <= 0 is not supported
// expect-stdout: 4 refused with CUBLAS_STATUS_NOT_SUPPORTED, C untouched
// expect-stdout: Hgemm again: CUBLAS_STATUS_NOT_SUPPORTED
// expect-stderr-count: 1 cublasHgemm: half-precision
// What cudart/cublas.c does not implement is refused by name, with a message and
// CUBLAS_STATUS_NOT_SUPPORTED, and writes nothing: a half-precision gemm, an int8 C,
// a half compute type, a negative increment. The program checks each status, as the
// programs that call cuBLAS do, and exits 1. Each message is printed once.
#include <cstdio>
#include <cstring>
#include <cstdint>
#include <cublas_v2.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

int main()
{
  cublasHandle_t h;
  cublasCreate(&h);
  __half *A, *C;
  int8_t *Ai;
  cudaMalloc(&A, 64 * sizeof(__half));
  cudaMalloc(&C, 64 * sizeof(__half));
  cudaMalloc(&Ai, 64);
  __half hal = __float2half(1.0f), hbe = __float2half(0.0f);
  float al = 1, be = 0;
  int ial = 1, ibe = 0, refused = 0;
  float *x;
  cudaMalloc(&x, 64 * sizeof(float));
  cublasStatus_t s[4] = {
    cublasHgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &hal, A, 4, A, 4, &hbe, C, 4),
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &ial, Ai, CUDA_R_8I, 4, Ai, CUDA_R_8I, 4,
                 &ibe, Ai, CUDA_R_8I, 4, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT),
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &hal, A, CUDA_R_16F, 4, A, CUDA_R_16F, 4,
                 &hbe, C, CUDA_R_16F, 4, CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT),
    cublasSaxpy(h, 4, &al, x, -1, x + 8, 1),
  };
  (void)be;
  for (int i = 0; i < 4; i++)
    refused += s[i] == CUBLAS_STATUS_NOT_SUPPORTED;
  unsigned char c[128], zero[128] = {0};
  cudaMemcpy(c, C, sizeof c, cudaMemcpyDeviceToHost);
  printf("%d refused with %s, C %s\n", refused, cublasGetStatusName(s[0]),
         memcmp(c, zero, sizeof c) ? "written" : "untouched");
  // the message once, the status every time
  printf("Hgemm again: %s\n", cublasGetStatusName(cublasHgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &hal, A, 4, A, 4, &hbe, C, 4)));
  cublasDestroy(h);
  return refused ? 1 : 0;
}
