/* cuda2hlo-test
launch: struct_list_init<<<3, 64>>>(in, f, out, of, n)
buffer: in u64 600 randint 0 1000000
buffer: f f32 150x2 uniform -4 4
buffer: out u64 600 zeros
buffer: of f32 900 zeros
scalar: n = 150
check: out
check: of
note: the values are integers and exact float sums, so both checks are exact
*/
// Local arrays of structs with an initialiser list per struct: make_ulong4 calls that
// read memory, a brace list of a user struct with an int among floats, a struct
// variable, a 2-D array of structs with a list per row, elements the list leaves out
// (zero) and `= {}`. The array is then read and written by element and field, and passed
// to a device function that walks it through a pointer (HeCBench merkle's state of three
// ulong4 built from the input hashes).
struct Mix {
  float a;
  int tag;
  float b;
};

__device__ void rotate3(ulong4 *s, ulong4 *t) {
  for (int j = 0; j < 3; j++) {
    t[j].x = s[j].x + s[(j + 1) % 3].y * 3;
    t[j].y = s[j].z ^ s[(j + 2) % 3].w;
    t[j].z = s[j].w - s[j].x;
    t[j].w += s[j].y;
  }
}

__global__ void struct_list_init(const unsigned long long *in, const float2 *f, unsigned long long *out,
                                 float *of, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  ulong4 state[3] = {make_ulong4(in[4 * i], in[4 * i + 1], in[4 * i + 2], in[4 * i + 3]),
                     make_ulong4(in[4 * i + 3] + 7, (unsigned long long)i, 5, in[4 * i]),
                     make_ulong4(0, 0, 0, 8)};
  ulong4 scratch[3] = {};
  rotate3(state, scratch);
  out[4 * i + 0] = scratch[0].x + scratch[2].w;
  out[4 * i + 1] = scratch[1].y + scratch[0].w;
  out[4 * i + 2] = scratch[2].z * 2 + scratch[1].w;
  out[4 * i + 3] = scratch[0].y ^ scratch[2].x;

  float2 g = f[i];
  Mix m0 = {g.y, -i, g.x};
  Mix mix[4] = {{g.x, i, g.y}, m0, {1.5f, 3}};           // mix[2].b and mix[3] are zero
  Mix grid[2][2] = {{{g.x + 1.0f, 2, 0.25f}, {g.y, 4, g.x}}, {mix[1]}};
  mix[3].b = mix[0].a + mix[1].b;
  float acc = 0.0f;
  int tags = 0;
  for (int j = 0; j < 4; j++) {
    acc += mix[j].a - mix[j].b;
    tags += mix[j].tag * (j + 1);
  }
  for (int r = 0; r < 2; r++)
    for (int c = 0; c < 2; c++) tags += grid[r][c].tag * (2 * r + c + 5);
  of[6 * i + 0] = acc;
  of[6 * i + 1] = (float)tags;
  of[6 * i + 2] = grid[0][0].a + grid[1][0].b;
  of[6 * i + 3] = grid[0][1].b + grid[1][1].a + grid[1][1].b;
  of[6 * i + 4] = mix[2].b + mix[3].a + (float)mix[3].tag;
  of[6 * i + 5] = grid[1][0].a * 2.0f;
}
