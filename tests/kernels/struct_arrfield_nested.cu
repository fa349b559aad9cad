/* cuda2hlo-test
launch: struct_arrfield_nested<<<2, 64>>>(out, in, n)
buffer: out f32 128*8 zeros
buffer: in f32 128*8 uniform -10 10
scalar: n = 100
check: out rtol=0 atol=0
note: a struct inside a struct whose anonymous member holds a two-dimensional array:
note: rows filled at run-time indices, a pointer into a row walked, a copy of the whole
note: struct changed apart from the original, and the struct passed by value to a device
note: function that transposes its own copy; exact
*/
// Small fixed-size matrices kept in structs (a 2 x 4 tile with a bias) are filled and
// read with loop indices, copied and passed around by value.
struct Tile {
  struct {
    float m[2][4];
  } rows;
  float bias;
};

struct Holder {
  int tag;
  Tile tile;
};

__device__ float mix(Holder h, int k) {
  for (int r = 0; r < 2; r++)
    for (int c = 0; c < 4; c++)
      h.tile.rows.m[r][c] = h.tile.rows.m[r][c] * (float)(c + 1) + h.tile.bias;
  return h.tile.rows.m[k % 2][(k / 2) % 4];
}

__global__ void struct_arrfield_nested(float *out, const float *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  Holder a;
  a.tag = t;
  a.tile.bias = 0.5f;
  for (int r = 0; r < 2; r++)
    for (int c = 0; c < 4; c++)
      a.tile.rows.m[r][c] = in[8 * t + 4 * r + c];
  Holder b = a;
  float *p = &b.tile.rows.m[1][0];
  for (int c = 0; c < 4; c++)
    p[c] = -p[c];
  float s = mix(a, t);
  for (int k = 0; k < 8; k++)
    out[8 * t + k] = a.tile.rows.m[k / 4][k % 4] + b.tile.rows.m[(k + t) % 2][k % 4] * 0.25f + s;
}
