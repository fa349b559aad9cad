/* cuda2hlo-test
entry: relax(u, v, n, steps)
constant: w f32 3 uniform 0 0.4
constant: bias f32 1 uniform -0.1 0.1
buffer: u f32 500 uniform -1 1
buffer: v f32 500 zeros
scalar: n = 500
scalar: steps = 6
check: u
check: v
note: a host function whose kernels read __constant__ weights the host uploaded before
note: calling it: inputs of the entry's module named after the symbols, also inside the loop
*/
// A weighted 3-point relaxation whose weights live in constant memory.
#include <cuda_runtime.h>
#include <utility>

__constant__ float w[3];
__constant__ float bias;

__global__ void relax_step(const float *src, float *dst, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float l = i > 0 ? src[i - 1] : 0.0f, r = i < n - 1 ? src[i + 1] : 0.0f;
  dst[i] = w[0] * l + w[1] * src[i] + w[2] * r + bias;
}

__global__ void offset(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] -= bias;
}

void relax(float *u, float *v, int n, int steps) {
  int threads = 128, blocks = (n + threads - 1) / threads;
  for (int s = 0; s < steps; s++) {
    relax_step<<<blocks, threads>>>(u, v, n);
    std::swap(u, v);
  }
  offset<<<blocks, threads>>>(u, n);
}
