/* cuda2hlo-test
launch: jacobi_window<<<dim3(3, 2), dim3(16, 16)>>>(u, v, nx, ny)
buffer: u f32 1200 uniform -1 1
buffer: v f32 1200 uniform -1 1
scalar: nx = 40
scalar: ny = 30
check: v
note: rows of PITCH elements; only the nx x ny window's interior is updated
*/
// A 5-point Jacobi sweep over a window of a fixed-pitch grid: the window's extents nx, ny
// are runtime scalars (--symbolic nx --symbolic ny), the row pitch is a constant.
#define PITCH 40
__global__ void jacobi_window(const float *u, float *v, int nx, int ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && i < nx - 1 && j > 0 && j < ny - 1) {
    int c = j * PITCH + i;
    v[c] = 0.25f * (u[c - 1] + u[c + 1] + u[c - PITCH] + u[c + PITCH]);
  }
}
