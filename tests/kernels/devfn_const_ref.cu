/* cuda2hlo-test
launch: quantize<<<4, 64>>>(x, q, y, n, scale, cap)
buffer: x f32 256 uniform -3 3
buffer: q i32 256 zeros
buffer: y f32 256 zeros
scalar: n = 256
scalar: scale = 40.0
scalar: cap = 1.5
check: q
check: y
note: const reference parameters bound to static constexpr locals, literals, arithmetic, casts and kernel parameters
*/
// Device functions that take `const T &` (a clamp written as std::clamp is) called with
// values that are not objects of the kernel: `static constexpr` bounds, literals,
// arithmetic, a cast, a kernel's scalar parameter. Each binds a value for the call.
template <class T>
__device__ T clamp_to(const T &v, const T &lo, const T &hi) {
  return (v < lo) ? lo : (hi < v) ? hi : v;
}

__device__ int to_int8(float x) {
  static constexpr float lo = -128.0f;
  static constexpr auto hi = static_cast<float>(127);
  float r = rintf(x);
  r = clamp_to(r, lo, hi);
  return static_cast<int>(r);
}

__global__ void quantize(const float *x, int *q, float *y, int n, float scale, float cap) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  q[i] = to_int8(x[i] * scale);
  float c = clamp_to(x[i], -cap, cap);
  y[i] = clamp_to(c, 0.0f, 1.0f) + clamp_to(x[i] * 2.0f, (float)-1, cap + 0.5f) + clamp_to(cap, x[i], 2.0f * cap);
}
