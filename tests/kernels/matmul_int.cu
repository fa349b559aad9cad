/* cuda2hlo-test
launch: imatmul<<<dim3(2, 2), dim3(16, 16)>>>(A, B, C, n)
buffer: A i32 900 randint -10 10
buffer: B i32 900 randint -10 10
buffer: C i32 900 zeros
scalar: n = 30
check: C
*/
// Integer square matrix product: exact results, order of summation irrelevant.
__global__ void imatmul(const int *A, const int *B, int *C, int n) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < n && j < n) {
    int s = 0;
    for (int k = 0; k < n; k++) s += A[i * n + k] * B[k * n + j];
    C[i * n + j] = s;
  }
}
