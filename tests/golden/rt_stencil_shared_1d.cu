#include <cuda_runtime.h>
/* cuda2hlo-test
launch: smooth_tile<<<8, 128>>>(u, v, n)
buffer: u f32 1000 uniform -1 1
buffer: v f32 1000 zeros
scalar: n = 1000
check: v
*/
// 3-point smoothing through a shared-memory tile with a one-element halo on each side.
#define TILE 128

__global__ void smooth_tile(const float *u, float *v, int n) {
  __shared__ float s[TILE + 2];
  int t = threadIdx.x;
  int i = blockIdx.x * TILE + t;
  s[t + 1] = i < n ? u[i] : 0.0f;
  if (t == 0) s[0] = i > 0 ? u[i - 1] : 0.0f;
  if (t == TILE - 1) s[TILE + 1] = i + 1 < n ? u[i + 1] : 0.0f;
  __syncthreads();
  if (i > 0 && i < n - 1) v[i] = 0.25f * s[t] + 0.5f * s[t + 1] + 0.25f * s[t + 2];
}
