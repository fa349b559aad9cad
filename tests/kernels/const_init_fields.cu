/* cuda2hlo-test
launch: const_fields<<<2, 64>>>(out, bits)
buffer: out f32 128*6 zeros
buffer: bits u32 128*4 zeros
check: out rtol=0 atol=0
check: bits
note: constant structs placed by field offset: mixed field types sharing one slot type,
note: alignas padding, two ints in a double slot, a nested struct with elided braces,
note: designated fields, fields the list leaves out (zero); exact bit for bit
*/
// A struct in a constant buffer is stored as slots of its widest scalar; each value of
// its initialiser belongs at its field's byte offset, in the bits of the slot there when
// the field has another type (an int in a float slot). Flattening the values in order
// converted 7 to 7.0f and let padding shift the later fields.
struct Mixed {
  float w;
  int count;
  unsigned flags;
};

struct Padded {
  float a;
  alignas(16) float b;
  int c;
};

struct Pair {
  double d;
  int lo, hi;
};

struct Inner {
  float x;
  int y;
};

struct Outer {
  Inner in;
  float v[2];
  float scale;
};

struct Opt {
  float a;
  int b;
  float c;
};

__constant__ Mixed mixed[2] = {{1.5f, 7, 0x7eadbeefu}, {-2.0f, 3}};
__constant__ Padded padded = {2.0f, 3.0f, 11};
__constant__ Pair pairs[2] = {{0.5, -1, 2}, {0.25, 40000}};
__constant__ Outer outer = {1, 2, {3}, 4.5f};
__constant__ Opt opts[2] = {{.a = 1.25f, .c = 3.5f}, {.b = 12}};

__global__ void const_fields(float *out, unsigned *bits) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = i % 2;
  float *r = out + i * 6;
  unsigned *q = bits + i * 4;
  r[0] = mixed[j].w * (float)(i % 7) + (float)mixed[j].count;
  r[1] = padded.a + padded.b * (float)(i % 3) + (float)padded.c;
  r[2] = (float)pairs[j].d + (float)(pairs[j].lo * (i % 5)) + (float)pairs[j].hi;
  r[3] = (outer.in.x + (float)outer.in.y + outer.v[i % 2]) * outer.scale;
  r[4] = opts[j].a + opts[j].c * (float)(i % 4);
  r[5] = (float)opts[j].b;
  q[0] = mixed[j].flags ^ (unsigned)i;
  q[1] = (unsigned)mixed[j].count;
  q[2] = (unsigned)pairs[j].hi;
  q[3] = (unsigned)outer.in.y;
}
