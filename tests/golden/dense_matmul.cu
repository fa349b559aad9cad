/* cuda2hlo-test
launch: matmul<<<dim3(3, 3), dim3(16, 16)>>>(A, B, C, M, N, K)
buffer: A f32 4608 uniform -1 1
buffer: B f32 3840 uniform -1 1
buffer: C f32 1920 zeros
scalar: M = 48
scalar: N = 40
scalar: K = 96
check: C rtol=1e-5 atol=1e-5
note: raise strategy 2 golden: a contraction loop is one dot_general (A @ B), nothing of size M x N x K
*/
__global__ void matmul(const float *A, const float *B, float *C, int M, int N, int K) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < M && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < K; k++) acc += A[row * K + k] * B[k * N + col];
    C[row * N + col] = acc;
  }
}
