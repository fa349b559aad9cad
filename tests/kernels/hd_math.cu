/* cuda2hlo-test
launch: hd_math<<<4, 64>>>(x, i, y, k, n)
buffer: x f32 250 uniform -3 3
buffer: i i32 250 randint -50 50
buffer: y f32 250 zeros
buffer: k i32 250 zeros
scalar: n = 250
check: y rtol=1e-5 atol=1e-5
check: k
*/
// __host__ __device__ functions that call CUDA Math API functions (fmaxf, fminf, sqrtf,
// expf, fabsf, min, max, abs, __expf, __saturatef, __popc): nvcc and clang accept them
// (the math functions are __host__ __device__, or the call is only an error where the
// function is emitted for the host), and a kernel calling them gets the device
// semantics. Non-inline with external linkage, inline, static, a template, a member
// function and one __host__ __device__ function calling another.

__host__ __device__ float clampf(float v, float lo, float hi) { return fminf(fmaxf(v, lo), hi); }

__host__ __device__ inline float soft(float v) { return sqrtf(fabsf(v)) + expf(-v * v); }

static __host__ __device__ int iclamp(int v, int lo, int hi) { return min(max(v, lo), hi); }

template <typename T> __host__ __device__ T absdiff(T a, T b) { return abs(a - b); }

struct Scale {
  float s;
  __host__ __device__ float apply(float v) const { return clampf(s * v, -2.0f, 2.0f); }
};

__host__ __device__ float fast(float v) { return __saturatef(0.25f * v) + __expf(0.5f * v); }

__host__ __device__ int bits(int v) { return __popc((unsigned)v) + absdiff(v, 7); }

__global__ void hd_math(const float *x, const int *i, float *y, int *k, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  Scale sc{1.5f};
  y[t] = clampf(x[t], -1.0f, 1.0f) + soft(x[t]) + sc.apply(x[t]) + fast(x[t]);
  k[t] = iclamp(i[t], -20, 20) * 3 + bits(i[t]);
}
