/* cuda2hlo-test
launch: dgemm<<<dim3(2, 3), dim3(16, 8)>>>(A, B, C, M, N, K, alpha, beta)
buffer: A f64 480 uniform -1 1
buffer: B f64 768 uniform -1 1
buffer: C f64 640 uniform -1 1
scalar: M = 20
scalar: N = 32
scalar: K = 24
scalar: alpha = 1.5
scalar: beta = -1.0
check: C rtol=1e-12 atol=1e-12
note: launch is 32 x 24; rows 20..23 are guarded off
*/
// Double GEMM C = alpha A B + beta C.
__global__ void dgemm(const double *A, const double *B, double *C, int M, int N, int K,
                      double alpha, double beta) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < M && j < N) {
    double s = 0.0;
    for (int k = 0; k < K; ++k) s += A[i * K + k] * B[k * N + j];
    C[i * N + j] = alpha * s + beta * C[i * N + j];
  }
}
