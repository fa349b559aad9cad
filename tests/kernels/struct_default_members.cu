/* cuda2hlo-test
launch: default_members<<<2, 64>>>(x, y, n)
buffer: x f32 128 uniform -1 1
buffer: y f32 128 zeros
scalar: n = 128
check: y rtol=1e-6 atol=1e-6
*/
// Default member initialisers (`float scale = 1.5f;` in the struct) of structs without a
// user constructor: a default-initialised local (`Cfg c;`), a nested struct, and brace
// lists that leave members out (`Cfg d{0.25f}`, `Cfg e{}`): the members left out take
// their default initialiser, not 0.
struct Inner {
  int k = 3;
  float off = -0.5f;
};

struct Cfg {
  float bias = 0.125f;
  float scale = 1.5f;
  Inner in;
  int steps;
};

__global__ void default_members(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Cfg c;
  c.steps = 2;
  Cfg d{0.25f};
  Cfg e{};
  float v = x[i];
  for (int s = 0; s < c.steps; s++) v = v * c.scale + c.bias;
  y[i] = v + (float)c.in.k * c.in.off + d.bias + d.scale + e.scale * (float)e.steps + (float)d.in.k;
}
