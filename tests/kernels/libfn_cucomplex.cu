/* cuda2hlo-test
launch: cmul<<<2, 64>>>(re, im, out, n)
buffer: re f32 128 uniform -2 2
buffer: im f32 128 uniform -2 2
buffer: out f32 256 zeros
scalar: n = 120
check: out rtol=1e-5 atol=1e-6
*/
// Library functions with device definitions: cuComplex.h's `__host__ __device__`
// helpers are inlined like user code, and std::numeric_limits constants (constexpr
// calls) are folded.
#include <cuComplex.h>
#include <limits>

__global__ void cmul(const float *re, const float *im, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= 128) return;
  cuFloatComplex z = make_cuFloatComplex(re[i], im[i]);
  cuFloatComplex w = cuCmulf(z, cuConjf(cuCaddf(z, make_cuFloatComplex(0.5f, -1.0f))));
  float m = cuCabsf(w);
  out[2 * i] = i < n ? cuCrealf(w) + m : std::numeric_limits<float>::max();
  out[2 * i + 1] = i < n ? cuCimagf(cuCdivf(w, z)) : -std::numeric_limits<float>::infinity();
}
