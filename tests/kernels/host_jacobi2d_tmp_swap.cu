/* cuda2hlo-test
entry: jacobi2d_run(u, un, nx, ny)
buffer: u f64 40*30 uniform 0 1
buffer: un f64 40*30 zeros
scalar: nx = 40
scalar: ny = 30
check: u
check: un
note: 2-D Jacobi, 20 sweeps with a constant trip count; the pointers swap through a temporary (t = a; a = b; b = t;)
*/
#include <cuda_runtime.h>

__global__ void jacobi2d(const double *in, double *out, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny) return;
  int i = y * nx + x;
  if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1)
    out[i] = in[i];
  else
    out[i] = 0.25 * (in[i - 1] + in[i + 1] + in[i - nx] + in[i + nx]);
}

void jacobi2d_run(double *u, double *un, int nx, int ny) {
  dim3 block(16, 8);
  dim3 grid((nx + block.x - 1) / block.x, (ny + block.y - 1) / block.y);
  for (int s = 0; s < 20; ++s) {
    jacobi2d<<<grid, block>>>(u, un, nx, ny);
    double *t = u;
    u = un;
    un = t;
  }
}
