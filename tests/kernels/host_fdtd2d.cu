/* cuda2hlo-test
entry: fdtd_run(ez, hx, hy, nx, ny, steps, sx, sy)
buffer: ez f32 48*40 zeros
buffer: hx f32 48*40 zeros
buffer: hy f32 48*40 zeros
scalar: nx = 48
scalar: ny = 40
scalar: steps = 60
scalar: sx = 20
scalar: sy = 17
check: ez rtol=1e-4 atol=1e-5
check: hx rtol=1e-4 atol=1e-5
check: hy rtol=1e-4 atol=1e-5
note: 2-D TMz FDTD: H update, E update and a soft Gaussian source, three kernels per step in a time loop; the source reads the step number
*/
#include <cuda_runtime.h>
#include <math.h>

#define CE 0.5f   // Courant number times impedance factors, stable for 2-D (< 1/sqrt(2))
#define CH 0.5f

__global__ void update_h(const float *ez, float *hx, float *hy, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny) return;
  int i = y * nx + x;
  if (y < ny - 1) hx[i] -= CH * (ez[i + nx] - ez[i]);
  if (x < nx - 1) hy[i] += CH * (ez[i + 1] - ez[i]);
}

__global__ void update_e(float *ez, const float *hx, const float *hy, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1) return;   // PEC walls: ez = 0 there
  int i = y * nx + x;
  ez[i] += CE * ((hy[i] - hy[i - 1]) - (hx[i] - hx[i - nx]));
}

__global__ void source(float *ez, int nx, int sx, int sy, int t) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    float a = (t - 20.0f) / 6.0f;
    ez[sy * nx + sx] += expf(-a * a);
  }
}

void fdtd_run(float *ez, float *hx, float *hy, int nx, int ny, int steps, int sx, int sy) {
  dim3 block(16, 16);
  dim3 grid((nx + 15) / 16, (ny + 15) / 16);
  for (int t = 0; t < steps; t++) {
    update_h<<<grid, block>>>(ez, hx, hy, nx, ny);
    update_e<<<grid, block>>>(ez, hx, hy, nx, ny);
    source<<<1, 32>>>(ez, nx, sx, sy, t);
  }
}
