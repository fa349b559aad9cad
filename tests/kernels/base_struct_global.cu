/* cuda2hlo-test
launch: base_struct_global<<<2, 128>>>(ps, out, moved, n)
launch: base_wide<<<1, 64>>>(wp, in, wout)
launch: base_values<<<1, 64>>>(in, vout)
buffer: ps f32 256x6 uniform -4 4
buffer: out f32 256 zeros
buffer: moved f32 256x6 zeros
buffer: wp f64 64x2 zeros
buffer: in f32 64 uniform -4 4
buffer: wout f64 64 zeros
buffer: vout f32 64*4 zeros
scalar: n = 250
check: out rtol=0 atol=0
check: moved rtol=0 atol=0
check: wp rtol=0 atol=0
check: wout rtol=0 atol=0
check: vout rtol=0 atol=0
note: an array of structs that derive from a base (two levels: Vec2 <- Body <- Tagged,
note: six floats each) in global memory: base fields read and written in place at their
note: offsets, a whole object copied to a local and back, a method of the base called on
note: the derived object; a base whose double is the widest scalar (8-byte slots, the
note: derived struct's two floats in one slot); derived structs by value (a base's default
note: member initialiser under a derived constructor and a default-initialised variable,
note: a copy, passed to and returned from device functions); exact bit for bit
*/
// Particle codes derive their records from a small vector type and add the per-body
// data after it; a derived struct is its bases' fields followed by its own.
struct Vec2 {
  float x, y;
  __device__ float span() const { return y - x; }
};

struct Body : Vec2 {
  float mass;
  float charge;
};

struct Tagged : Body {
  float age;
  float tag;
};

__global__ void base_struct_global(Tagged *ps, float *out, Tagged *moved, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Tagged q = ps[i];
  out[i] = q.span() + ps[i].mass - ps[i].tag + q.charge;
  q.x += q.age;
  q.y = q.y * 2.0f - q.mass;
  q.tag = q.x + ps[(i + 1) % n].y;
  moved[n - 1 - i] = q;
  ps[i].charge = ps[i].x + ps[i].age;
}

// The base holds the widest scalar: the slots are its doubles, and the derived struct's
// two floats share the second slot.
struct Wide {
  double w;
};

struct WideF : Wide {
  float a, b;
};

__global__ void base_wide(WideF *p, const float *in, double *out) {
  int i = threadIdx.x;
  p[i].w = (double)in[i] * 0.5;
  p[i].a = in[i] + 1.0f;
  p[i].b = in[63 - i];
  WideF q = p[i];
  out[i] = q.w + (double)(q.a - q.b);
}

// By value: a derived struct's variables are its base's fields and its own; the base's
// default member initialiser runs before a derived constructor's body.
struct Init {
  float w = 0.5f;
  int n;
};

struct Ctor : Init {
  float v;
  __device__ Ctor(float x) : v(x) { n = 2; }
};

struct Plain : Init {
  float u;
};

__device__ Plain make_plain(float a) {
  Plain e;
  e.n = 4;
  e.u = a * 2.0f + e.w;
  return e;
}

__device__ float total(Plain e) { return e.w + (float)e.n + e.u; }

// (quarters of small integers, so that every sum is exact in any order)
__device__ float quarter(float v) { return (float)(int)(v * 8.0f) * 0.25f; }

__global__ void base_values(const float *x, float *out) {
  int t = threadIdx.x;
  Ctor d(quarter(x[t]));
  Plain e = make_plain(quarter(x[63 - t]));
  Plain f = e;
  f.n += 1;
  f.w = quarter(x[t]) - 1.0f;
  out[4 * t] = d.w + d.v;
  out[4 * t + 1] = (float)d.n;
  out[4 * t + 2] = total(f);
  out[4 * t + 3] = total(e);
}
