/* cuda2hlo-test
entry: multigrid_like(u, r, n, outer, inner)
buffer: u f32 500 uniform -1 1
buffer: r f32 500 zeros
scalar: n = 500
scalar: outer = 4
scalar: inner = 3
check: u rtol=1e-5 atol=1e-6
check: r rtol=1e-5 atol=1e-6
note: nested host loops around launches (outer x inner smoothing sweeps, then a residual and a correction per outer iteration), trip counts from parameters and a constant inner-inner loop
*/
#include <cuda_runtime.h>

__global__ void smooth(float *u, int n, int parity) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  int i = 2 * k + parity;                 // red-black: one colour per launch
  if (i >= 1 && i < n - 1) u[i] = 0.5f * (u[i - 1] + u[i + 1]) * 0.9f + 0.1f * u[i];
}

__global__ void residual(const float *u, float *r, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= 1 && i < n - 1) r[i] = u[i - 1] - 2.0f * u[i] + u[i + 1];
  else if (i < n) r[i] = 0.0f;
}

__global__ void correct(float *u, const float *r, int n, float w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) u[i] += w * r[i];
}

void multigrid_like(float *u, float *r, int n, int outer, int inner) {
  int half = (n + 1) / 2;
  for (int o = 0; o < outer; o++) {
    for (int s = 0; s < inner; s++) {
      for (int parity = 0; parity < 2; parity++)
        smooth<<<(half + 127) / 128, 128>>>(u, n, parity);
    }
    residual<<<(n + 127) / 128, 128>>>(u, r, n);
    correct<<<(n + 127) / 128, 128>>>(u, r, n, 0.1f / (o + 1));
  }
}
