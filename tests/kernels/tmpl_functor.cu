/* cuda2hlo-test
launch: transform<Square><<<3, 128>>>(x, y, n)
launch: transform<Clamp01><<<3, 128>>>(y, z, n)
buffer: x f32 300 uniform -1.5 1.5
buffer: y f32 300 zeros
buffer: z f32 300 zeros
scalar: n = 300
check: y
check: z
*/
// A kernel template over a functor type whose __device__ operator() is inlined.
struct Square {
  __device__ float operator()(float v) const { return v * v; }
};
struct Clamp01 {
  __device__ float operator()(float v) const { return v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v); }
};

template <typename Op>
__global__ void transform(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Op op;
  if (i < n) y[i] = op(x[i]);
}

template __global__ void transform<Square>(const float *, float *, int);
template __global__ void transform<Clamp01>(const float *, float *, int);
