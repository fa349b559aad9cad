/* cuda2hlo-test
launch: rows<<<dim3(3, 4), dim3(16, 16)>>>(B, C, M, N)
buffer: B f32 1200 uniform -1 1
buffer: C f32 2000 zeros
scalar: M = 50
scalar: N = 40
check: C rtol=1e-5 atol=1e-5
note: raise strategy 2 golden: an unrolled loop reads rows B[k*N + col] of a 30 x 40 view (k a constant), each one slice, no concatenate (the strides alone give 75 x 16)
*/
__global__ void rows(const float *B, float *C, int M, int N) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < M && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < 4; k++) acc += 2.0f * B[k * N + col];
    C[row * N + col] = acc;
  }
}
