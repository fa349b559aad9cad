/* cuda2hlo-test
launch: transpose_naive<<<dim3(3, 3), dim3(32, 16)>>>(in, out, nx, ny)
buffer: in f32 2880 uniform -1 1
buffer: out f32 2880 zeros
scalar: nx = 72
scalar: ny = 40
check: out rtol=0 atol=0
note: in is ny rows of nx; out is nx rows of ny
*/
// Naive transpose: coalesced reads, strided writes.
__global__ void transpose_naive(const float *in, float *out, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < nx && y < ny) out[x * ny + y] = in[y * nx + x];
}
