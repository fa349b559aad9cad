/* cuda2hlo-test
launch: ref_member_param<<<3, 128>>>(x, y, z)
buffer: x f32 384 uniform -2 2
buffer: y f32 384 zeros
buffer: z f32 12 zeros
check: y rtol=1e-6 atol=1e-6
check: z rtol=1e-5 atol=1e-5
*/
// Reference members bound to storage passed to the constructor: a per-warp exchange whose
// class holds `_TempStorage &st` bound to `ts.Alias()` of an element of a __shared__ array
// of TempStorage (`ts[warp]`; _TempStorage a union of one member, the storage's words
// 8-byte doubles), and a class bound straight to a __shared__ struct (`st(s)`), copied
// (`Acc b = a;` names the same object) and passed by reference and by value to device
// functions. Every use through a member reads and writes the object it names.

template <typename T> struct Raw {
  double words[sizeof(T) / sizeof(double)];
  __device__ T &Alias() { return reinterpret_cast<T &>(*this); }
};

template <int LANES> class WarpRotate {
  union _TempStorage { float items[LANES]; };
  _TempStorage &st;
  int lane;

public:
  struct TempStorage : Raw<_TempStorage> {};
  __device__ WarpRotate(TempStorage &ts) : st(ts.Alias()), lane(threadIdx.x % LANES) {}
  __device__ float Rotate(float v, int by) {
    st.items[lane] = v;
    __syncwarp();
    float r = st.items[LANES - 1 - lane] * (float)by;
    __syncwarp();
    return r;
  }
};

struct Sums { float part[128]; };

class Acc {
  Sums &st;
  int slot;

public:
  __device__ Acc(Sums &s, int k) : st(s), slot(k) {}
  __device__ void Add(float v) { st.part[slot] += v; }
  __device__ float Get() const { return st.part[slot]; }
};

__device__ void add_twice(Acc &a, float v) { a.Add(v); a.Add(v); }
__device__ float read_copy(Acc a) { return a.Get(); }

__global__ void ref_member_param(const float *x, float *y, float *z) {
  typedef WarpRotate<32> RotateT;
  __shared__ RotateT::TempStorage ts[4];
  __shared__ Sums sums;
  int t = threadIdx.x, i = blockIdx.x * 128 + t;
  sums.part[t] = x[i] * 0.5f;
  float v = RotateT(ts[t / 32]).Rotate(x[i], 1 + t / 32);
  Acc a(sums, t);
  Acc b = a;
  add_twice(b, v);
  __syncthreads();
  y[i] = v * 2.0f + read_copy(a);
  if (t < 4) z[blockIdx.x * 4 + t] = sums.part[127 - 32 * t];
}
