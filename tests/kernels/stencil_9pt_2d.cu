/* cuda2hlo-test
launch: box9<<<dim3(3, 5), dim3(16, 8)>>>(u, v, nx, ny)
buffer: u f32 1920 uniform -1 1
buffer: v f32 1920 zeros
scalar: nx = 48
scalar: ny = 40
check: v
*/
// 9-point weighted stencil (corners 1/16, edges 1/8, centre 1/4), written with loops.
__global__ void box9(const float *u, float *v, int nx, int ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < 1 || j < 1 || i >= nx - 1 || j >= ny - 1) return;
  float acc = 0.0f;
  for (int dj = -1; dj <= 1; dj++)
    for (int di = -1; di <= 1; di++) {
      float w = (di == 0 ? 2.0f : 1.0f) * (dj == 0 ? 2.0f : 1.0f) / 16.0f;
      acc += w * u[(j + dj) * nx + (i + di)];
    }
  v[j * nx + i] = acc;
}
