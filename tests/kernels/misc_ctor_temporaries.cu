/* cuda2hlo-test
launch: ctor_temporaries<<<3, 64>>>(x, y, n)
buffer: x f32 150 uniform -2 2
buffer: y f32 150 zeros
scalar: n = 150
check: y rtol=1e-6 atol=1e-6
*/
// Structs built by constructors in device code: temporaries (`Pair(a, b).sum()`,
// `Half(v).h`, `Pair{a, b}.a`), declarations (`Pair p(a, b)`, `Pair q = Pair(a, b)`,
// `Acc acc;` with a user default constructor), a member set by its default initialiser,
// a constructor body with an early return, a member struct built by its own
// constructor, a temporary passed to and returned from device functions.

struct Pair {
  float a, b;
  float w = 0.5f;                     // default member initialiser
  __device__ Pair(float x, float y) : a(x), b(y) {
    if (x < -1.0f) { b = -b; return; }
    w += 0.25f * x;
  }
  __device__ float sum() const { return a + b + w; }
};

struct Half {
  float h;
  __device__ explicit Half(float v) : h(0.5f * v) {}
};

struct Acc {
  float s;
  int n;
  __device__ Acc() : s(0.0f), n(0) {}
  __device__ void add(float v) { s += v; n++; }
};

struct Outer {
  Pair in;
  int k;
  __device__ Outer(float v) : in(v, 2.0f * v), k(3) {}
};

__device__ float weigh(Pair p) { return p.a * p.w - p.b; }

__device__ Pair swapped(Pair p) { return Pair(p.b, p.a); }

__global__ void ctor_temporaries(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i], u = x[(i + 1) % n];
  Pair p(v, u);
  Pair q = Pair(u, 1.0f);
  Acc acc;
  for (int j = 0; j < 3; j++) acc.add(v * (float)j);
  Outer o(v);
  float r = Pair(v, 2.0f).sum() + Half(u).h + Pair{u, v}.a;
  r += p.sum() - q.sum() + acc.s * (float)acc.n + o.in.sum() + (float)o.k;
  r += weigh(Pair(u, v)) + swapped(p).a;
  y[i] = r;
}
