/* cuda2hlo-test
launch: functor_temp<<<2, 32>>>(out, in, n)
buffer: out f32 64*8 zeros
buffer: in f32 64 uniform -100 100
scalar: n = 60
check: out rtol=0 atol=0
note: function objects constructed and used at once (templated code passes operations
note: as functors: `Op()(a, b)`): an empty functor, one whose fields are value-initialised
note: (zero, or their default initialiser), one with a constructor taking an argument,
note: `T{}` of a class with private fields, a method called on a temporary, a temporary passed by value and by const
note: reference, and a class template instance named with sizeof; exact
*/
// Each functor is built where it is used, as generic device code does.
struct Add {
  __device__ float operator()(float a, float b) const { return a + b; }
};

class Hidden {
  float a;
  int b;

public:
  __device__ float operator()(float x) const { return x - a + (float)b; }
};

struct Affine {
  float scale;
  int shift;
  float bias = 1.5f;
  __device__ float operator()(float x) const { return scale * x + (float)shift + bias; }
  __device__ float twice(float x) const { return 2.0f * x + bias + scale; }
};

struct Scaled {
  float k;
  __device__ Scaled(float k_) : k(k_) {}
  __device__ float operator()(float x) const { return k * x; }
};

struct Pair {
  float lo, hi;
};

struct Clamp {
  Pair p;
  int n[2];
  __device__ float operator()(float x) const { return fminf(fmaxf(x, p.lo), p.hi) + (float)(n[0] + n[1]); }
};

template <typename T, int S>
struct MaxImpl {
  __device__ T operator()(T a, T b) const { return a > b ? a : b + (T)S; }
};

__device__ float by_value(Affine f, float x) { return f(x) + f.bias; }
__device__ float by_ref(const Add &op, float a, float b) { return op(a, op(a, b)); }

__global__ void functor_temp(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i], y = in[(i + 7) % n];
  out[8 * i] = Add()(x, y) + Hidden{}(x);
  out[8 * i + 1] = Affine()(x);
  out[8 * i + 2] = Affine().twice(y);
  out[8 * i + 3] = Scaled(-0.25f)(x);
  out[8 * i + 4] = Clamp()(x);
  out[8 * i + 5] = MaxImpl<float, sizeof(float)>()(x, y);
  out[8 * i + 6] = by_value(Affine(), y);
  out[8 * i + 7] = by_ref(Add(), x, y) + Pair().hi;
}
