/* cuda2hlo-test
launch: matmul<16><<<dim3(3, 2), dim3(16, 16)>>>(A, B, C, d{m=30, k=37, n=45})
buffer: A f32 1110 uniform -1 1
buffer: B f32 1665 uniform -1 1
buffer: C f32 1350 zeros
check: C rtol=1e-5 atol=1e-5
note: template tile size, a struct of sizes passed by value, partial tiles everywhere
*/
struct Dims { int m, k, n; };
template <int T>
__global__ void matmul(const float *A, const float *B, float *C, Dims d) {
  __shared__ float As[T][T], Bs[T][T];
  int row = blockIdx.y * T + threadIdx.y, col = blockIdx.x * T + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < (d.k + T - 1) / T; t++) {
    int ka = t * T + threadIdx.x, kb = t * T + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = row < d.m && ka < d.k ? A[row * d.k + ka] : 0.0f;
    Bs[threadIdx.y][threadIdx.x] = kb < d.k && col < d.n ? B[kb * d.n + col] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int q = 0; q < T; q++) acc += As[threadIdx.y][q] * Bs[q][threadIdx.x];
    __syncthreads();
  }
  if (row < d.m && col < d.n) C[row * d.n + col] = acc;
}
