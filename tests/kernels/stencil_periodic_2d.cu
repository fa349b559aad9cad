/* cuda2hlo-test
launch: torus5<<<dim3(3, 4), dim3(16, 8)>>>(u, v, nx, ny, k)
buffer: u f32 1200 uniform 0 1
buffer: v f32 1200 zeros
scalar: nx = 40
scalar: ny = 30
scalar: k = 0.2
check: v
*/
// Diffusion step on a 40 x 30 torus: periodic wrap in both directions.
__global__ void torus5(const float *u, float *v, int nx, int ny, float k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < nx && j < ny) {
    int ip = (i + 1) % nx, im = (i + nx - 1) % nx;
    int jp = (j + 1) % ny, jm = (j + ny - 1) % ny;
    float c = u[j * nx + i];
    v[j * nx + i] = c + k * (u[j * nx + ip] + u[j * nx + im] + u[jp * nx + i] + u[jm * nx + i] - 4.0f * c);
  }
}
