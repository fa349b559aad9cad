/* cuda2hlo-test
launch: set_boundary<<<dim3(3, 2), dim3(16, 16)>>>(a, nx, ny, left, right, bottom, top)
buffer: a f32 1150 uniform -1 1
scalar: nx = 46
scalar: ny = 25
scalar: left = 1.0
scalar: right = 2.0
scalar: bottom = 3.0
scalar: top = 4.0
check: a
note: only the edge cells are written; corners take the later branch of the chain
*/
// Dirichlet boundary conditions: a store guarded by i == 0 || j == 0 || ... (a union of boxes).
__global__ void set_boundary(float *a, int nx, int ny, float left, float right, float bottom, float top) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= ny) return;
  if (i == 0 || j == 0 || i == nx - 1 || j == ny - 1) {
    float v;
    if (j == ny - 1) v = top;
    else if (j == 0) v = bottom;
    else if (i == 0) v = left;
    else v = right;
    a[j * nx + i] = v;
  }
}
