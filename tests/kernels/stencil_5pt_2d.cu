/* cuda2hlo-test
launch: jacobi5<<<dim3(4, 3), dim3(16, 16)>>>(u, f, out, nx, ny, h2)
buffer: u f32 3072 uniform -1 1
buffer: f f32 3072 uniform -1 1
buffer: out f32 3072 uniform 5 6
scalar: nx = 64
scalar: ny = 48
scalar: h2 = 0.01
check: out
note: only the interior is written; the boundary of out keeps its initial values
*/
// One Jacobi sweep of the 2-D Poisson equation, 5-point stencil with interior guards.
__global__ void jacobi5(const float *u, const float *f, float *out, int nx, int ny, float h2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && i < nx - 1 && j > 0 && j < ny - 1) {
    int k = j * nx + i;
    out[k] = 0.25f * (u[k - 1] + u[k + 1] + u[k - nx] + u[k + nx] - h2 * f[k]);
  }
}
