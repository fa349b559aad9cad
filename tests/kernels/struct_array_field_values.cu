/* cuda2hlo-test
launch: bodies<<<2, 64>>>(p, q, out, n, j0)
launch: vec8<<<2, 32>>>(x, y)
buffer: p f32 100x8 uniform -1 1
buffer: q f32 100x8 zeros
buffer: out f32 100 zeros
buffer: x f32 1024 uniform -2 2
buffer: y f32 512 zeros
scalar: n = 100
scalar: j0 = 2
check: q rtol=1e-6 atol=1e-6
check: out rtol=1e-6 atol=1e-6
check: y
note: struct values with array fields are held element by element; vec8 copies 8-float structs between global and local memory
*/
// Struct values whose fields are arrays: `auto pi = p[i]` of a struct with float[3]
// fields, its elements read at constant and computed indices and written at constant
// ones, a brace-initialised struct with an array of structs, and whole-struct copies
// between memory objects of an aligned struct of an array (vectorised loads and stores).
struct Body { float pos[3]; float vel[3]; float mass; float pad; };
struct Pt { float x, y; };
struct Tri { Pt v[3]; int n; };

__global__ void bodies(const Body *p, Body *q, float *out, int n, int j0) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  auto pi = p[i];
  float a[3] = {0, 0, 0};
  for (int j = 1; j < 5; j++) {
    Body pj = p[(i + j) % n];
    a[0] += (pj.pos[0] - pi.pos[0]) * pj.mass;
    a[1] += (pj.pos[1] - pi.pos[1]) * pj.mass;
    a[2] += (pj.pos[2] - pi.pos[2]) * pj.mass;
  }
  pi.vel[0] += a[0];
  pi.vel[1] += a[1];
  pi.vel[2] += a[2];
  pi.pos[2] = pi.vel[(i + j0) % 3];
  Tri t = {{{1, 2}, {3, 4}, {5}}, 3};
  t.v[1].x = pi.mass;
  q[i] = pi;
  out[i] = t.v[2].y + t.v[1].x * t.v[0].y + t.n + t.v[2].x;
}

template <int V>
struct alignas(sizeof(float) * V) Vec { float d[V]; };

__global__ void vec8(const float *x, float *y) {
  using U = Vec<8>;
  U u[2];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 2; k++)
    u[k] = *reinterpret_cast<const U *>(&x[(2 * t + k) * 8]);
  U r[1];
  for (int e = 0; e < 8; e++) r[0].d[e] = 0;
  for (int k = 0; k < 2; k++)
    for (int e = 0; e < 8; e++) r[0].d[e] += u[k].d[e] * (k + 1);
  U s = r[0];
  s.d[7] = s.d[t % 8];
  *reinterpret_cast<U *>(&y[t * 8]) = s;
}
