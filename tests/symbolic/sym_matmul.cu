/* cuda2hlo-test
launch: matmul_k<<<dim3(1, 2), dim3(16, 8)>>>(a, b, c, kk)
buffer: a f32 512 uniform -1 1
buffer: b f32 512 uniform -1 1
buffer: c f32 256 zeros
scalar: kk = 32
check: c rtol=1e-5 atol=1e-5
note: a is 16 x 32, b is 32 x 16; the product over the first kk of the 32
*/
// c = a[:, :kk] @ b[:kk, :] with the contraction length kk a runtime scalar
// (--symbolic kk); the row pitches are constants.
#define KP 32
#define NC 16
__global__ void matmul_k(const float *a, const float *b, float *c, int kk) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  float s = 0.0f;
  for (int k = 0; k < kk; k++) s += a[row * KP + k] * b[k * NC + col];
  c[row * NC + col] = s;
}
