/* cuda2hlo-test
entry: heat_run(T, Tn, nx, ny, alpha, dx, dt)
buffer: T f32 32*24 uniform 0 1
buffer: Tn f32 32*24 zeros
scalar: nx = 32
scalar: ny = 24
scalar: alpha = 1.0
scalar: dx = 1.0
scalar: dt = 0.2
check: T rtol=1e-4 atol=1e-5
check: Tn rtol=1e-4 atol=1e-5
note: 2-D heat equation, 100 steps: an interior update kernel, then a separate boundary kernel (fixed hot west wall, insulated other walls), then a swap
*/
#include <cuda_runtime.h>
#include <utility>

__global__ void heat_interior(const float *T, float *Tn, int nx, int ny, float r) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1) return;
  int i = y * nx + x;
  Tn[i] = T[i] + r * (T[i - 1] + T[i + 1] + T[i - nx] + T[i + nx] - 4.0f * T[i]);
}

// One thread per boundary cell (2 * nx + 2 * ny - 4 of them); each reads only interior
// cells of Tn, which this kernel does not write.
__global__ void heat_boundary(float *Tn, int nx, int ny) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  int nb = 2 * nx + 2 * ny - 4;
  if (k < ny) {                                 // west column, corners included: held at 1
    Tn[k * nx] = 1.0f;
  } else if (k < 2 * ny - 2) {                  // east column: insulated
    int y = k - ny + 1;
    Tn[y * nx + nx - 1] = Tn[y * nx + nx - 2];
  } else if (k < 2 * ny - 2 + (nx - 2)) {       // south row: insulated
    int x = k - (2 * ny - 2) + 1;
    Tn[x] = Tn[nx + x];
  } else if (k < nb - 2) {                      // north row: insulated
    int x = k - (2 * ny - 2 + nx - 2) + 1;
    Tn[(ny - 1) * nx + x] = Tn[(ny - 2) * nx + x];
  } else if (k == nb - 2) {                     // east corners: from the diagonal
    Tn[nx - 1] = Tn[nx + nx - 2];
  } else if (k == nb - 1) {
    Tn[(ny - 1) * nx + nx - 1] = Tn[(ny - 2) * nx + nx - 2];
  }
}

void heat_run(float *T, float *Tn, int nx, int ny, float alpha, float dx, float dt) {
  float r = alpha * dt / (dx * dx);
  dim3 block(16, 8);
  dim3 grid((nx + 15) / 16, (ny + 7) / 8);
  int nb = 2 * nx + 2 * ny - 4;
  for (int step = 0; step < 100; step++) {
    heat_interior<<<grid, block>>>(T, Tn, nx, ny, r);
    heat_boundary<<<(nb + 63) / 64, 64>>>(Tn, nx, ny);
    std::swap(T, Tn);
  }
}
