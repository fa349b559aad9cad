/* cuda2hlo-test
launch: jacobi5<<<dim3(2, 2), dim3(16, 8)>>>(u, out, nx, ny)
buffer: u f32 480 uniform -1 1
buffer: out f32 480 zeros
scalar: nx = 24
scalar: ny = 20
check: out
note: raise strategy 2 golden: a 2-D 5-point stencil; the launch covers rows j < 16, so the box is [1,16) x [1,23)
*/
__global__ void jacobi5(const float *u, float *out, int nx, int ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && i < nx - 1 && j > 0 && j < ny - 1) {
    int k = j * nx + i;
    out[k] = 0.25f * (u[k - 1] + u[k + 1] + u[k - nx] + u[k + nx]);
  }
}
