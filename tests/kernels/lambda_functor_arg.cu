/* cuda2hlo-test
launch: lambda_args<<<3, 64>>>(x, w, y, n, a, b)
buffer: x f32 170 uniform -2 2
buffer: w i32 170 randint -9 9
buffer: y f32 170 zeros
scalar: n = 170
scalar: a = 0.75
scalar: b = -1.5
check: y rtol=1e-6 atol=1e-6
note: lambdas and functors handed to device function templates by value, by const reference and by forwarding reference
*/
// Element-wise helpers in the style of ported libraries: a device function template takes
// the operation as a callable, by value (`Op op`), by const reference (`const Op &op`) or
// by forwarding reference (`Op &&op`, written as a lambda temporary or a named lambda, so
// Op is a closure type or a reference to one). The lambdas capture kernel parameters and
// locals by copy and by reference; a functor struct with state goes the same ways,
// including as a temporary bound to `Op &&`, and an rvalue-reference scalar parameter
// takes a temporary it may change.
template <typename Op>
__device__ float by_value(const float *p, int i, Op op) { return op(p[i]); }

template <typename Op>
__device__ float by_cref(const float *p, int i, const Op &op) { return op(p[i]) + op(1.0f); }

template <typename Op>
__device__ float by_fwd(const float *p, int i, int n, Op &&op) {
  float s = op(p[i]);
  if (i + 1 < n) s += op(p[i + 1]);
  return s;
}

struct Scale {
  float k, c;
  __device__ float operator()(float v) const { return k * v + c; }
};

__device__ float bump(float &&t, int w) {
  t += (float)w;            // a temporary bound to float&&: changing it is the callee's own
  return t * 0.5f;
}

__global__ void lambda_args(const float *x, const int *w, float *y, int n, float a, float b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float off = a * b;
  int wi = w[i];
  auto named = [=](float v) { return v * a + off; };
  auto byref = [&](float v) { return v - (float)wi * b; };
  float r = by_value(x, i, [a](float v) { return v * v * a; });
  r += by_value(x, i, named);
  r += by_cref(x, i, byref);
  r += by_cref(x, i, [=](float v) { return v + off; });
  r += by_fwd(x, i, n, [&](float v) { return v * (float)wi; });
  r += by_fwd(x, i, n, named);
  Scale sc{a, b};
  r += by_value(x, i, sc);
  r += by_fwd(x, i, n, sc);
  r += by_fwd(x, i, n, Scale{b, a});
  r += bump(x[i] * 2.0f, wi);
  y[i] = r;
}
