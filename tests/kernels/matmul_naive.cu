/* cuda2hlo-test
launch: matmul_naive<<<dim3(3, 4), dim3(16, 16)>>>(A, B, C, M, N, K)
buffer: A f32 1500 uniform -1 1
buffer: B f32 1200 uniform -1 1
buffer: C f32 2000 zeros
scalar: M = 50
scalar: N = 40
scalar: K = 30
check: C rtol=1e-5 atol=1e-5
*/
// Naive matrix product C[M x N] = A[M x K] B[K x N], one thread per output, row-major.
__global__ void matmul_naive(const float *A, const float *B, float *C, int M, int N, int K) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < M && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < K; k++) acc += A[row * K + k] * B[k * N + col];
    C[row * N + col] = acc;
  }
}
