/* cuda2hlo-test
launch: gradient<<<dim3(4, 4), dim3(16, 8)>>>(g{nx=64, ny=32, dx=0.5}, u, gx, gy)
buffer: u f32 2048 uniform -1 1
buffer: gx f32 2048 zeros
buffer: gy f32 2048 zeros
check: gx
check: gy
note: g is passed by value; the converter gets --set g.nx=64 --set g.ny=32 --set g.dx=0.5
*/
// A struct passed by value: grid sizes and spacing come from its fields.
struct Grid {
  int nx, ny;
  float dx;
};

__global__ void gradient(Grid g, const float *u, float *gx, float *gy) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < 1 || j < 1 || i >= g.nx - 1 || j >= g.ny - 1) return;
  int k = j * g.nx + i;
  float inv = 0.5f / g.dx;
  gx[k] = (u[k + 1] - u[k - 1]) * inv;
  gy[k] = (u[k + g.nx] - u[k - g.nx]) * inv;
}
