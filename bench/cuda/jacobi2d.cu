// One Jacobi sweep on an n x n grid (row-major), 5-point stencil; the boundary of v
// keeps its values (the halo guard).
//   cuda2hlo jacobi2d.cu --grid 256,256 --block 16,16 --size u=16777216 --size v=16777216
//            --set n=4096                        (bench/run.sh passes these)
__global__ void jacobi2d(const float *u, float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && i < n - 1 && j > 0 && j < n - 1)
    v[j * n + i] = 0.25f * (u[j * n + i - 1] + u[j * n + i + 1] + u[(j - 1) * n + i] + u[(j + 1) * n + i]);
}
