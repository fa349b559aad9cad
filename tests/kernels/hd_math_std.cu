/* cuda2hlo-test
launch: hd_math_std<<<dim3(2, 3), dim3(16, 8)>>>(a, b, out, nx, ny)
buffer: a f64 32*24 uniform 0.1 4
buffer: b f32 32*24 uniform -2 2
buffer: out f32 32*24 zeros
scalar: nx = 30
scalar: ny = 20
check: out rtol=1e-5 atol=1e-5
*/
// A file that includes <cmath>, <math.h> and <algorithm> and calls math from
// __host__ __device__ functions both as C functions (sqrt, fmaxf, exp) and through
// std:: (std::sqrt, std::max, std::min, std::abs, std::floor): with the standard
// library's host declarations in scope, the kernel still gets the device functions.
#include <cmath>
#include <math.h>
#include <algorithm>

__host__ __device__ double lenxy(double u, double v) { return std::sqrt(u * u + v * v) + sqrt(u); }

__host__ __device__ float sat(float v) { return std::min(std::max(v, -1.5f), 1.5f); }

__host__ __device__ inline float mix(float v, double w) {
  return fmaxf(v, 0.0f) + (float)exp(-w) + std::abs(v) - std::floor(v);
}

__host__ __device__ int cell(int i, int n) { return std::max(0, std::min(i, n - 1)); }

__global__ void hd_math_std(const double *a, const float *b, float *out, int nx, int ny) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= ny) return;
  int l = j * 32 + cell(i - 1, nx), r = j * 32 + cell(i + 1, nx);
  out[j * 32 + i] = sat(b[l] - b[r]) + (float)lenxy(a[j * 32 + i], 0.5) + mix(b[j * 32 + i], a[r]);
}

// host code that uses the same functions (they are __host__ too)
float host_check(float v) { return sat(v) + mix(v, 1.0); }
