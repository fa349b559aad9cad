/* cuda2hlo-test
launch: batched4x4<<<64, dim3(4, 4)>>>(A, B, C)
buffer: A f32 1024 uniform -1 1
buffer: B f32 1024 uniform -1 1
buffer: C f32 1024 zeros
check: C
note: 64 independent 4 x 4 products, one block per matrix, one thread per entry
*/
// Batched small matrix product with a fully unrolled inner loop.
#define D 4

__global__ void batched4x4(const float *A, const float *B, float *C) {
  int b = blockIdx.x;
  int r = threadIdx.y, c = threadIdx.x;
  const float *a = A + b * D * D;
  const float *m = B + b * D * D;
  float s = 0.0f;
#pragma unroll
  for (int k = 0; k < D; k++) s += a[r * D + k] * m[k * D + c];
  C[b * D * D + r * D + c] = s;
}
