/* cuda2hlo-test
launch: combine3d<<<dim3(3, 3, 3), dim3(8, 4, 4)>>>(a, b, c, nx, ny, nz)
buffer: a f32 2400 uniform -1 1
buffer: b f32 2400 uniform -1 1
buffer: c f32 2400 zeros
scalar: nx = 20
scalar: ny = 12
scalar: nz = 10
check: c
*/
// Three-dimensional launch over a 20 x 12 x 10 box (launch box 24 x 12 x 12).
__global__ void combine3d(const float *a, const float *b, float *c, int nx, int ny, int nz) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  int k = blockIdx.z * blockDim.z + threadIdx.z;
  if (i >= nx || j >= ny || k >= nz) return;
  int idx = (k * ny + j) * nx + i;
  c[idx] = a[idx] * b[idx] + 0.01f * (float)(i + 2 * j + 3 * k);
}
