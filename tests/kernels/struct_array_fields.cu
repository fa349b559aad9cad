/* cuda2hlo-test
launch: mat_rec<<<4, 64>>>(m, x, y, r, q, s, n)
launch: node_sum<<<4, 64>>>(nd, o, n)
buffer: m f32 200x8 uniform -1 1
buffer: x f32 400x2 uniform -1 1
buffer: y f32 400x2 zeros
buffer: r f32 200x7 uniform -1 1
buffer: q f32 200x7 zeros
buffer: s f32 200 zeros
buffer: nd i32 200x7 randint -50 50
buffer: o i32 200 zeros
scalar: n = 200
check: y
check: q
check: s
check: o
note: Mat2 is 2x2 complex numbers (8 float slots); Rec's tag (an unsigned) and pick (two ints) lie among floats: it reads the bits of a float (a view), the index it picks is those bits mod 3, and the tag written makes a float in [1, 2) whose upper mantissa bits come from the tag; Node has a bool in a 4-byte slot of its own (its 3 padding bytes random here), which node_sum never reads
*/
// Arrays of structs whose fields are arrays (a 2x2 complex matrix, a row of values
// beside a tag of another 4-byte type): each object is its scalars in order, a field's
// element [a][b] is its slot, and an int or unsigned among floats is read and written
// through a view of the slot's bits.
struct Cplx {
  float re, im;
};
struct Mat2 {
  Cplx e[2][2];
};
struct Rec {
  float scale;
  unsigned tag;
  float vals[3];
  int pick[2];
};

__global__ void mat_rec(const Mat2 *m, const Cplx *x, Cplx *y, const Rec *r, Rec *q, float *s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  for (int a = 0; a < 2; a++) {
    float re = 0.0f, im = 0.0f;
    for (int b = 0; b < 2; b++) {
      Cplx w = m[i].e[a][b];
      Cplx z = x[2 * i + b];
      re += w.re * z.re - w.im * z.im;
      im += w.re * z.im + w.im * z.re;
    }
    y[2 * i + a].re = re;
    y[2 * i + a].im = im;
  }
  unsigned t = r[i].tag;
  s[i] = r[i].scale * r[i].vals[t % 3u] + (float)(t & 7u) + r[i].vals[(unsigned)r[i].pick[1] % 3u];
  for (int j = 0; j < 3; j++) q[i].vals[j] = r[i].vals[2 - j] * m[i].e[j % 2][1].im;
  q[i].tag = ((t >> 3) & 0x7f0000u) | 0x3f800000u;   // a float in [1, 2) when read as one
  q[i].scale = -r[i].scale;
  q[i].pick[0] = r[i].pick[1] | 0x3f800000;
  q[i].pick[1] = 0x40000000;   // 2.0f
}

struct Node {
  int loc;
  int keys[4];
  bool leaf;   // a 1-byte field in a slot of its own: the kernel may not read it, the others it may
  int count;
};

__global__ void node_sum(const Node *nd, int *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int c = nd[i].count & 3, acc = nd[i].loc;
  for (int j = 0; j <= c; j++) acc += nd[i].keys[j] * (j + 1);
  o[i] = acc;
}
