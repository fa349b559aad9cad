/* cuda2hlo-test
launch: bitfield_local<<<2, 32>>>(out, seed)
buffer: out i32 64*4 zeros
buffer: seed i32 64 randint -100000 100000
check: out rtol=0 atol=0
note: bit-fields of a struct variable (held in variables, one per field): assignments,
note: compound assignments and a brace list whose values overflow the widths are cut to
note: them, a signed bit-field sign-extends; exact bit for bit
*/
// Packed flags in a local struct: each store keeps only the field's width.
struct Flags {
  unsigned kind : 3;
  int off : 6;
  unsigned mark : 1;
  bool on : 1;
};

__global__ void bitfield_local(int *out, const int *seed) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int s = seed[t];
  Flags f = {(unsigned)s, s / 7, 3u, true};
  Flags g;
  g.kind = s + 5;
  g.off = s;
  g.mark = t;
  g.on = (s & 1) != 0;
  g.off += 40;
  g.kind *= 3;
  out[4 * t] = f.kind * 100 + f.off;
  out[4 * t + 1] = (int)f.mark + (f.on ? 10 : 20);
  out[4 * t + 2] = g.kind * 100 + g.off;
  out[4 * t + 3] = (int)g.mark + (g.on ? 10 : 20);
}
