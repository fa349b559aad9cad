// Naive matrix product C[n x n] = A B (row-major), one thread per output, a k loop.
//   cuda2hlo matmul.cu --grid 64,64 --block 16,16 --size A=1048576 --size B=1048576
//            --size C=1048576 --set n=1024       (bench/run.sh passes these)
__global__ void matmul(const float *A, const float *B, float *C, int n) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < n && col < n) {
    float acc = 0.0f;
    for (int k = 0; k < n; k++)
      acc += A[row * n + k] * B[k * n + col];
    C[row * n + col] = acc;
  }
}
