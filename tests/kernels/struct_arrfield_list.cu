/* cuda2hlo-test
launch: struct_arrfield_list<<<2, 32>>>(out, in, n)
buffer: out f32 64*16 zeros
buffer: in f32 64*2 uniform -100 100
scalar: n = 60
check: out rtol=0 atol=0
note: a brace list into a local struct whose array field code stores at a run-time index
note: (so the field is a local array, not one variable per element): every element
note: given, a shorter list (the rest 0), the braces of the array elided, a 2-D field;
note: then stores at run-time indices and reads; the same forms into array fields held
note: one variable per element (only constant indices), where main gave an elided array
note: zeros (and the values went to no field); exact
*/
// Fixed-size records (a count and a small table of coefficients) are set up with one
// aggregate initialiser and then updated in place.
struct Row {
  int n;
  float d[4];
};

struct Grid {
  float m[2][3];
  int tag;
};

struct Coef {
  int n;
  float w[3];
  float m[2][2];
};

__global__ void struct_arrfield_list(float *out, const float *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  float x = in[t * 2], y = in[t * 2 + 1];
  int j = t & 3;
  Row a = {1, {x, 2.0f, y, 4.0f}};
  Row b = {2, {y}};
  Row c = {3, x, -y, 0.5f, 7.0f};
  Grid g = {{{x, y, 1.0f}, {2.0f}}, 5};
  a.d[j] += 10.0f;
  b.d[3 - j] = x - y;
  c.d[(j + 1) & 3] *= 2.0f;
  g.m[j & 1][j % 3] -= y;
  for (int k = 0; k < 4; k++) out[t * 16 + k] = a.d[k] - b.d[k] + (float)(a.n + b.n);
  out[t * 16 + 4] = c.d[j] + (float)c.n;
  out[t * 16 + 5] = c.d[3 - j];
  out[t * 16 + 6] = g.m[1 - (j & 1)][(j + 2) % 3] + (float)g.tag;
  out[t * 16 + 7] = g.m[j & 1][j % 3];
  Coef e = {4, x, y, 1.5f, 1.0f, x, y};
  Coef f = {5, {y}, {{x}, {2.0f, y}}};
  out[t * 16 + 8] = e.w[0] - e.w[1] + e.w[2] + (float)e.n;
  out[t * 16 + 9] = e.m[0][0] + e.m[1][1];
  out[t * 16 + 10] = e.m[0][1];
  out[t * 16 + 11] = e.m[1][0];
  out[t * 16 + 12] = f.w[0] + f.w[1] + f.w[2] + (float)f.n;
  out[t * 16 + 13] = f.m[0][0] + f.m[0][1];
  out[t * 16 + 14] = f.m[1][0];
  out[t * 16 + 15] = f.m[1][1];
}
