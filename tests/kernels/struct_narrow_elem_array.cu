/* cuda2hlo-test
launch: narrow_elems<<<1, 64>>>(out, p)
buffer: out f32 64*2 zeros
buffer: p f32 8x3 uniform 1 1000
check: out rtol=0 atol=0
note: an array field of small structs (two shorts) inside a struct of float slots, read
note: at a run-time index: each element is one 4-byte slot of the buffer (its size), not
note: the two slots its own layout of shorts would count; a __constant__ table with an
note: initialiser and a pointer parameter; exact
*/
// The struct is stored as slots of its widest scalar (float): in[j] is the slot at byte
// 4 * j, its x and y the low and high halves. Subscripts of `in` stepped by the inner
// struct's own scalar count (2), reading scale's slot for in[1].
struct Half2s {
  short x, y;
};

struct Rec {
  Half2s in[2];
  float scale;
};

__constant__ Rec table = {1, 2, {-3, 40}, 4.5f};

__global__ void narrow_elems(float *out, const Rec *p) {
  int i = threadIdx.x;
  int j = i % 2, k = (i / 2) % 2;
  out[2 * i] = (float)(table.in[j].x + table.in[k].y) * table.scale;
  out[2 * i + 1] = (float)p[i % 8].in[j].x + (float)p[i % 8].in[k].y + p[i % 8].scale;
}
